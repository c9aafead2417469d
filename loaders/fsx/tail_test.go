package fsx

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// tailLinesPlain is TailLines' answer the plain way: the whole tail
// read at once and split.
func tailLinesPlain(data []byte, n int) []string {
	start := max(len(data)-n, 0)
	tail := data[start:]
	lines := strings.Split(string(tail), "\n")
	if start > 0 && data[start-1] != '\n' {
		lines = lines[1:]
	}
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// TailLines gives the lines of a file's tail that reading it whole and
// splitting gives: a tail starting inside a line, on a line's start,
// just after a newline, lines longer than a block, a last line without
// a newline, an empty file, a tail longer than the file.
func TestTailLinesAreTheTailsLines(t *testing.T) {
	for path, content := range lineFiles(t) {
		name := filepath.Base(path)
		sizes := []int{0, 1, 2, 5, 17, 18, 100, lineBlock - 1, lineBlock, lineBlock + 1, len(content) - 1, len(content), len(content) + 10, 4 << 20}
		for _, n := range sizes {
			if n < 0 {
				continue
			}
			var got []string
			if err := TailLines(path, n, func(line []byte) { got = append(got, string(line)) }); err != nil {
				t.Fatalf("%s, n=%d: %v", name, n, err)
			}
			want := tailLinesPlain([]byte(content), n)
			if !slices.Equal(got, want) {
				t.Errorf("%s, last %d bytes: %d lines (first %.40q), reading whole gives %d (first %.40q)", name, n, len(got), first(got), len(want), first(want))
			}
		}
	}
}

func first(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return lines[0]
}

// TailLines refuses what ReadTail refuses (a folder, a named pipe,
// never waited on, a missing file) and reads what it reads (a link to
// a regular file).
func TestTailLinesRefusesWhatReadTailRefuses(t *testing.T) {
	for _, c := range refusalCases(t) {
		var got bytes.Buffer
		_, _, tailErr := ReadTail(c.path, 100)
		err := TailLines(c.path, 100, func(line []byte) { got.Write(line) })
		if (err != nil) != c.refused || (tailErr != nil) != c.refused || (got.Len() > 0) == c.refused {
			t.Errorf("%s: TailLines %v with %q read, ReadTail %v: want refused %v", c.path, err, got.String(), tailErr, c.refused)
		}
	}
}
