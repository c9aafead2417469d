package git

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/model"
)

// TestStatusChangesCarryTheFacts: each change keeps git's letters, a
// rename's origin, pickup's own files marked, and the file's time.
func TestStatusChangesCarryTheFacts(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, "old.go", "package x\n")
	writeFile(t, dir, "gone.txt", "g\n")
	gitRun(t, dir, "add", ".")
	gitRun(t, dir, "commit", "-q", "-m", "more")
	gitRun(t, dir, "mv", "old.go", "new.go")
	gitRun(t, dir, "rm", "-q", "gone.txt")
	writeFile(t, dir, "README", "changed\n")
	writeFile(t, dir, "state.yaml.discarded.20261124T134512Z", "old state\n")
	writeFile(t, dir, "u.md", "u\n")
	when := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	if err := os.Chtimes(filepath.Join(dir, "u.md"), when, when); err != nil {
		t.Fatal(err)
	}
	st := Status(filepath.Join(dir))
	got := map[string]model.Change{}
	for _, c := range st.Changes {
		got[c.Path] = c
	}
	if len(st.Changes) != len(st.Files) || len(got) != 5 {
		t.Fatalf("changes %+v files %q", st.Changes, st.Files)
	}
	for path, want := range map[string]struct {
		xy, orig string
		own      bool
	}{
		"new.go":                                {"R ", "old.go", false},
		"gone.txt":                              {"D ", "", false},
		"README":                                {" M", "", false},
		"state.yaml.discarded.20261124T134512Z": {"??", "", true},
		"u.md":                                  {"??", "", false},
	} {
		c := got[path]
		if c.XY != want.xy || c.OrigPath != want.orig || c.Own != want.own {
			t.Errorf("%s: %+v, want %+v", path, c, want)
		}
	}
	if !got["u.md"].ModTime.Equal(when) {
		t.Errorf("u.md time %v, want %v", got["u.md"].ModTime, when)
	}
	if !got["gone.txt"].ModTime.IsZero() {
		t.Error("a deleted file has a time")
	}
}

// TestStatusRenameFromSubdirectory: a rename's origin is relative to the
// folder asked about, like its path.
func TestStatusRenameFromSubdirectory(t *testing.T) {
	dir := newRepo(t)
	writeFile(t, dir, "proj/a.go", "package a\n")
	gitRun(t, dir, "add", ".")
	gitRun(t, dir, "commit", "-q", "-m", "proj")
	gitRun(t, dir, "mv", "proj/a.go", "proj/b.go")
	st := Status(filepath.Join(dir, "proj"))
	if len(st.Changes) != 1 || st.Changes[0].Path != "b.go" || st.Changes[0].OrigPath != "a.go" {
		t.Fatalf("changes %+v", st.Changes)
	}
}

func TestCheckout(t *testing.T) {
	dir := newRepo(t)
	first := strings.TrimSpace(gitRun(t, dir, "rev-parse", "HEAD"))
	writeFile(t, dir, "b", "b\n")
	gitRun(t, dir, "add", "b")
	gitRun(t, dir, "commit", "-q", "-m", "second")
	second := strings.TrimSpace(gitRun(t, dir, "rev-parse", "HEAD"))
	gitRun(t, dir, "checkout", "-q", "-b", "side", first)
	writeFile(t, dir, "c", "c\n")
	gitRun(t, dir, "add", "c")
	gitRun(t, dir, "commit", "-q", "-m", "side")
	side := strings.TrimSpace(gitRun(t, dir, "rev-parse", "HEAD"))

	co := Checkout(dir, "")
	if want := (model.Checkout{Dir: dir, Repo: true, Branch: "side", Head: side}); co != want {
		t.Fatalf("checkout %+v, want %+v", co, want)
	}
	for name, tc := range map[string]struct {
		commit string
		want   model.CommitCheck
	}{
		"HEAD itself, short":      {side[:7], model.CommitUnchecked},
		"an ancestor":             {first[:9], model.CommitInHistory},
		"another branch's commit": {second, model.CommitNotInTree},
		"not in the repository":   {"deadbeefdeadbeef", model.CommitUnknown},
		"not hex: never asked":    {"--output=/tmp/x", model.CommitUnchecked},
		"too short: never asked":  {"abc", model.CommitUnchecked},
		"upper case is the same":  {strings.ToUpper(first), model.CommitInHistory},
	} {
		if got := Checkout(dir, tc.commit).Commit; got != tc.want {
			t.Errorf("%s: %q, want %q", name, got, tc.want)
		}
	}
	gitRun(t, dir, "checkout", "-q", "--detach")
	if co := Checkout(dir, ""); co.Branch != "" || co.Head != side || !co.Repo {
		t.Fatalf("detached: %+v", co)
	}
	// A sub-folder reads its repository's checkout.
	if err := os.MkdirAll(filepath.Join(dir, "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if co := Checkout(filepath.Join(dir, "deep"), ""); co.Head != side || co.Dir != filepath.Join(dir, "deep") {
		t.Fatalf("sub-folder: %+v", co)
	}
}

func TestCheckoutWithoutACommitOrARepository(t *testing.T) {
	dir := t.TempDir()
	newRepo(t) // isolates git's configuration
	if co := Checkout(dir, "abc1234"); co != (model.Checkout{Dir: dir}) {
		t.Fatalf("not a repository: %+v", co)
	}
	gitRun(t, dir, "init", "-q", "-b", "trunk")
	co := Checkout(dir, "abc1234")
	if want := (model.Checkout{Dir: dir, Repo: true, Branch: "trunk", Commit: model.CommitUnknown}); !reflect.DeepEqual(co, want) {
		t.Fatalf("no commit yet: %+v, want %+v", co, want)
	}
}

func TestArchiveOrigin(t *testing.T) {
	for in, want := range map[string]string{
		".atelier/sessions/a.json.discarded.1795540910799": ".atelier/sessions/a.json",
		".kiln.discarded.20261124T101500Z/STATE.md":        ".kiln/STATE.md",
		".pickup/log.jsonl":                                "",
		"src/a.go":                                         "",
	} {
		if got := archiveOrigin(in); got != want {
			t.Errorf("archiveOrigin(%q) = %q, want %q", in, got, want)
		}
	}
}
