package tui

import (
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/model"
)

// A source's own question (ChoicePolicy.Confirm) is asked before the
// write, with its words, and esc or n leaves without writing.
func TestSourceQuestionIsAskedBeforeWriting(t *testing.T) {
	q := "About to restore working directory to checkpoint pre-wave-3. Proceed?"
	st := loaded(t, aiosSession(func(s *model.Session) {
		s.Policy = map[model.Choice]model.ChoicePolicy{model.Continue: {Confirm: q, Writes: true}}
	}))
	r := &fakeRunner{}
	m := newModel(t, st, r, 80, 24)
	m, _ = press(t, m, keyRune('1'))
	if m.Final().Screen != model.ScreenConfirm {
		t.Fatalf("screen %s", m.Final().Screen)
	}
	if v := flat(plain(m)); !strings.Contains(v, "restore working directory to checkpoint pre-wave-3") || !strings.Contains(v, "Confirm: CONTINUE") {
		t.Fatalf("question not shown:\n%s", plain(m))
	}
	m = arm(t, m)
	if v := plain(m); !strings.Contains(v, "y yes") || strings.Contains(v, "discard") {
		t.Fatalf("help bar does not answer the question:\n%s", v)
	}
	m, _ = press(t, m, keyRune('n'))
	if m.Final().Screen != model.ScreenOptions || r.applies() != 0 {
		t.Fatalf("n gave %s with %d applies", m.Final().Screen, r.applies())
	}
	m, _ = press(t, m, keyRune('1'))
	m = arm(t, m)
	_, _ = press(t, m, keyRune('y'))
	if r.applies() != 1 {
		t.Fatalf("y gave %d applies", r.applies())
	}
}

// A source's own menu words replace the catalog's, and its sections show
// on the dashboard.
func TestSourceLabelsAndSections(t *testing.T) {
	st := loaded(t, aiosSession(func(s *model.Session) {
		s.Policy = map[model.Choice]model.ChoicePolicy{model.Discard: {Label: "Archive this project's memory", Hint: "so /kiln:start can begin again"}}
		s.Sections = []model.Section{{Title: "Events", Lines: []string{"10:01 Maestro branch — Created branch"}}}
	}))
	m := newModel(t, st, nil, 100, 30)
	if v := plain(m); !strings.Contains(v, "Archive this project's memory - so /kiln:start can begin again") {
		t.Fatalf("label not shown:\n%s", v)
	}
	m, _ = press(t, m, keyRune('2'))
	if v := plain(m); !strings.Contains(v, "Events") || !strings.Contains(v, "Maestro branch") {
		t.Fatalf("section not shown:\n%s", v)
	}
}
