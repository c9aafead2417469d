package tui

import (
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/model"
)

// confirmState is DISCARD's confirmation for a session whose discard
// renames the given folders and files.
func confirmState(question string, moves ...string) model.State {
	s := aiosSession(func(s *model.Session) {
		s.Policy = map[model.Choice]model.ChoicePolicy{model.Discard: {Confirm: question}}
		s.Moves = map[model.Choice][]string{model.Discard: moves}
	})
	return model.State{Screen: model.ScreenConfirm, Pending: model.Discard, Session: s}
}

// A discard that renames whole folders (a memory folder, a ledger folder
// and a pause marker beside it) names every one before the person says
// yes, not just the state file.
func TestDiscardConfirmationNamesEveryFolderMoved(t *testing.T) {
	moves := []string{"/home/ana/shop/books/tide/phase_history/", "/home/ana/shop/books/tide/run_paused.json"}
	v := flat(plain(newModel(t, confirmState("", moves...), nil, 100, 30)))
	// Named from the project's root, labelled.
	for _, mv := range []string{"<project>/books/tide/phase_history/", "<project>/books/tide/run_paused.json"} {
		if !strings.Contains(v, mv) {
			t.Errorf("the confirmation does not name %s:\n%s", mv, v)
		}
	}
	// A source's own question that names one folder: the others are
	// listed under it.
	q := "Archive this project's memory?\n/home/ana/.claude/memory"
	v = flat(plain(newModel(t, confirmState(q, "/home/ana/.claude/memory/", "/home/ana/shop/.kiln/phase_3_state.md"), nil, 100, 30)))
	if !strings.Contains(v, "also moves") || !strings.Contains(v, "<project>/.kiln/phase_3_state.md") || strings.Count(v, "/home/ana/.claude/memory") != 1 {
		t.Errorf("the confirmation does not list what the question leaves out, once:\n%s", v)
	}
}

// git refused to look at the repository (another user owns it): the veto
// says so and names the way past it, not "0 files have uncommitted
// changes".
func TestVetoGitRefusedSaysWhyAndTheFlag(t *testing.T) {
	st := model.State{Screen: model.ScreenVeto, Pending: model.Restart, Session: aiosSession(),
		Veto: &model.Veto{Kind: model.VetoGitRefused, Reason: "git refuses to look at /home/ana/shop: the repository is owned by another user"}}
	v := flat(plain(newModel(t, st, nil, 100, 30)))
	for _, want := range []string{"git would not check this repository", "owned by another user", "--allow-unchecked-restart", "Back to the resume menu?"} {
		if !strings.Contains(v, want) {
			t.Errorf("the veto lacks %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "uncommitted changes:") {
		t.Errorf("the veto speaks of uncommitted files:\n%s", v)
	}
}

// payload is what a hostile state file puts in every text it can: a
// window title change (OSC), a screen clear (CSI), a bell, a C1 CSI, a
// right-to-left override, a zero-width space, an invisible tag character.
const payload = "X\x1b]0;PWNED\x07\x1b[2J\u009b31m\u202eRTL\u200bZW\U000E0041"

// raw are the pieces of payload that must never reach the screen as
// they are.
var raw = []string{"\x1b]0;", "\x07", "\x1b[2J", "\u009b", "\u202e", "\u200b", "\U000E0041"}

func hostileSession() *model.Session {
	return aiosSession(func(s *model.Session) {
		s.Title, s.Stage, s.Branch = payload, payload, payload
		s.Path = "/home/ana/shop/.aios/" + payload + ".yaml"
		s.Fields = append(s.Fields, model.Field{Key: "x", Label: payload, Value: payload})
		s.Phases[0].Name, s.Phases[0].Result, s.Phases[0].Executor = payload, payload, payload
		s.Handoff.Note = payload
		s.Warnings = []string{payload}
		s.ResumePoint.Reason = payload
		s.Sections = []model.Section{{Title: payload, Lines: []string{payload}}}
	})
}

// noRaw fails when the view carries a piece of the payload as it is, or
// does not show the override visibly.
func noRaw(t *testing.T, what string, m Model) {
	t.Helper()
	v := m.View().Content
	for _, r := range raw {
		if strings.Contains(v, r) {
			t.Errorf("%s: %q reaches the terminal raw", what, r)
		}
	}
	if !strings.Contains(v, "⟨U+202E⟩") {
		t.Errorf("%s: the override is not shown visibly:\n%s", what, plain(m))
	}
}

// TestHostileStateTextNeverReachesTheTerminalRaw: a state file whose
// every text holds escape sequences, C1 controls, a bidi override and
// invisible characters: the options, REVIEW, the picker and the
// confirmation show them visibly, never raw.
func TestHostileStateTextNeverReachesTheTerminalRaw(t *testing.T) {
	m := newModel(t, loaded(t, hostileSession()), nil, 100, 40)
	noRaw(t, "options", m)
	rev, _ := press(t, m, keyRune('2'))
	noRaw(t, "review", rev)
	noRaw(t, "confirm", newModel(t, model.State{Screen: model.ScreenConfirm, Pending: model.Discard, Session: hostileSession()}, nil, 100, 40))
	noRaw(t, "picker", newPicker(t, []*model.Session{hostileSession(), hostileSession()}, 100, 40, nil))
}
