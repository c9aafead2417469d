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
	dirty := &fakeRunner{git: vetoAnswer}
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
			m, _ := press(t, newModel(t, loaded(t, aiosSession(noLastAction, withStoryFile)), dirty, w, h), keyRune('2'))
			return arm(t, m)
		}},
		{"discard_confirm", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, normalState(t), nil, w, h), keyRune('4'))
			return arm(t, m)
		}},
		{"alert_options", func(t *testing.T, w, h int) Model { return newModel(t, alertState(t), nil, w, h) }},
		{"done_continue", func(t *testing.T, w, h int) Model {
			m, _ := press(t, newModel(t, normalState(t), nil, w, h), keyEnter)
			return m
		}},
	}
	goldens(t, screens, [2]int{40, 12}, [2]int{80, 24}, [2]int{120, 40})
}

// alertState is a paused session with facts that bear on the choice: a
// stale pause marker and a conflict, above the question; CONTINUE's
// recommendation says why, RESTART's (without one) is dropped.
func alertState(t *testing.T) model.State {
	return loaded(t, aiosSession(func(s *model.Session) {
		s.Alert(model.AlertStale, "The pause marker .aios/paused is stale: it names story 12.2, finished since.")
		s.Alert(model.AlertConflict, "current_phase is development but phase_history ends at validation.")
		s.Policy = map[model.Choice]model.ChoicePolicy{
			model.Continue: {Recommended: true, Why: "the story file is on disk"},
			model.Restart:  {Recommended: true},
		}
	}))
}

// vetoAnswer is git's answer with a file of every class: the session's
// state, pickup's archive, the story file the session records, and the
// person's own changes (modified, staged, renamed, untracked).
var vetoAnswer = model.GitChecked{Available: true, Cwd: project, Changes: []model.Change{
	{Path: ".aios/.session-state.yaml", XY: " M"},
	{Path: ".aios/.session-state.yaml.discarded.20260215T103000Z", XY: "??", Own: true},
	{Path: "docs/stories/12.3.story.md", XY: " M"},
	{Path: "src/auth/jwt-handler.js", XY: " M"},
	{Path: "src/auth/middleware.js", XY: "A "},
	{Path: "src/auth/session.js", XY: "R ", OrigPath: "src/auth/cookies.js"},
	{Path: "tests/auth.test.js", XY: "??"},
}}

// withStoryFile records the story file as the session's artifact.
func withStoryFile(s *model.Session) {
	s.Artifacts = []model.Artifact{{Path: "docs/stories/12.3.story.md", Kind: "story", Exists: true}}
}

// TestGoldenNoColor pins the NO_COLOR variant: ASCII glyphs, no colour.
func TestGoldenNoColor(t *testing.T) {
	pinEnv(t)
	t.Setenv("NO_COLOR", "1")
	m := New(Config{State: crashState(t), Project: "shop"})
	m = update(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	golden.RequireEqual(t, []byte(pinned(m)))
}
