package speckit

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/testkit"
)

// writeFeatures makes a project of n features of 8 phases of 12 tasks,
// the first half of each feature ticked.
func writeFeatures(b *testing.B, n int) string {
	dir := b.TempDir()
	testkit.Write(b, filepath.Join(dir, ".specify", "memory", "constitution.md"), "# Constitution\n")
	for f := 1; f <= n; f++ {
		var t strings.Builder
		fmt.Fprintf(&t, "# Tasks: Feature %d\n\n", f)
		id := 1
		for p := 1; p <= 8; p++ {
			fmt.Fprintf(&t, "## Phase %d: Part %d\n\n", p, p)
			for k := 0; k < 12; k++ {
				mark := " "
				if p <= 4 {
					mark = "X"
				}
				fmt.Fprintf(&t, "- [%s] T%03d [P] [US%d] Implement piece %d in `src/f%d/p%d.go`\n", mark, id, p, k, f, p)
				id++
			}
			fmt.Fprintf(&t, "\n**Checkpoint**: part %d works\n\n", p)
		}
		testkit.Write(b, filepath.Join(dir, "specs", fmt.Sprintf("%03d-feature-%d", f, f), "tasks.md"), t.String())
	}
	return dir
}

// BenchmarkLoad30Features is discovery and every load of a project with
// 30 spec-kit features (the size issue 27 names).
func BenchmarkLoad30Features(b *testing.B) {
	dir := writeFeatures(b, 30)
	l := Loader{Lang: i18n.English}
	b.ResetTimer()
	for b.Loop() {
		paths, _ := l.Discover(dir)
		for _, p := range paths {
			if _, err := l.Load(dir, p); err != nil {
				b.Fatal(err)
			}
		}
	}
}
