package kiln

import (
	"fmt"
	"regexp"
	"strings"
)

// Era F's routing is its next_action line, one of the kernel's fixed
// templates (Fredasterehub/kiln v3.1.8 plugins/kiln/workflows/kernel.js),
// read here as pure code: what resuming does, whether a person must
// decide or restore something first, and the question to show.

// SpineF is era F's stage order.
var SpineF = []string{"law", "build", "validate", "report"}

// Action kinds of an era F next_action.
const (
	ActRelaunch    = "relaunch"    // Relaunch the kernel workflow with stage=<s>
	ActComplete    = "complete"    // Run complete
	ActRerun       = "rerun"       // Rerun stage <s>[: why]
	ActTransport   = "transport"   // Rerun stage <s> after fixing the transport[: why]
	ActGateTool    = "gate_tool"   // Rerun stage <s> after restoring the gate tool at <path>
	ActReopen      = "reopen"      // Reopen slice <id>: LAW is red at <where>
	ActRuling      = "ruling"      // Operator ruling: <question>
	ActAcknowledge = "acknowledge" // Acknowledge single-family degradation, then relaunch stage build
	ActCodex       = "codex"       // Restore codex, then … / The LAW needs an opposite-family ratifier …
	ActOnboarding  = "onboarding"  // Rerun onboarding: <what is missing>
	ActUnknown     = "unknown"     // none of the templates
)

// ActionF is an era F next_action, read.
type ActionF struct {
	Kind string `json:"kind"`
	// Stage is the stage a resume launches ("" for a complete run).
	Stage string `json:"stage,omitempty"`
	// Slice is the slice to reopen.
	Slice string `json:"slice,omitempty"`
	// At is where the LAW went red (resume, pre-seal, stage end…).
	At string `json:"at,omitempty"`
	// Detail is the template's tail: what failed, or the question.
	Detail string `json:"detail,omitempty"`
	// Person is true when a person must decide or act before a resume
	// can do anything (a ruling, the single-family answer, onboarding).
	Person bool `json:"person_must_decide"`
	// Hold names what must come back first (codex, the gate tool).
	Hold string `json:"hold,omitempty"`
	// Text is the next_action as written.
	Text string `json:"text"`
}

var (
	actRelaunchRe   = regexp.MustCompile(`^Relaunch the kernel workflow with stage=([A-Za-z-]+)\.?$`)
	actCompleteRe   = regexp.MustCompile(`^Run complete\.?$`)
	actReopenRe     = regexp.MustCompile(`^Reopen slice (\S+): LAW is red at (.+?)\.?$`)
	actRulingRe     = regexp.MustCompile(`^Operator ruling:\s*(.+)$`)
	actAckRe        = regexp.MustCompile(`^Acknowledge single-family degradation, then relaunch stage ([A-Za-z-]+)\.?$`)
	actCodexRe      = regexp.MustCompile(`^Restore codex, then (?:relaunch|rerun) stage ([A-Za-z-]+)(?::\s*(.+))?$`)
	actLawCodexRe   = regexp.MustCompile(`^The LAW needs an opposite-family ratifier.*restore codex, then (?:relaunch|rerun) stage ([A-Za-z-]+)\.?$`)
	actOnboardingRe = regexp.MustCompile(`^Rerun onboarding:\s*(.+)$`)
	actGateToolRe   = regexp.MustCompile(`^Rerun stage ([A-Za-z-]+) after restoring the gate tool at (\S+?)\.?$`)
	actTransportRe  = regexp.MustCompile(`^Rerun stage ([A-Za-z-]+) after fixing the transport(?::\s*(.+))?$`)
	actRerunRe      = regexp.MustCompile(`^Rerun stage ([A-Za-z-]+)(?:\s*(?::|—|–|-)\s*(.+))?$`)
)

// ParseNextAction reads an era F next_action; stage is STATE.md's stage,
// the one a template without a stage of its own relaunches.
func ParseNextAction(text, stage string) ActionF {
	t := strings.TrimSpace(text)
	a := ActionF{Text: t, Stage: stage}
	sub := func(re *regexp.Regexp) []string { return re.FindStringSubmatch(t) }
	if m := sub(actRelaunchRe); m != nil {
		a.Kind, a.Stage = ActRelaunch, m[1]
	} else if sub(actCompleteRe) != nil {
		a.Kind, a.Stage = ActComplete, ""
	} else if m := sub(actReopenRe); m != nil {
		a.Kind, a.Slice, a.At = ActReopen, m[1], m[2]
	} else if m := sub(actRulingRe); m != nil {
		a.Kind, a.Detail, a.Person = ActRuling, m[1], true
	} else if m := sub(actAckRe); m != nil {
		a.Kind, a.Stage, a.Person = ActAcknowledge, m[1], true
	} else if m := sub(actLawCodexRe); m != nil {
		a.Kind, a.Stage, a.Hold = ActCodex, m[1], "codex"
		a.Detail = "the LAW needs an opposite-family ratifier and codex is not answering"
	} else if m := sub(actCodexRe); m != nil {
		a.Kind, a.Stage, a.Detail, a.Hold = ActCodex, m[1], m[2], "codex"
	} else if m := sub(actOnboardingRe); m != nil {
		a.Kind, a.Detail, a.Person, a.Stage = ActOnboarding, m[1], true, "law"
	} else if m := sub(actGateToolRe); m != nil {
		a.Kind, a.Stage, a.Hold = ActGateTool, m[1], "the gate tool at "+m[2]
	} else if m := sub(actTransportRe); m != nil {
		a.Kind, a.Stage, a.Detail = ActTransport, m[1], m[2]
	} else if m := sub(actRerunRe); m != nil {
		a.Kind, a.Stage, a.Detail = ActRerun, m[1], m[2]
	} else {
		a.Kind = ActUnknown
	}
	return a
}

// RouteF is where an era F run resumes and why.
type RouteF struct {
	Action ActionF `json:"action"`
	// Where and Why are the resume point.
	Where string `json:"where"`
	Why   string `json:"why"`
	// Question is what a person must answer or do first ("" when
	// nothing).
	Question string `json:"question,omitempty"`
	// Continue is the one-line outcome of a CONTINUE: what to run.
	Continue string `json:"continue"`
	// Running is true when the state is a checkpoint inside a stage (the
	// kernel writes it after each seal and goes on): a long silence after
	// it is a crash. Every other template is a stop on purpose.
	Running bool `json:"mid_stage"`
}

// FactsF are what era F routing reads besides next_action.
type FactsF struct {
	Stage, Slice string
	// Sealed and Planned count the slices; ReportWritten says report.md
	// is not empty; Ledger says a sealed brainstorm ledger exists (an
	// onboarding rerun's other content source).
	Sealed, Planned int
	ReportWritten   bool
	Ledger          bool
	Project         string
	// Blockers are the blockers of the verdict a ruling is about (the
	// gate, the milestone audit or the perceptual screen).
	Blockers []string
}

// RouteForF routes an era F state.
func RouteForF(next string, f FactsF) RouteF {
	a := ParseNextAction(next, f.Stage)
	r := RouteF{Action: a}
	fire := "run /kiln-fire in " + f.Project + " (bare: kiln reads .kiln/STATE.md once and writes nothing back)"
	slice := ""
	if f.Slice != "" && f.Slice != "none" && (a.Stage == "" || a.Stage == f.Stage) {
		slice = ", slice " + f.Slice
	}
	switch a.Kind {
	case ActRelaunch:
		if a.Stage == f.Stage && slice != "" {
			r.Running = true
			r.Where = "stage " + a.Stage + slice
			r.Why = fmt.Sprintf("slice %s was sealed and the kernel went on to the next slice; no later state was written: relaunch stage %s (sealed slices are skipped)", f.Slice, a.Stage)
		} else {
			r.Where = "stage " + a.Stage
			r.Why = fmt.Sprintf("stage %s finished; the next stage is %s", f.Stage, a.Stage)
		}
		r.Continue = "To resume, " + fire + ": it relaunches stage " + a.Stage + "."
	case ActComplete:
		r.Where = "complete"
		r.Why = "the run is complete: every stage ran and report.md is written"
		if !f.ReportWritten {
			r.Why = "STATE.md says the run is complete, but .kiln/report.md is empty or missing"
		}
		r.Continue = "The run is complete; nothing is resumed. The report is .kiln/report.md."
	case ActRerun:
		r.Where = "stage " + a.Stage + slice
		r.Why = "stage " + a.Stage + " did not return sound work"
		if a.Detail != "" {
			r.Why = a.Detail
		}
		r.Why += ": rerun stage " + a.Stage
		r.Continue = "To rerun stage " + a.Stage + ", " + fire + "."
	case ActTransport:
		r.Where = "stage " + a.Stage + slice
		r.Why = "the review transport failed"
		if a.Detail != "" {
			r.Why += " (" + a.Detail + ")"
		}
		r.Why += ": fix the transport, then rerun stage " + a.Stage
		r.Continue = "Fix the transport first (codex login, network), then " + fire + ": it reruns stage " + a.Stage + "."
	case ActGateTool:
		r.Where = "stage " + a.Stage + slice
		r.Why = "held: " + a.Hold + " is unreachable (not found or not executable); restore it, then rerun stage " + a.Stage
		r.Question = "Restore " + a.Hold + " (reinstall or update the kiln plugin)."
		r.Continue = "Restore " + a.Hold + " first, then " + fire + ": it reruns stage " + a.Stage + "."
	case ActReopen:
		r.Where = "stage " + a.Stage + ", reopen slice " + a.Slice
		r.Why = fmt.Sprintf("the LAW is red at %s for sealed slice %s: the slice is reopened", a.At, a.Slice)
		r.Continue = "To reopen slice " + a.Slice + ", " + fire + ": it reruns stage " + a.Stage + "."
	case ActRuling:
		r.Where = "stage " + a.Stage + slice + ", waiting for a ruling"
		r.Why = "a person must rule: " + a.Detail
		r.Question = a.Detail
		if len(f.Blockers) > 0 {
			r.Question += ". Blockers: " + strings.Join(f.Blockers, "; ")
		}
		r.Continue = "Answer the ruling first (" + a.Detail + "), then " + fire + ": it relaunches stage " + a.Stage + "."
	case ActAcknowledge:
		r.Where = "stage " + a.Stage + slice + ", waiting for an answer"
		r.Why = "codex stopped answering: a person must answer continue to go on single-family (every seal from here says single-family), then relaunch stage " + a.Stage
		r.Question = "Codex is not answering. Go on single-family? kiln asks you to answer continue."
		r.Continue = "Answer continue to kiln's single-family question, then " + fire + ": it relaunches stage " + a.Stage + "."
	case ActCodex:
		r.Where = "stage " + a.Stage + slice + ", held"
		r.Why = "held until codex answers again"
		if a.Detail != "" {
			r.Why += ": " + a.Detail
		}
		r.Question = "Restore codex (install it, or codex login), then rerun stage " + a.Stage + "."
		r.Continue = "Restore codex first, then " + fire + ": it reruns stage " + a.Stage + "."
	case ActOnboarding:
		r.Where = "onboarding"
		r.Why = "the LAW stage halted on a missing onboarding output: " + a.Detail
		source := "relaunch with your idea, /kiln-fire <idea>, so onboarding compiles it again"
		if f.Ledger {
			source = "relaunch so the vision compiler reads the sealed brainstorm ledger (.kiln/" + LedgerFile + ") again, or /kiln-fire <idea> to start from an idea"
		}
		r.Question = "kiln cannot recompile onboarding on a bare resume: " + source + "."
		r.Continue = "Onboarding must run again (" + a.Detail + "): " + source + "."
	default:
		r.Where = "stage " + f.Stage + slice
		r.Why = "next_action is not one of kiln's templates; it says: " + a.Text
		r.Continue = "Follow next_action as written (" + a.Text + "), then " + fire + "."
	}
	return r
}
