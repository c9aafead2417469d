package kiln

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Routing is seed 000's Step 6 as pure code: given what the files say, it
// decides where a CONTINUE picks up and says why. It reads nothing; the
// loader hands it the facts and, for execution, a way to get the phase
// state file of the phase it picks.

// The spec's enums.
var (
	Stages        = []string{"brainstorm", "planning", "execution", "validation", "complete"}
	Statuses      = []string{"in_progress", "paused", "blocked", "complete"}
	SubStages     = []string{"dual_plan", "debate", "synthesis"}
	PhaseStatuses = []string{"pending", "in_progress", "failed", "completed"}
)

// InvPhase is one phase of the execution inventory.
type InvPhase struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
	// Status is what routing uses: MEMORY.md's word, overridden to
	// completed when the archive holds the phase's summary.
	Status string `json:"status"`
	// Memory is what MEMORY.md's Phase Statuses says ("" when it has no
	// line for the phase).
	Memory   string `json:"memory_status,omitempty"`
	Archived bool   `json:"archived"`
	// Summary is the archive's phase_summary.md, relative to the project.
	Summary string `json:"archive_summary,omitempty"`
}

// Pick is why a phase was chosen as N.
type Pick string

const (
	PickInProgress Pick = "in_progress" // resume it
	PickFailed     Pick = "failed"      // retry it
	PickPending    Pick = "pending"     // the lowest-numbered pending one
	PickAllDone    Pick = "all_done"    // none left: go to validation
)

// SelectPhase is the spec's choice of N: the phase in progress, else a
// failed one (retry), else the lowest-numbered pending one. Among several
// with the same status the lowest number wins.
func SelectPhase(inv []InvPhase) (InvPhase, Pick) {
	for _, want := range []Pick{PickInProgress, PickFailed, PickPending} {
		best := -1
		for i, p := range inv {
			if p.Status == string(want) && (best < 0 || p.Number < inv[best].Number) {
				best = i
			}
		}
		if best >= 0 {
			return inv[best], want
		}
	}
	return InvPhase{}, PickAllDone
}

// Step is a point in the phase executor's lifecycle: Step 1 (setup),
// 2 (plan), 3 (sharpen), 4 (implement), 5 (review), 6 (complete/merge),
// 7 (archive); reconcile sits between 6 and 7; "handoff" means the
// handoff note says where.
type Step struct {
	Num  int    `json:"number,omitempty"`
	Name string `json:"name"`
	Sub  string `json:"sub_step,omitempty"`
}

var (
	stepSetup     = Step{Num: 1, Name: "setup"}
	stepPlan      = Step{Num: 2, Name: "plan"}
	stepSharpen   = Step{Num: 3, Name: "sharpen"}
	stepImplement = Step{Num: 4, Name: "implement"}
	stepReview    = Step{Num: 5, Name: "review"}
	stepMerge     = Step{Num: 6, Name: "complete/merge"}
	stepArchive   = Step{Num: 7, Name: "archive"}
	stepReconcile = Step{Name: "reconcile"}
	stepHandoff   = Step{Name: "handoff"}
)

func (s Step) String() string { return englishMem.step(s) }

func (s Step) with(sub string) Step { s.Sub = sub; return s }

// Verdict is where a phase restarts, from its state file's last event.
type Verdict struct {
	Step Step `json:"step"`
	// Why is the spec's explanation for the last event.
	Why string `json:"why"`
	// Last is the last event, when there is one.
	Last *Event `json:"last_event,omitempty"`
	// Handoff says the handoff note is what to follow.
	Handoff bool `json:"trust_handoff_note"`
	// Known is false for an event type outside the 27.
	Known   bool   `json:"known_event"`
	Warning string `json:"-"`
}

// Planning sub-steps inside a phase's Step 2.
const (
	subDraft     = "dual plan"
	subDebate    = "debate"
	subSynthesis = "synthesis"
	subValidate  = "plan validation"
)

// StepFor maps a phase state file's last event to the step the phase
// restarts from (seed 000's table, extended to all 27 event types; see
// docs/kiln.md). state is nil when the phase has no state file.
func StepFor(state *PhaseState, debateMode int) Verdict {
	return stepFor(&englishMem, state, debateMode)
}

// stepFor is StepFor in tx's words.
func stepFor(tx *MemText, state *PhaseState, debateMode int) Verdict {
	if state == nil {
		return Verdict{Step: stepSetup, Known: true, Why: tx.WhyNoStateFile}
	}
	last, ok := state.Last()
	if !ok && len(state.BadLines) > 0 {
		return Verdict{Step: stepHandoff, Handoff: true, Known: false,
			Why: tx.WhyNoEventLines, Warning: tx.WarnNoEventLines.N(len(state.BadLines))}
	}
	if !ok && state.NoEvents {
		return Verdict{Step: stepHandoff, Handoff: true, Known: false,
			Why: tx.WhyNoEventsSection, Warning: tx.WarnNoEventsSection}
	}
	if !ok {
		return Verdict{Step: stepSetup, Known: true, Why: tx.WhyNoEvents, Warning: tx.WarnNoEvents}
	}
	v := Verdict{Last: &last, Known: true}
	if state.Status == "complete" {
		// The phase's own file says it is done, yet MEMORY.md routes to
		// it: the handoff note is the one that knows what is left.
		v.Step, v.Handoff = stepHandoff, true
		v.Why = tx.WhyStateComplete.F(orWritten(state))
		v.Warning = tx.WarnStateComplete.F(orWritten(state))
		return v
	}
	if state.Known() == 0 {
		v.Step, v.Handoff, v.Known = stepHandoff, true, false
		v.Why = tx.WhyNoKnownType
		v.Warning = tx.WarnNoKnownType.N(len(state.Events))
		return v
	}
	seen := map[string]int{}
	for _, e := range state.Events {
		seen[e.Type]++
	}
	switch last.Type {
	case "setup", "branch":
		v.Step, v.Why = stepPlan, tx.WhySetup
	case "plan_start", "plan_complete", "debate_complete", "synthesis_complete",
		"plan_validate_start", "plan_validate_complete":
		v.Step, v.Why = planningNext(tx, last.Type, seen, debateMode)
	case "sharpen_start":
		v.Step, v.Why = stepSharpen, tx.WhySharpenStart
	case "sharpen_complete":
		v.Step, v.Why = stepImplement, tx.WhySharpenComplete
	case "task_start", "task_success", "task_retry", "task_fail":
		finished := finishedTasks(state.Events)
		v.Step = stepImplement.with("task " + strconv.Itoa(finished+1))
		v.Why = tx.WhyTask.N(finished, tx.Task.F(finished+1))
	case "review_start", "review_rejected", "fix_start", "fix_complete":
		round := seen["review_rejected"] + 1
		v.Step = stepReview.with("round " + strconv.Itoa(round))
		v.Why = tx.WhyReview.F(tx.Round.F(round))
	case "review_approved":
		v.Step, v.Why = stepMerge, tx.WhyReviewApproved
	case "merge":
		v.Step = stepReconcile
		v.Why, v.Warning = tx.WhyMerge, tx.WarnMerge
	case "reconcile_complete":
		v.Step, v.Why = stepArchive, tx.WhyReconciled
	case "deploy_start", "deploy_complete", "correction_start", "correction_complete":
		v.Step, v.Handoff = stepHandoff, true
		v.Why = tx.WhyOutside.F(last.Type)
	case "error", "halt":
		v.Step, v.Handoff = stepHandoff, true
		v.Why = tx.WhyError
	case "":
		v.Step, v.Handoff, v.Known = stepHandoff, true, false
		v.Why = tx.WhyNoType
		v.Warning = tx.WarnNoType.F(last.Line)
	default:
		v.Step, v.Handoff, v.Known = stepHandoff, true, false
		v.Why = tx.WhyUnknownType.F(strconv.Quote(last.Type))
		v.Warning = tx.WarnUnknownType.F(last.Line, strconv.Quote(last.Type))
	}
	return v
}

// orWritten is the header status as the agent wrote it.
func orWritten(p *PhaseState) string {
	if p.StatusRaw != "" {
		return p.StatusRaw
	}
	return p.Status
}

// finishedTasks counts the tasks that ended (task_success or task_fail):
// each numbered task once, however many lines it has, and every
// unnumbered end event.
func finishedTasks(evs []Event) int {
	n, seen := 0, map[string]bool{}
	for _, e := range evs {
		if e.Type != "task_success" && e.Type != "task_fail" {
			continue
		}
		if e.Task == "" {
			n++
		} else if !seen[e.Task] {
			seen[e.Task] = true
			n++
		}
	}
	return n
}

// planningNext is "restart from the next sub-step" of a phase's planning:
// the first of dual plan, debate (debate_mode 2 or 3), synthesis that the
// events do not show as done; plan validation when it began and did not
// finish; else Step 3 (sharpen). A later sub-step's event implies the
// earlier ones are done, so both orders kiln has written (plan_complete
// right after the drafts, or last after synthesis) route the same way.
func planningNext(tx *MemText, last string, seen map[string]int, debateMode int) (Step, string) {
	saw := func(types ...string) bool {
		for _, t := range types {
			if seen[t] > 0 {
				return true
			}
		}
		return false
	}
	validation := []string{"plan_validate_start", "plan_validate_complete"}
	draftDone := saw(append([]string{"plan_complete", "debate_complete", "synthesis_complete"}, validation...)...)
	debateDone := debateMode <= 1 || saw(append([]string{"debate_complete", "synthesis_complete"}, validation...)...)
	synthDone := saw(append([]string{"synthesis_complete"}, validation...)...)
	next := ""
	switch {
	case last == "plan_start" || !draftDone:
		next = subDraft
	case last == "plan_validate_start":
		next = subValidate
	case !debateDone:
		next = subDebate
	case !synthDone:
		next = subSynthesis
	}
	if next == "" {
		return stepSharpen, tx.WhyAfterPlanning
	}
	return stepPlan.with(next), tx.WhyDuringPlanning.F(tx.sub(next))
}

// Facts are what routing needs from MEMORY.md.
type Facts struct {
	Stage           string
	Status          string
	SubStage        string // as written; "" when absent or null
	DebateMode      int
	CorrectionCycle int
	PhaseTotal      int // 0 when absent
	Inventory       []InvPhase
}

// Validation cases.
const (
	ValBlocked    = "blocked"    // correction_cycle > 0, status blocked
	ValCorrecting = "correcting" // correction_cycle > 0, status in_progress
	ValFresh      = "fresh"      // otherwise
)

// Route is the routing outcome.
type Route struct {
	// Stage is the stage routed to (validation when execution has no
	// phase left).
	Stage string `json:"stage"`
	// Where and Why are the resume point: "phase 3, Step 4 (implement)"
	// and "last event sharpen_complete at 2026-02-20 14:02".
	Where string `json:"where"`
	Why   string `json:"why"`
	// Next is the status line after "Next: ".
	Next string `json:"next"`
	// Say are the spec's words to the person, Show names the file the
	// spec displays next (vision.md, master-plan.md, validation/report.md)
	// and Ask are the words after it.
	Say  []string `json:"say"`
	Show string   `json:"show,omitempty"`
	Ask  []string `json:"ask,omitempty"`
	// Continue is the one-line outcome of a CONTINUE.
	Continue string `json:"continue"`

	Phase      *InvPhase `json:"phase,omitempty"`
	Pick       Pick      `json:"pick,omitempty"`
	Verdict    *Verdict  `json:"verdict,omitempty"`
	SubStage   string    `json:"planning_sub_stage,omitempty"`
	Validation string    `json:"validation_case,omitempty"`
}

// CompleteBlock is the spec's exact words for a complete project.
var CompleteBlock = []string{
	"This project is marked complete.",
	"",
	"What would you like to do next?",
	"  1. Start a new project in this directory (/kiln:start)",
	"  2. Review the decisions log",
	"  3. Review the pitfalls log",
	"  4. Archive this project's memory",
}

// RouteFor is Step 6. state returns the parsed `.kiln/phase_<n>_state.md`
// or nil when it does not exist; it is called only for the phase chosen.
func RouteFor(f Facts, state func(n int) *PhaseState) Route { return routeFor(&englishMem, f, state) }

// routeFor is RouteFor in tx's words.
func routeFor(tx *MemText, f Facts, state func(n int) *PhaseState) Route {
	switch f.Stage {
	case "brainstorm":
		return Route{Stage: f.Stage, Where: "brainstorm", Why: tx.WhyBrainstorm,
			Next:     "brainstorm: " + tx.WhyBrainstorm,
			Say:      []string{tx.SayBrainstorm},
			Show:     "vision.md",
			Ask:      []string{tx.AskBrainstorm},
			Continue: tx.SayBrainstorm}
	case "planning":
		sub, why := normSubStage(tx, f.SubStage)
		if sub == "debate" {
			why += fmt.Sprintf("; debate_mode %d", f.DebateMode)
		}
		say := tx.SayPlanning.F(sub)
		return Route{Stage: f.Stage, Where: "planning (" + sub + ")", Why: why, SubStage: sub,
			Next:     "planning (" + sub + "): " + why,
			Say:      []string{say, sub + ": " + tx.SubStageMeaning[sub]},
			Show:     "master-plan.md",
			Ask:      []string{tx.AskPlanning.F(sub)},
			Continue: say}
	case "execution":
		return routeExecution(tx, f, state)
	case "validation":
		return routeValidation(tx, f, "")
	case "complete":
		return Route{Stage: f.Stage, Where: "complete", Why: tx.WhyComplete,
			Next:     "complete: " + tx.WhyComplete,
			Say:      append([]string(nil), tx.CompleteBlock...),
			Continue: tx.ContinueComplete}
	}
	return Route{Stage: f.Stage, Where: f.Stage, Why: tx.UnknownStage}
}

// normSubStage is the spec's normalisation: absent, null or unknown is
// dual_plan.
func normSubStage(tx *MemText, raw string) (sub, why string) {
	v := strings.ToLower(strings.TrimSpace(raw))
	switch {
	case contains(SubStages, v):
		return v, tx.WhySubStage.F(v)
	case v == "":
		return "dual_plan", tx.WhySubStageAbsent
	}
	return "dual_plan", tx.WhySubStageBad.F(strconv.Quote(raw))
}

func routeValidation(tx *MemText, f Facts, because string) Route {
	r := Route{Stage: "validation", Where: "validation"}
	c := f.CorrectionCycle
	switch {
	case c > 0 && f.Status == "blocked":
		r.Validation = ValBlocked
		r.Why = tx.WhyBlocked.F(c)
		r.Say = []string{tx.SayBlocked.N(c)}
		r.Show = "validation/report.md"
		r.Ask = []string{tx.AskBlocked}
	case c > 0 && f.Status == "in_progress":
		r.Validation = ValCorrecting
		r.Why = tx.WhyCorrecting.F(c)
		r.Say = []string{tx.SayCorrecting.F(c)}
		r.Ask = []string{tx.AskCorrecting}
	default:
		r.Validation = ValFresh
		r.Why = tx.WhyFresh
		if c > 0 {
			r.Why = tx.WhyFreshCycle.F(c, f.Status)
		}
		r.Say = []string{tx.SayFresh}
		r.Ask = append([]string(nil), tx.AskFresh...)
	}
	if because != "" {
		r.Why = because + "; " + r.Why
	}
	r.Next = "validation: " + r.Why
	r.Continue = r.Say[0]
	return r
}

func routeExecution(tx *MemText, f Facts, state func(n int) *PhaseState) Route {
	ph, pick := SelectPhase(f.Inventory)
	if pick == PickAllDone {
		because := tx.NoPhaseLeft
		if n := len(f.Inventory); n > 0 {
			because = tx.AllCompleted.F(n)
		}
		r := routeValidation(tx, f, tx.MovesToValidation.F(because))
		r.Pick = PickAllDone
		return r
	}
	var st *PhaseState
	if state != nil {
		st = state(ph.Number)
	}
	v := stepFor(tx, st, f.DebateMode)
	total := totalText(f.PhaseTotal)
	why := v.Why
	if v.Last != nil {
		why = tx.LastEvent.F(v.Last.Type, v.Last.When())
		if v.Handoff {
			why += tx.TrustNote
		}
	}
	switch pick {
	case PickFailed:
		why = tx.Retried.F(ph.Number) + why
	case PickPending:
		why = tx.LowestPending.F(ph.Number) + why
	}
	p := ph
	step := tx.step(v.Step)
	r := Route{Stage: "execution", Phase: &p, Pick: pick, Verdict: &v,
		Where: tx.Where.F(ph.Number, step),
		Why:   why,
		Next:  tx.NextExec.F(ph.Number, total, ph.Name, step, why),
	}
	if v.Last != nil {
		r.Say = append(r.Say, v.Last.Type+": "+v.Why+".")
	} else {
		r.Say = append(r.Say, upperFirst(v.Why)+".")
	}
	r.Continue = tx.ResumingPhase.F(ph.Number, total, ph.Name)
	return r
}

// totalText is phase_total as the banner shows it: "?" when absent.
func totalText(n int) string {
	if n > 0 {
		return strconv.Itoa(n)
	}
	return "?"
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
