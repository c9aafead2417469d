package kiln

import (
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// MemText is the sentences of seed 000's project memory (MEMORY.md, in
// the project's .kiln/memory or Claude's per-project memory folder): the
// routing of Step 6 (where a resume lands, why, and the spec's words to
// the person), the warnings about the files read, the REVIEW sections,
// the plan, the prompt, the menu and Apply's refusals. Values read from
// the files (stages, statuses, phase names, event types, notes) are
// arguments and stay as written; so do kiln's own step names (plan,
// sharpen, implement…), which name the phase executor's steps.
type MemText struct {
	// The phase executor's steps.
	StepN                                          i18n.M
	StepReconcile, StepHandoff                     string
	Task, Round                                    i18n.M
	SubDraft, SubDebate, SubSynthesis, SubValidate string
	WhyNoStateFile, WhyNoEventLines                string
	WarnNoEventLines                               i18n.P
	WhyNoEventsSection, WarnNoEventsSection        string
	WhyNoEvents, WarnNoEvents                      string
	WhyStateComplete, WarnStateComplete            i18n.M
	WhyNoKnownType                                 string
	WarnNoKnownType                                i18n.P
	WhySetup, WhySharpenStart, WhySharpenComplete  string
	WhyTask                                        i18n.P
	WhyReview                                      i18n.M
	WhyReviewApproved, WhyMerge, WarnMerge         string
	WhyReconciled                                  string
	WhyOutside                                     i18n.M
	WhyError, WhyNoType                            string
	WarnNoType                                     i18n.M
	WhyUnknownType                                 i18n.M
	WarnUnknownType                                i18n.M
	WhyAfterPlanning                               string
	WhyDuringPlanning                              i18n.M
	NoType, FromText                               string
	WhyBrainstorm, SayBrainstorm, AskBrainstorm    string
	WhySubStage                                    i18n.M
	WhySubStageAbsent                              string
	WhySubStageBad                                 i18n.M
	SayPlanning                                    i18n.M
	// SubStageMeaning says what each planning sub-stage is doing, by
	// its name in MEMORY.md.
	SubStageMeaning                         map[string]string
	AskPlanning                             i18n.M
	WhyComplete                             string
	CompleteBlock                           []string
	ContinueComplete                        string
	UnknownStage                            string
	WhyBlocked                              i18n.M
	SayBlocked                              i18n.P
	AskBlocked                              string
	WhyCorrecting, SayCorrecting            i18n.M
	AskCorrecting                           string
	WhyFresh                                string
	WhyFreshCycle                           i18n.M
	SayFresh                                string
	AskFresh                                []string
	NoPhaseLeft                             string
	AllCompleted                            i18n.M
	MovesToValidation                       i18n.M
	LastEvent                               i18n.M
	TrustNote                               string
	Retried, LowestPending                  i18n.M
	Where                                   i18n.M
	NextExec                                i18n.M
	ResumingPhase                           i18n.M
	BlockedAlert                            string
	ResultArchived, ResultNext, ResultRetry string
	Tasks                                   i18n.M
	ReviewVerdict, Completed                i18n.M
	Cycle                                   i18n.M
	PhaseName                               i18n.M

	// Reading MEMORY.md and the files around it.
	Missing, Null       i18n.M
	NotOneOf            i18n.M
	WrittenAs           i18n.M
	StatusWritten       i18n.M
	NewestFirst, ByTime i18n.M
	BadEventLines       i18n.M
	ProjectPathLossy    i18n.M
	ProjectPathMoved    i18n.M
	// FolderSeed and FolderClaude say which name of the project's folder
	// in the Claude home held MEMORY.md (dir), naming the other.
	FolderSeed, FolderClaude                     i18n.M
	UpdatedNotISO, DebateModeBad                 i18n.M
	PhaseNumberBad, PhaseTotalBad, CorrectionBad i18n.M
	CorrectionHigh                               i18n.M
	SetTwice                                     i18n.M
	BadPhaseLine                                 i18n.M
	PhaseTwice                                   i18n.M
	PhaseStatusBad                               i18n.M
	PhaseStatusRead                              i18n.M
	NoPhaseLine                                  i18n.M
	PhaseTotalAdds                               i18n.P
	NoStatus                                     string
	ArchiveProves                                i18n.M
	BothState                                    i18n.M
	CannotReadState                              i18n.M
	CutAt                                        i18n.M
	CutAlert                                     i18n.M
	CutWhy                                       i18n.M

	// REVIEW.
	DecisionsLog, PitfallsLog, HandoffContext       string
	ArchiveProof                                    string
	ProofLine                                       i18n.M
	Vision, MasterPlan, ValidationReport, ResumeLog string
	Earlier                                         i18n.P
	SupportingFiles                                 string
	FileAbsent                                      i18n.M
	EventsTitle                                     i18n.M
	NoStateFileLine, NoEventsLine, StartCommit      string

	// The prompt.
	PromptTitle        i18n.M
	PromptResumePoint  i18n.M
	PhaseStands        i18n.M
	PhaseStandsNoEvent i18n.M
	HandoffNote        i18n.M
	PromptSpawn        string
	PhaseSection       i18n.M
	NoPhaseSection     i18n.M
	PromptStep7        string

	// The plan.
	PlanPhases            string
	PlanArchived          i18n.M
	PlanNext              string
	ContinueWritesNothing string
	ContinueWrites        i18n.M

	// The menu.
	DiscardWhat                                  i18n.M
	DiscardWhatShared                            string
	DiscardHint, DiscardHintShared, DiscardQ     string
	ArchiveLabel, ArchiveHint, ArchiveHintShared string
	RestartHint                                  string
	NewProject, ReviewDecisions, ReviewHint      string
	CompleteNoRestart                            string
	ResumeAt                                     i18n.M
	FinishesCut                                  string
	RestartPhaseHint                             i18n.M
	RestartPhaseQ                                i18n.M
	RestartPlanningHint, RestartPlanningQ        string
	AllDoneNoRestart                             string
	NoRestartIn                                  i18n.M
	RestartWhat                                  i18n.M
	FinishesCutWhat                              i18n.M
	ArchivedBeside                               i18n.M
	OutcomeRestartPhase                          i18n.M
	OutcomePlanning                              string

	// Apply, and errors.
	NoMemoryToWrite, NoMemoryFolder, NoStatusLine string
	CorruptedNoWrite                              i18n.M
	RouteChanged                                  i18n.M
	NoRestartStage                                i18n.M
	MoveBackFailed                                i18n.M
	NoProjectPath                                 string
	NoMemory                                      i18n.M
	// PhaseFilesNoMemory: kiln phase files exist (files, relative to the
	// project) but no MEMORY.md in any of dirs.
	PhaseFilesNoMemory i18n.M
	Corrupted          i18n.M
	NoProjectPathLine  i18n.M
}

// englishMem is seed 000's words where it gives them, and pickup's own.
var englishMem = MemText{
	StepN:         i18n.T("Step {n} ({name})"),
	StepReconcile: "reconcile, then Step 7 (archive)",
	StepHandoff:   "where the handoff note says",
	Task:          i18n.T("task {n}"),
	Round:         i18n.T("round {n}"),
	SubDraft:      subDraft, SubDebate: subDebate, SubSynthesis: subSynthesis, SubValidate: subValidate,
	WhyNoStateFile:  "no phase state file yet: the phase starts from its beginning, with its master-plan.md section as the plan",
	WhyNoEventLines: "none of the lines under ## Events is an event; trust handoff_note for where to resume",
	WarnNoEventLines: i18n.Plural("none of the {n} line under ## Events is an event (- [ISO] [Alias] [event_type] — description); routing follows the handoff note",
		"none of the {n} lines under ## Events is an event (- [ISO] [Alias] [event_type] — description); routing follows the handoff note"),
	WhyNoEventsSection:  "the phase state file has no ## Events section; trust handoff_note for where to resume",
	WarnNoEventsSection: "the phase state file has no ## Events section (it is not in kiln's shape); routing follows the handoff note",
	WhyNoEvents:         "the phase state file records no events: the phase starts from its beginning",
	WarnNoEvents:        "the phase state file has no events under ## Events",
	WhyStateComplete:    i18n.T("the phase state file says status {status}, yet MEMORY.md has the phase to resume; trust handoff_note for where to pick up"),
	WarnStateComplete:   i18n.T("the phase state file says status {status}, but MEMORY.md still has this phase to resume: routing follows the handoff note"),
	WhyNoKnownType:      "no event names one of kiln's event types; trust handoff_note for where to resume",
	WarnNoKnownType: i18n.Plural("none of the {n} event under ## Events names one of kiln's 27 event types; routing follows the handoff note",
		"none of the {n} events under ## Events names one of kiln's 27 event types; routing follows the handoff note"),
	WhySetup:           "phase stopped during setup; restart from Step 2 (plan)",
	WhySharpenStart:    "sharpening began but did not complete; restart from Step 3 (sharpen)",
	WhySharpenComplete: "prompts generated; restart from Step 4 (implement)",
	WhyTask: i18n.Plural("phase stopped mid-implementation; restart from the next incomplete task ({task}; {n} task finished)",
		"phase stopped mid-implementation; restart from the next incomplete task ({task}; {n} tasks finished)"),
	WhyReview:         i18n.T("phase stopped during review; restart from the next review round ({round})"),
	WhyReviewApproved: "review passed; restart from Step 6 (complete/merge)",
	WhyMerge:          "phase complete (merged); it should not be in_progress: reconcile, then Step 7 (archive)",
	WarnMerge:         "the phase's last event is merge: the phase is complete, but MEMORY.md still has it as the phase to resume",
	WhyReconciled:     "reconciliation done; restart from Step 7 (archive)",
	WhyOutside:        i18n.T("{typ} is outside the phase lifecycle's steps; trust handoff_note for what was happening"),
	WhyError:          "phase stopped on error; trust handoff_note for what to fix",
	WhyNoType:         "the last event names no event type; trust handoff_note for where to resume",
	WarnNoType:        i18n.T("the last event (line {line}) names no event type; routing falls back to the handoff note"),
	WhyUnknownType:    i18n.T("unknown event type {typ}; trust handoff_note for where to resume"),
	WarnUnknownType:   i18n.T("line {line} of the phase state file has event type {typ}, which is not one of kiln's 27; routing falls back to the handoff note"),
	WhyAfterPlanning:  "phase stopped after its planning sub-steps; restart from Step 3 (sharpen)",
	WhyDuringPlanning: i18n.T("phase stopped during planning; restart from the next sub-step ({next})"),
	NoType:            "(no type)",
	FromText:          "(from its text)",
	WhyBrainstorm:     "the vision is still being explored",
	SayBrainstorm:     "Resuming brainstorming session. Here is the current vision:",
	AskBrainstorm:     "What would you like to explore or refine next?",
	WhySubStage:       i18n.T("planning_sub_stage is {sub}"),
	WhySubStageAbsent: "planning_sub_stage is absent or null: treated as dual_plan",
	WhySubStageBad:    i18n.T("planning_sub_stage {raw} is not dual_plan, debate or synthesis: treated as dual_plan"),
	SayPlanning:       i18n.T("Resuming planning stage ({sub})."),
	SubStageMeaning: map[string]string{
		"dual_plan": "two competing plans are being drafted.",
		"debate":    "plans are being debated; check debate_mode.",
		"synthesis": "plans are being merged into the final master plan.",
	},
	AskPlanning:      i18n.T("Continue planning from {sub}."),
	WhyComplete:      "the project is marked complete; no work is resumed",
	CompleteBlock:    CompleteBlock,
	ContinueComplete: "Run /kiln:start to begin a new project in this directory.",
	UnknownStage:     "unknown stage",
	WhyBlocked:       i18n.T("correction cycle {cycle}/3 ended blocked: validation failed"),
	// English has always said "1 correction cycles" here; kept as written.
	SayBlocked: i18n.Plural("Validation failed after {n} correction cycles. Here is the validation report:",
		"Validation failed after {n} correction cycles. Here is the validation report:"),
	AskBlocked:    "How would you like to proceed? Options: retry validation, fix manually, or mark complete.",
	WhyCorrecting: i18n.T("correction cycle {cycle}/3 in progress"),
	SayCorrecting: i18n.T("Resuming validation — correction cycle {cycle}/3 in progress."),
	AskCorrecting: "Continue the validation-correction loop from Step 14 in start.md.",
	WhyFresh:      "no correction cycle in progress: run validation",
	WhyFreshCycle: i18n.T("correction cycle {cycle}/3 with status {status}: run validation"),
	SayFresh:      "Resuming validation stage.",
	AskFresh: []string{"Summarize what was built from master-plan.md and what decisions were made from decisions.md.",
		"Spawn Argus to run validation (Step 14 in start.md)."},
	NoPhaseLeft:       "no phase is pending, in progress or failed",
	AllCompleted:      i18n.T("all {n} phases are completed"),
	MovesToValidation: i18n.T("{because}: stage moves to validation"),
	LastEvent:         i18n.T("last event {typ} at {when}"),
	TrustNote:         " (trust the handoff note)",
	Retried:           i18n.T("phase {n} failed, so it is retried; "),
	LowestPending:     i18n.T("phase {n} is the lowest-numbered pending phase; "),
	Where:             i18n.T("phase {n}, {step}"),
	NextExec:          i18n.T("phase {n}/{total} {name}, {step}: {why}"),
	ResumingPhase:     i18n.T("Resuming phase {n}/{total}: {name} — spawning Maestro."),
	BlockedAlert:      "Validation failed after its correction cycles: a person decides how to go on (retry validation, fix manually, or mark complete).",
	ResultArchived:    "archived", ResultNext: "next", ResultRetry: "next (retry)",
	Tasks:         i18n.T("tasks {done}/{total}"),
	ReviewVerdict: i18n.T("review {verdict}"),
	Completed:     i18n.T("completed {when}"),
	Cycle:         i18n.T("cycle {cycle}/3"),
	PhaseName:     i18n.T("Phase {n}"),

	Missing:          i18n.T("{key} is missing"),
	Null:             i18n.T("{key} is null"),
	NotOneOf:         i18n.T("{key} is {value}, not one of {list}"),
	WrittenAs:        i18n.T("{key} is written {written}; read as {read}"),
	StatusWritten:    i18n.T("{rel}: status is written {written}; read as {read}"),
	NewestFirst:      i18n.T("{rel} lists its events newest first; they are read in time order"),
	ByTime:           i18n.T("{rel} lists its events out of time order; they are read by their times"),
	BadEventLines:    i18n.T("{rel}: {lines} under ## Events: not an event (- [ISO] [Alias] [event_type] — description); skipped"),
	ProjectPathLossy: i18n.T("MEMORY.md's project_path is {written}, but the project opened is {root}: the folder name {folder} fits both (the encoding is lossy); check that this memory belongs to this project"),
	ProjectPathMoved: i18n.T("MEMORY.md's project_path is {written}, but the project opened is {root} (was the project moved?)"),
	FolderSeed:       i18n.T("kiln's memory was read from {dir}: seed 000's folder name for this project (only / becomes -); Claude Code's own name for it is {other}"),
	FolderClaude:     i18n.T("kiln's memory was read from {dir}: Claude Code's own folder name for this project (every character outside A-Z, a-z, 0-9 becomes -); seed 000's name for it is {other}"),
	UpdatedNotISO:    i18n.T("last_updated {value} is not an ISO-8601 timestamp"),
	DebateModeBad:    i18n.T("debate_mode {value} is not 1, 2 or 3; using the default, 2"),
	PhaseNumberBad:   i18n.T("phase_number {value} is not a whole number; ignored"),
	PhaseTotalBad:    i18n.T("phase_total {value} is not a whole number; shown as ?"),
	CorrectionBad:    i18n.T("correction_cycle {value} is not a whole number; read as 0"),
	CorrectionHigh:   i18n.T("correction_cycle is {n}; kiln allows at most 3"),
	SetTwice:         i18n.T("MEMORY.md sets {key} more than once; the first one is used"),
	BadPhaseLine:     i18n.T("MEMORY.md line {line} under ## Phase Statuses is not `- phase_number: N | phase_name: X | phase_status: S`; skipped"),
	PhaseTwice:       i18n.T("MEMORY.md lists phase {n} twice under ## Phase Statuses; the first line is used"),
	PhaseStatusBad:   i18n.T("phase {n}'s phase_status {status} is not pending, in_progress, failed or completed; read as pending"),
	PhaseStatusRead:  i18n.T("phase {n}'s phase_status {status} is read as {read}"),
	NoPhaseLine:      i18n.T("## Phase Statuses has no line for phase {n}; MEMORY.md's runtime phase_number makes it the phase in progress"),
	// The count is how many phases are added; it does not show.
	PhaseTotalAdds: i18n.Plural("phase_total is {total}, but nothing names phase {added}; they count as pending",
		"phase_total is {total}, but nothing names phases {added}; they count as pending"),
	NoStatus:        "no status",
	ArchiveProves:   i18n.T("the archive proves phase {n} complete ({rel}), though MEMORY.md has {was}"),
	BothState:       i18n.T("both {plain} and {padded} exist; routing reads {plain}"),
	CannotReadState: i18n.T("cannot read {path}: {err}; routing falls back to the phase's beginning"),
	CutAt:           i18n.T(" at {at}"),
	CutAlert:        i18n.T("a RESTART of phase {n} was cut short{at}: {rel} was archived as {base}, but MEMORY.md was not updated (phase {n} is still {status}, and no Restarted line names the archive). To finish it, choose RESTART again: phase {n} goes back to pending and the restart is recorded. To undo it, rename .kiln/{base} back to .kiln/{live}."),
	CutWhy:          i18n.T("a RESTART of phase {n} was cut short (its state file was archived as {base}; MEMORY.md was not updated): RESTART finishes it"),

	DecisionsLog: "Decisions log", PitfallsLog: "Pitfalls log", HandoffContext: "Handoff context",
	ArchiveProof: "Archive (phases it proves complete)",
	ProofLine:    i18n.T("phase {n} {name}: {summary}"),
	Vision:       "Vision", MasterPlan: "Master plan", ValidationReport: "Validation report", ResumeLog: "Resume log",
	// English has always said "1 earlier entries" here; kept as written.
	Earlier: i18n.Plural("({n} earlier entries)",
		"({n} earlier entries)"),
	SupportingFiles: "Supporting files",
	FileAbsent:      i18n.T("{name} is absent ({where})."),
	EventsTitle:     i18n.T("Events: phase {n} ({rel})"),
	NoStateFileLine: "No phase state file: the phase starts from its beginning.",
	NoEventsLine:    "No events recorded.",
	StartCommit:     "start commit",

	PromptTitle:        i18n.T("# Resume kiln project: {project}"),
	PromptResumePoint:  i18n.T("Resume point: {where}: {why}."),
	PhaseStands:        i18n.T("Where phase {n} stands: last event {typ} ({why})."),
	PhaseStandsNoEvent: i18n.T("Where phase {n} stands: {why}."),
	HandoffNote:        i18n.T(" Handoff note: {note}."),
	PromptSpawn:        "Spawn `kiln-phase-executor` via the Task tool now (name: Maestro, subagent_type: kiln-phase-executor), with this task prompt:",
	PhaseSection:       i18n.T("## Phase {n} section of master-plan.md"),
	NoPhaseSection:     i18n.T("master-plan.md has no Phase {n} section."),
	PromptStep7:        "pickup has already made Step 7's MEMORY.md update (status in_progress, last_updated, a `- Resumed:` line); do not repeat it.",

	PlanPhases:            "Phases:",
	PlanArchived:          i18n.T(", archived: {summary}"),
	PlanNext:              "  (next)",
	ContinueWritesNothing: "CONTINUE writes nothing: the project is complete.",
	ContinueWrites:        i18n.T("CONTINUE writes {path}: status in_progress, last_updated, and a `- Resumed: <ISO>` line under ## Resume Log."),

	DiscardWhat: i18n.T("The folder is renamed to {base}.discarded.<timestamp> beside itself; nothing is deleted, and /kiln:start can begin again."),
	DiscardWhatShared: "This folder is Claude Code's own memory folder too, so only kiln's " + MemoryFile + " is renamed, to " +
		MemoryFile + ".discarded.<timestamp> beside itself; every other file in it stays where it is, nothing is deleted, and /kiln:start can begin again.",
	DiscardHint:         "archive the memory folder and start fresh",
	DiscardHintShared:   "archive kiln's MEMORY.md and start fresh",
	DiscardQ:            "Archive this project's memory?",
	ArchiveLabel:        "Archive this project's memory",
	ArchiveHint:         "rename the memory folder so /kiln:start can begin again",
	ArchiveHintShared:   "rename kiln's MEMORY.md so /kiln:start can begin again",
	RestartHint:         restartHint,
	NewProject:          "Start a new project in this directory (/kiln:start)",
	ReviewDecisions:     "Review the decisions log",
	ReviewHint:          "and the pitfalls log, on one screen",
	CompleteNoRestart:   "the project is marked complete: there is no phase or plan to restart",
	ResumeAt:            i18n.T("resume at {where}"),
	FinishesCut:         "it finishes the RESTART that was cut short",
	RestartPhaseHint:    i18n.T("restart phase {n} from its beginning"),
	RestartPhaseQ:       i18n.T("Restart phase {n} ({name}) from its beginning?"),
	RestartPlanningHint: "restart planning at dual_plan",
	RestartPlanningQ: "Restart planning at dual_plan?\n" +
		"MEMORY.md's planning_sub_stage becomes dual_plan and the Resume Log records the restart; master-plan.md and the plans are left as they are.",
	AllDoneNoRestart:    "every phase is completed: there is no phase to restart (the next step is validation)",
	NoRestartIn:         i18n.T("RESTART restarts an execution phase or planning; in {stage}, CONTINUE resumes where it stopped"),
	RestartWhat:         i18n.T("Phase {n} goes back to pending in MEMORY.md and the Resume Log records the restart."),
	FinishesCutWhat:     i18n.T("This finishes the RESTART that was cut short: .kiln/{live} is already archived as {base}. "),
	ArchivedBeside:      i18n.T("{rel} is archived beside itself (renamed, never deleted). "),
	OutcomeRestartPhase: i18n.T("Phase {n} ({name}) is pending again and starts from its beginning: run /kiln:resume."),
	OutcomePlanning:     "Planning restarts at dual_plan: run /kiln:resume.",

	NoMemoryToWrite:  "kiln: there is no MEMORY.md to write",
	NoMemoryFolder:   "kiln: there is no memory folder to archive",
	NoStatusLine:     "MEMORY.md has no status line to update",
	CorruptedNoWrite: i18n.T("{path}: MEMORY.md is corrupted; only DISCARD can act on it"),
	RouteChanged:     i18n.T("{path}: routing no longer leads where it did when pickup loaded it ({was}, now {now}); nothing was written (reload and choose again): " + fsx.ErrChanged.Error()),
	NoRestartStage:   i18n.T("kiln: RESTART restarts an execution phase or planning; this project is routed to {stage} (nothing was changed)"),
	MoveBackFailed:   i18n.T("and moving {archived} back to {path} failed: {err}"),
	NoProjectPath:    MsgNoProjectPath,
	NoMemory: i18n.T("[kiln:resume] No memory found at {dir}.\n" +
		"Memory may not have been initialized. Run /kiln:start to begin a new project session."),
	PhaseFilesNoMemory: i18n.T("kiln phase files exist ({files}), but not their memory: pickup looked for MEMORY.md in {dirs}.\n" +
		"kiln 2.x kept MEMORY.md outside the project, in the Claude home. If it was written on another machine or under another Claude home, copy that memory folder to one of these, or run pickup with --claude-home (or CLAUDE_CONFIG_DIR) set to that home."),
	Corrupted: i18n.T("[kiln:resume] MEMORY.md is corrupted or incomplete (missing required fields: {missing}).\n" +
		"Run /kiln:start to reinitialize, or manually repair {path}."),
	NoProjectPathLine: i18n.T("kiln: {path}: no absolute project_path line, so the project it belongs to is unknown; run pickup from the project instead"),
}

// restartHint names what RESTART does for kiln where it is not offered.
const restartHint = "restart an execution phase or planning"

// mt is the memory's sentences.
func (m *memory) mt() *MemText { return &m.text().Mem }

// step is a lifecycle step in t's words: "Step 4 (implement), task 3".
func (t *MemText) step(s Step) string {
	var out string
	switch {
	case s.Num > 0:
		out = t.StepN.F(s.Num, s.Name)
	case s.Name == "reconcile":
		out = t.StepReconcile
	default:
		out = t.StepHandoff
	}
	if s.Sub != "" {
		out += ", " + t.sub(s.Sub)
	}
	return out
}

// sub is a Step's sub-step (written in English in Step.Sub, the plan's
// JSON) in t's words.
func (t *MemText) sub(s string) string {
	switch s {
	case subDraft:
		return t.SubDraft
	case subDebate:
		return t.SubDebate
	case subSynthesis:
		return t.SubSynthesis
	case subValidate:
		return t.SubValidate
	}
	for _, k := range []struct {
		prefix string
		word   i18n.M
	}{{"task ", t.Task}, {"round ", t.Round}} {
		if rest, ok := strings.CutPrefix(s, k.prefix); ok {
			if n, err := strconv.Atoi(rest); err == nil {
				return k.word.F(n)
			}
		}
	}
	return s
}
