package fsx

import (
	"bytes"
	"fmt"
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

// BenchmarkReadLog is what every status, hook and wizard start pays to
// find the operations cut short in a project whose log holds n records
// (ReadRecentLog: the log is compacted past compactAt records), and what
// undo pays to read all of it (ReadLog).
func BenchmarkReadLog(b *testing.B) {
	sizes := []int{10, 300, 1000}
	if testing.Short() {
		sizes = []int{10, 30}
	}
	for _, n := range sizes {
		b.Setenv("XDG_STATE_HOME", b.TempDir())
		project := b.TempDir()
		p := filepath.Join(project, "state.yaml")
		prev := "state 0"
		write(b, p, prev, 0o644)
		for i := range n {
			next := fmt.Sprintf("state %d", i+1)
			op, err := Begin(project, Record{Command: "resume"})
			if err != nil {
				b.Fatal(err)
			}
			err = ReplaceIfUnchanged(p, Fingerprint([]byte(prev)), []byte(next))
			op.End(err)
			if err != nil {
				b.Fatal(err)
			}
			prev = next
		}
		for _, read := range []struct {
			name string
			fn   func(string) ([]Entry, error)
			want int
		}{{"recent", ReadRecentLog, -1}, {"whole", ReadLog, n}} {
			b.Run(fmt.Sprintf("%s/%d", read.name, n), func(b *testing.B) {
				for b.Loop() {
					log, err := read.fn(project)
					if err != nil || read.want >= 0 && len(log) != read.want || len(log) == 0 {
						b.Fatalf("read %d of %d operations: %v", len(log), n, err)
					}
					if cut := Interrupted(log); len(cut) != 0 {
						b.Fatalf("%d operations cut short, want none", len(cut))
					}
				}
			})
		}
	}
}
