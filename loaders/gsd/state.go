package gsd

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/lazyre"
)

// stateDoc is what pickup reads of .planning/STATE.md: the frontmatter
// GSD's tools write (get-shit-done/bin/lib/state.cjs,
// buildStateFrontmatter) and the body lines of the template's
// "## Current Position" and "## Session Continuity". Every part is
// optional: real files drift (no frontmatter, no Phase: line, bold
// labels, prose statuses).
type stateDoc struct {
	FM struct {
		Milestone     string `yaml:"milestone"`
		MilestoneName string `yaml:"milestone_name"`
		Status        string `yaml:"status"`
		StoppedAt     string `yaml:"stopped_at"`
		PausedAt      string `yaml:"paused_at"`
		LastUpdated   string `yaml:"last_updated"`
		LastActivity  string `yaml:"last_activity"`
		CurrentPhase  any    `yaml:"current_phase"`
		NextAction    string `yaml:"next_action"`
		Progress      struct {
			TotalPhases     int `yaml:"total_phases"`
			CompletedPhases int `yaml:"completed_phases"`
			TotalPlans      int `yaml:"total_plans"`
			CompletedPlans  int `yaml:"completed_plans"`
			Percent         int `yaml:"percent"`
		} `yaml:"progress"`
	}
	HasFM   bool
	FMError string // the frontmatter did not read as YAML

	Phase        string // the body's "Phase:" value, as written
	PhaseNum     string // its leading number, "4", "02.1"
	Plan         string
	Status       string
	LastActivity string
	LastSession  string
	StoppedAt    string
	ResumeFile   string
}

// splitFrontmatter cuts a "---" block at byte 0 from the body.
func splitFrontmatter(data []byte) (fm string, body []byte) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !bytes.HasPrefix(data, []byte("---")) {
		return "", data
	}
	rest := data[3:]
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 || strings.TrimSpace(string(rest[:nl])) != "" {
		return "", data
	}
	rest = rest[nl+1:]
	for off := 0; off <= len(rest); {
		end := bytes.IndexByte(rest[off:], '\n')
		line := rest[off:]
		if end >= 0 {
			line = rest[off : off+end]
		}
		if strings.TrimRight(string(line), " \t\r") == "---" {
			body := []byte{}
			if end >= 0 {
				body = rest[off+end+1:]
			}
			return string(rest[:off]), body
		}
		if end < 0 {
			break
		}
		off += end + 1
	}
	return "", data
}

// label reads "Label: value" lines, also "**Label:** value" and
// "- **Label**: value".
var label = lazyre.New(`(?m)^[ \t>*-]*\**([A-Za-z][A-Za-z ]{1,30}?)\**[ \t]*:\**[ \t]*(.*)$`)

var leadingNum = lazyre.New(`^\**\s*(?:Phase\s+)?([0-9]+(?:\.[0-9]+)*)`)

// parseState reads STATE.md leniently.
func parseState(data []byte) stateDoc {
	var s stateDoc
	fm, body := splitFrontmatter(data)
	if fm != "" {
		s.HasFM = true
		if err := yaml.Unmarshal([]byte(fm), &s.FM); err != nil {
			s.FMError = firstLine(err.Error())
		}
	}
	for _, m := range label.Compiled().FindAllSubmatch(body, -1) {
		key := strings.ToLower(strings.TrimSpace(string(m[1])))
		val := strings.TrimSpace(strings.TrimRight(string(m[2]), " \r"))
		val = strings.TrimSpace(strings.Trim(val, "*` "))
		set := func(dst *string) {
			if *dst == "" {
				*dst = val
			}
		}
		switch key {
		case "phase":
			set(&s.Phase)
		case "plan":
			set(&s.Plan)
		case "status":
			set(&s.Status)
		case "last activity":
			set(&s.LastActivity)
		case "last session":
			set(&s.LastSession)
		case "stopped at":
			set(&s.StoppedAt)
		case "resume file":
			set(&s.ResumeFile)
		}
	}
	if m := leadingNum.FindStringSubmatch(s.Phase); m != nil {
		s.PhaseNum = m[1]
	} else if s.FM.CurrentPhase != nil {
		if m := leadingNum.FindStringSubmatch(toString(s.FM.CurrentPhase)); m != nil {
			s.PhaseNum = m[1]
		}
	}
	return s
}

func toString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// normStatus is GSD's normalizeStateStatus: the frontmatter's word for
// a body Status (get-shit-done state-document normalizeStateStatus),
// first match wins.
func normStatus(body string) string {
	s := strings.ToLower(body)
	switch {
	case s == "":
		return ""
	case strings.Contains(s, "paused") || strings.Contains(s, "stopped"):
		return "paused"
	case strings.Contains(s, "executing") || strings.Contains(s, "in progress"):
		return "executing"
	case strings.Contains(s, "planning") || strings.Contains(s, "ready to plan"):
		return "planning"
	case strings.Contains(s, "discussing"):
		return "discussing"
	case strings.Contains(s, "verif"):
		return "verifying"
	case strings.Contains(s, "complete") || strings.Contains(s, "done"):
		return "completed"
	case strings.Contains(s, "ready to execute"):
		return "executing"
	}
	return body
}

// status is the session's status word: the frontmatter's, else the
// body's normalized.
func (s *stateDoc) status() string {
	if s.FM.Status != "" {
		return s.FM.Status
	}
	return normStatus(s.Status)
}

// complete says the state calls the work (phase or milestone) complete.
func (s *stateDoc) complete() bool {
	st := strings.ToLower(s.status())
	return strings.Contains(st, "complete") || st == "done" || strings.Contains(st, "shipped")
}

// isText reports whether data reads as text: valid UTF-8, no NUL.
func isText(data []byte) bool {
	return bytes.IndexByte(data, 0) < 0 && utf8.Valid(data)
}

// roadmap is what pickup reads of ROADMAP.md: each phase's name, and
// which phases it marks complete (a ticked checkbox, a Progress table
// row saying Complete, or a shipped milestone's <details> block naming
// its phase range).
type roadmap struct {
	Names  map[string]string // numKey -> name
	Order  []string          // numKeys in the file's order
	Marked map[string]bool   // numKey -> marked complete
	// Unticked are the phases whose checkbox is there, unticked.
	Unticked map[string]bool
}

var (
	rmBox      = lazyre.New(`^\s*[-*]\s*\[([ xX])\]\s*\**\s*Phase\s+([0-9]+(?:\.[0-9]+)*|[A-Za-z][0-9]+)\s*[:.—–-]?\s*([^*(]*)`)
	rmHead     = lazyre.New(`^#{2,4}\s*Phase\s+([0-9]+(?:\.[0-9]+)*|[A-Za-z][0-9]+)\s*[:.—–-]?\s*(.*)$`)
	rmTable    = lazyre.New(`^\|\s*\**\s*([0-9]+(?:\.[0-9]+)*)\.?\s*([^|]*?)\**\s*\|.*\|\s*\**(Complete|Completed|Done|Shipped)\b`)
	rmShipped  = lazyre.New(`(?i)<summary>.*(✅|shipped|complete)`)
	rmRange    = lazyre.New(`(?i)Phases?\s*\**\s*([0-9]+)\s*\**\s*(?:–|—|-|to)\s*\**\s*([0-9]+)`)
	rmDetailsE = lazyre.New(`(?i)</details>`)
	// a detail block's own status line: "**Status:** ✅ Complete".
	rmStatus = lazyre.New(`(?i)^\s*\**Status:?\**:?\s*(✅|\[x\])?\s*\**(Complete|Completed|Done|Shipped)\b`)
)

func parseRoadmap(data []byte) roadmap {
	r := roadmap{Names: map[string]string{}, Marked: map[string]bool{}, Unticked: map[string]bool{}}
	cur := "" // the phase whose detail block the line is in
	name := func(key, n string) {
		n = strings.TrimSpace(strings.Trim(strings.TrimSpace(n), "*"))
		if _, ok := r.Names[key]; !ok {
			r.Order = append(r.Order, key)
		}
		if r.Names[key] == "" && n != "" {
			r.Names[key] = n
		}
	}
	shipped := false
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		if m := rmBox.FindStringSubmatch(line); m != nil {
			key := numKey(m[2])
			name(key, strings.TrimSpace(strings.SplitN(m[3], " - ", 2)[0]))
			if m[1] != " " {
				r.Marked[key] = true
			} else {
				r.Unticked[key] = true
			}
			continue
		}
		if m := rmHead.FindStringSubmatch(line); m != nil {
			cur = numKey(m[1])
			name(cur, m[2])
			if shipped {
				r.Marked[numKey(m[1])] = true
			}
			continue
		}
		if m := rmTable.FindStringSubmatch(line); m != nil {
			r.Marked[numKey(m[1])] = true
			continue
		}
		if cur != "" && rmStatus.MatchString(line) {
			r.Marked[cur] = true
			continue
		}
		if rmShipped.MatchString(line) {
			shipped = true
			if m := rmRange.FindStringSubmatch(line); m != nil {
				lo, _ := strconv.Atoi(m[1])
				hi, _ := strconv.Atoi(m[2])
				for n := lo; n <= hi && hi-lo < 1000; n++ {
					r.Marked[strconv.Itoa(n)] = true
				}
			}
			continue
		}
		if rmDetailsE.MatchString(line) {
			shipped = false
		}
	}
	return r
}

// handoff is .planning/HANDOFF.json, written by /gsd:pause-work
// (get-shit-done/workflows/pause-work.md). Real files add keys and give
// strings where lists belong; every field is read leniently.
type handoff struct {
	Timestamp   string
	Status      string
	Phase       string
	PhaseName   string
	Plan        string
	Task        string
	TotalTasks  string
	NextAction  string
	Blockers    []string
	HumanAction []string
	Notes       []string
	Remaining   []string
}

func parseHandoff(data []byte) (handoff, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return handoff{}, err
	}
	str := func(k string) string { return jsonText(raw[k]) }
	h := handoff{
		Timestamp: str("timestamp"), Status: str("status"), Phase: str("phase"),
		PhaseName: str("phase_name"), Plan: str("plan"), Task: str("task"),
		TotalTasks: str("total_tasks"), NextAction: str("next_action"),
		Blockers: jsonList(raw["blockers"]), HumanAction: jsonList(raw["human_actions_pending"]),
		Notes: jsonList(raw["context_notes"]), Remaining: jsonList(raw["remaining_tasks"]),
	}
	if len(h.Notes) == 0 {
		h.Notes = jsonList(raw["context"])
	}
	return h, nil
}

// jsonText is a JSON scalar as text ("" for null, objects, lists).
func jsonText(m json.RawMessage) string {
	var v any
	if json.Unmarshal(m, &v) != nil {
		return ""
	}
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

// jsonList is a list of strings or of objects (their description, name
// or first text value), or one string.
func jsonList(m json.RawMessage) []string {
	var v any
	if json.Unmarshal(m, &v) != nil {
		return nil
	}
	var out []string
	add := func(x any) {
		switch y := x.(type) {
		case string:
			if strings.TrimSpace(y) != "" {
				out = append(out, y)
			}
		case map[string]any:
			for _, k := range []string{"description", "name", "action", "task", "id"} {
				if s, ok := y[k].(string); ok && s != "" {
					out = append(out, s)
					return
				}
			}
		}
	}
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			add(e)
		}
	default:
		add(x)
	}
	return out
}

// agentEntry is one agent-history.json entry (execute-plan's
// init_agent_tracking step).
type agentEntry struct {
	AgentID   string `json:"agent_id"`
	Task      string `json:"task_description"`
	Phase     string `json:"phase"`
	Plan      any    `json:"plan"`
	Timestamp string `json:"timestamp"`
	Status    string `json:"status"`
}

// findAgent is the history's newest entry for id.
func findAgent(data []byte, id string) (agentEntry, bool) {
	var h struct {
		Entries []agentEntry `json:"entries"`
	}
	if json.Unmarshal(data, &h) != nil {
		return agentEntry{}, false
	}
	for i := len(h.Entries) - 1; i >= 0; i-- {
		if h.Entries[i].AgentID == id {
			return h.Entries[i], true
		}
	}
	return agentEntry{}, false
}
