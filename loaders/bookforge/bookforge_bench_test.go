package bookforge

import (
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/gen/synth"
	"github.com/pickup-dev/pickup/loaders"
)

// BenchmarkLoad500Scenes discovers and loads a book of 500 scenes: every
// ledger, the pause marker, the hash of every artifact the ledgers name,
// the SKIP/RERUN/BLOCKED verdicts.
func BenchmarkLoad500Scenes(b *testing.B) {
	w, err := synth.WriteBookforge(b.TempDir(), synth.DefaultBookforge())
	if err != nil {
		b.Fatal(err)
	}
	l := New(loaders.Options{Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
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
		if s.Problem != nil || s.Plan == nil {
			b.Fatalf("problem %+v, plan %v", s.Problem, s.Plan != nil)
		}
	}
}
