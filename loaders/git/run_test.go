package git

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// marker is a script that records it ran, and the file it records in.
func marker(t *testing.T) (script, file string) {
	t.Helper()
	dir := t.TempDir()
	file = filepath.Join(dir, "MARKER")
	script = filepath.Join(dir, "evil.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"ran: $0 $*\" >>'"+file+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, file
}

func notRan(t *testing.T, file, what string) {
	t.Helper()
	if data, err := os.ReadFile(file); err == nil {
		t.Fatalf("%s ran a program: %s", what, data)
	}
}

// A program named by pickup's own environment (the person's, but also
// what an agent running pickup may have inherited) is not run either:
// GIT_CONFIG_PARAMETERS, GIT_EXTERNAL_DIFF and the like are dropped.
func TestStatusIgnoresProgramsFromTheEnvironment(t *testing.T) {
	dir := newRepo(t)
	script, file := marker(t)
	writeFile(t, dir, "README", "changed\n")
	t.Setenv("GIT_CONFIG_PARAMETERS", "'core.fsmonitor'='"+script+"'")
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "core.fsmonitor")
	t.Setenv("GIT_CONFIG_VALUE_0", script)
	t.Setenv("GIT_EXTERNAL_DIFF", script)
	t.Setenv("GIT_PAGER", script)
	g := Status(dir)
	if !g.Available || len(g.Files) != 1 {
		t.Fatalf("status: %+v", g)
	}
	notRan(t, file, "status")
	if _, err := Run(dir, nil, "diff", "HEAD"); err != nil {
		t.Fatal(err)
	}
	notRan(t, file, "diff")
}

// A repository's filter drivers (any name) and fsmonitor are emptied for
// the commands that would run them, and the work still gets done.
func TestRunNeutralisesTheRepositorysPrograms(t *testing.T) {
	dir := newRepo(t)
	script, file := marker(t)
	writeFile(t, dir, ".gitattributes", "* filter=a.b diff=x\n")
	gitRun(t, dir, "add", "-A")
	gitRun(t, dir, "commit", "-q", "-m", "attributes")
	for _, kv := range [][2]string{
		{"core.fsmonitor", script}, {"filter.a.b.clean", script}, {"filter.a.b.smudge", script},
		{"filter.a.b.process", script}, {"filter.a.b.required", "true"}, {"diff.x.textconv", script},
		{"diff.external", script}, {"core.hooksPath", filepath.Dir(script)},
	} {
		gitRun(t, dir, "config", kv[0], kv[1])
	}
	runsNothing(t, dir, file, [][]string{{"add", "-A"}, {"diff", "--cached"}, {"checkout", "HEAD", "--", "README"}})
}

// runsNothing makes README look changed and adds new.txt, then checks
// that Status sees just new.txt and that neither it nor Run with each of
// commands runs the program that writes file.
func runsNothing(t *testing.T, dir, file string, commands [][]string) {
	t.Helper()
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(filepath.Join(dir, "README"), later, later); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "new.txt", "x\n")
	if g := Status(dir); !g.Available || strings.Join(g.Files, ",") != "new.txt" {
		t.Fatalf("status: %+v", g)
	}
	for _, args := range commands {
		if _, err := Run(dir, nil, args...); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
	}
	notRan(t, file, fmt.Sprintf("status and %v", commands))
}

// A repository owned by another user: git refuses it, and Status says
// so as Refused (VETO-2 fails closed), not as a warning.
func TestStatusRepositoryOfAnotherUserIsRefused(t *testing.T) {
	dir := newRepo(t)
	t.Setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
	g := Status(dir)
	if g.Refused == "" || g.Available || g.Warning != "" || !strings.Contains(g.Refused, "owned by another user") {
		t.Fatalf("status: %+v", g)
	}
	if _, err := Run(dir, nil, "status"); !errors.Is(err, ErrUnsafeRepository) {
		t.Fatalf("Run: %v", err)
	}
}

func TestSubcommandAndSafeFlags(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"log --format=%H", "log --no-ext-diff --no-textconv --no-show-signature --format=%H"},
		{"-C /p -c a=b diff --name-only", "-C /p -c a=b diff --no-ext-diff --no-textconv --name-only"},
		{"status -z", "status -z"},
		{"--no-pager", "--no-pager"},
	} {
		if got := strings.Join(withSafeFlags(strings.Fields(c.in)), " "); got != c.want {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
	}
}

// A submodule's own configuration names a filter too: Status looks into
// the submodule itself (not through git, which would run it) and still
// reports the work there, by its path through the submodule.
func TestStatusSubmoduleFilterNotRun(t *testing.T) {
	sub := newRepo(t)
	writeFile(t, sub, ".gitattributes", "* filter=evil\n")
	gitRun(t, sub, "add", "-A")
	gitRun(t, sub, "commit", "-q", "-m", "attributes")
	dir := newRepo(t)
	gitRun(t, dir, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "lib")
	gitRun(t, dir, "commit", "-q", "-m", "submodule")
	script, file := marker(t)
	lib := filepath.Join(dir, "lib")
	gitRun(t, lib, "config", "filter.evil.clean", script)
	gitRun(t, lib, "config", "core.fsmonitor", script)
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(filepath.Join(lib, "README"), later, later); err != nil {
		t.Fatal(err)
	}
	if g := Status(dir); !g.Available || len(g.Files) != 0 {
		t.Fatalf("clean: %+v", g)
	}
	writeFile(t, lib, "wip.txt", "x\n")
	if g := Status(filepath.Join(dir, "lib")); strings.Join(g.Files, ",") != "wip.txt" {
		t.Fatalf("from inside the submodule: %+v", g)
	}
	if g := Status(dir); !g.Available || strings.Join(g.Files, ",") != "lib/wip.txt" {
		t.Fatalf("work inside the submodule: %+v", g)
	}
	notRan(t, file, "status with a submodule")
}
