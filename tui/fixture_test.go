package tui

import (
	"sync"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/model"
)

// now is the fixed clock every fixture is loaded at.
var now = time.Date(2026, 2, 15, 12, 30, 0, 0, time.UTC)

const (
	project   = "/home/ana/shop"
	statePath = "/home/ana/shop/.aios/.session-state.yaml"
)

// aiosSession is an AIOS-like session by hand: epic "Authentication
// System", story 12.3, validation done, development current, four phases
// pending, stories 2/6, last updated two hours before now.
func aiosSession(mut ...func(*model.Session)) *model.Session {
	s := &model.Session{
		Source:         "aios",
		ID:             "3f2a9c1d0b7e",
		Path:           statePath,
		Project:        project,
		Title:          "12.3 - Implement JWT handler",
		Stage:          "development",
		Status:         "in_progress",
		LastUpdated:    now.Add(-2 * time.Hour),
		HasLastUpdated: true,
		LastAction:     &model.LastAction{Type: "PAUSE", Clean: true},
		Fields: []model.Field{
			{Key: "epic", Label: "Epic", Value: "Authentication System"},
			{Key: "story", Label: "Story", Value: "12.3 - Implement JWT handler"},
			{Key: "phase", Label: "Phase", Value: "development"},
		},
		Phases: []model.Phase{
			{Name: "validation", Status: model.PhaseCompleted, Executor: "@po", Duration: "10min", Result: "approved"},
			{Name: "development", Status: model.PhaseInProgress, Executor: "@dev"},
			{Name: "self_healing", Status: model.PhasePending},
			{Name: "quality_gate", Status: model.PhasePending},
			{Name: "push", Status: model.PhasePending},
			{Name: "checkpoint", Status: model.PhasePending},
		},
		Progress:    model.Progress{Done: 1, Total: 6},
		Units:       &model.Progress{Done: 2, Total: 6},
		UnitsLabel:  "stories",
		ResumePoint: model.ResumePoint{Phase: "development", Reason: "the phase in progress when the session stopped"},
		Handoff:     model.Handoff{Note: "JWT signing done; refresh tokens next."},
		Branch:      "feature/auth-jwt",
		Warnings:    []string{"phase_results has no entry for development yet"},
		Context:     map[string]any{"story": "12.3", "epic": "epic-12", "phase": "development"},
		// As the AIOS loader sets it: seed 001 hides REVIEW after a crash.
		Policy: map[model.Choice]model.ChoicePolicy{model.Continue: {Recommended: true}, model.Review: {HiddenAfterCrash: true}},
	}
	for _, f := range mut {
		f(s)
	}
	return s
}

func noLastAction(s *model.Session) { s.LastAction = nil }
func corrupted(s *model.Session) {
	*s = model.Session{Source: "aios", Path: statePath, Project: project,
		Problem: &model.LoadError{Kind: model.ErrCorrupted, Path: statePath, Line: 7,
			Detail: "yaml: line 7: mapping values are not allowed in this context"}}
}
func phaseNotFound(s *model.Session) {
	s.Problem = &model.LoadError{Kind: model.ErrPhaseNotFound, Path: statePath,
		Detail: `current_phase "deploying" is not one of the six phases`}
}

// loaded runs START on a session, as cmd does before the TUI starts.
func loaded(t testing.TB, s *model.Session) model.State {
	t.Helper()
	st, effs := model.Step(model.NewState(coreConfig()), model.Loaded{Session: s, Now: now})
	if len(effs) != 0 {
		t.Fatalf("Loaded gave effects %v", effs)
	}
	return st
}

func crashState(t testing.TB) model.State {
	st := loaded(t, aiosSession(noLastAction))
	if !st.Crash.Detected {
		t.Fatalf("fixture: crash not detected: %+v", st.Crash)
	}
	return st
}

func normalState(t testing.TB) model.State {
	st := loaded(t, aiosSession())
	if st.Crash.Detected || st.Screen != model.ScreenOptions {
		t.Fatalf("fixture: want normal options, got %s %+v", st.Screen, st.Crash)
	}
	return st
}

func corruptedState(t testing.TB) model.State {
	st := loaded(t, aiosSession(corrupted))
	if st.Screen != model.ScreenCorrupted {
		t.Fatalf("fixture: want corrupted, got %s", st.Screen)
	}
	return st
}

func phaseNotFoundState(t testing.TB) model.State {
	return loaded(t, aiosSession(phaseNotFound))
}

var vetoFiles = []string{"src/auth/jwt-handler.js", "src/auth/middleware.js", "tests/auth.test.js"}

// fakeRunner answers effects without I/O and records what it saw. The
// real git and file behaviour is tested in loaders.
type fakeRunner struct {
	mu      sync.Mutex
	git     model.GitChecked
	applied model.Applied
	seen    []model.Effect
}

func (f *fakeRunner) run(e model.Effect) model.Event {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.seen = append(f.seen, e)
	switch e := e.(type) {
	case model.CheckGit:
		return f.git
	case model.Apply:
		a := f.applied
		a.Choice = e.Choice
		return a
	}
	return nil
}

func (f *fakeRunner) applies() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, e := range f.seen {
		if _, ok := e.(model.Apply); ok {
			n++
		}
	}
	return n
}

// coreConfig is the core's configuration in the language the test
// speaks (speak): the core's own sentences in it, as cmd and the wizard
// hand them in.
func coreConfig() model.Config {
	if testCatalog == nil {
		return model.Config{}
	}
	return model.Config{Words: &testCatalog.Core}
}
