// Package tuibench drives the real wizard for a format's keystroke
// benchmark, from the format's own package (a benchmark of one format
// lives with that format, never in tui). Tests only.
package tuibench

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui"
)

// Keystroke runs b's loop over one key's Update then View on s's screen
// (the options, or REVIEW), the wizard sized 100x30, down and up in
// turn, as the tui package's BenchmarkKeystroke does.
func Keystroke(b *testing.B, s *model.Session, screen model.Screen) {
	b.Helper()
	b.Setenv("NO_COLOR", "")
	b.Setenv("TERM", "xterm-256color")
	// Just after the last update: not a crash, so REVIEW is offered.
	st, _ := model.Step(model.NewState(model.Config{}), model.Loaded{Session: s, Now: s.LastUpdated.Add(time.Minute)})
	if screen == model.ScreenReview {
		st, _ = model.Step(st, model.Chose{Choice: model.Review})
	}
	if st.Screen != screen {
		b.Fatalf("on %s, want %s", st.Screen, screen)
	}
	next, _ := tui.New(tui.Config{State: st, Project: "bench"}).Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m := next.(tui.Model)
	keys := []tea.KeyPressMsg{{Code: tea.KeyDown}, {Code: tea.KeyUp}}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		next, _ := m.Update(keys[i%2])
		m = next.(tui.Model)
		_ = m.View()
		i++
	}
}
