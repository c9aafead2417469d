// Package kiln reads and writes kiln's state in every shape kiln has
// kept it: the project's .kiln/STATE.md of kiln 1.x to 3.1 (eras C to F,
// statefile.go, erace.go, eraf.go), era F's brainstorm ledger
// (brainstorm.go), and seed 000's project memory (era B, /kiln:resume):
// MEMORY.md and its supporting files, in either of the two places kiln
// kept them,
//
//   - <project>/.kiln/memory/ (kiln from late February 2026), and
//   - <claude-home>/projects/<encoded>/memory/ (earlier kiln), where
//     <encoded> is the absolute project path with every "/" replaced by
//     "-" (seed 000's rule, which kiln's agents followed), or Claude
//     Code's own name for the project's folder, with every character
//     outside [A-Za-z0-9] replaced (ClaudeEncode): both are looked in,
//
// together with the project-side .kiln/ folder: phase_<N>_state.md (a
// phase's event log), archive/phase_<NN>/phase_summary.md (proof that a
// phase merged) and validation/report.md.
//
// MEMORY.md is markdown written by an agent, so parsing is lenient (see
// memory.go), routing is pure code (route.go), and every write changes
// only the lines it names (edit.go). docs/kiln.md is the full mapping.
package kiln

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/convo"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// SourceName is the format's name in the registry.
const SourceName = "kiln"

// MemoryFile is the state file's name.
const MemoryFile = "MEMORY.md"

// SupportingFiles are the memory folder's other files, read when present
// and recorded as absent otherwise (seed 000 Step 4, plus tech-stack.md).
var SupportingFiles = []string{"vision.md", "master-plan.md", "decisions.md", "pitfalls.md", "PATTERNS.md", "tech-stack.md"}

// MsgNoProjectPath is the spec's exact words when the project path cannot
// be determined.
const MsgNoProjectPath = "Cannot determine project path. Please run this command from the project root."

// NoMemoryMessage is the spec's exact block for a missing or empty MEMORY.md.
func NoMemoryMessage(dir string) string { return english.Mem.NoMemory.F(dir) }

// CorruptedMessage is the spec's exact block for a MEMORY.md whose stage
// or status is missing or not one of the enums. path is the file to repair.
func CorruptedMessage(missing []string, path string) string {
	return english.Mem.Corrupted.F(strings.Join(missing, ", "), path)
}

// Encode is the spec's project path encoding:
// absolutePath.split('/').join('-'), so /DEV/myproject is -DEV-myproject.
func Encode(project string) string {
	return strings.Join(strings.Split(filepath.ToSlash(project), "/"), "-")
}

// claudeNameMax is the longest folder name Claude Code uses as it is;
// a longer one is cut to this length and given a hash suffix.
const claudeNameMax = 200

// ClaudeEncode is Claude Code's own name for a project's folder under
// <claude-home>/projects: the absolute path with every character outside
// [A-Za-z0-9] replaced by "-" (JavaScript's replace(/[^a-zA-Z0-9]/g, "-")
// on UTF-16 code units, so a character beyond U+FFFF gives two), nothing
// collapsed: /home/ana/my_shop is -home-ana-my-shop. A name longer than
// 200 code units is cut to 200 and Claude appends "-<hash>" (a hash of
// the runtime's that pickup does not compute): long is then true and
// name is the 200-unit prefix, to be matched as "<name>-*".
func ClaudeEncode(project string) (name string, long bool) {
	name = convo.ClaudeFolder(filepath.ToSlash(project)) // one byte per code unit
	if len(name) > claudeNameMax {
		return name[:claudeNameMax], true
	}
	return name, false
}

// Loader is the kiln loader.
type Loader struct {
	// ClaudeHome is where Claude Code keeps per-project memory; "" skips
	// that location.
	ClaudeHome string
	// Lang is the language of every sentence the loader writes (text.go):
	// its sessions, warnings, menus, prompts and Apply's refusals; ""
	// is English.
	Lang i18n.Lang
}

var (
	_ loaders.Loader            = Loader{}
	_ loaders.NotFoundExplainer = Loader{}
	_ loaders.Opener            = Loader{}
)

// New returns a kiln loader that also looks under claudeHome.
func New(claudeHome string) Loader { return Loader{ClaudeHome: claudeHome} }

// Source returns "kiln".
func (Loader) Source() string { return SourceName }

// MemoryDirs are the memory folders of a project, in probe order: the
// project's own .kiln/memory, then the per-project memory in the Claude
// home under seed 000's folder name (Encode: the spec's MEMORY_DIR),
// then under Claude Code's own folder name (ClaudeEncode) when it
// differs: kiln's agents wrote to either. A name Claude cut and hashed
// is matched by its prefix, so every folder that fits is listed.
func (l Loader) MemoryDirs(project string) []string {
	dirs := []string{filepath.Join(project, ".kiln", "memory")}
	if l.ClaudeHome == "" {
		return dirs
	}
	projects := filepath.Join(l.ClaudeHome, "projects")
	names := []string{Encode(project)}
	name, long := ClaudeEncode(project)
	if !long {
		names = append(names, name)
	} else if ents, err := os.ReadDir(projects); err == nil {
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), name+"-") {
				names = append(names, e.Name())
			}
		}
	}
	for _, n := range names {
		d := filepath.Join(projects, n, "memory")
		if !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

func absProject(project string) (string, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		//lint:ignore ST1005 the spec's exact message, shown as it is
		return "", errors.New(MsgNoProjectPath)
	}
	return root, nil
}

// Discover returns each MEMORY.md that is kiln's, in probe order. A file
// is kiln's by its content (see signature.go), never by its path alone:
// Claude Code keeps its own MEMORY.md at the Claude-home path. An empty
// (or blank) MEMORY.md counts as no memory, as the spec says. In the
// project's own .kiln/memory, a file that cannot be checked (unreadable,
// a folder or a pipe where the file belongs) or that is no known tool's
// is returned so that Load says what is wrong with it; in the Claude
// home only a file that carries kiln's signature is.
func (l Loader) Discover(project string) ([]string, error) {
	root, err := absProject(project)
	if err != nil {
		return nil, err
	}
	var found []string
	for i, dir := range l.MemoryDirs(root) {
		p := filepath.Join(dir, MemoryFile)
		if memoryCandidate(p, i == 0) {
			found = append(found, p)
		}
	}
	return append(found, discoverKiln(root)...), nil
}

// memoryCandidate decides whether the MEMORY.md at p is a session to
// load. owned is true for the project's .kiln/memory (kiln's own
// folder), false for the Claude home (shared with Claude Code).
func memoryCandidate(p string, owned bool) bool {
	st, err := os.Stat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return false
	case err != nil || !st.Mode().IsRegular():
		// A directory or a pipe where MEMORY.md belongs: Load says what
		// it is, rather than "no memory found". Not in Claude's folder:
		// what is there cannot be shown to be kiln's.
		return owned
	}
	data, err := fsx.ReadFile(p)
	if err != nil {
		return owned
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return false // empty: "No memory found"
	}
	switch memoryOwner(data) {
	case ownKiln:
		return true
	case ownForeign:
		return false
	}
	return owned
}

// NotFound is the spec's "No memory found" block. It names the project's
// .kiln/memory when the project has a .kiln folder (current kiln), else
// Claude's per-project memory folder (the spec's MEMORY_DIR).
func (l Loader) NotFound(project string) string {
	tm := &Catalogs.For(l.Lang).Mem
	root, err := absProject(project)
	if err != nil {
		return tm.NoProjectPath
	}
	dirs := l.MemoryDirs(root)
	dir := dirs[min(1, len(dirs)-1)]
	if st, err := os.Stat(filepath.Join(root, ".kiln")); err == nil && st.IsDir() {
		dir = dirs[0]
	}
	msg := tm.NoMemory.F(dir)
	if hint := l.NotFoundHint(root); hint != "" {
		msg += "\n" + hint
	}
	return msg
}

var _ loaders.NotFoundHinter = Loader{}

// phaseFileRe is an era B phase state file's name, N padded or not.
var phaseFileRe = lazyre.New(`^phase_[0-9]+_state\.md$`)

// NotFoundHint says, when the project's .kiln holds era B phase files
// but no memory folder holds a MEMORY.md (it lived in the Claude home
// and was never committed, or came from another machine), that the
// phase files exist and every folder pickup looked in for their memory;
// "" otherwise. Such a project has no session to resume: kiln's own
// /kiln:resume stops at "No memory found" too (exit 3).
func (l Loader) NotFoundHint(project string) string {
	root, err := absProject(project)
	if err != nil {
		return ""
	}
	ents, err := os.ReadDir(filepath.Join(root, ".kiln"))
	if err != nil {
		return ""
	}
	var files []string
	for _, e := range ents {
		if phaseFileRe.MatchString(e.Name()) && e.Type().IsRegular() {
			files = append(files, ".kiln/"+e.Name())
		}
	}
	if len(files) == 0 {
		return ""
	}
	found, err := l.Discover(root)
	if err != nil || len(found) > 0 {
		return ""
	}
	slices.SortFunc(files, func(a, b string) int { return cmpPhaseFile(a, b) })
	return Catalogs.For(l.Lang).Mem.PhaseFilesNoMemory.F(strings.Join(files, ", "), strings.Join(l.MemoryDirs(root), ", "))
}

// cmpPhaseFile orders phase files by their number.
func cmpPhaseFile(a, b string) int {
	n := func(s string) int {
		v, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(s), "phase_"), "_state.md"))
		return v
	}
	if c := n(a) - n(b); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// Load reads one MEMORY.md found by Discover, with the files around it.
func (l Loader) Load(project, path string) (*model.Session, error) {
	root, err := absProject(project)
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("kiln: %s: %w", path, err)
	}
	data, err := fsx.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("kiln: %w", err)
	}
	var s *model.Session
	tx := Catalogs.For(l.Lang)
	switch filepath.Base(abs) {
	case StateFile, StateTmp:
		s = loadState(tx, root, abs, data)
	case LedgerFile:
		s = loadLedger(tx, root, abs, data)
	default:
		s = build(tx, root, abs, data)
	}
	if _, ok := s.Policy[model.Discard]; ok && s.Outcomes[model.Discard] == "" {
		if s.Outcomes == nil {
			s.Outcomes = map[model.Choice]string{}
		}
		s.Outcomes[model.Discard] = discardOutcome(tx, root, abs, data)
	}
	return s, nil
}

// discardOutcome is the line after a DISCARD: what was archived (as
// discardState and archiveMemory do it) and what to run next.
func discardOutcome(tx *Text, root, path string, data []byte) string {
	t := &tx.State
	switch base := filepath.Base(path); {
	case base == MemoryFile && sharedMemory(root, path):
		return t.ArchivedMemoryShared.F(t.Kept)
	case base == MemoryFile:
		return t.ArchivedMemoryDir.F(t.Kept)
	case base == StateTmp || base == StateFile && stateEra(data) == eraF:
		return t.ArchivedKiln.F(t.Kept)
	case base == LedgerFile:
		return t.ArchivedLedger.F(t.Kept)
	}
	return t.ArchivedState.F(t.Kept)
}

// Open accepts a MEMORY.md, or a memory folder holding one, named on the
// command line (`pickup plan PATH`). The project is the folder above
// .kiln/memory, or for Claude's per-project memory the file's
// project_path line.
func (l Loader) Open(path string) (*model.Session, bool, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, false, nil
	}
	if st, err := os.Stat(abs); err == nil && st.IsDir() {
		if filepath.Base(abs) == ".kiln" {
			abs = filepath.Join(abs, StateFile)
		} else {
			abs = filepath.Join(abs, MemoryFile)
		}
	}
	if filepath.Base(abs) == StateFile && filepath.Base(filepath.Dir(abs)) == ".kiln" {
		if _, err := os.Stat(abs); err != nil {
			return nil, false, nil
		}
		s, err := l.Load(filepath.Dir(filepath.Dir(abs)), abs)
		return s, true, err
	}
	if filepath.Base(abs) != MemoryFile {
		return nil, false, nil
	}
	if _, err := os.Stat(abs); err != nil {
		return nil, false, nil
	}
	memDir := filepath.Dir(abs)
	var project string
	if filepath.Base(memDir) == "memory" && filepath.Base(filepath.Dir(memDir)) == ".kiln" {
		project = filepath.Dir(filepath.Dir(memDir))
	} else {
		data, err := fsx.ReadFile(abs)
		if err != nil {
			return nil, true, fmt.Errorf("kiln: %w", err)
		}
		if memoryOwner(data) != ownKiln {
			// Outside kiln's own folder a MEMORY.md is kiln's only by
			// its content (Claude Code keeps one of its own).
			return nil, false, nil
		}
		project = parseMemory(data).value("project_path")
		if project == "" || !filepath.IsAbs(project) {
			return nil, true, errors.New(Catalogs.For(l.Lang).Mem.NoProjectPathLine.F(abs))
		}
	}
	s, err := l.Load(project, abs)
	return s, true, err
}

// Apply carries out a choice's write:
//   - CONTINUE: Step 7 on MEMORY.md (not for a complete project);
//   - RESTART: in execution, phase N's state file is archived beside
//     itself and phase N goes back to pending; in planning, planning
//     restarts at dual_plan; a Resume Log line records either;
//   - DISCARD: the memory folder is renamed beside itself (in the Claude
//     home, only MEMORY.md: the folder is Claude Code's too).
//
// Each first checks that the files it reads or writes still hold the
// bytes they were loaded from, and refuses (fsx.ErrChanged) otherwise.
func (l Loader) Apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	a := model.Applied{Choice: c}
	var err error
	tx := Catalogs.For(l.Lang)
	if s.Path != "" && filepath.Base(s.Path) != MemoryFile {
		a.Changed, a.ArchivedTo, a.Err = applyState(tx, s, c, now)
		return a
	}
	switch c {
	case model.Review:
	case model.Continue:
		a.Changed, err = applyContinue(tx, s, now)
	case model.Restart:
		a.Changed, err = applyRestart(tx, s, now)
	case model.Discard:
		a.ArchivedTo, a.Changed, err = archiveMemory(tx, s, now)
	default:
		err = errors.New(tx.State.UnknownChoice.F(strconv.Quote(string(c))))
	}
	a.Err = err
	return a
}
