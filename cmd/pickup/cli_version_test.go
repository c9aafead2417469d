package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The binary built in a clone (a git repository holding this module's
// files, committed at a known date), with the go command's VCS stamping
// on as it is by default, names that commit and its date.
func TestVersionFromACloneNamesCommitAndDate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds pickup again in a clone")
	}
	top, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		t.Fatal(err)
	}
	files, err := exec.Command("git", "-C", strings.TrimSpace(string(top)), "ls-files", "-co", "--exclude-standard").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	clone := t.TempDir()
	for _, f := range strings.Split(strings.TrimSpace(string(files)), "\n") {
		data, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(top)), f))
		if err != nil {
			continue // deleted in the work tree
		}
		if err := os.MkdirAll(filepath.Join(clone, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(clone, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) string {
		c := exec.Command("git", append([]string{"-C", clone}, args...)...)
		c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
			"GIT_AUTHOR_DATE=2026-11-24T19:15:02Z", "GIT_COMMITTER_DATE=2026-11-24T19:15:02Z")
		out, err := c.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "clone")
	rev := git("rev-parse", "HEAD")
	out := filepath.Join(t.TempDir(), "pickup")
	build := exec.Command("go", "build", "-trimpath", "-o", out, "./cmd/pickup")
	build.Dir = clone
	build.Env = append(os.Environ(), "GOFLAGS=-buildvcs=true", "GIT_CONFIG_GLOBAL=/dev/null")
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	got, err := exec.Command(out, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	want := "pickup (devel) " + rev[:12] + " from 2026-11-24 19:15 UTC\n"
	if string(got) != want {
		t.Fatalf("--version from a clone = %q, want %q", got, want)
	}
}
