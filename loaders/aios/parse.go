package aios

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/lazyre"
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

// Timestamps are read as aios-core reads last_updated: new Date(value)
// on what js-yaml loaded. toISOString() writes RFC 3339 in UTC with
// milliseconds; hand-edited files carry other valid ISO forms.
//   - With a zone (Z or an offset): that instant.
//   - A YAML timestamp without a zone, written plain (2026-02-15 10:30:00):
//     js-yaml reads it as UTC.
//   - A date alone: UTC (new Date reads ISO dates as UTC).
//   - A date and time without a zone written as a string, and any time
//     without seconds (2026-02-15T10:30, which YAML does not take for a
//     timestamp): new Date reads it as local time, and so does pickup.
//
// The forms toISOString never writes come with a note saying how they
// were read.
var (
	zonedLayouts = []string{
		time.RFC3339Nano,
		"2006-1-2T15:4:5.999999999Z07:00",
		"2006-1-2t15:4:5.999999999Z07:00",
		"2006-1-2 15:4:5.999999999Z07:00",
		"2006-1-2 15:4:5.999999999 Z07:00",
	}
	zonedNoSeconds    = []string{"2006-1-2T15:4Z07:00", "2006-1-2 15:4Z07:00"}
	zonelessLayouts   = []string{"2006-1-2T15:4:5.999999999", "2006-1-2t15:4:5.999999999", "2006-1-2 15:4:5.999999999"}
	zonelessNoSeconds = []string{"2006-1-2T15:4", "2006-1-2 15:4"}
)

// sections are the parts of session_state both layouts always write; a
// session_state with none of them is a root without a session.
var sections = []string{"workflow", "epic", "progress"}

// jsYAMLTimestamp is the YAML 1.1 timestamp js-yaml loads a plain scalar
// as a Date (a zone-less one in UTC); yaml.v3 does not tag the zone-less
// "T" form as a timestamp, so pickup checks the form itself.
var jsYAMLTimestamp = lazyre.New(`^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?$`)

// readTime reads a timestamp scalar; note, when not empty, says how a
// form toISOString never writes was read.
func readTime(tx *Text, n *yaml.Node) (t time.Time, note string, ok bool) {
	s := str(n)
	if s == "" {
		return time.Time{}, "", false
	}
	parse := func(layouts []string, loc *time.Location) (time.Time, bool) {
		for _, l := range layouts {
			if t, err := time.ParseInLocation(l, s, loc); err == nil {
				return t, true
			}
		}
		return time.Time{}, false
	}
	if t, ok := parse(zonedLayouts, time.UTC); ok {
		return t, "", true
	}
	if t, ok := parse(zonedNoSeconds, time.UTC); ok {
		return t, tx.NoSeconds.F(strconv.Quote(s), t.UTC().Format(time.RFC3339)), true
	}
	yamlTimestamp := n.Kind == yaml.ScalarNode && n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) == 0 && jsYAMLTimestamp.MatchString(s)
	if t, ok := parse(zonelessLayouts, time.UTC); ok {
		if yamlTimestamp {
			return t, "", true // js-yaml reads a zone-less YAML timestamp as UTC
		}
		t, _ = parse(zonelessLayouts, time.Local)
		return t, tx.NoZone.F(strconv.Quote(s), t.Format(time.RFC3339)), true
	}
	if t, ok := parse(zonelessNoSeconds, time.Local); ok {
		return t, tx.NoSecondsNoZone.F(strconv.Quote(s), t.Format(time.RFC3339)), true
	}
	if t, ok := parse([]string{"2006-1-2"}, time.UTC); ok {
		return t, "", true
	}
	var tt time.Time
	if n.ShortTag() == "!!timestamp" && n.Decode(&tt) == nil {
		return tt, "", true
	}
	return time.Time{}, "", false
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
	return parseSessionDoc(&english, project, path, data, &doc, err)
}

// parseSessionDoc is parseSession on data already read into doc (err is
// yaml.Unmarshal's answer), so Load parses a large file once for both
// the session and its story artifacts.
func parseSessionDoc(t *Text, project, path string, data []byte, doc *yaml.Node, uerr error) *model.Session {
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
		// Seed 001's crash message lists three options: REVIEW is not
		// offered after a crash (its rule, not every protocol's).
		Policy: map[model.Choice]model.ChoicePolicy{model.Review: {HiddenAfterCrash: true}},
	}
	corrupted := func(line int, detail string) *model.Session {
		// yaml.v3 places an empty document's null node on the line after
		// the "---" (past the end of a file without a final newline).
		line = min(line, lineCount(data))
		s.Problem = &model.LoadError{Kind: model.ErrCorrupted, Path: path, Line: line, Detail: detail}
		return s
	}

	if uerr != nil {
		return corrupted(errLine(uerr), yamlDetail(uerr))
	}
	ss, line, detail := stateMapping(t, doc)
	if ss == nil {
		return corrupted(line, detail)
	}
	s.Context = map[string]any{}
	s.Outcomes = map[model.Choice]string{}
	warn := func(w string) { s.Warnings = append(s.Warnings, w) }

	readLastUpdated(t, s, ss, warn)
	wfKey, wf := pair(ss, "workflow")
	switch {
	case wfKey == nil:
		warn(t.NoWorkflow)
	case !isMap(wf):
		warn(t.BadWorkflow.F(t.kind(wf)))
		wf = nil
	}

	lay := detectLayout(ss)
	section := func(key string) *yaml.Node {
		k, v := pair(ss, key)
		if k == nil || isNull(v) {
			return nil
		}
		if !isMap(v) {
			warn(t.BadSection.F(key, t.kind(v)))
			return nil
		}
		return v
	}
	epic, progress := section("epic"), section("progress")
	lastAction, snapshot := section("last_action"), section("context_snapshot")
	crash := section("crash_recovery")

	if v := get(ss, "version"); v != nil && !slices.Contains(knownVersions, str(v)) {
		warn(t.UnknownVersion.F(strconv.Quote(str(v))))
	}

	epicTitle, epicID := str(get(epic, "title")), str(get(epic, "id"))
	rawStory := str(get(progress, "current_story"))
	story := storyID(rawStory)

	// Units: stories done out of the epic's total.
	counts := countStories(epic, progress)
	s.Units, s.UnitsLabel = &model.Progress{Done: counts.done, Total: counts.total}, "stories"

	readLastAction(t, s, lastAction, lay, warn)

	rawCurrent, phaseField, completed := readPhases(t, s, wf, warn)

	// Summary.
	s.Fields = []model.Field{
		{Key: "epic", Label: "Epic", Value: or(epicTitle, "Unknown Epic")},
		{Key: "story", Label: "Story", Value: or(story, "Unknown")},
		{Key: "phase", Label: "Phase", Value: phaseField},
	}
	if !counts.totalKnown && counts.done > 0 {
		// The squad layout records no total: say what can be counted.
		s.Fields = append(s.Fields, model.Field{Key: "stories", Label: "Stories", Value: counts.describe(t, story)})
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
	// Where the run took place, for the context guard, and when its
	// workflow started, for VETO-2's classes.
	s.Recorded.Branch = s.Branch
	if started, _, ok := readTime(t, get(wf, "started_at")); ok {
		s.Recorded.Started = started
	}
	instructions := str(get(ss, "resume_instructions"))
	s.Handoff = model.Handoff{Note: instructions}

	if crash != nil && strings.EqualFold(str(get(crash, "is_crash")), "true") {
		files, _ := strs(get(crash, "uncommitted_files"))
		warn(t.crashRecorded(str(get(crash, "last_active_phase")), len(files)))
	}

	// What CONTINUE hands to the agent: the story as the file names it
	// (aios-core's own CONTINUE returns progress.current_story as is).
	s.Context["story"] = rawStory
	s.Context["epic"] = epicTitle
	s.Context["epic_id"] = epicID
	s.Context["phase"] = s.ResumePoint.Phase
	s.Context["completed_phases"] = completed
	s.Context["state_file"] = rel
	if attempts, ok := integer(get(wf, "attempt_count")); ok {
		s.Context["attempt_count"] = attempts
	}
	if s.Branch != "" {
		s.Context["branch"] = s.Branch
	}
	if instructions != "" {
		s.Context["resume_instructions"] = instructions
	}
	if len(s.Outcomes) == 0 {
		s.Outcomes = nil
	}
	return s
}

// stateMapping is the file's session_state mapping; nil, with the line
// and the detail of the problem, when the file is corrupted.
func stateMapping(t *Text, doc *yaml.Node) (ss *yaml.Node, line int, detail string) {
	root := docRoot(doc)
	if root == nil {
		return nil, 0, t.Empty
	}
	if d := duplicateKey(root); d != nil {
		return nil, d.Line, t.DuplicateKey.F(strconv.Quote(d.Value))
	}
	if !isMap(root) {
		return nil, root.Line, t.TopLevel.F(t.kind(root))
	}
	ssKey, ss := pair(root, "session_state")
	if ssKey == nil {
		return nil, root.Line, t.NoKey
	}
	if !isMap(ss) {
		return nil, ssKey.Line, t.NotMapping.F(t.kind(ss))
	}
	if !slices.ContainsFunc(sections, func(k string) bool { return has(ss, k) }) {
		return nil, ssKey.Line, t.NoSections.F(t.list(sections, t.Or))
	}
	return ss, 0, ""
}

// readLastUpdated reads last_updated as aios-core reads it (new Date());
// a form it would not read, or none, leaves the time unknown (no crash
// can be detected) with a warning. The session stays resumable.
func readLastUpdated(t *Text, s *model.Session, ss *yaml.Node, warn func(string)) {
	luKey, lu := pair(ss, "last_updated")
	if luKey == nil {
		warn(t.NoLastUpdated)
		return
	}
	when, note, ok := readTime(t, lu)
	if !ok {
		warn(t.BadLastUpdated.F(t.kind(lu)))
		return
	}
	s.LastUpdated, s.HasLastUpdated = when, true
	if note != "" {
		warn(t.LastUpdatedNote.F(note))
	}
}

// readLastAction reads the last action (core layout only; the seed
// layout records none, so its crash rule is silence alone).
func readLastAction(t *Text, s *model.Session, lastAction *yaml.Node, lay layout, warn func(string)) {
	typ := str(get(lastAction, "type"))
	if typ == "" {
		if lay == layoutCore {
			warn(t.NoAction)
		}
		return
	}
	up := strings.ToUpper(typ)
	if !slices.Contains(ActionTypes, up) {
		warn(t.UnknownAction.F(strconv.Quote(typ)))
	}
	s.LastAction = &model.LastAction{Type: typ, Clean: slices.Contains(CleanStops, up)}
}

// readPhases reads the phases, a story's six-phase cycle or the
// greenfield workflow: the current phase as written, the phase field's
// value, and the phases completed.
func readPhases(t *Text, s *model.Session, wf *yaml.Node, warn func(string)) (rawCurrent, phaseField string, completed []string) {
	cpNode := get(wf, "current_phase")
	rawCurrent = str(cpNode)
	if cpNode != nil && cpNode.Kind != yaml.ScalarNode {
		warn(t.BadCurrentPhase.F(t.kind(cpNode)))
	}
	completed = []string{}
	phaseField = or(rawCurrent, "none")
	if n, bare, ok := greenfieldPhase(rawCurrent); ok {
		greenfield(t, s, wf, rawCurrent, n, bare)
		if n >= 0 {
			phaseField += t.GreenfieldField.F(n, greenfieldTitles[n])
		}
	} else {
		completed = cyclePhases(t, s, wf, cpNode, warn)
	}
	return rawCurrent, phaseField, completed
}

// cyclePhases fills the six phases of a story's development cycle from
// workflow (nil when the file has none) and the resume point, and returns
// the completed phases' names. A current_phase that is no phase of the
// cycle is phase_not_found.
func cyclePhases(t *Text, s *model.Session, wf, cpNode *yaml.Node, warn func(string)) []string {
	rawCurrent := str(cpNode)
	current, phaseOK := "", true
	if rawCurrent != "" {
		current, phaseOK = normPhase(rawCurrent)
		if !phaseOK {
			current = ""
			s.Problem = &model.LoadError{
				Kind: model.ErrPhaseNotFound, Path: s.Path, Line: cpNode.Line,
				Detail: t.PhaseNotFound.F(strconv.Quote(rawCurrent), t.list(Phases, t.And)),
			}
		}
	}
	completedSet := map[string]bool{}
	if l, ok := strs(get(wf, "completed_phases")); ok {
		for _, name := range l {
			if p, ok := normPhase(name); ok {
				completedSet[p] = true
			} else {
				warn(t.UnknownCompleted.F(strconv.Quote(name)))
			}
		}
	}
	// phase_results keys: Bob's names, or the executor's phase ids
	// (1_validation...), which the producer maps to names itself.
	results := map[string]*yaml.Node{}
	if pr := get(wf, "phase_results"); isMap(pr) {
		for i := 0; i+1 < len(pr.Content); i += 2 {
			name := pr.Content[i].Value
			if p, ok := normPhase(name); ok {
				results[p] = resolve(pr.Content[i+1])
			} else {
				warn(t.UnknownResult.F(strconv.Quote(name)))
			}
		}
	}
	attempts, attemptsOK := integer(get(wf, "attempt_count"))
	perPhase := map[string]int{}
	if pa := get(wf, "phase_attempts"); isMap(pa) {
		for i := 0; i+1 < len(pa.Content); i += 2 {
			if p, ok := normPhase(pa.Content[i].Value); ok {
				if n, ok := integer(resolve(pa.Content[i+1])); ok {
					perPhase[p] = n
				}
			}
		}
	}

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
				ph.Detail = t.Attempt.F(attempts)
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
		if n := perPhase[name]; ph.Detail == "" && n > 0 {
			ph.Detail = t.Attempts.N(n)
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
		s.ResumePoint = model.ResumePoint{Reason: t.NotASixPhase.F(strconv.Quote(rawCurrent))}
	case current != "":
		as := ""
		if rawCurrent != current {
			as = rawCurrent
		}
		reason := t.currentIs(as)
		// The executor saves a phase's result before it moves on: the
		// phase after it was running when the file was last written.
		if r, ok := results[current]; ok {
			if res := resultWord(r); res != "" {
				reason += t.ResultRecorded.F(res, current)
			}
		}
		s.ResumePoint = model.ResumePoint{Phase: current, Reason: reason}
	default:
		s.ResumePoint = nextPhase(t, s.Phases)
	}
	return completed
}

// resultWord is a phase result's word: result, else status.
func resultWord(res *yaml.Node) string {
	if !isMap(res) {
		return str(res)
	}
	return or(str(get(res, "result")), str(get(res, "status")))
}

// storyID is a story's id as people name it: progress.current_story as
// written, or, when it is a story file's path (aios-core's workflow
// executor records the path, and a migrated session keeps it), the id
// the file is named for.
func storyID(raw string) string {
	if strings.ContainsAny(raw, `/\`) && strings.HasSuffix(raw, ".story.md") {
		return strings.TrimSuffix(filepath.Base(filepath.FromSlash(raw)), ".story.md")
	}
	return raw
}

// storyCounts are the stories done and the epic's total, as far as the
// layout records them.
type storyCounts struct {
	done, total int
	// totalKnown: the total is recorded (epic.total_stories,
	// epic.stories_total, or the pending list), not merely zero.
	totalKnown bool
	doneIDs    []string
}

func countStories(epic, progress *yaml.Node) storyCounts {
	var c storyCounts
	if l, ok := strs(get(progress, "stories_done")); ok {
		c.done, c.doneIDs = len(l), l
	} else if n, ok := integer(get(epic, "stories_completed")); ok {
		c.done = n
		c.doneIDs, _ = strs(get(progress, "completed"))
	} else if l, ok := strs(get(progress, "completed")); ok {
		c.done, c.doneIDs = len(l), l
	}
	if n, ok := integer(get(epic, "total_stories")); ok {
		c.total, c.totalKnown = n, true
	} else if n, ok := integer(get(epic, "stories_total")); ok {
		c.total, c.totalKnown = n, true
	} else if l, ok := strs(get(progress, "stories_pending")); ok {
		c.total, c.totalKnown = c.done+len(l), true
	}
	return c
}

// describe says what the squad layout lets pickup count when it records
// no total: the stories done (by id) and the one in progress.
func (c storyCounts) describe(t *Text, current string) string {
	if slices.Contains(c.doneIDs, current) {
		current = ""
	}
	return t.storiesDone(c.done, strings.Join(c.doneIDs, ", "), current)
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
func nextPhase(t *Text, phases []model.Phase) model.ResumePoint {
	last, anyDone := "", false
	for _, ph := range phases {
		anyDone = anyDone || ph.Status == model.PhaseCompleted
	}
	for _, ph := range phases {
		switch {
		case ph.Status == model.PhaseCompleted:
			last = ph.Name
		case ph.Status == model.PhaseFailed:
			return model.ResumePoint{Phase: ph.Name, Reason: t.FailedRunsAgain.F(ph.Name, strconv.Quote(ph.Result))}
		case last != "":
			return model.ResumePoint{Phase: ph.Name, Reason: t.NextAfter.F(last, ph.Name)}
		case anyDone:
			return model.ResumePoint{Phase: ph.Name, Reason: t.FirstNotCompleted.F(ph.Name)}
		default:
			return model.ResumePoint{Phase: ph.Name, Reason: t.StartsAt.F(ph.Name)}
		}
	}
	return model.ResumePoint{Reason: t.AllDone}
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
