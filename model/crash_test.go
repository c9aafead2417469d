package model

import (
	"fmt"
	"testing"
	"time"
)

// TestCrashBoundaries checks the rule at 29, 30 and 31 minutes for the
// seed layout (no last action) and for each clean and unclean action.
func TestCrashBoundaries(t *testing.T) {
	actions := []*LastAction{nil,
		{Type: "PAUSE", Clean: true}, {Type: "STORY_COMPLETED", Clean: true}, {Type: "ABORT", Clean: true},
		{Type: "GO"}, {Type: "PHASE_CHANGE"}, {Type: "ERROR_OCCURRED"}}
	for _, a := range actions {
		for _, min := range []int{29, 30, 31} {
			name := "none"
			if a != nil {
				name = a.Type
			}
			t.Run(fmt.Sprintf("%s/%dm", name, min), func(t *testing.T) {
				s := &Session{LastUpdated: t0, HasLastUpdated: true, LastAction: a}
				got := DetectCrash(s, t0.Add(time.Duration(min)*time.Minute), DefaultCrashAfter)
				want := min == 31 && (a == nil || !a.Clean)
				if got.Detected != want {
					t.Fatalf("detected=%v want %v (%s)", got.Detected, want, got.Reason)
				}
				if got.MinutesSinceUpdate != min {
					t.Fatalf("minutes %d", got.MinutesSinceUpdate)
				}
				if got.Reason == "" {
					t.Fatal("no reason in words")
				}
			})
		}
	}
}

func TestCrashThresholdIsConfigurable(t *testing.T) {
	s := &Session{LastUpdated: t0, HasLastUpdated: true}
	if !DetectCrash(s, t0.Add(6*time.Minute), 5*time.Minute).Detected {
		t.Fatal("5m threshold not honoured")
	}
	if DetectCrash(s, t0.Add(6*time.Minute), time.Hour).Detected {
		t.Fatal("1h threshold not honoured")
	}
}

func TestCrashWithoutTimestamp(t *testing.T) {
	got := DetectCrash(&Session{}, t0, DefaultCrashAfter)
	if got.Detected || got.ReasonCode != CrashNoTimestamp {
		t.Fatalf("%+v", got)
	}
}

func TestCrashJustSecondsOver(t *testing.T) {
	s := &Session{LastUpdated: t0, HasLastUpdated: true}
	if !DetectCrash(s, t0.Add(30*time.Minute+time.Second), DefaultCrashAfter).Detected {
		t.Fatal("30m01s is more than 30 minutes")
	}
}

func TestPercentRounds(t *testing.T) {
	for _, tc := range []struct {
		p    Progress
		want int
	}{{Progress{0, 0}, 0}, {Progress{3, -1}, 0}, {Progress{-2, 6}, 0}, {Progress{7, 6}, 100}, {Progress{6, 6}, 100},
		// Rounded, halves up, as Math.round: 2 of 3 is 66.7 -> 67, 1 of 8
		// is 12.5 -> 13, 1 of 6 is 16.7 -> 17, 1 of 3 is 33.3 -> 33.
		{Progress{2, 3}, 67}, {Progress{1, 8}, 13}, {Progress{1, 6}, 17}, {Progress{2, 6}, 33}, {Progress{9, 10}, 90},
		// Not done is never 100%; a little done may round to 0%.
		{Progress{199, 200}, 99}, {Progress{1, 1000}, 0}} {
		if got := tc.p.Percent(); got != tc.want {
			t.Errorf("%+v: %d want %d", tc.p, got, tc.want)
		}
	}
}

func TestElapsed(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0 seconds", 90 * time.Second: "1 minute", 30 * time.Minute: "30 minutes",
		2 * time.Hour: "2 hours", 47 * time.Hour: "47 hours", 72 * time.Hour: "3 days",
	} {
		if got := Elapsed(d); got != want {
			t.Errorf("%v: %q want %q", d, got, want)
		}
	}
}

func TestParseChoice(t *testing.T) {
	for _, c := range AllChoices {
		if got, err := ParseChoice(string(c)); err != nil || got != c {
			t.Fatalf("%s: %v %v", c, got, err)
		}
	}
	if _, err := ParseChoice("nuke"); err == nil {
		t.Fatal("unknown choice accepted")
	}
}

// A format with no notion of a crash (NoCrash): a long silence is an
// interruption, never a crash, and REVIEW and the menu stay whole.
func TestNoCrashNotionIsAnInterruption(t *testing.T) {
	s := &Session{LastUpdated: t0, HasLastUpdated: true, LastAction: &LastAction{Type: "stage build"}, NoCrash: true}
	got := DetectCrash(s, t0.Add(250*24*time.Hour), DefaultCrashAfter)
	if got.Detected || got.ReasonCode != CrashNoNotion || got.Reason != "no update for 250 days; the tool records no crash, so the run was interrupted" {
		t.Fatalf("%+v", got)
	}
	if st := StandingOf(s, got); st != StandingInterrupted {
		t.Fatalf("standing %q", st)
	}
	if got := DetectCrash(s, t0.Add(10*time.Minute), DefaultCrashAfter); got.ReasonCode != CrashRecent {
		t.Fatalf("recent %+v", got)
	}
	s.NoCrash = false
	if got := DetectCrash(s, t0.Add(250*24*time.Hour), DefaultCrashAfter); !got.Detected {
		t.Fatalf("without NoCrash %+v", got)
	}
}
