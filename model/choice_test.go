package model

import (
	"reflect"
	"testing"
	"time"
)

func choices(opts []Option) []Choice {
	var out []Choice
	for _, o := range opts {
		out = append(out, o.Choice)
	}
	return out
}

// The menu follows the protocol's own order (seed 003: Resume, Restart,
// View artifacts), then what it leaves out; without one, AllChoices.
func TestOptionsFollowTheSessionsOrder(t *testing.T) {
	if got := choices(Options(session(), CrashInfo{})); !reflect.DeepEqual(got, AllChoices) {
		t.Fatalf("default order %v", got)
	}
	s := session(func(s *Session) { s.Order = []Choice{Continue, Restart, Review} })
	want := []Choice{Continue, Restart, Review, Discard}
	if got := choices(Options(s, CrashInfo{})); !reflect.DeepEqual(got, want) {
		t.Fatalf("own order %v, want %v", got, want)
	}
	// A repeated or unknown entry is not listed twice.
	s.Order = []Choice{Discard, Discard, "nonsense", Review}
	want = []Choice{Discard, Review, Continue, Restart}
	if got := s.ChoiceOrder(); !reflect.DeepEqual(got, want) {
		t.Fatalf("order %v, want %v", got, want)
	}
}

// While an alert stands, a recommendation says why or is dropped; while
// the workflow may be at work, none stands.
func TestNothingRecommendedUnexplainedWhileAnAlertStands(t *testing.T) {
	rec := func(why string) func(*Session) {
		return func(s *Session) {
			s.Policy = map[Choice]ChoicePolicy{Continue: {Recommended: true, Why: why}}
		}
	}
	cont := func(s *Session, c CrashInfo) Option {
		o, _ := Find(Options(s, c), Continue)
		return o
	}
	if o := cont(session(rec("")), CrashInfo{}); !o.Recommended {
		t.Fatalf("no alert: the recommendation stands without a why: %+v", o)
	}
	alerted := session(rec(""), func(s *Session) { s.Alert(AlertStale, "the pause marker is stale") })
	if o := cont(alerted, CrashInfo{}); o.Recommended {
		t.Fatalf("an alert stands, yet recommended without a why: %+v", o)
	}
	explained := session(rec("it resumes at a verified boundary"), func(s *Session) { s.Alert(AlertStale, "stale") })
	if o := cont(explained, CrashInfo{}); !o.Recommended || o.Why != "it resumes at a verified boundary" {
		t.Fatalf("explained recommendation dropped: %+v", o)
	}
	running := CrashInfo{}.WithActivity([]Activity{{Kind: ActivityFiles, Name: "x", Detail: "x changed 1 minute ago"}})
	for _, o := range Options(session(rec("why")), running) {
		if o.Recommended || o.Why != "" {
			t.Fatalf("recommended while the workflow may be at work: %+v", o)
		}
	}
	// The core's own recommendations say why.
	if o, _ := Find(Options(session(corrupted), CrashInfo{}), Discard); !o.Recommended || o.Why != WhyCorrupted {
		t.Fatalf("corrupted: %+v", o)
	}
	if o, _ := Find(Options(session(badPhase), CrashInfo{}), Restart); !o.Recommended || o.Why != WhyPhaseNotFound {
		t.Fatalf("phase not found: %+v", o)
	}
}

// The context guard's mismatches count as alerts too.
func TestMismatchAsksTheRecommendationWhy(t *testing.T) {
	s := session(func(s *Session) {
		s.Policy = map[Choice]ChoicePolicy{Continue: {Recommended: true}}
		s.Recorded = Recorded{Branch: "feature/auth"}
	})
	st, _ := Step(NewState(Config{}), Loaded{Session: s, Now: t0.Add(time.Hour), Checkout: &Checkout{Dir: "/p", Repo: true, Branch: "main"}})
	if len(st.Mismatch) == 0 {
		t.Fatal("no mismatch found")
	}
	if o, _ := Find(st.Options, Continue); o.Recommended {
		t.Fatalf("recommended without a why beside a mismatch: %+v", o)
	}
}

// hidesReview is seed 001's rule, set by the loader of the protocol that
// has it: REVIEW is not listed after a crash.
func hidesReview(s *Session) {
	s.Policy = map[Choice]ChoicePolicy{Review: {HiddenAfterCrash: true}}
}

// REVIEW after a crash is hidden only where the session's loader says
// its protocol hides it (seed 001); every other protocol keeps it, so a
// crashed run's dashboard (a replay plan) is there when it matters.
func TestReviewAfterACrashIsTheProtocolsRule(t *testing.T) {
	for _, tc := range []struct {
		name    string
		mut     []func(*Session)
		visible int
	}{
		{"no rule: REVIEW stays", []func(*Session){crashed}, 4},
		{"seed 001's rule: REVIEW hidden", []func(*Session){crashed, hidesReview}, 3},
		{"the rule without a crash: REVIEW stays", []func(*Session){hidesReview}, 4},
	} {
		st := load(session(tc.mut...))
		if n := len(Visible(st.Options)); n != tc.visible {
			t.Errorf("%s: %d options visible, want %d (%+v)", tc.name, n, tc.visible, st.Options)
		}
		o, _ := Find(st.Options, Review)
		if o.Enabled != (tc.visible == 4) {
			t.Errorf("%s: review %+v", tc.name, o)
		}
	}
}
