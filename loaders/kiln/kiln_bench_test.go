package kiln

import (
	"os"
	"testing"

	"github.com/pickup-dev/pickup/internal/gen/synth"
)

// BenchmarkLoad500Phases discovers and loads a project in execution with
// 500 phases in MEMORY.md and master-plan.md, 249 archived phases and a
// phase state file of 20,000 events.
func BenchmarkLoad500Phases(b *testing.B) {
	w, err := synth.WriteKiln(b.TempDir(), synth.DefaultKiln())
	if err != nil {
		b.Fatal(err)
	}
	l := New(b.TempDir())
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
		if s.Problem != nil || len(s.Phases) != 500 {
			b.Fatalf("problem %+v, %d phases", s.Problem, len(s.Phases))
		}
	}
}

// BenchmarkPhaseState20kEvents parses the phase state file alone.
func BenchmarkPhaseState20kEvents(b *testing.B) {
	w, err := synth.WriteKiln(b.TempDir(), synth.DefaultKiln())
	if err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(w.State)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if ps := parsePhaseState(data); len(ps.Events) != 20_000 {
			b.Fatalf("%d events", len(ps.Events))
		}
	}
}
