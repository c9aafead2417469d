package kiln

import (
	"github.com/pickup-dev/pickup/internal/i18n"
)

// FText is the sentences of kiln 3.1's .kiln/STATE.md (era F): its
// routing (what each next_action template resumes, and why), the REVIEW
// sections, the plan, the prompt, the menu, and the warnings about the
// files beside it. Values read from kiln's files (next_action, blockers,
// slice and stage names, verdicts) are arguments and stay as written;
// free text among them (an unknown next_action, a template's detail or
// question) arrives quoted, «…» (routeF), so no sentence here turns it
// into an order.
type FText struct {
	// Routing: where a resume lands.
	Stage                               i18n.M
	Slice                               i18n.M
	Fire                                i18n.M
	WhyRelaunchRunning                  i18n.M
	WhyStageFinished                    i18n.M
	ContinueRelaunch                    i18n.M
	WhereComplete                       string
	WhyComplete, WhyCompleteNoReport    string
	ContinueComplete                    string
	WhyRerun                            i18n.M
	RerunTail                           i18n.M
	ContinueRerun                       i18n.M
	WhyTransport                        string
	TransportTail                       i18n.M
	ContinueTransport                   i18n.M
	GateTool                            i18n.M
	WhyGateTool                         i18n.M
	QuestionGateTool                    i18n.M
	ContinueGateTool                    i18n.M
	WhereReopen                         i18n.M
	WhyReopen                           i18n.M
	ContinueReopen                      i18n.M
	WaitingRuling                       string
	WhyRuling                           i18n.M
	Blockers                            i18n.M
	ContinueRuling                      i18n.M
	WaitingAnswer                       string
	WhyAcknowledge                      i18n.M
	QuestionAcknowledge                 string
	ContinueAcknowledge                 i18n.M
	Held                                string
	WhyCodex                            string
	LawCodex                            string
	QuestionCodex                       i18n.M
	ContinueCodex                       i18n.M
	WhereOnboarding                     string
	WhyOnboarding                       i18n.M
	SourceIdea                          string
	SourceLedger                        i18n.M
	QuestionOnboarding                  i18n.M
	ContinueOnboarding                  i18n.M
	WhyUnknown                          i18n.M
	ContinueUnknown                     i18n.M
	DecideFirst                         i18n.M
	Degraded                            string
	Planned, Active, AuditAccepted      string
	Sealed                              i18n.M
	Reopened                            i18n.M
	Routing                             string
	SlicesTitle                         i18n.M
	SlicesNone                          string
	NoSlicePlanned, NoSlicesYet         string
	VerdictTitle                        i18n.M
	Verdict, Blocker, Finding           i18n.M
	FindingAt                           i18n.M
	Markers, Report, ReportEmpty        string
	CutShortTitle, Pointers, NoPointers string
	PointerAbsent, PointerOutside       string
	PointerPresent                      string
	PlanSlices                          i18n.M
	ContinueWritesNothing               string

	// The prompt.
	PromptTitle       i18n.M
	PromptRun         i18n.M
	PromptResumePoint i18n.M
	PromptDecide      i18n.M
	PromptSlices      i18n.M
	PromptPointers    string
	PromptAbove       i18n.M
	PromptOutside     i18n.M
	PromptProjectFile i18n.M
	PromptAbsent      i18n.M

	// The menu.
	RestartHint, RestartDisabled       string
	RunHint                            i18n.M
	CompleteHint, CompleteDisabled     string
	CompleteReview                     string
	AnswerLabel, AnswerHint, AnswerWhy string
	RestoreLabel                       i18n.M
	RestoreHint                        string

	// A STATE.md that cannot be resumed.
	StageMissing, NextMissing string
	BadStage                  i18n.M
	NeverWritten              i18n.M
	CannotResume              i18n.M

	// Warnings and alerts.
	StageWritten       i18n.M
	NoLine             i18n.M
	UnknownKey         i18n.M
	SetTwice           i18n.M
	UpdatedPlaceholder string
	UpdatedNotISO      i18n.M
	Density            i18n.M
	SealsElsewhere     i18n.M
	CannotRead         i18n.M
	SealsUnplanned     i18n.M
	SealsAs            i18n.M
	CutShort           i18n.M
	WouldHaveSaid      i18n.M
	NotSlices          i18n.M
	NotSlice           i18n.M
	NotVerdict         i18n.M
	// Symlink refuses a symbolic link beside kiln's state.
	Symlink i18n.M
	// LastActionCut is the session's last action when a STATE.md write
	// was cut short.
	LastActionCut string
}

var englishF = FText{
	Stage:               i18n.T("stage {stage}"),
	Slice:               i18n.T(", slice {slice}"),
	Fire:                i18n.T("run /kiln-fire in {project} (bare: kiln reads .kiln/STATE.md once and writes nothing back)"),
	WhyRelaunchRunning:  i18n.T("slice {slice} was sealed and the kernel went on to the next slice; no later state was written: relaunch stage {stage} (sealed slices are skipped)"),
	WhyStageFinished:    i18n.T("stage {done} finished; the next stage is {next}"),
	ContinueRelaunch:    i18n.T("To resume, {fire}: it relaunches stage {stage}."),
	WhereComplete:       "complete",
	WhyComplete:         "the run is complete: every stage ran and report.md is written",
	WhyCompleteNoReport: "STATE.md says the run is complete, but .kiln/report.md is empty or missing",
	ContinueComplete:    "The run is complete; nothing is resumed. The report is .kiln/report.md.",
	WhyRerun:            i18n.T("stage {stage} did not return sound work"),
	RerunTail:           i18n.T(": rerun stage {stage}"),
	ContinueRerun:       i18n.T("To rerun stage {stage}, {fire}."),
	WhyTransport:        "the review transport failed",
	TransportTail:       i18n.T(": fix the transport, then rerun stage {stage}"),
	ContinueTransport:   i18n.T("Fix the transport first (codex login, network), then {fire}: it reruns stage {stage}."),
	GateTool:            i18n.T("the gate tool at {path}"),
	WhyGateTool:         i18n.T("held: {hold} is unreachable (not found or not executable); restore it, then rerun stage {stage}"),
	QuestionGateTool:    i18n.T("Restore {hold} (reinstall or update the kiln plugin)."),
	ContinueGateTool:    i18n.T("Restore {hold} first, then {fire}: it reruns stage {stage}."),
	WhereReopen:         i18n.T("stage {stage}, reopen slice {slice}"),
	WhyReopen:           i18n.T("the LAW is red at {at} for sealed slice {slice}: the slice is reopened"),
	ContinueReopen:      i18n.T("To reopen slice {slice}, {fire}: it reruns stage {stage}."),
	WaitingRuling:       ", waiting for a ruling",
	WhyRuling:           i18n.T("a person must rule: {question}"),
	Blockers:            i18n.T(". Blockers: {blockers}"),
	ContinueRuling:      i18n.T("Answer the ruling first ({question}), then {fire}: it relaunches stage {stage}."),
	WaitingAnswer:       ", waiting for an answer",
	WhyAcknowledge:      i18n.T("codex stopped answering: a person must answer continue to go on single-family (every seal from here says single-family), then relaunch stage {stage}"),
	QuestionAcknowledge: "Codex is not answering. Go on single-family? kiln asks you to answer continue.",
	ContinueAcknowledge: i18n.T("Answer continue to kiln's single-family question, then {fire}: it relaunches stage {stage}."),
	Held:                ", held",
	WhyCodex:            "held until codex answers again",
	LawCodex:            "the LAW needs an opposite-family ratifier and codex is not answering",
	QuestionCodex:       i18n.T("Restore codex (install it, or codex login), then rerun stage {stage}."),
	ContinueCodex:       i18n.T("Restore codex first, then {fire}: it reruns stage {stage}."),
	WhereOnboarding:     "onboarding",
	WhyOnboarding:       i18n.T("the LAW stage halted on a missing onboarding output: {missing}"),
	SourceIdea:          "relaunch with your idea, /kiln-fire <idea>, so onboarding compiles it again",
	SourceLedger:        i18n.T("relaunch so the vision compiler reads the sealed brainstorm ledger ({ledger}) again, or /kiln-fire <idea> to start from an idea"),
	QuestionOnboarding:  i18n.T("kiln cannot recompile onboarding on a bare resume: {source}."),
	ContinueOnboarding:  i18n.T("Onboarding must run again ({missing}): {source}."),
	WhyUnknown:          i18n.T("the recorded next_action, not one of kiln's templates, reads: {next}"),
	ContinueUnknown:     i18n.T("To resume, {fire}; the recorded next_action, not one of kiln's templates, reads: {next}; check it before acting."),
	DecideFirst:         i18n.T("Decide first: {question}"),
	Degraded:            "single-family (codex degraded)",
	Planned:             "planned",
	Active:              ", active",
	AuditAccepted:       ", milestone audit accepted",
	Sealed:              i18n.T("sealed {how}"),
	Reopened:            i18n.T(", reopened (LAW red at {at})"),
	Routing:             "Routing",
	SlicesTitle:         i18n.T("Slices: {sealed}/{planned} sealed (.kiln/seals.log, .kiln/slices.json)"),
	SlicesNone:          "Slices",
	NoSlicePlanned:      ".kiln/slices.json plans no slice.",
	NoSlicesYet:         "No .kiln/slices.json yet: the LAW has not planned the slices.",
	VerdictTitle:        i18n.T("Verdict (.kiln/{name})"),
	Verdict:             i18n.T("verdict: {verdict}"),
	Blocker:             i18n.T("blocker: {blocker}"),
	Finding:             i18n.T("finding: {finding}"),
	FindingAt:           i18n.T("{id} at {location}: {failure}"),
	Markers:             "Markers (.kiln)",
	Report:              "Report (.kiln/report.md)",
	ReportEmpty:         "report.md is empty or missing.",
	CutShortTitle:       "A write cut short (.kiln/" + StateTmp + ")",
	Pointers:            "Pointers",
	NoPointers:          "STATE.md lists no pointers.",
	PointerAbsent:       "absent", PointerOutside: "outside the project, not looked at", PointerPresent: "present",
	PlanSlices:            i18n.T("Slices ({sealed}/{planned} sealed):"),
	ContinueWritesNothing: "CONTINUE writes nothing: kiln 3.1 resumes from STATE.md as it is.",

	PromptTitle:       i18n.T("# Resume kiln run: {project}"),
	PromptRun:         i18n.T("Run `/kiln-fire` (bare, no arguments) in {project}. kiln reads .kiln/STATE.md once and writes nothing back."),
	PromptResumePoint: i18n.T("Resume point: {where}: {why}."),
	PromptDecide:      i18n.T("Before relaunching, a person must decide: {question}"),
	PromptSlices:      i18n.T("## Slices ({sealed}/{planned} sealed)"),
	PromptPointers:    "## Pointers (the files STATE.md names)",
	PromptAbove:       i18n.T("- {path} (above)"),
	PromptOutside:     i18n.T("- {path} (outside the project: not read)"),
	PromptProjectFile: i18n.T("- {path} (a project file: read it there)"),
	PromptAbsent:      i18n.T("{path} is absent or unreadable."),

	RestartHint:      "restart a stage",
	RestartDisabled:  "kiln 3.1 has no reset: /kiln-fire reruns the stage and skips sealed slices; DISCARD archives .kiln to start over",
	RunHint:          i18n.T("run /kiln-fire: {where}"),
	CompleteHint:     "the run is complete",
	CompleteDisabled: "the run is complete (report.md is written): there is nothing to resume",
	CompleteReview:   "the run is complete: there is only its report to read",
	AnswerLabel:      "Answer, then relaunch (/kiln-fire)",
	AnswerHint:       "a person decides first (the question is above)",
	AnswerWhy:        "kiln holds until a person answers",
	RestoreLabel:     i18n.T("Restore {hold}, then relaunch (/kiln-fire)"),
	RestoreHint:      "kiln holds until it is back",

	StageMissing: "stage is missing",
	NextMissing:  "next_action is missing",
	BadStage:     i18n.T("stage is {value}, not one of {stages}"),
	NeverWritten: i18n.T("STATE.md was never written: its first write was cut short, and only {tmp} holds it"),
	CannotResume: i18n.T("kiln's .kiln/STATE.md cannot be resumed: {problems}.\n" +
		"kiln 3.1 rewrites it at its next stop; to start over, DISCARD archives .kiln so a bare /kiln-fire begins fresh."),

	StageWritten:       i18n.T("STATE.md's stage is written {value}; read as {read}"),
	NoLine:             i18n.T("STATE.md has no {key} line"),
	UnknownKey:         i18n.T("STATE.md has a {key} line, which is not one of kiln 3.1's keys"),
	SetTwice:           i18n.T("STATE.md sets {key} more than once; the first one is used"),
	UpdatedPlaceholder: "STATE.md's updated_at is the unfilled placeholder {updated_at}: its write stopped before the time was stamped",
	UpdatedNotISO:      i18n.T("STATE.md's updated_at {value} is not an ISO-8601 time"),
	Density:            i18n.T("STATE.md's density {value} is not broad or engineer"),
	SealsElsewhere:     i18n.T("STATE.md names its seals as {value}; kiln 3.1 always keeps them in .kiln/seals.log, which is what is read"),
	CannotRead:         i18n.T("cannot read {path}: {err}"),
	SealsUnplanned:     i18n.T(".kiln/seals.log seals {slice}, which .kiln/slices.json does not plan"),
	SealsAs:            i18n.T(".kiln/seals.log seals {slice} as {how}, not dual or single-family"),
	CutShort:           i18n.T("a STATE.md write was cut short (.kiln/{tmp} left at {at}, never renamed): STATE.md holds the state before it{would}"),
	WouldHaveSaid:      i18n.T("; it would have said next_action: {next}"),
	NotSlices:          i18n.T("{path}: not a JSON array of slices: {err}"),
	NotSlice:           i18n.T("{path}: slice {n} is neither an id nor {id, surface, milestone}"),
	NotVerdict:         i18n.T("{path}: not a review verdict: {err}"),
	Symlink:            i18n.T("{path}: is a symbolic link; pickup does not follow links beside kiln's state"),
	LastActionCut:      "a STATE.md write cut short",
}
