package kiln

import (
	"regexp"
	"strings"
	"time"
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

// Event is one line of a phase state file's `## Events`:
// `- [ISO] [Alias] [event_type] — description`.
type Event struct {
	Raw     string    `json:"-"`
	Time    time.Time `json:"-"`
	Stamp   string    `json:"time"` // as written
	Agent   string    `json:"agent"`
	Type    string    `json:"type"`
	Text    string    `json:"description"`
	Line    int       `json:"line"` // 1-based
	HasTime bool      `json:"-"`
}

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
	Status  string // header status: in_progress, complete, partial-failure…
	Branch  string
	Commit  string // phase_start_commit
	Started string
	Events  []Event
	// BadLines are 1-based lines under `## Events` that are not events.
	BadLines []int
}

// Last is the last event in file order (the log is append-only).
func (p *PhaseState) Last() (Event, bool) {
	if p == nil || len(p.Events) == 0 {
		return Event{}, false
	}
	return p.Events[len(p.Events)-1], true
}

// eventRe reads an event line. The separator before the description is an
// em dash; an en dash, hyphens or a colon are accepted too.
var eventRe = regexp.MustCompile(`^\s*[-*+]\s*\[([^\]]*)\]\s*\[([^\]]*)\]\s*\[([^\]]*)\]\s*(?:(?:—|–|--?|:)\s*)?(.*?)\s*$`)

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

// timeLayouts are the timestamp spellings accepted in kiln's files.
var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2006-01-02",
}

// parseTime reads an ISO-8601 timestamp; one without a zone is UTC.
func parseTime(s string) (time.Time, bool) {
	s, _ = unquote(strings.TrimSpace(s))
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false
	}
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// parsePhaseState reads a phase state file. Like MEMORY.md it is lenient:
// header keys anywhere before `## Events`, unreadable event lines noted.
func parsePhaseState(data []byte) *PhaseState {
	d := parseMemory(data)
	p := &PhaseState{
		Status: strings.ToLower(stripComment(d.value("status"))),
		Branch: d.value("branch"), Commit: d.value("phase_start_commit"), Started: d.value("started"),
	}
	s, ok := d.section("events")
	if !ok {
		return p
	}
	for i := s.start; i < s.end; i++ {
		t := d.lines[i].text
		tt := strings.TrimSpace(t)
		if tt == "" || strings.HasPrefix(tt, "#") {
			continue
		}
		m := matchEvent(t)
		if m == nil {
			p.BadLines = append(p.BadLines, i+1)
			continue
		}
		ev := Event{Raw: t, Stamp: strings.TrimSpace(m[1]), Agent: strings.TrimSpace(m[2]),
			Type: strings.ToLower(strings.TrimSpace(m[3])), Text: m[4], Line: i + 1}
		ev.Time, ev.HasTime = parseTime(ev.Stamp)
		p.Events = append(p.Events, ev)
	}
	return p
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
func (s Summary) Describe() string {
	var parts []string
	if s.TasksSucceeded != "" && s.TasksTotal != "" {
		parts = append(parts, "tasks "+s.TasksSucceeded+"/"+s.TasksTotal)
	}
	if s.ReviewVerdict != "" {
		parts = append(parts, "review "+s.ReviewVerdict)
	}
	if s.Completed != "" {
		parts = append(parts, "completed "+s.Completed)
	}
	return strings.Join(parts, ", ")
}
