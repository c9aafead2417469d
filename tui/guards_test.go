package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
)

// TestMismatchAsksBeforeContinue: a session recorded on another branch
// asks before CONTINUE, naming both sides; no goes back, nothing decided.
func TestMismatchAsksBeforeContinue(t *testing.T) {
	s := aiosSession(func(s *model.Session) { s.Recorded.Branch = "feature/auth-jwt" })
	st, _ := model.Step(model.NewState(model.Config{}), model.Loaded{Session: s, Now: now,
		Checkout: &model.Checkout{Dir: project, Repo: true, Branch: "main", Head: "4f1c2d9aa0"}})
	m := newModel(t, st, nil, 80, 24)
	m, _ = press(t, m, keyEnter) // CONTINUE, recommended
	m = arm(t, m)
	if v := flat(plain(m)); !strings.Contains(v, "Recorded on feature/auth-jwt, you are on main. Continue here anyway?") ||
		strings.Count(v, "[y/N]") != 1 {
		t.Fatalf("screen:\n%s", plain(m))
	}
	m, _ = press(t, m, keyRune('n'))
	if m.Final().Screen != model.ScreenOptions || m.Decision() != nil {
		t.Fatalf("no: screen %s", m.Final().Screen)
	}
}

// TestFactsReachAPickedSession: a session chosen in the picker starts
// the core with the facts cmd gathered (here, a claude at work).
func TestFactsReachAPickedSession(t *testing.T) {
	pinEnv(t)
	a, b := aiosSession(noLastAction), aiosSession(func(s *model.Session) { s.ID = "other"; s.LastUpdated = now.Add(-time.Hour) })
	ev := []model.Activity{{Kind: model.ActivityProcess, Detail: "claude (pid 4242) is running in this project", PID: 4242, Name: "claude"}}
	m := New(Config{Sessions: []*model.Session{a, b}, Now: now, Project: "shop",
		Facts: func(s *model.Session) ([]model.Activity, *model.Checkout) {
			if s.ID == a.ID {
				return ev, nil
			}
			return nil, nil
		}})
	m = update(t, m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m, _ = press(t, m, keyDown, keyEnter)
	st := m.Final()
	if st.Session == nil || st.Session.ID != a.ID || !st.Crash.Running || st.Crash.Detected {
		t.Fatalf("session %v crash %+v", st.Session, st.Crash)
	}
}

// TestConversationShownWithItsCommandWhole: the conversation cmd found
// behind a picked session is named on the options screen and in REVIEW,
// its command on a line of its own, never wrapped or shortened.
func TestConversationShownWithItsCommandWhole(t *testing.T) {
	pinEnv(t)
	s := aiosSession(noLastAction)
	cmd := "cd /home/ana/shop && claude --resume 7c1e4a52-9b3d-4f0e-8a61-2d5f0c9e3b17"
	cv := &model.Conversation{Agent: "claude", ID: "7c1e4a52-9b3d-4f0e-8a61-2d5f0c9e3b17", Title: "kiln phase 3",
		Cwd: "/home/ana/shop", Last: now.Add(-41 * time.Minute), Live: "dead", Link: model.LinkGuessed, Way: "resume", Command: cmd}
	other := aiosSession(func(s *model.Session) { s.ID = "other" })
	m := New(Config{Sessions: []*model.Session{s, other}, Now: now, Project: "/home/ana/shop",
		Conversation: func(x *model.Session) *model.Conversation {
			if x.ID == s.ID {
				return cv
			}
			return nil
		}})
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 40})
	m, _ = press(t, m, keyEnter)
	if m.Final().Session == nil || m.Final().Session.ID != s.ID {
		t.Fatalf("the picker opened %v, not the first session", m.Final().Session)
	}
	for _, screen := range []string{"options", "review"} {
		if screen == "review" {
			m, _ = press(t, m, keyRune('p'))
		}
		v := plain(m)
		if !strings.Contains(v, "Conversation: claude 7c1e4a52 «kiln phase 3», 41m ago (probably: same folder and time)") {
			t.Errorf("%s: no conversation line:\n%s", screen, v)
		}
		if !strings.Contains(v, "\n  "+cmd+"\n") {
			t.Errorf("%s: the command is not whole on its line:\n%s", screen, v)
		}
	}
}
