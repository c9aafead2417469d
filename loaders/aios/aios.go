// Package aios reads and writes AIOS "Bob" session state
// (.session-state.yaml, seed 001), in both of its layouts:
//
//   - the core layout (version '1.2'), written by aios-core's
//     session-state.js: epic.total_stories, progress.stories_done /
//     stories_pending, workflow.{current_phase, attempt_count,
//     phase_results, started_at}, last_action, context_snapshot,
//     resume_instructions, overrides;
//   - the seed layout (seed 001 and its template): epic.stories_total /
//     stories_completed, progress.completed, workflow.completed_phases /
//     current_executor / phase_attempts / pr_url, created_at, session_id,
//     metrics, crash_recovery, locks.
//
// Both put everything under the root key session_state. Values are read
// from the yaml.Node tree, never through float-typed Go values, so a story
// id written unquoted as 12.3 is shown, and written back, as 12.3.
//
// Required fields. A file is session_corrupted (only DISCARD is offered)
// when it is not valid YAML (a duplicate mapping key included: js-yaml,
// which aios-core loads it with, refuses those too), is empty, or has no
// session_state mapping at its root. Everything under session_state is
// optional: a missing, mistyped or unreadable value falls back to a
// default ("Unknown Epic", "Unknown", 0 stories, no phase) with a warning
// where it matters. A last_updated that cannot be read leaves the time
// unknown (no crash can be detected), never a corrupted session.
//
// Besides a story's six-phase development cycle, current_phase can name
// a phase of aios-core's greenfield workflow (greenfield.go), which is
// shown as that workflow's own four phases.
package aios

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// SourceName is the format's name in the registry.
const SourceName = "aios"

// Locations are the state files Discover probes, relative to the project
// root, in probe order: aios-core's running code, seed 001, and the
// post-rebrand directory.
var Locations = []string{
	"docs/stories/.session-state.yaml",
	".aios/.session-state.yaml",
	".aiox/.session-state.yaml",
}

// Phases are Bob's development-cycle phases, in order.
var Phases = []string{"validation", "development", "self_healing", "quality_gate", "push", "checkpoint"}

// ActionTypes are the last_action.type values aios-core records.
var ActionTypes = []string{
	"GO", "PAUSE", "REVIEW", "ABORT", "PHASE_CHANGE", "EPIC_STARTED",
	"STORY_STARTED", "STORY_COMPLETED", "CHECKPOINT_REACHED", "ERROR_OCCURRED",
}

// CleanStops are the action types that end a run on purpose: a long
// silence after one of them is not a crash.
var CleanStops = []string{"PAUSE", "STORY_COMPLETED", "ABORT"}

// Loader is the AIOS loader. Its zero value is ready to use and speaks
// English.
type Loader struct {
	// lang is the language of the sentences it builds (text.go).
	lang i18n.Lang
}

var _ loaders.Loader = Loader{}

// New returns the AIOS loader.
func New() Loader { return Loader{} }

// NewIn returns the AIOS loader building its sentences in lang.
func NewIn(lang i18n.Lang) Loader { return Loader{lang: lang} }

// Source returns "aios".
func (Loader) Source() string { return SourceName }

// Discover returns those of Locations under project that hold an AIOS
// session state, in probe order; it never walks the tree. A file is
// recognised by its content, never by its path alone (see Claims): another
// tool's file at the same path is left out. A location that cannot be
// read (permission denied, a directory, a pipe, over the size cap) is
// returned too, so that Load reports the problem instead of hiding the
// session.
func (l Loader) Discover(project string) ([]string, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("aios: %s: %w", Catalogs.For(l.lang).Project.F(project), err)
	}
	var found []string
	for _, rel := range Locations {
		p := filepath.Join(root, filepath.FromSlash(rel))
		_, err := os.Stat(p)
		switch {
		case err == nil:
			// Something that is not a regular file (a directory, a pipe)
			// where the state file belongs is returned too: Load says
			// what it is, rather than pickup reporting no session.
			if data, rerr := fsx.ReadFile(p); rerr == nil && !Claims(data) {
				continue // another tool's file
			}
			found = append(found, p)
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			// absent, or a parent is a file: nothing there
		default:
			found = append(found, p) // cannot tell: let Load say why
		}
	}
	return found, nil
}

// Load reads one state file. Unreadable files (permission, a directory,
// over fsx.MaxStateFile) give an error naming the path; a file that was
// read but cannot be resumed as is gives a Session with Problem set.
func (l Loader) Load(project, path string) (*model.Session, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("aios: %s: %w", Catalogs.For(l.lang).Project.F(project), err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("aios: %s: %w", path, err)
	}
	data, err := fsx.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("aios: %w", err)
	}
	var doc yaml.Node
	uerr := yaml.Unmarshal(data, &doc)
	s := parseSessionDoc(Catalogs.For(l.lang), root, abs, data, &doc, uerr)
	if s.Problem == nil || s.Problem.Kind != model.ErrCorrupted {
		s.Artifacts = storyArtifacts(root, &doc, uerr)
	}
	return s, nil
}

// Apply carries out a choice's write. CONTINUE and REVIEW write nothing.
// RESTART resets the workflow in place (see RestartState) and DISCARD
// renames the file to "<name>.discarded.<unix-ms>"; both first check
// that the file still holds the bytes it was loaded from and refuse with
// an fsx.ErrChanged error otherwise.
func (l Loader) Apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	a := model.Applied{Choice: c}
	t := Catalogs.For(l.lang)
	switch c {
	case model.Continue, model.Review:
		return a
	case model.Restart:
		a.Err = restart(t, s, now)
		if a.Err == nil {
			a.Changed = []string{s.Path}
		}
	case model.Discard:
		if s.Path == "" {
			a.Err = errors.New(t.NoStateToArchive)
			return a
		}
		dst, err := fsx.Archive(s.Path, s.Fingerprint, now)
		if err != nil {
			a.Err = err
			return a
		}
		a.Changed, a.ArchivedTo = []string{s.Path}, dst
	default:
		a.Err = errors.New(t.UnknownChoice.F(strconv.Quote(string(c))))
	}
	return a
}

// restart rewrites s.Path with the workflow reset, provided the file
// still holds the loaded bytes.
func restart(t *Text, s *model.Session, now time.Time) error {
	if s.Problem != nil && s.Problem.Kind == model.ErrCorrupted {
		return errors.New(t.CorruptedRestart.F(s.Path))
	}
	data, err := fsx.ReadFile(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return &fsx.ChangedError{Path: s.Path, Gone: true}
	}
	if err != nil {
		return err
	}
	if fsx.Fingerprint(data) != s.Fingerprint {
		return &fsx.ChangedError{Path: s.Path}
	}
	out, _, err := restartState(t, data, now)
	if err != nil {
		return fmt.Errorf("%s: %w", s.Path, err)
	}
	return fsx.ReplaceIfUnchanged(s.Path, s.Fingerprint, out)
}
