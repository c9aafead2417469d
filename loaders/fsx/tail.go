package fsx

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
)

// ReadTail reads at most n bytes from the end of path (the last lines
// of a log an agent appends to) and returns them with the file's size,
// through the one reader's checks (a regular file, never blocking).
func ReadTail(path string, n int) ([]byte, int64, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, 0, err
	}
	if err := regular(path, st, stateFile); err != nil {
		return nil, 0, err
	}
	f, st, err := openFile(path, os.O_RDONLY, 0, stateFile)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	size := st.Size()
	start := max(size-int64(max(n, 0)), 0)
	buf := make([]byte, size-start)
	got, err := f.ReadAt(buf, start)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, 0, fmt.Errorf("%s: reading: %w", path, err)
	}
	return buf[:got], size, nil
}

// TailLines calls fn with each whole line of the last n bytes of path,
// without its newline (a first line the tail starts inside of is
// skipped, a last one without a newline given), through ReadTail's
// checks. The file is read a block at a time into one buffer, so a
// large file costs no more memory than its longest line: line is only
// valid during the call.
func TailLines(path string, n int, fn func(line []byte)) error {
	st, err := os.Stat(path)
	if err != nil {
		return err
	}
	if err := regular(path, st, stateFile); err != nil {
		return err
	}
	f, st, err := openFile(path, os.O_RDONLY, 0, stateFile)
	if err != nil {
		return err
	}
	defer f.Close()
	start := max(st.Size()-int64(max(n, 0)), 0)
	left := st.Size() - start
	skip := start > 0 // inside a line, unless the byte before is a newline
	if skip {
		var before [1]byte
		if _, err := f.ReadAt(before[:], start-1); err != nil {
			return fmt.Errorf("%s: reading: %w", path, err)
		}
		skip = before[0] != '\n'
	}
	buf := make([]byte, 0, tailBlock)
	off := start
	for left > 0 {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, len(buf)) // a line longer than a block
		}
		room := buf[len(buf):cap(buf)]
		if int64(len(room)) > left {
			room = room[:left]
		}
		got, err := f.ReadAt(room, off)
		off += int64(got)
		left -= int64(got)
		buf = buf[:len(buf)+got]
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("%s: reading: %w", path, err)
		}
		if got == 0 {
			break // the file shrank: what was read is all there is
		}
		rest := buf
		for {
			i := bytes.IndexByte(rest, '\n')
			if i < 0 {
				break
			}
			if !skip {
				fn(rest[:i])
			}
			skip = false
			rest = rest[i+1:]
		}
		buf = buf[:copy(buf, rest)]
	}
	if len(buf) > 0 && !skip {
		fn(buf)
	}
	return nil
}

// tailBlock is how much TailLines reads at a time.
const tailBlock = 64 << 10
