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
