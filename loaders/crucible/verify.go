package crucible

import (
	"bytes"
	"encoding/json"
	"errors"
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

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// Verification kinds, by role. crucible's reviewers, red-team and
// inquisitor return their findings in the conversation and write no
// output file (receipts go to receipt-ledger.jsonl, quality-gate rounds
// write round-N-findings.md in the gate's own scratch folder), so their
// completion line is the evidence, with a receipt or a findings file
// named beside it where one exists.
const (
	KindCommit  = "commit"  // implementers: a commit in the dispatch's window, or naming its task
	KindReview  = "review"  // reviewers, red-team, inquisitor: the completion line (+ receipt or findings file)
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
		return KindReview
	}
	return KindTrusted
}

// Verdicts of a check.
const (
	VerdictVerified = "verified"
	// VerdictFailed: the evidence was looked for and is not there (the
	// seed's rule: the manifest may be stale); the resume point moves
	// back to the dispatch's phase.
	VerdictFailed = "failed"
	// VerdictCannotCheck: the evidence could not be looked for (no git
	// repository, nothing to match commits against). It is reported as
	// such and does not move the resume point.
	VerdictCannotCheck = "cannot_check"
)

// verdict is a check's verdict, kept in a byte.
type verdict uint8

const (
	vFailed verdict = iota
	vVerified
	vCannotCheck
)

func (v verdict) String() string {
	switch v {
	case vVerified:
		return VerdictVerified
	case vCannotCheck:
		return VerdictCannotCheck
	}
	return VerdictFailed
}

// Check is the verification of one dispatch.
type Check struct {
	Seq   int    `json:"seq"`
	Role  string `json:"role"`
	Phase string `json:"phase"`
	Kind  string `json:"kind"`
	// OK is true when the dispatch is verified.
	OK       bool   `json:"ok"`
	Verdict  string `json:"verdict"`
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
	tx      *Text    // the sentences' language (says.go)
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
	// scratch is the pipeline's scratch directory ("" when unknown):
	// quality-gate rounds write their findings under it.
	scratch string
	// receipts are the receipt-ledger.jsonl rows of the dispatch
	// directories, by dispatch id ("<seq>-<template>"); findings the
	// quality-gate round findings files on disk. Both are read once
	// (loadSide).
	receipts map[string]string
	findings []string
	sideDone bool
	// byWord lists, per word, the log positions of the commits whose
	// subject has it (see sharing).
	byWord    map[string][]int
	byWordLen int
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

var headerStamp = lazyre.New(`\*\*Timestamp:\*\*\s*(\S[^\n|]*)`)

// headerPhaseRe reads the phase of "**Pipeline:** build | **Phase:** 3 |
// **Task:** 1", the audit header's second line.
var headerPhaseRe = lazyre.New(`\*\*Phase:\*\*[ \t]*([^|\r\n]*)`)

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
		todo = append(todo, e)
	}
	ev.ahead = nil // taken: readStarts is called once per plan
	ev.readHeaders(todo, nil)
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
			jobs = append(jobs, job{e, filepath.Join(ev.dirs[d], e.File)})
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
				heads[i].t, heads[i].ok = headerTimeIn(buf[:n])
				if phs != nil {
					phs[i] = headerPhaseIn(buf[:n])
				}
			}
		}()
	}
	wg.Wait()
	if ev.headerStarts == nil {
		ev.headerStarts = make(map[*Entry]headerStart, len(jobs))
	}
	for i, j := range jobs {
		ev.headerStarts[j.e] = heads[i]
		if phs != nil && phs[i] != "" {
			phases[j.e] = phs[i]
		}
	}
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
			known[e.Phase] = true
		} else if e.File != "" {
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

// errNothingToMatch: a dispatch with no start time, no task number and
// no words to look for in commit subjects cannot be checked.
var errNothingToMatch = errors.New("no start time recorded (no timestamp on the line, no dispatch file header), no task number and no words of its task to match commits against")

// commits returns the project commits attributed to a dispatch, trying
// in turn: its time window (the header's timestamp, the duration), a
// subject naming its task number since the pipeline start (the seed's
// commits), then a subject sharing words of its task's description or
// summary since the pipeline start (crucible's implementers commit
// "feat: implement <thing>", never "task N"). how says which rule found
// them, or, when none did, every rule tried. err is set when nothing
// could be looked at: no git log, or nothing to match.
func (ev *evidence) commits(e *Entry) (found []Commit, how string, err error) {
	log, err := ev.git.Log()
	if err != nil {
		if strings.Contains(err.Error(), "not a git repository") {
			return nil, "", errors.New(ev.t().NotRepo)
		}
		return nil, "", err
	}
	var tried []string
	if from, to, ok := ev.window(e); ok {
		if ev.byTime == nil || len(ev.byTime.log) != len(log) {
			ev.byTime = newTimeIndex(log)
		}
		how := ev.t().InWindow(clock(from), clock(to))
		if found := ev.byTime.within(from, to); len(found) > 0 {
			return found, how, nil
		}
		tried = append(tried, how)
	}
	if task := strings.TrimSpace(e.Task); task != "" {
		for _, c := range ev.mentioning(log, task) {
			if ev.sinceStart(c) {
				found = append(found, c)
			}
		}
		how := ev.t().Mentioning(task, len(tried) == 0)
		if len(found) > 0 {
			return found, how, nil
		}
		tried = append(tried, how)
	}
	if words := ev.taskWords(e); len(words) > 0 {
		found, shared := ev.sharing(log, words)
		if len(found) > 0 {
			return found, ev.t().Sharing(strings.Join(shared, ", ")), nil
		}
		tried = append(tried, ev.t().SharingTried(strings.Join(words, ", ")))
	}
	if len(tried) == 0 {
		if ev.t() != &english {
			return nil, "", errors.New(ev.t().NothingToMatch)
		}
		return nil, "", errNothingToMatch
	}
	return nil, strings.Join(tried, ev.t().Nor), nil
}

// sinceStart: the commit was made after the pipeline started (less the
// window's slack), or the start is unknown.
func (ev *evidence) sinceStart(c Commit) bool {
	return ev.start.IsZero() || !c.Time.Before(ev.start.Add(-windowBefore))
}

// maxTaskWords caps the words a dispatch is matched on.
const maxTaskWords = 12

// taskWords are the words a dispatch's commits would name: those of its
// summary and of the first line of its dispatch file's "## Task
// Description" (the plan task's title), lower case, stop words left out.
func (ev *evidence) taskWords(e *Entry) []string {
	text := e.Summary
	if f := ev.dispatchFile(e); f != "" {
		if ev.header == nil {
			ev.header = make([]byte, headerBytes)
		}
		if n, err := readHead(f, ev.header); n > 0 || err == nil {
			text += "\n" + taskTitle(ev.header[:n])
		}
	}
	return significantWords(text, maxTaskWords)
}

// taskTitle is the first line under "## Task Description" in a dispatch
// file's first bytes (crucible's implementer prompt pastes the plan's
// task there), "" when there is none.
func taskTitle(head []byte) string {
	i := bytes.Index(head, []byte("## Task Description"))
	if i < 0 {
		return ""
	}
	rest := head[i+len("## Task Description"):]
	for len(rest) > 0 {
		line, after, _ := bytes.Cut(rest, []byte("\n"))
		rest = after
		t := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(string(line)), "#"))
		if t == "" {
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(string(line)), "## ") {
			return "" // the next section: no description
		}
		return t
	}
	return ""
}

// stopWords are words too common in commit subjects and task summaries
// to tie one to the other.
var stopWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the and for with from into onto that this these those then than when what which
		task tasks implement implemented implementing implementation implements feat feature features fix fixes fixed
		test tests testing tested add adds added adding update updates updated wave build built done file files code
		new use uses using via all its not are was were has have had pass passes passing passed green red tdd
		refactor cleanup chore docs doc commit subagent agent should will can per one two also now each more only same
		wip support make makes made work works change changes changed written write writes wrote`) {
		stopWords[w] = true
	}
}

// significantWords lists text's words of three letters or more, lower
// case, no stop word and no number, each once, at most limit.
func significantWords(text string, limit int) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 0x80)
	}) {
		if len(w) < 3 || allDigits(w) || stopWords[w] || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
		if len(out) == limit {
			break
		}
	}
	return out
}

// sharing lists, in log order, the commits since the pipeline start whose
// subject shares at least two of words (the only one, when words has
// one), and the words the oldest of them shares (the one evidence names). The subjects' words are
// indexed once per log.
func (ev *evidence) sharing(log []Commit, words []string) ([]Commit, []string) {
	if ev.byWord == nil || ev.byWordLen != len(log) {
		ev.byWord, ev.byWordLen = map[string][]int{}, len(log)
		for i, c := range log {
			for _, w := range significantWords(c.Subject, 64) {
				ev.byWord[w] = append(ev.byWord[w], i)
			}
		}
	}
	need := min(2, len(words))
	hits := map[int]int{}
	for _, w := range words {
		for _, i := range ev.byWord[w] {
			hits[i]++
		}
	}
	var pos []int
	for i, n := range hits {
		if n >= need && ev.sinceStart(log[i]) {
			pos = append(pos, i)
		}
	}
	if len(pos) == 0 {
		return nil, nil
	}
	slices.Sort(pos)
	out := make([]Commit, len(pos))
	for k, i := range pos {
		out[k] = log[i]
	}
	subject := map[string]bool{}
	for _, w := range significantWords(out[len(out)-1].Subject, 64) {
		subject[w] = true
	}
	var shared []string
	for _, w := range words {
		if subject[w] {
			shared = append(shared, w)
		}
	}
	return out, shared
}

// taskWord finds "task", then separators, then the digits that follow
// (maybe none), as the per-task pattern in mentioning reads them.
var taskWord = lazyre.New(`(?i)\btask[\s#:_-]*(\d*)`)

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
func (ev *evidence) verify(e *Entry) (Check, verdict) {
	c := Check{Seq: e.Seq, Role: e.Role, Phase: e.EPhase(), Kind: ev.kind(e.Role)}
	v := vVerified
	switch c.Kind {
	case KindNone:
		c.Evidence = ev.withSide(e, ev.t().GateRound)
	case KindTrusted:
		c.Evidence = ev.withSide(e, ev.trustedText(e.Role))
	case KindReview:
		c.Evidence = ev.withSide(e, "")
	case KindCommit:
		found, how, err := ev.commits(e)
		switch {
		case err != nil:
			v, c.Evidence = vCannotCheck, ev.t().CannotCommits(err.Error())
		case len(found) == 0:
			v, c.Evidence = vFailed, ev.t().NoCommit(how)
		case len(found) > 1:
			c.Evidence = ev.t().Commits(len(found), how, short(found[len(found)-1].Hash))
		default:
			c.Evidence = ev.t().OneCommit(short(found[0].Hash), how)
		}
	}
	c.OK, c.Verdict = v == vVerified, v.String()
	return c, v
}

// withSide is a completed dispatch's evidence beyond its own rule: a
// receipt recorded for it, an output file beside its dispatch file, the
// quality-gate round findings on disk (for red-team and quality-gate
// rounds). For a reviewer (base "") the completion line is the evidence,
// and these are named when they exist.
func (ev *evidence) withSide(e *Entry, base string) string {
	ev.loadSide()
	var receipt, outName, findings string
	if len(ev.receipts) > 0 && e.File != "" {
		if v, ok := ev.receipts[strings.TrimSuffix(e.File, ".md")]; ok {
			receipt = ev.t().Receipt(v, ReceiptLedger)
		}
	}
	if base == "" || e.Output() != "" {
		if outs := ev.outputs(e); len(outs) > 0 {
			outName = filepath.Base(outs[0])
		}
	}
	if len(ev.findings) > 0 && roundRole(e.Role) {
		findings = ev.t().Findings(findingsText(ev.t(), ev.findings))
	}
	t := ev.t()
	lead := base
	if base == "" {
		lead = t.CompletionLine
	}
	switch {
	case receipt == "" && outName == "" && findings == "":
		if base == "" {
			return t.ReviewOnly
		}
		return base
	case receipt == "" && findings == "":
		return lead + "; " + t.OutputFile(outName)
	}
	output := ""
	if outName != "" {
		output = t.OutputFile(outName)
	}
	parts := []string{lead}
	for _, x := range []string{receipt, output, findings} {
		if x != "" {
			parts = append(parts, x)
		}
	}
	return strings.Join(parts, "; ")
}

// roundRole: the role's rounds may write quality-gate findings.
func roundRole(role string) bool {
	r := strings.ToLower(role)
	return strings.Contains(r, "red-team") || strings.Contains(r, "redteam") || strings.Contains(r, "red_team") ||
		strings.Contains(r, "quality-gate") || strings.Contains(r, "quality_gate") || strings.Contains(r, "qg-")
}

// findingsText names up to three findings files, relative to the gate's
// scratch folder.
func findingsText(t *Text, fs []string) string {
	var names []string
	for i, f := range fs {
		if i == 3 {
			names = append(names, t.AndN(len(fs)-i))
			break
		}
		names = append(names, filepath.Join(filepath.Base(filepath.Dir(f)), filepath.Base(f)))
	}
	return strings.Join(names, ", ")
}

// ReceiptLedger is the receipt ledger beside a dispatch directory's
// manifest: one JSON object per line, {dispatch_id, phase, rcpt_sha256,
// verdict}, written by the orchestrator as it accepts each receipt.
const ReceiptLedger = "receipt-ledger.jsonl"

// loadSide reads, once, the receipt ledgers of the dispatch directories
// (the first row for a dispatch id wins, from the first directory that
// has one) and lists the quality-gate round findings files under the
// scratch directory (<scratch>/quality-gate/scratch/<run>/round-N-findings.md).
func (ev *evidence) loadSide() {
	if ev.sideDone {
		return
	}
	ev.sideDone = true
	for _, d := range ev.dirs {
		for id, v := range readReceipts(filepath.Join(d, ReceiptLedger)) {
			if _, ok := ev.receipts[id]; !ok {
				if ev.receipts == nil {
					ev.receipts = map[string]string{}
				}
				ev.receipts[id] = v
			}
		}
	}
	if ev.scratch != "" {
		fs, _ := filepath.Glob(filepath.Join(ev.scratch, "quality-gate", "scratch", "*", "round-*-findings.md"))
		for _, f := range fs {
			if isFile(f) {
				ev.findings = append(ev.findings, f)
			}
		}
	}
}

// readReceipts reads a receipt ledger's rows: dispatch id -> verdict
// ("recorded" when the row has none). Lines that are not JSON objects
// with a dispatch_id are skipped; a missing ledger, or one that is not a
// regular file or is too large, has no rows (fsx.ReadFile refuses it
// without blocking).
func readReceipts(path string) map[string]string {
	data, err := fsx.ReadFile(path)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for len(data) > 0 {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var row struct {
			ID      flex `json:"dispatch_id"`
			Verdict flex `json:"verdict"`
		}
		if json.Unmarshal(line, &row) != nil || strings.TrimSpace(row.ID.s) == "" {
			continue
		}
		id := strings.TrimSuffix(strings.TrimSpace(row.ID.s), ".md")
		v := strings.TrimSpace(row.Verdict.s)
		if v == "" {
			v = "recorded"
		}
		if _, ok := out[id]; !ok {
			out[id] = v
		}
	}
	return out
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
	t := ev.t().Trusted(r)
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
		ev.loadSide()
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
			c, v := ev.verify(e)
			out[i] = leanCheck{e: e, evidence: c.Evidence, verdict: v}
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
				c, v := own.verify(es[i])
				out[i] = leanCheck{e: es[i], evidence: c.Evidence, verdict: v}
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
