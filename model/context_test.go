package model

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
)

const head = "4f1c2d9aa0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5"

func TestContextAlerts(t *testing.T) {
	onMain := &Checkout{Dir: "/p", Repo: true, Branch: "main", Head: head}
	tests := []struct {
		name string
		rec  Recorded
		co   *Checkout
		want []string
	}{
		{"nothing read: nothing compared", Recorded{Branch: "feature/auth"}, nil, nil},
		{"nothing recorded", Recorded{}, onMain, nil},
		{"same branch", Recorded{Branch: "main"}, onMain, nil},
		{"another branch", Recorded{Branch: "feature/auth"}, onMain, []string{"recorded on feature/auth, you are on main"}},
		{"a detached HEAD", Recorded{Branch: "feature/auth"}, &Checkout{Dir: "/p", Repo: true, Head: head},
			[]string{"recorded on feature/auth, you are on a detached HEAD (4f1c2d9)"}},
		{"not a repository: branch not compared", Recorded{Branch: "feature/auth", Commit: "abc1234"}, &Checkout{Dir: "/p"}, nil},
		{"the recorded commit is HEAD (short form)", Recorded{Commit: "4F1C2D9"}, onMain, nil},
		{"the recorded commit is in HEAD's history", Recorded{Commit: "abc1234"}, &Checkout{Dir: "/p", Repo: true, Branch: "main", Head: head, Commit: CommitInHistory}, nil},
		{"the recorded commit is not in HEAD's history", Recorded{Commit: "abc1234", CommitField: "phase_start_commit"},
			&Checkout{Dir: "/p", Repo: true, Branch: "main", Head: head, Commit: CommitNotInTree},
			[]string{"recorded from phase_start_commit abc1234, which is not in your checkout's history (HEAD is 4f1c2d9)"}},
		{"the repository has no such commit", Recorded{Commit: "abc1234"},
			&Checkout{Dir: "/p", Repo: true, Branch: "main", Head: head, Commit: CommitUnknown},
			[]string{"recorded from commit abc1234, which this repository does not have (HEAD is 4f1c2d9)"}},
		{"not checked: not said", Recorded{Commit: "abc1234"}, onMain, nil},
		{"git's null id records nothing", Recorded{Commit: "0000000000000000000000000000000000000000"},
			&Checkout{Dir: "/p", Repo: true, Branch: "main", Head: head, Commit: CommitUnknown}, nil},
		{"another folder, even outside a repository", Recorded{Dir: "/old/shop"}, &Checkout{Dir: "/p"},
			[]string{"recorded in /old/shop, you are in /p"}},
		{"the same folder written differently", Recorded{Dir: "/p/"}, onMain, nil},
		{"branch and commit both", Recorded{Branch: "feature/auth", Commit: "abc1234"},
			&Checkout{Dir: "/p", Repo: true, Branch: "main", Head: head, Commit: CommitNotInTree},
			[]string{"recorded on feature/auth, you are on main", "recorded from commit abc1234, which is not in your checkout's history (HEAD is 4f1c2d9)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, a := range ContextAlerts(tc.rec, tc.co) {
				if a.Kind != AlertBranch {
					t.Fatalf("kind %s", a.Kind)
				}
				got = append(got, a.Text)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// loadOn runs START with the checkout read on branch.
func loadOn(s *Session, branch string) State {
	st, _ := Step(NewState(Config{}), Loaded{Session: s, Now: t0.Add(2 * time.Hour),
		Checkout: &Checkout{Dir: "/p", Repo: true, Branch: branch, Head: head}})
	return st
}

func onFeature(s *Session) { s.Recorded.Branch = "feature/auth" }

// TestContextGuardFlow: a mismatch is an alert; CONTINUE asks first and
// decides only on yes, with the mismatch in its warnings; no is back to
// the menu; a source that refuses by itself is not asked for.
func TestContextGuardFlow(t *testing.T) {
	st := loadOn(session(onFeature), "main")
	if got := st.Alerts(); len(got) != 1 || got[0] != (Alert{Kind: AlertBranch, Text: "recorded on feature/auth, you are on main"}) {
		t.Fatalf("alerts %+v", got)
	}
	asked, effs := Step(st, Chose{Continue})
	if asked.Screen != ScreenConfirm || len(effs) != 0 {
		t.Fatalf("screen %s effects %v", asked.Screen, effectKinds(effs))
	}
	if q := asked.Question(); q != "Recorded on feature/auth, you are on main.\nContinue here anyway?" {
		t.Fatalf("question %q", q)
	}
	no, _ := Step(asked, Confirmed{Yes: false})
	if no.Screen != ScreenOptions || no.Decision != nil {
		t.Fatalf("no: screen %s", no.Screen)
	}
	yes, effs := Step(asked, Confirmed{Yes: true})
	if yes.Screen != ScreenDone || !reflect.DeepEqual(effectKinds(effs), []string{"emit:execute_story"}) {
		t.Fatalf("yes: screen %s effects %v", yes.Screen, effectKinds(effs))
	}
	if w := yes.Decision.Warnings; len(w) != 1 || w[0] != "continued though recorded on feature/auth, you are on main" {
		t.Fatalf("warnings %q", w)
	}

	// Same branch: no question.
	if same, effs := Step(loadOn(session(onFeature), "feature/auth"), Chose{Continue}); same.Screen != ScreenDone || len(effs) != 1 {
		t.Fatalf("same branch: screen %s", same.Screen)
	}
	// A writing CONTINUE asks, then writes, with the checkout for the
	// HEAD guard.
	writes := session(onFeature, func(s *Session) { s.Policy = map[Choice]ChoicePolicy{Continue: {Writes: true}} })
	_, effs = run(loadOn(writes, "main"), Chose{Continue}, Confirmed{Yes: true})
	if len(effs) != 1 || effs[0].(Apply).Checkout == nil || effs[0].(Apply).Checkout.Branch != "main" {
		t.Fatalf("effects %#v", effs)
	}
	// The source's own question follows the mismatch.
	own := session(onFeature, func(s *Session) {
		s.Policy = map[Choice]ChoicePolicy{Continue: {Writes: true, Confirm: "Restore checkpoint X? [yes / no]"}}
	})
	if st, _ := Step(loadOn(own, "main"), Chose{Continue}); st.Question() != "Recorded on feature/auth, you are on main.\nRestore checkpoint X? [yes / no]" {
		t.Fatalf("question %q", st.Question())
	}
	// Strict (crucible): straight to the loader, which refuses.
	strict := session(onFeature, func(s *Session) {
		s.Recorded.Strict = true
		s.Policy = map[Choice]ChoicePolicy{Continue: {Writes: true}}
	})
	if st, effs := Step(loadOn(strict, "main"), Chose{Continue}); st.Screen != ScreenApplying || len(effs) != 1 {
		t.Fatalf("strict: screen %s", st.Screen)
	}
	// RESTART and DISCARD are not asked about the branch.
	if st, _ := Step(loadOn(session(onFeature), "main"), Chose{Discard}); st.Question() != "" {
		t.Fatalf("discard question %q", st.Question())
	}
}

// TestApplyCarriesTheCheckoutOnlyWhenAPlaceIsRecorded: the HEAD guard
// is for sessions whose verdict depended on the checkout.
func TestApplyCarriesTheCheckoutOnlyWhenAPlaceIsRecorded(t *testing.T) {
	for name, tc := range map[string]struct {
		s    *Session
		want bool
	}{
		"a branch recorded": {session(func(s *Session) { s.Recorded.Branch = "main" }), true},
		"nothing recorded":  {session(), false},
	} {
		_, effs := run(loadOn(tc.s, "main"), Chose{Discard}, Confirmed{Yes: true})
		if got := effs[0].(Apply).Checkout != nil; got != tc.want {
			t.Errorf("%s: checkout carried %v, want %v", name, got, tc.want)
		}
	}
}

func TestCheckoutMoved(t *testing.T) {
	a := Checkout{Repo: true, Branch: "main", Head: head}
	for name, tc := range map[string]struct {
		now  Checkout
		want bool
	}{
		"unchanged":         {a, false},
		"a new commit":      {Checkout{Repo: true, Branch: "main", Head: "0000000"}, true},
		"another branch":    {Checkout{Repo: true, Branch: "dev", Head: head}, true},
		"no longer a repo":  {Checkout{}, true},
		"detached the same": {Checkout{Repo: true, Head: head}, true},
	} {
		if got := a.Moved(tc.now); got != tc.want {
			t.Errorf("%s: Moved = %v", name, got)
		}
	}
	if (Checkout{}).Moved(a) {
		t.Error("a checkout that was not a repository never moved")
	}
}

// TestFilesActivity is the running rule on the session's own files.
func TestFilesActivity(t *testing.T) {
	now := t0.Add(time.Hour)
	th := 30 * time.Minute
	touched := func(ago time.Duration, mut ...func(*Session)) *Session {
		return session(append([]func(*Session){func(s *Session) {
			s.LastAction = &LastAction{Type: "PHASE_CHANGE"}
			s.Touched, s.TouchedWhat = now.Add(-ago), "phase_3_state.md"
		}}, mut...)...)
	}
	paused := func(s *Session) { s.LastAction = &LastAction{Type: "PAUSE", Clean: true} }
	tests := []struct {
		name string
		s    *Session
		want string
	}{
		{"written 5 minutes ago", touched(5 * time.Minute), "phase_3_state.md changed 5 minutes ago, within the 30 minutes crash threshold"},
		{"exactly the threshold", touched(30 * time.Minute), "phase_3_state.md changed 30 minutes ago, within the 30 minutes crash threshold"},
		{"past the threshold", touched(31 * time.Minute), ""},
		{"in the future (a clock ahead)", touched(-time.Minute), ""},
		{"never touched", session(), ""},
		{"archived", touched(time.Minute, func(s *Session) { s.Archived = true }), ""},
		{"a pause after the last write", touched(5*time.Minute, paused, func(s *Session) { s.LastUpdated = now.Add(-time.Minute) }), ""},
		{"written after the pause", touched(5*time.Minute, paused, func(s *Session) { s.LastUpdated = now.Add(-10 * time.Minute) }),
			"phase_3_state.md changed 5 minutes ago, within the 30 minutes crash threshold"},
		{"unnamed files", touched(time.Minute, func(s *Session) { s.TouchedWhat = "" }), "the session's own files changed 1 minute ago, within the 30 minutes crash threshold"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := FilesActivity(tc.s, now, th)
			switch {
			case tc.want == "" && len(got) != 0:
				t.Fatalf("evidence %+v, want none", got)
			case tc.want != "" && (len(got) != 1 || got[0].Detail != tc.want || got[0].Kind != ActivityFiles):
				t.Fatalf("evidence %+v, want %q", got, tc.want)
			}
		})
	}
}

// TestRunningRules: evidence from the caller or the files makes the
// session running (never crashed), with an alert; none leaves the
// crash rule as it was.
func TestRunningRules(t *testing.T) {
	now := t0.Add(2 * time.Hour)
	proc := Activity{Kind: ActivityProcess, Detail: "claude (pid 4242) is running in this project", PID: 4242, Name: "claude"}
	stale := func(s *Session) { s.LastAction = &LastAction{Type: "PHASE_CHANGE"} }
	for _, tc := range []struct {
		name     string
		s        *Session
		act      []Activity
		standing Standing
		alerts   int
	}{
		{"a crash without evidence stays a crash", session(stale), nil, StandingCrashed, 0},
		{"a process makes it running", session(stale), []Activity{proc}, StandingRunning, 1},
		{"its own files make it running", session(stale, func(s *Session) { s.Touched = now.Add(-time.Minute) }), nil, StandingRunning, 1},
		{"both: two pieces of evidence", session(stale, func(s *Session) { s.Touched = now.Add(-time.Minute) }), []Activity{proc}, StandingRunning, 2},
		{"a pause without evidence stays paused", session(), nil, StandingPaused, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, _ := Step(NewState(Config{}), Loaded{Session: tc.s, Now: now, Activity: tc.act})
			if got := StandingOf(st.Session, st.Crash); got != tc.standing {
				t.Fatalf("standing %s, want %s", got, tc.standing)
			}
			if tc.standing == StandingRunning && st.Crash.Detected {
				t.Fatal("running and crashed at once")
			}
			al := st.Alerts()
			if len(al) != tc.alerts {
				t.Fatalf("alerts %+v", al)
			}
			for _, a := range al {
				if a.Kind != AlertRunning {
					t.Fatalf("alert %+v", a)
				}
			}
			if tc.act != nil && !strings.Contains(st.Crash.Reason, "claude (pid 4242)") {
				t.Fatalf("reason %q", st.Crash.Reason)
			}
		})
	}
}

// The core says its own sentences in Config.Words' language: the
// context guard's alert, CONTINUE's question and the warning it keeps,
// the evidence in the session's files and the crash reason.
func TestCoreWordsFollowTheConfig(t *testing.T) {
	w := EnglishWords
	w.RecordedOn = i18n.T("gravada em {recorded}, agora {current}")
	w.MismatchAsk = "Seguir?"
	w.ContinuedThough = i18n.T("seguiu: {alert}")
	w.FilesChanged = i18n.T("{what} mudou há {since} (limite {threshold})")
	w.CleanStop = i18n.T("{action} parou de propósito")
	cfg := Config{CrashAfter: 30 * time.Minute, Words: &w}

	st, _ := Step(NewState(cfg), Loaded{Session: session(onFeature), Now: t0.Add(2 * time.Hour),
		Checkout: &Checkout{Dir: "/p", Repo: true, Branch: "main", Head: head}})
	if got := st.Alerts(); len(got) != 1 || got[0].Text != "gravada em feature/auth, agora main" {
		t.Fatalf("alerts %+v", got)
	}
	if st.Crash.Reason != "PAUSE parou de propósito" {
		t.Errorf("crash reason %q", st.Crash.Reason)
	}
	asked, _ := Step(st, Chose{Continue})
	if q := asked.Question(); q != "Gravada em feature/auth, agora main.\nSeguir?" {
		t.Fatalf("question %q", q)
	}
	yes, _ := Step(asked, Confirmed{Yes: true})
	if got := yes.Decision.Warnings; len(got) != 1 || got[0] != "seguiu: gravada em feature/auth, agora main" {
		t.Fatalf("warnings %q", got)
	}

	touched := session(func(s *Session) { s.Touched, s.TouchedWhat = t0.Add(110*time.Minute), "x.md" })
	st, _ = Step(NewState(cfg), Loaded{Session: touched, Now: t0.Add(2 * time.Hour)})
	if !st.Crash.Running || st.Crash.Reason != "x.md mudou há 10 minutes (limite 30 minutes)" {
		t.Errorf("files evidence: running %v, %q", st.Crash.Running, st.Crash.Reason)
	}
}
