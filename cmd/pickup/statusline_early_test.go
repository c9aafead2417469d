package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/quickline"
)

// The statusline's early answer (internal/quickline): a kept line given
// again before pickup's other packages are initialised.

// statuslineEnvRun runs the built binary's statusline in project with
// env as its whole environment, and returns its stdout and stderr.
func statuslineEnvRun(t *testing.T, project string, env []string, args ...string) (string, string) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"statusline"}, args...)...)
	cmd.Dir = project
	cmd.Env = env
	cmd.Stdin = strings.NewReader(statuslinePayload(project, project))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, stderr.String())
	}
	return string(out), stderr.String()
}

// statuslineEnv is the test's environment with its own state folder and
// no project variable (the payload says where the project is).
func statuslineEnv(state string, extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "XDG_STATE_HOME=") && !strings.HasPrefix(kv, "CLAUDE_PROJECT_DIR=") {
			env = append(env, kv)
		}
	}
	return append(append(env, "XDG_STATE_HOME="+state), extra...)
}

// initialised lists the packages a run's GODEBUG=inittrace=1 trace says
// were initialised.
func initialised(trace string) []string {
	var pkgs []string
	for _, line := range strings.Split(trace, "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			pkgs = append(pkgs, f[1])
		}
	}
	return pkgs
}

// A kept answer is given before any format, view or library of pickup's
// is initialised: the trace ends at quickline, and the line is the one
// the first run gave. The first run (nothing kept) initialises them all.
func TestStatuslineKeptAnswerStartsNothingElse(t *testing.T) {
	project, home := demoSample(t)
	settleDemo(t, project, home)
	env := statuslineEnv(t.TempDir(), "GODEBUG=inittrace=1")
	first, trace := statuslineEnvRun(t, project, env, "--claude-home", home)
	if !strings.HasPrefix(first, "crucible · ") {
		t.Fatalf("first statusline %q", first)
	}
	all := initialised(trace)
	if !strings.Contains(strings.Join(all, " "), "/loaders/crucible") {
		t.Fatalf("the first run (read afresh) did not initialise crucible's loader: %v", all)
	}
	second, trace := statuslineEnvRun(t, project, env, "--claude-home", home)
	if second != first {
		t.Fatalf("kept answer %q, first %q", second, first)
	}
	// quickline's own init never ends (it exits), so the trace stops
	// just before it, where the first run's went on.
	pkgs := initialised(trace)
	at := slices.Index(all, "github.com/pickup-dev/pickup/internal/quickline")
	if at < 0 || !slices.Equal(pkgs, all[:at]) {
		t.Fatalf("the kept answer's run initialised %v; the first run, up to quickline, %v", pkgs, all[:max(at, 0)])
	}
	for _, p := range pkgs {
		if strings.Contains(p, "/pickup/loaders") || strings.Contains(p, "/pickup/tui") || strings.HasPrefix(p, "charm.land") {
			t.Errorf("the kept answer's run initialised %s", p)
		}
	}
}

// The kept answer is keyed on the whole question: another language,
// asked by flag or by variable, is not given the English line.
func TestStatuslineKeptAnswerFollowsArgumentsAndEnvironment(t *testing.T) {
	project, home := demoSample(t)
	settleDemo(t, project, home)
	state := t.TempDir()
	english, _ := statuslineEnvRun(t, project, statuslineEnv(state), "--claude-home", home)
	if again, _ := statuslineEnvRun(t, project, statuslineEnv(state), "--claude-home", home); again != english {
		t.Fatalf("second English line %q, first %q", again, english)
	}
	byFlag, _ := statuslineEnvRun(t, project, statuslineEnv(state), "--claude-home", home, "--lang", "pt-BR")
	byVar, _ := statuslineEnvRun(t, project, statuslineEnv(state, "PICKUP_LANG=pt-BR"), "--claude-home", home)
	for _, got := range []string{byFlag, byVar} {
		if got == english || !strings.HasPrefix(got, "crucible · Fase ") {
			t.Errorf("pt-BR statusline %q (English: %q)", got, english)
		}
	}
}

// A kept line goes through the same safe writer as every output, and a
// cache file that someone else could have written is not read at all.
func TestStatuslineKeptLineIsMadeSafeAndOnlyFromAPrivateFile(t *testing.T) {
	project, home := demoSample(t)
	settleDemo(t, project, home)
	state := t.TempDir()
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	env := statuslineEnv(state)
	args := []string{"statusline", "--claude-home", home}
	cands, _ := quickline.Projects(quickline.Input{Cwd: project}, quickline.ClaudeProjectEnv)
	key := quickline.Question{Args: args, Env: env, Wd: project, Cands: cands, Exe: quickline.SeenOf(bin)}.Key()
	now := time.Now()
	data, err := quickline.CacheBytes([]quickline.Answer{{
		Key: key, Line: "planted \x1b]52;c;ZXZpbA==\x07 \u202egotcha\x1b[2J",
		Made: now.Add(-time.Second).UnixNano(), Expires: now.Add(time.Hour).UnixNano(),
	}})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(state, "pickup")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(dir, quickline.CacheFile)
	if err := os.WriteFile(cache, data, 0o600); err != nil {
		t.Fatal(err)
	}

	got, _ := statuslineEnvRun(t, project, env, args[1:]...)
	if !strings.Contains(got, "planted") || !strings.Contains(got, "gotcha") {
		t.Fatalf("the kept line was not given: %q", got)
	}
	if strings.ContainsAny(got, "\x1b\x07\u202e") {
		t.Errorf("raw control or bidi characters reached the output: %q", got)
	}

	// Writable by others: not read (the answer is made afresh).
	if err := os.Chmod(cache, 0o622); err != nil {
		t.Fatal(err)
	}
	if got, _ := statuslineEnvRun(t, project, env, args[1:]...); strings.Contains(got, "planted") || !strings.HasPrefix(got, "crucible") {
		t.Errorf("a cache file others can write was read: %q", got)
	}
	// A link to a planted file: not read either.
	planted := filepath.Join(t.TempDir(), "planted")
	if err := os.WriteFile(planted, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(cache); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(planted, cache); err != nil {
		t.Fatal(err)
	}
	if got, _ := statuslineEnvRun(t, project, env, args[1:]...); strings.Contains(got, "planted") {
		t.Errorf("a cache file reached through a link was read: %q", got)
	}
}
