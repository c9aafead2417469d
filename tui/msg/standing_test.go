package msg

import (
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/model"
)

// The options screen's first line is the session's one word: an
// archived session is not welcomed back, a crucible run (which records
// no pause) never "paused", a crash is a crash, evidence of activity is
// "running".
func TestGreetingIsTheOneWord(t *testing.T) {
	now := time.Date(2026, 2, 15, 12, 0, 0, 0, time.UTC)
	at := func(mut func(*model.Session)) *model.Session {
		s := &model.Session{Source: "aios", LastUpdated: now.Add(-2 * time.Hour), HasLastUpdated: true,
			LastAction: &model.LastAction{Type: "PAUSE", Clean: true}}
		mut(s)
		return s
	}
	c := English
	crash := func(s *model.Session) model.CrashInfo { return model.DetectCrash(s, now, model.DefaultCrashAfter) }
	cases := []struct {
		name string
		s    *model.Session
		act  []model.Activity
		want string
	}{
		{"paused", at(func(*model.Session) {}), nil, "Welcome back! You paused 2 hours ago."},
		{"archived", at(func(s *model.Session) { s.Archived = true }), nil, "Archived: "},
		{"crucible", at(func(s *model.Session) {
			s.Source, s.LastAction, s.Standing = "crucible", nil, model.StandingInterrupted
			s.LastUpdated = now.Add(-10 * time.Minute)
		}), nil, "Interrupted 10 minutes ago"},
		{"crucible, recent", at(func(s *model.Session) {
			s.Source, s.LastAction, s.Standing = "crucible", nil, model.StandingInterrupted
			s.LastUpdated = now.Add(-5 * time.Minute)
		}), []model.Activity{{Kind: model.ActivityFiles, Detail: "the manifest changed 5 minutes ago"}}, "Running: "},
		{"crashed", at(func(s *model.Session) { s.LastAction = nil }), nil, "The previous session crashed."},
		{"done", at(func(s *model.Session) { s.Standing = model.StandingDone }), nil, "Done: "},
	}
	for _, tc := range cases {
		got := c.Greeting(tc.s, crash(tc.s).WithActivity(tc.act))
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: %q, want it to start %q", tc.name, got, tc.want)
		}
		if tc.name != "paused" && (strings.Contains(got, "Welcome back") || strings.Contains(got, "paused")) {
			t.Errorf("%s: %q", tc.name, got)
		}
	}
}
