package tui

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
)

func TestNumberKeysPickTheNthVisibleOption(t *testing.T) {
	tests := []struct {
		name   string
		state  func(testing.TB) model.State
		key    rune
		screen model.Screen
		effect string
	}{
		{"normal 1 continue", normalState, '1', model.ScreenDone, ""},
		{"normal 2 review", normalState, '2', model.ScreenReview, ""},
		{"normal 3 restart", normalState, '3', model.ScreenGitCheck, "git"},
		{"normal 4 discard", normalState, '4', model.ScreenConfirm, ""},
		// After a crash REVIEW is hidden: 2 is RESTART, 3 is DISCARD.
		{"crash 2 restart", crashState, '2', model.ScreenGitCheck, "git"},
		{"crash 3 discard", crashState, '3', model.ScreenConfirm, ""},
		{"crash 4 nothing", crashState, '4', model.ScreenOptions, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &fakeRunner{git: model.GitChecked{Available: true, Files: vetoFiles}}
			m := newModel(t, tt.state(t), r, 80, 24)
			m, msgs := send(t, m, keyRune(tt.key))
			if got := m.Final().Screen; got != tt.screen {
				t.Fatalf("screen = %s, want %s", got, tt.screen)
			}
			var evs []model.Event
			for _, msg := range msgs {
				if e, ok := msg.(eventMsg); ok {
					evs = append(evs, e.ev)
				}
			}
			switch tt.effect {
			case "git":
				if len(evs) != 1 {
					t.Fatalf("want one runner answer, got %v", msgs)
				}
				if _, ok := evs[0].(model.GitChecked); !ok {
					t.Fatalf("runner answered %T, want GitChecked", evs[0])
				}
			default:
				if len(evs) != 0 {
					t.Fatalf("unexpected runner calls: %v", evs)
				}
			}
			if r.applies() != 0 {
				t.Fatal("a menu key must never write")
			}
		})
	}
}

func TestArrowsMoveAndEnterChooses(t *testing.T) {
	m := newModel(t, normalState(t), nil, 80, 24)
	if m.cursor != 0 {
		t.Fatalf("cursor starts at %d, want the recommended CONTINUE (0)", m.cursor)
	}
	m, _ = press(t, m, keyDown, keyRune('j'), keyUp, keyDown)
	if m.cursor != 2 {
		t.Fatalf("cursor = %d, want 2", m.cursor)
	}
	m, _ = press(t, m, keyDown, keyDown, keyDown)
	if m.cursor != 3 {
		t.Fatalf("cursor = %d, want clamped at 3", m.cursor)
	}
	if !strings.Contains(plain(m), "› 4. DISCARD") {
		t.Fatalf("selected option not marked:\n%s", plain(m))
	}
	m, _ = press(t, m, keyRune('k'))
	m, _ = send(t, m, keyEnter)
	if m.Final().Screen != model.ScreenGitCheck || m.Final().Pending != model.Restart {
		t.Fatalf("enter on RESTART gave %s", m.Final().Screen)
	}
}

func TestContinueEmitsDecisionAndQuits(t *testing.T) {
	r := &fakeRunner{}
	m := newModel(t, normalState(t), r, 80, 24)
	m, msgs := press(t, m, keyEnter)
	if m.Final().Screen != model.ScreenDone {
		t.Fatalf("screen = %s", m.Final().Screen)
	}
	if d := m.Decision(); d == nil || d.Action != model.ActionContinue || d.ResumePoint.Phase != "development" {
		t.Fatalf("decision = %+v", d)
	}
	if !hasQuit(msgs) {
		t.Fatal("a decision must end the program")
	}
	if !strings.Contains(plain(m), "Resuming story 12.3 at phase development") {
		t.Fatalf("done screen:\n%s", plain(m))
	}
	if len(r.seen) != 0 {
		t.Fatalf("continue without a write policy ran %v", r.seen)
	}
}

func TestDisabledOptionKeyShowsReasonAndDoesNothing(t *testing.T) {
	r := &fakeRunner{}
	m := newModel(t, phaseNotFoundState(t), r, 80, 24)
	if m.keys.Pick[0].Enabled() {
		t.Fatal("the binding of a disabled choice must be off")
	}
	if !m.keys.Pick[2].Enabled() {
		t.Fatal("RESTART's binding must be on")
	}
	m, msgs := press(t, m, keyRune('1'))
	if m.Final().Screen != model.ScreenOptions || len(msgs) != 0 {
		t.Fatalf("disabled key did something: %s %v", m.Final().Screen, msgs)
	}
	if m.Final().Notice != model.ReasonPhaseNotFound {
		t.Fatalf("notice = %q", m.Final().Notice)
	}
	if !strings.Contains(plain(m), "⚠ "+model.ReasonPhaseNotFound) {
		t.Fatalf("reason notice not shown:\n%s", plain(m))
	}
	// enter on the disabled option is the same.
	m, _ = press(t, m, keyUp, keyUp, keyUp, keyEnter)
	if m.cursor != 0 || m.Final().Screen != model.ScreenOptions {
		t.Fatalf("enter on disabled CONTINUE: cursor %d screen %s", m.cursor, m.Final().Screen)
	}
	// The next key clears the notice.
	m, _ = press(t, m, keyDown)
	if m.Final().Notice != "" || strings.Contains(plain(m), "⚠ "+model.ReasonPhaseNotFound) {
		t.Fatalf("notice stayed:\n%s", plain(m))
	}
	if r.applies() != 0 || len(r.seen) != 0 {
		t.Fatalf("runner saw %v", r.seen)
	}
}

func TestPhaseNotFoundRecommendsRestart(t *testing.T) {
	m := newModel(t, phaseNotFoundState(t), nil, 80, 24)
	out := plain(m)
	for _, want := range []string{
		`The state names a phase this workflow does not have: current_phase "deploying"`,
		"RESTART is suggested",
		"› 3. RESTART [R] (recommended)\n     start the story again from phase 1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}

func TestCorruptedAllowsOnlyDiscard(t *testing.T) {
	r := &fakeRunner{}
	m := newModel(t, corruptedState(t), r, 80, 24)
	for _, k := range []rune{'1', '2', '3'} {
		m, _ = press(t, m, keyRune(k))
		if m.Final().Screen != model.ScreenCorrupted {
			t.Fatalf("%c left the corrupted screen: %s", k, m.Final().Screen)
		}
		if m.Final().Notice != model.ReasonCorruptedOnly {
			t.Fatalf("%c: notice %q", k, m.Final().Notice)
		}
	}
	m, _ = press(t, m, keyRune('4'))
	if m.Final().Screen != model.ScreenConfirm {
		t.Fatalf("4 gave %s, want confirm", m.Final().Screen)
	}
	m, _ = press(t, m, keyEsc)
	if m.Final().Screen != model.ScreenCorrupted {
		t.Fatalf("esc gave %s, want back to corrupted", m.Final().Screen)
	}
	if len(r.seen) != 0 {
		t.Fatalf("runner saw %v", r.seen)
	}
}

func TestEscOnConfirmationsNeverWrites(t *testing.T) {
	r := &fakeRunner{git: model.GitChecked{Available: true, Files: vetoFiles}}
	m := newModel(t, crashState(t), r, 80, 24)

	// Discard confirmation: esc, armed or not, goes back.
	m, _ = press(t, m, keyRune('3'))
	if m.Final().Screen != model.ScreenConfirm {
		t.Fatalf("screen %s", m.Final().Screen)
	}
	m, _ = press(t, m, keyEsc)
	if m.Final().Screen != model.ScreenOptions {
		t.Fatalf("esc on confirm gave %s", m.Final().Screen)
	}
	m, _ = press(t, m, keyRune('3'))
	m = arm(t, m)
	m, _ = press(t, m, keyEsc)
	if m.Final().Screen != model.ScreenOptions {
		t.Fatalf("esc on armed confirm gave %s", m.Final().Screen)
	}

	// Veto: esc goes back too.
	m, _ = press(t, m, keyRune('2'))
	if m.Final().Screen != model.ScreenVeto {
		t.Fatalf("restart with dirty git gave %s", m.Final().Screen)
	}
	m = arm(t, m)
	m, _ = press(t, m, keyEsc)
	if m.Final().Screen != model.ScreenOptions {
		t.Fatalf("esc on veto gave %s", m.Final().Screen)
	}
	if n := r.applies(); n != 0 {
		t.Fatalf("esc led to %d Apply effects", n)
	}
}

func TestGracePeriodIgnoresEarlyAnswers(t *testing.T) {
	r := &fakeRunner{applied: model.Applied{ArchivedTo: statePath + ".discarded.1771158600000", Changed: []string{statePath}}}
	m := newModel(t, normalState(t), r, 80, 24)
	m, _ = press(t, m, keyRune('4'))
	if m.Final().Screen != model.ScreenConfirm || m.armed {
		t.Fatalf("screen %s armed %v", m.Final().Screen, m.armed)
	}
	if m.keys.Yes.Enabled() || m.keys.No.Enabled() {
		t.Fatal("y/n must be off during the grace period")
	}
	// A y typed ahead (or a double enter) is ignored.
	m, msgs := press(t, m, keyRune('y'), keyEnter, keyRune('n'))
	if m.Final().Screen != model.ScreenConfirm || len(msgs) != 0 || r.applies() != 0 {
		t.Fatalf("early answer acted: screen %s msgs %v", m.Final().Screen, msgs)
	}
	// A stale timer (from an earlier confirmation) does not arm it.
	m = update(t, m, armMsg{seq: m.armSeq - 1})
	if m.armed {
		t.Fatal("stale timer armed the question")
	}
	m = arm(t, m)
	if !m.keys.Yes.Enabled() {
		t.Fatal("y must be on after the grace period")
	}
	m, msgs = press(t, m, keyRune('y'))
	if r.applies() != 1 {
		t.Fatalf("want one Apply after y, runner saw %v", r.seen)
	}
	if m.Final().Screen != model.ScreenDone || !hasQuit(msgs) {
		t.Fatalf("after apply: %s quit=%v", m.Final().Screen, hasQuit(msgs))
	}
	if d := m.Decision(); d == nil || d.Action != model.ActionDiscarded {
		t.Fatalf("decision %+v", d)
	}
	if !strings.Contains(flat(plain(m)), "Session archived to <project>/.aios/.session-state.yaml.discarded.1771158600000; nothing was deleted. Next:") {
		t.Fatalf("done screen:\n%s", plain(m))
	}
}

func TestGraceTimerIsStartedOnQuestions(t *testing.T) {
	m := newModel(t, normalState(t), nil, 80, 24)
	m.grace = 1 // a nanosecond: the timer fires at once
	m, msgs := send(t, m, keyRune('4'))
	var armed bool
	for _, msg := range msgs {
		if a, ok := msg.(armMsg); ok && a.seq == m.armSeq {
			armed = true
		}
	}
	if !armed {
		t.Fatalf("entering the confirmation started no grace timer: %v", msgs)
	}
}

func TestEnterOnDiscardMeansNo(t *testing.T) {
	r := &fakeRunner{}
	m := newModel(t, normalState(t), r, 80, 24)
	m, _ = press(t, m, keyRune('4'))
	m = arm(t, m)
	m, _ = press(t, m, keyEnter)
	if m.Final().Screen != model.ScreenOptions || r.applies() != 0 {
		t.Fatalf("enter on [y/N]: screen %s, runner %v", m.Final().Screen, r.seen)
	}
}

func TestVetoBackThenBlocked(t *testing.T) {
	r := &fakeRunner{git: model.GitChecked{Available: true, Files: vetoFiles}}
	m := newModel(t, normalState(t), r, 80, 24)
	m, _ = press(t, m, keyRune('3'))
	if m.Final().Screen != model.ScreenVeto {
		t.Fatalf("screen %s", m.Final().Screen)
	}
	out := plain(m)
	for _, want := range []string{"⚠ Restart blocked", "3 files have uncommitted changes:",
		"- src/auth/jwt-handler.js", "Back to the resume menu? [y/n]"} {
		if !strings.Contains(out, want) {
			t.Errorf("veto misses %q:\n%s", want, out)
		}
	}
	m = arm(t, m)
	m, _ = press(t, m, keyRune('y'))
	if m.Final().Screen != model.ScreenOptions {
		t.Fatalf("y gave %s, want options", m.Final().Screen)
	}
	m, _ = press(t, m, keyRune('3'))
	m = arm(t, m)
	m, msgs := press(t, m, keyRune('n'))
	if m.Final().Screen != model.ScreenDone || !hasQuit(msgs) {
		t.Fatalf("n gave %s", m.Final().Screen)
	}
	if d := m.Decision(); d == nil || d.Action != model.ActionRestartBlocked {
		t.Fatalf("decision %+v", d)
	}
	if !strings.Contains(plain(m), "Restart blocked by uncommitted changes (3 files)") {
		t.Fatalf("done:\n%s", plain(m))
	}
	if r.applies() != 0 {
		t.Fatal("a blocked restart must not write")
	}
}

func TestGitUnavailableWarnsAndRestarts(t *testing.T) {
	r := &fakeRunner{
		git:     model.GitChecked{Available: false, Warning: "git is not installed; restart went ahead without the uncommitted-changes check"},
		applied: model.Applied{Changed: []string{statePath}},
	}
	m := newModel(t, normalState(t), r, 80, 24)
	m, _ = press(t, m, keyRune('3'))
	if m.Final().Screen != model.ScreenDone || r.applies() != 1 {
		t.Fatalf("screen %s, runner %v", m.Final().Screen, r.seen)
	}
	out := plain(m)
	for _, want := range []string{"Workflow reset; story 12.3 starts again from phase 1", statePath, "⚠ git is not installed"} {
		if !strings.Contains(out, want) {
			t.Errorf("done misses %q:\n%s", want, out)
		}
	}
}

func TestApplyFailureShowsNothingWritten(t *testing.T) {
	r := &fakeRunner{applied: model.Applied{Err: errors.New("disk full")}}
	m := newModel(t, normalState(t), r, 80, 24)
	m, _ = press(t, m, keyRune('4'))
	m = arm(t, m)
	m, msgs := press(t, m, keyRune('y'))
	if m.Final().Screen != model.ScreenFailed || hasQuit(msgs) {
		t.Fatalf("screen %s quit=%v", m.Final().Screen, hasQuit(msgs))
	}
	out := plain(m)
	for _, want := range []string{"The write did not go through.", "disk full", "Nothing was written.", "esc: back to the menu"} {
		if !strings.Contains(out, want) {
			t.Errorf("failed screen misses %q:\n%s", want, out)
		}
	}
	m, _ = press(t, m, keyEsc)
	if m.Final().Screen != model.ScreenOptions {
		t.Fatalf("esc gave %s", m.Final().Screen)
	}
}

func TestQuitChangesNothing(t *testing.T) {
	for _, k := range []tea.KeyPressMsg{keyRune('q'), keyCtrlC} {
		t.Run(k.String(), func(t *testing.T) {
			r := &fakeRunner{}
			m := newModel(t, crashState(t), r, 80, 24)
			m, msgs := press(t, m, k)
			if m.Final().Screen != model.ScreenQuit || !hasQuit(msgs) {
				t.Fatalf("screen %s quit=%v", m.Final().Screen, hasQuit(msgs))
			}
			if m.Decision() != nil || len(r.seen) != 0 {
				t.Fatalf("quit decided %+v / ran %v", m.Decision(), r.seen)
			}
			wantInt := k.String() == "ctrl+c"
			if m.Interrupted() != wantInt {
				t.Fatalf("Interrupted() = %v", m.Interrupted())
			}
			want := "Nothing changed."
			if wantInt {
				want = "Interrupted. Nothing changed."
			}
			if !strings.Contains(plain(m), want) {
				t.Fatalf("quit screen:\n%s", plain(m))
			}
		})
	}
}

func TestQuitDuringWriteIsRefused(t *testing.T) {
	m := newModel(t, normalState(t), nil, 80, 24)
	m, _ = press(t, m, keyRune('4'))
	m = arm(t, m)
	// Send y without settling: the write is under way.
	m, _ = send(t, m, keyRune('y'))
	if m.Final().Screen != model.ScreenApplying {
		t.Fatalf("screen %s", m.Final().Screen)
	}
	if !strings.Contains(plain(m), "Writing…") {
		t.Fatalf("applying screen:\n%s", plain(m))
	}
	m, msgs := send(t, m, keyCtrlC)
	if m.Final().Screen != model.ScreenApplying || hasQuit(msgs) || m.Interrupted() {
		t.Fatalf("quit during a write: %s", m.Final().Screen)
	}
	if !strings.Contains(plain(m), "A write is under way") {
		t.Fatalf("busy notice missing:\n%s", plain(m))
	}
}

func TestReviewScrollsAndGoesBack(t *testing.T) {
	m := newModel(t, normalState(t), nil, 40, 12)
	m, _ = press(t, m, keyRune('2'))
	if m.Final().Screen != model.ScreenReview {
		t.Fatalf("screen %s", m.Final().Screen)
	}
	if !m.scrolls {
		t.Fatal("the dashboard should not fit 40x12")
	}
	checkFits(t, m, 40, 12)
	top := plain(m)
	m, _ = press(t, m, keyDown, keyDown)
	if m.vp.YOffset() != 2 {
		t.Fatalf("offset %d after two downs", m.vp.YOffset())
	}
	m, _ = press(t, m, keyPgDn, keyPgDn, keyPgDn)
	bottom := plain(m)
	if top == bottom || !strings.Contains(bottom, "phase_results has no entry") {
		t.Fatalf("scrolling did not reach the warnings:\n%s", bottom)
	}
	checkFits(t, m, 40, 12)
	m, _ = press(t, m, keyBack)
	if m.Final().Screen != model.ScreenOptions {
		t.Fatalf("backspace gave %s", m.Final().Screen)
	}
	m, _ = press(t, m, keyRune('2'), keyEsc)
	if m.Final().Screen != model.ScreenOptions {
		t.Fatalf("esc gave %s", m.Final().Screen)
	}
}

func TestHelpMirrorsTheCore(t *testing.T) {
	m := newModel(t, crashState(t), nil, 120, 40)
	m, _ = press(t, m, keyRune('?'))
	out := plain(m)
	// Each option with its number and its letter, in the menu's order.
	for _, want := range []string{"1 c continue", "2 R restart", "3 D discard", "? less"} {
		if !strings.Contains(out, want) {
			t.Errorf("full help misses %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "review") || strings.Contains(out, "4 ") {
		t.Errorf("full help offers a hidden choice:\n%s", out)
	}
	m = newModel(t, phaseNotFoundState(t), nil, 120, 40)
	m, _ = press(t, m, keyRune('?'))
	if out := plain(m); !strings.Contains(out, "1 c continue (not available)") || !strings.Contains(out, "3 R restart") {
		t.Errorf("help offers disabled CONTINUE:\n%s", out)
	}
	// Every binding the help shows has keys.
	for _, b := range m.keys.ShortHelp() {
		if b.Enabled() && len(b.Keys()) == 0 {
			t.Errorf("help shows a binding with no keys: %+v", b.Help())
		}
	}
}

func TestBackgroundColorRebuildsStyles(t *testing.T) {
	m := newModel(t, normalState(t), nil, 80, 24)
	before := m.View().Content
	m = update(t, m, tea.BackgroundColorMsg{Color: lightGrey})
	if m.isDark {
		t.Fatal("a light background should switch to light styles")
	}
	if after := m.View().Content; after == before {
		t.Fatal("styles did not change with the background")
	}
	if ansiFree := plain(m); !strings.Contains(ansiFree, "Welcome back! You paused 2 hours ago.") {
		t.Fatalf("text changed:\n%s", ansiFree)
	}
}

func TestNoColorUsesASCII(t *testing.T) {
	pinEnv(t)
	t.Setenv("NO_COLOR", "1")
	m := New(Config{State: crashState(t), Project: "shop"})
	m = update(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	out := plain(m)
	if !strings.Contains(out, "! The previous session crashed.") || strings.Contains(out, "⚠") {
		t.Fatalf("NO_COLOR view:\n%s", out)
	}
	if !strings.Contains(out, "> 1. CONTINUE") {
		t.Fatalf("NO_COLOR cursor:\n%s", out)
	}
	if strings.Contains(m.View().Content, "\x1b[3") || strings.Contains(m.View().Content, "\x1b[9") {
		t.Fatalf("NO_COLOR view has colours: %q", m.View().Content)
	}
}

func TestEveryScreenFitsEverySize(t *testing.T) {
	r := &fakeRunner{git: model.GitChecked{Available: true, Files: append(vetoFiles,
		"a/very/long/path/that/goes/on/and/on/and/on/to/make/the/line/wider/than/forty/columns.go",
		"b.go", "c.go", "d.go", "e.go", "f.go", "g.go", "h.go", "i.go", "j.go", "k.go")}}
	screens := map[string]func(*testing.T) Model{
		"crash":     func(t *testing.T) Model { return newModel(t, crashState(t), r, 80, 24) },
		"normal":    func(t *testing.T) Model { return newModel(t, normalState(t), r, 80, 24) },
		"corrupted": func(t *testing.T) Model { return newModel(t, corruptedState(t), r, 80, 24) },
		"phase":     func(t *testing.T) Model { return newModel(t, phaseNotFoundState(t), r, 80, 24) },
		"review": func(t *testing.T) Model {
			m, _ := press(t, newModel(t, normalState(t), r, 80, 24), keyRune('2'))
			return m
		},
		"veto": func(t *testing.T) Model {
			m, _ := press(t, newModel(t, normalState(t), r, 80, 24), keyRune('3'))
			return m
		},
		"confirm": func(t *testing.T) Model {
			m, _ := press(t, newModel(t, normalState(t), r, 80, 24), keyRune('4'))
			return m
		},
		"help": func(t *testing.T) Model {
			m, _ := press(t, newModel(t, normalState(t), r, 80, 24), keyRune('?'))
			return m
		},
	}
	sizes := [][2]int{{40, 12}, {80, 24}, {120, 40}, {200, 60}, {30, 8}, {20, 5}, {60, 15}}
	for name, mk := range screens {
		t.Run(name, func(t *testing.T) {
			m := mk(t)
			// Resize live, shrinking and growing.
			for _, sz := range sizes {
				m = update(t, m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				checkFits(t, m, sz[0], sz[1])
				m, _ = press(t, m, keyPgDn)
				checkFits(t, m, sz[0], sz[1])
			}
		})
	}
}

func TestSelectedOptionStaysVisibleWhenScrolling(t *testing.T) {
	m := newModel(t, normalState(t), nil, 40, 12)
	m, _ = press(t, m, keyDown, keyDown, keyDown)
	if !strings.Contains(plain(m), "› 4. DISCARD") {
		t.Fatalf("selected DISCARD scrolled out of view:\n%s", plain(m))
	}
	m, _ = press(t, m, keyUp, keyUp, keyUp)
	if !strings.Contains(plain(m), "› 1. CONTINUE") {
		t.Fatalf("selected CONTINUE scrolled out of view:\n%s", plain(m))
	}
}

// Leaving the wizard leaves its result, not a screen of blank lines: the
// final frame is its text alone, and when the caller prints the decision
// (cmd does) nothing at all, so the decision is printed once.
func TestLeavingLeavesNoBlankScreen(t *testing.T) {
	m := newModel(t, normalState(t), nil, 80, 24)
	m, _ = press(t, m, keyRune('D'))
	m = arm(t, m)
	m, _ = press(t, m, keyRune('n'), keyRune('q'))
	if out := plain(m); out != "Nothing changed.\n" {
		t.Fatalf("final frame after quitting: %q", out)
	}

	cfg := Config{State: normalState(t), Run: (&fakeRunner{}).run, DecisionPrinted: true}
	m = update(t, New(cfg), tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = press(t, m, keyRune('c'))
	if m.Final().Screen != model.ScreenDone {
		t.Fatalf("screen %s", m.Final().Screen)
	}
	if out := m.View().Content; out != "" {
		t.Fatalf("the caller prints the decision, yet the final frame holds %q", out)
	}
	m = update(t, New(Config{State: normalState(t), Run: (&fakeRunner{}).run}), tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = press(t, m, keyRune('c'))
	if out := plain(m); strings.Count(out, "Resuming") != 1 || !strings.Contains(out, "Next: pickup resume --choice continue --emit prompt --session ") ||
		strings.Contains(out, "\n\n") || strings.Contains(out, "pickup ·") {
		t.Fatalf("final frame: one result line and the next step, no header, no blank lines: %q", out)
	}
}

func TestNoRunnerFailsSafely(t *testing.T) {
	pinEnv(t)
	m := New(Config{State: normalState(t)})
	m = update(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = press(t, m, keyRune('4'))
	m = arm(t, m)
	m, _ = press(t, m, keyRune('y'))
	if m.Final().Screen != model.ScreenFailed {
		t.Fatalf("screen %s", m.Final().Screen)
	}
}

func TestInitRequestsBackgroundColor(t *testing.T) {
	m := newModel(t, normalState(t), nil, 80, 24)
	cmds := []tea.Cmd{m.Init()}
	if batch, ok := cmds[0]().(tea.BatchMsg); ok {
		cmds = batch
	}
	want := reflect.ValueOf(tea.RequestBackgroundColor).Pointer()
	found := false
	for _, c := range cmds {
		if c != nil && reflect.ValueOf(c).Pointer() == want {
			found = true
		}
	}
	if !found {
		t.Fatal("Init does not request the background colour")
	}
}

func TestGitCheckSpinsAndCancels(t *testing.T) {
	r := &fakeRunner{git: model.GitChecked{Available: true, Files: vetoFiles}}
	m := newModel(t, normalState(t), r, 80, 24)
	m, msgs := send(t, m, keyRune('3'))
	if m.Final().Screen != model.ScreenGitCheck {
		t.Fatalf("screen %s", m.Final().Screen)
	}
	if !strings.Contains(plain(m), "Checking git for uncommitted changes…") {
		t.Fatalf("git check screen:\n%s", plain(m))
	}
	// The spinner ticks while waiting…
	m, _ = send(t, m, m.spin.Tick())
	if _, cmd := m.Update(m.spin.Tick()); cmd == nil {
		t.Fatal("spinner stopped while waiting for git")
	}
	// …esc cancels, and the late answer from git changes nothing.
	m, _ = press(t, m, keyEsc)
	if m.Final().Screen != model.ScreenOptions {
		t.Fatalf("esc gave %s", m.Final().Screen)
	}
	m, _ = settle(t, m, msgs)
	if m.Final().Screen != model.ScreenOptions || m.Final().Veto != nil {
		t.Fatalf("a late git answer moved the wizard to %s", m.Final().Screen)
	}
	if _, cmd := m.Update(m.spin.Tick()); cmd != nil {
		t.Fatal("spinner keeps ticking off the waiting screens")
	}
}

func TestStateTextIsSanitized(t *testing.T) {
	s := aiosSession(func(s *model.Session) {
		s.Handoff.Note = "first line\x1b[2J\nsecond\tline\r"
		s.Phases[0].Result = "ok\x1b]0;pwned\x07"
	})
	m := newModel(t, loaded(t, s), nil, 60, 30)
	m, _ = press(t, m, keyRune('2'))
	raw := m.View().Content
	for _, bad := range []string{"\x1b[2J", "\x1b]0;", "\x07", "\r", "\t"} {
		if strings.Contains(raw, bad) {
			t.Errorf("view carries %q from the state file", bad)
		}
	}
	out := plain(m)
	if !strings.Contains(out, "Handoff: first line\\x1b[2J\n         second line\\x0d") {
		t.Errorf("multi-line handoff note:\n%s", out)
	}
	checkFits(t, m, 60, 30)
}
