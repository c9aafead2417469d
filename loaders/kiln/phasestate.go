package kiln

import (
	"bytes"
	"slices"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/internal/when"
)

// EventTypes are the 27 event types kiln's phase executor records, in
// lifecycle order (REFERENCE section 1).
var EventTypes = []string{
	"setup", "branch",
	"plan_start", "plan_complete", "debate_complete", "synthesis_complete",
	"plan_validate_start", "plan_validate_complete",
	"sharpen_start", "sharpen_complete",
	"task_start", "task_success", "task_retry", "task_fail",
	"review_start", "review_approved", "review_rejected", "fix_start", "fix_complete",
	"merge", "reconcile_complete",
	"deploy_start", "deploy_complete", "correction_start", "correction_complete",
	"error", "halt",
}

// Event is one line of a phase state file's `## Events`. The seed's form
// is `- [ISO] [Alias] [event_type] — description`; agents also write
// `- <ISO> — [Alias] text`, `- [event] text` and `- event: text`, which
// are read too, the type taken from the agent's word or text where that
// is unambiguous (see inferType).
type Event struct {
	Raw     string    `json:"-"`
	Time    time.Time `json:"-"`
	Stamp   string    `json:"time"` // as written
	Agent   string    `json:"agent"`
	Type    string    `json:"type"`
	Text    string    `json:"description"`
	Line    int       `json:"line"` // 1-based
	HasTime bool      `json:"-"`
	// Word is the agent's own word for the event when it is not the
	// type itself ("task-1", "verify"); Task is the task number it names.
	Word string `json:"word,omitempty"`
	Task string `json:"task,omitempty"`
	// Inferred marks a type read from the agent's word or text rather
	// than written as one of kiln's types.
	Inferred bool `json:"inferred,omitempty"`
}

// describe is the event's line on the REVIEW timeline: its time, agent
// and type (with the agent's own word when the type was read from it),
// then its text.
func (e Event) describe(tx *MemText) string {
	typ := e.Type
	switch {
	case e.Type == "":
		typ = tx.NoType
	case e.Inferred && e.Word != "":
		typ += " (" + e.Word + ")"
	case e.Inferred:
		typ += " " + tx.FromText
	}
	when := e.When()
	var b strings.Builder
	b.Grow(len(when) + len(e.Agent) + len(typ) + len(e.Text) + 12)
	for _, p := range [...]string{when, e.Agent, typ} {
		if p == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString("  ")
		}
		b.WriteString(p)
	}
	if e.Text != "" {
		b.WriteString(" — ")
		b.WriteString(e.Text)
	}
	return b.String()
}

// Known reports whether the event's type is one of kiln's 27.
func (e Event) Known() bool { return contains(EventTypes, e.Type) }

// When is the event's time as the resume point shows it:
// "2026-02-20 14:02" (or the text as written when it is not a timestamp).
func (e Event) When() string {
	if e.HasTime {
		return e.Time.Format("2006-01-02 15:04")
	}
	return e.Stamp
}

// PhaseState is a parsed `.kiln/phase_<N>_state.md`.
type PhaseState struct {
	// Status is the header status read with kiln's leniency rule:
	// in_progress, complete, partial_failure, needs_operator_review or
	// error ("" when absent); StatusRaw is as written.
	Status    string
	StatusRaw string
	Branch    string
	Commit    string // phase_start_commit
	Started   string
	// Events are in time order, oldest first: the file's order, unless
	// every event has a time and the times say otherwise.
	Events []Event
	// Order says how the file's order was read: "" (as written, oldest
	// first), "newest-first" (the file lists the newest first) or
	// "by-time" (out of order; sorted by time).
	Order string
	// BadLines are 1-based lines under `## Events` that are not events.
	BadLines []int
	// NoEvents is true when the file has text but no `## Events`
	// heading at all: it is not a phase state file as kiln writes one.
	NoEvents bool
}

// HeaderStatuses are the phase state file's header statuses, in the
// form kiln's leniency rule reads them to.
var HeaderStatuses = []string{"in_progress", "complete", "partial_failure", "needs_operator_review", "error"}

// Known counts the events whose type is one of kiln's 27.
func (p *PhaseState) Known() int {
	n := 0
	for _, e := range p.Events {
		if e.Known() {
			n++
		}
	}
	return n
}

// Last is the latest event: the last one in time order.
func (p *PhaseState) Last() (Event, bool) {
	if p == nil || len(p.Events) == 0 {
		return Event{}, false
	}
	return p.Events[len(p.Events)-1], true
}

// eventRe reads an event line. The separator before the description is an
// em dash; an en dash, hyphens or a colon are accepted too.
var eventRe = lazyre.New(`^\s*[-*+]\s*\[([^\]]*)\]\s*\[([^\]]*)\]\s*\[([^\]]*)\]\s*(?:(?:—|–|--?|:)\s*)?(.*?)\s*$`)

// matchEvent is eventRe.FindStringSubmatch(line), read by hand: a phase
// state can hold tens of thousands of events, and the regexp's
// backtracking was most of the time spent loading one. The test
// TestMatchEventIsEventRe holds the two to the same answers.
func matchEvent(line string) []string {
	i, n := 0, len(line)
	space := func() {
		for i < n && isReSpace(line[i]) {
			i++
		}
	}
	space()
	if i >= n || (line[i] != '-' && line[i] != '*' && line[i] != '+') {
		return nil
	}
	i++
	m := make([]string, 5)
	m[0] = line
	for g := 1; g <= 3; g++ {
		space()
		if i >= n || line[i] != '[' {
			return nil
		}
		end := strings.IndexByte(line[i+1:], ']')
		if end < 0 {
			return nil
		}
		m[g] = line[i+1 : i+1+end]
		i += end + 2
	}
	space()
	// The optional separator: an em dash, an en dash, "--", "-" or ":".
	for _, sep := range []string{"—", "–", "--", "-", ":"} {
		if strings.HasPrefix(line[i:], sep) {
			i += len(sep)
			space()
			break
		}
	}
	end := n
	for end > i && isReSpace(line[end-1]) {
		end--
	}
	// (.*?) does not cross a line break: a line holding one is left to
	// the regexp.
	if strings.IndexByte(line[i:end], '\n') >= 0 {
		return eventRe.FindStringSubmatch(line)
	}
	m[4] = line[i:end]
	return m
}

// isReSpace is \s in Go's regexp syntax.
func isReSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// parseTime reads an ISO-8601 timestamp, quoted or not; one without a
// zone is UTC.
func parseTime(s string) (time.Time, bool) {
	s, _ = unquote(strings.TrimSpace(s))
	return when.Parse(s)
}

// parsePhaseState reads a phase state file. Like MEMORY.md it is lenient:
// header keys anywhere before `## Events`; every bullet under it is an
// event (its type read from the agent's words where kiln's is missing);
// lines that are not bullets are noted.
func parsePhaseState(data []byte) *PhaseState {
	d := parseMemory(data)
	p := &PhaseState{
		StatusRaw: d.value("status"),
		Branch:    d.value("branch"), Commit: d.value("phase_start_commit"), Started: d.value("started"),
	}
	if f, ok := d.get("status"); ok && !f.null {
		if w, _, ok := lenient(f.raw, HeaderStatuses); ok {
			p.Status = w
		} else {
			p.Status = strings.ToLower(stripComment(p.StatusRaw))
		}
	}
	s, ok := d.section("events")
	if !ok {
		p.NoEvents = len(bytes.TrimSpace(data)) > 0
		return p
	}
	for i := s.start; i < s.end; i++ {
		t := d.lines[i].text
		tt := strings.TrimSpace(t)
		if tt == "" || strings.HasPrefix(tt, "#") {
			continue
		}
		var ev Event
		if m := matchEvent(t); m != nil {
			ev = Event{Stamp: strings.TrimSpace(m[1]), Agent: strings.TrimSpace(m[2]),
				Type: strings.ToLower(strings.TrimSpace(m[3])), Text: m[4]}
			if !contains(EventTypes, ev.Type) {
				if typ, task, ok := inferType(ev.Type, ev.Text); ok {
					ev.Word, ev.Type, ev.Task, ev.Inferred = ev.Type, typ, task, true
				}
			}
		} else if e, ok := looseEvent(t); ok {
			ev = e
		} else {
			p.BadLines = append(p.BadLines, i+1)
			continue
		}
		ev.Raw, ev.Line = t, i+1
		ev.Time, ev.HasTime = parseTime(ev.Stamp)
		p.Events = append(p.Events, ev)
	}
	p.order()
	return p
}

// order puts the events in time order when every event has a time and
// the file's order disagrees: a file whose times only ever go down lists
// the newest first, and is read backwards; otherwise the events are
// sorted by time, keeping the file's order among equal times.
func (p *PhaseState) order() {
	if len(p.Events) < 2 {
		return
	}
	down, up := false, false
	for i, e := range p.Events {
		if !e.HasTime {
			return
		}
		if i > 0 {
			prev := p.Events[i-1].Time
			down = down || e.Time.Before(prev)
			up = up || e.Time.After(prev)
		}
	}
	switch {
	case !down:
		return
	case !up:
		slices.Reverse(p.Events)
		p.Order = "newest-first"
		// Equal times keep their order as the agent meant it: in a
		// newest-first file the later of two equal lines is the older.
		return
	}
	slices.SortStableFunc(p.Events, func(a, b Event) int { return a.Time.Compare(b.Time) })
	p.Order = "by-time"
}

// isoPrefixRe is a bare ISO-8601 time at the start of a loose event line.
var isoPrefixRe = lazyre.New(`^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`)

// wordPrefixRe is "word: rest", the `- setup: text` form.
var wordPrefixRe = lazyre.New(`^([A-Za-z][A-Za-z0-9_-]*)\s*:\s*(.*)$`)

// looseEvent reads a bullet that is not in the seed's form: leading
// `[...]` words and a bare ISO time, in any order and with separators
// between them (`- <ISO> — [Maestro] text`, `- [setup] text`), then the
// text, which may itself start with `word:` (`- task_01: succeeded`).
// Each word is a time, one of kiln's types, an agent's name (the first
// capitalised word) or the agent's own word for the event.
func looseEvent(line string) (Event, bool) {
	m := bulletRe.FindStringSubmatch(line)
	if m == nil {
		return Event{}, false
	}
	rest := strings.TrimSpace(m[1])
	var ev Event
	var words []string
	for n := 0; n < 6; n++ {
		switch {
		case strings.HasPrefix(rest, "["):
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				n = 6
				continue
			}
			words = append(words, strings.TrimSpace(rest[1:end]))
			rest = strings.TrimSpace(rest[end+1:])
		case ev.Stamp == "" && isoPrefixRe.MatchString(rest):
			ev.Stamp = isoPrefixRe.FindString(rest)
			rest = strings.TrimSpace(rest[len(ev.Stamp):])
		default:
			n = 6
			continue
		}
		rest = trimSeparator(rest)
	}
	for _, w := range words {
		switch lw := strings.ToLower(w); {
		case ev.Stamp == "" && isTime(w):
			ev.Stamp = w
		case ev.Type == "" && contains(EventTypes, lw):
			ev.Type = lw
		case ev.Agent == "" && ev.Word == "" && isName(w):
			ev.Agent = w
		case ev.Word == "":
			ev.Word = w
		}
	}
	if ev.Type == "" && ev.Word == "" {
		if wm := wordPrefixRe.FindStringSubmatch(rest); wm != nil {
			ev.Word, rest = wm[1], wm[2]
			if lw := strings.ToLower(ev.Word); contains(EventTypes, lw) {
				ev.Type, ev.Word = lw, ""
			}
		}
	}
	ev.Text = rest
	if ev.Type == "" {
		if typ, task, ok := inferType(ev.Word, ev.Text); ok {
			ev.Type, ev.Task, ev.Inferred = typ, task, true
		} else if ev.Word != "" {
			ev.Type = strings.ToLower(ev.Word)
		}
	}
	return ev, true
}

// trimSeparator drops a separator agents put between a line's parts.
func trimSeparator(s string) string {
	for _, sep := range []string{"—", "–", "--", "-", ":"} {
		if strings.HasPrefix(s, sep) {
			return strings.TrimSpace(s[len(sep):])
		}
	}
	return s
}

func isTime(s string) bool { _, ok := parseTime(s); return ok }

// isName is an agent's alias: one capitalised word of letters (Maestro,
// Scheherazade).
func isName(s string) bool {
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return false
	}
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return true
}

var (
	taskWordRe    = lazyre.New(`(?i)^task[ _-]?0*(\d+)$`)
	taskSuccessRe = lazyre.New(`(?i)^(succeeded|success(ful)?|passed|done|completed?)\b`)
	taskFailRe    = lazyre.New(`(?i)^fail(ed|ure)?\b`)
	taskRetryRe   = lazyre.New(`(?i)^retr(y|ying|ied)\b`)
	// The free-text phrases read as an event, when a line has no word
	// for its type: a small fixed table, each unambiguous.
	textTypes = []struct {
		re  *lazyre.Regexp
		typ string
	}{
		{lazyre.New(`(?i)^(branch\b.*\bcreated\b|created branch\b)`), "branch"},
		{lazyre.New(`(?i)(\bsetup complete\b|^(\.?kiln )?directories (created|verified)\b)`), "setup"},
		{lazyre.New(`(?i)^(proceeding to review|review (started|begins|requested))\b`), "review_start"},
		{lazyre.New(`(?i)^merged\b`), "merge"},
	}
)

// inferType reads kiln's event type from an agent's own word for it and
// the text after it: "task-1"/"task_01" with "succeeded…" is
// task_success (with "failed…" task_fail, "retry…" task_retry, anything
// else task_start); "review" with "approved" is review_approved, with
// "rejected" or "changes requested" review_rejected, else review_start;
// "merge"/"merged" is merge; "branch" is branch. Without a word, a few
// fixed phrases are read (textTypes). ok is false when nothing fits: the
// event's type is then unknown, and routing says so.
func inferType(word, text string) (typ, task string, ok bool) {
	w := strings.ToLower(strings.TrimSpace(word))
	t := strings.TrimSpace(text)
	if m := taskWordRe.FindStringSubmatch(w); m != nil {
		switch {
		case taskSuccessRe.MatchString(t):
			return "task_success", m[1], true
		case taskFailRe.MatchString(t):
			return "task_fail", m[1], true
		case taskRetryRe.MatchString(t):
			return "task_retry", m[1], true
		}
		return "task_start", m[1], true
	}
	lt := strings.ToLower(t)
	switch w {
	case "review":
		switch {
		case strings.Contains(lt, "approved"):
			return "review_approved", "", true
		case strings.Contains(lt, "rejected") || strings.Contains(lt, "changes requested"):
			return "review_rejected", "", true
		}
		return "review_start", "", true
	case "merge", "merged":
		return "merge", "", true
	case "branch":
		return "branch", "", true
	case "":
		for _, tt := range textTypes {
			if tt.re.MatchString(t) {
				return tt.typ, "", true
			}
		}
	}
	return "", "", false
}

// Summary is a parsed `.kiln/archive/phase_<NN>/phase_summary.md`.
type Summary struct {
	Path           string
	Status         string
	Started        string
	Completed      string
	TasksTotal     string
	TasksSucceeded string
	TasksFailed    string
	ReviewVerdict  string
}

func parseSummary(path string, data []byte) Summary {
	d := parseMemory(data)
	v := func(k string) string {
		if s := d.value(k); s != "" {
			return s
		}
		// Keys may sit under any heading in a summary.
		for _, sec := range d.sections {
			for _, f := range d.fields[sec.name] {
				if f.key == k && !f.null {
					return strings.TrimSpace(f.value)
				}
			}
		}
		return ""
	}
	return Summary{Path: path, Status: v("status"), Started: v("started"), Completed: v("completed"),
		TasksTotal: v("tasks_total"), TasksSucceeded: v("tasks_succeeded"), TasksFailed: v("tasks_failed"),
		ReviewVerdict: v("review_verdict")}
}

// Describe is one line about the archive's proof: "tasks 5/5, review
// approved, completed 2026-02-19T16:00:00Z".
func (s Summary) Describe() string { return s.describe(&englishMem) }

// describe is Describe in tx's words.
func (s Summary) describe(tx *MemText) string {
	var parts []string
	if s.TasksSucceeded != "" && s.TasksTotal != "" {
		parts = append(parts, tx.Tasks.F(s.TasksSucceeded, s.TasksTotal))
	}
	if s.ReviewVerdict != "" {
		parts = append(parts, tx.ReviewVerdict.F(s.ReviewVerdict))
	}
	if s.Completed != "" {
		parts = append(parts, tx.Completed.F(s.Completed))
	}
	return strings.Join(parts, ", ")
}
