package fsx

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// readRecord is a record file's content ("" when missing).
func readRecord(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return string(b)
}

// Past its limit the record file is renamed to its older generation,
// byte for byte, and the line starts a fresh file; the next rotation
// drops that older generation. Both stay 0600.
func TestAppendRecordRotatesPastItsLimit(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	gens := RecordGenerations("r.jsonl")
	if len(gens) != 2 || gens[0] != RecordPath("r.jsonl") || gens[1] != RecordPath("r.1.jsonl") {
		t.Fatalf("generations %q", gens)
	}
	cur, older := gens[0], gens[1]
	var want strings.Builder
	for i := 0; want.Len() <= 100; i++ {
		line := fmt.Sprintf(`{"n":%d,"pad":"%s"}`, i, strings.Repeat("x", i))
		if err := AppendRecord("r.jsonl", []byte(line), 100); err != nil {
			t.Fatal(err)
		}
		want.WriteString(line + "\n")
	}
	if got := readRecord(t, cur); got != want.String() || readRecord(t, older) != "" {
		t.Fatalf("rotated before the limit: %q", got)
	}
	if err := AppendRecord("r.jsonl", []byte("next"), 100); err != nil {
		t.Fatal(err)
	}
	if got := readRecord(t, cur); got != "next\n" {
		t.Errorf("the fresh file holds %q", got)
	}
	if got := readRecord(t, older); got != want.String() {
		t.Errorf("the older generation holds %q, want %q", got, want.String())
	}
	for _, p := range gens {
		if st, err := os.Lstat(p); err != nil {
			t.Error(err)
		} else if st.Mode() != 0o600 {
			t.Errorf("%s: mode %v", p, st.Mode())
		}
	}
	if err := AppendRecord("r.jsonl", []byte(strings.Repeat("y", 120)), 100); err != nil {
		t.Fatal(err)
	}
	if err := AppendRecord("r.jsonl", []byte("last"), 100); err != nil {
		t.Fatal(err)
	}
	if got, old := readRecord(t, cur), readRecord(t, older); got != "last\n" || old != "next\n"+strings.Repeat("y", 120)+"\n" {
		t.Errorf("second rotation: current %q, older %q", got, old)
	}
}

// A link planted at the older generation's name is replaced by the
// rotation, never written through; a full file reached through a link
// at the current name is neither written nor rotated.
func TestAppendRecordRotationNeverWritesThroughALink(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := AppendRecord("r.jsonl", []byte(strings.Repeat("a", 20)), 10); err != nil {
		t.Fatal(err)
	}
	cur, older := RecordPath("r.jsonl"), RecordPath("r.1.jsonl")
	if err := os.Symlink(victim, older); err != nil {
		t.Fatal(err)
	}
	if err := AppendRecord("r.jsonl", []byte("b"), 10); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep\n" {
		t.Errorf("written through the link at the older name: %q", b)
	}
	if st, err := os.Lstat(older); err != nil {
		t.Error(err)
	} else if !st.Mode().IsRegular() || readRecord(t, older) != strings.Repeat("a", 20)+"\n" {
		t.Errorf("the older generation is %v, holding %q", st.Mode(), readRecord(t, older))
	}
	if readRecord(t, cur) != "b\n" {
		t.Errorf("current %q", readRecord(t, cur))
	}

	full := strings.Repeat("v", 30) + "\n"
	if err := os.WriteFile(victim, []byte(full), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(cur); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(victim, cur); err != nil {
		t.Fatal(err)
	}
	if err := AppendRecord("r.jsonl", []byte("c"), 10); err == nil {
		t.Error("appended through a link at the current name")
	}
	if b, _ := os.ReadFile(victim); string(b) != full {
		t.Errorf("the link's target was written: %q", b)
	}
	if st, err := os.Lstat(cur); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link at the current name was moved (%v)", err)
	}
	if readRecord(t, older) != strings.Repeat("a", 20)+"\n" {
		t.Errorf("the older generation changed: %q", readRecord(t, older))
	}
}

// Child process mode of TestAppendRecordRotationUnderConcurrentAppenders.
const recordChildEnv = "PICKUP_TEST_RECORD_CHILD"

// Sizes of the concurrency test: rotRounds record files, each written
// rotLines lines by each of rotChildren processes at once, a line
// rotLineLen bytes with its newline; the limit is passed once in each
// round, never twice, so nothing is dropped by design.
const (
	rotChildren = 8
	rotRounds   = 400
	rotLines    = 20
	rotLineLen  = 41
	rotLimit    = rotChildren * rotLines * rotLineLen * 5 / 8
)

var rotLine = regexp.MustCompile(`^c(\d+)-r(\d+)-i(\d+)-\.+$`)

// Many processes append to record files at once, each file passing its
// limit once: every line whose append succeeded is found whole, once,
// in the current file or the older generation, and no other line is.
// Without the rotation lock (or its check that the name still is the
// file it locked), a second appender that found the file full renames
// the first one's fresh file over the older generation, and the lines
// of the full file are lost.
func TestAppendRecordRotationUnderConcurrentAppenders(t *testing.T) {
	if id := os.Getenv(recordChildEnv); id != "" {
		appendRecordChild(id)
		return
	}
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	if total := rotChildren * rotLines * rotLineLen; total <= rotLimit || total > 2*rotLimit {
		t.Fatalf("limit %d: the rounds would not rotate exactly once", rotLimit)
	}
	var cmds []*exec.Cmd
	var starts []io.Closer
	var outs []*bytes.Buffer
	for c := range rotChildren {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAppendRecordRotationUnderConcurrentAppenders$")
		cmd.Env = append(os.Environ(), recordChildEnv+"="+strconv.Itoa(c))
		start, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		out := &bytes.Buffer{}
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds, starts, outs = append(cmds, cmd), append(starts, start), append(outs, out)
	}
	for _, s := range starts {
		s.Close() // all children start appending together
	}
	failed := map[string]bool{}
	for i, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("child %d: %v\n%s", i, err, outs[i])
		}
		sc := bufio.NewScanner(outs[i])
		for sc.Scan() {
			if l, ok := strings.CutPrefix(sc.Text(), "dropped "); ok {
				failed[l] = true
			}
		}
	}
	t.Logf("%d of %d records dropped (rotation lock busy)", len(failed), rotChildren*rotRounds*rotLines)
	if len(failed) > rotChildren*rotRounds {
		t.Errorf("%d of %d records dropped", len(failed), rotChildren*rotRounds*rotLines)
	}
	for r := range rotRounds {
		name := fmt.Sprintf("rot%d.jsonl", r)
		gens := RecordGenerations(name)
		if readRecord(t, gens[1]) == "" {
			t.Errorf("%s: never rotated", name)
		}
		seen := map[string]bool{}
		for _, p := range gens {
			if st, err := os.Stat(p); err == nil && st.Mode().Perm() != 0o600 {
				t.Errorf("%s: mode %v", p, st.Mode().Perm())
			}
			for _, l := range strings.Split(strings.TrimSuffix(readRecord(t, p), "\n"), "\n") {
				m := rotLine.FindStringSubmatch(l)
				if len(l)+1 != rotLineLen || m == nil || m[2] != strconv.Itoa(r) {
					t.Errorf("%s: broken or stray line %q", p, l)
					continue
				}
				if seen[l] || failed[l] {
					t.Errorf("%s: line %q written twice, or said dropped", p, l)
				}
				seen[l] = true
			}
		}
		lost := 0
		for c := range rotChildren {
			for i := range rotLines {
				if l := rotRecordLine(c, r, i); !seen[l] && !failed[l] {
					lost++
				}
			}
		}
		if lost > 0 {
			t.Errorf("%s: %d records lost", name, lost)
		}
	}
}

func rotRecordLine(c, r, i int) string {
	l := fmt.Sprintf("c%d-r%d-i%03d-", c, r, i)
	return l + strings.Repeat(".", rotLineLen-1-len(l))
}

// appendRecordChild waits for its stdin to close, appends its lines of
// every round, says each one dropped, and exits.
func appendRecordChild(id string) {
	c, _ := strconv.Atoi(id)
	io.Copy(io.Discard, os.Stdin)
	for r := range rotRounds {
		for i := range rotLines {
			l := rotRecordLine(c, r, i)
			if err := AppendRecord(fmt.Sprintf("rot%d.jsonl", r), []byte(l), rotLimit); err != nil {
				fmt.Println("dropped " + l)
			}
		}
	}
	os.Exit(0)
}
