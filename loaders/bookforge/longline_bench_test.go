package bookforge

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
)

// BenchmarkLoadLongLine loads a book whose state.json holds one line of
// 10 MB (1 MB with -short), the world's location: memory per op as a
// multiple of the file (x-input; docs/performance.md, "One long line").
func BenchmarkLoadLongLine(b *testing.B) {
	project := b.TempDir()
	testkit.CopyTree(b, filepath.Join("..", "..", "testdata", "bookforge", "cursor"), project)
	state := filepath.Join(project, "workspace", "books", "quill", "state.json")
	size := testkit.WriteLongLine(b, state, state, "Salt flats")
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
