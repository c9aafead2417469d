package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/pickup-dev/pickup/model"
)

var (
	keyLeft  = tea.KeyPressMsg{Code: tea.KeyLeft}
	keyRight = tea.KeyPressMsg{Code: tea.KeyRight}
)

// gridSession is a made-up session with a grid of n units by five steps,
// apart from any source: the first half done, the middle unit blocked
// at "check" (the start cell), the rest to do.
func gridSession(n int) *model.Session {
	cols := []string{"plan", "draft", "check", "fix", "ship"}
	ok := func(at string) model.GridCell {
		return model.GridCell{Kind: model.GridOK, Glyph: "✓", ASCII: ".", Verdict: "SKIP", Reason: "done at " + at}
	}
	rerun := func(why string) model.GridCell {
		return model.GridCell{Kind: model.GridRerun, Glyph: "↻", ASCII: "R", Verdict: "RERUN", Reason: why}
	}
	mid := n / 2
	g := &model.Grid{Title: "Units x steps", Cols: cols, StartRow: mid, StartCol: 2, Replaces: []string{"Units x steps", "Why"},
		Legend: []model.GridCell{
			{Kind: model.GridOK, Glyph: "✓", ASCII: ".", Verdict: "skip"},
			{Kind: model.GridRerun, Glyph: "↻", ASCII: "R", Verdict: "rerun"},
			{Kind: model.GridBlocked, Glyph: "✗", ASCII: "X", Verdict: "blocked"},
		}}
	for i := range n {
		r := model.GridRow{Label: fmt.Sprintf("unit%03d", i+1)}
		for j, c := range cols {
			var cell model.GridCell
			switch {
			case i < mid:
				cell = ok(fmt.Sprintf("09:%02d, %s of unit%03d present", j, c, i+1))
			case i == mid && j < 2:
				cell = ok("10:00")
			case i == mid && j == 2:
				cell = model.GridCell{Kind: model.GridBlocked, Glyph: "✗", ASCII: "X", Verdict: "BLOCKED",
					Reason: fmt.Sprintf("artifact changed: units/unit%03d/check.txt (a1b2c3 -> d4e5f6); use --force to accept", i+1)}
			case i == mid:
				cell = rerun("after check, which is blocked")
			default:
				cell = rerun(fmt.Sprintf("not started: unit%03d %s", i+1, c))
			}
			r.Cells = append(r.Cells, cell)
		}
		if i == mid {
			r.Note = "resume"
		}
		g.Rows = append(g.Rows, r)
	}
	return &model.Session{
		Source: "made", ID: "grid0001", Path: "/home/ana/shop/units", Project: project, Title: "units",
		LastUpdated: now.Add(-time.Hour), HasLastUpdated: true, LastAction: &model.LastAction{Type: "PAUSE", Clean: true},
		Fields:      []model.Field{{Key: "unit", Label: "Unit", Value: fmt.Sprintf("unit%03d", mid+1)}},
		Phases:      []model.Phase{{Name: "check", Status: model.PhaseFailed}},
		Progress:    model.Progress{Done: 2, Total: 5},
		ResumePoint: model.ResumePoint{Phase: "check", Reason: "blocked"},
		Warnings:    []string{},
		Sections: []model.Section{
			{Title: "Units x steps", Lines: []string{"the grid as text"}},
			{Title: "Why", Lines: []string{"every reason"}},
			{Title: "Notes", Lines: []string{"a section the grid does not replace"}},
		},
		Grid: g,
	}
}

// notCrashed loads st's session again a minute after its last update,
// so it is not a crash and REVIEW is offered.
func notCrashed(t *testing.T, st model.State) model.State {
	t.Helper()
	s := st.Session
	st, _ = model.Step(model.NewState(model.Config{}), model.Loaded{Session: s, Now: s.LastUpdated.Add(time.Minute)})
	if st.Crash.Detected {
		t.Fatal("still a crash")
	}
	return st
}

// gridModel is the wizard on REVIEW of st at w x h, in the environment
// env adds to the pinned one (NO_COLOR, LANG…).
func gridModel(t *testing.T, st model.State, w, h int, env ...string) Model {
	t.Helper()
	pinEnv(t)
	for i := 0; i+1 < len(env); i += 2 {
		t.Setenv(env[i], env[i+1])
	}
	m := New(Config{State: st, Project: "shop"})
	m = update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
	m, _ = press(t, m, keyRune('2'))
	if m.state.Screen != model.ScreenReview || !m.gridOn() {
		t.Fatalf("on %s, grid %v", m.state.Screen, m.gridOn())
	}
	return m
}

// TestGridGolden pins the REVIEW grid: the bookforge book paused in
// write and the one blocked by a changed template, and a made-up grid
// taller than the screen (its start, and after moving). Variants: the
// glyphs, ASCII marks (a locale that is not UTF-8) and NO_COLOR (glyphs
// kept, colour dropped; bold kept). All go through the ASCII colour
// profile, so the files hold no colour.
func TestGridGolden(t *testing.T) {
	screens := []struct {
		name  string
		state func(t *testing.T) model.State
		keys  []tea.KeyPressMsg
	}{
		{"paused", func(t *testing.T) model.State { return bookforgeState(t, "real", false) }, nil},
		{"blocked", func(t *testing.T) model.State { return notCrashed(t, bookforgeState(t, "hashes", false)) }, nil},
		{"window", func(t *testing.T) model.State { return loaded(t, gridSession(60)) }, nil},
		{"window_moved", func(t *testing.T) model.State { return loaded(t, gridSession(60)) },
			[]tea.KeyPressMsg{keyDown, keyDown, keyDown, keyDown, keyDown, keyDown, keyDown, keyDown, keyDown, keyRight, keyRight}},
	}
	variants := []struct {
		name string
		env  []string
	}{
		{"glyphs", nil},
		{"ascii", []string{"LANG", "C"}},
		{"nocolor", []string{"NO_COLOR", "1"}},
	}
	sizes := [][2]int{{80, 24}, {160, 48}}
	for _, sc := range screens {
		for _, v := range variants {
			t.Run(sc.name+"/"+v.name, func(t *testing.T) {
				for _, sz := range sizes {
					t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
						m := gridModel(t, sc.state(t), sz[0], sz[1], v.env...)
						m, _ = press(t, m, sc.keys...)
						checkFits(t, m, sz[0], sz[1])
						golden.RequireEqual(t, []byte(pinned(m)))
					})
				}
			})
		}
	}
}

// Moving the highlight shows the chosen cell's verdict and reason; the
// edges hold.
func TestGridMoveShowsReason(t *testing.T) {
	m := gridModel(t, notCrashed(t, bookforgeState(t, "hashes", false)), 120, 40)
	v := flat(plain(m))
	if !strings.Contains(v, "ch001_sc002 write: BLOCKED template changed: prompts/templates/write_scene_v2.md") {
		t.Fatalf("start cell not shown:\n%s", plain(m))
	}
	steps := []struct {
		key  tea.KeyPressMsg
		want string
	}{
		{keyRight, "ch001_sc002 state_repair: RERUN after write, which is blocked"},
		{keyRune('k'), "ch001_sc001 state_repair: DONE history (the scene is committed): success at"},
		{keyUp, "ch001_sc001 state_repair: DONE history"}, // the top row holds
		{keyRune('h'), "ch001_sc001 write: DONE history (the scene is committed): success at"},
		{keyRune('j'), "ch001_sc002 write: BLOCKED template changed"},
		{keyLeft, "ch001_sc002 continuity_pack: SKIP"},
		{keyRune('l'), "ch001_sc002 write: BLOCKED"},
	}
	for i, st := range steps {
		next, cmd := m.Update(st.key)
		m = next.(Model)
		if cmd != nil {
			t.Errorf("step %d: a move returned a command", i)
		}
		if v := flat(plain(m)); !strings.Contains(v, st.want) {
			t.Fatalf("step %d (%s): want %q in:\n%s", i, st.key, st.want, plain(m))
		}
	}
	// The highlighted cell is bracketed.
	if !strings.Contains(plain(m), "› ch001_sc002  ✓  ✓  ✓ [✗] ↻") {
		t.Errorf("highlight:\n%s", plain(m))
	}
	// Going back to the options and into REVIEW again keeps the cell.
	m, _ = press(t, m, keyEsc, keyRune('2'))
	if v := flat(plain(m)); !strings.Contains(v, "ch001_sc002 write: BLOCKED") {
		t.Errorf("after esc and back:\n%s", plain(m))
	}
	for range 20 {
		m, _ = press(t, m, keyRight)
	}
	if _, c, _ := m.gridSel(m.state.Session.Grid); c != 7 {
		t.Errorf("right edge: column %d", c)
	}
}

// The help bar offers the moves; ? lists every binding, left and right
// included, and only on the grid.
func TestGridKeys(t *testing.T) {
	m := gridModel(t, bookforgeState(t, "real", false), 100, 30)
	if v := plain(m); !strings.Contains(v, "↑↓←→ move") || strings.Contains(v, "scroll") {
		t.Errorf("help bar:\n%s", v)
	}
	m, _ = press(t, m, keyRune('?'))
	v := plain(m)
	for _, want := range []string{"↑/k up", "↓/j down", "←/h left", "→/l right", "esc back", "pgdn page down"} {
		if !strings.Contains(v, want) {
			t.Errorf("full help lacks %q:\n%s", want, v)
		}
	}
	m = gridModel(t, bookforgeState(t, "real", false), 100, 30, "NO_COLOR", "1")
	if v := plain(m); !strings.Contains(v, "hjkl move") {
		t.Errorf("NO_COLOR help bar:\n%s", v)
	}
	// Elsewhere left and right do nothing and are not offered.
	o := newModel(t, bookforgeState(t, "real", false), nil, 100, 30)
	o, _ = press(t, o, keyRune('?'))
	if v := plain(o); strings.Contains(v, "left") {
		t.Errorf("options help offers left:\n%s", v)
	}
	r := newModel(t, normalState(t), nil, 100, 30)
	r, _ = press(t, r, keyRune('2'), keyRune('?'))
	if v := plain(r); strings.Contains(v, "left") || r.gridOn() {
		t.Errorf("review without a grid offers left:\n%s", v)
	}
}

// On a grid taller than the terminal the highlight stays on screen with
// its reason, and only the rows on screen are drawn.
func TestGridLargeStaysInView(t *testing.T) {
	s := gridSession(500)
	m := gridModel(t, loaded(t, s), 80, 24)
	for i := range 300 {
		m, _ = press(t, m, keyDown)
		if i%50 == 0 {
			checkFits(t, m, 80, 24)
		}
	}
	row, _, top := m.gridSel(s.Grid)
	if row != 499 {
		t.Fatalf("row %d", row)
	}
	v := plain(m)
	label := fmt.Sprintf("› unit%03d", row+1)
	if !strings.Contains(v, label) || !strings.Contains(flat(v), fmt.Sprintf("not started: unit%03d check", row+1)) {
		t.Fatalf("highlight %s not in view:\n%s", label, v)
	}
	if !strings.Contains(v, fmt.Sprintf("rows %d-%d of 500", top+1, top+m.gridPerScreen(500))) {
		t.Errorf("row count:\n%s", v)
	}
	gridBodies.mu.Lock()
	defer gridBodies.mu.Unlock()
	for _, e := range gridBodies.entries {
		if e.key.s != s {
			continue
		}
		drawn := 0
		for _, r := range e.body.rows {
			if r != "" {
				drawn++
			}
		}
		// The rows passed on the way down, not the whole grid.
		if drawn > 300+m.gridPerScreen(500) {
			t.Errorf("%d rows drawn", drawn)
		}
	}
}

// The glyph rule: a dumb terminal or a locale that is not UTF-8 gets
// ASCII marks; the first of LC_ALL, LC_CTYPE and LANG that is set counts.
func TestGridASCIIRule(t *testing.T) {
	tests := []struct {
		term, all, ctype, lang string
		ascii                  bool
	}{
		{"xterm-256color", "", "", "en_US.UTF-8", false},
		{"xterm-256color", "", "", "C.utf8", false},
		{"xterm-256color", "", "", "C", true},
		{"xterm-256color", "", "", "", true},
		{"xterm-256color", "", "en_US.ISO-8859-1", "en_US.UTF-8", true},
		{"xterm-256color", "C.UTF-8", "POSIX", "C", false},
		{"xterm-256color", "POSIX", "", "en_US.UTF-8", true},
		{"dumb", "", "", "en_US.UTF-8", true},
	}
	for _, tt := range tests {
		t.Setenv("TERM", tt.term)
		t.Setenv("LC_ALL", tt.all)
		t.Setenv("LC_CTYPE", tt.ctype)
		t.Setenv("LANG", tt.lang)
		if got := localeASCII(); got != tt.ascii {
			t.Errorf("TERM=%s LC_ALL=%q LC_CTYPE=%q LANG=%q: ascii %v, want %v", tt.term, tt.all, tt.ctype, tt.lang, got, tt.ascii)
		}
	}
}

// The line count a move relies on (to skip laying the screen out again)
// is the count drawn, at every width, for every cell.
func TestGridCursorLen(t *testing.T) {
	m := gridModel(t, notCrashed(t, bookforgeState(t, "hashes", false)), 80, 24)
	g := m.state.Session.Grid
	for _, w := range []int{1, 3, 5, 12, 40, 80, 200} {
		e := m.gridBody(m.state.Session, w, lvCompact, false)
		for row := range g.Rows {
			for col := range g.Cols {
				for _, compact := range []bool{false, true} {
					ck := cursorKey{row: row, col: col, per: len(g.Rows), compact: compact}
					e.hasLast = false
					lines, _ := e.cursorBlock(m, g, ck)
					if n := m.cursorLen(g, ck, w); n != len(lines) {
						t.Errorf("width %d cell %d,%d compact %v: counted %d, drew %d", w, row, col, compact, n, len(lines))
					}
				}
			}
		}
	}
}

// TestNonUTF8LocaleDrawsASCII: in a locale that cannot show Unicode
// marks, with colour on, the whole wizard draws ASCII marks and key
// labels (the options, REVIEW with its grid, the help bar), and keeps
// its colours.
func TestNonUTF8LocaleDrawsASCII(t *testing.T) {
	pinEnv(t)
	t.Setenv("LANG", "C")
	for name, st := range map[string]model.State{
		"aios crash":     crashState(t),
		"bookforge book": bookforgeState(t, "real", false),
	} {
		m := New(Config{State: st, Project: "shop"})
		m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 40})
		screens := []string{m.View().Content}
		m, _ = press(t, m, keyRune('2')) // REVIEW (bookforge) or RESTART's git check (aios)
		screens = append(screens, m.View().Content)
		for i, v := range screens {
			if !strings.Contains(v, "\x1b[38") {
				t.Errorf("%s, screen %d: no colour left", name, i)
			}
			for _, r := range ansi.Strip(v) {
				if r > 127 {
					t.Fatalf("%s, screen %d: %q is not ASCII:\n%s", name, i, r, ansi.Strip(v))
				}
			}
		}
	}
}
