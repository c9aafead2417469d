package crucible

import (
	"bytes"
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
//
// The names are kept end to end in one string, in order, with where each
// ends: a dispatch directory holds a hundred thousand names and more,
// and a string header per name (16 bytes) would cost about what the
// names do.
type dirListing struct {
	all  string   // the names, sorted, end to end
	ends []uint32 // where each name ends in all
	// odd holds the type of each entry that is not a regular file (a
	// link, a pipe…); every other name is a regular file.
	odd map[string]fs.FileMode
	err error // the directory could not be listed
}

// rawNames are a directory's names as readNames reads them, in the
// directory's order: end to end in blob, each ending at its ends, and
// the types of the entries that are not regular files, by position.
type rawNames struct {
	blob []byte
	ends []uint32
	odd  []oddName
}

type oddName struct {
	i   int // position in rawNames.ends
	typ fs.FileMode
}

func (r *rawNames) name(i int) []byte {
	start := uint32(0)
	if i > 0 {
		start = r.ends[i-1]
	}
	return r.blob[start:r.ends[i]]
}

// add appends a name (readNames checks it fits in 32-bit offsets).
func (r *rawNames) add(name string, typ fs.FileMode) {
	if !typ.IsRegular() {
		r.odd = append(r.odd, oddName{len(r.ends), typ})
	}
	r.blob = append(r.blob, name...)
	r.ends = append(r.ends, uint32(len(r.blob)))
}

// sorted is the listing of r's names: copied in order into one string of
// their exact length (the names read are dropped).
func (r *rawNames) sorted() *dirListing {
	order := make([]uint32, len(r.ends))
	for i := range order {
		order[i] = uint32(i)
	}
	slices.SortFunc(order, func(a, b uint32) int { return bytes.Compare(r.name(int(a)), r.name(int(b))) })
	var all strings.Builder
	all.Grow(len(r.blob))
	l := &dirListing{ends: make([]uint32, len(order))}
	for k, i := range order {
		all.Write(r.name(int(i)))
		l.ends[k] = uint32(all.Len())
	}
	l.all = all.String()
	for _, o := range r.odd {
		if l.odd == nil {
			l.odd = map[string]fs.FileMode{}
		}
		if k := l.search(string(r.name(o.i))); k < l.len() {
			l.odd[l.name(k)] = o.typ
		}
	}
	return l
}

// len is the number of names.
func (l *dirListing) len() int { return len(l.ends) }

// name is name i, in order: a piece of the listing's string.
func (l *dirListing) name(i int) string {
	start := uint32(0)
	if i > 0 {
		start = l.ends[i-1]
	}
	return l.all[start:l.ends[i]]
}

// search is the position of the first name not before name.
func (l *dirListing) search(name string) int {
	return sort.Search(len(l.ends), func(i int) bool { return l.name(i) >= name })
}

// find returns name's type and whether the listing holds it.
func (l *dirListing) find(name string) (fs.FileMode, bool) {
	if i := l.search(name); i == l.len() || l.name(i) != name {
		return 0, false
	}
	return l.odd[name], true // 0 for a regular file
}

func (l *dirListing) has(name string) bool {
	_, ok := l.find(name)
	return ok
}

// prefixed is the run of names starting with prefix: names i to j-1.
func (l *dirListing) prefixed(prefix string) (i, j int) {
	i = l.search(prefix)
	j = i
	for j < l.len() && strings.HasPrefix(l.name(j), prefix) {
		j++
	}
	return i, j
}

// listDir lists dir (see readNames); a listing that failed holds nothing
// and says why in err.
func listDir(dir string) *dirListing {
	// os.ReadDir would sort the entries through their interface, and
	// make an object per entry; readNames gives the names alone, sorted
	// here directly, which is several times faster for a directory of a
	// hundred thousand dispatch files.
	r, err := readNames(dir)
	if err != nil {
		return &dirListing{err: err}
	}
	return r.sorted()
}

// dirCache lists each dispatch directory once per load: verification and
// the artifact list both look up tens of thousands of names in it.
type dirCache map[string]*dirListing

func (c dirCache) listed(dir string) *dirListing {
	if l, ok := c[dir]; ok {
		return l
	}
	l := listDir(dir)
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
