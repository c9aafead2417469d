package aios

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// layout is which of the two file shapes a state file has.
type layout int

const (
	layoutCore layout = iota // aios-core session-state.js, version '1.2'
	layoutSeed               // seed 001 and its template
)

func (l layout) String() string {
	if l == layoutSeed {
		return "seed"
	}
	return "core"
}

// detectLayout tells the layouts apart by the keys only the core layout
// writes; anything else is read as the seed layout.
func detectLayout(ss *yaml.Node) layout {
	progress, epic := get(ss, "progress"), get(ss, "epic")
	if has(ss, "version") || has(ss, "last_action") || has(ss, "context_snapshot") ||
		has(progress, "stories_done") || has(progress, "stories_pending") || has(epic, "total_stories") {
		return layoutCore
	}
	return layoutSeed
}

// knownVersions are the core layout versions this loader reads.
var knownVersions = []string{"1.0", "1.1", "1.2"}

// timeLayouts are the timestamp spellings accepted for last_updated:
// RFC 3339 with or without fractional seconds, and the other forms YAML's
// timestamp type allows (space separator, no zone meaning UTC, a bare
// date).
var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999 Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

// parseTime reads a timestamp scalar.
func parseTime(n *yaml.Node) (time.Time, bool) {
	s := str(n)
	if s == "" {
		return time.Time{}, false
	}
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	var t time.Time
	if n.Tag == "!!timestamp" && n.Decode(&t) == nil {
		return t, true
	}
	return time.Time{}, false
}

// failureWords are phase results that mean the phase did not pass.
var failureWords = []string{"fail", "failed", "failure", "rejected", "error", "blocked"}

func isFailure(result string) bool {
	return slices.Contains(failureWords, strings.ToLower(strings.TrimSpace(result)))
}

// parseSession maps a state file's bytes onto a Session. It never fails:
// problems come back as Session.Problem.
func parseSession(project, path string, data []byte) *model.Session {
	var doc yaml.Node
	err := yaml.Unmarshal(data, &doc)
	return parseSessionDoc(project, path, data, &doc, err)
}

// parseSessionDoc is parseSession on data already read into doc (err is
// yaml.Unmarshal's answer), so Load parses a large file once for both
// the session and its story artifacts.
func parseSessionDoc(project, path string, data []byte, doc *yaml.Node, uerr error) *model.Session {
	rel, err := filepath.Rel(project, path)
	if err != nil {
		rel = path
	}
	rel = filepath.ToSlash(rel)
	s := &model.Session{
		Source:      SourceName,
		ID:          loaders.SessionID(SourceName, project, path),
		Path:        path,
		Project:     project,
		Title:       rel,
		Fingerprint: fsx.Fingerprint(data),
		Warnings:    []string{},
	}
	corrupted := func(line int, format string, args ...any) *model.Session {
		// yaml.v3 places an empty document's null node on the line after
		// the "---" (past the end of a file without a final newline).
		line = min(line, lineCount(data))
		s.Problem = &model.LoadError{Kind: model.ErrCorrupted, Path: path, Line: line, Detail: fmt.Sprintf(format, args...)}
		return s
	}

	if uerr != nil {
		return corrupted(errLine(uerr), "%s", yamlDetail(uerr))
	}
	root := docRoot(doc)
	if root == nil {
		return corrupted(0, "the file is empty: no session_state mapping")
	}
	if d := duplicateKey(root); d != nil {
		return corrupted(d.Line, "invalid YAML: duplicate key %q", d.Value)
	}
	if !isMap(root) {
		return corrupted(root.Line, "no session_state mapping: the top level is %s", describeKind(root))
	}
	ssKey, ss := pair(root, "session_state")
	if ssKey == nil {
		return corrupted(root.Line, "no session_state key at the top level")
	}
	if !isMap(ss) {
		return corrupted(ssKey.Line, "session_state is %s, not a mapping", describeKind(ss))
	}
	luKey, lu := pair(ss, "last_updated")
	if luKey == nil {
		return corrupted(ssKey.Line, "required field session_state.last_updated is missing")
	}
	updated, ok := parseTime(lu)
	if !ok {
		return corrupted(luKey.Line, "session_state.last_updated is %s, not an ISO 8601 timestamp", describeKind(lu))
	}
	wfKey, wf := pair(ss, "workflow")
	if wfKey == nil {
		return corrupted(ssKey.Line, "required field session_state.workflow is missing")
	}
	if !isMap(wf) {
		return corrupted(wfKey.Line, "session_state.workflow is %s, not a mapping", describeKind(wf))
	}

	s.LastUpdated, s.HasLastUpdated = updated, true
	lay := detectLayout(ss)
	warn := func(format string, args ...any) { s.Warnings = append(s.Warnings, fmt.Sprintf(format, args...)) }
	section := func(key string) *yaml.Node {
		k, v := pair(ss, key)
		if k == nil || isNull(v) {
			return nil
		}
		if !isMap(v) {
			warn("session_state.%s is %s, not a mapping: ignored", key, describeKind(v))
			return nil
		}
		return v
	}
	epic, progress := section("epic"), section("progress")
	lastAction, snapshot := section("last_action"), section("context_snapshot")
	crash := section("crash_recovery")

	if v := get(ss, "version"); v != nil && !slices.Contains(knownVersions, str(v)) {
		warn("unknown session state version %q: read as version 1.2", str(v))
	}

	epicTitle, epicID := str(get(epic, "title")), str(get(epic, "id"))
	story := str(get(progress, "current_story"))

	// Units: stories done out of the epic's total.
	done := 0
	if l, ok := strs(get(progress, "stories_done")); ok {
		done = len(l)
	} else if n, ok := integer(get(epic, "stories_completed")); ok {
		done = n
	} else if l, ok := strs(get(progress, "completed")); ok {
		done = len(l)
	}
	total := 0
	if n, ok := integer(get(epic, "total_stories")); ok {
		total = n
	} else if n, ok := integer(get(epic, "stories_total")); ok {
		total = n
	} else if l, ok := strs(get(progress, "stories_pending")); ok {
		total = done + len(l)
	}
	s.Units, s.UnitsLabel = &model.Progress{Done: done, Total: total}, "stories"

	// Last action (core layout only; the seed layout records none, so
	// its crash rule is silence alone).
	if t := str(get(lastAction, "type")); t != "" {
		up := strings.ToUpper(t)
		if !slices.Contains(ActionTypes, up) {
			warn("unknown last_action.type %q: not treated as a clean stop", t)
		}
		s.LastAction = &model.LastAction{Type: t, Clean: slices.Contains(CleanStops, up)}
	} else if lay == layoutCore {
		warn("no last_action.type recorded: more than 30 minutes of silence counts as a crash")
	}

	// Phases.
	cpNode := get(wf, "current_phase")
	rawCurrent := str(cpNode)
	current, phaseOK := "", true
	if rawCurrent != "" {
		current, phaseOK = normPhase(rawCurrent)
		if !phaseOK {
			current = ""
			s.Problem = &model.LoadError{
				Kind: model.ErrPhaseNotFound, Path: path, Line: cpNode.Line,
				Detail: fmt.Sprintf("workflow.current_phase %q is not a phase of the workflow (the phases are %s)", rawCurrent, quoteList(Phases)),
			}
		}
	}
	completedSet := map[string]bool{}
	if l, ok := strs(get(wf, "completed_phases")); ok {
		for _, name := range l {
			if p, ok := normPhase(name); ok {
				completedSet[p] = true
			} else {
				warn("workflow.completed_phases names unknown phase %q: ignored", name)
			}
		}
	}
	results := map[string]*yaml.Node{}
	if pr := get(wf, "phase_results"); isMap(pr) {
		for i := 0; i+1 < len(pr.Content); i += 2 {
			name := pr.Content[i].Value
			if p, ok := normPhase(name); ok {
				results[p] = resolve(pr.Content[i+1])
			} else {
				warn("workflow.phase_results names unknown phase %q: ignored", name)
			}
		}
	}
	attempts, attemptsOK := integer(get(wf, "attempt_count"))
	phaseAttempts := get(wf, "phase_attempts")

	s.Phases = make([]model.Phase, 0, len(Phases))
	for _, name := range Phases {
		ph := model.Phase{Name: name}
		res, recorded := results[name]
		result := ""
		if recorded {
			if isMap(res) {
				ph.Executor = str(get(res, "executor"))
				ph.Duration = str(get(res, "duration"))
				result = str(get(res, "result"))
				if result == "" {
					result = str(get(res, "status"))
				}
			} else {
				result = str(res)
			}
			ph.Result = result
		}
		switch {
		case name == current:
			ph.Status, ph.Label = model.PhaseInProgress, "current"
			if attemptsOK && attempts > 0 {
				ph.Detail = fmt.Sprintf("attempt %d", attempts)
			}
		case isFailure(result):
			ph.Status, ph.Label = model.PhaseFailed, result
		case completedSet[name] || recorded:
			ph.Status, ph.Label = model.PhaseCompleted, "done"
			if result != "" {
				ph.Label = result
			}
		default:
			ph.Status, ph.Label = model.PhasePending, "pending"
		}
		if n, ok := integer(get(phaseAttempts, name)); ok && ph.Detail == "" && n > 0 {
			ph.Detail = fmt.Sprintf("%d attempt(s)", n)
		}
		s.Phases = append(s.Phases, ph)
	}
	s.Progress = model.Progress{Done: s.PhasesDone(), Total: len(Phases)}
	completed := []string{}
	for _, ph := range s.Phases {
		if ph.Status == model.PhaseCompleted {
			completed = append(completed, ph.Name)
		}
	}

	// Where CONTINUE picks up, and why.
	switch {
	case !phaseOK:
		s.ResumePoint = model.ResumePoint{Reason: fmt.Sprintf("current_phase %q is not one of the six phases: RESTART starts the story again at validation", rawCurrent)}
	case current != "":
		s.ResumePoint = model.ResumePoint{Phase: current, Reason: "current_phase is " + current}
	default:
		s.ResumePoint = nextPhase(s.Phases)
	}

	// Summary.
	s.Fields = []model.Field{
		{Key: "epic", Label: "Epic", Value: or(epicTitle, "Unknown Epic")},
		{Key: "story", Label: "Story", Value: or(story, "Unknown")},
		{Key: "phase", Label: "Phase", Value: or(rawCurrent, "none")},
	}
	s.Title = or(epicTitle, or(epicID, "Unknown Epic"))
	if story != "" {
		s.Title += " / story " + story
	}
	s.Stage = story
	s.Status = rawCurrent
	if s.Status == "" && s.LastAction != nil {
		s.Status = s.LastAction.Type
	}
	s.Branch = str(get(snapshot, "branch"))
	instructions := str(get(ss, "resume_instructions"))
	s.Handoff = model.Handoff{Note: instructions}

	if crash != nil && strings.EqualFold(str(get(crash, "is_crash")), "true") {
		msg := "the state file records a crash (crash_recovery.is_crash: true"
		if p := str(get(crash, "last_active_phase")); p != "" {
			msg += ", last active phase " + p
		}
		if files, ok := strs(get(crash, "uncommitted_files")); ok && len(files) > 0 {
			msg += fmt.Sprintf(", %d uncommitted file(s) listed", len(files))
		}
		warn("%s)", msg)
	}

	// What CONTINUE hands to the agent.
	s.Context = map[string]any{
		"story":            story,
		"epic":             epicTitle,
		"epic_id":          epicID,
		"phase":            s.ResumePoint.Phase,
		"completed_phases": completed,
		"state_file":       rel,
	}
	if attemptsOK {
		s.Context["attempt_count"] = attempts
	}
	if s.Branch != "" {
		s.Context["branch"] = s.Branch
	}
	if instructions != "" {
		s.Context["resume_instructions"] = instructions
	}
	return s
}

// lineCount is how many lines data has as YAML counts them: "\n",
// "\r\n" and a lone "\r" each end one.
func lineCount(data []byte) int {
	n := 1
	for i, b := range data {
		if b == '\n' || (b == '\r' && (i+1 == len(data) || data[i+1] != '\n')) {
			n++
		}
	}
	return n
}

// nextPhase is the resume point when no phase is current: the first
// phase not completed, with the reason.
func nextPhase(phases []model.Phase) model.ResumePoint {
	last, anyDone := "", false
	for _, ph := range phases {
		anyDone = anyDone || ph.Status == model.PhaseCompleted
	}
	for _, ph := range phases {
		switch {
		case ph.Status == model.PhaseCompleted:
			last = ph.Name
		case ph.Status == model.PhaseFailed:
			return model.ResumePoint{Phase: ph.Name, Reason: fmt.Sprintf("no current_phase; %s recorded %q, so it runs again", ph.Name, ph.Result)}
		case last != "":
			return model.ResumePoint{Phase: ph.Name, Reason: fmt.Sprintf("%s completed; %s is next", last, ph.Name)}
		case anyDone:
			return model.ResumePoint{Phase: ph.Name, Reason: fmt.Sprintf("no current_phase; %s is the first phase not completed", ph.Name)}
		default:
			return model.ResumePoint{Phase: ph.Name, Reason: "no current_phase and no phase completed: the story starts at " + ph.Name}
		}
	}
	return model.ResumePoint{Reason: "all six phases are completed: the story is finished"}
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
