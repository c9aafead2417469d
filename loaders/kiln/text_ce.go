package kiln

import (
	"github.com/pickup-dev/pickup/internal/i18n"
)

// CEText is the sentences of kiln 1.x to 3.0's "# Kiln State" file
// (eras C, D and E): routing, warnings, REVIEW, plan, prompt and menu.
type CEText struct {
	// ResumeFailed is kiln 1.x's own message for a STATE.md without a
	// valid stage (ResumeFailedC in English).
	ResumeFailed  string
	BadStage      i18n.M
	NoValidStage  i18n.M
	SchemaVersion i18n.M
	UpdatedNotISO i18n.M
	Moved         i18n.M
	// ProjectPathKey is era D's "project path" key as Moved names it.
	ProjectPathKey string
	// MovedC is era C's "## Project" Path differing from the project
	// opened; InterruptedC is an unfinished era C run's headline (when:
	// its last update), InterruptedCNoTime one whose time is unknown.
	MovedC             i18n.M
	InterruptedC       i18n.M
	InterruptedCNoTime i18n.M
	NoEvents           string
	CannotReadEvts     i18n.M
	CutShortEvent      i18n.M
	BadEvents          i18n.M
	FromAnywhere       i18n.M
	Complete           string
	WhyComplete        string
	WhyReportDone      i18n.M
	ContinueDone       string
	Step               i18n.M
	WhyC               i18n.M
	TeamIteration      i18n.M
	BuildIteration     i18n.M
	Chunk              i18n.M
	WhyDE              i18n.M
	NextAction         i18n.M
	Milestones         i18n.M
	Correction         i18n.M
	OpenStage          i18n.M
	Continue           i18n.M
	CompletedAt        i18n.M
	WritesNothing      string
	ResumeNotes        string
	EarlierEvents      i18n.M
	EventsTitle        i18n.M
	PromptTitle        i18n.M
	PromptPoint        i18n.M
	PromptEvents       string
	NoResetC           string
	NoResetD           string
	NoResetE           string
	DiscardE           i18n.M
	CompleteHint       string
	CompleteNothing    string
}

var englishCE = CEText{
	ResumeFailed: ResumeFailedC,
	BadStage:     i18n.T("stage is {value}, not one of {steps}, complete"),
	NoValidStage: i18n.T("kiln's .kiln/STATE.md has no valid stage ({detail}): the conductor cannot route it.\n" +
		"Repair its - **stage**: line, or DISCARD to archive it and start fresh."),
	SchemaVersion:      i18n.T("STATE.md's schema_version is {version}; kiln wrote 2 and 3"),
	UpdatedNotISO:      i18n.T("STATE.md's {key} {value} is not an ISO-8601 time"),
	Moved:              i18n.T("STATE.md's {key} is {recorded}, but the project opened is {root} (was the project moved?)"),
	ProjectPathKey:     "project path",
	MovedC:             i18n.T("STATE.md's project Path is {recorded}, but the project opened is {root} (moved, cloned or renamed?); kiln 1.x never compares it: /kiln-fire resumes here all the same"),
	InterruptedC:       i18n.T("kiln 1.x records no crash: the run was interrupted on {when}, in stage {stage}."),
	InterruptedCNoTime: i18n.T("kiln 1.x records no crash: the run was interrupted in stage {stage}."),
	NoEvents:           "kiln 3.0 keeps .kiln/events.jsonl beside STATE.md; there is none",
	CannotReadEvts:     i18n.T("cannot read .kiln/events.jsonl: {err}"),
	CutShortEvent:      i18n.T(".kiln/events.jsonl ends in a line cut short ({n} bytes, no newline): an append was interrupted; it is left out, as kiln-state does"),
	BadEvents:          i18n.T(".kiln/events.jsonl {lines}: not an event; skipped (kiln-state would call the ledger corrupt)"),
	FromAnywhere:       i18n.T("{fire} (or /kiln-fire {root} from anywhere)"),
	Complete:           "complete",
	WhyComplete:        "the pipeline finished (stage complete): kiln only says so",
	WhyReportDone:      i18n.T("the report stage completed (last_completed_stage {last})"),
	ContinueDone:       "The pipeline is complete; nothing is resumed.",
	Step:               i18n.T("step {n} ({stage})"),
	WhyC:               i18n.T("stage {stage}: kiln 1.x resumes the step's team from its beginning"),
	TeamIteration:      i18n.T("team iteration {n}"),
	BuildIteration:     i18n.T("build iteration {n}"),
	Chunk:              i18n.T("chunk {n}"),
	WhyDE:              i18n.T("stage {stage}: the conductor routes to the stage's handler"),
	NextAction:         i18n.T("next action: {action}"),
	Milestones:         i18n.T("milestones {done}/{total} complete"),
	Correction:         i18n.T("correction cycle {cycle}/3"),
	OpenStage:          i18n.T("events.jsonl: stage {stage} started at {time} (seq {seq}) and has not completed"),
	Continue:           i18n.T("To resume, {cmd}: kiln reads .kiln/STATE.md and runs stage {stage}."),
	CompletedAt:        i18n.T("completed at {time}"),
	WritesNothing:      "CONTINUE writes nothing: kiln resumes from STATE.md as it is.",
	ResumeNotes:        "Resume notes (.kiln/resume.md)",
	EarlierEvents:      i18n.T("({n} earlier events)"),
	EventsTitle:        i18n.T("Events (.kiln/events.jsonl, {n})"),
	PromptTitle:        i18n.T("# Resume kiln run: {project} ({era})"),
	PromptPoint:        i18n.T("Resume point: {where}: {why}."),
	PromptEvents:       "## The latest events (.kiln/events.jsonl)",
	NoResetC:           "kiln 1.x has no reset: every resume restarts the step's team from its beginning, which CONTINUE does; DISCARD archives STATE.md (kiln's own \"remove it to start fresh\")",
	NoResetD:           "kiln 2.0 has no reset: the conductor reruns the stage's handler from its beginning on resume, which CONTINUE does; DISCARD archives STATE.md to start fresh",
	NoResetE:           "kiln 3.0 has no reset: the conductor reruns the stage's handler from its beginning on resume, which CONTINUE does; DISCARD archives STATE.md and its event ledger to start fresh",
	DiscardE: i18n.T("Archive this kiln run's state?\n" +
		"{path}\n" +
		".kiln/events.jsonl and .kiln/state.json, then STATE.md, are each renamed to <name>.discarded.<timestamp> beside themselves (kiln 3.0 will not onboard over a live event ledger); nothing is deleted, and /kiln-fire starts fresh."),
	CompleteHint:    "the pipeline is complete",
	CompleteNothing: "the pipeline is complete: there is nothing to resume",
}
