package crucible

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// EmptyManifest is the spec's exact error for a manifest with no valid
// entry.
const EmptyManifest = "Manifest is empty or entirely corrupted. Cannot resume."

// pipeline is everything read for one session.
type pipeline struct {
	project string
	scratch string // "" when unknown (a manifest named directly, outside a scratch dir)

	markerPath string
	marker     *Marker
	markerData []byte
	markerFP   string

	manifestPath string
	manifest     *Manifest
	// others are manifests for the same session that were not used.
	others []string

	status   *PipelineStatus
	handoffs []*Handoff
	shadow   Shadow
	cps      []Checkpoint
	cpNote   *shadowFault
	cpErr    error
	git      *projectGit
	isRepo   bool
	branch   string
	head     string
	archived bool
	warnings []string
	problem  *model.LoadError
	updated  time.Time
	// manifestMod is when the manifest last got a line: the pipeline at
	// work (model.Session.Touched).
	manifestMod time.Time
	plan        *ReplayPlan
	ev          *evidence
	dispatchD   []string // dispatch directories that exist
	// listings are the dispatch directories' entries, read once.
	listings dirCache
	// tx is the loader's language (says.go).
	tx *Text
}

// fingerprint covers the marker and the manifest: a write refuses when
// either changed since the session was loaded.
func (p *pipeline) fingerprint() string {
	mf := ""
	if p.manifest != nil {
		mf = p.manifest.Fingerprint
	}
	sum := sha256.Sum256([]byte(p.markerFP + ":" + mf))
	return hex.EncodeToString(sum[:])
}

// loadLive reads a pipeline from its .pipeline-active marker.
func (l *Loader) loadLive(project, markerPath string) (*pipeline, error) {
	p := &pipeline{project: project, markerPath: markerPath, scratch: filepath.Dir(markerPath), tx: l.t()}
	data, err := fsx.ReadFile(markerPath)
	if err != nil {
		return nil, fmt.Errorf("crucible: %w", err)
	}
	p.markerData, p.markerFP = data, fsx.Fingerprint(data)
	if st, err := os.Stat(markerPath); err == nil {
		p.updated = st.ModTime()
	}
	p.marker, err = parseMarker(data, p.t())
	if err != nil {
		p.problem = &model.LoadError{Kind: model.ErrCorrupted, Path: markerPath, Line: markerErrorLine(err), Detail: err.Error()}
		return p, nil
	}
	var found []string
	for _, c := range manifestCandidates(p.scratch, p.marker) {
		if isFile(c) {
			found = append(found, c)
		}
	}
	if len(found) == 0 {
		p.problem = &model.LoadError{Kind: model.ErrCorrupted, Path: markerPath,
			Detail: p.t().NoManifest.F(p.marker.PipelineID, strings.Join(manifestCandidates(p.scratch, p.marker), ", "))}
		p.dirsFor()
		return p, nil
	}
	p.manifestPath, p.others = found[0], found[1:]
	return p, l.finish(p)
}

// finish reads the manifest and everything around it, and computes the
// plan.
func (l *Loader) finish(p *pipeline) error {
	if l.lean {
		defer lowerGC(leanGCPercent)()
		if gcPercentSeen != nil {
			gcPercentSeen()
		}
	}
	pre := l.prefetch(p)
	defer pre.wait() // when returning early too: no read outlives the load
	// A lean load (`pickup plan --json`) never writes: the manifest's
	// fingerprint, which writes compare against, is not computed.
	m, err := readManifest(p.manifestPath, l.lean, pre.saw(), p.t())
	if pre.ahead != nil {
		pre.ahead.done() // the last names; the readers finish beside what follows
	}
	if err != nil {
		return fmt.Errorf("crucible: %w", err)
	}
	p.manifest = m
	if st, err := os.Stat(p.manifestPath); err == nil {
		p.manifestMod = st.ModTime()
		if st.ModTime().After(p.updated) {
			p.updated = st.ModTime()
		}
	}
	for _, o := range p.others {
		if st, err := os.Stat(o); err == nil && st.Size() > m.Size {
			p.warnings = append(p.warnings, p.t().LargerOther.F(o, st.Size(), m.Size))
		}
	}
	p.badLineWarnings()
	p.dirsFor()
	if m.Valid == 0 {
		p.problem = &model.LoadError{Kind: model.ErrCorrupted, Path: p.manifestPath, Message: p.t().EmptyManifest,
			Detail: p.t().NoValidEntry.N(m.Lines)}
		return nil
	}
	if p.scratch != "" {
		if data, err := readSmall(filepath.Join(p.scratch, StatusFileName)); err == nil {
			p.status = ParsePipelineStatus(data)
			if t, ok := parseTime(p.status.Get("Updated")); ok && t.After(p.updated) {
				p.updated = t
			}
		}
		p.handoffs = readHandoffs(p.scratch)
	}
	if p.archived {
		// History: no git, no checkpoints, no plan; null phases still
		// take their dispatch file headers' phase.
		(&evidence{dirs: p.dispatchD, listing: pre.listings}).headerPhases(m)
		return nil
	}
	// The project's git facts, the checkpoints and the listings were read
	// while the manifest was parsed.
	ahead := pre.hand(p)
	start, _ := p.marker.Start()
	p.ev = &evidence{tx: p.t(), dirs: p.dispatchD, git: p.git, start: start, listing: p.listings, ahead: ahead, scratch: p.scratch, m: m}
	defer p.ev.closeLines()
	p.ev.headerPhases(m) // null phases take their dispatch file header's
	p.plan = computePlan(planInput{
		manifest: m, marker: p.marker, handoffs: p.handoffs, checkpoints: p.cps, ev: p.ev,
		opts: l.planOpts, project: p.project, hasMarker: p.marker != nil && p.markerPath != "", lean: l.lean, tx: p.t(),
	})
	if r := p.plan.Resume.Restore; r != nil {
		r.Staying, err = p.shadow.Staying(r.ID, pre.work, pre.workErr)
		if err != nil {
			r.StayingErr = err.Error()
		}
	}
	return nil
}

// leanGCPercent is the collector's percent while a lean load runs
// (`pickup plan --json`): its heap is mostly what it keeps (an entry, a
// check, a name per dispatch), and the collector's default (100) lets
// the heap reach twice what was live at its last cycle before it runs
// again, which is what decides the command's peak memory. At 50 the
// heap stays within half again of it, for a few more cycles (each marks
// about 15 MB on the 200,000-line pipeline).
const leanGCPercent = 50

// gcPercentSeen, when set (tests), is called as a lean load starts.
var gcPercentSeen func()

// lowerGC sets the collector's percent to p for a while, unless it is
// lower already (or the collector is off: GOGC set by the person), and
// returns what puts it back.
func lowerGC(p int) (restore func()) {
	prev := debug.SetGCPercent(p)
	if prev <= p { // lower already, or off (-1)
		debug.SetGCPercent(prev)
		return func() {}
	}
	return func() { debug.SetGCPercent(prev) }
}

// shadowDir is the shadow repository: beside the scratch dir when the
// scratch dir is crucible's own (<home>/projects/<hash>/memory), else
// computed from --claude-home and the project.
func (p *pipeline) shadowDir() string {
	if p.scratch != "" && filepath.Base(p.scratch) == "memory" {
		proj := filepath.Dir(p.scratch)
		h := filepath.Base(proj)
		if hashName.MatchString(h) {
			return filepath.Join(proj, "checkpoints", h)
		}
	}
	return ""
}

var hashName = lazyre.New(`^[0-9a-f]{16}$`)

// dirsFor lists the dispatch directories that exist for the session: the
// manifest's own, the scratch copy, the marker's dispatch_dir and /tmp.
func (p *pipeline) dirsFor() {
	seen := map[string]bool{}
	add := func(path string) {
		if d := cleanDir(path); d != "" && !seen[d] && isDir(d) {
			seen[d] = true
			p.dispatchD = append(p.dispatchD, d)
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
}

// cleanDir is the folder holding path, cleaned.
func cleanDir(path string) string { return filepath.Clean(filepath.Dir(path)) }

// maxBadWarnings caps the per-line warnings; the rest are counted.
const maxBadWarnings = 10

func (p *pipeline) badLineWarnings() {
	m := p.manifest
	name := filepath.Base(p.manifestPath)
	for i, b := range m.Bad {
		if i == maxBadWarnings {
			var rest []string
			for _, r := range m.Bad[i:] {
				if len(rest) == 10 {
					rest = append(rest, "…")
					break
				}
				rest = append(rest, fmt.Sprint(r.Line))
			}
			p.warnings = append(p.warnings, p.t().MoreBad.N(len(m.Bad)-i, name, strings.Join(rest, ", ")))
			break
		}
		p.warnings = append(p.warnings, p.t().badLine(name, b.Line, p.t().badReason(b), m.Truncated && b.Line == m.Lines))
	}
	var unknown []string
	for s, n := range m.UnknownStatus {
		unknown = append(unknown, fmt.Sprintf("%q (%d)", s, n))
	}
	sort.Strings(unknown)
	if len(unknown) > 0 {
		p.warnings = append(p.warnings, p.t().UnknownStatus.F(name, strings.Join(unknown, ", ")))
	}
}

// discover lists the project's sessions: the live marker, then other
// pipelines kept as history (newest first, at most maxHistory): the
// scratch copies <scratch>/crucible-dispatch-<sid>/manifest.jsonl, and
// the manifests still in the dispatch folder of a pipeline whose marker
// was archived (RESTART) without a scratch copy (a crash skips the
// cleanup that makes one).
func discover(scratch string) ([]string, error) {
	var out []string
	marker := filepath.Join(scratch, MarkerName)
	live := ""
	st, err := os.Stat(marker)
	switch {
	case err == nil:
		// A marker that is not a regular file (a directory, a pipe) is
		// returned too: Load says what it is.
		out = append(out, marker)
		if st.Mode().IsRegular() {
			if data, err := fsx.ReadFile(marker); err == nil {
				if mk, err := ParseMarker(data); err == nil {
					live = DispatchPrefix + mk.PipelineID
				}
			}
		}
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
	default:
		out = append(out, marker) // cannot tell: let Load say why
	}
	ents, err := os.ReadDir(scratch)
	if err != nil {
		return out, nil
	}
	type hist struct {
		path string
		mod  time.Time
	}
	var hs []hist
	seen := map[string]bool{live: true}
	var archived []hist // archived markers
	for _, e := range ents {
		n := e.Name()
		if strings.HasPrefix(n, MarkerName+discardedInfix) && e.Type().IsRegular() {
			if info, err := e.Info(); err == nil {
				archived = append(archived, hist{filepath.Join(scratch, n), info.ModTime()})
			}
			continue
		}
		if !e.IsDir() || !strings.HasPrefix(n, DispatchPrefix) || strings.Contains(n, discardedInfix) || n == live {
			continue
		}
		mp := filepath.Join(scratch, n, ManifestName)
		if st, err := os.Stat(mp); err == nil && st.Mode().IsRegular() {
			hs = append(hs, hist{mp, st.ModTime()})
			seen[n] = true
		}
	}
	sort.Slice(archived, func(i, j int) bool { return archived[i].mod.After(archived[j].mod) })
	for i, a := range archived {
		if i == maxHistory {
			break
		}
		mp := archivedManifest(a.path, scratch, seen)
		if mp == "" {
			continue
		}
		if st, err := os.Stat(mp); err == nil {
			hs = append(hs, hist{mp, st.ModTime()})
			seen[filepath.Base(filepath.Dir(mp))] = true
		}
	}
	sort.Slice(hs, func(i, j int) bool { return hs[i].mod.After(hs[j].mod) })
	for i, h := range hs {
		if i == maxHistory {
			break
		}
		out = append(out, h.path)
	}
	return out, nil
}

// archivedManifest is the manifest an archived marker's pipeline left in
// its dispatch folder, "" when there is none or it is listed already
// (seen, by folder name). Only a folder named crucible-dispatch-<sid> is
// looked in: the temp folder's, or the marker's dispatch_dir when it is
// one.
func archivedManifest(markerPath, scratch string, seen map[string]bool) string {
	data, err := fsx.ReadFile(markerPath)
	if err != nil {
		return ""
	}
	mk, err := ParseMarker(data)
	if err != nil || seen[DispatchPrefix+mk.PipelineID] {
		return ""
	}
	for _, c := range manifestCandidates(scratch, mk) {
		d := filepath.Dir(c)
		if filepath.Base(d) != DispatchPrefix+mk.PipelineID || sameDir(filepath.Dir(d), scratch) {
			continue
		}
		if isFile(c) {
			return c
		}
	}
	return ""
}

// maxHistory caps the finished pipelines listed as history.
const maxHistory = 10
