package tui

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/loaders/design"
	"github.com/pickup-dev/pickup/model"
)

// sixSources are the demo's six kinds of session, read by their real
// loaders from the fixtures: aios, kiln, /design, atelier, bookforge,
// crucible.
func sixSources(t *testing.T) map[string]model.State {
	w := newCrucibleWorld(t, "main")
	return map[string]model.State{
		"aios":      normalState(t),
		"kiln":      kilnState(t, kilnSession(t, "execution"), 20*time.Minute),
		"design":    designLoaded(t, "design", "listing"),
		"atelier":   designLoaded(t, design.AtelierSource, "atelier"),
		"bookforge": bookforgeState(t, "real", false),
		"crucible":  loaded(t, w.session(t, 2*time.Hour)),
	}
}

// The same letter is the same choice in every format, whatever number
// the format's own listing gives it: pressing the letter does what
// pressing the number does, and the menu labels each option with its
// fixed verb and letter.
func TestVerbKeysMeanTheSameInEverySource(t *testing.T) {
	for name, st := range sixSources(t) {
		t.Run(name, func(t *testing.T) {
			vis := model.Visible(st.Options)
			if len(vis) < 3 {
				t.Fatalf("menu %+v", vis)
			}
			out := plain(newModel(t, st, nil, 120, 40))
			for i, o := range vis {
				label := strconv.Itoa(i+1) + ". " + strings.ToUpper(string(o.Choice)) + " [" + VerbKeys[o.Choice] + "]"
				if !strings.Contains(out, label) {
					t.Errorf("menu lacks %q:\n%s", label, out)
				}
				byNumber, _ := press(t, newModel(t, st, nil, 120, 40), keyRune(rune('1'+i)))
				byLetter, _ := press(t, newModel(t, st, nil, 120, 40), keyRune(rune(VerbKeys[o.Choice][0])))
				a, b := byNumber.Final(), byLetter.Final()
				if a.Screen != b.Screen || a.Pending != b.Pending || a.Notice != b.Notice {
					t.Errorf("%s: %d gives %s/%s/%q, %s gives %s/%s/%q", o.Choice, i+1, a.Screen, a.Pending, a.Notice,
						VerbKeys[o.Choice], b.Screen, b.Pending, b.Notice)
				}
			}
			// ? lists the same options in the same order, number and
			// letter side by side.
			m, _ := press(t, newModel(t, st, nil, 120, 40), keyRune('?'))
			help := plain(m)
			last := -1
			for i, o := range vis {
				entry := strconv.Itoa(i+1) + " " + VerbKeys[o.Choice] + " " + strings.ToLower(string(o.Choice))
				at := strings.Index(help, entry)
				if at < 0 || at < last {
					t.Errorf("help lists %q out of the menu's order:\n%s", entry, help)
				}
				last = at
			}
		})
	}
}

// The whole program, in every source: the letters drive the menu. p
// opens REVIEW where the format offers it (esc comes back), D asks
// before DISCARD (n comes back), q leaves with nothing written.
func TestFlowVerbKeysAcrossSources(t *testing.T) {
	for name, st := range sixSources(t) {
		t.Run(name, func(t *testing.T) {
			r := &fakeRunner{}
			tm := startFlow(t, st, r)
			waitFor(t, tm, "What do you want to do?", "CONTINUE [c]", "DISCARD [D]")
			if o, ok := model.Find(model.Visible(st.Options), model.Review); ok && o.Enabled {
				tm.Type("p")
				waitFor(t, tm, "Detailed progress")
				tm.Send(keyEsc)
				waitFor(t, tm, "What do you want to do?")
			}
			if o, ok := model.Find(model.Visible(st.Options), model.Discard); ok && o.Enabled {
				tm.Type("D")
				waitFor(t, tm, "[y/N]")
				waitFor(t, tm, "keep")
				tm.Type("n")
				waitFor(t, tm, "What do you want to do?")
			}
			tm.Type("q")
			fm := finalModel(t, tm)
			if fm.Final().Screen != model.ScreenQuit || fm.Decision() != nil || r.applies() != 0 {
				t.Fatalf("final %s decision %+v applies %d", fm.Final().Screen, fm.Decision(), r.applies())
			}
		})
	}
}

// The warning block: every fact that bears on the choice sits above
// "What do you want to do?", and while it stands no option is
// recommended without saying why.
func TestFlowWarningBlockAboveTheQuestion(t *testing.T) {
	tm := startFlow(t, alertState(t), &fakeRunner{})
	waitFor(t, tm, "What do you want to do?", "DISCARD [D]")
	tm.Type("q")
	fm := finalModel(t, tm)

	m := newModel(t, alertState(t), nil, 120, 40)
	out := plain(m)
	q := strings.Index(out, "What do you want to do?")
	for _, a := range m.state.Alerts() {
		at := strings.Index(out, "⚠ "+a.Text)
		if at < 0 || at > q {
			t.Errorf("alert %q is not above the question:\n%s", a.Text, out)
		}
	}
	if !strings.Contains(out, "1. CONTINUE [c] (recommended: the story file is on disk)") {
		t.Errorf("CONTINUE's recommendation does not say why:\n%s", out)
	}
	if strings.Count(out, "recommended") != 1 {
		t.Errorf("a recommendation without a why stands beside an alert:\n%s", out)
	}
	if fm.Final().Screen != model.ScreenQuit {
		t.Fatalf("final %s", fm.Final().Screen)
	}
}
