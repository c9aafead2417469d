package fsx

import (
	"io/fs"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/pickup-dev/pickup/internal/quickline"
)

// Seen is what one look at a path saw (internal/quickline, which the
// statusline's early answer reads before this package is initialised).
type Seen = quickline.Seen

// SeenOf stats path (following links, as Open does).
func SeenOf(path string) Seen { return quickline.SeenOf(path) }

// reads, while a TrackReads is under way, stamps every path Open and
// OpenDir were asked for.
var reads atomic.Pointer[readLog]

type readLog struct {
	mu   sync.Mutex
	seen map[string]Seen
}

// TrackReads starts noting every file opened through Open (ReadFile,
// ReadHead) and every folder opened through OpenDir, as it was when
// opened (a file asked for and not there too); stop ends it and returns
// the stamps, sorted by path. One tracking at a time: a second start
// replaces the first.
func TrackReads() (stop func() []Seen) {
	l := &readLog{seen: map[string]Seen{}}
	reads.Store(l)
	return func() []Seen {
		reads.CompareAndSwap(l, nil)
		l.mu.Lock()
		defer l.mu.Unlock()
		out := make([]Seen, 0, len(l.seen))
		for _, s := range l.seen {
			out = append(out, s)
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
		return out
	}
}

// noteRead records path's stamp (st nil: not there) for TrackReads.
func noteRead(path string, st fs.FileInfo) {
	l := reads.Load()
	if l == nil {
		return
	}
	s := Seen{Path: path, Size: -1}
	if st != nil {
		s = quickline.Stamp(path, st)
	}
	l.mu.Lock()
	if _, ok := l.seen[path]; !ok { // the first look is what the answer was built on
		l.seen[path] = s
	}
	l.mu.Unlock()
}
