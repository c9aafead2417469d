// Package speckit reads GitHub spec-kit's feature folders (specs/NNN-name
// with spec.md, plan.md and tasks.md, and .specify/feature.json) and
// resumes each unfinished feature by spec-kit's own order: the first
// unticked task of the earliest phase that still has one. spec-kit keeps
// no state file and has no notion of a pause or a crash: the ticks in
// tasks.md are the only record. See docs/speckit.md.
package speckit

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// SourceName is the format's name in --source and JSON.
const SourceName = "speckit"

// The stages a feature is in, named after spec-kit's commands: JSON's
// stage and status, the same in every language (the screens translate
// them: messages/words.<lang>.json).
const (
	StageSpecify     = "specify"
	StagePlan        = "plan"
	StageImplement   = "implement"
	StageImplemented = "implemented"
)

// Loader reads spec-kit features.
type Loader struct{ Lang i18n.Lang }

// Source names the format.
func (Loader) Source() string { return SourceName }

// Discover returns one file per feature folder: its tasks.md, else its
// plan.md, else its spec.md. A project is spec-kit's when it has a
// .specify folder, or when the file's content is spec-kit's.
func (l Loader) Discover(project string) ([]string, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, err
	}
	list, _ := features(root)
	marked := isDir(filepath.Join(root, ".specify"))
	var out []string
	for _, f := range list {
		p := f.stateFile()
		if !marked && !claims(p) {
			continue
		}
		out = append(out, p)
	}
	return out, nil
}

func isDir(p string) bool {
	st, err := os.Lstat(p)
	return err == nil && st.IsDir()
}

func (f Feature) stateFile() string {
	switch {
	case f.Tasks:
		return filepath.Join(f.Dir, "tasks.md")
	case f.Plan:
		return filepath.Join(f.Dir, "plan.md")
	}
	return filepath.Join(f.Dir, "spec.md")
}

// claims reads a file's head for spec-kit's own headings.
func claims(path string) bool {
	head, _, err := fsx.ReadHead(path, 4096)
	if err != nil {
		return false
	}
	d := parseTasks(head)
	if len(d.Phases()) > 0 {
		return true
	}
	for _, h := range []string{"# Tasks", "# Feature Specification", "# Implementation Plan"} {
		if strings.HasPrefix("# "+d.Title, h) {
			return true
		}
	}
	return false
}

// Load reads one feature.
func (l Loader) Load(project, path string) (*model.Session, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	data, err := fsx.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("speckit: %w", err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("speckit: %w", err)
	}
	list, strays := features(root)
	b := builder{t: Catalogs.For(l.Lang), root: root, path: abs, data: data, mod: st.ModTime(), list: list, strays: strays}
	return b.session(), nil
}

// Apply carries out a choice. CONTINUE and REVIEW write nothing; DISCARD
// renames tasks.md to tasks.md.discarded.<stamp>; RESTART is never
// offered (Policy).
func (l Loader) Apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	t := Catalogs.For(l.Lang)
	a := model.Applied{Choice: c}
	switch c {
	case model.Continue, model.Review:
	case model.Discard:
		if filepath.Base(s.Path) != "tasks.md" {
			a.Err = errors.New(t.NothingToDiscard.F(filepath.Base(filepath.Dir(s.Path))))
			return a
		}
		dst, err := fsx.Archive(s.Path, s.Fingerprint, now)
		if err != nil {
			a.Err = err
			return a
		}
		a.Changed, a.ArchivedTo = []string{s.Path}, dst
	default:
		a.Err = errors.New(t.UnknownChoice.F(string(c)))
	}
	return a
}

var _ loaders.Loader = Loader{}
