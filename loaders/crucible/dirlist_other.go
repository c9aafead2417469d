//go:build !linux

package crucible

import (
	"io/fs"
	"syscall"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// readNames lists dir's entries other than folders: their names, and
// the type of each that is not a regular file.
func readNames(dir string) (*rawNames, error) {
	f, err := fsx.OpenDir(dir)
	if err != nil {
		return nil, err
	}
	ents, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return nil, err
	}
	r := &rawNames{}
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		if len(r.blob)+len(e.Name()) > 1<<32-1 {
			return nil, &fs.PathError{Op: "readdir", Path: dir, Err: syscall.EFBIG}
		}
		r.add(e.Name(), e.Type())
	}
	return r, nil
}
