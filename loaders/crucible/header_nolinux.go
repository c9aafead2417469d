//go:build !linux

package crucible

import (
	"errors"
	"io/fs"
	"path/filepath"
)

// dirReader reads dispatch file headers by name in a list of folders.
type dirReader struct{ dirs []string }

func newDirReader(dirs []string) *dirReader { return &dirReader{dirs} }

func (r *dirReader) close() {}

// header reads the header time of the first file called name in the
// folders, in order; ok is false when no folder has one that opens.
func (r *dirReader) header(name string, buf []byte) (dir int, hs headerStart, ok bool) {
	for i, d := range r.dirs {
		n, err := readHead(filepath.Join(d, name), buf)
		if n == 0 && err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return 0, headerStart{}, false // left to readStarts
		}
		hs = newHeaderStart(headerTimeIn(buf[:n]))
		return i, hs, true
	}
	return 0, headerStart{}, false
}
