package msg

import (
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/model"
)

func TestElapsed(t *testing.T) {
	c := &English
	tests := []struct {
		min  int
		want string
	}{
		{-5, "just now"},
		{0, "just now"},
		{1, "1 minute ago"},
		{30, "30 minutes ago"},
		{59, "59 minutes ago"},
		{60, "1 hour ago"},
		{120, "2 hours ago"},
		{47*60 + 59, "47 hours ago"},
		{48 * 60, "2 days ago"},
		{3*24*60 + 5, "3 days ago"},
	}
	for _, tt := range tests {
		if got := c.Elapsed(tt.min); got != tt.want {
			t.Errorf("Elapsed(%d) = %q, want %q", tt.min, got, tt.want)
		}
	}
}

func TestDecisionText(t *testing.T) {
	c := &English
	story := map[string]any{"story": "12.3"}
	tests := []struct {
		d    model.Decision
		want string
	}{
		{model.Decision{Action: model.ActionContinue, Context: story, ResumePoint: model.ResumePoint{Phase: "development"}},
			"Resuming story 12.3 at phase development"},
		// YAML reads an unquoted 12.3 as a float; it must print as 12.3.
		{model.Decision{Action: model.ActionContinue, Context: map[string]any{"story": 12.3}, ResumePoint: model.ResumePoint{Phase: "push"}},
			"Resuming story 12.3 at phase push"},
		{model.Decision{Action: model.ActionContinue}, "Resuming where it stopped"},
		{model.Decision{Action: model.ActionRestart, Context: story}, "Workflow reset; story 12.3 starts again from phase 1"},
		{model.Decision{Action: model.ActionRestart}, "Workflow reset; it starts again from phase 1"},
		{model.Decision{Action: model.ActionRestartBlocked, Veto: &model.Veto{Files: []string{"a", "b", "c"}}},
			"Restart blocked by uncommitted changes (3 files)"},
		{model.Decision{Action: model.ActionRestartBlocked, Veto: &model.Veto{Files: []string{"a"}}},
			"Restart blocked by uncommitted changes (1 file)"},
		{model.Decision{Action: model.ActionDiscarded, ArchivedTo: "/p/.s.yaml.discarded.1"},
			"Session archived to /p/.s.yaml.discarded.1; nothing was deleted. Next: start the workflow again with its own command, or run pickup for the sessions left."},
		{model.Decision{Action: model.ActionFresh}, "No saved session. Starting fresh."},
	}
	for _, tt := range tests {
		if got := c.DecisionText(tt.d); got != tt.want {
			t.Errorf("DecisionText(%s) = %q, want %q", tt.d.Action, got, tt.want)
		}
		if strings.Contains(c.DecisionText(tt.d), "\n") {
			t.Errorf("DecisionText(%s) is not one line", tt.d.Action)
		}
	}
}

var now = time.Date(2026, 2, 15, 12, 30, 0, 0, time.UTC)

func session() *model.Session {
	return &model.Session{
		Source: "aios", Path: "/p/.aios/.session-state.yaml", Project: "/p",
		LastUpdated: now.Add(-2 * time.Hour), HasLastUpdated: true,
		LastAction: &model.LastAction{Type: "PAUSE", Clean: true},
		Fields: []model.Field{
			{Key: "epic", Label: "Epic", Value: "Authentication System"},
			{Key: "story", Label: "Story", Value: "12.3 - Implement JWT handler"},
		},
		Phases: []model.Phase{
			{Name: "validation", Status: model.PhaseCompleted},
			{Name: "development", Status: model.PhaseInProgress},
			{Name: "self_healing"}, {Name: "quality_gate"}, {Name: "push"}, {Name: "checkpoint"},
		},
		Units: &model.Progress{Done: 2, Total: 6}, UnitsLabel: "Stories",
		ResumePoint: model.ResumePoint{Phase: "development", Reason: "in progress"},
		Warnings:    []string{"something odd"},
		// As the AIOS loader sets it: seed 001 hides REVIEW after a crash.
		Policy: map[model.Choice]model.ChoicePolicy{model.Review: {HiddenAfterCrash: true}},
	}
}

func TestStatusTextNormal(t *testing.T) {
	s := session()
	crash := model.DetectCrash(s, now, model.DefaultCrashAfter)
	got := English.StatusText(s, crash, model.Options(s, crash))
	want := `Welcome back! You paused 2 hours ago.
Epic: Authentication System
Story: 12.3 - Implement JWT handler
Phase: development (1/6 completed)
Phases 1/6 · Stories 2/6 (33%)
Resume at: development (in progress)
Options:
  1. CONTINUE - pick up where it stopped
  2. REVIEW - see detailed progress
  3. RESTART - start the story again from phase 1
  4. DISCARD - archive the session and start fresh
Warnings:
  ! something odd
`
	if got != want {
		t.Fatalf("StatusText:\n%s\nwant:\n%s", got, want)
	}
}

func TestStatusTextCrashAndProblems(t *testing.T) {
	s := session()
	s.LastAction = nil
	crash := model.DetectCrash(s, now, model.DefaultCrashAfter)
	got := English.StatusText(s, crash, model.Options(s, crash))
	for _, want := range []string{"! The previous session crashed.\nLast update: 2 hours ago\n", "  2. RESTART", "  3. DISCARD"} {
		if !strings.Contains(got, want) {
			t.Errorf("crash status misses %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "REVIEW") {
		t.Errorf("crash status lists REVIEW:\n%s", got)
	}

	s = session()
	s.Problem = &model.LoadError{Kind: model.ErrPhaseNotFound, Path: s.Path, Detail: "deploying"}
	crash = model.DetectCrash(s, now, model.DefaultCrashAfter)
	got = English.StatusText(s, crash, model.Options(s, crash))
	for _, want := range []string{"! The state names a phase this workflow does not have: deploying.",
		"1. CONTINUE - pick up where it stopped [not available: " + model.ReasonPhaseNotFound + "]",
		"3. RESTART - start the story again from phase 1 (recommended)"} {
		if !strings.Contains(got, want) {
			t.Errorf("phase_not_found status misses %q:\n%s", want, got)
		}
	}

	bad := &model.Session{Path: "/p/x.yaml", Problem: &model.LoadError{Kind: model.ErrCorrupted, Path: "/p/x.yaml", Line: 3, Detail: "bad yaml"}}
	got = English.StatusText(bad, model.CrashInfo{}, model.Options(bad, model.CrashInfo{}))
	for _, want := range []string{"File: /p/x.yaml", "Problem: /p/x.yaml:3: bad yaml", "Only DISCARD is possible"} {
		if !strings.Contains(got, want) {
			t.Errorf("corrupted status misses %q:\n%s", want, got)
		}
	}
	if got := English.StatusText(nil, model.CrashInfo{}, nil); got != "No saved session found.\n" {
		t.Errorf("nil session: %q", got)
	}
}

func TestUnitsNeverNaN(t *testing.T) {
	s := session()
	s.Units = &model.Progress{Done: 3, Total: 0}
	if got := English.UnitsLine(s); got != "" {
		t.Errorf("zero total should give no units line, got %q", got)
	}
	s.Units = &model.Progress{Done: 7, Total: 6}
	if got := English.UnitsLine(s); got != "Stories 7/6 (100%)" {
		t.Errorf("got %q", got)
	}
}

func TestEveryChoiceHasText(t *testing.T) {
	for _, ch := range model.AllChoices {
		if English.Choices[ch] == "" || English.ChoiceHints[ch] == "" || English.Tradeoffs[ch] == "" {
			t.Errorf("English lacks text for %s", ch)
		}
	}
	if English.VetoSuggestion != "Commit or stash your changes before restart." {
		t.Errorf("VetoSuggestion = %q", English.VetoSuggestion)
	}
}

func TestFactsCountPhases(t *testing.T) {
	s := session()
	s.Fields = append(s.Fields, model.Field{Key: "phase", Label: "Phase", Value: "development"})
	s.UnitsLabel = "stories"
	got := English.Facts(s)
	if len(got) != 3 || got[2] != [2]string{"Phase", "development (1/6 completed)"} {
		t.Fatalf("facts %v", got)
	}
	s.Fields[2].Value = "none"
	if got := English.Facts(s); got[2][1] != "none" {
		t.Fatalf("a phase field naming no phase is kept as is: %v", got)
	}
	if got := English.UnitsLine(s); got != "Stories 2/6 (33%)" {
		t.Fatalf("units %q", got)
	}
}
