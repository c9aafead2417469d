package crucible

import (
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// dirListing is a dispatch directory's entries other than folders,
// sorted by name (as os.ReadDir gives them), with their types. Names are
// found by binary search, and the names starting with "<seq>-" are one
// run of the sorted list, so finding a dispatch's output files does not
// scan the whole listing for each dispatch.
type dirListing struct {
	names []string
	// odd holds the type of each entry that is not a regular file (a
	// link, a pipe…); every other name is a regular file.
	odd map[string]fs.FileMode
	err error // the directory could not be listed
}

// find returns name's type and whether the listing holds it.
func (l *dirListing) find(name string) (fs.FileMode, bool) {
	if i := sort.SearchStrings(l.names, name); i == len(l.names) || l.names[i] != name {
		return 0, false
	}
	return l.odd[name], true // 0 for a regular file
}

func (l *dirListing) has(name string) bool {
	_, ok := l.find(name)
	return ok
}

// prefixed lists the names starting with prefix, in order.
func (l *dirListing) prefixed(prefix string) []string {
	i := sort.SearchStrings(l.names, prefix)
	j := i
	for j < len(l.names) && strings.HasPrefix(l.names[j], prefix) {
		j++
	}
	return l.names[i:j]
}

// dirCache lists each dispatch directory once per load: verification and
// the artifact list both look up tens of thousands of names in it.
type dirCache map[string]*dirListing

func (c dirCache) listed(dir string) *dirListing {
	if l, ok := c[dir]; ok {
		return l
	}
	// os.ReadDir would sort the entries through their interface, and
	// make an object per entry; readNames gives the names alone, sorted
	// here directly, which is several times faster for a directory of a
	// hundred thousand dispatch files.
	l := &dirListing{}
	var err error
	l.names, l.odd, err = readNames(dir)
	l.err = err // as before: a listing that failed holds nothing
	slices.Sort(l.names)
	c[dir] = l
	return l
}

func (ev *evidence) listed(dir string) *dirListing {
	if ev.listing == nil {
		ev.listing = dirCache{}
	}
	return ev.listing.listed(dir)
}

// dispatchFile finds the entry's dispatch file in the dispatch dirs.
func (ev *evidence) dispatchFile(e *Entry) string {
	if d := ev.dispatchDir(e); d >= 0 {
		return filepath.Join(ev.dirs[d], e.File())
	}
	return ""
}

// dispatchDir is the index in ev.dirs of the first dispatch dir holding
// the entry's dispatch file, -1 when none does.
func (ev *evidence) dispatchDir(e *Entry) int {
	f := e.File()
	if f == "" || strings.ContainsAny(f, `/\`) {
		return -1
	}
	for i, d := range ev.dirs {
		if ev.listed(d).has(f) {
			return i
		}
	}
	return -1
}
