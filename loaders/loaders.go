// Package loaders defines the contract every state format implements and
// the registry that finds sessions across formats. Each format lives in
// its own sub-package; git access lives in loaders/git and the one write
// path every loader uses in loaders/fsx.
package loaders

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
)

// Loader reads and writes one source's state files.
type Loader interface {
	// Source is the format's name: aios, kiln, crucible, bookforge, design.
	Source() string
	// Discover probes this format's known locations under the absolute
	// project root and returns the state files that exist. It never walks
	// the project tree. It may return files together with an error about
	// the rest (a folder it could not read, a cap on how many it keeps):
	// the files are loaded and the error is reported.
	Discover(project string) ([]string, error)
	// Load reads one state file found by Discover. A file that exists but
	// cannot be resumed as is comes back as a Session with Problem set and
	// a nil error; the error is for files that cannot be read at all.
	Load(project, path string) (*model.Session, error)
	// Apply carries out a choice's write (model.Apply) and reports it as
	// the event the core expects. now stamps what the write records.
	Apply(s *model.Session, c model.Choice, now time.Time) model.Applied
}

// Options are the settings of one invocation that loaders may use; each
// loader reads only the fields that concern it. Flags fill them.
type Options struct {
	// ClaudeHome is where Claude Code keeps per-project memory
	// ($CLAUDE_HOME, default $HOME/.claude; --claude-home overrides).
	ClaudeHome string
	// Now is the invocation's clock reading, for loaders whose facts
	// depend on time (a quota pause's retry time). The core gets time
	// separately, through model.Loaded.
	Now time.Time
	// Plain asks for text without emoji (NO_COLOR set, TERM=dumb, or no
	// terminal): loaders that build display text use ASCII glyphs then.
	Plain bool
	// Flags holds source-specific flag values by flag name (for example
	// "from-phase" -> "3"). Sources register their flags in cmd/pickup.
	Flags map[string]string
	// Lists holds repeatable source-specific flags (for example "mutate").
	Lists map[string][]string
	// Lang is the language of the run (--lang, PICKUP_LANG, the locale):
	// loaders with a catalog of their own build their sentences in it.
	Lang i18n.Lang
}

// Flag returns a source-specific flag's value, or "".
func (o Options) Flag(name string) string { return o.Flags[name] }

// Bool reports whether a source-specific boolean flag is set to true.
func (o Options) Bool(name string) bool { return o.Flags[name] == "true" }

// Factory builds a loader for one invocation.
type Factory func(Options) Loader

// Opener is implemented by loaders that accept a state file or folder
// named directly (`pickup plan PATH`). ok is false when path is not theirs.
type Opener interface {
	Open(path string) (s *model.Session, ok bool, err error)
}

// NotFoundExplainer is implemented by loaders with their own wording for
// "nothing found" (a spec's exact message), used when the person asked
// for that source with --source.
type NotFoundExplainer interface {
	NotFound(project string) string
}

// NotFoundHinter is implemented by loaders that can tell, when nothing
// was found, that a part of their state is there without the file that
// makes it a session (kiln's phase files without their MEMORY.md): Hint
// says what exists and where the rest was looked for, "" when there is
// nothing to say. The CLI adds it to its "no saved session" message.
type NotFoundHinter interface {
	NotFoundHint(project string) string
}

// Registry is an ordered set of loaders.
type Registry []Loader

// ErrUnknownSource is returned for a --source that no loader serves.
var ErrUnknownSource = errors.New("unknown source")

// Sources names the registered formats.
func (r Registry) Sources() []string {
	out := make([]string, len(r))
	for i, l := range r {
		out[i] = l.Source()
	}
	return out
}

// For returns the loader of a source.
func (r Registry) For(source string) (Loader, bool) {
	for _, l := range r {
		if l.Source() == source {
			return l, true
		}
	}
	return nil, false
}

// Find discovers and loads every session under project, newest first.
// source, when not empty, narrows the search to one format. Files that
// cannot be read are returned as errors beside the sessions that could.
func (r Registry) Find(project, source string) ([]*model.Session, []error) {
	return r.FindWith(project, source, nil)
}

// Progress is told, before each state file is loaded, how many files
// were found in all (total), how many are already loaded (done) and which
// file is next.
type Progress func(done, total int, path string)

// FindWith is Find that reports its progress: every loader probes its
// known places first, then each file found is loaded in turn.
func (r Registry) FindWith(project, source string, progress Progress) ([]*model.Session, []error) {
	type found struct {
		l    Loader
		path string
	}
	var todo []found
	var errs []error
	matched := false
	for _, l := range r {
		if source != "" && l.Source() != source {
			continue
		}
		matched = true
		paths, err := l.Discover(project)
		if err != nil {
			errs = append(errs, err) // what was found beside it is still loaded
		}
		for _, p := range paths {
			todo = append(todo, found{l, p})
		}
	}
	if !matched {
		errs = append(errs, fmt.Errorf("%w %q (known: %v)", ErrUnknownSource, source, r.Sources()))
	}
	var sessions []*model.Session
	for i, f := range todo {
		if progress != nil {
			progress(i, len(todo), f.path)
		}
		s, err := f.l.Load(project, f.path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		sessions = append(sessions, s)
	}
	sort.SliceStable(sessions, func(i, j int) bool {
		return sessions[i].LastUpdated.After(sessions[j].LastUpdated)
	})
	return sessions, errs
}

// SessionID is a session's stable id: 12 hex digits of sha256 over the
// source and the state file's path relative to the project, so ids can be
// abbreviated like git hashes and survive moving the project.
func SessionID(source, project, path string) string {
	rel, err := filepath.Rel(project, path)
	if err != nil {
		rel = path
	}
	sum := sha256.Sum256([]byte(source + ":" + filepath.ToSlash(rel)))
	return hex.EncodeToString(sum[:])[:12]
}
