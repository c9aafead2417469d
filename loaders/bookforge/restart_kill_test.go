package bookforge

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// Fault injection on RESTART, a write of two files (the resume scene's
// history, then the pause marker): a helper process (this test binary,
// run again with restartHelperEnv set) restarts the book and undoes it
// in a loop, and the test kills it with SIGKILL at random moments. After
// each kill the book must read as untouched, as restarted, or, when the
// kill cut the RESTART in half, as a RESTART cut short that the next
// load names and that RESTART again finishes. (loaders/fsx/crash_test.go
// kills its single writes the same way.)

const restartHelperEnv = "PICKUP_BOOKFORGE_RESTART_HELPER"

// restartBase is the clock of the helper's RESTARTs: after every time
// the fixture records, one millisecond more per round so that archive
// names never collide.
var restartBase = time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)

// TestRestartHelperProcess is not a test: it is the helper's body.
func TestRestartHelperProcess(t *testing.T) {
	dir := os.Getenv(restartHelperEnv)
	if dir == "" {
		t.Skip("helper process only")
	}
	out := bufio.NewWriter(os.Stdout)
	start := time.Now()
	for i := 0; ; i++ {
		s, err := liveBook(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		if a := New(loaders.Options{Now: restartBase}).Apply(s, model.Restart, restartBase.Add(time.Duration(i)*time.Millisecond)); a.Err != nil {
			fmt.Fprintln(os.Stderr, a.Err)
			os.Exit(3)
		}
		if err := undoRestart(dir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		if i == 0 {
			// How long one load, RESTART and undo takes here: the kills
			// are spread over that, whatever the machine's speed (the race
			// detector's included).
			fmt.Fprintln(out, "ready", time.Since(start).Nanoseconds())
			out.Flush()
		}
	}
}

// liveBook loads the one live book of the project.
func liveBook(dir string) (*model.Session, error) {
	out, err := liveSessions(dir, loaders.Options{Now: restartBase})
	if err != nil || len(out) != 1 {
		return nil, fmt.Errorf("%d live books in %s: %v", len(out), dir, err)
	}
	return out[0], nil
}

// restartArchives lists the names RESTART moved aside in the book's
// context and ledger folders ("<name>.restart.<unix-ms>"), marker first.
func restartArchives(dir string) (marker, history []string) {
	ctx := filepath.Join(bookDir(dir, "demo"), "draft", "context")
	for _, d := range []string{ctx, filepath.Join(ctx, "phase_history")} {
		ents, _ := os.ReadDir(d)
		for _, e := range ents {
			if !strings.Contains(e.Name(), ".restart.") {
				continue
			}
			p := filepath.Join(d, e.Name())
			if strings.HasPrefix(e.Name(), "run_paused.json.") {
				marker = append(marker, p)
			} else {
				history = append(history, p)
			}
		}
	}
	return marker, history
}

// undoRestart moves everything RESTART archived back, the marker first
// (so that an undo cut in half has the same shape as a RESTART cut in
// half).
func undoRestart(dir string) error {
	marker, history := restartArchives(dir)
	for _, p := range append(marker, history...) {
		orig := p[:strings.Index(p, ".restart.")]
		if err := os.Rename(p, orig); err != nil {
			return err
		}
	}
	return nil
}

func TestKillDuringRestartIsNamedAndFinished(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a helper process many times")
	}
	dir := project(t, "real")
	marker := filepath.Join(bookDir(dir, "demo"), filepath.FromSlash(PauseFile))
	seen := map[string]int{}
	round := func(i int) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestRestartHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), restartHelperEnv+"="+dir)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err != nil {
			_ = cmd.Wait()
			t.Fatalf("helper: %v\n%s", err, stderr.String())
		}
		// One iteration's time, as the helper measured it (at least 6 ms).
		per := 6 * time.Millisecond
		if f := strings.Fields(line); len(f) == 2 {
			if ns, err := strconv.ParseInt(f[1], 10, 64); err == nil && time.Duration(ns) > per {
				per = time.Duration(ns)
			}
		}
		time.Sleep(time.Duration(rand.Int64N(int64(per))))
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
			t.Fatalf("kill %d: helper ended by itself:\n%s", i, stderr.String())
		}

		archMarker, archHistory := restartArchives(dir)
		_, markerErr := os.Stat(marker)
		switch {
		case len(archMarker) == 0 && len(archHistory) == 0:
			seen["untouched"]++
		case len(archMarker) == 1 && len(archHistory) == 1 && os.IsNotExist(markerErr):
			seen["restarted"]++
		case len(archMarker) == 0 && len(archHistory) == 1 && markerErr == nil:
			// Cut in half: the history moved, the marker did not. The
			// next load must say so, and RESTART again must finish it.
			seen["cut short"]++
			s, err := liveBook(dir)
			if err != nil {
				t.Fatalf("kill %d: the half-restarted book does not load: %v", i, err)
			}
			if !hasAlert(s, model.AlertCutShort, "RESTART") || !hasAlert(s, model.AlertCutShort, "cut short") {
				t.Fatalf("kill %d: the half-done RESTART is not named: alerts %q", i, s.Alerts)
			}
			if a := New(loaders.Options{Now: restartBase}).Apply(s, model.Restart, restartBase.Add(time.Hour)); a.Err != nil {
				t.Fatalf("kill %d: RESTART again does not finish it: %v", i, a.Err)
			}
			if _, err := os.Stat(marker); !os.IsNotExist(err) {
				t.Fatalf("kill %d: RESTART again left the marker: %v", i, err)
			}
			s, err = liveBook(dir)
			if err != nil {
				t.Fatal(err)
			}
			if hasWarning(s, "cut short") {
				t.Fatalf("kill %d: still named cut short once finished: %q", i, s.Warnings)
			}
		default:
			t.Fatalf("kill %d left marker archives %v, history archives %v, marker present %v", i, archMarker, archHistory, markerErr == nil)
		}
		if err := undoRestart(dir); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for ; n < 40 || (seen["cut short"] == 0 && n < 400); n++ {
		round(n)
	}
	t.Logf("after %d kills: %v", n, seen)
	if seen["cut short"] == 0 {
		t.Fatalf("none of %d kills landed between the two moves", n)
	}
}
