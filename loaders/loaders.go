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

	"github.com/pickup-dev/pickup/model"
)

// Loader reads and writes one source's state files.
type Loader interface {
	// Source is the format's name: aios, kiln, crucible, bookforge, design.
	Source() string
	// Discover probes this format's known locations under the absolute
	// project root and returns the state files that exist. It never walks
	// the project tree.
	Discover(project string) ([]string, error)
	// Load reads one state file found by Discover. A file that exists but
	// cannot be resumed as is comes back as a Session with Problem set and
	// a nil error; the error is for files that cannot be read at all.
	Load(project, path string) (*model.Session, error)
	// Apply carries out a choice's write (model.Apply) and reports it as
	// the event the core expects. now stamps what the write records.
	Apply(s *model.Session, c model.Choice, now time.Time) model.Applied
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
	var sessions []*model.Session
	var errs []error
	matched := false
	for _, l := range r {
		if source != "" && l.Source() != source {
			continue
		}
		matched = true
		paths, err := l.Discover(project)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, p := range paths {
			s, err := l.Load(project, p)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			sessions = append(sessions, s)
		}
	}
	if !matched {
		errs = append(errs, fmt.Errorf("%w %q (known: %v)", ErrUnknownSource, source, r.Sources()))
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
