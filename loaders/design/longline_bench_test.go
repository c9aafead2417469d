package design

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
)

// BenchmarkLoadLongLine loads a /design session whose first clarifying
// question is one line of 10 MB (1 MB with -short): memory per op as a
// multiple of the file (x-input; docs/performance.md, "One long line").
func BenchmarkLoadLongLine(b *testing.B) {
	project := b.TempDir()
	rel := filepath.Join(".claude", "design", "sessions", "user-export.session.json")
	state := filepath.Join(project, rel)
	size := testkit.WriteLongLine(b, filepath.Join("..", "..", "testdata", "design", "spec_example", rel), state, "What is the expected data volume?")
	l := New(loaders.Options{Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	testkit.LoopPerInput(b, size, func() {
		paths, err := l.Discover(project)
		if err != nil || len(paths) != 1 {
			b.Fatalf("discover: %v %v", paths, err)
		}
		if s, err := l.Load(project, paths[0]); err != nil || s.Problem != nil {
			b.Fatalf("load: %v %+v", err, s.Problem)
		}
	})
}
