package git

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// A `*` in .git/info/exclude hides new files from git status; the scan
// of ignored files finds those changed since the start, stops at its
// cap and says so.
func TestStatusIgnoredScanIsCutShort(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, ".git/info/exclude", "*\n")
	for _, f := range []string{"a", "b", "c", "d", "e"} {
		writeFile(t, dir, "out/"+f, f)
	}
	since := time.Now().Add(-time.Hour)
	if g := StatusSince(dir, since); len(g.Changes) != 5 || g.IgnoredCut || g.Changes[0].XY != "!!" {
		t.Fatalf("all five: %+v", g)
	}
	if g := Status(dir); len(g.Changes) != 0 {
		t.Fatalf("without a start, no scan: %+v", g)
	}
	if g := StatusSince(dir, time.Now().Add(time.Hour)); len(g.Changes) != 0 || g.IgnoredCut {
		t.Fatalf("none changed since: %+v", g)
	}
	testkit.Swap(t, &maxIgnored, 2)
	if g := StatusSince(dir, since); len(g.Changes) != 2 || !g.IgnoredCut {
		t.Fatalf("cut at 2: %+v", g)
	}
}

// From a sub-folder, ignored files come back relative to it.
func TestStatusIgnoredFromSubdirectory(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, ".git/info/exclude", "*.o\n")
	writeFile(t, dir, "proj/x.o", "x")
	writeFile(t, dir, "other/y.o", "y")
	g := StatusSince(filepath.Join(dir, "proj"), time.Now().Add(-time.Hour))
	if len(g.Files) != 1 || g.Files[0] != "x.o" {
		t.Fatalf("files %q", g.Files)
	}
}

// core.worktree naming a clean decoy: Status still reads the project.
func TestStatusIgnoresCoreWorktree(t *testing.T) {
	dir := newRepo(t)
	decoy := t.TempDir()
	writeFile(t, decoy, "README", "hello\n")
	gitRun(t, dir, "config", "core.worktree", decoy)
	writeFile(t, dir, "README", "changed\n")
	if g := Status(dir); len(g.Files) != 1 || g.Files[0] != "README" {
		t.Fatalf("status %+v", g)
	}
}

// Each fact once per folder per run: a second question is answered from
// what the first read, until Forget.
func TestHeadAskedOncePerFolder(t *testing.T) {
	dir := newRepo(t)
	if b := Branch(dir); b != "main" {
		t.Fatalf("branch %q", b)
	}
	// Move HEAD by hand, behind the run's back.
	if err := os.WriteFile(filepath.Join(dir, ".git", "HEAD"), []byte("ref: refs/heads/other\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b := Branch(dir); b != "main" {
		t.Fatalf("asked git again: %q", b)
	}
	Forget(dir)
	if co := Checkout(dir, ""); co.Branch != "other" || co.Head != "" || !co.Repo {
		t.Fatalf("after Forget: %+v", co)
	}
}

// A .git that points nowhere is a failure, not "no repository".
func TestStatusGitFilePointingNowhereFails(t *testing.T) {
	testkit.Isolate(t)
	dir := t.TempDir()
	writeFile(t, dir, ".git", "gitdir: /nonexistent\n")
	g := Status(dir)
	if g.Failed == "" || g.Warning != "" || !strings.Contains(g.Failed, "/nonexistent") {
		t.Fatalf("status %+v", g)
	}
}
