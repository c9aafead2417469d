package fsx

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"slices"
)

// ReadTail reads at most n bytes from the end of path (the last lines
// of a log an agent appends to) and returns them with the file's size,
// through the one reader's checks (a regular file, never blocking).
func ReadTail(path string, n int) ([]byte, int64, error) {
	f, st, err := openTail(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	size := st.Size()
	start := max(size-int64(max(n, 0)), 0)
	buf := make([]byte, size-start)
	got, err := f.ReadAt(buf, start)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, 0, wrapError(err, &english.Reading, path, err)
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
	f, st, err := openTail(path)
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
			return wrapError(err, &english.Reading, path, err)
		}
		skip = before[0] != '\n'
	}
	buf := make([]byte, 0, lineBlock)
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
			return wrapError(err, &english.Reading, path, err)
		}
		if got == 0 {
			break // the file shrank: what was read is all there is
		}
		buf, _ = wholeLines(buf, func(line []byte) bool {
			if !skip {
				fn(line)
			}
			skip = false
			return true
		})
	}
	if len(buf) > 0 && !skip {
		fn(buf)
	}
	return nil
}

// openTail opens path as ReadTail does: looked at before it is opened
// (a regular file, or nothing is opened), then opened without waiting.
func openTail(path string) (*os.File, fs.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if err := regular(path, st, stateFile); err != nil {
		return nil, nil, err
	}
	return openFile(path, os.O_RDONLY, 0, stateFile)
}

// lineBlock is how much HeadLines and TailLines read at a time.
const lineBlock = 64 << 10

// wholeLines calls fn with each whole line of buf, without its newline,
// until fn returns false (stopped). It returns buf holding only what
// follows the last newline, moved to its start, for the next block.
func wholeLines(buf []byte, fn func(line []byte) bool) (rest []byte, stopped bool) {
	rest = buf
	for {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			return buf[:copy(buf, rest)], false
		}
		if !fn(rest[:i]) {
			return buf, true
		}
		rest = rest[i+1:]
	}
}
