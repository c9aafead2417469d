package tui

import (
	"bytes"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/pickup-dev/pickup/model"
)

// The whole program: real event loop, typed keys, screens waited for on
// the rendered output, the final model asserted.

const flowGrace = 30 * time.Millisecond

func startFlow(t *testing.T, st model.State, r *fakeRunner) *teatest.TestModel {
	t.Helper()
	pinEnv(t)
	m := New(Config{State: st, Run: r.run, Project: "shop", Grace: flowGrace})
	return teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
}

// waitFor waits until the output shows every one of the strings.
func waitFor(t *testing.T, tm *teatest.TestModel, subs ...string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		for _, s := range subs {
			if !bytes.Contains(b, []byte(s)) {
				return false
			}
		}
		return true
	}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

func finalModel(t *testing.T, tm *teatest.TestModel) Model {
	t.Helper()
	fm, ok := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(Model)
	if !ok {
		t.Fatalf("final model is %T", fm)
	}
	return fm
}

// crash → RESTART → veto → back (y) → DISCARD → no → quit: nothing is
// written and the person leaves with nothing changed.
func TestFlowCrashRestartVetoDiscardQuit(t *testing.T) {
	r := &fakeRunner{git: model.GitChecked{Available: true, Files: vetoFiles}}
	tm := startFlow(t, crashState(t), r)

	waitFor(t, tm, "The previous session crashed.", "DISCARD")
	tm.Type("2") // RESTART is 2 after a crash
	waitFor(t, tm, "Restart blocked", "jwt-handler.js")
	// Answers are accepted once the grace period is over, which the help
	// bar shows by offering y.
	waitFor(t, tm, "stop here")
	tm.Type("y")
	waitFor(t, tm, "CONTINUE")
	tm.Type("3") // DISCARD
	waitFor(t, tm, "Discard this session? [y/N]")
	waitFor(t, tm, "keep")
	tm.Type("n")
	waitFor(t, tm, "CONTINUE")
	tm.Type("q")

	fm := finalModel(t, tm)
	if fm.Final().Screen != model.ScreenQuit {
		t.Fatalf("final screen %s, want quit", fm.Final().Screen)
	}
	if fm.Decision() != nil || fm.Interrupted() {
		t.Fatalf("decision %+v interrupted %v", fm.Decision(), fm.Interrupted())
	}
	if n := r.applies(); n != 0 {
		t.Fatalf("runner saw %d Apply effects: %v", n, r.seen)
	}
	if len(r.seen) != 1 {
		t.Fatalf("want exactly one git check, runner saw %v", r.seen)
	}
	if _, ok := r.seen[0].(model.CheckGit); !ok {
		t.Fatalf("runner saw %T, want CheckGit", r.seen[0])
	}
}

// normal → REVIEW → back → CONTINUE: the decision is continue.
func TestFlowNormalReviewContinue(t *testing.T) {
	r := &fakeRunner{}
	tm := startFlow(t, normalState(t), r)

	waitFor(t, tm, "Welcome back! You paused 2 hours ago.", "REVIEW")
	tm.Type("2")
	waitFor(t, tm, "Detailed progress", "quality_gate", "Stories 2/6 (33%)")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEscape})
	waitFor(t, tm, "CONTINUE")
	// The cursor stayed on REVIEW, the last choice: up, then enter.
	tm.Send(tea.KeyPressMsg{Code: tea.KeyUp})
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	waitFor(t, tm, "Resuming story 12.3")

	fm := finalModel(t, tm)
	if fm.Final().Screen != model.ScreenDone {
		t.Fatalf("final screen %s, want done", fm.Final().Screen)
	}
	d := fm.Decision()
	if d == nil || d.Choice != model.Continue || d.Action != model.ActionContinue {
		t.Fatalf("decision %+v, want continue", d)
	}
	if d.ResumePoint.Phase != "development" {
		t.Fatalf("resume point %+v", d.ResumePoint)
	}
	if len(r.seen) != 0 {
		t.Fatalf("runner saw %v", r.seen)
	}
}
