package kiln

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/internal/promptdoc"
	"github.com/pickup-dev/pickup/model"
)

// Eras C, D and E keep "# Kiln State" in .kiln/STATE.md, with
// "- **key**: value" bullets under "## Section" headings, rewritten by
// the conductor (an agent) at every step or stage transition:
//
//   - era C (kiln 1.x, 2026-03-08 .. 04-25): ## Pipeline (skill, roster,
//     stage, team_iteration or build_iteration, chunk_count,
//     correction_cycle, milestone_count, milestones_complete,
//     plugin_version, run_id, started, updated, step_N_start/end),
//     ## Project (Name, Type, Path), ## Flags; seven steps;
//   - era D (v2.0.x): **schema_version**: 2; ## Schema (stage, mode,
//     plan_approval, testing_rigor, last_completed_stage, next_action,
//     started_at, updated_at), ## Project, ## Execution, ## Required
//     Artifacts, ## Supporting Artifacts, ## Step Timing; unset values
//     are "pending";
//   - era E (v3.0.0 .. v3.1.2): schema_version 3, a gauge step, and the
//     append-only .kiln/events.jsonl ({seq, ts, type, stage, data, git}).
//
// Each resumes with /kiln-fire in the project (or /kiln-fire <path>):
// the conductor reads STATE.md, routes to the stage's step and runs it
// from its beginning; nothing is written back on resume.

// Steps of each era, in order.
var (
	StepsC = []string{"onboarding", "brainstorm", "research", "architecture", "build", "validate", "report"}
	StepsD = StepsC
	StepsE = []string{"onboarding", "brainstorm", "gauge", "research", "architecture", "build", "validate", "report"}
)

// ResumeFailedC is kiln 1.x's own message for a STATE.md without a valid
// stage (kiln-pipeline SKILL.md, "On resume", v1.5.7).
const ResumeFailedC = "Kiln resume failed: .kiln/STATE.md is missing a valid stage. Expected one of onboarding, brainstorm, research, architecture, build, validate, report, complete. Fix .kiln/STATE.md or remove it to start fresh."

var (
	boldLineRe  = lazyre.New(`^\s*[-*+]\s+\*\*([^*]+?)\*\*\s*:?\s*(?:\*\*)?\s*:?\s*(.*)$`)
	plainLineRe = lazyre.New(`^\s*(?:[-*+]\s+)?([A-Za-z][A-Za-z0-9_ ]*?)\s*:\s*(.*)$`)
)

// docCE is a parsed "# Kiln State" file.
type docCE struct {
	lines  []string
	values map[string]string // first value of each key (lower case)
	keys   []string          // keys in order
	dups   []string
}

func parseStateCE(data []byte) *docCE {
	d := &docCE{values: map[string]string{}}
	text := strings.TrimPrefix(strings.ReplaceAll(string(data), "\r\n", "\n"), utf8BOM)
	inFence := false
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		d.lines = append(d.lines, l)
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") {
			inFence = !inFence
			continue
		}
		if inFence || t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		m := boldLineRe.FindStringSubmatch(l)
		if m == nil {
			m = plainLineRe.FindStringSubmatch(l)
		}
		if m == nil {
			continue
		}
		k := strings.ToLower(strings.TrimSpace(m[1]))
		v := strings.TrimSpace(m[2])
		if _, seen := d.values[k]; seen {
			d.dups = append(d.dups, k)
			continue
		}
		d.values[k] = v
		d.keys = append(d.keys, k)
	}
	return d
}

// value is a key's value, "" when absent or unset ("pending", "none",
// "null", "-").
func (d *docCE) value(k string) string {
	v, _ := unquote(strings.TrimSpace(d.values[k]))
	switch strings.ToLower(v) {
	case "pending", "none", "null", "-", "~":
		return ""
	}
	return v
}

func (d *docCE) number(k string) (int, bool) { return atoi(d.value(k)) }

// eventE is one events.jsonl line.
type eventE struct {
	Seq   int             `json:"seq"`
	TS    string          `json:"ts"`
	Type  string          `json:"type"`
	Stage string          `json:"stage"`
	Data  json.RawMessage `json:"data"`
	time  time.Time
}

// runCE is everything read for one era C, D or E session.
type runCE struct {
	root, path, kilnDir string
	// started is STATE.md's start, for VETO-2's classes. Its project
	// path is only a warning (Moved): kiln never compares it, and
	// CONTINUE writes nothing, so the context guard is not asked.
	started          time.Time
	era              era
	data             []byte
	doc              *docCE
	steps            []string
	stage            string
	complete         bool
	updated          time.Time
	hasUpdated       bool
	resume           string // resume.md
	events           []eventE
	warnings         []string
	where, why, cont string
	all              *Text
	tx               *CEText
}

func (r *runCE) warn(format string, args ...any) {
	r.warnings = append(r.warnings, fmt.Sprintf(format, args...))
}

func loadC(tx *Text, root, path string, data []byte) *model.Session {
	return loadCE(tx, root, path, data, eraC)
}

func loadDE(tx *Text, root, path string, data []byte, e era) *model.Session {
	return loadCE(tx, root, path, data, e)
}

// loadCE reads a "# Kiln State" file of era C, D or E.
func loadCE(tx *Text, root, path string, data []byte, e era) *model.Session {
	r := &runCE{all: tx, tx: &tx.CE, root: root, path: path, kilnDir: filepath.Join(root, ".kiln"), era: e, data: data, doc: parseStateCE(data)}
	s := stateSession(root, path, data, e.String())
	r.steps = StepsC
	if e == eraE {
		r.steps = StepsE
	}
	raw := r.doc.value("stage")
	stage, exact, ok := lenient(raw, append(append([]string{}, r.steps...), "complete"))
	if !ok && e != eraE {
		// A gauge stage belongs to kiln 3.0; read it all the same.
		stage, exact, ok = lenient(raw, StepsE)
	}
	if !ok {
		detail := tx.F.StageMissing
		if raw != "" {
			detail = r.tx.BadStage.F(strconv.Quote(raw), strings.Join(r.steps, ", "))
		}
		msg := r.tx.ResumeFailed
		if e != eraC {
			msg = r.tx.NoValidStage.F(detail)
		}
		s.Problem = &model.LoadError{Kind: model.ErrCorrupted, Path: path, Line: r.line("stage"), Detail: detail, Message: msg}
		s.Policy = map[model.Choice]model.ChoicePolicy{model.Discard: archiveFilePolicy(tx, path, tx.State.TheStateMD)}
		return s
	}
	if !exact {
		r.warn("%s", tx.F.StageWritten.F(strconv.Quote(raw), strconv.Quote(stage)))
	}
	r.stage = stage
	r.read()
	r.route()
	r.fill(s)
	return s
}

// line is the 1-based line of a key's bullet, 0 when absent.
func (r *runCE) line(key string) int {
	for i, l := range r.doc.lines {
		m := boldLineRe.FindStringSubmatch(l)
		if m == nil {
			m = plainLineRe.FindStringSubmatch(l)
		}
		if m != nil && strings.ToLower(strings.TrimSpace(m[1])) == key {
			return i + 1
		}
	}
	return 0
}

func (r *runCE) read() {
	d := r.doc
	for _, k := range dedupe(d.dups) {
		r.warn("%s", r.all.F.SetTwice.F(k))
	}
	last := strings.ToLower(d.value("last_completed_stage"))
	r.complete = r.stage == "complete" || last == "report" || last == "complete"
	if r.era == eraD || r.era == eraE {
		if v := d.value("schema_version"); v != "" && v != "2" && v != "3" {
			r.warn("%s", r.tx.SchemaVersion.F(v))
		}
	}
	// The session's time: updated / updated_at, and every step time.
	for _, k := range d.keys {
		if k != "updated" && k != "updated_at" && !strings.HasPrefix(k, "step_") {
			continue
		}
		v := d.value(k)
		if v == "" {
			continue
		}
		t, ok := parseTime(v)
		if !ok {
			if k == "updated" || k == "updated_at" {
				r.warn("%s", r.tx.UpdatedNotISO.F(k, strconv.Quote(v)))
			}
			continue
		}
		if !r.hasUpdated || t.After(r.updated) {
			r.updated, r.hasUpdated = t, true
		}
	}
	for _, k := range []string{"started", "started_at"} {
		if t, ok := parseTime(d.value(k)); ok && r.started.IsZero() {
			r.started = t
		}
	}
	if p := d.value("path"); p != "" && filepath.IsAbs(p) && filepath.Clean(p) != r.root {
		if r.era == eraC {
			r.warn("%s", r.tx.MovedC.F(p, r.root))
		} else {
			r.warn("%s", r.tx.Moved.F(r.tx.ProjectPathKey, p, r.root))
		}
	} else if p := d.value("project_path"); p != "" && filepath.IsAbs(p) && filepath.Clean(p) != r.root {
		r.warn("%s", r.tx.Moved.F("project_path", p, r.root))
	}
	if data, err := readOwn(&r.all.F, filepath.Join(r.kilnDir, "resume.md")); err == nil {
		r.resume = string(data)
	}
	if r.era == eraE {
		r.readEvents()
	}
}

// readEvents reads era E's events.jsonl: the stage brackets and the
// newest event, the session's latest time.
func (r *runCE) readEvents() {
	p := filepath.Join(r.kilnDir, "events.jsonl")
	data, err := readOwn(&r.all.F, p)
	if errors.Is(err, fs.ErrNotExist) {
		r.warn("%s", r.tx.NoEvents)
		return
	}
	if err != nil {
		r.warn("%s", r.tx.CannotReadEvts.F(err.Error()))
		return
	}
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	unterminated := len(data) > 0 && data[len(data)-1] != '\n'
	lines := bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n"))
	var bad []int
	for i, l := range lines {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		var ev eventE
		if err := json.Unmarshal(l, &ev); err != nil || ev.Type == "" {
			if unterminated && i == len(lines)-1 {
				r.warn("%s", r.tx.CutShortEvent.F(len(l)))
				continue
			}
			bad = append(bad, i+1)
			continue
		}
		ev.time, _ = parseTime(ev.TS)
		r.events = append(r.events, ev)
	}
	if len(bad) > 0 {
		r.warn("%s", r.tx.BadEvents.F(lineList(r.all, bad)))
	}
	if n := len(r.events); n > 0 {
		last := r.events[n-1]
		if !last.time.IsZero() && (!r.hasUpdated || last.time.After(r.updated)) {
			r.updated, r.hasUpdated = last.time, true
		}
	}
}

// openStage is the latest stage_started of the session's stage with no
// stage_completed after it.
func (r *runCE) openStage() (eventE, bool) {
	var open *eventE
	for i := range r.events {
		e := &r.events[i]
		if e.Stage != r.stage {
			continue
		}
		switch e.Type {
		case "stage_started":
			open = e
		case "stage_completed":
			open = nil
		}
	}
	if open == nil {
		return eventE{}, false
	}
	return *open, true
}

// route is where the conductor resumes: the stage's step, from its
// beginning; kiln 2.x and 3.0 say what next in next_action.
func (r *runCE) route() {
	t := r.tx
	cmd := t.FromAnywhere.F(pickupFire(r.all, r.root), r.root)
	if r.era == eraC {
		cmd = pickupFire(r.all, r.root)
	}
	if r.complete {
		r.where = t.Complete
		r.why = t.WhyComplete
		if r.stage != "complete" {
			r.why = t.WhyReportDone.F(r.doc.value("last_completed_stage"))
		}
		r.cont = t.ContinueDone
		return
	}
	n := indexOf(r.steps, r.stage) + 1
	if n == 0 {
		n = indexOf(StepsE, r.stage) + 1
	}
	r.where = t.Step.F(n, r.stage)
	var why []string
	switch r.era {
	case eraC:
		why = append(why, t.WhyC.F(r.stage))
		if it, ok := r.doc.number("team_iteration"); ok {
			why = append(why, t.TeamIteration.F(it))
		} else if it, ok := r.doc.number("build_iteration"); ok {
			why = append(why, t.BuildIteration.F(it))
		}
		if c, ok := r.doc.number("chunk_count"); ok && r.stage == "build" {
			why = append(why, t.Chunk.F(c))
		}
	default:
		why = append(why, t.WhyDE.F(r.stage))
		if na := strings.TrimRight(r.doc.value("next_action"), ". "); na != "" {
			why = append(why, t.NextAction.F(na))
		}
	}
	if mc, ok := r.doc.number("milestone_count"); ok && mc > 0 {
		done, _ := r.doc.number("milestones_complete")
		why = append(why, t.Milestones.F(done, mc))
	}
	if c, ok := r.doc.number("correction_cycle"); ok && c > 0 {
		why = append(why, t.Correction.F(c))
	}
	if ev, ok := r.openStage(); ok {
		why = append(why, t.OpenStage.F(ev.Stage, ev.TS, ev.Seq))
	}
	r.why = strings.Join(why, "; ")
	r.cont = t.Continue.F(cmd, r.stage)
}

func (r *runCE) fill(s *model.Session) {
	d := r.doc
	s.Stage = r.stage
	s.Status = "in_progress"
	if r.complete {
		s.Status = "complete"
	}
	if name := joinNonEmpty("", d.value("name"), d.value("project_name")); name != "" {
		s.Title = name
	}
	s.LastUpdated, s.HasLastUpdated = r.updated, r.hasUpdated
	s.LastAction = &model.LastAction{Type: "stage " + r.stage, Clean: r.complete}
	s.Recorded = model.Recorded{Started: r.started}
	if r.era == eraC && !r.complete {
		// kiln 1.x has no notion of a crash: a run that stopped is
		// interrupted, whenever it stopped.
		s.NoCrash, s.Standing = true, model.StandingInterrupted
		s.Headline = r.tx.InterruptedCNoTime.F(r.stage)
		if r.hasUpdated {
			s.Headline = r.tx.InterruptedC.F(r.updated.UTC().Format("2006-01-02 15:04")+" UTC", r.stage)
		}
	}
	s.Fields = []model.Field{{Key: "era", Label: "Kiln", Value: eraName(r.era)}, {Key: "phase", Label: "Stage", Value: r.stage}}
	if na := d.value("next_action"); na != "" {
		s.Fields = append(s.Fields, model.Field{Key: "next_action", Label: "Next action", Value: na})
	}
	cmd := "/kiln-fire"
	s.Fields = append(s.Fields, model.Field{Key: "resume", Label: "Resume with", Value: cmd})
	cur := indexOf(r.steps, r.stage)
	for i, st := range r.steps {
		p := model.Phase{Name: st, Status: model.PhasePending}
		switch {
		case r.complete || i < cur:
			p.Status = model.PhaseCompleted
		case i == cur:
			p.Status = model.PhaseInProgress
		}
		if t := d.value("step_" + st + "_completed_at"); t != "" && p.Status != model.PhaseCompleted {
			p.Detail = r.tx.CompletedAt.F(t)
		}
		s.Phases = append(s.Phases, p)
	}
	s.Progress = model.Progress{Done: s.PhasesDone(), Total: len(s.Phases)}
	if mc, ok := d.number("milestone_count"); ok && mc > 0 {
		done, _ := d.number("milestones_complete")
		s.Units, s.UnitsLabel = &model.Progress{Done: done, Total: mc}, "milestones"
	}
	s.ResumePoint = model.ResumePoint{Phase: r.where, Reason: r.why}
	s.Sections = r.sections()
	s.Artifacts = r.artifacts()
	for k, v := range map[string]any{"PROJECT_PATH": r.root, "KILN_DIR": r.kilnDir, "stage": r.stage,
		"resume_command": cmd, "state_md": string(r.data)} {
		s.Context[k] = v
	}
	if r.resume != "" {
		s.Context["resume_md"] = r.resume
	}
	s.Prompt = r.prompt()
	s.Plan = &model.Plan{Lines: []string{r.all.Next.F(r.where + ": " + r.why), r.cont, "", r.tx.WritesNothing},
		Data: map[string]any{"era": r.era.String(), "stage": r.stage, "complete": r.complete,
			"resume_point": s.ResumePoint, "resume_command": cmd, "continue_writes": []string{}}}
	s.Outcomes = map[model.Choice]string{model.Continue: r.cont}
	s.Policy = r.policy()
	s.Warnings = append(s.Warnings, r.warnings...)
	if r.complete {
		s.Standing = model.StandingDone
	}
}

func (r *runCE) sections() []model.Section {
	out := []model.Section{{Title: r.all.F.Routing, Lines: []string{r.all.Next.F(r.where + ": " + r.why), r.cont}}}
	if r.resume != "" {
		out = append(out, model.Section{Title: r.tx.ResumeNotes, Lines: capped(r.all, r.resume, ".kiln/resume.md")})
	}
	if n := len(r.events); n > 0 {
		from := max(n-10, 0)
		var lines []string
		if from > 0 {
			lines = append(lines, r.tx.EarlierEvents.F(from))
		}
		for _, e := range r.events[from:] {
			lines = append(lines, fmt.Sprintf("%d  %s  %s  %s", e.Seq, e.TS, e.Type, e.Stage))
		}
		out = append(out, model.Section{Title: r.tx.EventsTitle.F(n), Lines: lines})
	}
	return append(out, model.Section{Title: "STATE.md (" + eraName(r.era) + ")", Lines: capped(r.all, strings.Join(r.doc.lines, "\n"), ".kiln/STATE.md")})
}

func (r *runCE) artifacts() []model.Artifact {
	out := []model.Artifact{}
	seen := map[string]bool{}
	for _, k := range r.doc.keys {
		if !strings.HasSuffix(k, "_file") && k != "runtime_dir" {
			continue
		}
		v := r.doc.value(k)
		if v == "" || seen[v] {
			continue
		}
		seen[v] = true
		p := filepath.Clean(v)
		if !filepath.IsAbs(p) {
			p = filepath.Join(r.root, filepath.FromSlash(v))
		}
		if !strings.HasPrefix(p, r.root+string(filepath.Separator)) {
			continue // a path elsewhere is never looked at
		}
		out = append(out, model.Artifact{Path: p, Kind: strings.TrimSuffix(k, "_file"), Exists: exists(p)})
	}
	if len(out) == 0 {
		for _, name := range []string{"resume.md", "master-plan.md", "docs/VISION.md", "REPORT.md"} {
			if p := filepath.Join(r.kilnDir, filepath.FromSlash(name)); exists(p) {
				out = append(out, model.Artifact{Path: p, Kind: "kiln", Exists: true})
			}
		}
	}
	return out
}

func (r *runCE) prompt() string {
	p := model.Prompt{
		Title: r.tx.PromptTitle.F(filepath.Base(r.root), eraName(r.era)),
		Sections: []model.PromptSection{
			{Lines: []string{r.cont}},
			{Lines: []string{r.tx.PromptPoint.F(r.where, r.why)}},
			{Heading: "## .kiln/STATE.md", Raw: fence(string(r.data))},
		},
		EndBlank: true,
	}
	if r.resume != "" {
		p.Sections = append(p.Sections, model.PromptSection{Heading: "## .kiln/resume.md", Raw: fence(r.resume)})
	}
	if n := len(r.events); n > 0 {
		ev := model.PromptSection{Heading: r.tx.PromptEvents}
		for _, e := range r.events[max(n-10, 0):] {
			ev.Lines = append(ev.Lines, fmt.Sprintf("- seq %d %s %s %s", e.Seq, e.TS, e.Type, e.Stage))
		}
		p.Sections = append(p.Sections, ev)
	}
	return promptdoc.Render(p, r.all.Lang)
}

func (r *runCE) policy() map[model.Choice]model.ChoicePolicy {
	what := map[era]string{eraC: r.tx.NoResetC, eraD: r.tx.NoResetD, eraE: r.tx.NoResetE}[r.era]
	discard := archiveFilePolicy(r.all, r.path, r.all.State.TheStateMD)
	if r.era == eraE {
		discard.Confirm = r.tx.DiscardE.F(r.path)
	}
	pol := map[model.Choice]model.ChoicePolicy{
		model.Restart: {Hint: r.all.F.RestartHint, Disabled: what},
		model.Discard: discard,
	}
	if r.complete {
		pol[model.Continue] = model.ChoicePolicy{Hint: r.tx.CompleteHint, Disabled: r.tx.CompleteNothing}
		pol[model.Review] = model.ChoicePolicy{Recommended: true}
	} else {
		pol[model.Continue] = model.ChoicePolicy{Recommended: true, Hint: r.all.F.RunHint.F(r.where)}
	}
	return pol
}
