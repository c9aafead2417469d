package model

import (
	"testing"
	"time"
)

func TestStandingOf(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	at := func(ago time.Duration, last *LastAction) *Session {
		return &Session{LastUpdated: now.Add(-ago), HasLastUpdated: true, LastAction: last}
	}
	pause := &LastAction{Type: "PAUSE", Clean: true}
	phase := &LastAction{Type: "PHASE_CHANGE"}
	corrupted := &Session{Problem: &LoadError{Kind: ErrCorrupted}}
	archived := at(time.Hour, phase)
	archived.Archived = true
	ready := at(3*time.Hour, pause)
	ready.Standing = StandingReady
	readyStale := at(3*time.Hour, phase)
	readyStale.Standing = StandingReady
	lock := []Activity{{Kind: ActivityLock, Detail: "another pickup (pid 7) has it open"}}
	for _, tc := range []struct {
		name string
		s    *Session
		act  []Activity
		want Standing
	}{
		{"nil", nil, nil, ""},
		{"corrupted beats everything", corrupted, lock, StandingCorrupted},
		{"archived beats running", archived, lock, StandingArchived},
		{"stale without a pause is a crash", at(2*time.Hour, phase), nil, StandingCrashed},
		{"evidence turns a crash into running", at(2*time.Hour, phase), lock, StandingRunning},
		{"a pause three days ago is paused", at(72*time.Hour, pause), nil, StandingPaused},
		{"recent without a pause is interrupted", at(10*time.Minute, phase), nil, StandingInterrupted},
		{"recent with no last action reads as paused", at(10*time.Minute, nil), nil, StandingPaused},
		{"no time at all is interrupted", &Session{}, nil, StandingInterrupted},
		{"the source's own word when not crashed", ready, nil, StandingReady},
		{"a crash outranks the source's word", readyStale, nil, StandingCrashed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var crash CrashInfo
			if tc.s != nil && tc.s.Problem == nil {
				crash = DetectCrash(tc.s, now, DefaultCrashAfter).WithActivity(tc.act)
			}
			if got := StandingOf(tc.s, crash); got != tc.want {
				t.Fatalf("StandingOf = %q, want %q (crash %+v)", got, tc.want, crash)
			}
		})
	}
}

func TestLoadedActivityMakesRunningAndAlerts(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	s := &Session{Source: "aios", Path: "/p/s.yaml", LastUpdated: now.Add(-2 * time.Hour), HasLastUpdated: true,
		LastAction: &LastAction{Type: "PHASE_CHANGE"}, Alerts: []Alert{{Kind: AlertStale, Text: "stale marker"}}}
	act := []Activity{{Kind: ActivityProcess, Detail: "claude (pid 4242) is running in this project", PID: 4242, Name: "claude"}}
	st, _ := Step(NewState(Config{}), Loaded{Session: s, Now: now, Activity: act})
	if st.Crash.Detected || !st.Crash.Running || st.Crash.ReasonCode != CrashRunning {
		t.Fatalf("crash = %+v, want running and not detected", st.Crash)
	}
	if _, ok := Find(st.Options, Review); !ok {
		t.Fatal("no REVIEW option")
	}
	if o, _ := Find(st.Options, Review); !o.Visible {
		t.Fatal("REVIEW hidden although the session is running, not crashed")
	}
	al := st.Alerts()
	if len(al) != 2 || al[0].Kind != AlertRunning || al[0].Text != act[0].Detail || al[1].Kind != AlertStale {
		t.Fatalf("alerts = %+v", al)
	}
	st, _ = Step(NewState(Config{}), Loaded{Session: s, Now: now})
	if !st.Crash.Detected || st.Crash.Running || len(st.Alerts()) != 1 {
		t.Fatalf("without evidence: crash %+v alerts %+v", st.Crash, st.Alerts())
	}
}

// A corrupted session the source rebuilt (a /design session from its
// artifacts) is corrupted, and still offers the source's own menu on the
// options screen, not DISCARD alone.
func TestRecoveredCorruptionKeepsTheMenu(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	s := &Session{Path: "/p/x.session.json", LastUpdated: now.Add(-time.Hour), HasLastUpdated: true,
		LastAction: &LastAction{Type: "checkpoint", Clean: true},
		Problem:    &LoadError{Kind: ErrCorrupted, Path: "/p/x.session.json", Line: 2, Detail: "not valid JSON", Recovered: true},
		Policy:     map[Choice]ChoicePolicy{Restart: {Recommended: true}}}
	st, _ := Step(NewState(Config{CrashAfter: DefaultCrashAfter}), Loaded{Session: s, Now: now})
	if st.Screen != ScreenOptions {
		t.Errorf("screen %q, want the options", st.Screen)
	}
	if got := StandingOf(s, st.Crash); got != StandingCorrupted {
		t.Errorf("standing %q, want corrupted", got)
	}
	for _, o := range st.Options {
		if !o.Enabled || o.Recommended != (o.Choice == Restart) {
			t.Errorf("%s: enabled %v recommended %v; the source's menu must stand", o.Choice, o.Enabled, o.Recommended)
		}
	}
	s.Problem.Recovered = false
	st, _ = Step(NewState(Config{CrashAfter: DefaultCrashAfter}), Loaded{Session: s, Now: now})
	if st.Screen != ScreenCorrupted {
		t.Errorf("not recovered: screen %q, want corrupted", st.Screen)
	}
	if o, _ := Find(st.Options, Restart); o.Enabled {
		t.Errorf("not recovered: RESTART enabled; only DISCARD is possible")
	}
}
