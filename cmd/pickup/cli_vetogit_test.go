package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// VETO-2 fails closed whenever a repository exists (issue 24, items 1
// and 2): each test is named after the project author's set-up, on an
// AIOS project with one committed file and an uncommitted edit to it
// (src/a.js), and RESTART must be refused with the state file untouched.

// dirtyProject is an AIOS project in a git repository: everything
// committed, then src/a.js edited.
func dirtyProject(t *testing.T) (dir, state string) {
	t.Helper()
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	dir, state = project(t, 2*time.Hour, "GO", "development")
	testkit.Write(t, filepath.Join(dir, "src", "a.js"), "one\n")
	testkit.Commit(t, dir, "init")
	testkit.Write(t, filepath.Join(dir, "src", "a.js"), "one\ntwo\n")
	return dir, state
}

// restartRefused runs RESTART with --yes and wants it refused: exit 5,
// the veto kind, git's error (want) in the reason, the way past it, the
// state file as it was. It returns the JSON document.
func restartRefused(t *testing.T, dir, state, kind, want string) map[string]any {
	t.Helper()
	orig := testkit.Read(t, state)
	doc := pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, exitBlocked).json(t)
	if doc["veto"] != kind || doc["resume_action"] != string(model.ActionRestartBlocked) {
		t.Fatalf("veto %v action %v, want %s\n%v", doc["veto"], doc["resume_action"], kind, doc)
	}
	if !strings.Contains(fmt.Sprint(doc["reason"]), want) {
		t.Fatalf("reason %q does not carry %q", doc["reason"], want)
	}
	if kind == model.VetoGitFailed && !strings.Contains(fmt.Sprint(doc["suggestion"]), "--allow-unchecked-restart") {
		t.Fatalf("suggestion %q", doc["suggestion"])
	}
	if testkit.Read(t, state) != orig {
		t.Fatal("a refused RESTART wrote the state file")
	}
	return doc
}

// unchecked is the same RESTART with --allow-unchecked-restart: it goes
// ahead with a warning naming the flag.
func unchecked(t *testing.T, dir, state string) {
	t.Helper()
	orig := testkit.Read(t, state)
	doc := pickup(t, dir, "resume", "--choice", "restart", "--yes", "--allow-unchecked-restart", "--json").want(t, exitOK).json(t)
	if ws := fmt.Sprint(doc["warnings"]); !strings.Contains(ws, "--allow-unchecked-restart") {
		t.Fatalf("warnings %s", ws)
	}
	if testkit.Read(t, state) == orig {
		t.Fatal("RESTART with --allow-unchecked-restart did not write")
	}
}

func TestHostileSubmoduleGitFilePointsNowhere(t *testing.T) {
	dir, state := dirtyProject(t)
	head := strings.TrimSpace(testkit.Git(t, dir, nil, "rev-parse", "HEAD"))
	testkit.Write(t, filepath.Join(dir, ".gitmodules"), "[submodule \"lib\"]\n\tpath = lib\n\turl = ./lib\n")
	testkit.Git(t, dir, nil, "update-index", "--add", "--cacheinfo", "160000,"+head+",lib")
	testkit.Git(t, dir, nil, "add", ".gitmodules")
	testkit.Git(t, dir, nil, "commit", "-q", "-m", "submodule") // src/a.js stays uncommitted
	testkit.Write(t, filepath.Join(dir, "lib", ".git"), "gitdir: /nonexistent\n")
	doc := restartRefused(t, dir, state, model.VetoGitFailed, "/nonexistent")
	if files := fmt.Sprint(doc["files"]); !strings.Contains(files, "src/a.js") {
		t.Fatalf("the main tree's dirty file is not kept: files %s", files)
	}
	r := pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitBlocked)
	if !strings.Contains(r.stderr, "src/a.js") || !strings.Contains(r.stderr, "--allow-unchecked-restart") || strings.Contains(r.stdout+r.stderr, "not inside a git repository") {
		t.Fatalf("text: stdout %q stderr %q", r.stdout, r.stderr)
	}
	// Past the failed submodule, the dirty file still blocks.
	doc = pickup(t, dir, "resume", "--choice", "restart", "--yes", "--allow-unchecked-restart", "--json").want(t, exitBlocked).json(t)
	if doc["veto"] != model.VetoUncommitted || !strings.Contains(fmt.Sprint(doc["files"]), "src/a.js") {
		t.Fatalf("with the flag: %v", doc)
	}
}

func TestHostileCorruptIndex(t *testing.T) {
	dir, state := dirtyProject(t)
	testkit.Write(t, filepath.Join(dir, ".git", "index"), "not an index")
	restartRefused(t, dir, state, model.VetoGitFailed, "index")
	unchecked(t, dir, state)
}

func TestHostileBadLineInGitConfig(t *testing.T) {
	dir, state := dirtyProject(t)
	cfg := filepath.Join(dir, ".git", "config")
	testkit.Write(t, cfg, testkit.Read(t, cfg)+"[core\n\tthis is = not = config\n")
	restartRefused(t, dir, state, model.VetoGitFailed, "bad config line")
	unchecked(t, dir, state)
}

func TestHostileGitSymlinkLoop(t *testing.T) {
	dir, state := dirtyProject(t)
	if err := os.RemoveAll(filepath.Join(dir, ".git")); err != nil {
		t.Fatal(err)
	}
	testkit.Symlink(t, ".git", filepath.Join(dir, ".git"))
	restartRefused(t, dir, state, model.VetoGitFailed, "git failed")
	unchecked(t, dir, state)
}

// core.bare set on the project's own repository: git would refuse to
// look at a work tree. pickup runs git with the project as its work
// tree (--work-tree), so the edit is found and blocks, flag or not.
func TestHostileBareRepository(t *testing.T) {
	dir, state := dirtyProject(t)
	testkit.Git(t, dir, nil, "config", "core.bare", "true")
	doc := restartRefused(t, dir, state, model.VetoUncommitted, "")
	if files := fmt.Sprint(doc["files"]); files != "[src/a.js]" {
		t.Fatalf("files %s", files)
	}
	doc = pickup(t, dir, "resume", "--choice", "restart", "--yes", "--allow-unchecked-restart", "--json").want(t, exitBlocked).json(t)
	if files := fmt.Sprint(doc["files"]); files != "[src/a.js]" {
		t.Fatalf("with the flag: files %s", files)
	}
}

// An include.path naming a named pipe: git would wait on it for good.
// pickup gives up after git.QuickTimeout and says why.
func TestHostileIncludePathNamesAFIFO(t *testing.T) {
	dir, state := dirtyProject(t)
	fifo := filepath.Join(dir, ".git", "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	testkit.Git(t, dir, nil, "config", "include.path", fifo)
	start := time.Now()
	doc := restartRefused(t, dir, state, model.VetoGitFailed, "named pipe")
	if took := time.Since(start); took > time.Minute {
		t.Fatalf("waited %s on the pipe", took) // a hang, not a timing
	}
	if !strings.Contains(fmt.Sprint(doc["reason"]), "stopped after 5s") {
		t.Fatalf("reason %q does not say how long pickup waited", doc["reason"])
	}
}

// git's refusal (another user owns the repository) names the real
// folder in its advice, quoted for a shell: never a placeholder.
func TestHostileRepoOwnedByAnotherUserNamesTheFolder(t *testing.T) {
	dir, _ := dirtyProject(t)
	odd := filepath.Join(filepath.Dir(dir), "it's mine")
	if err := os.Rename(dir, odd); err != nil {
		t.Fatal(err)
	}
	r := pickupEnv(t, odd, []string{"GIT_TEST_ASSUME_DIFFERENT_OWNER=1"}, "resume", "--choice", "restart", "--yes").want(t, exitBlocked)
	want := "git config --global --add safe.directory " + model.ShellQuote(odd)
	if strings.Contains(r.stderr, "<folder>") || !strings.Contains(r.stderr, want) {
		t.Fatalf("stderr %q, want %q", r.stderr, want)
	}
}

// core.worktree names a clean copy of the project: git would compare
// the decoy, and find nothing.
func TestHostileCoreWorktreePointsAtACleanDecoy(t *testing.T) {
	dir, state := dirtyProject(t)
	decoy := t.TempDir()
	testkit.Write(t, filepath.Join(decoy, "src", "a.js"), "one\n")
	testkit.CopyTree(t, filepath.Join(dir, ".aios"), filepath.Join(decoy, ".aios"))
	testkit.Git(t, dir, nil, "config", "core.worktree", decoy)
	doc := restartRefused(t, dir, state, model.VetoUncommitted, "")
	if files := fmt.Sprint(doc["files"]); files != "[src/a.js]" {
		t.Fatalf("files %s", files)
	}
}

// A `*` in .git/info/exclude hides every new file from git status: the
// run's new file, written after the session's recorded start, is listed
// as ignored by git and blocks; the session's own state and pickup's
// folder, ignored too, do not.
func TestHostileExcludeStarHidesNewFiles(t *testing.T) {
	dir, state := dirtyProject(t)
	testkit.Commit(t, dir, "clean") // src/a.js committed: only new files remain
	testkit.Write(t, filepath.Join(dir, ".git", "info", "exclude"), "*\n")
	testkit.Write(t, filepath.Join(dir, "src", "new.js"), "half-written\n")
	old := filepath.Join(dir, "build", "old.o")
	testkit.Write(t, old, "from before the session\n")
	before := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) // the state records 2026-02-05
	if err := os.Chtimes(old, before, before); err != nil {
		t.Fatal(err)
	}
	doc := restartRefused(t, dir, state, model.VetoUncommitted, "")
	if files := fmt.Sprint(doc["files"]); files != "[src/new.js]" {
		t.Fatalf("files %s", files)
	}
	var status string
	for _, c := range doc["changes"].([]any) {
		if m := c.(map[string]any); m["path"] == "src/new.js" {
			status = fmt.Sprint(m["status"])
		}
	}
	if status != string(model.GitIgnored) {
		t.Fatalf("status %q", status)
	}
	r := pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitBlocked)
	if !strings.Contains(r.stderr, "ignored by git, changed since the session started") || !strings.Contains(r.stderr, "git add -f -- src/new.js") {
		t.Fatalf("stderr %q", r.stderr)
	}
}

// A committed .gitignore of `*` does the same.
func TestHostileCommittedGitignoreStar(t *testing.T) {
	dir, state := dirtyProject(t)
	testkit.Write(t, filepath.Join(dir, ".gitignore"), "*\n")
	testkit.Git(t, dir, nil, "add", "-f", ".gitignore", "src/a.js")
	testkit.Commit(t, dir, "ignore everything")
	testkit.Write(t, filepath.Join(dir, "src", "new.js"), "half-written\n")
	doc := restartRefused(t, dir, state, model.VetoUncommitted, "")
	if files := fmt.Sprint(doc["files"]); files != "[src/new.js]" {
		t.Fatalf("files %s", files)
	}
}

// gitLog puts a git that logs each of its command lines first on PATH
// and returns the log's path.
func gitLog(t *testing.T) (path string, env []string) {
	t.Helper()
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	wrap := t.TempDir()
	path = filepath.Join(wrap, "log")
	script := "#!/bin/sh\nprintf '%s\\n' \"$*\" >> " + model.ShellQuote(path) + "\nexec " + model.ShellQuote(real) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(wrap, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, []string{"PATH=" + wrap + string(os.PathListSeparator) + os.Getenv("PATH")}
}

// gitCalls reads the log (and empties it): git's command lines without
// the -c settings every call carries.
func gitCalls(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	_ = os.Remove(path)
	var calls []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if l == "" {
			continue
		}
		f := strings.Fields(l)
		var kept []string
		for i := 0; i < len(f); i++ {
			if f[i] == "-c" {
				i++
				continue
			}
			kept = append(kept, f[i])
		}
		calls = append(calls, strings.Join(kept, " "))
	}
	return calls
}

// Each git fact once per repository per run (issue 28, item 2): on the
// demo's project (one repository, a session of every format, crucible's
// pipeline under its Claude home), `status` and the hook start at most
// two git processes, none of them twice: HEAD and the branch are read
// from the repository's files (no rev-parse), and with no filter in any
// configuration git reads, no `git config` before `git status`. The
// hook's VETO-2 `git status` shows the log is read.
func TestGitProcessesPerCommandOnTheDemo(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	root := t.TempDir()
	cmd := exec.Command(bin, "demo", "--keep")
	cmd.Env = append(os.Environ(), "TMPDIR="+root, "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "NO_COLOR=1")
	runResult(t, cmd).want(t, exitOK)
	shops, _ := filepath.Glob(filepath.Join(root, "pickup-demo-*", "shop"))
	if len(shops) != 1 {
		t.Fatalf("demo project: %v", shops)
	}
	dir, home := shops[0], filepath.Join(filepath.Dir(shops[0]), "claude-home")
	log, env := gitLog(t)
	for _, c := range []struct {
		name string
		run  func() result
	}{
		{"status", func() result { return pickupEnv(t, dir, env, "status", "--claude-home", home) }},
		{"status --json", func() result { return pickupEnv(t, dir, env, "status", "--json", "--claude-home", home) }},
		{"hook", func() result {
			return hookRun(t, dir, payload("claude", dir, "startup"), env, "--agent", "claude", "--claude-home", home)
		}},
	} {
		c.run().want(t, exitOK)
		calls := gitCalls(t, log)
		t.Logf("%s: %d git processes: %q", c.name, len(calls), calls)
		if len(calls) > 2 {
			t.Errorf("%s: %d git processes, want at most 2: %q", c.name, len(calls), calls)
		}
		if c.name == "hook" && !slices.ContainsFunc(calls, func(s string) bool { return strings.Contains(s, " status --porcelain") }) {
			t.Errorf("hook: no git status among %q", calls)
		}
		sorted := slices.Clone(calls)
		slices.Sort(sorted)
		if len(slices.Compact(sorted)) != len(calls) {
			t.Errorf("%s: a git command ran twice: %q", c.name, calls)
		}
	}
}
