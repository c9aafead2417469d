package kiln

import (
	"os"
	"path/filepath"
	"strings"
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
	src := testkit.Read(b, filepath.Join("..", "..", "testdata", "kiln", "era_f_midbuild", "kiln", "STATE.md"))
	long := strings.Repeat("check the gate ", testkit.LongLineSize()/15)
	testkit.Write(b, state, strings.Replace(src, "Relaunch the kernel workflow with stage=build", long, 1))
	st, err := os.Stat(state)
	if err != nil {
		b.Fatal(err)
	}
	l := New(b.TempDir())
	testkit.LoopPerInput(b, st.Size(), func() {
		paths, err := l.Discover(project)
		if err != nil || len(paths) != 1 {
			b.Fatalf("discover: %v %v", paths, err)
		}
		if s, err := l.Load(project, paths[0]); err != nil || s.Problem != nil || s.Prompt == "" {
			b.Fatalf("load: %v %+v", err, s.Problem)
		}
	})
}
