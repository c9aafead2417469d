package bmad

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui"
)

// BenchmarkKeystroke: one key's Update, then View, on the options
// screen and on REVIEW (the epics × stories grid), for a sprint of 20
// stories, one of 400 and one of 4,000 (not under -short). Once the
// grid fills the screen, the cost of a key must not grow with the sprint
// (compare 400 and 4,000 stories' ns/op; 20 stories fit on one screen).
func BenchmarkKeystroke(b *testing.B) {
	for _, screen := range []model.Screen{model.ScreenOptions, model.ScreenReview} {
		sizes := []int{2, 40, 400}
		if testing.Short() {
			sizes = sizes[:2] // make test runs each benchmark once, small
		}
		for _, epics := range sizes {
			b.Run(string(screen)+"/"+map[int]string{2: "20-stories", 40: "400-stories", 400: "4000-stories"}[epics], func(b *testing.B) {
				root, path := writeSprint(b, epics)
				s, err := Loader{}.Load(root, path)
				if err != nil {
					b.Fatal(err)
				}
				b.Setenv("NO_COLOR", "")
				b.Setenv("TERM", "xterm-256color")
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
			})
		}
	}
}
