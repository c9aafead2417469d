package main

import (
	"bytes"
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

// A kept line is printed as it is only when it is plain text: one with
// a control or bidi character is never given by the early answer (the
// line is made afresh, through the safe writer). A cache file that
// someone else could have written is not read at all.
func TestStatuslineKeptLineIsPlainAndOnlyFromAPrivateFile(t *testing.T) {
	project, home := demoSample(t)
	settleDemo(t, project, home)
	state := t.TempDir()
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	env := statuslineEnv(state)
	args := []string{"statusline", "--claude-home", home}
	cands, _ := quickline.Projects(quickline.Input{Cwd: project}, quickline.ClaudeProjectEnv)
	key := quickline.Question{Args: args, Env: env, Wd: project, Cands: cands, Exe: quickline.SeenOf(bin)}.Key()
	now := time.Now()
	dir := filepath.Join(state, "pickup")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(dir, quickline.CacheFile)
	plant := func(line string) []byte {
		data := quickline.CacheBytes([]quickline.Answer{{
			Key: key, Line: line, Made: now.Add(-time.Second).UnixNano(), Expires: now.Add(time.Hour).UnixNano(),
		}})
		if err := os.WriteFile(cache, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return data
	}

	// The key is the one the binary asks about: a plain kept line is given.
	data := plant("planted · gotcha")
	if got, _ := statuslineEnvRun(t, project, env, args[1:]...); got != "planted · gotcha\n" {
		t.Fatalf("the kept line was not given: %q", got)
	}
	// Not plain: made afresh.
	plant("planted \x1b]52;c;ZXZpbA==\x07 \u202egotcha\x1b[2J")
	got, _ := statuslineEnvRun(t, project, env, args[1:]...)
	if strings.Contains(got, "planted") || !strings.HasPrefix(got, "crucible") {
		t.Errorf("a kept line with control characters was given: %q", got)
	}

	// Writable by others: not read (the answer is made afresh).
	if err := os.WriteFile(cache, data, 0o600); err != nil {
		t.Fatal(err)
	}
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

// quickline stays among the first packages Go initialises: an import
// that pulls it later (encoding/json, fmt, strings, crypto/sha256,
// path/filepath…) fails this.
func TestQuicklineInitialisesEarly(t *testing.T) {
	cmd := exec.Command(bin, "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	pkgs := initialised(stderr.String())
	at := slices.Index(pkgs, "github.com/pickup-dev/pickup/internal/quickline")
	if at < 0 || at > 30 {
		t.Fatalf("quickline initialised %dth of %d: after %v", at+1, len(pkgs), pkgs[:max(at, 0)])
	}
	for _, p := range pkgs[:at] {
		if strings.Contains(p, "pickup/") || strings.HasPrefix(p, "encoding/json") || p == "strings" || p == "fmt" {
			t.Errorf("initialised before quickline: %s", p)
		}
	}
}

// FuzzScanInputAgreesWithTheHookReader holds the early answer's reader
// of the agent's JSON (quickline.ScanInput) to the statusline command's
// (encoding/json, readHookInput): whenever it reads a whole object, the
// fields the statusline uses are encoding/json's; when it says more may
// come but the input has ended, encoding/json found no object either.
func FuzzScanInputAgreesWithTheHookReader(f *testing.F) {
	for _, seed := range []string{
		statuslinePayload("/home/u/shop/src", "/home/u/shop"),
		`{"cwd":"/a","cwd":"/b"}`,
		`{"workspace":{"project_dir":"/p","PROJECT_DIR":"/q"},"workspace":null}`,
		`{"workspace":{"Project_Dir":"/p","project_dir":5}}`,
		`{"workspace_roots":["/r",null],"cwd":7}`,
		`{"workspace_roots":null,"workspace":"x","cwd":null}`,
		`{"cwd":"/p\u00e9","x":[1,2.5e3,-0,true,false,null,{"a":"\ud800"}]}`,
		`{"cwd":"/p"} trailing`,
		` {"cwd":"/p"`,
		`{"cwd":"/p",}`,
		`{"n":01}`,
		`[{"cwd":"/p"}]`,
		"{\"cwd\":\"/p\xff\"}",
		"{\"cwd\":\"/p\x01\"}",
		`null`,
		``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, complete, ok := quickline.ScanInput(data)
		if !ok {
			return
		}
		want, _ := readHookInput(bytes.NewReader(data))
		if !complete {
			if want.Cwd != "" || want.Project != "" || want.Roots != nil {
				t.Fatalf("%q: ScanInput wants more, encoding/json read %+v", data, want)
			}
			return
		}
		if in.Cwd != want.Cwd || in.Project != want.Project || !slices.Equal(in.Roots, want.Roots) || (in.Roots == nil) != (want.Roots == nil) {
			t.Fatalf("%q: ScanInput read %+v, encoding/json %+v", data, in, want)
		}
	})
}

// pickup builds for macOS too (the early answer's select(2) and stat(2)
// differ there).
func TestBuildsForMacOS(t *testing.T) {
	cmd := exec.Command("go", "build", "-o", os.DevNull, ".")
	cmd.Env = append(os.Environ(), "GOOS=darwin", "GOARCH=arm64", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=darwin go build: %v\n%s", err, out)
	}
}
