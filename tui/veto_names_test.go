package tui

import (
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/model"
)

// TestHostileFileNameForgesWizardVetoLines: an uncommitted file whose
// name holds newlines and a reassuring sentence, on the wizard's veto
// screen (with its git status, and as a bare path). The name is shown in
// its escaped form, $'…\x0a…', on one line; no line of the screen is the
// forged sentence.
func TestHostileFileNameForgesWizardVetoLines(t *testing.T) {
	forged := "notes.txt\n\nNothing here is at risk"
	for _, v := range []*model.Veto{
		{Kind: model.VetoUncommitted, Files: []string{forged},
			Changes: []model.VetoFile{{Path: forged, Status: "untracked", Class: model.ClassOther}}},
		{Kind: model.VetoUncommitted, Files: []string{forged}},
	} {
		st := model.State{Screen: model.ScreenVeto, Pending: model.Restart, Session: aiosSession(), Veto: v}
		view := plain(newModel(t, st, nil, 100, 30))
		for _, l := range strings.Split(view, "\n") {
			if strings.HasPrefix(strings.TrimLeft(l, " │•·"), "Nothing here is at risk") {
				t.Fatalf("the file's name forges a line: %q\n%s", l, view)
			}
		}
		if !strings.Contains(view, `$'notes.txt\x0a\x0aNothing here is at risk'`) {
			t.Fatalf("the veto does not show the name escaped:\n%s", view)
		}
	}
}
