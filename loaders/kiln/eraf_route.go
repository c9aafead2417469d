package kiln

import (
	"strings"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/internal/textsafe"
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

	// lawCodex marks the LAW's codex template (Detail is LawCodex's
	// English); gateTool is the gate tool's path Hold names.
	lawCodex bool
	gateTool string
}

var (
	actRelaunchRe   = lazyre.New(`^Relaunch the kernel workflow with stage=([A-Za-z-]+)\.?$`)
	actCompleteRe   = lazyre.New(`^Run complete\.?$`)
	actReopenRe     = lazyre.New(`^Reopen slice (\S+): LAW is red at (.+?)\.?$`)
	actRulingRe     = lazyre.New(`^Operator ruling:\s*(.+)$`)
	actAckRe        = lazyre.New(`^Acknowledge single-family degradation, then relaunch stage ([A-Za-z-]+)\.?$`)
	actCodexRe      = lazyre.New(`^Restore codex, then (?:relaunch|rerun) stage ([A-Za-z-]+)(?::\s*(.+))?$`)
	actLawCodexRe   = lazyre.New(`^The LAW needs an opposite-family ratifier.*restore codex, then (?:relaunch|rerun) stage ([A-Za-z-]+)\.?$`)
	actOnboardingRe = lazyre.New(`^Rerun onboarding:\s*(.+)$`)
	actGateToolRe   = lazyre.New(`^Rerun stage ([A-Za-z-]+) after restoring the gate tool at (\S+?)\.?$`)
	actTransportRe  = lazyre.New(`^Rerun stage ([A-Za-z-]+) after fixing the transport(?::\s*(.+))?$`)
	actRerunRe      = lazyre.New(`^Rerun stage ([A-Za-z-]+)(?:\s*(?::|—|–|-)\s*(.+))?$`)
)

// ParseNextAction reads an era F next_action; stage is STATE.md's stage,
// the one a template without a stage of its own relaunches.
func ParseNextAction(text, stage string) ActionF {
	t := strings.TrimSpace(text)
	a := ActionF{Text: t, Stage: stage}
	sub := func(re *lazyre.Regexp) []string { return re.FindStringSubmatch(t) }
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
		a.Detail, a.lawCodex = englishF.LawCodex, true
	} else if m := sub(actCodexRe); m != nil {
		a.Kind, a.Stage, a.Detail, a.Hold = ActCodex, m[1], m[2], "codex"
	} else if m := sub(actOnboardingRe); m != nil {
		a.Kind, a.Detail, a.Person, a.Stage = ActOnboarding, m[1], true, "law"
	} else if m := sub(actGateToolRe); m != nil {
		a.Kind, a.Stage, a.Hold, a.gateTool = ActGateTool, m[1], englishF.GateTool.F(m[2]), m[2]
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

// RouteForF routes an era F state, in English.
func RouteForF(next string, f FactsF) RouteF { return routeF(&englishF, next, f) }

// routeF routes an era F state in tx's words.
func routeF(tx *FText, next string, f FactsF) RouteF {
	a := ParseNextAction(next, f.Stage)
	r := RouteF{Action: a}
	// The template's free text, quoted: what a file says is shown as
	// recorded, never as pickup's words (the JSON's action keeps it whole).
	detail := quoteF(a.Detail)
	fire := tx.Fire.F(f.Project)
	slice := ""
	if f.Slice != "" && f.Slice != "none" && (a.Stage == "" || a.Stage == f.Stage) {
		slice = tx.Slice.F(f.Slice)
	}
	hold := holdF(tx, a)
	switch a.Kind {
	case ActRelaunch:
		if a.Stage == f.Stage && slice != "" {
			r.Running = true
			r.Where = tx.Stage.F(a.Stage) + slice
			r.Why = tx.WhyRelaunchRunning.F(f.Slice, a.Stage)
		} else {
			r.Where = tx.Stage.F(a.Stage)
			r.Why = tx.WhyStageFinished.F(f.Stage, a.Stage)
		}
		r.Continue = tx.ContinueRelaunch.F(fire, a.Stage)
	case ActComplete:
		r.Where = tx.WhereComplete
		r.Why = tx.WhyComplete
		if !f.ReportWritten {
			r.Why = tx.WhyCompleteNoReport
		}
		r.Continue = tx.ContinueComplete
	case ActRerun:
		r.Where = tx.Stage.F(a.Stage) + slice
		r.Why = tx.WhyRerun.F(a.Stage)
		if a.Detail != "" {
			r.Why = detail
		}
		r.Why += tx.RerunTail.F(a.Stage)
		r.Continue = tx.ContinueRerun.F(a.Stage, fire)
	case ActTransport:
		r.Where = tx.Stage.F(a.Stage) + slice
		r.Why = tx.WhyTransport
		if a.Detail != "" {
			r.Why += " (" + detail + ")"
		}
		r.Why += tx.TransportTail.F(a.Stage)
		r.Continue = tx.ContinueTransport.F(fire, a.Stage)
	case ActGateTool:
		r.Where = tx.Stage.F(a.Stage) + slice
		r.Why = tx.WhyGateTool.F(hold, a.Stage)
		r.Question = tx.QuestionGateTool.F(hold)
		r.Continue = tx.ContinueGateTool.F(hold, fire, a.Stage)
	case ActReopen:
		r.Where = tx.WhereReopen.F(a.Stage, a.Slice)
		r.Why = tx.WhyReopen.F(quoteF(a.At), a.Slice)
		r.Continue = tx.ContinueReopen.F(a.Slice, fire, a.Stage)
	case ActRuling:
		r.Where = tx.Stage.F(a.Stage) + slice + tx.WaitingRuling
		r.Why = tx.WhyRuling.F(detail)
		r.Question = detail
		if len(f.Blockers) > 0 {
			blockers := make([]string, len(f.Blockers))
			for i, b := range f.Blockers {
				blockers[i] = quoteF(b)
			}
			r.Question += tx.Blockers.F(strings.Join(blockers, "; "))
		}
		r.Continue = tx.ContinueRuling.F(detail, fire, a.Stage)
	case ActAcknowledge:
		r.Where = tx.Stage.F(a.Stage) + slice + tx.WaitingAnswer
		r.Why = tx.WhyAcknowledge.F(a.Stage)
		r.Question = tx.QuestionAcknowledge
		r.Continue = tx.ContinueAcknowledge.F(fire, a.Stage)
	case ActCodex:
		r.Where = tx.Stage.F(a.Stage) + slice + tx.Held
		r.Why = tx.WhyCodex
		if a.lawCodex {
			r.Why += ": " + tx.LawCodex
		} else if a.Detail != "" {
			r.Why += ": " + detail
		}
		r.Question = tx.QuestionCodex.F(a.Stage)
		r.Continue = tx.ContinueCodex.F(fire, a.Stage)
	case ActOnboarding:
		r.Where = tx.WhereOnboarding
		r.Why = tx.WhyOnboarding.F(detail)
		source := tx.SourceIdea
		if f.Ledger {
			source = tx.SourceLedger.F(".kiln/" + LedgerFile)
		}
		r.Question = tx.QuestionOnboarding.F(source)
		r.Continue = tx.ContinueOnboarding.F(detail, source)
	default:
		r.Where = tx.Stage.F(f.Stage) + slice
		r.Why = tx.WhyUnknown.F(quoteF(a.Text))
		r.Continue = tx.ContinueUnknown.F(fire, quoteF(a.Text))
	}
	return r
}

// quoteMax caps a value quoted from STATE.md in a sentence: a
// next_action of any length shows its first quoteMax bytes (plan --json's
// action.text keeps it whole).
const quoteMax = 500

// quoteF is free text from STATE.md as the sentences show it: «…», on
// one line, at most quoteMax bytes; "" stays "".
func quoteF(s string) string {
	if s == "" {
		return ""
	}
	return textsafe.Quote(s, quoteMax)
}

// holdF is what must come back first, in tx's words: codex, or the
// gate tool at the path next_action names.
func holdF(tx *FText, a ActionF) string {
	if a.gateTool != "" {
		return tx.GateTool.F(a.gateTool)
	}
	return a.Hold
}
