package fsx

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// lockEnv gives the test (and the helper processes it starts, which
// inherit the environment) a lock folder of its own.
func lockEnv(t *testing.T) (state string) {
	t.Helper()
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	state = filepath.Join(t.TempDir(), "state.yaml")
	if err := os.WriteFile(state, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return state
}

func TestLockOutsideTheProject(t *testing.T) {
	state := lockEnv(t)
	lp := LockPath(state)
	if !strings.HasPrefix(lp, os.Getenv("XDG_RUNTIME_DIR")) || strings.HasPrefix(lp, filepath.Dir(state)) {
		t.Fatalf("lock path %s", lp)
	}
	// Another name of the same file maps to the same lock.
	link := filepath.Join(t.TempDir(), "link.yaml")
	if err := os.Symlink(state, link); err != nil {
		t.Fatal(err)
	}
	if LockPath(link) != lp {
		t.Fatalf("a symlink gets another lock: %s vs %s", LockPath(link), lp)
	}
	if LockPath(state+".other") == lp {
		t.Fatal("two files share a lock")
	}
}

func TestLockInOneProcess(t *testing.T) {
	state := lockEnv(t)
	since := time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)
	l, err := AcquireLock(state, since)
	if err != nil {
		t.Fatal(err)
	}
	if l.TookOver != "" {
		t.Fatalf("took over %q from nobody", l.TookOver)
	}
	var info LockInfo
	data, _ := os.ReadFile(l.Path)
	if err := json.Unmarshal(data, &info); err != nil || info.PID != os.Getpid() || !info.Since.Equal(since) {
		t.Fatalf("lock file %q: %+v %v", data, info, err)
	}
	// A second taker (another open file, as another process would have)
	// is refused and told who holds it.
	_, err = AcquireLock(state, since)
	var le *LockedError
	if !errors.As(err, &le) || !errors.Is(err, ErrLocked) || le.Owner.PID != os.Getpid() {
		t.Fatalf("second lock: %v", err)
	}
	want := "open in another pickup (pid " + strconv.Itoa(os.Getpid()) + ", since " + since.Local().Format("2006-01-02 15:04:05") + ")"
	if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "nothing was written") {
		t.Fatalf("message %q lacks %q", err, want)
	}
	if err := l.Release(); err != nil {
		t.Fatal(err)
	}
	if err := l.Release(); err != nil {
		t.Fatalf("second release: %v", err)
	}
	if _, err := os.Stat(l.Path); !os.IsNotExist(err) {
		t.Fatalf("lock file left after release: %v", err)
	}
	l2, err := AcquireLock(state, since)
	if err != nil || l2.TookOver != "" {
		t.Fatalf("after release: %v %q", err, l2.TookOver)
	}
	_ = l2.Release()
}

// TestLockTwoProcesses: a helper process holds the lock; this process is
// refused, naming the helper's pid; once the helper is killed (SIGKILL:
// no chance to clean up) the lock is stale and taken over, with a note
// naming the dead owner.
func TestLockTwoProcesses(t *testing.T) {
	state := lockEnv(t)
	cmd, stdin, line := helper(t, "hold", state)
	defer stdin.Close()
	if !strings.HasPrefix(line, "holding") {
		t.Fatalf("helper: %q", line)
	}
	_, err := AcquireLock(state, time.Now())
	var le *LockedError
	if !errors.As(err, &le) || le.Owner.PID != cmd.Process.Pid {
		t.Fatalf("while the helper (pid %d) holds it: %v", cmd.Process.Pid, err)
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if _, err := os.Stat(LockPath(state)); err != nil {
		t.Fatalf("a killed owner's lock file should be left behind: %v", err)
	}
	l, err := AcquireLock(state, time.Now())
	if err != nil {
		t.Fatalf("stale lock not taken over: %v", err)
	}
	defer l.Release()
	want := "left by pid " + strconv.Itoa(cmd.Process.Pid)
	if !strings.Contains(l.TookOver, want) || !strings.Contains(l.TookOver, "no longer running") {
		t.Fatalf("note %q lacks %q", l.TookOver, want)
	}
}

// TestLockRace: several processes started at once try to take the
// lock; exactly one holds it, the others are told who does.
func TestLockRace(t *testing.T) {
	state := lockEnv(t)
	const n = 6
	type racer struct {
		cmd   *exec.Cmd
		stdin io.WriteCloser
		out   *bufio.Reader
	}
	var rs []racer
	for range n {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), helperEnv+"=hold", "PICKUP_FSX_TARGET="+state)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		rs = append(rs, racer{cmd, stdin, bufio.NewReader(stdout)})
	}
	holder, refused := 0, 0
	var lines []string
	for _, r := range rs {
		line, _ := r.out.ReadString('\n')
		lines = append(lines, strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(line, "holding"):
			holder = r.cmd.Process.Pid
		case strings.HasPrefix(line, "locked-out:"):
			refused++
		}
	}
	for _, r := range rs {
		r.stdin.Close()
		_ = r.cmd.Wait()
	}
	if holder == 0 || refused != n-1 {
		t.Fatalf("holder pid %d, %d refused: %q", holder, refused, lines)
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "locked-out:") && !strings.Contains(l, "open in another pickup (pid "+strconv.Itoa(holder)+",") {
			t.Fatalf("refusal %q does not name the holder %d", l, holder)
		}
	}
}

// A new account has no cache folder yet: with no XDG_RUNTIME_DIR, the
// lock folder is made under a cache folder pickup makes (0700) itself.
func TestLockNewHomeWithoutCacheFolder(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_RUNTIME_DIR", "")
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", home)
	state := filepath.Join(t.TempDir(), "state.yaml")
	if err := os.WriteFile(state, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	l, err := AcquireLock(state, time.Now())
	if err != nil {
		t.Fatalf("lock in a home without .cache: %v", err)
	}
	defer l.Release()
	if !strings.HasPrefix(l.Path, filepath.Join(home, ".cache", "pickup", "locks")) {
		t.Fatalf("lock at %s", l.Path)
	}
	st, err := os.Stat(filepath.Join(home, ".cache"))
	if err != nil || st.Mode().Perm() != 0o700 {
		t.Fatalf("cache folder: %v %v", st, err)
	}
}
