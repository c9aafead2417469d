package bookforge

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// HistoryDir is the ledger folder, relative to the book.
const HistoryDir = "draft/context/phase_history"

// book is everything read from one book folder: the facts Decide works
// on, and what the writes check against.
type book struct {
	ID         string // the folder name, bookforge's --book
	Title      string // book.json's title, when it has one
	Dir        string // absolute
	Project    string
	Workspace  string // absolute; bookforge's --workspace
	History    string // absolute phase_history folder
	HasHistory bool
	PauseFile  string // absolute
	HasPause   bool
	PauseData  []byte
	// StateFile is state.json (absolute); State what it says (nil when
	// it is absent or unreadable).
	StateFile string
	HasState  bool
	State     *State
	Archived  bool
	Ledgers   []*Ledger
	Pause     *Pause
	Files     map[string]FileFact
	SetHash   map[string]string
	// Reports are the recorded lint reports, by recorded path.
	Reports  map[string]Report
	Warnings []string
	// CutShort is a RESTART or DISCARD a kill stopped half way.
	CutShort *cutShort
	// Outline is the book's outline folder: outline.json's scene counts
	// and the outline pipeline (nil for a reset archive).
	Outline *outlineState
	// Newest is the most recent entry timestamp recorded, else the newest
	// file time (the session adds a live marker's created_at).
	Newest    time.Time
	HasNewest bool
	// Latest names the most recent entry: "ch001_sc003 write".
	Latest      string
	Fingerprint string
	// tx is the words of the warnings and of what Decide says.
	tx *Text
}

// rel is p relative to the book, with forward slashes.
func (b *book) rel(p string) string {
	r, err := filepath.Rel(b.Dir, p)
	if err != nil || strings.HasPrefix(r, "..") {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// relProject is p relative to the project.
func (b *book) relProject(p string) string {
	r, err := filepath.Rel(b.Project, p)
	if err != nil {
		return filepath.ToSlash(p)
	}
	return filepath.ToSlash(r)
}

// ledgerFiles lists a phase_history folder's ledger files (one folder
// listing, never a walk), in chapter/scene order. folders are entries
// named like a ledger that are folders: not read, but worth a warning.
func ledgerFiles(dir string) (names, folders []string, err error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	type lf struct {
		name   string
		ch, sc int
	}
	var out []lf
	for _, e := range ents {
		m := ledgerName.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		if e.IsDir() {
			folders = append(folders, e.Name())
			continue
		}
		out = append(out, lf{e.Name(), atoi(m[1]), atoi(m[2])})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].ch != out[j].ch {
			return out[i].ch < out[j].ch
		}
		return out[i].sc < out[j].sc
	})
	names = make([]string, len(out))
	for i, f := range out {
		names[i] = f.name
	}
	sort.Strings(folders)
	return names, folders, nil
}

// scanBook reads a book folder: its ledgers, its pause marker and every
// file they name. Unreadable ledger folders are errors; everything
// else becomes facts or warnings.
func scanBook(project, dir string, archived bool, tx *Text) (*book, error) {
	tx = textOr(tx)
	b := newBook(project, dir, archived, tx)
	if data, err := fsx.ReadFile(filepath.Join(dir, "book.json")); err == nil {
		if root, _, err := parseJSON(data); err == nil {
			b.Title = text(field(root, "title"))
		}
	}

	var manifest []string
	switch data, err := fsx.ReadFile(b.StateFile); {
	case err == nil:
		b.HasState = true
		manifest = append(manifest, "state "+fsx.Fingerprint(data))
		st, w := parseState(data, tx)
		b.Warnings = append(b.Warnings, w...)
		b.State = st
	case errors.Is(err, fs.ErrNotExist):
		manifest = append(manifest, "state absent")
	default:
		return nil, fmt.Errorf("bookforge: %w", err)
	}
	if !archived {
		b.Outline = readOutline(dir, tx)
		manifest = append(manifest, b.Outline.manifest...)
	}
	newestFile, err := b.readLedgers(&manifest)
	if err != nil {
		return nil, err
	}
	if err := b.readPause(&manifest, &newestFile); err != nil {
		return nil, err
	}

	var markerTime time.Time
	if b.Pause != nil && b.Pause.HasCreated {
		markerTime = b.Pause.CreatedAt
	} else if st, err := os.Stat(b.PauseFile); err == nil {
		markerTime = st.ModTime()
	}
	b.CutShort = findCutShort(b, markerTime)

	// The cursor scene and the paused scene are scenes even before their
	// first ledger entry: their scene files count.
	if b.State != nil {
		b.fact(sceneFile(b.State.Chapter, b.State.Scene))
		if c := b.State.PlanCard; c != "" {
			if f := b.fact(c); f.Exists {
				if data, err := fsx.ReadFile(f.Abs); err == nil {
					b.State.PlanCardScene = cardScene(data)
				}
			}
		}
	}
	if b.Pause.SceneID() != "" {
		b.fact(sceneFile(b.Pause.Chapter, b.Pause.Scene))
	}
	for _, l := range b.Ledgers {
		b.factsOf(l)
	}
	if !b.HasNewest && !newestFile.IsZero() {
		b.Newest, b.HasNewest = newestFile.UTC(), true
	}
	b.Fingerprint = b.fingerprint(manifest)
	return b, nil
}

// newBook is the book in dir, its files' places set, nothing read yet.
func newBook(project, dir string, archived bool, tx *Text) *book {
	b := &book{ID: filepath.Base(dir), Dir: dir, Project: project, Archived: archived,
		Files: map[string]FileFact{}, SetHash: map[string]string{}, Reports: map[string]Report{}, tx: tx}
	b.Workspace = filepath.Dir(filepath.Dir(dir))
	if archived || filepath.Base(filepath.Dir(dir)) != "books" {
		b.Workspace = filepath.Join(project, "workspace")
	}
	if archived {
		// workspace/archives/<book>/reset_<stamp>_<hex>/…: the book is
		// the folder under archives.
		if rel, err := filepath.Rel(filepath.Join(b.Workspace, "archives"), dir); err == nil {
			if parts := strings.Split(filepath.ToSlash(rel), "/"); len(parts) > 0 && parts[0] != ".." {
				b.ID = parts[0]
			}
		}
	}
	b.History = filepath.Join(dir, filepath.FromSlash(HistoryDir))
	b.PauseFile = filepath.Join(dir, filepath.FromSlash(PauseFile))
	b.StateFile = filepath.Join(dir, StateFile)
	return b
}

func (b *book) warn(s string) { b.Warnings = append(b.Warnings, s) }

// readLedgers reads the phase_history folder's ledgers, one per scene,
// and returns the newest ledger's modification time.
func (b *book) readLedgers(manifest *[]string) (time.Time, error) {
	tx := b.tx
	var newestFile time.Time
	names, folders, err := ledgerFiles(b.History)
	switch {
	case err == nil:
		b.HasHistory = true
	case errors.Is(err, fs.ErrNotExist):
	default:
		return newestFile, fmt.Errorf("bookforge: %s: %w", b.History, err)
	}
	for _, f := range folders {
		b.warn(tx.FolderLikeLedger.F(HistoryDir+"/"+f, strings.TrimSuffix(f, ".json")))
	}
	seen := map[string]bool{}
	for _, name := range names {
		m := ledgerName.FindStringSubmatch(name)
		l := &Ledger{Chapter: atoi(m[1]), Scene: atoi(m[2])}
		l.ID = sceneID(l.Chapter, l.Scene)
		if seen[l.ID] {
			b.warn(tx.SecondLedger.F(HistoryDir+"/"+name, l.ID))
			continue
		}
		seen[l.ID] = true
		l.File = filepath.Join(b.History, name)
		l.Rel = HistoryDir + "/" + name
		data, err := fsx.ReadFile(l.File)
		if err != nil {
			return newestFile, fmt.Errorf("bookforge: %w", err)
		}
		if st, err := os.Stat(l.File); err == nil && st.ModTime().After(newestFile) {
			newestFile = st.ModTime()
		}
		b.Warnings = append(b.Warnings, parseLedger(l, data, tx)...)
		*manifest = append(*manifest, "ledger "+l.Rel+" "+fsx.Fingerprint(data))
		b.Ledgers = append(b.Ledgers, l)
	}
	return newestFile, nil
}

// readPause reads the pause marker, moving newestFile up to its time.
func (b *book) readPause(manifest *[]string, newestFile *time.Time) error {
	tx := b.tx
	data, err := fsx.ReadFile(b.PauseFile)
	if errors.Is(err, fs.ErrNotExist) {
		*manifest = append(*manifest, "pause absent")
		return nil
	}
	if err != nil {
		return fmt.Errorf("bookforge: %w", err)
	}
	b.HasPause, b.PauseData = true, data
	*manifest = append(*manifest, "pause "+fsx.Fingerprint(data))
	p, w := parsePause(PauseFile, data, tx)
	b.Warnings = append(b.Warnings, w...)
	if p != nil {
		p.File = b.PauseFile
		b.Pause = p
		if p.BookID != "" && p.BookID != b.ID {
			b.warn(tx.BookIDMismatch.F(PauseFile, strconv.Quote(p.BookID), strconv.Quote(b.ID)))
		}
	}
	if st, err := os.Stat(b.PauseFile); err == nil && st.ModTime().After(*newestFile) {
		*newestFile = st.ModTime()
	}
	return nil
}

// factsOf hashes every file a ledger names: the scene file, artifacts
// (reading lint reports), templates and pre_state files.
func (b *book) factsOf(l *Ledger) {
	tx := b.tx
	b.fact(sceneFile(l.Chapter, l.Scene))
	for _, ph := range Phases {
		e := l.Entries[ph]
		if e == nil {
			continue
		}
		if e.HasTime {
			b.note(e.Timestamp, l.ID+" "+phaseLabel(ph))
		}
		for _, a := range e.Artifacts {
			f := b.fact(a.Path)
			if !f.Exists && !isRequired(Required[ph], a.Key) && !(ph == ApplyCommit && strings.HasPrefix(a.Key, "registry")) {
				b.warn(tx.ArtifactGone.F(l.ID, phaseLabel(ph), a.Key, f.Rel))
			}
			if ph == "lint" && isRequired(Required[ph], a.Key) && f.Exists {
				if _, ok := b.Reports[a.Path]; !ok {
					if data, err := fsx.ReadFile(f.Abs); err == nil {
						b.Reports[a.Path] = parseReport(data, tx)
					}
				}
			}
		}
		for _, t := range e.Templates {
			b.fact(t.Path)
		}
		if len(e.Templates) > 0 {
			b.setHash(e.Templates)
		}
		if e.PreStatePath != "" {
			b.fact(e.PreStatePath)
		}
		if e.PromptHash != "" && len(e.Templates) == 0 {
			b.warn(tx.PromptHashNoSet.F(l.ID, phaseLabel(ph)))
		}
	}
}

// fingerprint sums the manifest and every file fact, in order: a change
// to any file the book's plan reads changes it.
func (b *book) fingerprint(manifest []string) string {
	keys := make([]string, 0, len(b.Files))
	for k := range b.Files {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f := b.Files[k]
		manifest = append(manifest, fmt.Sprintf("file %q %t %s", k, f.Exists, f.Hash))
	}
	sum := sha256.Sum256([]byte(strings.Join(manifest, "\n")))
	return hex.EncodeToString(sum[:])
}

func isRequired(reqs []requirement, key string) bool {
	for _, r := range reqs {
		for _, k := range r {
			if k == key {
				return true
			}
		}
	}
	return false
}

// note keeps the most recent recorded time.
func (b *book) note(t time.Time, what string) {
	if !b.HasNewest || t.After(b.Newest) {
		b.Newest, b.HasNewest = t, true
		if what != "" {
			b.Latest = what
		}
	}
}

// resolve finds a recorded path: relative paths are relative to the book
// (as bookforge writes them), else to the workspace or the project when
// the file is there instead.
func (b *book) resolve(p string) string {
	p = strings.TrimSpace(p)
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	local := filepath.FromSlash(p)
	first := filepath.Join(b.Dir, local)
	for _, base := range []string{b.Dir, b.Workspace, b.Project} {
		c := filepath.Join(base, local)
		if _, err := os.Stat(c); err == nil {
			return c
		}
	}
	return first
}

// fact stats and hashes a recorded path once.
func (b *book) fact(p string) FileFact {
	if f, ok := b.Files[p]; ok {
		return f
	}
	abs := b.resolve(p)
	f := FileFact{Abs: abs, Rel: b.rel(abs)}
	data, err := fsx.ReadFile(abs)
	switch {
	case err == nil:
		f.Exists, f.Hash = true, fsx.Fingerprint(data)
	case errors.Is(err, fs.ErrNotExist):
	default:
		f.Err = err.Error()
		if st, serr := os.Stat(abs); serr == nil && st.IsDir() {
			f.Err = textOr(b.tx).FolderNotFile
		}
	}
	b.Files[p] = f
	return f
}

// setHash hashes a template set: the files' bytes in recorded order;
// missing files add nothing.
func (b *book) setHash(ts []hashed) {
	key := setKey(ts)
	if _, ok := b.SetHash[key]; ok {
		return
	}
	h := sha256.New()
	for _, t := range ts {
		if data, err := fsx.ReadFile(b.resolve(t.Path)); err == nil {
			h.Write(data)
		}
	}
	b.SetHash[key] = hex.EncodeToString(h.Sum(nil))
}

// input is the book's facts as Decide takes them. lintEnv is
// BOOKFORGE_LINT_MODE as pickup sees it.
func (b *book) input(f Flags, lintEnv string) Input {
	return Input{Ledgers: b.Ledgers, Files: b.Files, SetHash: b.SetHash, Pause: b.Pause, Flags: f,
		State: b.State, Reports: b.Reports, LintEnv: lintEnv, CutShort: b.CutShort, tx: b.tx}
}
