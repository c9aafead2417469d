package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
)

// pickerSessions are five sessions of five formats, given out of order:
// three live (a crashed AIOS story, a paused kiln run, an active crucible
// pipeline) and two archived (a design feature and a bookforge reset).
func pickerSessions() []*model.Session {
	mk := func(src, id, title, stage string, ago time.Duration, mut ...func(*model.Session)) *model.Session {
		s := &model.Session{Source: src, ID: id, Title: title, Stage: stage, Project: project,
			Path: project + "/." + src + "/state", LastUpdated: now.Add(-ago), HasLastUpdated: true}
		for _, f := range mut {
			f(s)
		}
		return s
	}
	archived := func(s *model.Session) { s.Archived = true }
	return []*model.Session{
		mk("design", "d1e5a0000001", "user-export", "design", 26*time.Hour, archived),
		mk("kiln", "c0ffee000002", "shop", "execution", 3*time.Hour, func(s *model.Session) {
			s.LastAction = &model.LastAction{Type: "pause", Clean: true}
			s.Phases = []model.Phase{{Name: "Foundation", Status: model.PhaseCompleted}, {Name: "Checkout flow", Status: model.PhaseInProgress}, {Name: "Orders", Status: model.PhasePending}}
			s.Branch = "kiln/phase-3-checkout-flow"
		}),
		aiosSession(func(s *model.Session) { s.LastAction = nil }),
		mk("bookforge", "b00c00000004", "The Glass Orchard (reset 2026-02-10)", "ch001 sc001", 50*time.Hour, archived),
		mk("crucible", "cc1000000005", "build pipeline 1775430161", "", 10*time.Minute, func(s *model.Session) {
			s.Phases = []model.Phase{{Name: "1", Status: model.PhaseCompleted}, {Name: "2", Status: model.PhaseInProgress}}
			s.Units, s.UnitsLabel = &model.Progress{Done: 4, Total: 9}, "dispatches"
			s.Branch = "main"
			// Its manifest written 10 minutes ago: evidence it runs.
			s.Standing, s.Touched, s.TouchedWhat = model.StandingInterrupted, s.LastUpdated, "the dispatch manifest"
		}),
	}
}

func newPicker(t *testing.T, ss []*model.Session, w, h int, files *Files) Model {
	t.Helper()
	pinEnv(t)
	m := New(Config{Sessions: ss, Now: now, Project: "shop", Files: files, Catalog: testCatalog})
	return update(t, m, tea.WindowSizeMsg{Width: w, Height: h})
}

// typeText presses each rune of s.
func typeText(t *testing.T, m Model, s string) Model {
	t.Helper()
	for _, r := range s {
		m, _ = press(t, m, keyRune(r))
	}
	return m
}

// shownTitles are the sessions on screen, top to bottom, by source.
func shownSources(m Model) []string {
	var out []string
	for _, s := range m.pickerRows().rows {
		out = append(out, s.Source)
	}
	return out
}

func TestPickerOrderAndHiddenFooter(t *testing.T) {
	m := newPicker(t, pickerSessions(), 80, 24, nil)
	if m.view != viewPicker {
		t.Fatalf("view %v, want the picker", m.view)
	}
	if got := strings.Join(shownSources(m), " "); got != "crucible aios kiln" {
		t.Fatalf("rows %q, want newest first without archived", got)
	}
	v := plain(m)
	if !strings.Contains(v, "showing 3 of 5: 2 archived; press a to show all") {
		t.Fatalf("footer:\n%s", v)
	}
	// Newest first on screen too, and the highlight on the newest.
	if i, j, k := strings.Index(v, "build pipeline"), strings.Index(v, "Implement JWT handler"), strings.Index(v, "kiln      shop"); !(i >= 0 && i < j && j < k) {
		t.Fatalf("order on screen:\n%s", v)
	}
	if !strings.Contains(v, "› crucible") {
		t.Fatalf("highlight:\n%s", v)
	}
	for _, want := range []string{"⚠ crashed · updated 2h ago", "paused · updated 3h ago", "⚠ running · updated 10m ago",
		"development · Phases 1/6 · Stories 2/6 (33%) · branch feature/auth-…",
		"execution · phase Checkout flow · Phases 1/3 · branch kiln/phase-3-…"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in:\n%s", want, v)
		}
	}

	m, _ = press(t, m, keyRune('a'))
	if got := strings.Join(shownSources(m), " "); got != "crucible aios kiln design bookforge" {
		t.Fatalf("show all: %q", got)
	}
	if v := plain(m); !strings.Contains(v, "showing 5 of 5: 2 archived included; press a to hide archived") || !strings.Contains(v, "archived · updated 2d ago") {
		t.Fatalf("show all footer:\n%s", v)
	}
	m, _ = press(t, m, keyRune('a'))
	if len(m.pickerRows().rows) != 3 {
		t.Fatal("a did not hide the archived again")
	}
}

func TestPickerFilter(t *testing.T) {
	m := newPicker(t, pickerSessions(), 80, 24, nil)
	m, _ = press(t, m, keyRune('/'))
	if !m.pick.filter.typing {
		t.Fatal("/ did not start the filter")
	}
	// Letters are text while filtering: q, a and j do not quit, toggle or
	// move.
	m = typeText(t, m, "checkout q")
	if m.state.Screen == model.ScreenQuit || m.pick.showAll || m.pick.filter.value() != "checkout q" {
		t.Fatalf("filter %q screen %s", m.pick.filter.value(), m.state.Screen)
	}
	m, _ = press(t, m, keyBack, keyBack)
	if m.pick.filter.value() != "checkout" {
		t.Fatalf("backspace: %q", m.pick.filter.value())
	}
	if got := shownSources(m); len(got) != 0 {
		// "checkout" is a phase name, not a title: it must match anyway.
		if strings.Join(got, " ") != "kiln" {
			t.Fatalf("rows %v", got)
		}
	} else {
		t.Fatal("the filter looks at phases too")
	}
	v := plain(m)
	// While typing, a is text: the footer does not offer it.
	if !strings.Contains(v, "/checkout▏") || !strings.Contains(flat(v), "showing 1 of 5: 2 archived, 2 not matching the filter; esc clears the filter") {
		t.Fatalf("filter footer:\n%s", v)
	}
	// enter keeps the filter and ends the typing; enter again opens.
	m, _ = press(t, m, keyEnter)
	if m.pick.filter.typing || m.pick.filter.value() != "checkout" || !strings.Contains(plain(m), "filter: checkout") {
		t.Fatalf("after enter: filtering %v filter %q", m.pick.filter.typing, m.pick.filter.value())
	}
	if !strings.Contains(flat(plain(m)), "press a to show all, esc clears the filter") {
		t.Fatalf("the applied filter's footer does not offer a again:\n%s", plain(m))
	}
	// Words match anywhere, in any order, ignoring case.
	m, _ = press(t, m, keyEsc)
	if m.pick.filter.value() != "" || len(shownSources(m)) != 3 {
		t.Fatalf("esc did not clear: %q %v", m.pick.filter.value(), shownSources(m))
	}
	m, _ = press(t, m, keyRune('/'))
	m = typeText(t, m, "JWT aios")
	if got := strings.Join(shownSources(m), " "); got != "aios" {
		t.Fatalf("two words: %q", got)
	}
	m = typeText(t, m, "zzz")
	if v := plain(m); !strings.Contains(v, "No session matches the filter.") {
		t.Fatalf("no match:\n%s", v)
	}
	// An archived session matches only once shown.
	m, _ = press(t, m, keyEsc, keyRune('/'))
	m = typeText(t, m, "orchard")
	if len(shownSources(m)) != 0 {
		t.Fatal("an archived session matched while hidden")
	}
	m, _ = press(t, m, keyEnter, keyRune('a'))
	if got := strings.Join(shownSources(m), " "); got != "bookforge" {
		t.Fatalf("archived and filtered: %q", got)
	}
}

// enter opens the highlighted session in the core; esc comes back to the
// picker with the same session highlighted.
func TestPickerChooseAndBack(t *testing.T) {
	m := newPicker(t, pickerSessions(), 80, 24, nil)
	m, _ = press(t, m, keyDown)
	if m.pick.sel != "3f2a9c1d0b7e" {
		t.Fatalf("down: sel %s", m.pick.sel)
	}
	m, _ = press(t, m, keyEnter)
	if m.view != viewWizard || m.state.Screen != model.ScreenOptions || m.Session().Source != "aios" {
		t.Fatalf("view %v screen %s", m.view, m.state.Screen)
	}
	if !m.state.Crash.Detected {
		t.Fatal("the core was not loaded at Now")
	}
	v := plain(m)
	if !strings.Contains(v, "The previous session crashed.") || !strings.Contains(v, "esc sessions") {
		t.Fatalf("options:\n%s", v)
	}
	m, _ = press(t, m, keyEsc)
	if m.view != viewPicker || m.state.Session != nil || m.state.Screen != model.ScreenLoading {
		t.Fatalf("esc: view %v screen %s", m.view, m.state.Screen)
	}
	if m.pick.sel != "3f2a9c1d0b7e" || !strings.Contains(plain(m), "› aios") {
		t.Fatalf("highlight lost:\n%s", plain(m))
	}
	// A choice made after coming back goes to the new session.
	m, _ = press(t, m, keyDown, keyEnter)
	if m.Session().Source != "kiln" {
		t.Fatalf("second pick %s", m.Session().Source)
	}
}

func TestPickerQuit(t *testing.T) {
	m := newPicker(t, pickerSessions(), 80, 24, nil)
	m, msgs := press(t, m, keyRune('q'))
	if m.state.Screen != model.ScreenQuit || !hasQuit(msgs) || m.Decision() != nil || m.Session() != nil {
		t.Fatalf("screen %s", m.state.Screen)
	}
	if v := plain(m); !strings.Contains(v, "Nothing changed.") {
		t.Fatalf("final frame:\n%s", v)
	}
	m = newPicker(t, pickerSessions(), 80, 24, nil)
	m, _ = press(t, m, keyCtrlC)
	if !m.Interrupted() {
		t.Fatal("ctrl+c is not an interrupt")
	}
}

// One session that is not archived opens straight away; the archived
// ones stay reachable through esc.
func TestPickerSkippedForOneLiveSession(t *testing.T) {
	ss := pickerSessions()
	var one []*model.Session
	for _, s := range ss {
		if s.Archived || s.Source == "aios" {
			one = append(one, s)
		}
	}
	m := newPicker(t, one, 80, 24, nil)
	if m.view != viewWizard || m.Session() == nil || m.Session().Source != "aios" {
		t.Fatalf("view %v", m.view)
	}
	m, _ = press(t, m, keyEsc)
	if m.view != viewPicker || !strings.Contains(plain(m), "showing 1 of 3: 2 archived; press a to show all") {
		t.Fatalf("esc:\n%s", plain(m))
	}
	// A single session has no picker: esc does nothing on its options.
	m = newPicker(t, ss[2:3], 80, 24, nil)
	m, _ = press(t, m, keyEsc)
	if m.view != viewWizard || m.state.Screen != model.ScreenOptions {
		t.Fatalf("single: view %v screen %s", m.view, m.state.Screen)
	}
	if strings.Contains(plain(m), "sessions") {
		t.Fatalf("help offers a picker that is not there:\n%s", plain(m))
	}
}

// Many sessions: only the rows in view are drawn, the cursor stays in
// view, and the frame never outgrows the terminal.
func TestPickerScrolls(t *testing.T) {
	var ss []*model.Session
	for i := range 40 {
		s := aiosSession(func(s *model.Session) {
			s.ID = fmt.Sprintf("%012d", i)
			s.Title = fmt.Sprintf("session %02d", i)
			s.LastUpdated = now.Add(-time.Duration(i) * time.Hour)
		})
		ss = append(ss, s)
	}
	m := newPicker(t, ss, 80, 24, nil)
	checkFits(t, m, 80, 24)
	v := plain(m)
	if !strings.Contains(v, "session 00") || strings.Contains(v, "session 20") {
		t.Fatalf("first page:\n%s", v)
	}
	m, _ = press(t, m, tea.KeyPressMsg{Code: tea.KeyEnd})
	v = plain(m)
	if !strings.Contains(v, "› aios") || !strings.Contains(v, "session 39") || strings.Contains(v, "session 00") {
		t.Fatalf("end:\n%s", v)
	}
	checkFits(t, m, 80, 24)
	m, _ = press(t, m, keyPgDn)
	m, _ = press(t, m, tea.KeyPressMsg{Code: tea.KeyHome})
	if !strings.Contains(plain(m), "session 00") {
		t.Fatalf("home:\n%s", plain(m))
	}
}

// ? lists every binding of the picker, from the keymap.
func TestPickerHelp(t *testing.T) {
	m := newPicker(t, pickerSessions(), 120, 40, &Files{})
	m, _ = press(t, m, keyRune('?'))
	v := plain(m)
	for _, want := range []string{"enter", "choose", "/", "filter", "a", "show all", "v", "artifacts", "q", "quit", "?", "less"} {
		if !strings.Contains(v, want) {
			t.Errorf("full help lacks %q:\n%s", want, v)
		}
	}
	for _, not := range []string{"open in pager", "edit", "discard"} {
		if strings.Contains(v, not) {
			t.Errorf("full help offers %q on the picker:\n%s", not, v)
		}
	}
}

func TestPickerGolden(t *testing.T) {
	screens := []screen{
		{"list", func(t *testing.T, w, h int) Model { return newPicker(t, pickerSessions(), w, h, &Files{}) }},
		{"show_all", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newPicker(t, pickerSessions(), w, h, &Files{}), keyRune('a'), keyDown)
			return m
		}},
		{"filtering", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newPicker(t, pickerSessions(), w, h, &Files{}), keyRune('/'))
			return typeText(t, m, "kiln")
		}},
	}
	goldens(t, screens, [2]int{40, 12}, [2]int{80, 24}, [2]int{120, 40}, [2]int{160, 48})
}
