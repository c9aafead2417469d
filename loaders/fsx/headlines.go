package fsx

import (
	"errors"
	"io"
	"slices"
	"sync"
)

// HeadLines calls fn with each whole line of the first n bytes of path,
// without its newline, until fn returns false, through Open's checks: the
// lines ReadHead's bytes hold, a last line they end inside of not given
// (a last line without a newline is given when the file ends there, an
// empty one after a last newline is not). The file is read a block at a
// time into one buffer, only as far as fn asks, so a file whose first
// lines are all that is wanted costs those lines, not n bytes; the buffer
// grows only for a line longer than a block. line is only valid during
// the call. size is the file's size, as ReadHead gives it.
func HeadLines(path string, n int, fn func(line []byte) bool) (size int64, err error) {
	f, err := Open(path, int64(max(n, 0)))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	// As ReadHead: at most n bytes, and no more than a little over the
	// size the file said it had when opened.
	f.r.N = min(f.r.N, f.Info.Size()+512)
	block := blocks.Get().(*[]byte)
	defer blocks.Put(block)
	buf := (*block)[:0:min(int64(lineBlock), f.r.N)]
	var got int64
	for {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, len(buf)) // a line longer than a block
		}
		k, err := f.Read(buf[len(buf):cap(buf)])
		got += int64(k)
		buf = buf[:len(buf)+k]
		end := errors.Is(err, io.EOF)
		if err != nil && !end {
			return 0, wrapError(err, &english.Reading, path, err)
		}
		var stopped bool
		if buf, stopped = wholeLines(buf, fn); stopped {
			return max(f.Info.Size(), got), nil
		}
		if end {
			break
		}
	}
	size = max(f.Info.Size(), got)
	if len(buf) > 0 && got >= size {
		fn(buf) // the file's last line, without a newline
	}
	return size, nil
}

// blocks keeps HeadLines' block between calls: a caller reading the
// first lines of hundreds of files allocates it once, not per file (a
// block grown for a long line is not kept).
var blocks = sync.Pool{New: func() any { b := make([]byte, lineBlock); return &b }}
