package design

import (
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/gen/synth"
	"github.com/pickup-dev/pickup/loaders"
)

// BenchmarkLoad200Sessions discovers a project with 200 /design sessions
// and loads every one, as `pickup status` does.
func BenchmarkLoad200Sessions(b *testing.B) {
	w, err := synth.WriteDesign(b.TempDir(), synth.DefaultDesign())
	if err != nil {
		b.Fatal(err)
	}
	l := New(loaders.Options{Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	b.ReportAllocs()
	for b.Loop() {
		paths, err := l.Discover(w.Project)
		if err != nil || len(paths) != w.Sessions {
			b.Fatalf("discover: %d paths, %v", len(paths), err)
		}
		for _, p := range paths {
			s, err := l.Load(w.Project, p)
			if err != nil {
				b.Fatal(err)
			}
			if s.Problem != nil {
				b.Fatalf("%s: %+v", p, s.Problem)
			}
		}
	}
}
