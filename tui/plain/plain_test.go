package plain

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/model"
)

// run drives Run with typed input over one session whose effects are
// answered by answer.
func run(t *testing.T, s *model.Session, input string, answer func(model.Effect) model.Event) (Result, string) {
	t.Helper()
	var out strings.Builder
	res := Run(Config{
		In: strings.NewReader(input), Out: &out, Project: "/p", Sessions: []*model.Session{s},
		Load: func(s *model.Session) model.State {
			st, _ := model.Step(model.NewState(model.Config{}), model.Loaded{Session: s, Now: time.Now()})
			return st
		},
		Run: answer,
	})
	return res, out.String()
}

// TestFailedWriteGoesBack: a refused write is said, with "nothing was
// written", and Enter goes back to the options; a choice is found by
// its name as well as its number.
func TestFailedWriteGoesBack(t *testing.T) {
	var applied int
	s := &model.Session{Source: "aios", ID: "abc", Path: "/p/.aios/state.yaml", Project: "/p"}
	res, out := run(t, s, "discard\nyes\n\nq\n", func(e model.Effect) model.Event {
		if a, ok := e.(model.Apply); ok {
			applied++
			return model.Applied{Choice: a.Choice, Err: errors.New("disk full")}
		}
		return nil
	})
	for _, want := range []string{"Writing…\n", "Problem: The write did not go through.\ndisk full\nNothing was written.\nPress Enter to go back to the options (q quits):\n"} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in:\n%s", want, out)
		}
	}
	if applied != 1 || res.State.Screen != model.ScreenQuit || res.State.Decision != nil || res.EOF {
		t.Fatalf("applied %d, result %+v", applied, res)
	}
	if strings.Count(out, "What do you want to do?") != 2 {
		t.Fatalf("not back to the options:\n%s", out)
	}
}

// TestDisabledChoiceIsExplained: a choice that is off says why and asks
// again, without stepping the core.
func TestDisabledChoiceIsExplained(t *testing.T) {
	s := &model.Session{Source: "aios", ID: "abc", Path: "/p/s", Project: "/p",
		Policy: map[model.Choice]model.ChoicePolicy{model.Restart: {Disabled: "the tool has no restart"}}}
	res, out := run(t, s, "3\n", func(model.Effect) model.Event { t.Fatal("an effect ran"); return nil })
	if !strings.Contains(out, "not available: the tool has no restart\n") || !res.EOF {
		t.Fatalf("%+v\n%s", res, out)
	}
}
