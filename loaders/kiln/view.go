package kiln

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/promptdoc"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// This file turns what was read into the Session's display fields: the
// spec's banner and status text (Report), the REVIEW blocks (Sections),
// the agent's context and prompt, the plan, and the per-choice policy.

// reportFile is `.kiln/validation/report.md`.
const reportFile = "validation/report.md"

// maxShown caps a file's lines on the REVIEW screen.
const maxShown = 60

func (m *memory) fill(s *model.Session) {
	r := m.route
	s.Stage, s.Status = m.stage, m.status
	if name := m.doc.value("project_name"); name != "" {
		s.Title = name
	}
	s.LastUpdated, s.HasLastUpdated = m.lastActivity()
	// Only a run still marked in_progress can have crashed: paused (a
	// /kiln:reset), blocked (waiting for the operator) and complete are
	// stops on purpose.
	s.LastAction = &model.LastAction{Type: "status " + m.status, Clean: m.status != "in_progress"}
	s.Fields = m.fields()
	for _, p := range m.inventory {
		s.Phases = append(s.Phases, m.phase(p))
		if p.Status == "completed" {
			s.Progress.Done++
		}
	}
	s.Progress.Total = len(m.inventory)
	s.ResumePoint = model.ResumePoint{Phase: r.Where, Reason: r.Why}
	// The handoff context is a REVIEW section of its own, so that it shows
	// at every terminal size.
	s.Handoff = model.Handoff{Note: m.note}
	if m.state != nil {
		s.Branch = m.state.Branch
		m.recorded(s)
	}
	s.Artifacts = m.artifacts()
	s.Context = m.restoredContext()
	s.Report = m.report()
	s.Sections = m.sections()
	s.Prompt = m.prompt()
	s.Plan = m.plan()
	s.Policy = m.policy()
	s.Outcomes = m.outcomes()
	s.Fingerprint = m.fingerprint()
	s.Warnings = append(s.Warnings, m.warnings...)
	s.Alerts = append(s.Alerts, m.alerts...)
	if r.Validation == ValBlocked {
		s.Alert(model.AlertDecision, m.mt().BlockedAlert)
	}
	if r.Stage == "complete" {
		s.Standing = model.StandingDone
	}
}

// recorded fills what the phase state records about its run: the branch
// and phase_start_commit for the context guard, started for VETO-2's
// classes, and when its events were last written (the run at work).
func (m *memory) recorded(s *model.Session) {
	st := m.state
	s.Recorded = model.Recorded{Branch: st.Branch, Commit: st.Commit, CommitField: "phase_start_commit"}
	if t, ok := parseTime(st.Started); ok {
		s.Recorded.Started = t
	}
	touched := m.stateMod
	if last, ok := st.Last(); ok && last.HasTime && last.Time.After(touched) {
		touched = last.Time
	}
	s.Touched, s.TouchedWhat = touched, filepath.Base(m.statePath)
}

func (m *memory) phase(p InvPhase) model.Phase {
	tm := m.mt()
	ph := model.Phase{Name: strconv.Itoa(p.Number) + ". " + p.Name, Status: model.PhaseStatus(p.Status), Label: p.Memory}
	switch {
	case p.Archived:
		ph.Result = tm.ResultArchived
	case m.route.Phase != nil && m.route.Phase.Number == p.Number:
		ph.Result = tm.ResultNext
		if m.route.Pick == PickFailed {
			ph.Result = tm.ResultRetry
		}
	}
	if sum, ok := m.summaries[p.Number]; ok {
		ph.Detail = sum.describe(tm)
	}
	return ph
}

// phaseLine is the banner's "3/4 Checkout flow" ("3/? …" without
// phase_total).
func (m *memory) phaseLine() string {
	total := "?"
	if m.phaseTotal > 0 {
		total = strconv.Itoa(m.phaseTotal)
	}
	return strings.TrimSpace(fmt.Sprintf("%d/%s %s", m.phaseNumber, total, m.phaseName))
}

func (m *memory) showPhaseLine() bool { return m.stage == "execution" && m.hasPhaseNumber }

// Banner is the spec's continuity banner, line for line: Mode only with
// project_mode, Phase only in execution with a phase_number, Correction
// only for a cycle above 0.
func (m *memory) banner(t *Text) []string {
	out := []string{t.Title, t.label(t.Project) + m.root}
	if m.mode != "" {
		out = append(out, t.label(t.Mode)+m.mode)
	}
	out = append(out, t.label(t.Stage)+m.stage)
	if m.showPhaseLine() {
		out = append(out, t.label(t.Phase)+m.phaseLine())
	}
	if m.correction > 0 {
		out = append(out, t.Correction.F(m.correction))
	}
	out = append(out, t.label(t.Status)+m.status)
	note := m.note
	if note == "" {
		note = t.None
	}
	return append(out, t.label(t.Handoff)+note, "=====================")
}

func (m *memory) fields() []model.Field {
	f := []model.Field{{Key: "stage", Label: "Stage", Value: m.stage}}
	if m.mode != "" {
		f = append(f, model.Field{Key: "mode", Label: "Mode", Value: m.mode})
	}
	if m.showPhaseLine() {
		f = append(f, model.Field{Key: "phase", Label: "Phase", Value: m.phaseLine()})
	}
	if m.correction > 0 {
		f = append(f, model.Field{Key: "correction", Label: "Correction", Value: m.mt().Cycle.F(m.correction)})
	}
	return append(f, model.Field{Key: "status", Label: "Status", Value: m.status})
}

// indent puts two spaces before each non-blank line.
func indent(text string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		l = strings.TrimRight(l, " \t\r")
		if l == "" {
			out = append(out, "")
		} else {
			out = append(out, "  "+l)
		}
	}
	return out
}

// shown is the file a stage displays: its path and content.
func (m *memory) shown(name string) (string, string, bool) {
	if name == reportFile {
		p := filepath.Join(m.kilnDir, filepath.FromSlash(reportFile))
		c, ok := m.files[reportFile]
		return p, c, ok
	}
	c, ok := m.files[name]
	return filepath.Join(m.memDir, name), c, ok
}

// readReport reads `.kiln/validation/report.md` when routing shows it.
func (m *memory) readReport() {
	p := filepath.Join(m.kilnDir, filepath.FromSlash(reportFile))
	data, err := fsx.ReadFile(p)
	switch {
	case err == nil:
		m.files[reportFile] = string(data)
	case !errors.Is(err, fs.ErrNotExist):
		m.warn("%s", m.text().F.CannotRead.F(p, err.Error()))
	}
}

// report is `pickup status`'s text: the banner, the handoff context, the
// reset's recommendation, then what routing decided in the spec's words.
func (m *memory) report() []string {
	r, t := m.route, m.text()
	out := m.banner(t)
	if m.context != "" {
		out = append(out, "", t.Context)
		out = append(out, indent(m.context)...)
	}
	if m.nextAction != "" {
		out = append(out, "", t.RecommendedNext.F(m.nextAction))
	}
	out = append(out, "", t.Next.F(r.Next))
	if r.Stage == "complete" {
		out = append(out, "")
		out = append(out, r.Say...)
		out = append(out, "", t.InPickup)
	} else {
		out = append(out, r.Say...)
		if r.Show != "" {
			if _, c, ok := m.shown(r.Show); ok && strings.TrimSpace(c) != "" {
				out = append(out, indent(c)...)
			} else {
				out = append(out, t.Absent.F(filepath.Base(r.Show)))
			}
		}
		out = append(out, r.Ask...)
	}
	if len(m.warnings) > 0 {
		out = append(out, "", t.Warnings)
		for _, w := range m.warnings {
			out = append(out, "  ! "+w)
		}
	}
	return out
}

// capped is a file's lines for a REVIEW section, cut at maxShown.
func capped(tx *Text, text, path string) []string {
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(text, "\r\n", "\n"), "\n"), "\n")
	if len(lines) > maxShown {
		more := len(lines) - maxShown
		lines = append(lines[:maxShown:maxShown], tx.More.F(more, path))
	}
	return lines
}

func (m *memory) fileSection(title, name string) model.Section {
	p, c, ok := m.shown(name)
	if !ok || strings.TrimSpace(c) == "" {
		return model.Section{Title: title, Lines: []string{m.mt().FileAbsent.F(name, m.rel(p))}}
	}
	return model.Section{Title: title + " (" + m.rel(p) + ")", Lines: capped(m.text(), c, m.rel(p))}
}

// sections are the REVIEW blocks.
func (m *memory) sections() []model.Section {
	r, t := m.route, m.text()
	tm := &t.Mem
	var out []model.Section
	if r.Stage == "complete" {
		out = append(out, m.fileSection(tm.DecisionsLog, "decisions.md"), m.fileSection(tm.PitfallsLog, "pitfalls.md"))
	}
	next := []string{t.Next.F(r.Next)}
	if m.nextAction != "" {
		next = append(next, t.RecommendedNext.F(m.nextAction))
	}
	if r.Stage != "complete" {
		next = append(next, r.Say...)
		next = append(next, r.Ask...)
	}
	out = append(out, model.Section{Title: t.F.Routing, Lines: next})
	if m.context != "" {
		out = append(out, model.Section{Title: tm.HandoffContext, Lines: strings.Split(m.context, "\n")})
	}
	if r.Phase != nil {
		out = append(out, m.eventsSection())
	}
	var proof []string
	for _, p := range m.inventory {
		if p.Archived {
			l := tm.ProofLine.F(p.Number, p.Name, p.Summary)
			if d := m.summaries[p.Number].describe(tm); d != "" {
				l += " (" + d + ")"
			}
			proof = append(proof, l)
		}
	}
	if len(proof) > 0 {
		out = append(out, model.Section{Title: tm.ArchiveProof, Lines: proof})
	}
	switch r.Show {
	case "vision.md":
		out = append(out, m.fileSection(tm.Vision, "vision.md"))
	case "master-plan.md":
		out = append(out, m.fileSection(tm.MasterPlan, "master-plan.md"))
	case reportFile:
		out = append(out, m.fileSection(tm.ValidationReport, reportFile))
	}
	if log := m.doc.resumeLog; len(log) > 0 {
		from := max(len(log)-5, 0)
		lines := append([]string(nil), log[from:]...)
		if from > 0 {
			lines = append([]string{tm.Earlier.N(from)}, lines...)
		}
		out = append(out, model.Section{Title: tm.ResumeLog, Lines: lines})
	}
	files := []string{MemoryFile + ": " + m.rel(m.path)}
	for _, name := range SupportingFiles {
		p := filepath.Join(m.memDir, name)
		where := m.rel(p)
		if _, ok := m.files[name]; !ok {
			where = t.F.PointerAbsent
		}
		files = append(files, name+": "+where)
	}
	return append(out, model.Section{Title: tm.SupportingFiles, Lines: files})
}

// eventsSection is the chosen phase's event timeline.
func (m *memory) eventsSection() model.Section {
	tm := m.mt()
	title := tm.EventsTitle.F(m.stateN, m.rel(m.statePath))
	if m.state == nil {
		return model.Section{Title: title, Lines: []string{tm.NoStateFileLine}}
	}
	var head []string
	for _, kv := range [][2]string{{"status", m.state.Status}, {"branch", m.state.Branch}, {"started", m.state.Started}, {tm.StartCommit, m.state.Commit}} {
		if kv[1] != "" {
			head = append(head, kv[0]+" "+kv[1])
		}
	}
	var lines []string
	if len(head) > 0 {
		lines = append(lines, strings.Join(head, ", "))
	}
	if len(m.state.Events) == 0 {
		lines = append(lines, tm.NoEventsLine)
	}
	for _, e := range m.state.Events {
		lines = append(lines, e.describe(tm))
	}
	return model.Section{Title: title, Lines: lines}
}

func (m *memory) artifacts() []model.Artifact {
	out := []model.Artifact{}
	for _, name := range SupportingFiles {
		_, ok := m.files[name]
		out = append(out, model.Artifact{Path: filepath.Join(m.memDir, name), Kind: "memory", Exists: ok})
	}
	if m.statePath != "" {
		out = append(out, model.Artifact{Path: m.statePath, Kind: "phase_state", Phase: strconv.Itoa(m.stateN), Exists: m.state != nil})
	}
	for _, p := range m.inventory {
		if sum, ok := m.summaries[p.Number]; ok {
			out = append(out, model.Artifact{Path: sum.Path, Kind: "phase_summary", Phase: strconv.Itoa(p.Number), Exists: true})
		}
	}
	if _, ok := m.files[reportFile]; ok {
		out = append(out, model.Artifact{Path: filepath.Join(m.kilnDir, filepath.FromSlash(reportFile)), Kind: "validation_report", Exists: true})
	}
	return out
}

// restoredContext is what a CONTINUE hands on: for execution, what the
// spec sends the phase executor (the Phase N section of master-plan.md,
// MEMORY.md, vision.md, handoff_context, PROJECT_PATH, MEMORY_DIR); for
// the other stages, the files their routing reads.
func (m *memory) restoredContext() map[string]any {
	r := m.route
	ctx := map[string]any{
		"PROJECT_PATH": m.root,
		"MEMORY_DIR":   m.memDir,
		"KILN_DIR":     m.kilnDir,
		"stage":        r.Stage,
		"memory_md":    string(m.data),
	}
	if m.note != "" {
		ctx["handoff_note"] = m.note
	}
	if m.context != "" {
		ctx["handoff_context"] = m.context
	}
	add := func(key, file string) {
		if c, ok := m.files[file]; ok {
			ctx[key] = c
		}
	}
	switch r.Stage {
	case "brainstorm":
		add("vision_md", "vision.md")
	case "planning":
		add("master_plan_md", "master-plan.md")
		ctx["planning_sub_stage"] = r.SubStage
		ctx["debate_mode"] = m.debateMode
	case "execution":
		ctx["phase_number"] = r.Phase.Number
		ctx["phase_name"] = r.Phase.Name
		if m.phaseTotal > 0 {
			ctx["phase_total"] = m.phaseTotal
		}
		ctx["resume_step"] = r.Verdict.Step.String() // the agent's context: kiln's words
		ctx["debate_mode"] = m.debateMode
		if sec := m.phaseSection(r.Phase.Number); sec != "" {
			ctx["phase_section"] = sec
		}
		add("vision_md", "vision.md")
	case "validation":
		add("master_plan_md", "master-plan.md")
		add("decisions_md", "decisions.md")
		ctx["correction_cycle"] = m.correction
		if r.Validation == ValBlocked {
			add("validation_report", reportFile)
		}
	case "complete":
		add("decisions_md", "decisions.md")
		add("pitfalls_md", "pitfalls.md")
	}
	var absent []string
	for _, name := range SupportingFiles {
		if _, ok := m.files[name]; !ok {
			absent = append(absent, name)
		}
	}
	if len(absent) > 0 {
		ctx["absent_files"] = absent
	}
	return ctx
}

// fence wraps content in a markdown fence longer than any it contains.
func fence(content string) string {
	f := "```"
	for strings.Contains(content, f) {
		f += "`"
	}
	return f + "markdown\n" + strings.TrimRight(content, "\n") + "\n" + f + "\n"
}

// prompt is `--emit prompt`: one ready-to-paste markdown prompt.
func (m *memory) prompt() string {
	r, t := m.route, m.text()
	tm := &t.Mem
	p := model.Prompt{Title: tm.PromptTitle.F(filepath.Base(m.root))}
	add := func(s model.PromptSection) { p.Sections = append(p.Sections, s) }
	line := func(l ...string) { add(model.PromptSection{Lines: l}) }
	// The prompt follows the language chosen, the banner included.
	line(append(append([]string{"```text"}, m.banner(t)...), "```")...)
	// MEMORY.md's own words are quoted: the handoff behind "> ", the
	// next step «…» (docs/agents.md).
	if m.context != "" {
		add(model.PromptSection{Heading: t.Context, Quote: m.context, QuoteLines: maxShown})
	}
	if m.nextAction != "" {
		line(t.RecommendedNext.F(quoteF(m.nextAction)))
	}
	line(r.Continue)
	line(tm.PromptResumePoint.F(r.Where, r.Why))
	fenced := func(heading, content string) { add(model.PromptSection{Heading: heading, Raw: fence(content)}) }
	file := func(title, name string) {
		path, c, ok := m.shown(name)
		if !ok {
			add(model.PromptSection{Heading: "## " + title, Lines: []string{tm.FileAbsent.F(filepath.Base(name), path)}})
			return
		}
		fenced("## "+title, c)
	}
	switch r.Stage {
	case "execution":
		v := r.Verdict
		stands := tm.PhaseStandsNoEvent.F(r.Phase.Number, v.Why)
		if v.Last != nil {
			stands = tm.PhaseStands.F(r.Phase.Number, v.Last.Type, v.Why)
		}
		if v.Handoff {
			note := m.note
			if note == "" {
				note = t.None
			}
			stands += tm.HandoffNote.F(note)
		}
		line(stands)
		line(tm.PromptSpawn)
		if sec := m.phaseSection(r.Phase.Number); sec != "" {
			fenced(tm.PhaseSection.F(r.Phase.Number), sec)
		} else {
			add(model.PromptSection{Heading: tm.PhaseSection.F(r.Phase.Number), Lines: []string{tm.NoPhaseSection.F(r.Phase.Number)}})
		}
		fenced("## MEMORY.md", string(m.data))
		file("vision.md", "vision.md")
		if m.context != "" {
			fenced("## handoff_context", m.context)
		}
	default:
		if len(r.Say) > 0 {
			line(r.Say...)
		} else { // a blank line where the words would be, as before
			last := &p.Sections[len(p.Sections)-1]
			last.Lines = append(last.Lines, "")
		}
		switch r.Show {
		case "vision.md":
			file("vision.md", "vision.md")
		case "master-plan.md":
			file("master-plan.md", "master-plan.md")
		case reportFile:
			file(tm.ValidationReport, reportFile)
		}
		if len(r.Ask) > 0 {
			line(r.Ask...)
		}
		if r.Stage == "validation" {
			file("decisions.md", "decisions.md")
		}
		fenced("## MEMORY.md", string(m.data))
	}
	line("PROJECT_PATH: "+m.root, "MEMORY_DIR: "+m.memDir)
	if r.Stage != "complete" {
		line(tm.PromptStep7)
	}
	return promptdoc.Render(p, t.Lang)
}

// PlanDoc is `pickup plan --json`'s plan: the routing the resume uses.
type PlanDoc struct {
	Stage       string            `json:"stage"`
	Status      string            `json:"status"`
	ResumePoint model.ResumePoint `json:"resume_point"`
	Route       Route             `json:"route"`
	Phases      []InvPhase        `json:"phases"`
	StateFile   string            `json:"phase_state_file,omitempty"`
	Events      []Event           `json:"events,omitempty"`
	// ContinueWrites says what a CONTINUE changes.
	ContinueWrites []string `json:"continue_writes"`
}

func (m *memory) plan() *model.Plan {
	r, t := m.route, m.text()
	tm := &t.Mem
	doc := PlanDoc{Stage: m.stage, Status: m.status, ResumePoint: model.ResumePoint{Phase: r.Where, Reason: r.Why},
		Route: r, Phases: append([]InvPhase{}, m.inventory...), ContinueWrites: []string{}}
	lines := []string{t.Next.F(r.Next)}
	if r.Stage != "complete" {
		lines = append(lines, r.Say...)
	}
	if len(m.inventory) > 0 {
		lines = append(lines, "", tm.PlanPhases)
		for _, p := range m.inventory {
			l := fmt.Sprintf("  %d. %s: %s", p.Number, p.Name, p.Status)
			if p.Memory != "" && p.Memory != p.Status {
				l += " (MEMORY.md: " + p.Memory + ")"
			}
			if p.Archived {
				l += tm.PlanArchived.F(p.Summary)
			}
			if r.Phase != nil && r.Phase.Number == p.Number {
				l += tm.PlanNext
			}
			lines = append(lines, l)
		}
	}
	if r.Phase != nil {
		doc.StateFile = m.statePath
		if m.state != nil {
			doc.Events = m.state.Events
		}
	}
	if r.Stage == "complete" {
		lines = append(lines, "", tm.ContinueWritesNothing)
	} else {
		doc.ContinueWrites = []string{m.path}
		lines = append(lines, "", tm.ContinueWrites.F(m.path))
	}
	return &model.Plan{Lines: lines, Data: doc}
}

// discardPolicy asks before the memory is archived: the project's
// .kiln/memory folder is renamed; in the Claude home, whose folder holds
// Claude Code's own memory too, only MEMORY.md is.
func discardPolicy(m *memory, complete bool) model.ChoicePolicy {
	tm := m.mt()
	what := tm.DiscardWhat.F(filepath.Base(m.memDir))
	if m.shared() {
		what = tm.DiscardWhatShared
	}
	p := model.ChoicePolicy{
		Hint:    tm.DiscardHint,
		Confirm: tm.DiscardQ + "\n" + m.memDir + "\n" + what,
	}
	if m.shared() {
		p.Hint = tm.DiscardHintShared
	}
	if complete {
		p.Label, p.Hint = tm.ArchiveLabel, tm.ArchiveHint
		if m.shared() {
			p.Hint = tm.ArchiveHintShared
		}
	}
	return p
}

// policy is the menu for this session.
func (m *memory) policy() map[model.Choice]model.ChoicePolicy {
	r, tm := m.route, m.mt()
	pol := map[model.Choice]model.ChoicePolicy{model.Discard: discardPolicy(m, r.Stage == "complete")}
	if r.Stage == "complete" {
		// The spec's four-option menu, where it maps onto the choices.
		pol[model.Continue] = model.ChoicePolicy{Label: tm.NewProject}
		pol[model.Review] = model.ChoicePolicy{Label: tm.ReviewDecisions, Hint: tm.ReviewHint}
		pol[model.Restart] = model.ChoicePolicy{Hint: tm.RestartHint, Disabled: tm.CompleteNoRestart}
		return pol
	}
	pol[model.Continue] = model.ChoicePolicy{Writes: true, Recommended: true, Hint: tm.ResumeAt.F(r.Where)}
	switch {
	case r.Stage == "execution":
		n := r.Phase.Number
		if m.cut != "" {
			// A RESTART cut short: finishing it is what to do.
			c := pol[model.Continue]
			c.Recommended = false
			pol[model.Continue] = c
		}
		pol[model.Restart] = model.ChoicePolicy{
			Recommended: m.cut != "", Why: tm.FinishesCut,
			Hint:    tm.RestartPhaseHint.F(n),
			Confirm: tm.RestartPhaseQ.F(n, r.Phase.Name) + "\n" + m.restartWhat(n),
		}
	case r.Stage == "planning":
		pol[model.Restart] = model.ChoicePolicy{Hint: tm.RestartPlanningHint, Confirm: tm.RestartPlanningQ}
	case r.Pick == PickAllDone:
		pol[model.Restart] = model.ChoicePolicy{Hint: tm.RestartHint, Disabled: tm.AllDoneNoRestart}
	default:
		pol[model.Restart] = model.ChoicePolicy{Hint: tm.RestartHint, Disabled: tm.NoRestartIn.F(r.Stage)}
	}
	return pol
}

func (m *memory) restartWhat(n int) string {
	tm := m.mt()
	what := tm.RestartWhat.F(n)
	if m.cut != "" {
		base := filepath.Base(m.cut)
		return tm.FinishesCutWhat.F(archivedFrom(base), base) + what
	}
	if m.state != nil {
		what = tm.ArchivedBeside.F(m.rel(m.statePath)) + what
	}
	return what
}

// outcomes are the decision lines in the spec's words.
func (m *memory) outcomes() map[model.Choice]string {
	r, tm := m.route, m.mt()
	out := map[model.Choice]string{model.Continue: r.Continue}
	switch {
	case r.Stage == "execution":
		out[model.Restart] = tm.OutcomeRestartPhase.F(r.Phase.Number, r.Phase.Name)
	case r.Stage == "planning":
		out[model.Restart] = tm.OutcomePlanning
	}
	return out
}
