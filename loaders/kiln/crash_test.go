package kiln

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// A kiln RESTART makes two writes: the phase state file is archived,
// then MEMORY.md is rewritten. These tests run the RESTART in a helper
// process (this test binary, run again with killHelperEnv set) and kill
// it with SIGKILL: between the two writes (deterministically, through
// afterArchive), and at random moments. After every kill the project
// must read as one of: nothing happened, the restart done, or the half
// state, which the next load names with what to do (finish it with
// RESTART, or undo it by renaming the archive back).

const killHelperEnv = "PICKUP_KILN_KILL_HELPER"

// TestKillHelperProcess is not a test: it is the helper's body. It loads
// the session of the project in PICKUP_KILN_PROJECT, says "ready", waits
// for a line on stdin, runs RESTART, says "done" and waits to be killed.
// In mode "between" it stops between the two writes, says "archived"
// and waits there.
func TestKillHelperProcess(t *testing.T) {
	mode := os.Getenv(killHelperEnv)
	if mode == "" {
		t.Skip("helper process only")
	}
	project := os.Getenv("PICKUP_KILN_PROJECT")
	out := bufio.NewWriter(os.Stdout)
	say := func(s string) { fmt.Fprintln(out, s); out.Flush() }
	l := New("")
	paths, err := l.Discover(project)
	if err != nil || len(paths) != 1 {
		fmt.Fprintln(os.Stderr, "discover:", paths, err)
		os.Exit(3)
	}
	s, err := l.Load(project, paths[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	if mode == "between" {
		afterArchive = func() {
			say("archived")
			waitToBeKilled()
		}
	}
	say("ready")
	if _, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil {
		os.Exit(3)
	}
	if a := l.Apply(s, model.Restart, time.Now()); a.Err != nil {
		fmt.Fprintln(os.Stderr, a.Err)
		os.Exit(3)
	}
	say("done")
	waitToBeKilled()
}

// waitToBeKilled blocks until the test kills the helper. A sleep, not an
// empty select: with no other goroutine left, the runtime would end the
// helper itself ("all goroutines are asleep") before the kill came.
func waitToBeKilled() {
	for {
		time.Sleep(time.Hour)
	}
}

// killHelper starts the helper on project and returns it with its stdin
// and a reader of its lines, once it has said "ready".
func killHelper(t *testing.T, mode, project string) (*exec.Cmd, io.WriteCloser, *bufio.Reader, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), killHelperEnv+"="+mode, "PICKUP_KILN_PROJECT="+project)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
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
	r := bufio.NewReader(stdout)
	if line, err := r.ReadString('\n'); err != nil || strings.TrimSpace(line) != "ready" {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatalf("helper: %q %v\n%s", line, err, stderr.String())
	}
	return cmd, stdin, r, &stderr
}

// kill ends the helper with SIGKILL and checks it did not end by itself.
func kill(t *testing.T, cmd *exec.Cmd, stderr *bytes.Buffer) {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Fatalf("helper ended by itself:\n%s", stderr.String())
	}
}

// halfState is the warning a load gives for a RESTART cut between its
// writes.
const halfState = "a RESTART of phase 3 was cut short"

func TestKillBetweenRestartWritesIsNamedAndFinishable(t *testing.T) {
	e := place(t, "execution", atProject)
	memBefore, stateBefore := testkit.Read(t, e.path), testkit.Read(t, e.kiln("phase_3_state.md"))
	cmd, stdin, out, stderr := killHelper(t, "between", e.project)
	fmt.Fprintln(stdin)
	if line, err := out.ReadString('\n'); err != nil || strings.TrimSpace(line) != "archived" {
		t.Fatalf("helper: %q %v\n%s", line, err, stderr.String())
	}
	kill(t, cmd, stderr)

	// The half state: MEMORY.md untouched, the phase state archived.
	archives, _ := filepath.Glob(e.kiln("phase_3_state.md.discarded.*"))
	if testkit.Read(t, e.path) != memBefore || len(archives) != 1 || testkit.Read(t, archives[0]) != stateBefore {
		t.Fatalf("not the half state: archives %q", archives)
	}
	// The next load says so, and exactly what to do.
	s := e.load(t)
	base := filepath.Base(archives[0])
	want := halfState + " at "
	if !hasAlert(s, model.AlertCutShort, want) || !hasAlert(s, model.AlertCutShort, "To finish it, choose RESTART again") ||
		!hasAlert(s, model.AlertCutShort, "To undo it, rename .kiln/"+base+" back to .kiln/phase_3_state.md.") {
		t.Fatalf("alerts %q", s.Alerts)
	}
	if !strings.Contains(s.ResumePoint.Reason, "RESTART finishes it") {
		t.Fatalf("resume point %+v", s.ResumePoint)
	}
	if opt, _ := model.Find(model.Options(s, model.CrashInfo{}), model.Restart); !opt.Enabled || !opt.Recommended {
		t.Fatalf("restart option %+v", opt)
	}
	if q := s.Policy[model.Restart].Confirm; !strings.Contains(q, "This finishes the RESTART that was cut short") {
		t.Fatalf("question %q", q)
	}
	// RESTART finishes it: phase 3 pending, the log names the archive,
	// no second archive; then nothing is cut any more.
	if a := e.l.Apply(s, model.Restart, t0); a.Err != nil || len(a.Changed) != 1 {
		t.Fatalf("%+v", a)
	}
	mem := testkit.Read(t, e.path)
	if !strings.Contains(mem, "phase_name: Checkout flow | phase_status: pending") || !strings.Contains(mem, "archived as "+base+")") {
		t.Fatalf("MEMORY.md:\n%s", mem)
	}
	if again, _ := filepath.Glob(e.kiln("phase_3_state.md.discarded.*")); len(again) != 1 {
		t.Fatalf("archives %q", again)
	}
	if s := e.load(t); hasWarning(s, halfState) {
		t.Fatalf("still cut: %q", s.Warnings)
	}

	// Undoing it instead (renaming the archive back) reads as nothing
	// happened.
	e = place(t, "execution", atProject)
	cmd, stdin, out, stderr = killHelper(t, "between", e.project)
	fmt.Fprintln(stdin)
	if line, _ := out.ReadString('\n'); strings.TrimSpace(line) != "archived" {
		t.Fatalf("helper: %q\n%s", line, stderr.String())
	}
	kill(t, cmd, stderr)
	archives, _ = filepath.Glob(e.kiln("phase_3_state.md.discarded.*"))
	if err := os.Rename(archives[0], e.kiln("phase_3_state.md")); err != nil {
		t.Fatal(err)
	}
	if s := e.load(t); hasWarning(s, halfState) || s.ResumePoint.Phase != "phase 3, Step 4 (implement)" {
		t.Fatalf("after undo: %+v %q", s.ResumePoint, s.Warnings)
	}
}

func TestKillDuringRestartAtRandom(t *testing.T) {
	seen := map[string]int{}
	for i := 0; i < 20; i++ {
		e := place(t, "execution", atProject)
		memBefore, stateBefore := testkit.Read(t, e.path), testkit.Read(t, e.kiln("phase_3_state.md"))
		cmd, stdin, _, stderr := killHelper(t, "random", e.project)
		fmt.Fprintln(stdin)
		time.Sleep(time.Duration(rand.Int64N(int64(3 * time.Millisecond))))
		kill(t, cmd, stderr)
		archives, _ := filepath.Glob(e.kiln("phase_3_state.md.discarded.*"))
		mem := testkit.Read(t, e.path)
		s := e.load(t)
		switch {
		case len(archives) == 0 && mem == memBefore && testkit.Read(t, e.kiln("phase_3_state.md")) == stateBefore:
			seen["nothing"]++
			if hasAlert(s, model.AlertCutShort, halfState) {
				t.Fatalf("kill %d: nothing happened, yet %q", i, s.Alerts)
			}
		case len(archives) == 1 && mem == memBefore:
			seen["half"]++
			if !hasAlert(s, model.AlertCutShort, halfState) {
				t.Fatalf("kill %d: the half state is not named: %q", i, s.Alerts)
			}
		case len(archives) == 1 && strings.Contains(mem, "archived as "+filepath.Base(archives[0])+")"):
			seen["done"]++
			if hasAlert(s, model.AlertCutShort, halfState) {
				t.Fatalf("kill %d: done, yet %q", i, s.Alerts)
			}
		default:
			t.Fatalf("kill %d left archives %q and MEMORY.md:\n%s", i, archives, mem)
		}
	}
	t.Logf("outcomes %v", seen)
}
