// Package gsd reads GSD (get-shit-done) projects, `.planning/`, and
// gsd-2 projects, `.gsd/` (docs/gsd.md): STATE.md with or without its
// frontmatter, ROADMAP.md, the phase folders' PLAN and SUMMARY files
// (flat NN-MM-PLAN.md and the nested plans/ layout, decimal phases),
// the pause files HANDOFF.json and .continue-here*.md, the interrupted
// agent's current-agent-id.txt, and gsd-2's auto.lock. The resume point
// is GSD's own rule (get-shit-done/workflows/resume-project.md):
// interrupted agent, handoff, checkpoint, incomplete plan, next phase.
// Where the ledgers disagree (a plan without SUMMARY in a phase marked
// complete, a stale agent marker, a verified phase never marked
// complete) the session carries an alert; nothing is resolved in favour
// of "done".
package gsd

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// SourceName is the format's name in the registry and JSON.
const SourceName = "gsd"

// Folders are the tool folders Discover probes under the project root.
const (
	PlanningDir = ".planning"
	GSD2Dir     = ".gsd"
)

// planningFiles are the files that make a .planning/ folder a GSD
// project, in the order the session's state file is chosen.
var planningFiles = []string{"STATE.md", "ROADMAP.md", "PROJECT.md"}

// gsd2Files are gsd-2's state files (the legacy lower-case name too),
// then its engine database.
var gsd2Files = []string{"STATE.md", "state.md", "gsd.db"}

// Loader reads GSD projects. Its zero value speaks English.
type Loader struct {
	Lang i18n.Lang
	// alive says whether a process runs (tests replace it).
	alive func(pid int) bool
}

var _ loaders.Loader = Loader{}

// New returns the loader building its sentences in lang.
func New(lang i18n.Lang) Loader { return Loader{Lang: lang} }

// Source returns "gsd".
func (Loader) Source() string { return SourceName }

func (l Loader) t() *Text { return Catalogs.For(l.Lang) }

// Discover returns each GSD session's state file under project:
// .planning/STATE.md (else ROADMAP.md, else PROJECT.md) and gsd-2's
// .gsd/STATE.md (else state.md, else gsd.db), each claimed by its
// content. It never looks outside those two folders.
func (l Loader) Discover(project string) ([]string, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("gsd: %s: %w", l.t().Project.F(project), err)
	}
	var found []string
	if p := probe(filepath.Join(root, PlanningDir), planningFiles, claimPlanning); p != "" {
		found = append(found, p)
	}
	if p := probe(filepath.Join(root, GSD2Dir), gsd2Files, claimGSD2); p != "" {
		found = append(found, p)
	}
	return found, nil
}

// probe is the first of names in dir that is there and claimed; a file
// that cannot be read is returned too, so Load says why.
func probe(dir string, names []string, claim func(name string, data []byte) bool) string {
	for _, n := range names {
		p := filepath.Join(dir, n)
		_, err := os.Stat(p)
		switch {
		case err == nil:
			if n == "gsd.db" {
				return p
			}
			data, rerr := fsx.ReadFile(p)
			if rerr != nil || claim(n, data) {
				return p
			}
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		default:
			return p
		}
	}
	return ""
}

var (
	// GSD's STATE.md: its frontmatter key, or the template's sections
	// and position lines.
	stateSig = lazyre.New(`(?m)gsd_state_version|^#{1,3}\s*(Current Position|Session Continuity)\b|^\**(Phase|Stopped at|Resume file)\**:`)
	// ROADMAP.md: a phase checkbox or heading.
	roadmapSig = lazyre.New(`(?mi)^\s*[-*]\s*\[[ x]\]\s*\**\s*Phase\s+[0-9]|^#{2,4}\s*Phase\s+[0-9]`)
	// PROJECT.md: the template's headings.
	projectSig = lazyre.New(`(?m)^##\s*(What This Is|Core Value)\b`)
	// gsd-2's derived STATE.md.
	gsd2Sig = lazyre.New(`(?m)^#\s*GSD State\b|^\*\*Active (Milestone|Slice):\*\*`)
)

func claimPlanning(name string, data []byte) bool {
	if !isText(data) || len(data) == 0 {
		return name == "STATE.md" // a damaged STATE.md of GSD's own name is ours
	}
	switch name {
	case "STATE.md":
		return stateSig.Match(data)
	case "ROADMAP.md":
		return roadmapSig.Match(data)
	}
	return projectSig.Match(data)
}

func claimGSD2(name string, data []byte) bool {
	if !isText(data) || len(data) == 0 {
		return true
	}
	return gsd2Sig.Match(data)
}

// Load reads one session found by Discover.
func (l Loader) Load(project, path string) (*model.Session, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("gsd: %s: %w", l.t().Project.F(project), err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("gsd: %s: %w", path, err)
	}
	var s *model.Session
	if filepath.Base(filepath.Dir(abs)) == GSD2Dir {
		s, err = l.loadGSD2(root, abs)
	} else {
		s, err = l.loadPlanning(root, abs)
	}
	if err != nil {
		return nil, err
	}
	l.siblings(root, s)
	return s, nil
}

// siblings warns, on an unfinished session, about the project's other
// unfinished GSD session: each is its own row in the picker, and none
// is picked silently.
func (l Loader) siblings(root string, s *model.Session) {
	if s.Standing == model.StandingDone {
		return
	}
	paths, _ := l.Discover(root)
	for _, p := range paths {
		if p == s.Path {
			continue
		}
		s.Warnings = append(s.Warnings, l.t().WarnOther.F(shownRel(root, p)))
	}
}

// rel is path relative to root, with forward slashes.
func rel(root, path string) string {
	r, err := filepath.Rel(root, path)
	if err != nil {
		return path
	}
	return filepath.ToSlash(r)
}

// newest is the later of two times.
func newest(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// corrupted is a session for a state file that cannot be read as text.
func (l Loader) corrupted(root, path string, data []byte, err error) *model.Session {
	detail := l.t().Corrupted.F(rel(root, path))
	if err != nil {
		detail = err.Error()
	}
	s := &model.Session{
		Source: SourceName, ID: loaders.SessionID(SourceName, root, path), Path: path, Project: root,
		Title: filepath.Base(root), Phases: []model.Phase{}, Warnings: []string{},
		Problem: &model.LoadError{Kind: model.ErrCorrupted, Path: path, Detail: detail},
	}
	if data != nil {
		s.Fingerprint = fsx.Fingerprint(data)
	}
	return s
}
