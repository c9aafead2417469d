package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// The kill loops: each multi-file write (and the undo of one) is run by
// the real binary and killed with SIGKILL, again and again. After every
// kill the project must be untouched, fully written, or named as
// interrupted (status, status --json, the hook), and then `pickup undo
// --yes` must bring it back to where it was before the write (an undo
// cut short is finished, not reversed) with no temporary file left.
//
// The binary is built with the tag pickup_killloop
// (loaders/fsx/killpoint_loop.go, killloop_clock.go), which no shipped
// pickup has: its clock is pinned (PICKUP_KILLLOOP_NOW), so a write run
// twice writes the same bytes, and it can die at the N-th point of its
// writes (PICKUP_KILLLOOP_AT) or pause at each (PICKUP_KILLLOOP_PAUSE).
// In the ordinary tests a kill lands at each moment between two of the
// write's files (each "written" point but the last), then once at a
// random moment of a paused run. `make killloop` (PICKUP_KILLLOOP_ROUNDS
// set) kills every point once, then PICKUP_KILLLOOP_ROUNDS random kills
// (300 by default there).

var killBinOnce struct {
	sync.Once
	path string
	err  error
}

// killBin is the kill loop's build of pickup.
func killBin(t *testing.T) string {
	t.Helper()
	killBinOnce.Do(func() {
		killBinOnce.path = filepath.Join(filepath.Dir(bin), "pickup-killloop")
		out, err := exec.Command("go", "build", "-tags", "pickup_killloop", "-o", killBinOnce.path, ".").CombinedOutput()
		if err != nil {
			killBinOnce.err = fmt.Errorf("go build -tags pickup_killloop: %v\n%s", err, out)
		}
	})
	if killBinOnce.err != nil {
		t.Fatal(killBinOnce.err)
	}
	return killBinOnce.path
}

// killRounds is how many random kills each loop makes, and whether the
// loop is the long one (every point killed).
func killRounds() (rounds int, long bool) {
	if n, err := strconv.Atoi(os.Getenv("PICKUP_KILLLOOP_ROUNDS")); err == nil && n >= 0 {
		return n, true
	}
	return 1, false
}

type killCase struct {
	name   string // of undoCases
	choice string
	undo   bool // kill the undo of the choice, not the choice
}

var killCases = []killCase{
	{"kiln restart", "restart", false},
	{"bookforge restart", "restart", false},
	{"bookforge discard", "discard", false},
	{"design restart", "restart", false},
	{"kiln restart", "restart", true},
	{"bookforge discard", "discard", true},
}

func TestKillLoop(t *testing.T) {
	cases := map[string]undoCase{}
	for _, c := range undoCases() {
		cases[c.name] = c
	}
	for _, kc := range killCases {
		name := kc.name
		if kc.undo {
			name = "undo of " + name
		}
		t.Run(name, func(t *testing.T) {
			uc, ok := cases[kc.name]
			if !ok {
				t.Fatalf("no undo case %q", kc.name)
			}
			killLoop(t, uc, kc)
		})
	}
}

// killLoop runs one case.
func killLoop(t *testing.T, uc undoCase, kc killCase) {
	kb := killBin(t)
	dir, args, roots := uc.setup(t)
	runtime := t.TempDir()
	now := time.Now().UTC().Truncate(time.Second).Format(time.RFC3339)
	env := []string{"PICKUP_KILLLOOP_NOW=" + now, "XDG_RUNTIME_DIR=" + runtime}

	// Every root as it was, to start each round from.
	reset := keepRoots(t, roots)
	run := func(extra []string, cmdArgs ...string) (*exec.Cmd, *bytes.Buffer) {
		return killCmd(kb, dir, append(append([]string{}, env...), extra...), cmdArgs...)
	}
	write := append(append([]string{}, args...), "resume", "--choice", kc.choice, "--yes")
	undo := []string{"undo", "--yes"}
	mustRun := func(what []string) {
		t.Helper()
		c, errb := run(nil, what...)
		if err := c.Run(); err != nil {
			t.Fatalf("%v: %v\n%s", what, err, errb)
		}
	}

	before := filesOf(t, roots...)
	mustRun(write)
	written := filesOf(t, roots...)
	if reflect.DeepEqual(before, written) {
		t.Fatal("the write wrote nothing")
	}
	mustRun(undo)
	sameFiles(t, "the undo, not killed", before, filesOf(t, roots...))

	// What the killed command starts from and leaves when whole.
	start, end, killed, prepare := before, written, write, func() {}
	if kc.undo {
		start, end, killed, prepare = written, before, undo, func() { mustRun(write) }
	}

	// How many points its writes pass, and how long a paused run takes.
	reset()
	prepare()
	c, errb := run([]string{"PICKUP_KILLLOOP_TRACE=1", "PICKUP_KILLLOOP_PAUSE=2ms"}, killed...)
	t0 := time.Now()
	if err := c.Run(); err != nil {
		t.Fatalf("%v: %v\n%s", killed, err, errb)
	}
	whole := time.Since(t0)
	var points []string
	for _, l := range strings.Split(errb.String(), "\n") {
		if strings.HasPrefix(l, "killloop: point ") {
			points = append(points, l)
		}
	}
	if len(points) < 2 {
		t.Fatalf("%d points in %v:\n%s", len(points), killed, errb)
	}
	rounds, long := killRounds()
	var at []int
	for i, p := range points {
		// The short loop: between two of the write's own files.
		mid := strings.Contains(p, " written ") && i < len(points)-1
		if long || mid {
			at = append(at, i+1)
		}
	}

	counts := map[string]int{}
	check := func(label string) {
		t.Helper()
		counts[killCheck(t, label, dir, args, roots, start, end, before)]++
	}
	for _, n := range at {
		reset()
		prepare()
		c, errb := run([]string{"PICKUP_KILLLOOP_AT=" + strconv.Itoa(n)}, killed...)
		err := c.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("point %d: not killed (%v)\n%s", n, err, errb)
		}
		check(fmt.Sprintf("point %d of %d (%s)", n, len(points), points[n-1]))
	}
	for i := range rounds {
		reset()
		prepare()
		c, _ := run([]string{"PICKUP_KILLLOOP_PAUSE=2ms"}, killed...)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rand.Int64N(int64(whole))))
		_ = c.Process.Kill()
		_ = c.Wait()
		check(fmt.Sprintf("random kill %d", i+1))
	}
	t.Logf("%d of %d points and %d random kills: %v", len(at), len(points), rounds, counts)
}

// killCheck classes the project after a kill: "untouched" (as start),
// "written" (as end), or "named": pickup names the operation cut short,
// and `pickup undo --yes` brings back before (finishing an undo cut
// short). Temporary files left are named, then taken away by the undo.
func killCheck(t *testing.T, label, dir string, args, roots []string, start, end, before map[string]string) string {
	t.Helper()
	got, temps := filesOf(t, roots...), tempsIn(t, roots...)
	switch {
	case reflect.DeepEqual(got, start) && len(temps) == 0:
		return "untouched"
	case reflect.DeepEqual(got, end) && len(temps) == 0:
		return "written"
	}
	r := pickup(t, dir, append(append([]string{}, args...), "status", "--json")...)
	m := r.json(t)
	cut, _ := m["interrupted"].([]any)
	if len(cut) == 0 {
		t.Fatalf("%s: the project is half written and status --json names nothing:\n%s", label, r.stdout)
	}
	listed := map[string]bool{}
	for _, c := range cut {
		tf, _ := c.(map[string]any)["temporary_files"].([]any)
		for _, f := range tf {
			listed[f.(string)] = true
		}
	}
	for _, tmp := range temps {
		if !listed[tmp] {
			t.Fatalf("%s: the temporary file %s is not named: %v", label, tmp, cut)
		}
	}
	r = pickup(t, dir, append(append([]string{}, args...), "status")...)
	if !strings.Contains(r.stdout+r.stderr, "pickup stopped during") {
		t.Fatalf("%s: status says nothing of it:\n%s\n%s", label, r.stdout, r.stderr)
	}
	r = pickup(t, dir, append(append([]string{}, args...), "hook")...)
	if !strings.Contains(r.stdout, "Interrupted write: pickup stopped during") {
		t.Fatalf("%s: the hook says nothing of it:\n%s\n%s", label, r.stdout, r.stderr)
	}
	u := pickup(t, dir, "undo", "--yes")
	if u.code != exitOK {
		t.Fatalf("%s: undo: exit %d\n%s\n%s", label, u.code, u.stdout, u.stderr)
	}
	sameFiles(t, label+": after pickup undo --yes", before, filesOf(t, roots...))
	if left := tempsIn(t, roots...); len(left) > 0 {
		t.Fatalf("%s: temporary files left after the undo: %v", label, left)
	}
	if m := pickup(t, dir, append(append([]string{}, args...), "status", "--json")...).json(t); m["interrupted"] != nil {
		t.Fatalf("%s: still named after the undo: %v", label, m["interrupted"])
	}
	return "named"
}

// tempsIn are pickup's temporary files under the roots (but its log).
func tempsIn(t *testing.T, roots ...string) []string {
	t.Helper()
	var out []string
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && (d.Name() == ".git" || d.Name() == fsx.OwnDir) {
				return filepath.SkipDir
			}
			if strings.Contains(d.Name(), fsx.TempMark) && strings.HasSuffix(d.Name(), ".tmp") {
				out = append(out, p)
			}
			return nil
		})
	}
	return out
}

// cp copies a tree as `cp -a` does: modes and times kept.
func cp(t *testing.T, from, to string) {
	t.Helper()
	if out, err := exec.Command("cp", "-a", from, to).CombinedOutput(); err != nil {
		t.Fatalf("cp -a %s %s: %v %s", from, to, err, out)
	}
}

// keepRoots copies the roots aside (`cp -a`) and returns what puts them
// back as they are now, their log included.
func keepRoots(t *testing.T, roots []string) (reset func()) {
	t.Helper()
	backup := t.TempDir()
	for i, r := range roots {
		cp(t, r, filepath.Join(backup, strconv.Itoa(i)))
	}
	return func() {
		t.Helper()
		for i, r := range roots {
			if err := os.RemoveAll(r); err != nil {
				t.Fatal(err)
			}
			cp(t, filepath.Join(backup, strconv.Itoa(i)), r)
		}
	}
}

// killCmd is the kill loop's pickup with args in dir, env added, its
// stderr kept.
func killCmd(kb, dir string, env []string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	c := exec.Command(kb, args...)
	c.Dir = dir
	c.Env = append(append(os.Environ(), "NO_COLOR=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1"), env...)
	var errb bytes.Buffer
	c.Stderr = &errb
	return c, &errb
}
