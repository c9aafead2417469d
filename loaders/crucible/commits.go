package crucible

import (
	"bytes"
	"errors"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/lazyre"
)

// window is the dispatch's commit window.
func (ev *evidence) window(e *Entry) (from, to time.Time, ok bool) {
	start, _, ok := ev.startOf(e)
	if !ok {
		return time.Time{}, time.Time{}, false
	}
	d := noDuration
	if e.HasDuration {
		d = time.Duration(e.Duration * float64(time.Second))
	}
	return start.Add(-windowBefore), start.Add(d + windowAfter), true
}

// inWindow is the commits in the dispatch's window, in log order, and
// the window: what commits tries first. ok is false when the log cannot
// be read or the dispatch has no start time.
func (ev *evidence) inWindow(e *Entry) (found []Commit, from, to time.Time, ok bool) {
	log, err := ev.git.Log()
	if err != nil {
		return nil, from, to, false
	}
	if from, to, ok = ev.window(e); !ok {
		return nil, from, to, false
	}
	if ev.byTime == nil || len(ev.byTime.log) != len(log) {
		ev.byTime = newTimeIndex(log)
	}
	return ev.byTime.within(from, to), from, to, true
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
	if found, from, to, ok := ev.inWindow(e); ok {
		how := ev.t().InWindow.F(clock(from), clock(to))
		if len(found) > 0 {
			return found, how, nil
		}
		tried = append(tried, how)
	}
	if task := strings.TrimSpace(e.Task()); task != "" {
		for _, c := range ev.mentioning(log, task) {
			if ev.sinceStart(c) {
				found = append(found, c)
			}
		}
		how := ev.t().mentioning(task, len(tried) == 0)
		if len(found) > 0 {
			return found, how, nil
		}
		tried = append(tried, how)
	}
	if words := ev.taskWords(e); len(words) > 0 {
		found, shared := ev.sharing(log, words)
		if len(found) > 0 {
			return found, ev.t().Sharing.F(strings.Join(shared, ", ")), nil
		}
		tried = append(tried, ev.t().SharingTried.F(strings.Join(words, ", ")))
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
	text := ev.summary(e)
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

// summary is e's summary: a lean manifest's is read again from its
// line (the manifest keeps none; few dispatches are matched on their
// summary's words), "" when the line cannot be read (the plan's rows,
// read from the same lines, then fail to be written).
func (ev *evidence) summary(e *Entry) string {
	if ev.m == nil || !ev.m.lean {
		return e.Summary()
	}
	if ev.lines == nil {
		ev.lines = newLineReader(ev.m, ev.t())
	}
	s, err := ev.lines.summary(e)
	if err != nil {
		return ""
	}
	return strings.Clone(s) // the reader's only until its next line
}

// closeLines closes the manifest read again for summaries, if it was.
func (ev *evidence) closeLines() {
	if ev.lines != nil {
		ev.lines.close()
		ev.lines = nil
	}
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
func clock(t time.Time) string { return clockOf(minuteOf(t)) }

// minuteOf is t's minute of the day in UTC (what clock says).
func minuteOf(t time.Time) uint16 {
	h, m, _ := t.UTC().Clock()
	return uint16(h*60 + m)
}

// clockOf is a minute of the day as "15:04".
func clockOf(min uint16) string {
	h, m := min/60, min%60
	return string([]byte{byte('0' + h/10), byte('0' + h%10), ':', byte('0' + m/10), byte('0' + m%10)})
}
