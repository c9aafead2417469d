package crucible

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Verification kinds, by role (the spec's step 3).
const (
	KindCommit  = "commit"  // implementers: a commit in the dispatch's time window
	KindOutput  = "output"  // reviewers, red-team: an output file exists
	KindNone    = "none"    // quality-gate rounds: conversation output only
	KindTrusted = "trusted" // other roles: no artifact rule; the completion line is the evidence
)

// RoleKind says how a role's completed dispatch is verified.
func RoleKind(role string) string {
	r := strings.ToLower(role)
	switch {
	case strings.Contains(r, "implement"):
		return KindCommit
	case strings.Contains(r, "quality-gate") || strings.Contains(r, "quality_gate") || strings.Contains(r, "qg-round"):
		return KindNone
	case strings.Contains(r, "review") || strings.Contains(r, "red-team") || strings.Contains(r, "redteam") ||
		strings.Contains(r, "red_team") || strings.Contains(r, "inquisitor"):
		return KindOutput
	}
	return KindTrusted
}

// Check is the verification of one dispatch.
type Check struct {
	Seq      int    `json:"seq"`
	Role     string `json:"role"`
	Phase    string `json:"phase"`
	Kind     string `json:"kind"`
	OK       bool   `json:"ok"`
	Evidence string `json:"evidence"`
}

// Commit windows: a dispatch's commits land between its start and its
// end; slack covers clocks and the commit that closes the dispatch.
const (
	windowBefore = time.Minute
	windowAfter  = 10 * time.Minute
	// noDuration is the window used when the manifest records no duration.
	noDuration = 2 * time.Hour
)

// evidence gathers what verification reads from disk, each thing once.
type evidence struct {
	dirs    []string // dispatch directories: live, scratch copy, /tmp
	listing dirCache
	git     *projectGit
	byTime  *timeIndex // the log by commit time, built on first use
	// byTask lists, per task number, the log positions of the commits
	// naming it (see mentioning).
	byTask    map[string][]int
	byTaskLen int
	start     time.Time // pipeline start, for task-pattern matching
	header    []byte    // a dispatch file's first bytes, reused
	// headerStarts are dispatch file header times read ahead by
	// readStarts (zero when the header has none).
	headerStarts map[*Entry]headerStart
	// ahead are the headers read while the manifest was parsed (see
	// headerAhead), by file name; readStarts takes them.
	ahead map[string]aheadStart
	// trusted holds the evidence text per role for roles with no
	// artifact rule: thousands of dispatches share a few roles.
	trusted map[string]string
	// kinds holds RoleKind per role, for the same reason.
	kinds map[string]string
}

// kind is RoleKind(role), worked out once per role.
func (ev *evidence) kind(role string) string {
	k, ok := ev.kinds[role]
	if !ok {
		k = RoleKind(role)
		if ev.kinds == nil {
			ev.kinds = map[string]string{}
		}
		if len(ev.kinds) < 1024 {
			ev.kinds[role] = k
		}
	}
	return k
}

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
		return filepath.Join(ev.dirs[d], e.File)
	}
	return ""
}

// dispatchDir is the index in ev.dirs of the first dispatch dir holding
// the entry's dispatch file, -1 when none does.
func (ev *evidence) dispatchDir(e *Entry) int {
	if e.File == "" || strings.ContainsAny(e.File, `/\`) {
		return -1
	}
	for i, d := range ev.dirs {
		if ev.listed(d).has(e.File) {
			return i
		}
	}
	return -1
}

var headerStamp = regexp.MustCompile(`\*\*Timestamp:\*\*\s*(\S[^\n|]*)`)

// Start is when the dispatch began: a timestamp on its manifest line, or
// the **Timestamp:** of its dispatch file's audit header.
func (ev *evidence) Start(e *Entry) (time.Time, string, bool) {
	if t, ok := parseTime(e.Timestamp()); ok {
		return t, "its manifest line", true
	}
	if h, ok := ev.headerStarts[e]; ok {
		if !h.ok {
			return time.Time{}, "", false
		}
		return h.t, e.File, true
	}
	f := ev.dispatchFile(e)
	if f == "" {
		return time.Time{}, "", false
	}
	if ev.header == nil {
		ev.header = make([]byte, headerBytes)
	}
	if t, ok := headerTime(f, ev.header); ok {
		return t, e.File, true
	}
	return time.Time{}, "", false
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

// readStarts reads, several files at a time, the dispatch file headers
// Start will need for es (those without a timestamp on their line). A
// pipeline has thousands of implementer dispatches, each with its own
// file; reading them one after another is most of a large load.
func (ev *evidence) readStarts(es []*Entry) {
	type job struct {
		e    *Entry
		path string
	}
	var jobs []job
	for _, e := range es {
		if _, ok := parseTime(e.Timestamp()); ok {
			continue
		}
		if _, ok := ev.headerStarts[e]; ok {
			continue
		}
		d := ev.dispatchDir(e)
		if d < 0 {
			continue
		}
		if a, ok := ev.ahead[e.File]; ok && a.dir == d {
			if ev.headerStarts == nil {
				ev.headerStarts = make(map[*Entry]headerStart, len(es))
			}
			ev.headerStarts[e] = a.hs
			continue
		}
		jobs = append(jobs, job{e, filepath.Join(ev.dirs[d], e.File)})
	}
	ev.ahead = nil // taken: readStarts is called once per plan
	if len(jobs) == 0 {
		return
	}
	times := make([]headerStart, len(jobs))
	workers := min(max(2*runtime.GOMAXPROCS(0), 2), 8, len(jobs))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]byte, headerBytes)
			for i := w; i < len(jobs); i += workers {
				times[i].t, times[i].ok = headerTime(jobs[i].path, buf)
			}
		}()
	}
	wg.Wait()
	if ev.headerStarts == nil {
		ev.headerStarts = make(map[*Entry]headerStart, len(jobs))
	}
	for i, j := range jobs {
		ev.headerStarts[j.e] = times[i]
	}
}

// headerStart is a dispatch file header's time, ok false when it has
// none that reads.
type headerStart struct {
	t  time.Time
	ok bool
}

// window is the dispatch's commit window.
func (ev *evidence) window(e *Entry) (from, to time.Time, ok bool) {
	start, _, ok := ev.Start(e)
	if !ok {
		return time.Time{}, time.Time{}, false
	}
	d := noDuration
	if e.HasDuration {
		d = time.Duration(e.Duration * float64(time.Second))
	}
	return start.Add(-windowBefore), start.Add(d + windowAfter), true
}

// commits returns the project commits attributed to a dispatch: in its
// time window, or, with no start time, since the pipeline start with the
// task number in the message. how says which rule applied.
func (ev *evidence) commits(e *Entry) (found []Commit, how string, err error) {
	log, err := ev.git.Log()
	if err != nil {
		return nil, "", err
	}
	if from, to, ok := ev.window(e); ok {
		if ev.byTime == nil || len(ev.byTime.log) != len(log) {
			ev.byTime = newTimeIndex(log)
		}
		return ev.byTime.within(from, to), "in its window " + clock(from) + "–" + clock(to), nil
	}
	if e.Task == "" {
		return nil, "", fmt.Errorf("no start time recorded (no timestamp on the line, no dispatch file header) and no task number to match commits against")
	}
	for _, c := range ev.mentioning(log, strings.TrimSpace(e.Task)) {
		if !ev.start.IsZero() && c.Time.Before(ev.start.Add(-windowBefore)) {
			continue
		}
		found = append(found, c)
	}
	return found, "mentioning task " + e.Task + " since the pipeline start (no start time recorded for the dispatch)", nil
}

// taskWord finds "task", then separators, then the digits that follow
// (maybe none), as the per-task pattern in mentioning reads them.
var taskWord = regexp.MustCompile(`(?i)\btask[\s#:_-]*(\d*)`)

// mentioning lists, in log order, the commits whose subject matches
// (?i)\btask[\s#:_-]*<task>\b. For a task number the answer comes from
// an index of the numbers each subject names, built once per log; any
// other task text is matched with its own pattern.
func (ev *evidence) mentioning(log []Commit, task string) []Commit {
	if !allDigits(task) {
		re := regexp.MustCompile(`(?i)\btask[\s#:_-]*` + regexp.QuoteMeta(task) + `\b`)
		var out []Commit
		for _, c := range log {
			if re.MatchString(c.Subject) {
				out = append(out, c)
			}
		}
		return out
	}
	if ev.byTask == nil || ev.byTaskLen != len(log) {
		// With digits after the separators, the separators are all of
		// them (a digit is not one), and the digits are all of them (the
		// \b after a task number needs a non-digit): a subject names
		// task N exactly when a match's digits are N and no letter or _
		// follows them.
		ev.byTask, ev.byTaskLen = map[string][]int{}, len(log)
		for i, c := range log {
			for _, m := range taskWord.FindAllStringSubmatchIndex(c.Subject, -1) {
				d := c.Subject[m[2]:m[3]]
				if d == "" || (m[3] < len(c.Subject) && isWordByte(c.Subject[m[3]])) {
					continue
				}
				if l := ev.byTask[d]; len(l) == 0 || l[len(l)-1] != i {
					ev.byTask[d] = append(l, i)
				}
			}
		}
	}
	var out []Commit
	for _, i := range ev.byTask[task] {
		out = append(out, log[i])
	}
	return out
}

func isWordByte(c byte) bool {
	return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
}

// clock is t's "15:04" in UTC.
func clock(t time.Time) string {
	h, m, _ := t.UTC().Clock()
	return string([]byte{byte('0' + h/10), byte('0' + h%10), ':', byte('0' + m/10), byte('0' + m%10)})
}

// outputs lists the dispatch's output files: the one its line names, or
// files "<seq>-…" beside its dispatch file other than the dispatch file.
func (ev *evidence) outputs(e *Entry) []string {
	var out []string
	if e.Output() != "" {
		if filepath.IsAbs(e.Output()) && isFile(e.Output()) {
			return []string{e.Output()}
		}
		for _, d := range ev.dirs {
			if ev.listed(d).has(filepath.Base(e.Output())) {
				return []string{filepath.Join(d, filepath.Base(e.Output()))}
			}
		}
	}
	prefix := strconv.Itoa(e.Seq) + "-"
	for _, d := range ev.dirs {
		for _, name := range ev.listed(d).prefixed(prefix) {
			if name != e.File {
				out = append(out, name)
			}
		}
		if len(out) > 0 {
			break
		}
	}
	return out
}

// verify checks one dispatch whose final status is completed.
func (ev *evidence) verify(e *Entry) Check {
	c := Check{Seq: e.Seq, Role: e.Role, Phase: e.EPhase(), Kind: ev.kind(e.Role)}
	switch c.Kind {
	case KindNone:
		c.OK, c.Evidence = true, "quality-gate round: conversation output only, nothing to check"
	case KindTrusted:
		c.OK, c.Evidence = true, ev.trustedText(e.Role)
	case KindOutput:
		if outs := ev.outputs(e); len(outs) > 0 {
			c.OK, c.Evidence = true, "output file "+filepath.Base(outs[0])+" exists"
		} else {
			c.Evidence = fmt.Sprintf("no output file (%d-…) in the dispatch directory or its scratch copy", e.Seq)
		}
	case KindCommit:
		found, how, err := ev.commits(e)
		switch {
		case err != nil:
			c.Evidence = "cannot check its commits: " + err.Error()
		case len(found) == 0:
			c.Evidence = "no commit " + how + ": the manifest says completed but may be stale"
		default:
			c.OK = true
			if len(found) > 1 {
				c.Evidence = strconv.Itoa(len(found)) + " commits " + how + " (first " + short(found[len(found)-1].Hash) + ")"
			} else {
				c.Evidence = "commit " + short(found[len(found)-1].Hash) + " " + how
			}
		}
	}
	return c
}

// trustedText is the evidence of a completed dispatch of a role with
// no artifact rule, made once per role.
func (ev *evidence) trustedText(role string) string {
	if t, ok := ev.trusted[role]; ok {
		return t
	}
	r := role
	if r == "" {
		r = "(none)"
	}
	t := "completion line only (no artifact rule for role " + r + ")"
	if ev.trusted == nil {
		ev.trusted = map[string]string{}
	}
	ev.trusted[role] = t
	return t
}

// verifyParallel is how many dispatches make verification worth
// spreading over the processors.
const verifyParallel = 4096

// verifyAll verifies es (each completed), in order: each one's evidence
// and whether it holds, as verify gives them. A large pipeline's tens of
// thousands of dispatches are verified in parts, one per processor: the
// evidence's indexes are built first (the log by time and by task, the
// listings, the role kinds and texts), after which verify only reads
// them, and each part has its own buffer for dispatch file headers.
func (ev *evidence) verifyAll(es []*Entry) []leanCheck {
	return ev.verifyIn(es, min(runtime.GOMAXPROCS(0), 4, len(es)/(verifyParallel/2)))
}

// verifyIn is verifyAll in at most workers parts.
func (ev *evidence) verifyIn(es []*Entry, workers int) []leanCheck {
	out := make([]leanCheck, len(es))
	if workers > 1 && ev.git != nil {
		for _, d := range ev.dirs {
			ev.listed(d)
		}
		byTask := false // a commit-verified dispatch without a start time
		for _, e := range es {
			// Past its 1,024 roles the kind cache is only read.
			switch ev.kind(e.Role) {
			case KindTrusted:
				ev.trustedText(e.Role)
			case KindCommit:
				if !byTask {
					_, _, ok := ev.Start(e)
					byTask = !ok
				}
			}
		}
		if log, err := ev.git.Log(); err == nil {
			if ev.byTime == nil || len(ev.byTime.log) != len(log) {
				ev.byTime = newTimeIndex(log)
			}
			if byTask {
				ev.mentioning(log, "0") // builds the task index
			}
		}
	} else {
		workers = 1
	}
	if workers == 1 {
		for i, e := range es {
			c := ev.verify(e)
			out[i] = leanCheck{e: e, evidence: c.Evidence, ok: c.OK}
		}
		return out
	}
	var wg sync.WaitGroup
	part := (len(es) + workers - 1) / workers
	for lo := 0; lo < len(es); lo += part {
		hi := min(lo+part, len(es))
		own := *ev       // the maps and indexes are only read from here on
		own.header = nil // each part reads headers into its own buffer
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				c := own.verify(es[i])
				out[i] = leanCheck{e: es[i], evidence: c.Evidence, ok: c.OK}
			}
		}()
	}
	wg.Wait()
	return out
}

func short(h string) string {
	if len(h) > 7 {
		return h[:7]
	}
	return h
}
