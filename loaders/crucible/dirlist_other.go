//go:build !linux

package crucible

import (
	"io/fs"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// readNames lists dir's entries other than folders: their names, and
// the type of each that is not a regular file.
func readNames(dir string) ([]string, map[string]fs.FileMode, error) {
	f, err := fsx.OpenDir(dir)
	if err != nil {
		return nil, nil, err
	}
	ents, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return nil, nil, err
	}
	names := make([]string, 0, len(ents))
	var odd map[string]fs.FileMode
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		names = append(names, e.Name())
		if t := e.Type(); !t.IsRegular() {
			if odd == nil {
				odd = map[string]fs.FileMode{}
			}
			odd[e.Name()] = t
		}
	}
	return names, odd, nil
}
