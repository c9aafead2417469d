package aios

import (
	"testing"

	"github.com/pickup-dev/pickup/internal/gen/synth"
)

// BenchmarkLoad10kPhaseResults discovers and loads a v1.2 session state
// holding 10,000 phase results (an epic of 1,667 stories).
func BenchmarkLoad10kPhaseResults(b *testing.B) {
	w, err := synth.WriteAIOS(b.TempDir(), synth.DefaultAIOS())
	if err != nil {
		b.Fatal(err)
	}
	l := New()
	b.ReportAllocs()
	for b.Loop() {
		paths, err := l.Discover(w.Project)
		if err != nil || len(paths) != 1 {
			b.Fatalf("discover: %v %v", paths, err)
		}
		s, err := l.Load(w.Project, paths[0])
		if err != nil {
			b.Fatal(err)
		}
		if s.Problem != nil || s.Units == nil || s.Units.Total != w.Stories {
			b.Fatalf("problem %+v, units %+v", s.Problem, s.Units)
		}
	}
}
