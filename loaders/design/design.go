// Package design reads and writes the /design command's checkpoint
// sessions (seed 003): .claude/design/sessions/<feature>.session.json,
// one per feature, with stages 0-7, their checkpoints and artifacts. It
// also reads the same tool family's script-written state (atelier:
// .atelier/state.json and .atelier/sessions/<id>.json) as a second
// source; see atelier.go.
//
// No tool writes a design session: an agent follows prose instructions,
// so the reader expects drift (status words, sub-stage keys, numbers
// written as strings, trailing commas) and says what it tolerated. A
// file that cannot be read at all is not a dead end: its stages are
// rebuilt from the artifacts on disk and written only after the person
// confirms (seed 003's error recovery). Writes change only the values
// they must, byte for byte elsewhere (see json.go), and go through fsx.
package design

import (
	"container/heap"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// SourceName is the format's name in the registry.
const SourceName = "design"

// Flag names this source reads from loaders.Options.
const (
	FlagFeature = "feature" // only this feature's session
	FlagStage   = "stage"   // force the resume (or restart) stage
)

// SessionsDir is where sessions live, relative to the project.
const SessionsDir = ".claude/design/sessions"

var errNotDir = syscall.ENOTDIR

func fingerprint(data []byte) string { return fsx.Fingerprint(data) }

// Loader is the /design loader.
type Loader struct {
	plain   bool
	lang    i18n.Lang // the language of its sentences (text.go)
	feature string
	stage   *StageArg
	// stageErr is a --stage value that does not parse (the CLI checks it
	// first; a loader built by hand reports it as a warning).
	stageErr error
}

var (
	_ loaders.Loader            = (*Loader)(nil)
	_ loaders.Opener            = (*Loader)(nil)
	_ loaders.NotFoundExplainer = (*Loader)(nil)
)

// New returns the /design loader for one invocation's options.
func New(o loaders.Options) *Loader {
	l := &Loader{plain: o.Plain, feature: strings.TrimSpace(o.Flag(FlagFeature)), lang: o.Lang}
	if v := strings.TrimSpace(o.Flag(FlagStage)); v != "" {
		a, err := ParseStage(o.Lang, v)
		if err != nil {
			l.stageErr = err
		} else {
			l.stage = &a
		}
	}
	return l
}

// Source returns "design".
func (*Loader) Source() string { return SourceName }

// MaxSessions is how many session files Discover keeps: a folder of
// 100,000 of them is read as a stream, and only the MaxSessions changed
// most recently are kept (with a note saying how many were left out), so
// discovery holds its memory bound.
var MaxSessions = 1000

// Discover returns the session files under .claude/design/sessions/
// (only the --feature one when set) whose content is a /design session,
// whole or damaged (ClaimsSession): another tool's file there is left
// out. For migration it also returns the file a feature would have when
// .claude/design/ holds its artifacts but it has no session (live or
// archived). The archive folder is history and is not returned. Two
// folders are read; the tree is never walked.
//
// The sessions folder is read in chunks; when it holds more than
// MaxSessions session files, the newest MaxSessions are returned together
// with a *TooManyError saying how many were left out.
func (l *Loader) Discover(project string) ([]string, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("design: %s: %w", Catalogs.For(l.lang).Project.F(project), err)
	}
	dir := filepath.Join(root, filepath.FromSlash(SessionsDir))
	if l.feature != "" {
		if err := ValidFeature(l.lang, l.feature); err != nil {
			return nil, fmt.Errorf("design: --feature: %w", err)
		}
	}
	names, seen, err := l.sessionFiles(dir)
	var note error
	switch {
	case err != nil:
		return nil, err
	case seen > len(names):
		note = &TooManyError{Dir: dir, Found: seen, Kept: len(names), lang: l.lang}
	}
	var found []string
	have := map[string]bool{}
	for _, name := range names {
		p := filepath.Join(dir, name)
		if data, err := fsx.ReadFile(p); err == nil && !ClaimsSession(data) {
			continue // another tool's file
		}
		found = append(found, p)
		have[strings.TrimSuffix(name, ".session.json")] = true
	}
	feats, err := artifactFeatures(root)
	if err != nil {
		return found, errors.Join(note, err)
	}
	for _, f := range feats {
		if have[f] || (l.feature != "" && f != l.feature) || archived(dir, f) {
			continue
		}
		found = append(found, filepath.Join(dir, f+".session.json"))
	}
	sort.Strings(found)
	return found, note
}

// TooManyError is Discover's note that the sessions folder holds more
// session files than it keeps. The files it names were returned.
type TooManyError struct {
	Dir         string
	Found, Kept int
	lang        i18n.Lang // the language Error says it in
}

func (e *TooManyError) Error() string {
	return "design: " + Catalogs.For(e.lang).HoldsSessionFilesOnly.F(e.Dir, e.Found, e.Kept, e.Found-e.Kept)
}

// sessionFiles streams dir and returns the names of the session files
// to read (at most MaxSessions, the newest by modification time, the
// name breaking ties) and how many there were in all. A missing folder
// is no session.
func (l *Loader) sessionFiles(dir string) (names []string, seen int, err error) {
	f, err := fsx.OpenDir(dir)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, errNotDir) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("design: %s: %w", dir, err)
	}
	defer f.Close()
	keep := &newest{}
	for {
		entries, rerr := f.ReadDir(256)
		for _, e := range entries {
			name := e.Name()
			ft, ok := strings.CutSuffix(name, ".session.json")
			if !ok || ft == "" || (l.feature != "" && ft != l.feature) {
				continue
			}
			if !e.Type().IsRegular() && e.Type()&fs.ModeSymlink == 0 {
				continue
			}
			seen++
			var mod time.Time
			if info, err := e.Info(); err == nil {
				mod = info.ModTime()
			}
			keep.add(stamped{name, mod}, MaxSessions)
		}
		if errors.Is(rerr, io.EOF) || (rerr == nil && len(entries) == 0) {
			break
		}
		if rerr != nil {
			if errors.Is(rerr, errNotDir) {
				return nil, 0, nil
			}
			return nil, 0, fmt.Errorf("design: %s: %w", dir, rerr)
		}
	}
	for _, s := range *keep {
		names = append(names, s.name)
	}
	return names, seen, nil
}

// stamped is a file name with its modification time.
type stamped struct {
	name string
	mod  time.Time
}

// newest keeps the newest files seen, up to a limit: a min-heap whose
// root is the oldest kept.
type newest []stamped

func (h newest) Len() int { return len(h) }
func (h newest) Less(i, j int) bool {
	if !h[i].mod.Equal(h[j].mod) {
		return h[i].mod.Before(h[j].mod)
	}
	return h[i].name > h[j].name
}
func (h newest) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *newest) Push(x any)   { *h = append(*h, x.(stamped)) }
func (h *newest) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// add keeps s when fewer than limit are kept or s is newer than the
// oldest kept.
func (h *newest) add(s stamped, limit int) {
	if limit <= 0 {
		return
	}
	if h.Len() < limit {
		heap.Push(h, s)
		return
	}
	if (*h)[0].mod.Before(s.mod) || ((*h)[0].mod.Equal(s.mod) && (*h)[0].name > s.name) {
		(*h)[0] = s
		heap.Fix(h, 0)
	}
}

// archived reports whether the archive folder holds a session of the
// feature (a discarded or restarted one): its artifacts then belong to
// history and no migration is offered.
func archived(dir, feature string) bool {
	entries, err := os.ReadDir(filepath.Join(dir, "archive"))
	if err != nil {
		return false
	}
	for _, e := range entries {
		name := e.Name()
		if name == feature+".session.json" {
			return true // moved there by hand, without a timestamp
		}
		if m := archiveName.FindStringSubmatch(name); m != nil && m[1] == feature {
			return true
		}
	}
	return false
}

// Load reads one session file. A missing file with design artifacts is a
// migration session; a file that cannot be parsed is rebuilt from the
// artifacts (see the package comment). Unreadable files give an error.
func (l *Loader) Load(project, path string) (*model.Session, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("design: %s: %w", Catalogs.For(l.lang).Project.F(project), err)
	}
	v, err := l.view(root, path)
	if err != nil {
		return nil, err
	}
	return v.session(l.plain), nil
}

// view reads path and computes its view.
func (l *Loader) view(project, path string) (*view, error) {
	p, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("design: %s: %w", path, err)
	}
	data, err := fsx.ReadFile(p)
	fileExists := true
	if errors.Is(err, fs.ErrNotExist) {
		fileExists, data = false, nil
		if len(stageOutputs(project, featureOf(p))) == 0 {
			return nil, errors.New("design: " + Catalogs.For(l.lang).NoSessionNoArtifacts.F(p, strconv.Quote(featureOf(p))))
		}
	} else if err != nil {
		return nil, fmt.Errorf("design: %w", err)
	}
	v := analyze(project, p, data, fileExists, l.stage, Catalogs.For(l.lang))
	if l.stageErr != nil {
		v.warn(v.text().StageIgnored.F(fmt.Sprint(l.stageErr)))
	}
	return v, nil
}

// Apply carries out a choice (see docs/design.md for the mapping). The
// file and the artifacts are read again first: when the menu they give
// now differs from the one the person chose from, nothing is written.
func (l *Loader) Apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	v, err := l.view(s.Project, s.Path)
	if err != nil {
		return model.Applied{Choice: c, Err: err}
	}
	if v.exists && v.fp != s.Fingerprint {
		return model.Applied{Choice: c, Err: &fsx.ChangedError{Path: s.Path}}
	}
	if !v.exists && s.Fingerprint != "" {
		return model.Applied{Choice: c, Err: &fsx.ChangedError{Path: s.Path, Gone: true}}
	}
	if now := v.policy()[c]; !samePolicy(now, s.Policy[c]) {
		return model.Applied{Choice: c, Err: v.changedSince()}
	}
	if v.mode == modeArchived && c != model.Review {
		return model.Applied{Choice: c, Err: errors.New("design: " + v.text().ArchivedSessionHistoryPickup)}
	}
	return v.apply(c, now)
}

func samePolicy(a, b model.ChoicePolicy) bool {
	return a.Label == b.Label && a.Confirm == b.Confirm && a.Disabled == b.Disabled && a.Writes == b.Writes
}

// Open accepts a session file named on the command line (pickup plan
// FILE): a *.session.json in a .claude/design/sessions folder or its
// archive folder (shown as history), whose content is a /design session.
func (l *Loader) Open(path string) (*model.Session, bool, error) {
	p, err := filepath.Abs(path)
	if err != nil {
		return nil, false, nil
	}
	if !strings.HasSuffix(p, ".session.json") {
		return nil, false, nil
	}
	dir := filepath.Dir(p)
	if isArchivePath(p) {
		dir = filepath.Dir(dir)
	}
	if filepath.Base(dir) != "sessions" || filepath.Base(filepath.Dir(dir)) != "design" || filepath.Base(filepath.Dir(filepath.Dir(dir))) != ".claude" {
		return nil, false, nil
	}
	project := filepath.Dir(filepath.Dir(filepath.Dir(dir)))
	if data, err := fsx.ReadFile(p); err == nil && !ClaimsSession(data) {
		return nil, false, nil // another tool's file
	}
	v, err := l.view(project, p)
	if err != nil {
		return nil, true, err
	}
	return v.session(l.plain), true, nil
}

// NotFound is the design source's "nothing found".
func (l *Loader) NotFound(project string) string {
	t := Catalogs.For(l.lang)
	if l.feature != "" {
		return t.NoDesignSessionSession.F(strconv.Quote(l.feature), project, SessionsDir, l.feature)
	}
	return t.NoDesignSessionFound.F(project, SessionsDir)
}
