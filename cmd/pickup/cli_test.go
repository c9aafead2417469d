package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// These tests run the built binary, as a script would.

var bin string

func TestMain(m *testing.M) {
	// The tests read English unless they ask for another language
	// (PICKUP_LANG= then lets the locale decide).
	os.Setenv("PICKUP_LANG", "en")
	dir, err := os.MkdirTemp("", "pickup-cli-test-")
	if err != nil {
		panic(err)
	}
	bin = filepath.Join(dir, "pickup")
	// The operation log's key goes in a state folder of the test's own.
	os.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		panic("go build: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	code           int
	stdout, stderr string
}

func pickup(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return pickupEnv(t, dir, nil, args...)
}

// pickupEnv is pickup with env added to the binary's environment.
func pickupEnv(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "NO_COLOR=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1"), env...)
	return runResult(t, cmd)
}

// runResult runs cmd and returns its exit code and output.
func runResult(t *testing.T, cmd *exec.Cmd) result {
	t.Helper()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running pickup: %v", err)
	}
	return result{code, out.String(), errb.String()}
}

func (r result) want(t *testing.T, code int) result {
	t.Helper()
	if r.code != code {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.stdout, r.stderr)
	}
	return r
}

func (r result) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &m); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, r.stdout)
	}
	return m
}

const stateTmpl = `# written by the test
session_state:
  version: '1.2'
  last_updated: '%LAST%'
  epic: {id: epic-12, title: Authentication System, total_stories: 6}
  progress:
    current_story: 12.3
    stories_done: [12.1, 12.2]
  workflow:
    current_phase: %PHASE%
    attempt_count: 1
    phase_results:
      validation: {executor: "@po", duration: 10min, result: approved}
    started_at: '2026-02-05T09:00:00.000Z'
  last_action: {type: %ACTION%, timestamp: '%LAST%', story: 12.3, phase: development}
  context_snapshot: {files_modified: 2, branch: feature/jwt}
`

// project writes an AIOS state file last updated `ago` before now.
func project(t *testing.T, ago time.Duration, action, phase string) (dir, state string) {
	t.Helper()
	dir = t.TempDir()
	state = filepath.Join(dir, ".aios", ".session-state.yaml")
	body := strings.NewReplacer("%LAST%", time.Now().Add(-ago).UTC().Format("2006-01-02T15:04:05.000Z"),
		"%ACTION%", action, "%PHASE%", phase).Replace(stateTmpl)
	if err := os.MkdirAll(filepath.Dir(state), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(state, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, state
}

func TestStatusNoSession(t *testing.T) {
	r := pickup(t, t.TempDir(), "status").want(t, exitNoSession)
	if r.stdout != "" || !strings.Contains(r.stderr, "no saved session found") {
		t.Fatalf("stdout %q stderr %q", r.stdout, r.stderr)
	}
	r = pickup(t, t.TempDir(), "status", "--json").want(t, exitNoSession)
	if s := r.json(t)["sessions"].([]any); len(s) != 0 {
		t.Fatalf("sessions %v", s)
	}
}

func TestStatusJSONCrashed(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	m := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)
	if m["format_version"].(float64) != 1 || m["project"] != dir {
		t.Fatalf("header %v", m)
	}
	s := m["sessions"].([]any)[0].(map[string]any)
	if s["source"] != "aios" || s["path"] != state || s["stage"] != "12.3" {
		t.Fatalf("session %v", s)
	}
	crash := s["crash"].(map[string]any)
	if crash["detected"] != true || crash["reason"] == "" {
		t.Fatalf("crash %v", crash)
	}
	if mins := s["minutes_since_update"].(float64); mins < 119 || mins > 121 {
		t.Fatalf("minutes %v", mins)
	}
	if p := s["progress"].(map[string]any); p["done"].(float64) != 1 || p["total"].(float64) != 6 {
		t.Fatalf("progress %v", p)
	}
	if ph := s["phases"].([]any); len(ph) != 6 || ph[1].(map[string]any)["status"] != "in_progress" {
		t.Fatalf("phases %v", ph)
	}
	if rp := s["resume_point"].(map[string]any); rp["phase"] != "development" || rp["reason"] == "" {
		t.Fatalf("resume_point %v", rp)
	}
}

func TestStatusTextPausedIsNotACrash(t *testing.T) {
	dir, _ := project(t, 3*24*time.Hour, "PAUSE", "development")
	r := pickup(t, dir, "status").want(t, exitOK)
	if strings.Contains(strings.ToLower(r.stdout), "crashed") || !strings.Contains(r.stdout, "12.3") {
		t.Fatalf("stdout:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout, "3 days") {
		t.Fatalf("no elapsed time in:\n%s", r.stdout)
	}
}

func TestStatusCorrupted(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, ".aios", ".session-state.yaml")
	os.MkdirAll(filepath.Dir(state), 0o755)
	os.WriteFile(state, []byte("session_state:\n  epic: [unclosed\n  last_updated: x\n"), 0o644)
	r := pickup(t, dir, "status", "--json").want(t, exitCorrupted)
	s := r.json(t)["sessions"].([]any)[0].(map[string]any)
	p := s["problem"].(map[string]any)
	if p["kind"] != "session_corrupted" || p["path"] != state {
		t.Fatalf("problem %v", p)
	}
	r = pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitCorrupted)
	if m := r.json(t); m["blocked"] != true || !strings.Contains(m["reason"].(string), state) {
		t.Fatalf("resume on corrupted: %v", m)
	}
}

func TestResumeContinueChangesNothing(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	before := testkit.Read(t, state)
	m := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	if m["resume_action"] != "execute_story" || m["blocked"] != false {
		t.Fatalf("%v", m)
	}
	ctx := m["restored_context"].(map[string]any)
	if ctx["story"] != "12.3" || ctx["phase"] != "development" {
		t.Fatalf("restored_context %v", ctx)
	}
	if m["next_step"] == "" || len(m["changed"].([]any)) != 0 || m["archived_to"] != nil {
		t.Fatalf("%v", m)
	}
	if testkit.Read(t, state) != before {
		t.Fatal("continue changed the state file")
	}
}

func TestResumeRestartVetoedByUncommittedWork(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	os.WriteFile(filepath.Join(dir, "handler.js"), []byte("v1\n"), 0o644)
	testkit.Commit(t, dir, "init")
	os.WriteFile(filepath.Join(dir, "handler.js"), []byte("v2\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "new file.txt"), []byte("x\n"), 0o644)
	before := testkit.Read(t, state)
	r := pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, exitBlocked)
	m := r.json(t)
	if m["blocked"] != true || m["veto"] != "uncommitted_changes" || m["resume_action"] != "restart_blocked" {
		t.Fatalf("%v", m)
	}
	files := m["files"].([]any)
	if len(files) != 2 || files[0] != "handler.js" || files[1] != "new file.txt" {
		t.Fatalf("files %v", files)
	}
	if m["suggestion"] == "" {
		t.Fatal("no suggestion")
	}
	if testkit.Read(t, state) != before {
		t.Fatal("a vetoed restart wrote the state file")
	}
}

func TestResumeRestartNeedsYes(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	testkit.Commit(t, dir, "init")
	before := testkit.Read(t, state)
	m := pickup(t, dir, "resume", "--choice", "restart", "--json").want(t, exitBlocked).json(t)
	if m["veto"] != "confirmation_required" {
		t.Fatalf("%v", m)
	}
	if testkit.Read(t, state) != before {
		t.Fatal("restart without --yes wrote")
	}
	r := pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, exitOK)
	m = r.json(t)
	if m["resume_action"] != "restart" || len(m["changed"].([]any)) != 1 {
		t.Fatalf("%v", m)
	}
	after := testkit.Read(t, state)
	for _, want := range []string{"current_phase: null", "attempt_count: 0", "STORY_STARTED", "# written by the test", "title: Authentication System", "current_story: 12.3"} {
		if !strings.Contains(after, want) {
			t.Errorf("after restart, missing %q in:\n%s", want, after)
		}
	}
}

func TestResumeRestartWithoutGitWarns(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	r := pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, exitOK)
	m := r.json(t)
	if len(m["warnings"].([]any)) == 0 {
		t.Fatalf("no git warning: %v", m)
	}
	if !strings.Contains(testkit.Read(t, state), "current_phase: null") {
		t.Fatal("restart did not reset")
	}
	// Plain mode: the decision on stdout, the warning on stderr.
	dir2, _ := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	r = pickup(t, dir2, "resume", "--choice", "restart", "--yes").want(t, exitOK)
	if strings.Count(strings.TrimSpace(r.stdout), "\n") != 0 || !strings.Contains(r.stderr, "warning:") {
		t.Fatalf("stdout %q stderr %q", r.stdout, r.stderr)
	}
}

func TestResumeDiscardArchives(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	before := testkit.Read(t, state)
	pickup(t, dir, "resume", "--choice", "discard", "--json").want(t, exitBlocked)
	if testkit.Read(t, state) != before {
		t.Fatal("discard without --yes changed the file")
	}
	m := pickup(t, dir, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK).json(t)
	archived, _ := m["archived_to"].(string)
	if m["resume_action"] != "session_discarded" || !regexp.MustCompile(`\.session-state\.yaml\.discarded\.\d{8}T\d{6}Z$`).MatchString(archived) {
		t.Fatalf("%v", m)
	}
	if testkit.Read(t, archived) != before {
		t.Fatal("archive does not hold the original bytes")
	}
	if _, err := os.Stat(state); !os.IsNotExist(err) {
		t.Fatal("state file still there")
	}
	pickup(t, dir, "status").want(t, exitNoSession)
}

func TestResumeReview(t *testing.T) {
	dir, _ := project(t, 2*time.Hour, "PAUSE", "development")
	m := pickup(t, dir, "resume", "--choice", "review", "--json").want(t, exitOK).json(t)
	if m["resume_action"] != "show_progress" || len(m["phases"].([]any)) != 6 {
		t.Fatalf("%v", m)
	}
	crashed, _ := project(t, 2*time.Hour, "GO", "development")
	m = pickup(t, crashed, "resume", "--choice", "review", "--json").want(t, exitBlocked).json(t)
	if m["veto"] != "choice_unavailable" || m["reason"] == "" {
		t.Fatalf("%v", m)
	}
}

func TestPhaseNotFoundSuggestsRestart(t *testing.T) {
	dir, _ := project(t, 10*time.Minute, "PHASE_CHANGE", "deploying")
	m := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	if s["problem"].(map[string]any)["kind"] != "phase_not_found" {
		t.Fatalf("%v", s)
	}
	for _, o := range s["options"].([]any) {
		o := o.(map[string]any)
		if o["choice"] == "restart" && o["recommended"] != true {
			t.Fatalf("restart not recommended: %v", o)
		}
		if o["choice"] == "continue" && o["enabled"] != false {
			t.Fatalf("continue enabled: %v", o)
		}
	}
	pickup(t, dir, "resume", "--choice", "continue").want(t, exitCorrupted)
}

func TestUsageErrors(t *testing.T) {
	dir, _ := project(t, time.Hour, "GO", "development")
	for _, args := range [][]string{
		{"resume"},
		{"resume", "--choice", "nuke"},
		{"status", filepath.Join(dir, "nope")},
		{"status", "--source", "nope"},
		{"--no-such-flag"},
		{"status", "a", "b"},
	} {
		r := pickup(t, dir, args...)
		if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, "pickup") {
			t.Errorf("%v: exit %d stdout %q stderr %q", args, r.code, r.stdout, r.stderr)
		}
	}
}

func TestNoTerminalPrintsStatus(t *testing.T) {
	dir, _ := project(t, 2*time.Hour, "GO", "development")
	r := pickup(t, dir).want(t, exitOK)
	if !strings.Contains(r.stdout, "12.3") {
		t.Fatalf("stdout %q", r.stdout)
	}
	r = pickup(t, dir, "--choice", "continue", "--json").want(t, exitOK)
	if r.json(t)["resume_action"] != "execute_story" {
		t.Fatal(r.stdout)
	}
}

func TestSessionPrefix(t *testing.T) {
	dir, _ := project(t, time.Hour, "GO", "development")
	id := pickup(t, dir, "status", "--json").json(t)["sessions"].([]any)[0].(map[string]any)["id"].(string)
	pickup(t, dir, "resume", "--session", id[:4], "--choice", "continue").want(t, exitOK)
	pickup(t, dir, "resume", "--session", "zzzz", "--choice", "continue").want(t, exitNoSession)
}

func TestHelpIsComplete(t *testing.T) {
	r := pickup(t, t.TempDir(), "--help").want(t, exitOK)
	for _, want := range []string{"status", "resume", "demo", "--json", "--source", "--session", "--crash-after", "--choice", "--yes", "Exit codes", "pickup man"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--help lacks %q", want)
		}
	}
}

func TestPlanWithoutAPlan(t *testing.T) {
	dir, _ := project(t, time.Hour, "GO", "development")
	r := pickup(t, dir, "plan").want(t, exitUsage)
	if !strings.Contains(r.stderr, "aios sessions have no computed plan") {
		t.Fatalf("stderr %q", r.stderr)
	}
}

func TestEmitPrompt(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "GO", "development")
	r := pickup(t, dir, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK)
	for _, want := range []string{"# Resume: «Authentication System", "- story: «12.3»", "- phase: «development»", "«" + state + "»"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("prompt lacks %q:\n%s", want, r.stdout)
		}
	}
	pickup(t, dir, "resume", "--choice", "review", "--emit", "prompt").want(t, exitUsage)
	pickup(t, dir, "resume", "--choice", "continue", "--emit", "yaml").want(t, exitUsage)
}

// fixtureProject copies testdata/<format>/<name> into a temporary project.
func fixtureProject(t *testing.T, format, name string) string {
	t.Helper()
	return testkit.Fixture(t, filepath.Join("..", "..", "testdata", format, name))
}
