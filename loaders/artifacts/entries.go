package artifacts

import (
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// Listing is what a folder holds: its entries' names, sorted (a folder's
// with a final "/"), at most the limit asked for, and how many there are.
type Listing struct {
	Names []string
	Total int
}

// maxEntries is how many entries Entries reads at most; a bigger folder
// is counted that far.
const maxEntries = 10000

// Entries lists a folder artifact after the same checks as Path (inside
// the session's roots, no symlink loop), through fsx.OpenDir. A missing
// path or one that is not a folder is an error wrapping ErrNotFile.
func Entries(s *model.Session, a model.Artifact, limit int) (Listing, error) {
	r, err := Resolve(Roots(s), Locate(s, a.Path))
	if err != nil {
		return Listing{}, err
	}
	if r.Refused != "" {
		return Listing{}, &RefusedError{Path: a.Path, Reason: r.Refused}
	}
	if r.Info == nil || !r.Info.IsDir() {
		return Listing{}, fmt.Errorf("%s: not a folder: %w", a.Path, ErrNotFile)
	}
	f, err := fsx.OpenDir(r.Real)
	if err != nil {
		return Listing{}, err
	}
	defer f.Close()
	var names []string
	for len(names) < maxEntries {
		ents, err := f.ReadDir(256)
		for _, e := range ents {
			n := e.Name()
			if e.IsDir() {
				n += "/"
			}
			names = append(names, n)
		}
		if errors.Is(err, io.EOF) || len(ents) == 0 {
			break
		}
		if err != nil {
			return Listing{}, err
		}
	}
	sort.Strings(names)
	l := Listing{Total: len(names)}
	l.Names = names[:min(len(names), max(limit, 0))]
	return l, nil
}
