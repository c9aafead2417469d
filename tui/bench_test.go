package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/internal/gen/synth"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/bookforge"
	"github.com/pickup-dev/pickup/loaders/kiln"
	"github.com/pickup-dev/pickup/model"
)

// The keystroke benchmarks: one key's Update, then View, as the program
// does for every key. The cost must not grow with the session: a key on
// the largest session (a kiln project of 500 phases, a bookforge book of
// 500 scenes) may cost at most twice a key on a 10-phase session.

// benchKiln loads a generated kiln project of the given size.
func benchKiln(b *testing.B, phases int) *model.Session {
	b.Helper()
	w, err := synth.WriteKiln(b.TempDir(), synth.KilnSpec{Phases: phases, Events: 20 * phases})
	if err != nil {
		b.Fatal(err)
	}
	return benchLoad(b, kiln.New(b.TempDir()), w.Project)
}

func benchBook(b *testing.B) *model.Session {
	b.Helper()
	w, err := synth.WriteBookforge(b.TempDir(), synth.DefaultBookforge())
	if err != nil {
		b.Fatal(err)
	}
	return benchLoad(b, bookforge.New(loaders.Options{Now: time.Now()}), w.Project)
}

func benchLoad(b *testing.B, l loaders.Loader, project string) *model.Session {
	b.Helper()
	paths, err := l.Discover(project)
	if err != nil || len(paths) == 0 {
		b.Fatalf("discover: %v %v", paths, err)
	}
	s, err := l.Load(project, paths[0])
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// benchModel is the wizard on s, sized 100x30, on screen (the summary
// and its menu, or REVIEW).
func benchModel(b *testing.B, s *model.Session, screen model.Screen) Model {
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
	m := New(Config{State: st, Project: "bench"})
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	return next.(Model)
}

// benchSessions are the sessions the keystroke benchmarks run on.
func benchSessions() []struct {
	name string
	load func(b *testing.B) *model.Session
} {
	return []struct {
		name string
		load func(b *testing.B) *model.Session
	}{
		{"kiln-10-phases", func(b *testing.B) *model.Session { return benchKiln(b, 10) }},
		{"kiln-500-phases", func(b *testing.B) *model.Session { return benchKiln(b, 500) }},
		{"bookforge-500-scenes", benchBook},
		// A hostile state: a 1 MB title, field and note with no space to
		// wrap at (issue 13: wrapping used to be quadratic in its length).
		{"kiln-1MB-word", func(b *testing.B) *model.Session {
			s := benchKiln(b, 10)
			word := strings.Repeat("x", 1<<20)
			s.Title, s.Handoff.Note = word, word
			s.Fields = append(s.Fields, model.Field{Key: "long", Label: "Long", Value: word})
			return s
		}},
	}
}

func BenchmarkKeystroke(b *testing.B) {
	sessions := benchSessions()
	for _, sc := range []struct {
		name   string
		screen model.Screen
	}{{"menu", model.ScreenOptions}, {"review", model.ScreenReview}} {
		for _, ss := range sessions {
			b.Run(sc.name+"/"+ss.name, func(b *testing.B) {
				s := ss.load(b)
				m := benchModel(b, s, sc.screen)
				keys := []tea.KeyPressMsg{keyDown, keyUp}
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					next, _ := m.Update(keys[i%2])
					m = next.(Model)
					_ = m.View()
					i++
				}
				b.ReportMetric(float64(len(s.Phases)), "phases")
			})
		}
	}
}

// BenchmarkFirstFrame: the wizard made and sized, then its first frame,
// on the options screen. A 1 MB title, note and field may cost at most
// twice a normal session (issue 28): they are cut for the screen.
func BenchmarkFirstFrame(b *testing.B) {
	for _, ss := range benchSessions() {
		if ss.name == "kiln-500-phases" || ss.name == "bookforge-500-scenes" {
			continue
		}
		b.Run(ss.name, func(b *testing.B) {
			s := ss.load(b)
			benchModel(b, s, model.ScreenOptions) // the environment, once
			b.ReportAllocs()
			for b.Loop() {
				m := benchModel(b, s, model.ScreenOptions)
				_ = m.View()
			}
		})
	}
}

// BenchmarkReviewScroll: REVIEW on 500 phases, scrolled down a line a
// key through the whole body and back to the top: the window of styled
// rows moves a screen at a time, so most keys reuse the body.
func BenchmarkReviewScroll(b *testing.B) {
	s := benchKiln(b, 500)
	m := benchModel(b, s, model.ScreenReview)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := keyDown
		if i%1200 >= 600 {
			k = keyUp
		}
		next, _ := m.Update(k)
		m = next.(Model)
		_ = m.View()
		i++
	}
}
