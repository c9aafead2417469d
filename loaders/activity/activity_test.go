package activity

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// standIn copies the program at from to a file named name and starts it
// with args in dir; the process is killed when the test ends.
func standIn(t *testing.T, from, name, dir string, args ...string) *exec.Cmd {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the process table is read from /proc on Linux only")
	}
	data, err := os.ReadFile(from)
	if err != nil {
		t.Skipf("no %s to copy: %v", from, err)
	}
	exe := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(exe, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	// Wait until the kernel shows the new name (the exec is done).
	comm := filepath.Join("/proc", strconv.Itoa(cmd.Process.Pid), "comm")
	for range 200 {
		if b, err := os.ReadFile(comm); err == nil && strings.TrimSpace(string(b)) == name {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	return cmd
}

// TestScanFindsAStandInClaude: a program named claude running in the
// project (or below it) is evidence; in another folder it is not.
func TestScanFindsAStandInClaude(t *testing.T) {
	project := testkit.RealTempDir(t)
	sub := filepath.Join(project, "src")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	elsewhere := testkit.RealTempDir(t)
	inRoot := standIn(t, "/bin/sleep", "claude", project, "60")
	inSub := standIn(t, "/bin/sleep", "codex", sub, "60")
	standIn(t, "/bin/sleep", "gemini", elsewhere, "60")
	standIn(t, "/bin/sleep", "claudette", project, "60") // not an agent's name

	got := In(Scan(), project, nil)
	want := []model.Activity{
		{Kind: model.ActivityProcess, Detail: "claude (pid " + strconv.Itoa(inRoot.Process.Pid) + ") is running in this project", PID: inRoot.Process.Pid, Name: "claude"},
		{Kind: model.ActivityProcess, Detail: "codex (pid " + strconv.Itoa(inSub.Process.Pid) + ") is running in this project (in src)", PID: inSub.Process.Pid, Name: "codex"},
	}
	if len(got) != 2 {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("missing %+v in %+v", w, got)
		}
	}
	// Through a linked name of the project, too.
	link := filepath.Join(t.TempDir(), "link")
	testkit.Symlink(t, project, link)
	if got := In(Scan(), link, nil); len(got) != 2 {
		t.Fatalf("through a link: %+v", got)
	}
	if got := In(Scan(), elsewhere+"-not", nil); len(got) != 0 {
		t.Fatalf("a sibling folder with a longer name: %+v", got)
	}
}

// TestScanFindsNodeRunningAKnownTool: an interpreter whose script is a
// known tool's package counts under that tool's name.
func TestScanFindsNodeRunningAKnownTool(t *testing.T) {
	project := testkit.RealTempDir(t)
	script := filepath.Join(t.TempDir(), "lib", "node_modules", "@anthropic-ai", "claude-code", "cli.js")
	testkit.Write(t, script, "// not run\n")
	// tail -f on the script stands in for node running it.
	node := standIn(t, "/usr/bin/tail", "node", project, "-f", script)
	got := In(Scan(), project, nil)
	if len(got) != 1 || got[0].PID != node.Process.Pid || got[0].Name != "claude" {
		t.Fatalf("got %+v", got)
	}
	other := filepath.Join(t.TempDir(), "server.js")
	testkit.Write(t, other, "//\n")
	standIn(t, "/usr/bin/tail", "node", project, "-f", other)
	if got := In(Scan(), project, nil); len(got) != 1 {
		t.Fatalf("a node server counted: %+v", got)
	}
}

// TestScanLeavesOutItsAncestors: this process and its parents are never
// evidence (the agent running pickup as a hook).
func TestScanLeavesOutItsAncestors(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("linux only")
	}
	a := ancestors()
	if !a[os.Getpid()] || !a[os.Getppid()] {
		t.Fatalf("ancestors %v lack this process or its parent", a)
	}
	for _, p := range Scan() {
		if a[p.PID] {
			t.Fatalf("an ancestor found: %+v", p)
		}
	}
}

// TestScanWithoutProc finds nothing, quietly.
func TestScanWithoutProc(t *testing.T) {
	testkit.Swap(t, &procRoot, filepath.Join(t.TempDir(), "none"))
	if got := Scan(); got != nil {
		t.Fatalf("%+v", got)
	}
}

// TestAgentNameFromAFakeTable reads names and command lines as /proc
// gives them (NUL-separated arguments).
func TestAgentNameFromAFakeTable(t *testing.T) {
	for _, tc := range []struct {
		comm, cmdline, want string
	}{
		{"claude", "claude\x00--resume\x00", "claude"},
		{"cursor-agent", "cursor-agent\x00", "cursor-agent"},
		{"aider", "/usr/bin/python3\x00/home/u/.local/bin/aider\x00", "aider"},
		{"python3.12", "python3.12\x00-m\x00aider\x00--model\x00x\x00", "aider"},
		{"node", "node\x00--no-warnings\x00/usr/lib/node_modules/@openai/codex/bin/codex.js\x00", "codex"},
		{"node", "node\x00/home/u/.nvm/versions/node/v22/bin/gemini\x00", "gemini"},
		{"node", "node\x00/srv/app/server.js\x00", ""},
		{"node", "node\x00", ""},
		{"bash", "bash\x00claude\x00", ""},
		{"nodemon", "nodemon\x00claude\x00", ""},
	} {
		dir := t.TempDir()
		testkit.Write(t, filepath.Join(dir, "comm"), tc.comm+"\n")
		testkit.Write(t, filepath.Join(dir, "cmdline"), tc.cmdline)
		var buf [64]byte
		n, err := fsx.ReadKernel(filepath.Join(dir, "comm"), buf[:])
		if err != nil {
			t.Fatal(err)
		}
		comm := strings.TrimSpace(string(buf[:n]))
		if got := agentName(dir, comm); got != tc.want {
			t.Errorf("%q %q: %q, want %q", tc.comm, tc.cmdline, got, tc.want)
		}
		if tc.want != "" && !mayBeAgent(comm) {
			t.Errorf("%q: an agent's name left out before its command line is read", tc.comm)
		}
	}
}

// TestLockEvidence: another process holding the session's lock is
// evidence; this process's own lock is not.
func TestLockEvidence(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	state := filepath.Join(t.TempDir(), "state.yaml")
	testkit.Write(t, state, "x\n")
	if got := Lock(state, nil); got != nil {
		t.Fatalf("nobody holds it: %+v", got)
	}
	l, err := fsx.AcquireLock(state, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	if got := Lock(state, nil); got != nil {
		t.Fatalf("this process's own lock: %+v", got)
	}
	l.Release()

	// Another process holds it: a pickup stand-in (this test binary).
	cmd := exec.Command(os.Args[0], "-test.run=^TestHoldHelper$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PICKUP_ACTIVITY_HOLD="+state)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); _ = cmd.Wait() }()
	buf := make([]byte, 8)
	if n, _ := out.Read(buf); string(buf[:n]) != "held\n" {
		t.Fatalf("helper said %q", buf[:n])
	}
	got := Lock(state, nil)
	if len(got) != 1 || got[0].Kind != model.ActivityLock || got[0].PID != cmd.Process.Pid ||
		!strings.HasPrefix(got[0].Detail, "another pickup (pid "+strconv.Itoa(cmd.Process.Pid)+") has this session open since ") {
		t.Fatalf("got %+v", got)
	}
}

// TestHoldHelper holds a lock for TestLockEvidence until its stdin closes.
func TestHoldHelper(t *testing.T) {
	state := os.Getenv("PICKUP_ACTIVITY_HOLD")
	if state == "" {
		t.Skip("a helper process")
	}
	l, err := fsx.AcquireLock(state, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	os.Stdout.WriteString("held\n")
	_, _ = io.ReadAll(os.Stdin)
}
