// Package crucible reads crucible's interrupted pipelines (seed 004,
// crucible's /replay): the .pipeline-active marker in the project's
// scratch directory, the dispatch manifest (manifest.jsonl, one JSON
// object per line, the last line per seq authoritative), pipeline-status.md,
// the phase handoff manifests and the shadow checkpoint repository.
//
// The resume point is the first incomplete phase's boundary, checked
// against the evidence each completed dispatch should have left (commits,
// output files) and moved back when a check fails or its checkpoint is
// missing. One function (computePlan) computes the replay plan that
// `pickup plan` prints and that CONTINUE carries out: the checkpoint
// restore (after the branch guard and a confirmation, with a
// pre-restore-safety checkpoint first) and the compression-state hand-off.
//
// See docs/crucible.md for the mapping and the decisions made.
package crucible

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// SourceName is the format's name in the registry.
const SourceName = "crucible"

// Loader is the crucible loader for one invocation.
type Loader struct {
	opts     loaders.Options
	planOpts PlanOptions
	// optWarnings are problems with the flags, shown on every session.
	optWarnings []string
	// lean: sessions serve `pickup plan --json` alone (PlanJSONOnly).
	lean bool

	mu sync.Mutex
	// loaded remembers, per session, what a later write compares against.
	loaded map[*model.Session]loadedInfo
}

// loadedInfo is what a session was loaded from, beyond its fingerprint.
type loadedInfo struct {
	head     string // the project's HEAD: a restore refuses when it moved
	markerFP string
	// discardDirs are the folders DISCARD's question named (non-nil,
	// maybe empty): no other folder is moved.
	discardDirs []string
}

var (
	_ loaders.Loader            = (*Loader)(nil)
	_ loaders.Opener            = (*Loader)(nil)
	_ loaders.NotFoundExplainer = (*Loader)(nil)
)

// Flag names the loader reads from loaders.Options.
const (
	FlagFromPhase = "from-phase"
	FlagFromSeq   = "from-seq"
	FlagMutate    = "mutate"
	FlagNoRestore = "no-restore"
)

// New returns a loader for the invocation's options.
func New(o loaders.Options) *Loader {
	l := &Loader{opts: o, loaded: map[*model.Session]loadedInfo{}}
	l.planOpts.FromPhase = strings.TrimSpace(o.Flag(FlagFromPhase))
	if s := strings.TrimSpace(o.Flag(FlagFromSeq)); s != "" && s != "0" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			l.optWarnings = append(l.optWarnings, l.t().FromSeqBad.F(strconv.Quote(s)))
		} else {
			l.planOpts.FromSeq = n
		}
	}
	for _, s := range o.Lists[FlagMutate] {
		m, err := ParseMutationIn(s, o.Lang)
		if err != nil {
			l.optWarnings = append(l.optWarnings, l.t().Ignored.F(err.Error()))
			continue
		}
		l.planOpts.Mutations = append(l.planOpts.Mutations, m)
	}
	l.planOpts.NoRestore = o.Bool(FlagNoRestore)
	return l
}

// PlanJSONOnly makes the loader's sessions serve `pickup plan --json`
// alone, keeping much less in memory for a large pipeline: the plan
// keeps no rows (ReplayPlan.WriteJSON makes them as it writes them:
// Skip and ReExecute stay nil, SkipCount and ReExecuteCount count them),
// and the dashboard sections, the CONTINUE prompt and its context are
// not made (Sections, Prompt and Context stay empty). The plan's text
// and the artifact list are still made when asked for.
func (l *Loader) PlanJSONOnly() { l.lean = true }

// Source returns "crucible".
func (*Loader) Source() string { return SourceName }

// Discover probes the project's scratch directory,
// <claude-home>/projects/<sha256(project)[:16]>/memory: its
// .pipeline-active marker (a live, interrupted pipeline) and the scratch
// copies of finished pipelines (history). It never walks the project.
func (l *Loader) Discover(project string) ([]string, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("crucible: project %s: %w", project, err)
	}
	if l.opts.ClaudeHome == "" {
		return nil, nil
	}
	return discover(ScratchDir(l.opts.ClaudeHome, root))
}

// Load reads a session found by Discover: a marker path gives the live
// pipeline, a manifest path a finished one kept as history.
func (l *Loader) Load(project, path string) (*model.Session, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("crucible: project %s: %w", project, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("crucible: %s: %w", path, err)
	}
	p, err := l.read(root, abs)
	if err != nil {
		return nil, err
	}
	return l.session(p), nil
}

// read loads the pipeline behind a marker or a manifest path.
func (l *Loader) read(project, path string) (*pipeline, error) {
	if filepath.Base(path) == MarkerName {
		return l.loadLive(project, path)
	}
	scratch := scratchOf(path)
	sid := sessionFromDir(filepath.Dir(path))
	// A scratch copy is history unless the marker beside it names it; so
	// is a manifest left in a dispatch folder elsewhere (the temp folder,
	// after a RESTART) unless the project's marker names it.
	archived := scratch != "" && markerSession(scratch) != sid
	if scratch == "" && sid != "" && l.opts.ClaudeHome != "" {
		archived = markerSession(ScratchDir(l.opts.ClaudeHome, project)) != sid
	}
	return l.loadManifestAs(project, path, scratch, archived)
}

// scratchOf is the scratch directory holding a manifest's dispatch
// directory (<scratch>/crucible-dispatch-<sid>/manifest.jsonl), or "".
func scratchOf(manifest string) string {
	dir := filepath.Dir(manifest)
	if strings.HasPrefix(filepath.Base(dir), DispatchPrefix) && filepath.Base(filepath.Dir(dir)) == "memory" {
		return filepath.Dir(dir)
	}
	return ""
}

// markerSession is the pipeline_id of the marker in scratch, or "".
func markerSession(scratch string) string {
	data, err := fsx.ReadFile(filepath.Join(scratch, MarkerName))
	if err != nil {
		return ""
	}
	mk, err := ParseMarker(data)
	if err != nil {
		return ""
	}
	return mk.PipelineID
}

func (l *Loader) loadManifestAs(project, path, scratch string, archived bool) (*pipeline, error) {
	p := &pipeline{project: project, manifestPath: path, scratch: scratch, archived: archived, tx: l.t()}
	if !archived && scratch != "" {
		mp := filepath.Join(scratch, MarkerName)
		if data, err := fsx.ReadFile(mp); err == nil {
			if mk, err := ParseMarker(data); err == nil && mk.PipelineID == sessionFromDir(filepath.Dir(path)) {
				p.markerPath, p.marker, p.markerData = mp, mk, data
				p.markerFP = fsx.Fingerprint(data)
			}
		}
	}
	return p, l.finish(p)
}

// NotFound is the "nothing found" message when --source crucible was asked.
func (l *Loader) NotFound(project string) string {
	root, _ := filepath.Abs(project)
	return l.t().NotFound.F(root, MarkerName, ScratchDir(l.opts.ClaudeHome, root))
}

// Open accepts what `pickup plan PATH` names, by the spec's path rules:
// a manifest.jsonl (or any .jsonl) is used directly; a directory is
// searched for manifest.jsonl, then <dir>/dispatch-*/manifest.jsonl (and
// crucible-dispatch-*), then a .pipeline-active marker to follow; a
// .pipeline-active file is followed to its dispatch directory. The project
// is the working directory (commits and checkpoints are looked up there);
// a warning says when the path's scratch hash names another project.
func (l *Loader) Open(path string) (*model.Session, bool, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, false, nil
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, false, nil
	}
	target := ""
	var notes []string
	switch {
	case !st.IsDir() && filepath.Base(abs) == MarkerName:
		target = abs
	case !st.IsDir() && strings.HasSuffix(abs, ".jsonl"):
		target = abs
	case st.IsDir():
		target, notes = resolveDir(abs, l.t())
	}
	if target == "" {
		return nil, false, nil
	}
	project, err := os.Getwd()
	if err != nil {
		return nil, true, fmt.Errorf("crucible: working directory: %w", err)
	}
	var p *pipeline
	if filepath.Base(target) == MarkerName {
		p, err = l.loadLive(project, target)
	} else {
		p, err = l.loadManifestAs(project, target, scratchOf(target), false)
	}
	if err != nil {
		return nil, true, err
	}
	p.warnings = append(notes, p.warnings...)
	if h := scratchHash(p.scratch); h != "" && h != ProjectHash(project) {
		p.warnings = append(p.warnings, l.t().OtherProject.F(project, h))
	}
	return l.session(p), true, nil
}

// resolveDir applies the spec's directory rules.
func resolveDir(dir string, t *Text) (string, []string) {
	if p := filepath.Join(dir, ManifestName); isFile(p) {
		return p, nil
	}
	var found []string
	for _, pat := range []string{"dispatch-*", DispatchPrefix + "*"} {
		ms, _ := filepath.Glob(filepath.Join(dir, pat, ManifestName))
		for _, m := range ms {
			if !strings.Contains(m, discardedInfix) {
				found = append(found, m)
			}
		}
	}
	if len(found) > 0 {
		sort.Slice(found, func(i, j int) bool { return modTime(found[i]).After(modTime(found[j])) })
		var notes []string
		if len(found) > 1 {
			notes = append(notes, t.ManyDispatch.F(len(found), dir, found[0]))
		}
		return found[0], notes
	}
	if p := filepath.Join(dir, MarkerName); isFile(p) {
		return p, nil
	}
	return "", nil
}

func scratchHash(scratch string) string {
	if scratch == "" || filepath.Base(scratch) != "memory" {
		return ""
	}
	h := filepath.Base(filepath.Dir(scratch))
	if hashName.MatchString(h) {
		return h
	}
	return ""
}

func modTime(p string) (t time.Time) {
	if st, err := os.Stat(p); err == nil {
		t = st.ModTime()
	}
	return t
}
