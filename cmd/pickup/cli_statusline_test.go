package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// statuslinePayload is Claude Code's statusLine JSON (the fields its
// docs list), with the session's cwd in a subfolder of the project.
func statuslinePayload(cwd, project string) string {
	b, _ := json.Marshal(map[string]any{
		"hook_event_name": "Status", "session_id": "0a1b2c3d", "transcript_path": "/home/u/.claude/projects/p/0a1b.jsonl",
		"cwd": cwd, "model": map[string]any{"id": "claude-opus-4-6", "display_name": "Opus"},
		"workspace": map[string]any{"current_dir": cwd, "project_dir": project}, "version": "2.1.278",
		"cost": map[string]any{"total_cost_usd": 0.5},
	})
	return string(b)
}

func demoSample(t testing.TB) (project, home string) {
	t.Helper()
	root := t.TempDir()
	project, home = filepath.Join(root, "shop"), filepath.Join(root, "claude-home")
	if err := unpackSample(project, home, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := gitSample(project); err != nil {
		t.Skip(err)
	}
	return project, home
}

func TestStatuslineNamesTheNewestSessionInOneLine(t *testing.T) {
	project, home := demoSample(t)
	if err := os.MkdirAll(filepath.Join(project, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "statusline", "--claude-home", home)
	cmd.Dir = t.TempDir() // not the project: the payload says where it is
	cmd.Stdin = strings.NewReader(statuslinePayload(filepath.Join(project, "src"), project))
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	// The demo's newest session is its crucible pipeline, written 20 minutes ago.
	got := string(out)
	if got != "crucible · Phase 3 · Dispatches 9/10 · running 20m\n" {
		t.Errorf("statusline %q", got)
	}
}

func TestStatuslineSaysNothingWhereNothingIsSaved(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(bin, "statusline")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(statuslinePayload(dir, dir))
	out, err := cmd.CombinedOutput()
	if err != nil || len(out) != 0 {
		t.Errorf("exit %v, output %q", err, out)
	}
	// Garbage on stdin: still nothing, still exit 0.
	cmd = exec.Command(bin, "statusline")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader("{not json")
	if out, err := cmd.Output(); err != nil || len(out) != 0 {
		t.Errorf("garbage stdin: exit %v, output %q", err, out)
	}
}

// BenchmarkStatusline runs the built binary on the demo as Claude Code
// runs it, and reports its CPU time (user+system, git's included) per
// run: answered from its cache (cached: the early answer,
// internal/quickline) and read afresh (fresh, the cache file removed
// first); and, run the same way, a Go program that does nothing
// (minimal), the floor any Go binary pays on this machine. The budget is
// 20 ms (docs/performance.md).
func BenchmarkStatusline(b *testing.B) {
	project, home := demoSample(b)
	settleDemo(b, project, home)
	in := statuslinePayload(project, project)
	minimal := minimalGoBinary(b)
	cases := []struct {
		name  string
		argv  []string
		fresh bool
	}{
		{"minimal", []string{minimal}, false},
		{"cached", []string{bin, "statusline", "--claude-home", home}, false},
		{"fresh", []string{bin, "statusline", "--claude-home", home}, true},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var cpu time.Duration
			n := 0
			for b.Loop() {
				if c.fresh {
					dropStatuslineCache(b)
				}
				cmd := exec.Command(c.argv[0], c.argv[1:]...)
				cmd.Dir = project
				cmd.Stdin = strings.NewReader(in)
				if out, err := cmd.Output(); err != nil || len(out) == 0 && c.name != "minimal" {
					b.Fatalf("%v: %q", err, out)
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
				n++
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(n), "cpu-ms/op")
		})
	}
}

// minimalGoBinary builds `func main() {}` with this Go.
func minimalGoBinary(b *testing.B) string {
	b.Helper()
	dir := b.TempDir()
	testkit.Write(b, filepath.Join(dir, "go.mod"), "module minimal\n")
	testkit.Write(b, filepath.Join(dir, "main.go"), "package main\n\nfunc main() {}\n")
	cmd := exec.Command("go", "build", "-o", "minimal", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	return filepath.Join(dir, "minimal")
}

// hook install --statusline sets Claude Code's statusLine to pickup's,
// keeps another program's, and uninstall takes only pickup's out.
func TestHookInstallStatusline(t *testing.T) {
	h := newHookHome(t)
	path := h.settingsPath("claude", "project")
	testkit.Write(t, path, "{\n  \"model\": \"opus\"\n}\n")
	h.run(t, "hook", "install", "--agent", "claude", "--scope", "project", "--statusline").want(t, exitOK)
	var m map[string]any
	if err := json.Unmarshal([]byte(testkit.Read(t, path)), &m); err != nil {
		t.Fatal(err)
	}
	sl, _ := m["statusLine"].(map[string]any)
	if sl["type"] != "command" || !strings.HasSuffix(sl["command"].(string), " statusline") || m["model"] != "opus" || m["hooks"] == nil {
		t.Fatalf("settings after install: %v", m)
	}
	// Again: nothing changes.
	before := testkit.Read(t, path)
	h.run(t, "hook", "install", "--agent", "claude", "--scope", "project", "--statusline").want(t, exitOK)
	if testkit.Read(t, path) != before {
		t.Error("a second install changed the file")
	}
	h.run(t, "hook", "uninstall", "--agent", "claude", "--scope", "project", "--statusline").want(t, exitOK)
	if got := testkit.Read(t, path); strings.Contains(got, "statusLine") || !strings.Contains(got, `"model": "opus"`) {
		t.Errorf("after uninstall:\n%s", got)
	}
	// Another program's statusLine is kept, and the install says so.
	foreign := "{\n  \"statusLine\": {\"type\": \"command\", \"command\": \"~/bin/my-line.sh\"}\n}\n"
	testkit.Write(t, path, foreign)
	r := h.run(t, "hook", "install", "--agent", "claude", "--scope", "project", "--statusline").want(t, exitBlocked)
	if !strings.Contains(r.stderr, "not pickup's") || testkit.Read(t, path) != foreign {
		t.Errorf("foreign statusLine: %q\n%s", r.stderr, testkit.Read(t, path))
	}
	// Only Claude Code has one pickup knows.
	h.run(t, "hook", "install", "--agent", "codex", "--scope", "project", "--statusline").want(t, exitUsage)
}
