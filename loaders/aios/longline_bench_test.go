package aios

import (
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// BenchmarkLoadLongLine loads a session state whose epic title is one
// line of 10 MB (1 MB with -short): memory per op as a multiple of the
// file (x-input; docs/performance.md, "One long line").
func BenchmarkLoadLongLine(b *testing.B) {
	project := b.TempDir()
	state := filepath.Join(project, ".aios", ".session-state.yaml")
	size := testkit.WriteLongLine(b, filepath.Join("..", "..", "testdata", "aios", "core.yaml"), state, "Projeto Bob")
	l := New()
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
