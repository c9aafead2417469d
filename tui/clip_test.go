package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// A state file whose title, note and a field are each 1 MB with no
// space to wrap at: the menu and REVIEW show each cut to clipLines
// lines, closed by a mark with the text's whole size (issue 28: drawing
// it used to take seconds a key, in lines nobody reads).
func TestHugeFieldsAreCutForTheScreen(t *testing.T) {
	word := strings.Repeat("x", 1<<20)
	s := aiosSession(func(s *model.Session) {
		s.Title, s.Handoff.Note, s.Headline = word, word, word
		s.Fields = append(s.Fields, model.Field{Key: "long", Label: "Long", Value: word})
	})
	for _, screen := range []model.Screen{model.ScreenOptions, model.ScreenReview} {
		st := loaded(t, s)
		if screen == model.ScreenReview {
			st, _ = model.Step(st, model.Chose{Choice: model.Review})
		}
		m := newModel(t, st, nil, 100, 400)
		var run, marks, longest int
		for _, l := range strings.Split(plain(m), "\n") {
			if strings.Contains(l, "xxxxxxxxxx") {
				run++
				longest = max(longest, run)
				continue
			}
			run = 0
			if strings.Contains(l, "(cut for the screen: 1.0 MiB in all)") {
				marks++
			}
			if ansi.StringWidth(l) > 100 {
				t.Fatalf("%s: a line wider than the screen: %q", screen, l)
			}
		}
		if longest == 0 || longest > clipLines-1 {
			t.Errorf("%s: %d lines of one text in a row, want 1 to %d", screen, longest, clipLines-1)
		}
		if marks == 0 {
			t.Errorf("%s: no cut mark:\n%s", screen, plain(m))
		}
	}
}

// The mark is in the screen's language, and a text that fits is not cut.
func TestCutMarkInPortuguese(t *testing.T) {
	st := NewStyles(true, true)
	d := newDoc(40, false)
	d.clip, d.cat = 3, msg.Portuguese()
	d.text(sg(strings.Repeat("palavra ", 100), &st.Text))
	if len(d.lines) != 3 || d.lines[2] != "… (cortado na tela: 800 B ao todo)" {
		t.Fatalf("lines: %q", d.lines)
	}
	d = newDoc(40, false)
	d.clip, d.cat = 3, msg.Portuguese()
	d.text(sg(strings.Repeat("palavra ", 14), &st.Text))
	if len(d.lines) != 3 || strings.Contains(strings.Join(d.lines, ""), "cortado") {
		t.Fatalf("three lines of text were cut: %q", d.lines)
	}
}
