package fsx

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// headLinesPlain is HeadLines' answer the plain way: ReadHead's bytes
// split, a last line they end inside of dropped, as is an empty one
// after a last newline.
func headLinesPlain(t *testing.T, path string, n int) ([]string, int64) {
	t.Helper()
	head, size, err := ReadHead(path, n)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(head), "\n")
	if int64(len(head)) < size || lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines, size
}

// lineFiles writes files of awkward lines for the line readers' tests
// (lines longer than a block and than the bytes asked for, a first one
// too, a last line without a newline, blank lines, an empty file) and
// returns their contents by path.
func lineFiles(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	long := strings.Repeat("x", 64<<10+32<<10)
	files := map[string]string{
		"empty":      "",
		"one":        "one line\n",
		"no-end":     "first\nsecond without newline",
		"long":       "a\n" + long + "\nb\n" + long + long + "\nc",
		"long-first": long + long + long + "\nafter\n",
		"blank":      "\n\n\nx\n\n",
		"many":       strings.Repeat("0123456789abcdef\n", 20000),
		"long-last":  "a\n" + long,
		"crlf":       "a\r\nb\r\n",
	}
	out := map[string]string{}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		out[path] = content
	}
	return out
}

// HeadLines gives the lines ReadHead's bytes hold: a head ending inside
// a line, on a newline, just after one, lines longer than a block (and
// than the head), a last line without a newline, an empty file, a head
// longer than the file; and when fn stops it, the lines up to there.
func TestHeadLinesAreTheHeadsLines(t *testing.T) {
	for path, content := range lineFiles(t) {
		name := filepath.Base(path)
		sizes := []int{0, 1, 2, 5, 17, 18, 100, lineBlock - 1, lineBlock, lineBlock + 1, 2*lineBlock + 3, len(content) - 1, len(content), len(content) + 10, 4 << 20}
		for _, n := range sizes {
			if n < 0 {
				continue
			}
			want, wantSize := headLinesPlain(t, path, n)
			var got []string
			size, err := HeadLines(path, n, func(line []byte) bool { got = append(got, string(line)); return true })
			if err != nil {
				t.Fatalf("%s, n=%d: %v", name, n, err)
			}
			if !slices.Equal(got, want) || size != wantSize {
				t.Errorf("%s, first %d bytes: %d lines (first %.40q), size %d; ReadHead's bytes give %d (first %.40q), size %d", name, n, len(got), first(got), size, len(want), first(want), wantSize)
			}
			for stop := range min(len(want), 3) {
				got = got[:0]
				HeadLines(path, n, func(line []byte) bool { got = append(got, string(line)); return len(got) <= stop })
				if !slices.Equal(got, want[:stop+1]) {
					t.Errorf("%s, n=%d, stopped after line %d: got %d lines", name, n, stop+1, len(got))
				}
			}
		}
	}
}

// HeadLines calls fn no more once fn asks to stop, and a head ending
// just after the first line's newline gives that line.
func TestHeadLinesStopsWhenAsked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big")
	content := "first\n" + strings.Repeat(strings.Repeat("y", 1000)+"\n", 4000)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	calls := 0
	if _, err := HeadLines(path, 4<<20, func([]byte) bool { calls++; return false }); err != nil || calls != 1 {
		t.Errorf("fn called %d times after it asked to stop (%v)", calls, err)
	}
	var got []byte
	HeadLines(path, 6, func(l []byte) bool { got = append(got, l...); return true })
	if string(got) != "first" {
		t.Errorf("a head of exactly the first line read %q", got)
	}
}

// refusalCases are paths the one reader refuses (a folder, a named
// pipe, never waited on, a missing file, a device) and one it reads (a
// link to a regular file), with whether it refuses each.
func refusalCases(t *testing.T) []struct {
	path    string
	refused bool
} {
	t.Helper()
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.WriteFile(real, []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	return []struct {
		path    string
		refused bool
	}{{link, false}, {dir, true}, {fifo, true}, {filepath.Join(dir, "missing"), true}, {"/dev/zero", true}}
}

// HeadLines refuses what ReadHead refuses and reads what it reads.
func TestHeadLinesRefusesWhatReadHeadRefuses(t *testing.T) {
	for _, c := range refusalCases(t) {
		var got bytes.Buffer
		_, _, headErr := ReadHead(c.path, 100)
		_, err := HeadLines(c.path, 100, func(line []byte) bool { got.Write(line); return true })
		if (err != nil) != c.refused || (headErr != nil) != c.refused || (got.Len() > 0) == c.refused {
			t.Errorf("%s: HeadLines %v with %q read, ReadHead %v: want refused %v", c.path, err, got.String(), headErr, c.refused)
		}
	}
}
