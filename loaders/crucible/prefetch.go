package crucible

import (
	"slices"
	"sync"
	"time"

	"github.com/pickup-dev/pickup/loaders/git"
)

// prefetch starts, beside the manifest parse (the long part of a load),
// the reads that do not depend on it: the dispatch directories'
// listings, the project's git facts and log, the shadow repository's
// checkpoints. History (an archived pipeline) reads no git, so nothing
// is started for it. hand gives the results to the pipeline.
type prefetch struct {
	wg       sync.WaitGroup
	listings dirCache
	// ahead reads implementers' dispatch file headers as the parse
	// names them (nil when nothing is read ahead); dirs are the dispatch
	// folders it reads in.
	ahead *headerAhead
	dirs  []string

	git              *projectGit
	isRepo           bool
	branch, head     string
	shadow           Shadow
	cps              []Checkpoint
	cpNote           *shadowFault
	cpErr            error
	gitDone, cpsDone bool
	// work lists the project's files as the shadow repository sees them
	// (what a restore would leave in place is taken from it).
	work    []string
	workErr error
}

func (l *Loader) prefetch(p *pipeline) *prefetch {
	f := &prefetch{listings: dirCache{}}
	if p.archived {
		return f
	}
	// The directories dirsFor will find (it runs after the parse, on the
	// same paths).
	var dirs []string
	seen := map[string]bool{}
	add := func(path string) {
		if d := cleanDir(path); d != "" && !seen[d] && isDir(d) {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	if p.manifestPath != "" {
		add(p.manifestPath)
	}
	if p.marker != nil {
		for _, c := range manifestCandidates(p.scratch, p.marker) {
			add(c)
		}
	}
	f.dirs = dirs
	if len(dirs) > 0 {
		f.ahead = newHeaderAhead(dirs)
	}
	f.wg.Add(3)
	go func() {
		defer f.wg.Done()
		for _, d := range dirs {
			f.listings.listed(d)
		}
	}()
	go func() {
		defer f.wg.Done()
		g := &projectGit{dir: p.project}
		if start, ok := p.marker.Start(); ok {
			g.since = start.Add(-24 * time.Hour)
		}
		if head, branch, ok := git.Head(p.project); ok {
			f.isRepo = true
			f.branch, f.head = branch, head
			g.Log() // verification reads it; the answer is kept in g
		}
		f.git, f.gitDone = g, true
	}()
	go func() {
		defer f.wg.Done()
		sd := p.shadowDir()
		if sd == "" {
			sd = ShadowDir(l.opts.ClaudeHome, p.project)
		}
		f.shadow = Shadow{Dir: sd, Work: p.project}
		f.cps, f.cpNote, f.cpErr = f.shadow.Checkpoints()
		if f.cpErr == nil && len(f.cps) > 0 {
			f.work, f.workErr = f.shadow.WorkFiles()
		}
		f.cpsDone = true
	}()
	return f
}

// saw is the parse's hook (see readManifest): nil when nothing is read
// ahead.
func (f *prefetch) saw() func(*Entry) {
	if f.ahead == nil {
		return nil
	}
	return f.ahead.saw
}

// wait waits for every read: the parse is over, or was given up.
func (f *prefetch) wait() {
	if f.ahead != nil {
		f.ahead.done()
		f.ahead.wg.Wait()
	}
	f.wg.Wait()
}

// hand waits for the reads and gives their results to p: to the
// evidence, the headers read ahead (ahead).
func (f *prefetch) hand(p *pipeline) (ahead []aheadRead) {
	f.wg.Wait()
	if f.ahead != nil {
		ahead = f.ahead.results()
		// Read by their index in the folders searched: the same as p's
		// (dirsFor lists the same folders), else not used.
		if !slices.Equal(f.dirs, p.dispatchD) {
			ahead = nil
		}
	}
	p.listings = f.listings
	if f.gitDone {
		p.git, p.isRepo, p.branch, p.head = f.git, f.isRepo, f.branch, f.head
	}
	if f.cpsDone {
		p.shadow, p.cps, p.cpNote, p.cpErr = f.shadow, f.cps, f.cpNote, f.cpErr
	}
	return ahead
}
