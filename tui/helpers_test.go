package tui

import (
	"bytes"
	"fmt"
	"image/color"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/pickup-dev/pickup/model"
)

// Key presses as the terminal sends them.
var (
	keyEnter = tea.KeyPressMsg{Code: tea.KeyEnter}
	keyEsc   = tea.KeyPressMsg{Code: tea.KeyEscape}
	keyBack  = tea.KeyPressMsg{Code: tea.KeyBackspace}
	keyUp    = tea.KeyPressMsg{Code: tea.KeyUp}
	keyDown  = tea.KeyPressMsg{Code: tea.KeyDown}
	keyPgDn  = tea.KeyPressMsg{Code: tea.KeyPgDown}
	keyCtrlC = tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl}
)

func keyRune(r rune) tea.KeyPressMsg { return tea.KeyPressMsg{Code: r, Text: string(r)} }

// pinEnv keeps the environment from changing styles or glyphs.
func pinEnv(t *testing.T) {
	t.Helper()
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm-256color")
	// A UTF-8 locale: the REVIEW grid draws its glyphs (grid.go).
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_CTYPE", "")
	t.Setenv("LANG", "C.UTF-8")
}

// newModel builds a sized wizard for st with a fake runner.
func newModel(t *testing.T, st model.State, r *fakeRunner, w, h int) Model {
	t.Helper()
	pinEnv(t)
	if r == nil {
		r = &fakeRunner{}
	}
	m := New(Config{State: st, Run: r.run, Project: "shop", Catalog: testCatalog})
	return update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
}

// update sends one message and drops the command.
func update(t *testing.T, m Model, msg tea.Msg) Model {
	t.Helper()
	m2, _ := send(t, m, msg)
	return m2
}

// send sends one message and returns the model and the messages its
// command produced (timers are not awaited).
func send(t *testing.T, m Model, msg tea.Msg) (Model, []tea.Msg) {
	t.Helper()
	next, cmd := m.Update(msg)
	nm, ok := next.(Model)
	if !ok {
		t.Fatalf("Update returned %T", next)
	}
	return nm, msgsOf(cmd)
}

// msgsOf runs a command (and a batch's commands) and collects what they
// return. Commands still running after a moment are timers (the spinner,
// the grace period) and are not waited for.
func msgsOf(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	select {
	case msg := <-ch:
		switch msg := msg.(type) {
		case nil:
			return nil
		case tea.BatchMsg:
			var out []tea.Msg
			for _, c := range msg {
				out = append(out, msgsOf(c)...)
			}
			return out
		default:
			return []tea.Msg{msg}
		}
	case <-time.After(50 * time.Millisecond):
		return nil
	}
}

// press sends keys one by one, feeding the runner's answers back as the
// program loop would, and returns every other message produced.
func press(t *testing.T, m Model, keys ...tea.KeyPressMsg) (Model, []tea.Msg) {
	t.Helper()
	var rest []tea.Msg
	for _, k := range keys {
		var msgs []tea.Msg
		m, msgs = send(t, m, k)
		m, msgs = settle(t, m, msgs)
		rest = append(rest, msgs...)
	}
	return m, rest
}

// settle feeds runner answers (eventMsg) back until none is left.
func settle(t *testing.T, m Model, msgs []tea.Msg) (Model, []tea.Msg) {
	t.Helper()
	var rest []tea.Msg
	for len(msgs) > 0 {
		msg := msgs[0]
		msgs = msgs[1:]
		if ev, ok := msg.(eventMsg); ok {
			var more []tea.Msg
			m, more = send(t, m, ev)
			msgs = append(msgs, more...)
			continue
		}
		rest = append(rest, msg)
	}
	return m, rest
}

// arm ends the current confirmation's grace period, as its timer would.
func arm(t *testing.T, m Model) Model {
	t.Helper()
	return update(t, m, armMsg{seq: m.armSeq})
}

func hasQuit(msgs []tea.Msg) bool {
	for _, msg := range msgs {
		if _, ok := msg.(tea.QuitMsg); ok {
			return true
		}
	}
	return false
}

// plain is the view with styles stripped, for assertions on text.
func plain(m Model) string { return ansi.Strip(m.View().Content) }

// pinned renders the view through the ASCII colour profile: colours are
// dropped, bold and faint kept, whatever the terminal running the tests.
func pinned(m Model) string {
	var b bytes.Buffer
	w := &colorprofile.Writer{Forward: &b, Profile: colorprofile.ASCII}
	_, _ = w.Write([]byte(m.View().Content))
	return b.String()
}

// checkFits fails when the view is wider or taller than the terminal.
func checkFits(t *testing.T, m Model, w, h int) {
	t.Helper()
	out := m.View().Content
	lines := strings.Split(out, "\n")
	if len(lines) > h {
		t.Errorf("%dx%d: view has %d lines:\n%s", w, h, len(lines), ansi.Strip(out))
	}
	for i, l := range lines {
		if lw := ansi.StringWidth(l); lw > w {
			t.Errorf("%dx%d: line %d is %d wide: %q", w, h, i, lw, ansi.Strip(l))
		}
	}
}

// lightGrey is a light terminal background.
var lightGrey = color.RGBA{R: 0xee, G: 0xee, B: 0xee, A: 0xff}

// flat joins wrapped lines: every run of white space becomes one space.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// screen is one golden view: its name and how to build its model at a
// width and height.
type screen struct {
	name string
	make func(t *testing.T, w, h int) Model
}

// goldens builds every screen at every size, in subtests named
// screen/WxH (their golden files' names), and checks that it fits the
// size and equals its golden view.
func goldens(t *testing.T, screens []screen, sizes ...[2]int) {
	t.Helper()
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			for _, sz := range sizes {
				t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
					m := sc.make(t, sz[0], sz[1])
					checkFits(t, m, sz[0], sz[1])
					golden.RequireEqual(t, []byte(pinned(m)))
				})
			}
		})
	}
}
