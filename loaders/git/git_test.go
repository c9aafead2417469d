package git

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

func TestParsePorcelainZ(t *testing.T) {
	out := []byte(" M a b.txt\x00R  new name.txt\x00old name.txt\x00?? ünï/cödé.txt\x00C  copy.go\x00orig.go\x00A  x\x00garbage\x00")
	got := ParsePorcelainZ(out)
	want := []Entry{
		{XY: " M", Path: "a b.txt"},
		{XY: "R ", Path: "new name.txt", OrigPath: "old name.txt"},
		{XY: "??", Path: "ünï/cödé.txt"},
		{XY: "C ", Path: "copy.go", OrigPath: "orig.go"},
		{XY: "A ", Path: "x"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v\nwant %#v", got, want)
	}
	if got := ParsePorcelainZ(nil); len(got) != 0 {
		t.Fatalf("empty output gave %v", got)
	}
}

func TestStatusCleanRepo(t *testing.T) {
	dir := newRepo(t)
	st := Status(dir)
	if !st.Available || st.Warning != "" {
		t.Fatalf("clean repo: %+v", st)
	}
	if st.Files == nil || len(st.Files) != 0 {
		t.Fatalf("clean repo should give an empty, non-nil list: %#v", st.Files)
	}
}

func TestStatusChanges(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, dir string)
		want  []string
	}{
		{"modified tracked file", func(t *testing.T, dir string) {
			writeFile(t, dir, "README", "changed\n")
		}, []string{"README"}},
		{"staged new file", func(t *testing.T, dir string) {
			writeFile(t, dir, "new.go", "package x\n")
			gitRun(t, dir, "add", "new.go")
		}, []string{"new.go"}},
		{"untracked file in a new directory", func(t *testing.T, dir string) {
			writeFile(t, dir, "deep/er/u.txt", "u\n")
		}, []string{"deep/er/u.txt"}},
		{"renamed with git mv", func(t *testing.T, dir string) {
			gitRun(t, dir, "mv", "README", "README.md")
		}, []string{"README.md"}},
		{"path with spaces, renamed", func(t *testing.T, dir string) {
			writeFile(t, dir, "my notes.txt", "n\n")
			gitRun(t, dir, "add", "my notes.txt")
			gitRun(t, dir, "commit", "-q", "-m", "notes")
			gitRun(t, dir, "mv", "my notes.txt", "your notes.txt")
			writeFile(t, dir, "a b/c d.txt", "x\n")
		}, []string{"your notes.txt", "a b/c d.txt"}},
		{"unicode name", func(t *testing.T, dir string) {
			writeFile(t, dir, "ünï/cödé ☃.txt", "x\n")
		}, []string{"ünï/cödé ☃.txt"}},
		{"deleted file", func(t *testing.T, dir string) {
			if err := os.Remove(dir + "/README"); err != nil {
				t.Fatal(err)
			}
		}, []string{"README"}},
		{"staged and modified again appears once", func(t *testing.T, dir string) {
			writeFile(t, dir, "README", "one\n")
			gitRun(t, dir, "add", "README")
			writeFile(t, dir, "README", "two\n")
		}, []string{"README"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := newRepo(t)
			tt.setup(t, dir)
			st := Status(dir)
			if !st.Available || st.Warning != "" {
				t.Fatalf("status: %+v", st)
			}
			if !sameSet(st.Files, tt.want) {
				t.Fatalf("files = %q, want %q", st.Files, tt.want)
			}
		})
	}
}

func TestStatusFromSubdirectory(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, "proj/app/main.go", "package main\n")
	writeFile(t, dir, "proj/.aios/.session-state.yaml", "x: 1\n")
	gitRun(t, dir, "add", ".")
	gitRun(t, dir, "commit", "-q", "-m", "proj")

	writeFile(t, dir, "proj/app/main.go", "package main // changed\n")
	writeFile(t, dir, "proj/app/new file.go", "package main\n")
	writeFile(t, dir, "README", "outside the project\n")
	writeFile(t, dir, "other/x.txt", "sibling\n")

	st := Status(dir + "/proj")
	if !st.Available {
		t.Fatalf("status: %+v", st)
	}
	want := []string{"../README", "app/main.go", "../other/x.txt", "app/new file.go"}
	if !sameSet(st.Files, want) {
		t.Fatalf("files = %q, want %q", st.Files, want)
	}
	// From the root the same changes are root-relative.
	st = Status(dir)
	want = []string{"README", "proj/app/main.go", "other/x.txt", "proj/app/new file.go"}
	if !sameSet(st.Files, want) {
		t.Fatalf("root files = %q, want %q", st.Files, want)
	}
}

func TestStatusKeepsGitOrder(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, "README", "changed\n")
	writeFile(t, dir, "zz.txt", "u\n")
	writeFile(t, dir, "aa.txt", "u\n")
	st := Status(dir)
	// git lists tracked changes before untracked ones, each sorted.
	want := []string{"README", "aa.txt", "zz.txt"}
	if !reflect.DeepEqual(st.Files, want) {
		t.Fatalf("files = %q, want %q", st.Files, want)
	}
}

func TestStatusDoesNotTouchTheWorkTree(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, "README", "changed\n")
	writeFile(t, dir, "untracked.txt", "u\n")
	before := gitRun(t, dir, "status", "--porcelain=v1")
	for i := 0; i < 3; i++ {
		Status(dir)
	}
	if after := gitRun(t, dir, "status", "--porcelain=v1"); after != before {
		t.Fatalf("work tree changed:\n%s\nthen\n%s", before, after)
	}
	if b, err := os.ReadFile(dir + "/untracked.txt"); err != nil || string(b) != "u\n" {
		t.Fatalf("untracked file touched: %q %v", b, err)
	}
}

func TestStatusNotARepository(t *testing.T) {
	testkit.Isolate(t)
	dir := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", dir)
	st := Status(dir)
	if st.Available {
		t.Fatalf("not a repository reported available: %+v", st)
	}
	if !strings.Contains(st.Warning, dir) || !strings.Contains(st.Warning, "not inside a git repository") {
		t.Fatalf("warning should name the directory: %q", st.Warning)
	}
	if Branch(dir) != "" {
		t.Fatalf("branch outside a repository: %q", Branch(dir))
	}
}

func TestStatusMissingDirectory(t *testing.T) {
	testkit.Isolate(t)
	dir := t.TempDir() + "/nope"
	st := Status(dir)
	if st.Available || !strings.Contains(st.Warning, dir) {
		t.Fatalf("missing dir: %+v", st)
	}
}

func TestStatusGitMissing(t *testing.T) {
	dir := newRepo(t)
	t.Setenv("PATH", t.TempDir())
	st := Status(dir)
	if st.Available {
		t.Fatalf("git missing reported available: %+v", st)
	}
	if !strings.Contains(st.Warning, "git is not installed") || !strings.Contains(st.Warning, "RESTART is allowed") {
		t.Fatalf("warning: %q", st.Warning)
	}
	if Branch(dir) != "" {
		t.Fatal("Branch without git should be empty")
	}
}

func TestStatusOtherFailureCarriesStderr(t *testing.T) {
	dir := newRepo(t)
	// A corrupt index makes git status fail after rev-parse succeeded.
	if err := os.WriteFile(dir+"/.git/index", []byte("not an index"), 0o644); err != nil {
		t.Fatal(err)
	}
	st := Status(dir)
	if st.Failed == "" || st.Warning != "" {
		t.Fatalf("corrupt index: not a failure: %+v", st)
	}
	if !strings.Contains(st.Failed, "git failed in "+dir) || !strings.Contains(strings.ToLower(st.Failed), "index") {
		t.Fatalf("the failure should carry git's stderr: %q", st.Failed)
	}
}

func TestBranch(t *testing.T) {
	dir := newRepo(t)
	if got := Branch(dir); got != "main" {
		t.Fatalf("branch = %q", got)
	}
	// Move HEAD by hand: these tests never run checkout either.
	gitRun(t, dir, "branch", "feature/bob")
	gitRun(t, dir, "symbolic-ref", "HEAD", "refs/heads/feature/bob")
	if got := Branch(dir); got != "feature/bob" {
		t.Fatalf("branch = %q", got)
	}
	writeFile(t, dir, "sub/x", "x")
	if got := Branch(dir + "/sub"); got != "feature/bob" {
		t.Fatalf("branch from subdirectory = %q", got)
	}
	head := strings.TrimSpace(gitRun(t, dir, "rev-parse", "HEAD"))
	if err := os.WriteFile(dir+"/.git/HEAD", []byte(head+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	Forget(dir)
	if got := Branch(dir); got != "" {
		t.Fatalf("detached HEAD gave %q", got)
	}
}

func TestRelTo(t *testing.T) {
	tests := []struct{ prefix, p, want string }{
		{"", "a/b", "a/b"},
		{"sub/", "sub/a", "a"},
		{"sub/", "a", "../a"},
		{"sub/deep/", "sub/x/y", "../x/y"},
		{"sub/", "sub/nested/", "nested/"},
		{"sub/", "other/nested/", "../other/nested/"},
	}
	for _, tt := range tests {
		if got := relTo(tt.prefix, tt.p); got != tt.want {
			t.Errorf("relTo(%q, %q) = %q, want %q", tt.prefix, tt.p, got, tt.want)
		}
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]int{}
	for _, x := range a {
		m[x]++
	}
	for _, x := range b {
		m[x]--
	}
	for _, n := range m {
		if n != 0 {
			return false
		}
	}
	return true
}
