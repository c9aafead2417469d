package fsx

import (
	"bytes"
	"path/filepath"
	"testing"
)

// BenchmarkReplace is one RESTART-sized rewrite, with and without the
// operation log (a record, the old bytes kept as a blob, each fsynced).
func BenchmarkReplace(b *testing.B) {
	for _, size := range []int{4 << 10, 1 << 20} {
		for _, logged := range []bool{false, true} {
			name := map[bool]string{false: "unlogged", true: "logged"}[logged]
			b.Run(name+"/"+map[int]string{4 << 10: "4KiB", 1 << 20: "1MiB"}[size], func(b *testing.B) {
				b.Setenv("XDG_STATE_HOME", b.TempDir())
				project := b.TempDir()
				p := filepath.Join(project, "state.yaml")
				data := [2][]byte{bytes.Repeat([]byte("a"), size), bytes.Repeat([]byte("b"), size)}
				write(b, p, string(data[0]), 0o644)
				b.ResetTimer()
				for i := range b.N {
					old, next := data[i%2], data[(i+1)%2]
					var op *Op
					if logged {
						op, _ = Begin(project, Record{Command: "resume"})
					}
					err := ReplaceIfUnchanged(p, Fingerprint(old), next)
					op.End(err)
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
