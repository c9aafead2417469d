package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// A build of an untagged commit, from a clone (go build stamps the
// pseudo-version and the VCS settings) or through the proxy (only the
// pseudo-version), names the commit and its date, never the raw
// pseudo-version.
func TestVersionOfPseudoVersions(t *testing.T) {
	info := func(v string, kv ...string) *debug.BuildInfo {
		i := &debug.BuildInfo{GoVersion: "go1.26.8"}
		i.Main.Version = v
		for j := 0; j+1 < len(kv); j += 2 {
			i.Settings = append(i.Settings, debug.BuildSetting{Key: kv[j], Value: kv[j+1]})
		}
		return i
	}
	for _, c := range []struct {
		info *debug.BuildInfo
		want string
	}{
		// go install …@3bbabd4 after the tag v1.2.3: no VCS stamps.
		{info("v1.2.4-0.20261124191502-3bbabd4fe974"), "(devel) 3bbabd4fe974 from 2026-11-24 19:15 UTC"},
		// a clone with no tag, built by go build: stamps too.
		{info("v0.0.0-20261124191502-3bbabd4fe974", "vcs.revision", "3bbabd4fe97414785fa9e47099e17e29a65f8571", "vcs.time", "2026-11-24T19:15:02Z"),
			"(devel) 3bbabd4fe974 from 2026-11-24 19:15 UTC"},
		// a clone after the tag v1.2.0-rc.1, with changes.
		{info("v1.2.0-rc.1.0.20261124191502-3bbabd4fe974+dirty"), "(devel) 3bbabd4fe974 from 2026-11-24 19:15 UTC, with uncommitted changes"},
		// a version that only looks like one: kept as it is.
		{info("v1.3.0-beta-0000"), "v1.3.0-beta-0000"},
	} {
		if got := versionOf(c.info, true); got != c.want {
			t.Errorf("versionOf(%s) = %q, want %q", c.info.Main.Version, got, c.want)
		}
	}
}

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
