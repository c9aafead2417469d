package testkit

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
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

func TestFixtureAndCopyReplace(t *testing.T) {
	src := t.TempDir()
	Write(t, filepath.Join(src, "d", "a.txt"), "path: /home/ana/shop\n")
	dst := Fixture(t, src)
	if dst == src || Read(t, filepath.Join(dst, "d", "a.txt")) != "path: /home/ana/shop\n" {
		t.Fatalf("fixture %s is not a copy of %s", dst, src)
	}
	// CopyReplace overwrites what is there, with the replacements.
	CopyReplace(t, src, dst, "/home/ana/shop", "/tmp/x", "path", "where")
	if got := Read(t, filepath.Join(dst, "d", "a.txt")); got != "where: /tmp/x\n" {
		t.Fatalf("replaced copy %q", got)
	}
	if st, err := os.Stat(filepath.Join(dst, "d", "a.txt")); err != nil || st.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v, %v", st.Mode(), err)
	}
	if got := Read(t, filepath.Join(src, "d", "a.txt")); got != "path: /home/ana/shop\n" {
		t.Fatalf("source changed: %q", got)
	}
}

func TestSnapshot(t *testing.T) {
	Isolate(t)
	dir := t.TempDir()
	Write(t, filepath.Join(dir, "a", "b.txt"), "one")
	Write(t, filepath.Join(dir, "c.txt"), "two")
	Commit(t, dir, "first")
	before := Snapshot(t, dir)
	if len(before) != 2 || before["a/b.txt"] != "one" || before["c.txt"] != "two" {
		t.Fatalf("snapshot %v (the .git folder is left out)", before)
	}
	Write(t, filepath.Join(dir, "c.txt"), "three")
	if after := Snapshot(t, dir); after["c.txt"] != "three" {
		t.Fatalf("snapshot after a write %v", after)
	}
}

func TestTreeHash(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	Write(t, filepath.Join(a, "f.txt"), "one")
	Symlink(t, "f.txt", filepath.Join(a, "l"))
	if got, err := os.Readlink(filepath.Join(a, "l")); err != nil || got != "f.txt" {
		t.Fatalf("link to %q, %v", got, err)
	}
	h := TreeHash(t, a, b)
	if len(h) != 64 || TreeHash(t, a, b) != h {
		t.Fatalf("hash %q is not stable", h)
	}
	if TreeHash(t, a) == h {
		t.Fatal("a second root changes nothing")
	}
	stamp := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	changes := []func(){
		func() { Write(t, filepath.Join(a, "f.txt"), "two") },
		func() { os.Chtimes(filepath.Join(a, "f.txt"), stamp, stamp) },
		func() { os.Chmod(filepath.Join(a, "f.txt"), 0o600) },
		func() { os.Remove(filepath.Join(a, "l")); Symlink(t, "g.txt", filepath.Join(a, "l")) },
		func() { Symlink(t, "../f.txt", filepath.Join(a, "sub", "l")) },
		func() { Write(t, filepath.Join(b, "new"), "") },
	}
	for i, change := range changes {
		change()
		if next := TreeHash(t, a, b); next == h {
			t.Fatalf("change %d left the hash as it was", i)
		} else {
			h = next
		}
	}
}

func TestRealTempDir(t *testing.T) {
	dir := RealTempDir(t)
	if real, err := filepath.EvalSymlinks(dir); err != nil || real != dir || !filepath.IsAbs(dir) {
		t.Fatalf("%s is not a real path (%s, %v)", dir, real, err)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		t.Fatalf("%s is not a folder: %v", dir, err)
	}
}

func TestSwap(t *testing.T) {
	v := "old"
	t.Run("inner", func(t *testing.T) {
		Swap(t, &v, "new")
		if v != "new" {
			t.Fatalf("swapped %q", v)
		}
	})
	if v != "old" {
		t.Fatalf("after the test %q", v)
	}
}

func TestGitAt(t *testing.T) {
	dir := t.TempDir()
	Git(t, dir, nil, "init", "-q")
	if br := GitAt(t, dir, nil, time.Time{}, "symbolic-ref", "--short", "HEAD"); br != "main" {
		t.Fatalf("new repository on %q, want main", br)
	}
	if DateEnv(time.Time{}) != nil {
		t.Fatal("the zero time dates commits")
	}
	when := time.Date(2026, 3, 24, 12, 20, 0, 0, time.FixedZone("x", 3600))
	env := []string{"GIT_AUTHOR_NAME=ana"}
	GitAt(t, dir, env[:1:1], when, "commit", "-q", "--allow-empty", "-m", "dated")
	if got := GitAt(t, dir, nil, time.Time{}, "log", "--format=%an %aI %cI"); got != "ana 2026-03-24T11:20:00+00:00 2026-03-24T11:20:00+00:00" {
		t.Fatalf("log %q", got)
	}
}

func FuzzAddSeeds(f *testing.F) {
	root := f.TempDir()
	Write(f, filepath.Join(root, "a", "x.md"), "one")
	Write(f, filepath.Join(root, "b", "x.md"), "two")
	Write(f, filepath.Join(root, "b", "y.txt"), "three")
	AddSeeds(f, root, "*/x.md", "missing/*")
	var mu sync.Mutex
	seen := map[string]bool{}
	f.Cleanup(func() {
		if !seen["one"] || !seen["two"] || seen["three"] {
			f.Errorf("seeds run: %v, want one and two", seen)
		}
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		mu.Lock()
		defer mu.Unlock()
		seen[string(data)] = true
	})
}
