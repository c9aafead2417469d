package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/pickup-dev/pickup/model"
)

// TestGolden snapshots each screen at three sizes through the ASCII colour
// profile (colours dropped, bold/faint kept), so the files do not depend
// on the terminal running the tests. Regenerate with
// `go test ./tui -update` and read every diff before accepting it.
func TestGolden(t *testing.T) {
	dirty := &fakeRunner{git: model.GitChecked{Available: true, Files: vetoFiles}}
	screens := []screen{
		{"crash_options", func(t *testing.T, w, h int) Model { return newModel(t, crashState(t), nil, w, h) }},
		{"normal_options", func(t *testing.T, w, h int) Model { return newModel(t, normalState(t), nil, w, h) }},
		{"phase_not_found", func(t *testing.T, w, h int) Model { return newModel(t, phaseNotFoundState(t), nil, w, h) }},
		{"corrupted", func(t *testing.T, w, h int) Model { return newModel(t, corruptedState(t), nil, w, h) }},
		{"review", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, normalState(t), nil, w, h), keyRune('2'))
			return m
		}},
		{"veto", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, crashState(t), dirty, w, h), keyRune('2'))
			return arm(t, m)
		}},
		{"discard_confirm", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, normalState(t), nil, w, h), keyRune('4'))
			return arm(t, m)
		}},
		{"done_continue", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, normalState(t), nil, w, h), keyEnter)
			return m
		}},
	}
	goldens(t, screens, [2]int{40, 12}, [2]int{80, 24}, [2]int{120, 40})
}

// TestGoldenNoColor pins the NO_COLOR variant: ASCII glyphs, no colour.
func TestGoldenNoColor(t *testing.T) {
	pinEnv(t)
	t.Setenv("NO_COLOR", "1")
	m := New(Config{State: crashState(t), Project: "shop"})
	m = update(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	golden.RequireEqual(t, []byte(pinned(m)))
}
