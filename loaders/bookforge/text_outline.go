package bookforge

import "github.com/pickup-dev/pickup/internal/i18n"

// OutlineText is the outline's sentences: the outline pipeline session,
// the write gate and the scene total from the outline (Text.Outline).
// bookforge's own error messages (WRITE GATED: …, Missing outline.json,
// No resumable outline pipeline run found.) are quoted as it prints them.
type OutlineText struct {
	// Reading the outline folder.
	Unreadable i18n.M
	PauseBad   i18n.M
	OutlineBad i18n.M
	// ReportOutside: the report pointer names a file outside the book.
	ReportOutside i18n.M

	// The scene total.
	TotalFromLedgers  i18n.M
	TotalOutlineBad   i18n.M
	TotalOutlineEmpty i18n.M
	PlanOutline       i18n.M

	// The write gate.
	GateAlert      i18n.M
	WayFinish      i18n.M
	WayGenerate    i18n.M
	WayPipeline    i18n.M
	WayFixFile     i18n.M
	WayAck         i18n.M
	WayBypass      i18n.M
	HintGated      string
	PromptGate     i18n.M
	PromptRunAfter string
	PromptRunOnce  string
	NoteBypassed   i18n.M
	NoteAcked      i18n.M
	NoteAckNothing i18n.M

	// The outline pipeline session.
	Title         i18n.M
	TitledOutline i18n.M
	Cause         i18n.M
	HeadError     i18n.M
	RunValue      i18n.M
	PausedAt      i18n.M
	// ReusedNone and Reused say how many phases a resume reuses (reused).
	ReusedNone  string
	Reused      i18n.P
	ResumeWhy   i18n.M
	NotRun      string
	SuccessGone i18n.M
	Recorded    i18n.M
	// Status are the statuses a phase records, as Recorded says them.
	Status map[string]string
	// Verbs are the phase table's labels.
	Verbs          map[string]string
	ContinueWhy    string
	HintContinue   i18n.M
	Refused        i18n.M
	ReviewHint     string
	RestartHint    i18n.M
	DiscardHint    i18n.M
	OutContinue    i18n.M
	OutRestart     i18n.M
	OutDiscard     i18n.M
	SecPhases      i18n.M
	SecReport      i18n.M
	AttentionItems i18n.M
	LineAttempt    i18n.M
	LineResumeFrom i18n.M
	NoteOtherRun   i18n.M
	NoteResumeFrom i18n.M
	NoteSameFile   i18n.M
	PlanTitle      i18n.M
	PlanRun        i18n.M
	PromptTitle    i18n.M
	PromptPaused   i18n.M
	// PromptPausedSays is PromptPaused with the pause's message.
	PromptPausedSays i18n.M
	PromptResume     i18n.M
	PromptPhases     string
	PromptFresh      i18n.M
}

// reused says how many phases before it a resume reuses.
func (ot *OutlineText) reused(n int) string {
	if n == 0 {
		return ot.ReusedNone
	}
	return ot.Reused.N(n)
}

var englishOutline = OutlineText{
	Unreadable:    i18n.T("{file} cannot be read: {err}"),
	PauseBad:      i18n.T("{file} is not a JSON object: why the outline pipeline paused is not known"),
	OutlineBad:    i18n.T("{file} cannot be read ({err}): bookforge stops on it before writing"),
	ReportOutside: i18n.T("{file} names {path}, outside the book: pickup does not read it and takes the report of its run_id, as bookforge does when the path names none"),

	TotalFromLedgers:  i18n.T("no {file}: the scene total counts only the scenes that have a ledger (bookforge counts the outline's scenes)"),
	TotalOutlineBad:   i18n.T("{file} cannot be read ({err}): the scene total counts only the scenes that have a ledger"),
	TotalOutlineEmpty: i18n.T("{file} has no scene in chapters[].sections[].scenes[], where bookforge counts them: the scene total counts the scenes that have a ledger"),
	PlanOutline:       i18n.T("Outline: {file}, {chapters} chapters, {scenes} scenes"),

	GateAlert:      i18n.T("bookforge refuses `run` now: {refusal} To get past it: {ways}."),
	WayFinish:      i18n.T("finish the outline pipeline first: {command}"),
	WayGenerate:    i18n.T("generate the outline first: {command}"),
	WayPipeline:    i18n.T("generate the outline again with the pipeline (it replaces the outline the drafted scenes follow): {command}"),
	WayFixFile:     i18n.T("repair {file} or generate the outline again"),
	WayAck:         i18n.T("review the report's {n} attention items (REVIEW and the prompt list them), then pass {flag} to pickup: the command carries it"),
	WayBypass:      i18n.T("{flag} (bookforge: for testing or recovery only; pickup passes it on)"),
	HintGated:      "; bookforge refuses the run until its outline gate opens (the alert says how)",
	PromptGate:     i18n.T("**Write gate.** {sentence}"),
	PromptRunAfter: "Run, the outline first:",
	PromptRunOnce:  "Run, once the gate is open:",
	NoteBypassed:   i18n.T("{flag}: the run goes past bookforge's outline write gate (bookforge logs it); for testing or recovery only"),
	NoteAcked:      i18n.T("{flag}: the run acknowledges the outline report's {n} attention items (bookforge logs it)"),
	NoteAckNothing: i18n.T("{flag}: the outline report asks for no acknowledgement; bookforge accepts the flag and it changes nothing"),

	Title:            i18n.T("outline of book {id}"),
	TitledOutline:    i18n.T("{title} (outline of book {id})"),
	Cause:            i18n.T("{code} pause in {phase}"),
	HeadError:        i18n.T("The last outline run stopped with an error in {phase} ({code})."),
	RunValue:         i18n.T("outline run {run} ({file})"),
	PausedAt:         i18n.T("{phase}, attempt {attempt} of {max}, {at}"),
	ReusedNone:       "from the start",
	Reused:           i18n.Plural("reusing {n} phase before it", "reusing {n} phases before it"),
	ResumeWhy:        i18n.T("{phase} is the first phase bookforge cannot reuse ({detail}); the resume runs it and the phases after it, {reused}"),
	NotRun:           "not run yet",
	SuccessGone:      i18n.T("success recorded, but {file} is gone: it runs again"),
	Recorded:         i18n.T("{status} at {at}, {attempts} of {max} attempts"),
	Status:           map[string]string{"success": "success", "failed": "failed", "paused": "paused"},
	Verbs:            map[string]string{"reused": "reused", "resume": "resume", "runs": "runs", "not requested": "skipped"},
	ContinueWhy:      "bookforge resumes the paused outline run where it stopped",
	HintContinue:     i18n.T("resume at {phase}, {reused}: {command}"),
	Refused:          i18n.T("bookforge refuses the resume: {refusal} Start a fresh run instead: {fresh}"),
	ReviewHint:       "the six outline phases, the pause and the report",
	RestartHint:      i18n.T("archives {files}; a fresh outline run starts at phase_01_chapter_spine: {command}"),
	DiscardHint:      i18n.T("archives {files}; bookforge's own fresh start is {reset}"),
	OutContinue:      i18n.T("Resuming the outline pipeline at {phase}: {command}"),
	OutRestart:       i18n.T("Archived {files} of book {book}; a fresh outline run: {command}"),
	OutDiscard:       i18n.T("Archived {files} of book {book}; bookforge's own fresh start: {reset}"),
	SecPhases:        i18n.T("Outline pipeline ({file})"),
	SecReport:        i18n.T("Report ({file})"),
	AttentionItems:   i18n.T("{n} attention items:"),
	LineAttempt:      i18n.T("Attempt: {attempt} of {max}"),
	LineResumeFrom:   i18n.T("Resume from: {phase}"),
	NoteOtherRun:     i18n.T("{file} names run {marked}, the latest run is {latest}: --resume picks up {latest}"),
	NoteResumeFrom:   i18n.T("the marker says resume from {marked}; bookforge resumes at the first phase it cannot reuse: {phase}"),
	NoteSameFile:     i18n.T("the run was started with {flag}: add it with the same file, or bookforge refuses the resume (Resume fingerprint mismatch)"),
	PlanTitle:        i18n.T("bookforge outline of book {book} ({dir})"),
	PlanRun:          i18n.T("Run: {run} ({dir})"),
	PromptTitle:      i18n.T("# Resume the bookforge outline of book {book}"),
	PromptPaused:     i18n.T("The outline pipeline paused in **{phase}** ({code})."),
	PromptPausedSays: i18n.T("The outline pipeline paused in **{phase}** ({code}): {message}."),
	PromptResume:     i18n.T("Resume at phase **{phase}**, {reused}."),
	PromptPhases:     "The six phases:",
	PromptFresh:      i18n.T("bookforge's own fresh start, which archives the pipeline runs: `{reset}`."),
}
