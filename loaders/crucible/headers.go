package crucible

import (
	"bytes"
	"cmp"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/pickup-dev/pickup/internal/lazyre"
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
	work chan []aheadRead
	wg   sync.WaitGroup
	// batch gathers names before they are handed over, a few hundred at
	// a time.
	batch []aheadRead
	kinds map[string]bool // role -> verified by commits
	// found holds what each reader read, a batch at a time, put in one
	// list by results.
	found [][][]aheadRead
}

// aheadRead is a header to read ahead, then read: the dispatch's seq
// and its file's name (for the usual "<seq>-<template>", the template
// alone: a piece of the entry's tag, so that handing a name over makes
// no string), and once read the folder it was read in (an index in
// dirs) and its time.
type aheadRead struct {
	name  string
	seq   int
	hs    headerStart
	dir   int32
	usual bool
}

// file is the file's name, written in buf when it is the usual one.
func (a *aheadRead) file(buf []byte) string {
	if !a.usual {
		return a.name
	}
	b := strconv.AppendInt(buf[:0], int64(a.seq), 10)
	b = append(b, '-')
	b = append(b, a.name...)
	return unsafe.String(&b[0], len(b))
}

// is says whether the read is of e's file.
func (a *aheadRead) is(e *Entry) bool {
	if a.usual {
		return e.Seq == a.seq && e.fileHow == fileUsual && e.tag.tmpl == a.name
	}
	return e.fileIs(a.name)
}

// aheadReaders is how many goroutines read headers beside the parse; the
// reads are system calls, cheap to spread.
const aheadReaders = 2

// aheadBatch is how many names are handed over at once.
const aheadBatch = 256

func newHeaderAhead(dirs []string) *headerAhead {
	h := &headerAhead{dirs: dirs, work: make(chan []aheadRead, 64), kinds: map[string]bool{}}
	h.found = make([][][]aheadRead, aheadReaders)
	work := h.work // done sets h.work to nil once it is closed
	for w := range aheadReaders {
		h.wg.Add(1)
		go func() {
			defer h.wg.Done()
			r := newDirReader(dirs)
			defer r.close()
			buf := make([]byte, headerBytes)
			var name [64]byte
			for reads := range work {
				got := reads[:0] // the batch is the reader's now
				for _, a := range reads {
					if dir, hs, ok := r.header(a.file(name[:]), buf); ok {
						a.dir, a.hs = int32(dir), hs
						got = append(got, a)
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
	if e.Status() != StatusCompleted || !e.HasFile() {
		return
	}
	commit, ok := h.kinds[e.Role()]
	if !ok {
		commit = RoleKind(e.Role()) == KindCommit
		if len(h.kinds) < 1024 {
			h.kinds[e.Role()] = commit
		}
	}
	if !commit {
		return
	}
	if _, ok := parseTime(e.Timestamp()); ok {
		return // its line says when it started
	}
	a := aheadRead{seq: e.Seq}
	if e.fileHow == fileUsual && e.Seq >= 0 {
		a.name, a.usual = e.tag.tmpl, true
	} else {
		a.name = e.File()
	}
	if strings.ContainsAny(a.name, `/\`) {
		return
	}
	if h.batch == nil {
		h.batch = make([]aheadRead, 0, aheadBatch)
	}
	h.batch = append(h.batch, a)
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

// results waits for the readers and gives what they read, by seq (a
// seq's reads in the order they were handed over by each reader).
func (h *headerAhead) results() []aheadRead {
	h.done()
	h.wg.Wait()
	n := 0
	for _, f := range h.found {
		for _, b := range f {
			n += len(b)
		}
	}
	all := make([]aheadRead, 0, n)
	for _, f := range h.found {
		for _, b := range f {
			all = append(all, b...)
		}
	}
	h.found = nil
	slices.SortStableFunc(all, func(a, b aheadRead) int { return cmp.Compare(a.seq, b.seq) })
	return all
}

var headerStamp = lazyre.New(`\*\*Timestamp:\*\*\s*(\S[^\n|]*)`)

// headerPhaseRe reads the phase of "**Pipeline:** build | **Phase:** 3 |
// **Task:** 1", the audit header's second line.
var headerPhaseRe = lazyre.New(`\*\*Phase:\*\*[ \t]*([^|\r\n]*)`)

// Start is when the dispatch began: a timestamp on its manifest line, or
// the **Timestamp:** of its dispatch file's audit header; the source says
// which.
func (ev *evidence) Start(e *Entry) (time.Time, string, bool) {
	t, line, ok := ev.startOf(e)
	switch {
	case !ok:
		return t, "", false
	case line:
		return t, "its manifest line", true
	}
	return t, e.File(), true
}

// startOf is Start without its source: whether the time is the line's.
func (ev *evidence) startOf(e *Entry) (t time.Time, line, ok bool) {
	if t, ok := parseTime(e.Timestamp()); ok {
		return t, true, true
	}
	if h, ok := ev.starts.at(e.Seq); ok {
		return h.time(), false, h.ok
	}
	f := ev.dispatchFile(e)
	if f == "" {
		return time.Time{}, false, false
	}
	if ev.header == nil {
		ev.header = make([]byte, headerBytes)
	}
	t, ok = headerTime(f, ev.header)
	return t, false, ok
}

// headerBytes is how much of a dispatch file holds its audit header.
const headerBytes = 2048

// headerTime reads the **Timestamp:** of a dispatch file's audit header
// into buf.
func headerTime(path string, buf []byte) (time.Time, bool) {
	n, err := readHead(path, buf)
	if n == 0 && err != nil {
		return time.Time{}, false
	}
	return headerTimeIn(buf[:n])
}

// headerTimeIn is the **Timestamp:** in a dispatch file's first bytes.
func headerTimeIn(head []byte) (time.Time, bool) {
	if m := headerStamp.FindSubmatch(head); m != nil {
		return parseTime(strings.TrimSpace(string(m[1])))
	}
	return time.Time{}, false
}

// headerPhaseIn is the **Phase:** in a dispatch file's first bytes, ""
// when the header has none (or says null, none, -).
func headerPhaseIn(head []byte) string {
	// The header is the file's first lines: the phase is on the second.
	if i := bytes.Index(head, []byte("\n---")); i >= 0 {
		head = head[:i]
	}
	m := headerPhaseRe.FindSubmatch(head)
	if m == nil {
		return ""
	}
	ph := strings.Trim(strings.TrimSpace(string(m[1])), "*`")
	switch strings.ToLower(ph) {
	case "null", "none", "-", "n/a", "":
		return ""
	}
	return ph
}

// readStarts reads, several files at a time, the dispatch file headers
// Start will need for es (those without a timestamp on their line). A
// pipeline has thousands of implementer dispatches, each with its own
// file; reading them one after another is most of a large load.
func (ev *evidence) readStarts(es []*Entry) {
	var todo []*Entry
	ev.starts = slices.Grow(ev.starts, len(es))
	for _, e := range es {
		if _, ok := parseTime(e.Timestamp()); ok {
			continue
		}
		if _, ok := ev.starts.at(e.Seq); ok {
			continue
		}
		d := ev.dispatchDir(e)
		if d < 0 {
			continue
		}
		if a := ev.aheadOf(e); a != nil && int(a.dir) == d {
			ev.starts.add(e.Seq, a.hs)
			continue
		}
		todo = append(todo, e)
	}
	ev.ahead = nil // taken: readStarts is called once per plan
	ev.starts.sort()
	ev.readHeaders(todo, nil)
}

// aheadOf is the header read ahead of e's file, nil when none was.
func (ev *evidence) aheadOf(e *Entry) *aheadRead {
	i, _ := slices.BinarySearchFunc(ev.ahead, e.Seq, func(a aheadRead, seq int) int { return cmp.Compare(a.seq, seq) })
	var found *aheadRead
	for ; i < len(ev.ahead) && ev.ahead[i].seq == e.Seq; i++ {
		if ev.ahead[i].is(e) {
			found = &ev.ahead[i] // the last read, as a map by name kept it
		}
	}
	return found
}

// seqStarts are dispatch file header times by seq: a list sorted by seq
// (24 bytes a dispatch, where a map from the entry took about 80).
type seqStarts []seqStart

type seqStart struct {
	seq int
	hs  headerStart
}

// at is seq's header time; ok is false when it was not read.
func (s seqStarts) at(seq int) (headerStart, bool) {
	i, ok := slices.BinarySearchFunc(s, seq, func(x seqStart, seq int) int { return cmp.Compare(x.seq, seq) })
	if !ok {
		return headerStart{}, false
	}
	return s[i].hs, true
}

// add records seq's header time; sort puts the list in order again.
func (s *seqStarts) add(seq int, hs headerStart) { *s = append(*s, seqStart{seq, hs}) }

func (s seqStarts) sort() {
	slices.SortStableFunc(s, func(a, b seqStart) int { return cmp.Compare(a.seq, b.seq) })
}

// readHeaders reads the audit headers of es' dispatch files (each in the
// first dispatch directory holding it), several at a time, into
// headerStarts; with phases not nil, each header's phase into it too.
func (ev *evidence) readHeaders(es []*Entry, phases map[*Entry]string) {
	type job struct {
		e    *Entry
		path string
	}
	var jobs []job
	for _, e := range es {
		if d := ev.dispatchDir(e); d >= 0 {
			jobs = append(jobs, job{e, filepath.Join(ev.dirs[d], e.File())})
		}
	}
	if len(jobs) == 0 {
		return
	}
	heads := make([]headerStart, len(jobs))
	var phs []string
	if phases != nil {
		phs = make([]string, len(jobs))
	}
	workers := min(max(2*runtime.GOMAXPROCS(0), 2), 8, len(jobs))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, headerBytes)
			for i := w; i < len(jobs); i += workers {
				n, err := readHead(jobs[i].path, buf)
				if n == 0 && err != nil {
					continue
				}
				heads[i] = newHeaderStart(headerTimeIn(buf[:n]))
				if phs != nil {
					phs[i] = headerPhaseIn(buf[:n])
				}
			}
		}()
	}
	wg.Wait()
	ev.starts = slices.Grow(ev.starts, len(jobs))
	for i, j := range jobs {
		ev.starts.add(j.e.Seq, heads[i])
		if phs != nil && phs[i] != "" {
			phases[j.e] = phs[i]
		}
	}
	ev.starts.sort()
}

// headerPhases gives the manifest's null-phase dispatches the phase of
// their dispatch file headers: a key the manifest uses, or one shaped as
// a phase ("3", "3.2", "Phase 4"); anything else is not taken.
func (ev *evidence) headerPhases(m *Manifest) {
	if m.NullPhases == 0 {
		return
	}
	var es []*Entry
	known := map[string]bool{}
	for _, s := range m.Seqs {
		e := m.BySeq(s)
		if e.HasPhase {
			known[e.Phase()] = true
		} else if e.HasFile() {
			es = append(es, e)
		}
	}
	phases := map[*Entry]string{}
	ev.readHeaders(es, phases)
	m.SetHeaderPhases(func(e *Entry) string {
		ph := phases[e]
		if _, num := phaseNum(ph); num || known[ph] || waveKey.MatchString(ph) {
			return ph
		}
		return ""
	})
}

// headerStart is a dispatch file header's time, ok false when it has
// none that reads. It is kept as an instant (seconds and nanoseconds,
// 16 bytes where a time.Time and a flag take 32): thousands are held
// through verification (ev.headerStarts), and what reads them compares
// instants or says them in UTC (clock), so the zone the header was
// written in is not needed.
type headerStart struct {
	sec  int64
	nsec int32
	ok   bool
}

func newHeaderStart(t time.Time, ok bool) headerStart {
	if !ok {
		return headerStart{}
	}
	return headerStart{sec: t.Unix(), nsec: int32(t.Nanosecond()), ok: true}
}

// time is the header's time, in UTC (the zero time when !ok).
func (h headerStart) time() time.Time {
	if !h.ok {
		return time.Time{}
	}
	return time.Unix(h.sec, int64(h.nsec)).UTC()
}
