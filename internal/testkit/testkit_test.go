package testkit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCopyWriteCommit(t *testing.T) {
	Isolate(t)
	src := t.TempDir()
	Write(t, filepath.Join(src, "a", "b.txt"), "one\n")
	dst := filepath.Join(t.TempDir(), "copy")
	if err := os.MkdirAll(filepath.Join(dst, "a"), 0o755); err != nil {
		t.Fatal(err)
	}
	CopyTree(t, src, dst)
	if got := Read(t, filepath.Join(dst, "a", "b.txt")); got != "one\n" {
		t.Fatalf("copied %q", got)
	}
	Commit(t, dst, "first")
	Write(t, filepath.Join(dst, "c.txt"), "two\n")
	if st := Git(t, dst, nil, "status", "--porcelain"); st != "?? c.txt\n" {
		t.Fatalf("status after a new file: %q", st)
	}
	Commit(t, dst, "second")
	log := Git(t, dst, nil, "log", "--format=%s %an")
	if log != "second t\nfirst t\n" {
		t.Fatalf("log %q", log)
	}
	if br := strings.TrimSpace(Git(t, dst, nil, "branch", "--show-current")); br != "main" {
		t.Fatalf("branch %q", br)
	}
}
