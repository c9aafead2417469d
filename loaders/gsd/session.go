package gsd

import (
	"path/filepath"
	"strings"

	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// loadPlanning reads a .planning/ project into a session.
func (l Loader) loadPlanning(root, path string) (*model.Session, error) {
	data, err := fsx.ReadFile(path)
	if err != nil {
		return l.corrupted(root, path, nil, err), nil
	}
	if !isText(data) {
		return l.corrupted(root, path, data, nil), nil
	}
	p := readProject(root, path, data)
	return l.session(p), nil
}

// session maps a read project into pickup's session.
func (l Loader) session(p *project) *model.Session {
	n := p.resume()
	s := &model.Session{
		Source: SourceName, ID: loaders.SessionID(SourceName, p.root, p.statePath),
		Path: p.statePath, Project: p.root, Title: filepath.Base(p.root),
		Status: p.state.status(), Phases: []model.Phase{}, Warnings: []string{},
		Fingerprint: p.fingerprint(),
	}
	if s.Status == "" {
		s.Status = "unknown"
	}
	if !p.times.IsZero() {
		s.LastUpdated, s.HasLastUpdated = p.times, true
	}
	l.warnings(p, s)
	l.phases(p, n, s)
	s.ResumePoint = l.resumePoint(p, n)
	s.Alerts = l.alerts(p)
	l.standing(p, n, s)
	s.Fields = l.fields(p, n)
	s.Artifacts = artifacts(p)
	s.StateFiles = p.markers()
	l.policy(p, n, s)
	s.Sections = l.sections(p)
	s.Grid = l.grid(p, n)
	s.Prompt = l.prompt(p, n, s)
	return s
}

// fingerprint covers the state file and every marker a choice may
// archive: a change to any of them makes Apply refuse.
func (p *project) fingerprint() string {
	parts := []string{fsx.Fingerprint(p.stateData)}
	for _, m := range p.markers() {
		parts = append(parts, rel(p.root, m)+"="+markerFP(m))
	}
	return strings.Join(parts, "|")
}

func markerFP(path string) string {
	d, err := fsx.ReadFile(path)
	if err != nil {
		return "unreadable"
	}
	return fsx.Fingerprint(d)
}

func (l Loader) warnings(p *project, s *model.Session) {
	t := l.t()
	if !p.hasState {
		s.Warnings = append(s.Warnings, t.WarnNoState.F(shownRel(p.root, p.statePath)))
	}
	if p.state.FMError != "" {
		s.Warnings = append(s.Warnings, t.WarnFrontmatter.F(p.state.FMError))
	}
	if p.hasState && p.state.Phase == "" && p.state.Plan == "" && p.state.Status == "" {
		s.Warnings = append(s.Warnings, t.WarnNoPosition)
	}
	if p.hasState && p.state.PhaseNum != "" && p.phase(p.state.PhaseNum) == nil && len(p.phases) > 0 {
		s.Warnings = append(s.Warnings, t.WarnPhaseGone.F(p.state.PhaseNum))
	}
	for _, d := range p.dups {
		s.Warnings = append(s.Warnings, t.WarnDupPhase.F(shown(d)))
	}
	if p.handoffErr != nil {
		s.Warnings = append(s.Warnings, t.WarnHandoff.F(firstLine(p.handoffErr.Error())))
	}
}

// phaseLabel is "Phase 4: Event Bus", the name JSON keeps.
func phaseLabel(ph *phase) string {
	name := strings.TrimSpace(strings.ReplaceAll(ph.Name, "-", " "))
	if ph.Name != ph.Slug {
		name = strings.TrimSpace(ph.Name)
	}
	if name == "" {
		return "Phase " + trimNum(ph.Num)
	}
	return "Phase " + trimNum(ph.Num) + ": " + textsafe.Line(name, 80)
}

// phases fills Phases, Progress (phases) and Units (plans).
func (l Loader) phases(p *project, n next, s *model.Session) {
	t := l.t()
	var plans, done, phDone int
	for _, ph := range p.phases {
		st, word := model.PhasePending, "pending"
		switch {
		case ph.Complete() || (ph.Marked && len(ph.Plans) == 0):
			st, word = model.PhaseCompleted, "complete"
		case ph.DonePlans() > 0 || ph == n.phase:
			st, word = model.PhaseInProgress, "in progress"
		}
		if ph.Marked && st != model.PhaseCompleted {
			word = "marked complete"
		}
		if st == model.PhaseCompleted {
			phDone++
		}
		mp := model.Phase{Name: phaseLabel(ph), Status: st, Label: word}
		if len(ph.Plans) > 0 {
			mp.Detail = t.PlansLabel.N(len(ph.Plans), ph.DonePlans())
		}
		s.Phases = append(s.Phases, mp)
		plans += len(ph.Plans)
		done += ph.DonePlans()
	}
	s.Progress = model.Progress{Done: phDone, Total: len(p.phases)}
	s.Units = &model.Progress{Done: done, Total: plans}
	s.UnitsLabel = "plans"
	if n.phase != nil {
		s.Stage = phaseLabel(n.phase)
	}
}

func (l Loader) resumePoint(p *project, n next) model.ResumePoint {
	t := l.t()
	rp := model.ResumePoint{}
	num, pl := "", ""
	if n.phase != nil {
		num = trimNum(n.phase.Num)
	}
	if n.plan != nil {
		pl = shown(n.plan.ID)
	}
	switch n.kind {
	case stepAgent:
		if pl == "" {
			pl = shown(p.agentID)
		}
		rp.Phase = phaseName(num, t.WhereAgent.F(orQ(num), pl))
		rp.Reason = t.WhyAgent.F(shown(p.agentID), orQ(pl), n.cmd)
	case stepHandoff:
		where := "?"
		if w := strings.Trim(strings.Join(nonEmpty(p.handoff.Phase, p.handoff.Plan, p.handoff.Task), " / "), " "); w != "" {
			where = textsafe.Name(w, 120)
		}
		rp.Phase = phaseName(num, where)
		rp.Reason = t.WhyHandoff.F(n.cmd)
	case stepCheckpoint:
		rp.Phase = phaseName(num, shownRel(p.root, n.file))
		rp.Reason = t.WhyCheckpoint.F(shownRel(p.root, n.file), n.cmd)
	case stepPlan:
		rp.Phase = phaseName(num, t.WherePlan.F(num, pl))
		rp.Reason = t.WhyPlan.F(shownRel(p.root, n.file), n.cmd)
	case stepAdvance:
		rp.Phase = phaseName(num, t.WherePhase.F(num))
		switch {
		case n.done != nil:
			rp.Reason = t.WhyAdvance.F(trimNum(n.done.Num), num, n.cmd)
		case len(n.phase.Plans) > 0:
			rp.Reason = t.WhyExecute.F(num, n.cmd)
		case n.phase.Context:
			rp.Reason = t.WhyPlanPhase.F(num, n.cmd)
		default:
			rp.Reason = t.WhyDiscuss.F(num, n.cmd)
		}
	case stepMilestone:
		rp.Phase = t.WhereDone
		rp.Reason = t.WhyMilestone.F(n.cmd)
	default:
		rp.Reason = t.WhyNothing
	}
	return rp
}

// phaseName is the resume point's phase as JSON keeps it, the same in
// every language: "Phase 4" (the screens say "Fase 4"), else what the
// state names (a handoff's place, a checkpoint file), else the loader's
// own words.
func phaseName(num, other string) string {
	if num != "" {
		return "Phase " + num
	}
	return other
}

// shown is a name read from the project (a plan id from its file's
// name, a phase folder's name, an agent id) as GSD's sentences say it:
// as it is when plain, else quoted as data, so a name cannot pass for
// pickup's words in a reason, an alert or a hint. Plan ids and folders
// are file names, and real ones are long slugs
// ("01-subprocess-management-and-backend-abstraction"): shown as a
// file's name is (textsafe.Path: plain characters, up to 80).
func shown(s string) string { return textsafe.Path(s, 120) }

// shownRel is a file of the project, relative to it, as the sentences
// say it: as it is when every part is a plain name, else quoted
// (textsafe.Path). Moves, artifacts and JSON keep rel's path as it is.
func shownRel(root, path string) string { return textsafe.Path(rel(root, path), 160) }

func orQ(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			out = append(out, s)
		}
	}
	return out
}

// maxPlanAlerts is how many unsummarized plans in complete phases are
// named one by one; the rest are counted.
const maxPlanAlerts = 5

// alerts are the ledgers' disagreements.
func (l Loader) alerts(p *project) []model.Alert {
	t := l.t()
	var out []model.Alert
	more := 0
	open := 0
	for _, ph := range p.phases {
		for _, pl := range ph.Plans {
			if pl.Done {
				continue
			}
			open++
			if !ph.Marked {
				continue
			}
			if len(out) >= maxPlanAlerts {
				more++
				continue
			}
			out = append(out, model.Alert{Kind: model.AlertConflict, Text: t.AlertUnsummarized.F(trimNum(ph.Num), p.markedBy(ph), shown(pl.ID), shownRel(p.root, pl.Path))})
		}
	}
	if more > 0 {
		out = append(out, model.Alert{Kind: model.AlertConflict, Text: t.AlertMoreUnsum.N(more)})
	}
	if open > 0 && p.milestoneDone() {
		out = append(out, model.Alert{Kind: model.AlertConflict, Text: t.AlertStateDone.N(open, textsafe.Name(p.state.status(), 60))})
	}
	if p.agentID != "" && p.agentStale {
		id := shown(p.agentID)
		if p.agentPlan != nil {
			out = append(out, model.Alert{Kind: model.AlertStale, Text: t.AlertStaleAgent.F(id, shown(p.agentPlan.ID), shownRel(p.root, p.agentPlan.Summary))})
		} else {
			out = append(out, model.Alert{Kind: model.AlertStale, Text: t.AlertStaleNoPlan.F(id)})
		}
	}
	for _, ph := range p.phases {
		if ph.Verified && !ph.Marked && p.stillOpen(ph) {
			out = append(out, model.Alert{Kind: model.AlertConflict, Text: t.AlertVerified.F(trimNum(ph.Num), shownRel(p.root, ph.VerifPath))})
		}
	}
	if p.handoffPath != "" {
		if pl := p.planOf(agentEntry{Phase: p.handoff.Phase, Plan: p.handoff.Plan}); pl != nil && pl.Done {
			out = append(out, model.Alert{Kind: model.AlertStale, Text: t.AlertStaleHandoff.F(shown(pl.ID), shownRel(p.root, pl.Summary))})
		}
	}
	for _, b := range p.handoff.Blockers {
		out = append(out, model.Alert{Kind: model.AlertDecision, Text: t.AlertBlocker.F(textsafe.Quote(b, 160))})
	}
	for _, h := range p.handoff.HumanAction {
		out = append(out, model.Alert{Kind: model.AlertDecision, Text: t.AlertHumanAction.F(textsafe.Quote(h, 160))})
	}
	for _, c := range p.continues {
		if st := continueStatus(c); st == "complete" || st == "completed" || st == "done" {
			out = append(out, model.Alert{Kind: model.AlertStale, Text: t.AlertStaleCheck.F(shownRel(p.root, c), st)})
		}
	}
	return out
}

// stillOpen says a ledger still holds ph open: its ROADMAP.md checkbox
// is there unticked, or STATE.md is at ph with a status short of
// complete (gsd-core#3684: verification passed, STATE still executing).
func (p *project) stillOpen(ph *phase) bool {
	if p.rm.Unticked[numKey(ph.Num)] {
		return true
	}
	return p.state.PhaseNum != "" && numKey(p.state.PhaseNum) == numKey(ph.Num) && !p.state.complete()
}

// milestoneDone says STATE.md calls the milestone done (its status, or
// 100 percent).
func (p *project) milestoneDone() bool {
	st := strings.ToLower(p.state.status())
	return p.state.complete() && strings.Contains(st, "milestone") || p.state.FM.Progress.Percent == 100
}

// markedBy says which ledger marks a phase complete.
func (p *project) markedBy(ph *phase) string {
	if p.rm.Marked[numKey(ph.Num)] {
		return "ROADMAP.md"
	}
	return "STATE.md"
}

// continueStatus is a .continue-here file's frontmatter status.
func continueStatus(path string) string {
	head, _, err := fsx.ReadHead(path, 4096)
	if err != nil {
		return ""
	}
	fm, _ := splitFrontmatter(head)
	for _, line := range strings.Split(fm, "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "status" {
			return strings.ToLower(strings.Trim(strings.TrimSpace(v), `"'`))
		}
	}
	return ""
}

// standing: a pause file means paused (a clean stop); an interrupted
// agent or a plan left without SUMMARY means interrupted (GSD has no
// crash notion of its own); a finished phase means ready; every phase
// done means done.
func (l Loader) standing(p *project, n next, s *model.Session) {
	s.NoCrash = true
	switch n.kind {
	case stepHandoff, stepCheckpoint:
		s.LastAction = &model.LastAction{Type: "pause-work", Clean: true}
	case stepPlan:
		s.Standing = model.StandingInterrupted
		if raw := strings.ToLower(p.state.Status + " " + p.state.FM.Status); n.phase != nil && n.phase.Summaries == 0 &&
			(strings.Contains(raw, "ready") || strings.Contains(raw, "planning")) {
			// A phase planned and not begun (plan-phase wrote its
			// PLANs, nothing ran yet): ready to execute, not cut short.
			s.Standing = model.StandingReady
		}
	case stepAgent:
		s.Standing = model.StandingInterrupted
	case stepAdvance:
		s.Standing = model.StandingReady
	case stepMilestone:
		s.Standing = model.StandingDone
	}
}

func (l Loader) fields(p *project, n next) []model.Field {
	var out []model.Field
	add := func(key, label, v string) {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, model.Field{Key: key, Label: label, Value: textsafe.Line(v, 160)})
		}
	}
	ms := strings.TrimSpace(p.state.FM.Milestone + " " + p.state.FM.MilestoneName)
	add("milestone", "Milestone", ms)
	add("phase", "Phase", p.state.Phase)
	add("plan", "Plan", p.state.Plan)
	add("status", "Status", p.state.Status)
	act := p.state.LastActivity
	if act == "" {
		act = p.state.FM.LastActivity
	}
	add("last_activity", "Last activity", act)
	add("stopped_at", "Stopped at", p.state.StoppedAt)
	add("next_command", "Next command", n.cmd)
	return out
}
