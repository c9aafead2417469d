// Package bookforge reads bookforge's per-scene phase ledger (seed 002)
// and its pause marker, and decides for every scene and phase whether a
// resume skips it, reruns it, or is blocked until an explicit flag.
//
// A book is workspace/books/<book>/. Its ledgers are
// draft/context/phase_history/ch<NNN>_sc<NNN>.json (artifacts in the
// sibling folder ch<NNN>_sc<NNN>/, paths in the ledger relative to the
// book); draft/context/run_paused.json says why the last run paused.
// Both forms of the ledger are read: the real tool's (success-only
// entries {status, timestamp, artifacts}, keys in the order first
// written) and the seed's plan (prompt_hash, template_set,
// pre_state_hash/pre_state_path, status fail, prompt/response
// artifacts).
//
// One session per book. Its Path is the book's phase_history folder, or
// the pause marker when the book has no ledger folder yet; its
// Fingerprint covers every ledger, the marker and every file the ledgers
// name, and every write checks it first. Reset archives under
// workspace/archives/ are listed as archived sessions, never resumed.
package bookforge

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// SourceName is the format's name in the registry.
const SourceName = "bookforge"

// Flag names, as registered in cmd/pickup and read from Options.Flags.
const (
	FlagRerunFrom         = "rerun-from"
	FlagRerunAll          = "rerun-all"
	FlagForceResume       = "force-resume"
	FlagAllowPromptChange = "resume-allow-prompt-change"
	FlagReason            = "reason"
)

// ParseRerunFrom reads a --rerun-from value: a pipeline phase (any
// case), or apply or commit for apply_commit. Its error is said in lang.
func ParseRerunFrom(lang i18n.Lang, s string) (string, error) {
	for _, ph := range append(slices.Clone(Phases), "apply", "commit") {
		if strings.EqualFold(strings.TrimSpace(s), ph) {
			if ph == "apply" || ph == "commit" {
				return ApplyCommit, nil
			}
			return ph, nil
		}
	}
	return "", errors.New(Catalogs.For(lang).NotAPhase.F(strconv.Quote(s), strings.Join(Phases, ", ")))
}

// Loader is the bookforge loader.
type Loader struct {
	opts loaders.Options
}

var (
	_ loaders.Loader            = Loader{}
	_ loaders.Opener            = Loader{}
	_ loaders.NotFoundExplainer = Loader{}
)

// New returns the loader for one invocation's options (its flags, clock
// and glyph choice).
func New(o loaders.Options) Loader { return Loader{opts: o} }

// Source returns "bookforge".
func (Loader) Source() string { return SourceName }

// flags reads the resume flags from the options.
func (l Loader) flags() Flags {
	return Flags{
		RerunFrom:         strings.TrimSpace(l.opts.Flag(FlagRerunFrom)),
		RerunAll:          l.opts.Bool(FlagRerunAll),
		ForceResume:       l.opts.Bool(FlagForceResume),
		AllowPromptChange: l.opts.Bool(FlagAllowPromptChange),
		Reason:            strings.TrimSpace(l.opts.Flag(FlagReason)),
	}
}

// Discover lists the books under workspace/books/ (one folder listing)
// that have a ledger or a pause marker, then the reset archives under
// workspace/archives/<book>/reset_*/ that hold a ledger. It returns each
// book's phase_history folder, or its pause marker when it has no ledger
// folder. It never walks the tree.
func (l Loader) Discover(project string) ([]string, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("bookforge: %s: %w", l.tx().Project.F(project), err)
	}
	var found []string
	for _, dir := range subdirs(filepath.Join(root, "workspace", "books")) {
		if p := statePath(dir); p != "" {
			found = append(found, p)
		}
		if p := outlinePath(dir, l.tx()); p != "" {
			found = append(found, p)
		}
	}
	for _, bookArch := range subdirs(filepath.Join(root, "workspace", "archives")) {
		for _, reset := range subdirs(bookArch) {
			if !strings.HasPrefix(filepath.Base(reset), "reset_") {
				continue
			}
			cands := []string{reset}
			cands = append(cands, subdirs(filepath.Join(reset, "books"))...)
			for _, c := range cands {
				if p := statePath(c); p != "" {
					found = append(found, p)
				}
			}
		}
	}
	return found, nil
}

// subdirs lists dir's folders (nil when dir cannot be listed).
func subdirs(dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		if e.IsDir() {
			out = append(out, p)
		} else if e.Type()&fs.ModeSymlink != 0 {
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				out = append(out, p)
			}
		}
	}
	return out
}

// statePath is a book folder's session path: its phase_history folder
// when it holds a ledger, else its pause marker, else "".
func statePath(bookDir string) string {
	hist := filepath.Join(bookDir, filepath.FromSlash(HistoryDir))
	names, folders, err := ledgerFiles(hist)
	if err == nil && len(names)+len(folders) > 0 {
		return hist // a folder named like a ledger: Load warns about it
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return hist // cannot tell: let Load say why
	}
	marker := filepath.Join(bookDir, filepath.FromSlash(PauseFile))
	if st, err := os.Stat(marker); err == nil && !st.IsDir() {
		return marker
	}
	return ""
}

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// bookDirOf maps a session path (a phase_history folder, a ledger file,
// the pause marker, or the book folder itself) to its book folder.
func bookDirOf(path string) (string, bool) {
	path = filepath.Clean(path)
	up := func(p string, n int) string {
		for range n {
			p = filepath.Dir(p)
		}
		return p
	}
	base := filepath.Base(path)
	switch {
	case base == "phase_history":
		return up(path, 3), true
	case base == "run_paused.json":
		return up(path, 3), true
	case isOutlinePath(path):
		return up(path, 2), true
	case ledgerName.MatchString(base) && filepath.Base(filepath.Dir(path)) == "phase_history":
		return up(path, 4), true
	case base == StateFile && dirExists(filepath.Join(filepath.Dir(path), "draft", "context")):
		return filepath.Dir(path), true
	case dirExists(filepath.Join(path, "draft", "context")), dirExists(filepath.Join(path, "outline")) && fileExists(filepath.Join(path, StateFile)):
		return path, true
	}
	return "", false
}

// archivedBook reports whether a book folder lies under
// <project>/workspace/archives/.
func archivedBook(project, bookDir string) bool {
	rel, err := filepath.Rel(project, bookDir)
	if err != nil {
		return false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	return len(parts) >= 2 && parts[0] == "workspace" && parts[1] == "archives"
}

// Load reads one book.
func (l Loader) Load(project, path string) (*model.Session, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("bookforge: %s: %w", l.tx().Project.F(project), err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("bookforge: %s: %w", path, err)
	}
	dir, ok := bookDirOf(abs)
	if !ok {
		return nil, errors.New(l.tx().NotABook.F(abs))
	}
	b, err := scanBook(root, dir, archivedBook(root, dir), l.tx())
	if err != nil {
		return nil, err
	}
	if isOutlinePath(abs) && b.Outline != nil {
		return l.outlineSession(b, abs), nil
	}
	return l.session(b, abs), nil
}

// Open accepts a book folder, its state.json, its phase_history folder, a
// ledger file or a pause marker named on the command line (`pickup plan
// FILE`).
func (l Loader) Open(path string) (*model.Session, bool, error) {
	dir, ok := bookDirOf(path)
	if !ok {
		return nil, false, nil
	}
	st := statePath(dir)
	if isOutlinePath(path) || st == "" {
		if op := outlinePath(dir, l.tx()); op != "" {
			st = op
		}
	}
	if st == "" {
		return nil, false, nil
	}
	project := projectOf(dir)
	b, err := scanBook(project, dir, archivedBook(project, dir), l.tx())
	if err != nil {
		return nil, true, err
	}
	if isOutlinePath(st) && b.Outline != nil {
		return l.outlineSession(b, st), true, nil
	}
	return l.session(b, st), true, nil
}

// projectOf finds the project a book folder belongs to: the folder
// holding the workspace (…/workspace/books/<book>, or
// …/workspace/archives/<book>/reset_*/…).
func projectOf(bookDir string) string {
	for p := bookDir; ; {
		parent := filepath.Dir(p)
		if parent == p {
			break
		}
		if filepath.Base(p) == "archives" || (filepath.Base(p) == "books" && filepath.Base(filepath.Dir(parent)) != "archives" && !strings.HasPrefix(filepath.Base(parent), "reset_")) {
			return filepath.Dir(parent)
		}
		p = parent
	}
	return filepath.Dir(filepath.Dir(filepath.Dir(bookDir)))
}

// NotFound is the "nothing found" message for --source bookforge.
func (l Loader) NotFound(project string) string {
	return l.tx().NotFound.F(project, HistoryDir, PauseFile)
}

// now is the invocation's clock (the zero time when none was given).
func (l Loader) now() time.Time { return l.opts.Now }
