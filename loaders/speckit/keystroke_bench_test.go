package speckit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/tuibench"
)

// benchSpeckit loads a generated spec-kit feature of phases phases of
// 12 tasks each, the first half ticked.
func benchSpeckit(b *testing.B, phases int) *model.Session {
	b.Helper()
	var t strings.Builder
	t.WriteString("# Tasks: Bench\n\n")
	id := 1
	for p := 1; p <= phases; p++ {
		fmt.Fprintf(&t, "## Phase %d: Part %d\n\n", p, p)
		for k := 0; k < 12; k++ {
			mark := " "
			if p <= phases/2 {
				mark = "X"
			}
			fmt.Fprintf(&t, "- [%s] T%03d [P] Piece %d of part %d\n", mark, id, k, p)
			id++
		}
		t.WriteString("\n")
	}
	dir := b.TempDir()
	p := filepath.Join(dir, "specs", "001-bench", "tasks.md")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(t.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".specify"), 0o755); err != nil {
		b.Fatal(err)
	}
	return loadOneForBench(b, Loader{}, dir)
}

// BenchmarkKeystrokeSpeckit is BenchmarkKeystroke on spec-kit features
// of 8 and of 300 phases (96 and 3,600 tasks): the options screen and
// REVIEW. A key on the large feature should cost about what it costs on
// the small one.
func BenchmarkKeystrokeSpeckit(b *testing.B) {
	for _, sc := range []struct {
		name   string
		screen model.Screen
	}{{"menu", model.ScreenOptions}, {"review", model.ScreenReview}} {
		for _, n := range []int{8, 300} {
			b.Run(fmt.Sprintf("%s/speckit-%d-phases", sc.name, n), func(b *testing.B) {
				s := benchSpeckit(b, n)
				tuibench.Keystroke(b, s, sc.screen)
			})
		}
	}
}

// loadOneForBench is the first session Discover finds in project.
func loadOneForBench(b *testing.B, l Loader, project string) *model.Session {
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
