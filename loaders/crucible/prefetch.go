package crucible

import (
	"sync"
	"time"
)

// prefetch starts, beside the manifest parse (the long part of a load),
// the reads that do not depend on it: the dispatch directories'
// listings, the project's git facts and log, the shadow repository's
// checkpoints. History (an archived pipeline) reads no git, so nothing
// is started for it. hand gives the results to the pipeline.
type prefetch struct {
	wg       sync.WaitGroup
	listings dirCache

	git              *projectGit
	isRepo           bool
	branch, head     string
	shadow           Shadow
	cps              []Checkpoint
	cpNote           string
	cpErr            error
	gitDone, cpsDone bool
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
		if _, err := g.run("rev-parse", "--git-dir"); err == nil {
			f.isRepo = true
			f.branch, f.head = g.Branch(), g.Head()
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
		f.cpsDone = true
	}()
	return f
}

// hand waits for the reads and gives their results to p.
func (f *prefetch) hand(p *pipeline) {
	f.wg.Wait()
	p.listings = f.listings
	if f.gitDone {
		p.git, p.isRepo, p.branch, p.head = f.git, f.isRepo, f.branch, f.head
	}
	if f.cpsDone {
		p.shadow, p.cps, p.cpNote, p.cpErr = f.shadow, f.cps, f.cpNote, f.cpErr
	}
}
