package crucible

import (
	"path/filepath"
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
	size := testkit.WriteLongLine(b, filepath.Join("..", "..", "testdata", "crucible", "crash", "manifest.jsonl"), path,
		"Design doc drafted: token auth with refresh")
	testkit.LoopPerInput(b, size, func() {
		m, err := ReadManifest(path)
		if err != nil || len(m.Seqs) == 0 {
			b.Fatalf("read: %v", err)
		}
	})
}
