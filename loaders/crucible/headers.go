package crucible

import (
	"strings"
	"sync"
)

// headerAhead reads implementers' dispatch file headers while the
// manifest is still being parsed. Verification needs the start time in
// the header of every completed implementer before the resume point (a
// large pipeline has thousands: 15,748 files in the 200,000-line
// benchmark), and the resume point is known only once the whole manifest
// is read; but which files may be needed is known line by line: a
// completion line of an implementer role with no start time of its own.
// The parse hands those file names over (saw) and a few goroutines read
// them beside it. A read is only a guess made early: readStarts takes a
// result when the file it would read itself (the first dispatch folder
// whose listing has the name) is the one read here, and reads anything
// else as before, so the answers are the same either way.
type headerAhead struct {
	dirs []string
	work chan []string
	wg   sync.WaitGroup
	// batch gathers names before they are handed over, a few hundred at
	// a time.
	batch []string
	kinds map[string]bool // role -> verified by commits
	// found holds what each reader read, a batch at a time, put in one
	// map by results.
	found [][][]aheadRead
}

// aheadStart is a header read ahead: the folder it was read in (an
// index in dirs) and its time.
type aheadStart struct {
	dir int
	hs  headerStart
}

// aheadRead is a header read ahead, with the file's name.
type aheadRead struct {
	name string
	aheadStart
}

// aheadReaders is how many goroutines read headers beside the parse; the
// reads are system calls, cheap to spread.
const aheadReaders = 2

// aheadBatch is how many names are handed over at once.
const aheadBatch = 256

func newHeaderAhead(dirs []string) *headerAhead {
	h := &headerAhead{dirs: dirs, work: make(chan []string, 64), kinds: map[string]bool{}}
	h.found = make([][][]aheadRead, aheadReaders)
	work := h.work // done sets h.work to nil once it is closed
	for w := range aheadReaders {
		h.wg.Add(1)
		go func() {
			defer h.wg.Done()
			r := newDirReader(dirs)
			defer r.close()
			buf := make([]byte, headerBytes)
			for names := range work {
				got := make([]aheadRead, 0, len(names))
				for _, name := range names {
					if dir, hs, ok := r.header(name, buf); ok {
						got = append(got, aheadRead{name, aheadStart{dir, hs}})
					}
				}
				h.found[w] = append(h.found[w], got)
			}
		}()
	}
	return h
}

// saw is called by the parse for each line's entry, on the parse's
// goroutine; e is not kept.
func (h *headerAhead) saw(e *Entry) {
	if e.Status != StatusCompleted || e.File == "" || strings.ContainsAny(e.File, `/\`) {
		return
	}
	commit, ok := h.kinds[e.Role]
	if !ok {
		commit = RoleKind(e.Role) == KindCommit
		if len(h.kinds) < 1024 {
			h.kinds[e.Role] = commit
		}
	}
	if !commit {
		return
	}
	if _, ok := parseTime(e.Timestamp()); ok {
		return // its line says when it started
	}
	if h.batch == nil {
		h.batch = make([]string, 0, aheadBatch)
	}
	h.batch = append(h.batch, e.File)
	if len(h.batch) == aheadBatch {
		h.work <- h.batch
		h.batch = nil
	}
}

// done says the parse is over (or failed): the last names are handed
// over and the readers stop when they are read. It may be called more
// than once.
func (h *headerAhead) done() {
	if h.work == nil {
		return
	}
	if len(h.batch) > 0 {
		h.work <- h.batch
		h.batch = nil
	}
	close(h.work)
	h.work = nil
}

// results waits for the readers and gives what they read, by name.
func (h *headerAhead) results() map[string]aheadStart {
	h.done()
	h.wg.Wait()
	n := 0
	for _, f := range h.found {
		for _, b := range f {
			n += len(b)
		}
	}
	all := make(map[string]aheadStart, n)
	for _, f := range h.found {
		for _, b := range f {
			for _, r := range b {
				all[r.name] = r.aheadStart
			}
		}
	}
	h.found = nil
	return all
}
