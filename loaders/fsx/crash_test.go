package fsx

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
)

// Fault injection: a helper process (this test binary, run again with
// helperEnv set) writes in a loop through fsx, and the test kills it
// with SIGKILL at random moments, many times, checking after each kill
// that the data is whole: never partial, never empty, never zero copies.

const helperEnv = "PICKUP_FSX_HELPER"

// Two contents of different sizes, large enough that a write takes more
// than one system call, each ending with a marker.
var (
	contentA = bytes.Repeat([]byte("a-old-state\n"), 40<<10/12)
	contentB = append(bytes.Repeat([]byte("b-new-state-longer\n"), 70<<10/19), "end\n"...)
)

// other is the content the helper writes over data.
func other(data []byte) []byte {
	if bytes.Equal(data, contentA) {
		return contentB
	}
	return contentA
}

// TestHelperProcess is not a test: it is the body of the helper process.
// Its mode and target come from the environment.
func TestHelperProcess(t *testing.T) {
	mode := os.Getenv(helperEnv)
	if mode == "" {
		t.Skip("helper process only")
	}
	target := os.Getenv("PICKUP_FSX_TARGET")
	out := bufio.NewWriter(os.Stdout)
	ready := func() { fmt.Fprintln(out, "ready"); out.Flush() }
	die := func(err error) { fmt.Fprintln(os.Stderr, err); os.Exit(3) }
	// forever runs step again and again, saying "ready" after the first
	// one, until the process is killed.
	forever := func(step func(i int) error) {
		for i := 0; ; i++ {
			if err := step(i); err != nil {
				die(err)
			}
			if i == 0 {
				ready()
			}
		}
	}
	// swap is where a file moved back and forth is now, and where it goes:
	// after a kill it may be at either name.
	swap := func(alt string) (src, dst string) {
		if _, err := os.Lstat(target); err != nil {
			return alt, target
		}
		return target, alt
	}
	switch mode {
	case "replace":
		forever(func(int) error {
			data, err := ReadFile(target)
			if err != nil {
				return err
			}
			return ReplaceIfUnchanged(target, Fingerprint(data), other(data))
		})
	case "archive":
		// Move the file to the archive name and back, forever.
		forever(func(int) error {
			src, dst := swap(target + ".discarded.1")
			data, err := ReadFile(src)
			if err != nil {
				return err
			}
			return ArchiveTo(src, Fingerprint(data), dst)
		})
	case "folder":
		// Archive a whole folder (as kiln and bookforge do) and back.
		forever(func(int) error {
			src, dst := swap(target + ".archived")
			return RenameNoReplace(src, dst)
		})
	case "create":
		// Create the file anew, then move it aside, forever.
		forever(func(i int) error {
			if err := CreateNew(target, contentB, 0o644); err != nil {
				return err
			}
			return RenameNoReplace(target, fmt.Sprintf("%s.%d-%d", target, os.Getpid(), i))
		})
	case "hold":
		// Take the lock, say so, and keep it until stdin closes.
		l, err := AcquireLock(target, time.Now())
		if err != nil {
			fmt.Fprintln(out, "locked-out:", err)
			out.Flush()
			os.Exit(4)
		}
		fmt.Fprintln(out, "holding", l.TookOver)
		out.Flush()
		_, _ = io.Copy(io.Discard, os.Stdin)
		_ = l.Release()
		os.Exit(0)
	}
	die(fmt.Errorf("unknown helper mode %q", mode))
}

// helper starts the helper process in mode on target and waits for its
// first line.
func helper(t *testing.T, mode, target string) (*exec.Cmd, io.WriteCloser, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, "PICKUP_FSX_TARGET="+target)
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
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		_ = cmd.Wait()
		t.Fatalf("helper %s: %v\n%s", mode, err, stderr.String())
	}
	return cmd, stdin, strings.TrimSpace(line)
}

// killAtRandom starts the helper, lets it run for up to maxRun after its
// first write, and kills it with SIGKILL.
func killAtRandom(t *testing.T, mode, target string, maxRun time.Duration) {
	t.Helper()
	cmd, _, _ := helper(t, mode, target)
	time.Sleep(time.Duration(rand.Int64N(int64(maxRun))))
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Fatalf("helper ended by itself: %v", err)
	}
}

// killRounds runs round (which kills one helper and checks the data) up
// to 200 times (20 with -short), stopping early once the time budget is
// spent (with at least 20 rounds done), so a loaded machine does not make
// the suite crawl. It returns how many rounds ran.
func killRounds(t *testing.T, round func(i int)) int {
	t.Helper()
	most, least, budget := 200, 20, 2500*time.Millisecond
	if testing.Short() {
		most = least
	}
	start := time.Now()
	n := 0
	for ; n < most && (n < least || time.Since(start) < budget); n++ {
		round(n)
	}
	return n
}

func TestKillDuringReplaceLeavesOldOrNew(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "state.yaml")
	if err := os.WriteFile(p, contentA, 0o644); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	round := func(i int) {
		killAtRandom(t, "replace", p, 4*time.Millisecond)
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
		switch {
		case bytes.Equal(got, contentA):
			seen["old"]++
		case bytes.Equal(got, contentB):
			seen["new"]++
		default:
			t.Fatalf("kill %d left %d bytes that are neither the old nor the new content", i, len(got))
		}
	}
	n := killRounds(t, round)
	// A kill between the temporary file's creation and the rename leaves
	// that file behind: their number shows how many kills landed in the
	// middle of a write. On a loaded machine the helper may hardly run
	// between its start and the kill: go on killing until one lands
	// mid-write, so the test always tries what it is about.
	mid := leftovers(t, dir, "state.yaml")
	for extra := 0; mid == 0 && extra < 400; extra++ {
		round(n)
		n++
		mid = leftovers(t, dir, "state.yaml")
	}
	t.Logf("after %d kills: %v; %d landed mid-write (temporary files left behind)", n, seen, mid)
	if mid == 0 {
		t.Fatalf("none of %d kills landed in the middle of a write", n)
	}
}

// leftovers counts files in dir other than keep: renameio's temporary
// files, orphaned by a kill between their creation and the rename. They
// hold a copy of a write that never happened; the state file is intact.
func leftovers(t *testing.T, dir string, keep ...string) int {
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if !contains(keep, e.Name()) {
			n++
		}
	}
	return n
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestKillDuringArchiveNeverLeavesZeroCopies(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "state.yaml")
	alt := p + ".discarded.1"
	if err := os.WriteFile(p, contentB, 0o644); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	n := killRounds(t, func(i int) {
		killAtRandom(t, "archive", p, 2*time.Millisecond)
		var copies []string
		for _, c := range []string{p, alt} {
			got, err := os.ReadFile(c)
			if err != nil {
				continue
			}
			if !bytes.Equal(got, contentB) {
				t.Fatalf("kill %d: %s holds %d other bytes", i, c, len(got))
			}
			copies = append(copies, filepath.Base(c))
		}
		if len(copies) != 1 {
			t.Fatalf("kill %d left %d copies: %v", i, len(copies), copies)
		}
		seen[copies[0]]++
	})
	t.Logf("after %d kills: %v", n, seen)
}

func TestKillDuringFolderArchiveNeverLeavesZeroCopies(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "memory")
	alt := folder + ".archived"
	files := map[string][]byte{"MEMORY.md": contentA, "notes/plan.md": contentB}
	for name, data := range files {
		p := filepath.Join(folder, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[string]int{}
	n := killRounds(t, func(i int) {
		killAtRandom(t, "folder", folder, 2*time.Millisecond)
		var copies []string
		for _, c := range []string{folder, alt} {
			if _, err := os.Stat(c); err != nil {
				continue
			}
			for name, data := range files {
				got, err := os.ReadFile(filepath.Join(c, name))
				if err != nil || !bytes.Equal(got, data) {
					t.Fatalf("kill %d: %s/%s is not whole: %v", i, c, name, err)
				}
			}
			copies = append(copies, filepath.Base(c))
		}
		if len(copies) != 1 {
			t.Fatalf("kill %d left %d copies: %v", i, len(copies), copies)
		}
		seen[copies[0]]++
	})
	t.Logf("after %d kills: %v", n, seen)
}

func TestKillDuringCreateNewLeavesNothingOrWhole(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "new.yaml")
	n := killRounds(t, func(i int) {
		killAtRandom(t, "create", p, 3*time.Millisecond)
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if !strings.HasPrefix(e.Name(), "new.yaml") {
				continue // a temporary file of the write the kill stopped
			}
			got, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil || !bytes.Equal(got, contentB) {
				t.Fatalf("kill %d: %s holds %d bytes, not the whole content (%v)", i, e.Name(), len(got), err)
			}
		}
		// The next round creates new.yaml again.
		if _, err := os.Stat(p); err == nil {
			if err := os.Rename(p, fmt.Sprintf("%s.kill%d", p, i)); err != nil {
				t.Fatal(err)
			}
		}
	})
	t.Logf("after %d kills: no partial file", n)
}
