package tui

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
)

// Files is the artifact browser's only way to the disk. The caller (cmd)
// provides it, so the TUI itself touches no file; every function is
// called inside a tea.Cmd, never from Update or View.
type Files struct {
	// List returns a session's artifacts as found on disk (exists, size,
	// modification time, integrity, refused).
	List func(s *model.Session) []model.Artifact
	// Read returns at most limit bytes from the start of an artifact; it
	// refuses what List marked refused.
	Read func(s *model.Session, a model.Artifact, limit int) (Head, error)
	// Path is the real path to give an editor or a pager; an error when
	// the artifact is refused, missing or not a regular file.
	Path func(s *model.Session, a model.Artifact) (string, error)
	// Entries lists at most limit entries of a folder artifact (sorted, a
	// folder's name ending in "/") and counts them all; nil leaves the
	// folder's panel without its entries.
	Entries func(s *model.Session, a model.Artifact, limit int) (Listing, error)
}

// Listing is what a folder holds, as Files.Entries returns it.
type Listing struct {
	Names []string
	Total int
}

// folderShown is how many of a folder's entries its panel lists.
const folderShown = 200

// Head is the start of a file, as Files.Read returns it.
type Head struct {
	Data      []byte
	Size      int64 // the whole file's size
	Truncated bool  // Data is only the file's head
}

// PreviewLimit is how much of a file a preview reads.
const PreviewLimit = 64 << 10

// browser is the artifact browser's UI state.
type browser struct {
	s *model.Session
	// from is where esc returns.
	from view
	// items are the inspected artifacts; nil until they arrive.
	items   []model.Artifact
	loading bool
	// sel is the highlighted artifact's path; top the first row drawn.
	sel    string
	top    int
	filter filterField
	// seq tells the current preview request from stale ones.
	seq  int
	prev preview
	vp   viewport.Model
	// notice is a one-off line (an editor that did not run); the next
	// key clears it.
	notice string
}

// preview is what the preview pane shows for the highlighted artifact.
type preview struct {
	path    string // the artifact it is for
	loading bool
	head    *Head // the raw bytes, kept to render again on resize
	err     error
	// lines are rendered for width and dark; note is one line above
	// them (a cut head, JSON that did not parse).
	lines []string
	note  string
	width int
	dark  bool
	// stale asks for the file to be read again (a new highlight, or an
	// editor ran); the old lines stay on screen meanwhile.
	stale bool
}

// ---- messages ----

// listMsg brings a session's inspected artifacts.
type listMsg struct {
	s     *model.Session
	items []model.Artifact
}

// previewMsg brings a rendered preview.
type previewMsg struct {
	seq  int
	path string
	head *Head
	err  error
	out  rendered
}

// execReadyMsg says an artifact may be handed to the editor or pager.
type execReadyMsg struct {
	path string
	argv []string
	what string
	err  error
	// wait: the pager does not keep its output on screen (PAGER=cat), so
	// a key is waited for after it.
	wait bool
}

// execDoneMsg comes back when the editor or pager exits.
type execDoneMsg struct {
	what string
	err  error
}

// openBrowser shows s's artifacts and starts looking at them.
func (m Model) openBrowser(s *model.Session) (tea.Model, tea.Cmd) {
	if m.files == nil || s == nil {
		return m, nil
	}
	from := m.view
	m.browse = browser{s: s, from: from, loading: true, vp: m.browse.vp}
	m.browse.vp.GotoTop()
	m.view = viewBrowser
	m.sync(true)
	return m, m.listCmd(s)
}

func (m Model) listCmd(s *model.Session) tea.Cmd {
	list := m.files.List
	return func() tea.Msg { return listMsg{s: s, items: list(s)} }
}

// shownArtifacts are the artifacts the filter lets through.
func (m Model) shownArtifacts() []model.Artifact {
	var out []model.Artifact
	for _, a := range m.browse.items {
		if matches(m.browse.filter.value(), a.Path, a.Kind, a.Phase) {
			out = append(out, a)
		}
	}
	return out
}

// artCursor is the highlighted artifact's index in shown.
func (m Model) artCursor(shown []model.Artifact) int {
	for i, a := range shown {
		if a.Path == m.browse.sel {
			return i
		}
	}
	return 0
}

// current is the highlighted artifact, if any.
func (m Model) current() (model.Artifact, bool) {
	shown := m.shownArtifacts()
	if len(shown) == 0 {
		return model.Artifact{}, false
	}
	return shown[m.artCursor(shown)], true
}

func (m *Model) moveArt(delta int) {
	shown := m.shownArtifacts()
	if len(shown) == 0 {
		return
	}
	i := min(max(m.artCursor(shown)+delta, 0), len(shown)-1)
	m.browse.sel = shown[i].Path
}

// browserKey handles a key in the browser.
func (m Model) browserKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	km := &m.keys
	b := &m.browse
	b.notice = ""
	if b.filter.typing {
		if b.filter.edit(k) {
			m.moveArt(0)
			m.sync(false)
			cmd := m.previewCmd()
			return m, cmd
		}
	}
	switch {
	case key.Matches(k, km.Up):
		m.moveArt(-1)
	case key.Matches(k, km.Down):
		m.moveArt(1)
	case km.page(&b.vp, k):
	case key.Matches(k, km.Filter):
		b.filter.start()
	case key.Matches(k, km.Back):
		if b.filter.value() != "" {
			b.filter.clear()
			m.moveArt(0)
			break
		}
		m.view = b.from
		m.browse = browser{vp: b.vp}
		m.sync(true)
		return m, nil
	case key.Matches(k, km.Edit):
		return m, m.execCmd(true)
	case key.Matches(k, km.Open):
		return m, m.execCmd(false)
	}
	m.sync(false)
	cmd := m.previewCmd()
	return m, cmd
}

// browserMouse scrolls with the wheel: over the list (side by side) it
// moves the highlight, elsewhere it scrolls the preview.
func (m Model) browserMouse(msg tea.MouseWheelMsg) (tea.Model, tea.Cmd) {
	g := m.browserGeom()
	ms := msg.Mouse()
	overList := g.side && ms.X < g.listW
	switch ms.Button {
	case tea.MouseWheelUp:
		if overList {
			m.moveArt(-1)
		} else {
			m.browse.vp.ScrollUp(3)
		}
	case tea.MouseWheelDown:
		if overList {
			m.moveArt(1)
		} else {
			m.browse.vp.ScrollDown(3)
		}
	default:
		return m, nil
	}
	m.sync(false)
	cmd := m.previewCmd()
	return m, cmd
}

// previewCmd loads the highlighted artifact's preview when the pane
// does not already show it for this width and background. Only
// existing, regular, unrefused files are read, and at most PreviewLimit
// bytes of them.
func (m *Model) previewCmd() tea.Cmd {
	b := &m.browse
	a, ok := m.current()
	if !ok || m.files == nil {
		b.prev = preview{}
		return nil
	}
	w, dark, plainStyle, cat := m.browserGeom().prevW, m.isDark, m.noColor, m.cat
	p := b.prev
	if p.path != a.Path {
		b.vp.GotoTop()
		p = preview{path: a.Path, stale: true}
	}
	if a.Refused != "" || !a.Exists || (a.Dir && m.files.Entries == nil) {
		b.prev = preview{path: a.Path}
		return nil
	}
	name := a.Path
	var load func() previewMsg
	switch {
	case p.loading:
		b.prev = p
		return nil
	case p.stale && a.Dir:
		s, list := b.s, m.files.Entries
		load = func() previewMsg {
			l, err := list(s, a, folderShown)
			if err != nil {
				return previewMsg{err: err}
			}
			return previewMsg{out: rendered{lines: folderLines(cat, l), width: w, dark: dark}}
		}
	case p.stale:
		s, read := b.s, m.files.Read
		load = func() previewMsg {
			h, err := read(s, a, PreviewLimit)
			if err != nil {
				return previewMsg{err: err}
			}
			return previewMsg{head: &h, out: render(cat, name, h, w, dark, plainStyle)}
		}
	case p.err != nil || p.head == nil || (p.width == w && p.dark == dark):
		b.prev = p
		return nil
	default:
		// Same bytes, another width or background: render them again.
		head := p.head
		load = func() previewMsg { return previewMsg{head: head, out: render(cat, name, *head, w, dark, plainStyle)} }
	}
	b.seq++
	p.loading, p.stale = true, false
	b.prev = p
	seq := b.seq
	return func() tea.Msg {
		msg := load()
		msg.seq, msg.path = seq, name
		return msg
	}
}

// gotPreview takes a preview if it is still the one wanted.
func (m Model) gotPreview(msg previewMsg) (tea.Model, tea.Cmd) {
	b := &m.browse
	if m.view != viewBrowser || msg.seq != b.seq || msg.path != b.prev.path {
		return m, nil
	}
	b.prev = preview{path: msg.path, head: msg.head, err: msg.err, lines: msg.out.lines, note: msg.out.note,
		width: msg.out.width, dark: msg.out.dark}
	m.sync(false)
	// The terminal may have changed size while it rendered.
	cmd := m.previewCmd()
	return m, cmd
}

// gotList takes the inspected artifacts.
func (m Model) gotList(msg listMsg) (tea.Model, tea.Cmd) {
	b := &m.browse
	if m.view != viewBrowser || b.s != msg.s {
		return m, nil
	}
	b.items, b.loading = msg.items, false
	if b.items == nil {
		b.items = []model.Artifact{}
	}
	// After an edit the list is read again: keep the highlight, the
	// preview and its scroll, and read the file again.
	b.prev.stale = true
	m.moveArt(0)
	m.sync(false)
	cmd := m.previewCmd()
	return m, cmd
}

// execCmd checks the highlighted artifact (in a command: it looks at the
// disk) and answers execReadyMsg; Update then hands the terminal over.
func (m Model) execCmd(edit bool) tea.Cmd {
	a, ok := m.current()
	if !ok || m.files == nil || a.Refused != "" || !a.Exists || a.Dir {
		return nil
	}
	what, argv := m.cat.Browser.PagerWord, commandWords(m.pager, "less -R")
	if edit {
		what, argv = m.cat.Browser.EditorWord, commandWords(m.editor, "vi")
	}
	s, path := m.browse.s, m.files.Path
	return func() tea.Msg {
		real, err := path(s, a)
		wait := !edit && !pagerWaits(argv, os.Getenv("LESS"))
		return execReadyMsg{path: real, argv: argv, what: what, err: err, wait: wait}
	}
}

// commandWords splits a command line on spaces ($EDITOR may hold flags).
func commandWords(cmd, def string) []string {
	w := strings.Fields(cmd)
	if len(w) == 0 {
		w = strings.Fields(def)
	}
	return w
}

// runExec hands the terminal to the editor or pager; the program stops
// drawing until it exits, then comes back exactly where it was.
func (m Model) runExec(msg execReadyMsg) (tea.Model, tea.Cmd) {
	if m.view != viewBrowser {
		return m, nil
	}
	if msg.err != nil {
		m.browse.notice = m.cat.Browser.ExecFailed.F(msg.what, msg.err.Error())
		m.sync(false)
		return m, nil
	}
	args := append(append([]string(nil), msg.argv[1:]...), msg.path)
	c := exec.Command(msg.argv[0], args...)
	c.Dir = filepath.Dir(msg.path)
	what := msg.what
	done := func(err error) tea.Msg { return execDoneMsg{what: what, err: err} }
	if msg.wait {
		return m, tea.Exec(&waitingCmd{foregroundCmd: foregroundCmd{Cmd: c, hook: m.fg}, prompt: m.cat.Browser.PagerDone}, done)
	}
	return m, m.execProcess(c, done)
}

// execDone reports a failed run and reads the list again: an editor may
// have changed the file.
func (m Model) execDone(msg execDoneMsg) (tea.Model, tea.Cmd) {
	if msg.err != nil {
		var ee *exec.ExitError
		if !errors.As(msg.err, &ee) || msg.what != m.cat.Browser.PagerWord {
			m.browse.notice = m.cat.Browser.ExecFailed.F(msg.what, msg.err.Error())
		}
	}
	if m.view != viewBrowser || m.browse.s == nil {
		m.sync(false)
		return m, nil
	}
	m.sync(false)
	return m, m.listCmd(m.browse.s)
}
