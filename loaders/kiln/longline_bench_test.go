package kiln

import (
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// BenchmarkLoadLongLine loads a kiln 3.1 (era F) .kiln/STATE.md whose
// next_action is one line of 10 MB (1 MB with -short), not one of kiln's
// templates: the parse's memory stays linear in the input with a small
// constant (x-input; docs/performance.md).
func BenchmarkLoadLongLine(b *testing.B) {
	project := b.TempDir()
	state := filepath.Join(project, ".kiln", "STATE.md")
	size := testkit.WriteLongLine(b, filepath.Join("..", "..", "testdata", "kiln", "era_f_midbuild", "kiln", "STATE.md"), state,
		"Relaunch the kernel workflow with stage=build")
	l := New(b.TempDir())
	testkit.LoopPerInput(b, size, func() {
		paths, err := l.Discover(project)
		if err != nil || len(paths) != 1 {
			b.Fatalf("discover: %v %v", paths, err)
		}
		if s, err := l.Load(project, paths[0]); err != nil || s.Problem != nil || s.Prompt == "" {
			b.Fatalf("load: %v %+v", err, s.Problem)
		}
	})
}
