package kiln

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
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

func (s Step) String() string {
	var out string
	switch {
	case s.Num > 0:
		out = fmt.Sprintf("Step %d (%s)", s.Num, s.Name)
	case s.Name == "reconcile":
		out = "reconcile, then Step 7 (archive)"
	default:
		out = "where the handoff note says"
	}
	if s.Sub != "" {
		out += ", " + s.Sub
	}
	return out
}

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
	if state == nil {
		return Verdict{Step: stepSetup, Known: true,
			Why: "no phase state file yet: the phase starts from its beginning, with its master-plan.md section as the plan"}
	}
	last, ok := state.Last()
	if !ok && len(state.BadLines) > 0 {
		return Verdict{Step: stepHandoff, Handoff: true, Known: false,
			Why: "none of the lines under ## Events is an event; trust handoff_note for where to resume",
			Warning: fmt.Sprintf("none of the %s under ## Events is an event (- [ISO] [Alias] [event_type] — description); routing follows the handoff note",
				i18n.Count(len(state.BadLines), "line", "lines"))}
	}
	if !ok && state.NoEvents {
		return Verdict{Step: stepHandoff, Handoff: true, Known: false,
			Why:     "the phase state file has no ## Events section; trust handoff_note for where to resume",
			Warning: "the phase state file has no ## Events section (it is not in kiln's shape); routing follows the handoff note"}
	}
	if !ok {
		return Verdict{Step: stepSetup, Known: true,
			Why:     "the phase state file records no events: the phase starts from its beginning",
			Warning: "the phase state file has no events under ## Events"}
	}
	v := Verdict{Last: &last, Known: true}
	if state.Status == "complete" {
		// The phase's own file says it is done, yet MEMORY.md routes to
		// it: the handoff note is the one that knows what is left.
		v.Step, v.Handoff = stepHandoff, true
		v.Why = "the phase state file says status " + orWritten(state) + ", yet MEMORY.md has the phase to resume; trust handoff_note for where to pick up"
		v.Warning = "the phase state file says status " + orWritten(state) + ", but MEMORY.md still has this phase to resume: routing follows the handoff note"
		return v
	}
	if state.Known() == 0 {
		v.Step, v.Handoff, v.Known = stepHandoff, true, false
		v.Why = "no event names one of kiln's event types; trust handoff_note for where to resume"
		v.Warning = fmt.Sprintf("none of the %s under ## Events names one of kiln's 27 event types; routing follows the handoff note", i18n.Count(len(state.Events), "event", "events"))
		return v
	}
	seen := map[string]int{}
	for _, e := range state.Events {
		seen[e.Type]++
	}
	switch last.Type {
	case "setup", "branch":
		v.Step, v.Why = stepPlan, "phase stopped during setup; restart from Step 2 (plan)"
	case "plan_start", "plan_complete", "debate_complete", "synthesis_complete",
		"plan_validate_start", "plan_validate_complete":
		v.Step, v.Why = planningNext(last.Type, seen, debateMode)
	case "sharpen_start":
		v.Step, v.Why = stepSharpen, "sharpening began but did not complete; restart from Step 3 (sharpen)"
	case "sharpen_complete":
		v.Step, v.Why = stepImplement, "prompts generated; restart from Step 4 (implement)"
	case "task_start", "task_success", "task_retry", "task_fail":
		finished := finishedTasks(state.Events)
		task := "task " + strconv.Itoa(finished+1)
		v.Step = stepImplement.with(task)
		v.Why = fmt.Sprintf("phase stopped mid-implementation; restart from the next incomplete task (%s; %s finished)", task, i18n.Count(finished, "task", "tasks"))
	case "review_start", "review_rejected", "fix_start", "fix_complete":
		round := "round " + strconv.Itoa(seen["review_rejected"]+1)
		v.Step = stepReview.with(round)
		v.Why = "phase stopped during review; restart from the next review round (" + round + ")"
	case "review_approved":
		v.Step, v.Why = stepMerge, "review passed; restart from Step 6 (complete/merge)"
	case "merge":
		v.Step = stepReconcile
		v.Why = "phase complete (merged); it should not be in_progress: reconcile, then Step 7 (archive)"
		v.Warning = "the phase's last event is merge: the phase is complete, but MEMORY.md still has it as the phase to resume"
	case "reconcile_complete":
		v.Step, v.Why = stepArchive, "reconciliation done; restart from Step 7 (archive)"
	case "deploy_start", "deploy_complete", "correction_start", "correction_complete":
		v.Step, v.Handoff = stepHandoff, true
		v.Why = last.Type + " is outside the phase lifecycle's steps; trust handoff_note for what was happening"
	case "error", "halt":
		v.Step, v.Handoff = stepHandoff, true
		v.Why = "phase stopped on error; trust handoff_note for what to fix"
	case "":
		v.Step, v.Handoff, v.Known = stepHandoff, true, false
		v.Why = "the last event names no event type; trust handoff_note for where to resume"
		v.Warning = fmt.Sprintf("the last event (line %d) names no event type; routing falls back to the handoff note", last.Line)
	default:
		v.Step, v.Handoff, v.Known = stepHandoff, true, false
		v.Why = "unknown event type " + strconv.Quote(last.Type) + "; trust handoff_note for where to resume"
		v.Warning = fmt.Sprintf("line %d of the phase state file has event type %q, which is not one of kiln's 27; routing falls back to the handoff note", last.Line, last.Type)
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
func planningNext(last string, seen map[string]int, debateMode int) (Step, string) {
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
		return stepSharpen, "phase stopped after its planning sub-steps; restart from Step 3 (sharpen)"
	}
	return stepPlan.with(next), "phase stopped during planning; restart from the next sub-step (" + next + ")"
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

// subStageMeaning is the spec's gloss of each planning sub-stage.
var subStageMeaning = map[string]string{
	"dual_plan": "two competing plans are being drafted.",
	"debate":    "plans are being debated; check debate_mode.",
	"synthesis": "plans are being merged into the final master plan.",
}

// RouteFor is Step 6. state returns the parsed `.kiln/phase_<n>_state.md`
// or nil when it does not exist; it is called only for the phase chosen.
func RouteFor(f Facts, state func(n int) *PhaseState) Route {
	switch f.Stage {
	case "brainstorm":
		return Route{Stage: f.Stage, Where: "brainstorm", Why: "the vision is still being explored",
			Next:     "brainstorm: the vision is still being explored",
			Say:      []string{"Resuming brainstorming session. Here is the current vision:"},
			Show:     "vision.md",
			Ask:      []string{"What would you like to explore or refine next?"},
			Continue: "Resuming brainstorming session. Here is the current vision:"}
	case "planning":
		sub, why := normSubStage(f.SubStage)
		if sub == "debate" {
			why += fmt.Sprintf("; debate_mode %d", f.DebateMode)
		}
		say := fmt.Sprintf("Resuming planning stage (%s).", sub)
		return Route{Stage: f.Stage, Where: "planning (" + sub + ")", Why: why, SubStage: sub,
			Next:     "planning (" + sub + "): " + why,
			Say:      []string{say, sub + ": " + subStageMeaning[sub]},
			Show:     "master-plan.md",
			Ask:      []string{"Continue planning from " + sub + "."},
			Continue: say}
	case "execution":
		return routeExecution(f, state)
	case "validation":
		return routeValidation(f, "")
	case "complete":
		return Route{Stage: f.Stage, Where: "complete", Why: "the project is marked complete; no work is resumed",
			Next:     "complete: the project is marked complete; no work is resumed",
			Say:      append([]string(nil), CompleteBlock...),
			Continue: "Run /kiln:start to begin a new project in this directory."}
	}
	return Route{Stage: f.Stage, Where: f.Stage, Why: "unknown stage"}
}

// normSubStage is the spec's normalisation: absent, null or unknown is
// dual_plan.
func normSubStage(raw string) (sub, why string) {
	v := strings.ToLower(strings.TrimSpace(raw))
	switch {
	case contains(SubStages, v):
		return v, "planning_sub_stage is " + v
	case v == "":
		return "dual_plan", "planning_sub_stage is absent or null: treated as dual_plan"
	}
	return "dual_plan", fmt.Sprintf("planning_sub_stage %q is not dual_plan, debate or synthesis: treated as dual_plan", raw)
}

func routeValidation(f Facts, because string) Route {
	r := Route{Stage: "validation", Where: "validation"}
	c := f.CorrectionCycle
	switch {
	case c > 0 && f.Status == "blocked":
		r.Validation = ValBlocked
		r.Why = fmt.Sprintf("correction cycle %d/3 ended blocked: validation failed", c)
		r.Say = []string{fmt.Sprintf("Validation failed after %d correction cycles. Here is the validation report:", c)}
		r.Show = "validation/report.md"
		r.Ask = []string{"How would you like to proceed? Options: retry validation, fix manually, or mark complete."}
	case c > 0 && f.Status == "in_progress":
		r.Validation = ValCorrecting
		r.Why = fmt.Sprintf("correction cycle %d/3 in progress", c)
		r.Say = []string{fmt.Sprintf("Resuming validation — correction cycle %d/3 in progress.", c)}
		r.Ask = []string{"Continue the validation-correction loop from Step 14 in start.md."}
	default:
		r.Validation = ValFresh
		r.Why = "no correction cycle in progress: run validation"
		if c > 0 {
			r.Why = fmt.Sprintf("correction cycle %d/3 with status %s: run validation", c, f.Status)
		}
		r.Say = []string{"Resuming validation stage."}
		r.Ask = []string{"Summarize what was built from master-plan.md and what decisions were made from decisions.md.",
			"Spawn Argus to run validation (Step 14 in start.md)."}
	}
	if because != "" {
		r.Why = because + "; " + r.Why
	}
	r.Next = "validation: " + r.Why
	r.Continue = r.Say[0]
	return r
}

func routeExecution(f Facts, state func(n int) *PhaseState) Route {
	ph, pick := SelectPhase(f.Inventory)
	if pick == PickAllDone {
		because := "no phase is pending, in progress or failed"
		if n := len(f.Inventory); n > 0 {
			because = fmt.Sprintf("all %d phases are completed", n)
		}
		r := routeValidation(f, because+": stage moves to validation")
		r.Pick = PickAllDone
		return r
	}
	var st *PhaseState
	if state != nil {
		st = state(ph.Number)
	}
	v := StepFor(st, f.DebateMode)
	total := totalText(f.PhaseTotal)
	why := v.Why
	if v.Last != nil {
		why = "last event " + v.Last.Type + " at " + v.Last.When()
		if v.Handoff {
			why += " (trust the handoff note)"
		}
	}
	switch pick {
	case PickFailed:
		why = fmt.Sprintf("phase %d failed, so it is retried; ", ph.Number) + why
	case PickPending:
		why = fmt.Sprintf("phase %d is the lowest-numbered pending phase; ", ph.Number) + why
	}
	p := ph
	r := Route{Stage: "execution", Phase: &p, Pick: pick, Verdict: &v,
		Where: fmt.Sprintf("phase %d, %s", ph.Number, v.Step),
		Why:   why,
		Next:  fmt.Sprintf("phase %d/%s %s, %s: %s", ph.Number, total, ph.Name, v.Step, why),
	}
	if v.Last != nil {
		r.Say = append(r.Say, v.Last.Type+": "+v.Why+".")
	} else {
		r.Say = append(r.Say, upperFirst(v.Why)+".")
	}
	r.Continue = fmt.Sprintf("Resuming phase %d/%s: %s — spawning Maestro.", ph.Number, total, ph.Name)
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
	return strings.ToUpper(s[:1]) + s[1:]
}
