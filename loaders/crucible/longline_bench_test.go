package crucible

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// BenchmarkParseLongLine reads a manifest whose first summary is one
// line of 10 MB (1 MB with -short), and builds the compression-state
// block from it: memory per op as a multiple of the file (x-input;
// docs/performance.md, "One long line"). The whole Load needs a git
// world (BenchmarkLoad); the manifest is where a long line is read.
func BenchmarkParseLongLine(b *testing.B) {
	path := filepath.Join(b.TempDir(), "manifest.jsonl")
	src := testkit.Read(b, filepath.Join("..", "..", "testdata", "crucible", "crash", "manifest.jsonl"))
	long := strings.Repeat("check the gate ", testkit.LongLineSize()/15)
	testkit.Write(b, path, strings.Replace(src, "Design doc drafted: token auth with refresh", long, 1))
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	testkit.LoopPerInput(b, st.Size(), func() {
		m, err := ReadManifest(path)
		if err != nil || len(m.Seqs) == 0 {
			b.Fatalf("read: %v", err)
		}
	})
}
