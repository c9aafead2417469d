package fsx

import (
	"errors"
	"fmt"
	"io"
	"os"
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
