package tui

import (
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/bookforge"
	"github.com/pickup-dev/pickup/model"
)

// bookforgeState loads the live book of testdata/bookforge/<name> with
// the fixture clock, as cmd does before the wizard starts.
func bookforgeState(t *testing.T, name string, plain bool, flags ...string) model.State {
	t.Helper()
	o := loaders.Options{Now: now, Plain: plain, Flags: map[string]string{}}
	for _, f := range flags {
		o.Flags[f] = "true"
	}
	return bookforgeWith(t, name, o)
}

// bookforgeWith is bookforgeState with the loader's options given.
func bookforgeWith(t *testing.T, name string, o loaders.Options) model.State {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "bookforge", name))
	if err != nil {
		t.Fatal(err)
	}
	l := bookforge.New(o)
	paths, err := l.Discover(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		s, err := l.Load(dir, p)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Archived {
			return loaded(t, s)
		}
	}
	t.Fatalf("no live book in %s", dir)
	return model.State{}
}

// TestBookforgeGolden pins the bookforge screens: the pause leading the
// options, the scene x phase grid on the dashboard (scrolled to it), and
// a book blocked by a changed prompt template.
func TestBookforgeGolden(t *testing.T) {
	screens := []screen{
		{"options", func(t *testing.T, w, h int) Model { return newModel(t, bookforgeState(t, "real", false), nil, w, h) }},
		{"review", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, bookforgeState(t, "real", false), nil, w, h), keyRune('2'))
			return m
		}},
		{"review_grid", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, bookforgeState(t, "real", false), nil, w, h), keyRune('2'), keyPgDn)
			return m
		}},
		{"blocked", func(t *testing.T, w, h int) Model { return newModel(t, bookforgeState(t, "hashes", false), nil, w, h) }},
	}
	goldens(t, screens, [2]int{40, 12}, [2]int{80, 24}, [2]int{120, 40})
}

// TestBookforgeGoldenPlain pins REVIEW under NO_COLOR, the loader's
// text plain: the grid drops its colours and keeps its glyphs (ASCII
// marks are for terminals that cannot show them: see grid.go).
func TestBookforgeGoldenPlain(t *testing.T) {
	pinEnv(t)
	t.Setenv("NO_COLOR", "1")
	m := New(Config{State: bookforgeState(t, "real", true), Project: "shop"})
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 60})
	m, _ = press(t, m, keyRune('2'))
	v := plain(m)
	for _, want := range []string{"> ch001_sc003  ✓  ✓  ✓ [↻] ↻  ↻  ?  ↻  ◀ resume", "✓ done/skip · ↻ rerun · ✗ blocked · ? if lint fails · – not needed", "Scenes x phases"} {
		if !strings.Contains(v, want) {
			t.Fatalf("plain review lacks %q:\n%s", want, v)
		}
	}
	golden.RequireEqual(t, []byte(pinned(m)))
}

// The grid and the highlighted cell's reason are on the dashboard, the
// text grid and the list of reasons are not (the grid says them), and
// the blocked book says why CONTINUE is off.
func TestBookforgeDashboardText(t *testing.T) {
	m := newModel(t, bookforgeState(t, "real", false), nil, 120, 80)
	m, _ = press(t, m, keyRune('2'))
	v := plain(m)
	for _, want := range []string{
		"› ch001_sc003  ✓  ✓  ✓ [↻] ↻  ↻  ?  ↻  ◀ resume",
		"ch001_sc003 write: RERUN\n    no ledger entry: the run paused here (HTTP 429 quota pause in write_scene)",
		"Retry after: 10 minutes, safe from 2026-02-15 12:36:00 UTC: not yet, wait 6 minutes",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("review lacks %q:\n%s", want, v)
		}
	}
	for _, gone := range []string{"ch001_sc003 ✓ ✓ ✓ ↻ ↻ ↻ ? ↻ ◀ resume", "\nWhy\n"} {
		if strings.Contains(v, gone) {
			t.Errorf("review still shows %q:\n%s", gone, v)
		}
	}
	m = newModel(t, bookforgeState(t, "hashes", false), nil, 120, 40)
	v = flat(plain(m))
	for _, want := range []string{"Blocked: ch001_sc002 write: template changed: prompts/templates/write_scene_v2.md", "recorded hashes no longer match"} {
		if !strings.Contains(v, want) {
			t.Errorf("options lack %q:\n%s", want, v)
		}
	}
}
