package tui

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/artifacts"
	"github.com/pickup-dev/pickup/model"
)

// The browser runs on real files in a temporary project, through the
// same loaders/artifacts functions cmd gives it.

// realFiles is the Files cmd wires in; reads counts the files read.
func realFiles(reads *atomic.Int32) *Files {
	return &Files{
		List: artifacts.Inspect,
		Read: func(s *model.Session, a model.Artifact, limit int) (Head, error) {
			if reads != nil {
				reads.Add(1)
			}
			h, err := artifacts.ReadHead(s, a, limit)
			return Head{Data: h.Data, Size: h.Size, Truncated: h.Truncated}, err
		},
		Path: artifacts.Path,
	}
}

const storyMD = "# Story 12.3: JWT handler\n\n**Status:** In progress\n\n## Acceptance\n\n- tokens are signed with HS256\n- refresh tokens rotate\n\n```js\nexport function sign(claims) {}\n```\n"

// browserWorld is a project holding one artifact of every preview kind
// plus the unsafe cases; its session lists them in that order.
type browserWorld struct {
	base, project string
	s             *model.Session
}

func newBrowserWorld(t *testing.T, withEscapes bool) browserWorld {
	t.Helper()
	base := testkit.RealTempDir(t)
	p := filepath.Join(base, "shop")
	testkit.Write(t, filepath.Join(p, ".aios", ".session-state.yaml"), "session_state:\n  last_updated: '2026-02-15T10:30:00Z'\n")
	testkit.Write(t, filepath.Join(p, "docs", "stories", "12.3.story.md"), storyMD)
	testkit.Write(t, filepath.Join(p, "data", "plan.json"), `{"tasks":[{"id":1,"title":"sign tokens"},{"id":2,"title":"refresh"}],"waves":2}`)
	testkit.Write(t, filepath.Join(p, "dispatch", "manifest.jsonl"), "{\"seq\":1,\"status\":\"completed\"}\n{\"seq\":2,\"status\":\"dispatched\"}\n")
	testkit.Write(t, filepath.Join(p, "notes", "run.log"), "step\tone\n\x1b[31mred\x1b[0m done\n")
	testkit.Write(t, filepath.Join(p, "img", "logo.png"), "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10")
	var big strings.Builder
	for i := 1; big.Len() < 200<<10; i++ {
		fmt.Fprintf(&big, "line %05d of a long log\n", i)
	}
	testkit.Write(t, filepath.Join(p, "logs", "big.log"), big.String())
	if err := os.MkdirAll(filepath.Join(p, "prompts"), 0o755); err != nil {
		t.Fatal(err)
	}
	testkit.Write(t, filepath.Join(base, "elsewhere", "secret.md"), "# secret\n")
	testkit.Symlink(t, filepath.Join(base, "elsewhere", "secret.md"), filepath.Join(p, "docs", "out-link.md"))
	testkit.Symlink(t, filepath.Join(p, "loop-b"), filepath.Join(p, "loop-a"))
	testkit.Symlink(t, filepath.Join(p, "loop-a"), filepath.Join(p, "loop-b"))

	arts := []model.Artifact{
		{Path: "docs/stories/12.3.story.md", Kind: "story"},
		{Path: "data/plan.json", Kind: "plan", Phase: "2"},
		{Path: "dispatch/manifest.jsonl", Kind: "manifest"},
		{Path: "notes/run.log", Kind: "log"},
		{Path: "img/logo.png", Kind: "image"},
		{Path: "logs/big.log", Kind: "log"},
		{Path: "prompts", Kind: "prompts"},
		{Path: "docs/design/tdd.md", Kind: "tdd", Phase: "3b"},
		{Path: "docs/out-link.md", Kind: "link"},
		{Path: "loop-a", Kind: "loop"},
	}
	if withEscapes {
		arts = append(arts,
			model.Artifact{Path: "../elsewhere/secret.md", Kind: "dotdot"},
			model.Artifact{Path: filepath.Join(base, "elsewhere", "secret.md"), Kind: "absolute"})
	}
	s := aiosSession(func(s *model.Session) {
		s.Project, s.Path, s.Artifacts = p, filepath.Join(p, ".aios", ".session-state.yaml"), arts
	})
	return browserWorld{base: base, project: p, s: s}
}

// drain runs commands and feeds their messages back, as the program
// loop would, until none is left; tea.Quit and exec requests are
// returned.
func drain(t *testing.T, m Model, cmd tea.Cmd) (Model, []tea.Msg) {
	t.Helper()
	var rest []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		ch := make(chan tea.Msg, 1)
		go func() { ch <- c() }()
		var msg tea.Msg
		select {
		case msg = <-ch:
		case <-time.After(5 * time.Second):
			continue // a timer
		}
		switch msg := msg.(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case listMsg, previewMsg, execReadyMsg, execDoneMsg, eventMsg:
			next, c := m.Update(msg)
			m = next.(Model)
			queue = append(queue, c)
		default:
			rest = append(rest, msg)
		}
	}
	return m, rest
}

// key sends keys and drains what they start.
func keys(t *testing.T, m Model, ks ...tea.KeyPressMsg) (Model, []tea.Msg) {
	t.Helper()
	var rest []tea.Msg
	for _, k := range ks {
		next, cmd := m.Update(k)
		var r []tea.Msg
		m, r = drain(t, next.(Model), cmd)
		rest = append(rest, r...)
	}
	return m, rest
}

func newBrowser(t *testing.T, w browserWorld, width, height int, reads *atomic.Int32) Model {
	t.Helper()
	pinEnv(t)
	m := New(Config{State: loaded(t, w.s), Project: "shop", Now: now, Files: realFiles(reads)})
	m = update(t, m, tea.WindowSizeMsg{Width: width, Height: height})
	m, _ = keys(t, m, keyRune('v'))
	if m.view != viewBrowser || m.browse.items == nil {
		t.Fatalf("v did not open the browser: view %v", m.view)
	}
	// The session's own state file comes first, then the artifacts.
	if a, _ := m.current(); a.Path != w.s.Path || a.Kind != "state" || !strings.Contains(previewText(m), "last_updated") {
		t.Fatalf("first artifact %+v, preview:\n%s", a, previewText(m))
	}
	return m
}

// selectPath moves the highlight to the artifact with that path.
func selectPath(t *testing.T, m Model, p string) Model {
	t.Helper()
	m, _ = keys(t, m, tea.KeyPressMsg{Code: tea.KeyHome})
	for range len(m.browse.items) + 1 {
		if a, ok := m.current(); ok && a.Path == p {
			return m
		}
		m, _ = keys(t, m, keyDown)
	}
	t.Fatalf("no artifact %s", p)
	return m
}

// previewText is the preview's lines as text.
func previewText(m Model) string {
	var b strings.Builder
	for _, l := range m.browse.prev.lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return stripANSI(b.String())
}

func stripANSI(s string) string { return ansi.Strip(s) }

func TestBrowserPreviews(t *testing.T) {
	w := newBrowserWorld(t, true)
	var reads atomic.Int32
	m := newBrowser(t, w, 160, 48, &reads)

	// Markdown is rendered: no '#', the heading's words, the list.
	m = selectPath(t, m, "docs/stories/12.3.story.md")
	md := previewText(m)
	if strings.Contains(md, "# Story") || !strings.Contains(md, "Story 12.3: JWT handler") || !strings.Contains(md, "tokens are signed with HS256") {
		t.Fatalf("markdown:\n%s", md)
	}
	// JSON is pretty-printed.
	m = selectPath(t, m, "data/plan.json")
	if js := previewText(m); !strings.Contains(js, "{\n  \"tasks\": [\n    {\n      \"id\": 1,") {
		t.Fatalf("json:\n%s", js)
	}
	// JSONL: each line on its own, pretty.
	m = selectPath(t, m, "dispatch/manifest.jsonl")
	if jl := previewText(m); strings.Count(jl, "\"seq\":") != 2 || !strings.Contains(jl, "{\n  \"seq\": 1,\n  \"status\": \"completed\"\n}") {
		t.Fatalf("jsonl:\n%s", jl)
	}
	// Text as it is, made safe: tabs expanded, escape bytes shown as
	// \x1b (internal/textsafe).
	m = selectPath(t, m, "notes/run.log")
	if txt := previewText(m); txt != "step    one\n\\x1b[31mred\\x1b[0m done\n" {
		t.Fatalf("text: %q", txt)
	}
	// Binary: a one-line summary.
	m = selectPath(t, m, "img/logo.png")
	if bin := previewText(m); bin != "binary file (image/png), 20 B\n" {
		t.Fatalf("binary: %q", bin)
	}
	// A large file: its head only, with a note.
	m = selectPath(t, m, "logs/big.log")
	v := plain(m)
	if !strings.Contains(v, "showing the first 64.0 KiB of 200.0 KiB") {
		t.Fatalf("big file note:\n%s", v)
	}
	if n := len(m.browse.prev.lines); n < 2000 || n > 2800 || !strings.HasPrefix(m.browse.prev.lines[0], "line 00001") {
		t.Fatalf("big file: %d lines", n)
	}
	if strings.Contains(previewText(m), "line 08000") {
		t.Fatal("more than the head was read")
	}
	if !strings.Contains(v, "lines 1-") || !strings.Contains(v, "of 2") {
		t.Fatalf("no scroll position:\n%s", v)
	}
	// pgdn scrolls the preview, not the list.
	before := m.browse.vp.YOffset()
	m, _ = keys(t, m, keyPgDn)
	if a, _ := m.current(); a.Path != "logs/big.log" || m.browse.vp.YOffset() <= before {
		t.Fatalf("pgdn: %s offset %d", a.Path, m.browse.vp.YOffset())
	}
	// The mouse wheel over the preview scrolls it; over the list it moves.
	off := m.browse.vp.YOffset()
	m = update(t, m, tea.MouseWheelMsg{Button: tea.MouseWheelDown, X: 120, Y: 20})
	if m.browse.vp.YOffset() != off+3 {
		t.Fatalf("wheel over preview: %d -> %d", off, m.browse.vp.YOffset())
	}
	next, cmd := m.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown, X: 5, Y: 5})
	m, _ = drain(t, next.(Model), cmd)
	if a, _ := m.current(); a.Path != "prompts" {
		t.Fatalf("wheel over list moved to %s", a.Path)
	}

	// Folders, missing files and refused paths are never read.
	readsBefore := reads.Load()
	for _, c := range []struct{ path, want string }{
		{"prompts", "prompts · a folder"},
		{"docs/design/tdd.md", "tdd · missing: phase 3b should have produced it"},
		{"docs/out-link.md", "link · outside the project: pickup never opens or previews it"},
		{"loop-a", "loop · a symlink loop: pickup never opens or previews it"},
		{"../elsewhere/secret.md", "dotdot · outside the project"},
		{filepath.Join(w.base, "elsewhere", "secret.md"), "absolute · outside the project"},
	} {
		m = selectPath(t, m, c.path)
		v := flat(plain(m))
		if !strings.Contains(v, c.want) || strings.Contains(v, "secret") && strings.Contains(previewText(m), "secret") {
			t.Errorf("%s: want %q in:\n%s", c.path, c.want, plain(m))
		}
		if len(m.browse.prev.lines) != 0 || m.keys.Open.Enabled() || m.keys.Edit.Enabled() {
			t.Errorf("%s: previewed or openable", c.path)
		}
	}
	if reads.Load() != readsBefore {
		t.Fatalf("%d reads of artifacts that must not be read", reads.Load()-readsBefore)
	}
	// Marks in the list: present, missing, refused.
	v = plain(m)
	for _, want := range []string{"✓ docs/stories/12.3.story.md", "✗ docs/design/tdd.md", "⚠ docs/out-link.md", "⚠ loop-a", "✓ prompts/"} {
		if !strings.Contains(v, want) {
			t.Errorf("list lacks %q:\n%s", want, v)
		}
	}
}

func TestBrowserFilterAndBack(t *testing.T) {
	w := newBrowserWorld(t, false)
	m := newBrowser(t, w, 80, 24, nil)
	m, _ = keys(t, m, keyRune('/'))
	for _, r := range "json" {
		m, _ = keys(t, m, keyRune(r))
	}
	if got := len(m.shownArtifacts()); got != 2 {
		t.Fatalf("filter json: %d shown", got)
	}
	if v := plain(m); !strings.Contains(v, "Artifacts · 12.3 - Implement JWT handler") || !strings.Contains(v, "2 of 11") || !strings.Contains(v, "/json▏") {
		t.Fatalf("filtered:\n%s", v)
	}
	// The preview follows the filtered highlight.
	if a, _ := m.current(); a.Path != "data/plan.json" || !strings.Contains(previewText(m), "\"waves\": 2") {
		t.Fatalf("highlight %s preview:\n%s", a.Path, previewText(m))
	}
	m, _ = keys(t, m, keyEnter)
	if m.browse.filter.typing || m.browse.filter.value() != "json" {
		t.Fatal("enter did not keep the filter")
	}
	// esc clears the filter first, then goes back where the browser was
	// opened, as it was.
	m, _ = keys(t, m, keyEsc)
	if m.view != viewBrowser || m.browse.filter.value() != "" {
		t.Fatalf("first esc: view %v filter %q", m.view, m.browse.filter.value())
	}
	m, _ = keys(t, m, keyEsc)
	if m.view != viewWizard || m.state.Screen != model.ScreenOptions {
		t.Fatalf("second esc: view %v screen %s", m.view, m.state.Screen)
	}
	if v := plain(m); !strings.Contains(v, "CONTINUE") || !m.keys.Browse.Enabled() {
		t.Fatalf("back on options:\n%s", v)
	}
}

// The browser is reachable from the picker too, for the highlighted
// session, and esc returns to the picker.
func TestBrowserFromPicker(t *testing.T) {
	w := newBrowserWorld(t, false)
	ss := pickerSessions()
	ss[2] = w.s
	m := newPicker(t, ss, 80, 24, realFiles(nil))
	m, _ = keys(t, m, keyDown, keyRune('v'))
	if m.view != viewBrowser || m.browse.s != w.s || len(m.browse.items) != 11 {
		t.Fatalf("view %v", m.view)
	}
	m, _ = keys(t, m, keyEsc)
	if m.view != viewPicker || m.pick.sel != w.s.ID {
		t.Fatalf("esc: view %v sel %s", m.view, m.pick.sel)
	}
	m, _ = keys(t, m, keyRune('q'))
	if m.state.Screen != model.ScreenQuit || !strings.Contains(plain(m), "Nothing changed.") {
		t.Fatalf("quit from the picker:\n%s", plain(m))
	}
}

// A resize renders the preview again for the new width, from the bytes
// already read.
func TestBrowserResize(t *testing.T) {
	w := newBrowserWorld(t, false)
	var reads atomic.Int32
	m := newBrowser(t, w, 160, 48, &reads)
	if m.browse.prev.width != 160-60-3 {
		t.Fatalf("width %d", m.browse.prev.width)
	}
	n := reads.Load()
	next, cmd := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = drain(t, next.(Model), cmd)
	if m.browse.prev.width != 80 || reads.Load() != n {
		t.Fatalf("after resize: width %d, %d new reads", m.browse.prev.width, reads.Load()-n)
	}
	checkFits(t, m, 80, 24)
	v := m.View()
	if !v.AltScreen || v.MouseMode != tea.MouseModeCellMotion {
		t.Fatal("the browser takes the screen and the wheel")
	}
}

// ? lists every binding of the browser.
func TestBrowserHelp(t *testing.T) {
	w := newBrowserWorld(t, false)
	m := selectPath(t, newBrowser(t, w, 160, 48, nil), "logs/big.log")
	m, _ = keys(t, m, keyRune('?'))
	v := plain(m)
	for _, want := range []string{"enter/o", "open in pager", "e", "edit", "/", "filter", "esc", "back", "pgdn", "q", "quit"} {
		if !strings.Contains(v, want) {
			t.Errorf("full help lacks %q:\n%s", want, v)
		}
	}
	for _, not := range []string{"show all", "choose", "artifacts"} {
		if strings.Contains(v, not) {
			t.Errorf("browser help offers %q", not)
		}
	}
}

func TestBrowserGolden(t *testing.T) {
	screens := []struct {
		name string
		make func(t *testing.T, w browserWorld, width, height int) Model
	}{
		{"state", func(t *testing.T, w browserWorld, width, height int) Model {
			return newBrowser(t, w, width, height, nil)
		}},
		{"markdown", func(t *testing.T, w browserWorld, width, height int) Model {
			return selectPath(t, newBrowser(t, w, width, height, nil), "docs/stories/12.3.story.md")
		}},
		{"json", func(t *testing.T, w browserWorld, width, height int) Model {
			return selectPath(t, newBrowser(t, w, width, height, nil), "data/plan.json")
		}},
		{"big_file", func(t *testing.T, w browserWorld, width, height int) Model {
			return selectPath(t, newBrowser(t, w, width, height, nil), "logs/big.log")
		}},
		{"missing", func(t *testing.T, w browserWorld, width, height int) Model {
			return selectPath(t, newBrowser(t, w, width, height, nil), "docs/design/tdd.md")
		}},
		{"refused", func(t *testing.T, w browserWorld, width, height int) Model {
			return selectPath(t, newBrowser(t, w, width, height, nil), "docs/out-link.md")
		}},
	}
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			for _, sz := range [][2]int{{80, 24}, {160, 48}} {
				t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
					w := newBrowserWorld(t, false)
					m := sc.make(t, w, sz[0], sz[1])
					checkFits(t, m, sz[0], sz[1])
					golden.RequireEqual(t, bytes.ReplaceAll([]byte(pinned(m)), []byte(w.project), []byte("/project")))
				})
			}
		})
	}
}
