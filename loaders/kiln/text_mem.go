package kiln

import (
	"fmt"
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
	StepN                                          func(n int, name string) string
	StepReconcile, StepHandoff                     string
	Task, Round                                    func(n int) string
	SubDraft, SubDebate, SubSynthesis, SubValidate string
	WhyNoStateFile, WhyNoEventLines                string
	WarnNoEventLines                               func(n int) string
	WhyNoEventsSection, WarnNoEventsSection        string
	WhyNoEvents, WarnNoEvents                      string
	WhyStateComplete, WarnStateComplete            func(status string) string
	WhyNoKnownType                                 string
	WarnNoKnownType                                func(n int) string
	WhySetup, WhySharpenStart, WhySharpenComplete  string
	WhyTask                                        func(task string, finished int) string
	WhyReview                                      func(round string) string
	WhyReviewApproved, WhyMerge, WarnMerge         string
	WhyReconciled                                  string
	WhyOutside                                     func(typ string) string
	WhyError, WhyNoType                            string
	WarnNoType                                     func(line int) string
	WhyUnknownType                                 func(typ string) string
	WarnUnknownType                                func(line int, typ string) string
	WhyAfterPlanning                               string
	WhyDuringPlanning                              func(next string) string
	NoType, FromText                               string
	WhyBrainstorm, SayBrainstorm, AskBrainstorm    string
	WhySubStage                                    func(sub string) string
	WhySubStageAbsent                              string
	WhySubStageBad                                 func(raw string) string
	SayPlanning                                    func(sub string) string
	SubStageMeaning                                func(sub string) string
	AskPlanning                                    func(sub string) string
	WhyComplete                                    string
	CompleteBlock                                  []string
	ContinueComplete                               string
	UnknownStage                                   string
	WhyBlocked, SayBlocked                         func(cycle int) string
	AskBlocked                                     string
	WhyCorrecting, SayCorrecting                   func(cycle int) string
	AskCorrecting                                  string
	WhyFresh                                       string
	WhyFreshCycle                                  func(cycle int, status string) string
	SayFresh                                       string
	AskFresh                                       []string
	NoPhaseLeft                                    string
	AllCompleted                                   func(n int) string
	MovesToValidation                              func(because string) string
	LastEvent                                      func(typ, when string) string
	TrustNote                                      string
	Retried, LowestPending                         func(n int) string
	Where                                          func(n int, step string) string
	NextExec                                       func(n int, total, name, step, why string) string
	ResumingPhase                                  func(n int, total, name string) string
	BlockedAlert                                   string
	ResultArchived, ResultNext, ResultRetry        string
	Tasks                                          func(done, total string) string
	ReviewVerdict, Completed                       func(v string) string
	Cycle                                          func(cycle int) string
	PhaseName                                      func(n int) string

	// Reading MEMORY.md and the files around it.
	Missing, Null       func(key string) string
	NotOneOf            func(key, value, list string) string
	WrittenAs           func(key, written, read string) string
	StatusWritten       func(rel, written, read string) string
	NewestFirst, ByTime func(rel string) string
	BadEventLines       func(rel, lines string) string
	ProjectPathLossy    func(written, root, folder string) string
	ProjectPathMoved    func(written, root string) string
	// FolderSeed and FolderClaude say which name of the project's folder
	// in the Claude home held MEMORY.md (dir), naming the other.
	FolderSeed, FolderClaude                     func(dir, other string) string
	UpdatedNotISO, DebateModeBad                 func(v string) string
	PhaseNumberBad, PhaseTotalBad, CorrectionBad func(v string) string
	CorrectionHigh                               func(n int) string
	SetTwice                                     func(key string) string
	BadPhaseLine                                 func(line int) string
	PhaseTwice                                   func(n int) string
	PhaseStatusBad                               func(n int, status string) string
	PhaseStatusRead                              func(n int, status, read string) string
	NoPhaseLine                                  func(n int) string
	PhaseTotalAdds                               func(total int, added []string) string
	NoStatus                                     string
	ArchiveProves                                func(n int, rel, was string) string
	BothState                                    func(plain, padded string) string
	CannotReadState                              func(path, err string) string
	CutAt                                        func(at string) string
	CutAlert                                     func(n int, at, rel, base, status, live string) string
	CutWhy                                       func(n int, base string) string

	// REVIEW.
	DecisionsLog, PitfallsLog, HandoffContext       string
	ArchiveProof                                    string
	ProofLine                                       func(n int, name, summary string) string
	Vision, MasterPlan, ValidationReport, ResumeLog string
	Earlier                                         func(n int) string
	SupportingFiles                                 string
	FileAbsent                                      func(name, where string) string
	EventsTitle                                     func(n int, rel string) string
	NoStateFileLine, NoEventsLine, StartCommit      string

	// The prompt.
	PromptTitle        func(project string) string
	PromptResumePoint  func(where, why string) string
	PhaseStands        func(n int, typ, why string) string
	PhaseStandsNoEvent func(n int, why string) string
	HandoffNote        func(note string) string
	PromptSpawn        string
	PhaseSection       func(n int) string
	NoPhaseSection     func(n int) string
	PromptStep7        string

	// The plan.
	PlanPhases            string
	PlanArchived          func(summary string) string
	PlanNext              string
	ContinueWritesNothing string
	ContinueWrites        func(path string) string

	// The menu.
	DiscardWhat                                  func(base string) string
	DiscardWhatShared                            string
	DiscardHint, DiscardHintShared, DiscardQ     string
	ArchiveLabel, ArchiveHint, ArchiveHintShared string
	RestartHint                                  string
	NewProject, ReviewDecisions, ReviewHint      string
	CompleteNoRestart                            string
	ResumeAt                                     func(where string) string
	FinishesCut                                  string
	RestartPhaseHint                             func(n int) string
	RestartPhaseQ                                func(n int, name string) string
	RestartPlanningHint, RestartPlanningQ        string
	AllDoneNoRestart                             string
	NoRestartIn                                  func(stage string) string
	RestartWhat                                  func(n int) string
	FinishesCutWhat                              func(live, base string) string
	ArchivedBeside                               func(rel string) string
	OutcomeRestartPhase                          func(n int, name string) string
	OutcomePlanning                              string

	// Apply, and errors.
	NoMemoryToWrite, NoMemoryFolder, NoStatusLine string
	CorruptedNoWrite                              func(path string) string
	RouteChanged                                  func(path, was, now string) string
	NoRestartStage                                func(stage string) string
	MoveBackFailed                                func(archived, path, err string) string
	NoProjectPath                                 string
	NoMemory                                      func(dir string) string
	// PhaseFilesNoMemory: kiln phase files exist (files, relative to the
	// project) but no MEMORY.md in any of dirs.
	PhaseFilesNoMemory func(files, dirs []string) string
	Corrupted          func(missing, path string) string
	NoProjectPathLine  func(path string) string
}

// englishMem is seed 000's words where it gives them, and pickup's own.
var englishMem = MemText{
	StepN:         func(n int, name string) string { return fmt.Sprintf("Step %d (%s)", n, name) },
	StepReconcile: "reconcile, then Step 7 (archive)",
	StepHandoff:   "where the handoff note says",
	Task:          func(n int) string { return "task " + strconv.Itoa(n) },
	Round:         func(n int) string { return "round " + strconv.Itoa(n) },
	SubDraft:      subDraft, SubDebate: subDebate, SubSynthesis: subSynthesis, SubValidate: subValidate,
	WhyNoStateFile:  "no phase state file yet: the phase starts from its beginning, with its master-plan.md section as the plan",
	WhyNoEventLines: "none of the lines under ## Events is an event; trust handoff_note for where to resume",
	WarnNoEventLines: func(n int) string {
		return fmt.Sprintf("none of the %s under ## Events is an event (- [ISO] [Alias] [event_type] — description); routing follows the handoff note",
			i18n.Count(n, "line", "lines"))
	},
	WhyNoEventsSection:  "the phase state file has no ## Events section; trust handoff_note for where to resume",
	WarnNoEventsSection: "the phase state file has no ## Events section (it is not in kiln's shape); routing follows the handoff note",
	WhyNoEvents:         "the phase state file records no events: the phase starts from its beginning",
	WarnNoEvents:        "the phase state file has no events under ## Events",
	WhyStateComplete: func(st string) string {
		return "the phase state file says status " + st + ", yet MEMORY.md has the phase to resume; trust handoff_note for where to pick up"
	},
	WarnStateComplete: func(st string) string {
		return "the phase state file says status " + st + ", but MEMORY.md still has this phase to resume: routing follows the handoff note"
	},
	WhyNoKnownType: "no event names one of kiln's event types; trust handoff_note for where to resume",
	WarnNoKnownType: func(n int) string {
		return fmt.Sprintf("none of the %s under ## Events names one of kiln's 27 event types; routing follows the handoff note", i18n.Count(n, "event", "events"))
	},
	WhySetup:           "phase stopped during setup; restart from Step 2 (plan)",
	WhySharpenStart:    "sharpening began but did not complete; restart from Step 3 (sharpen)",
	WhySharpenComplete: "prompts generated; restart from Step 4 (implement)",
	WhyTask: func(task string, finished int) string {
		return fmt.Sprintf("phase stopped mid-implementation; restart from the next incomplete task (%s; %s finished)", task, i18n.Count(finished, "task", "tasks"))
	},
	WhyReview: func(round string) string {
		return "phase stopped during review; restart from the next review round (" + round + ")"
	},
	WhyReviewApproved: "review passed; restart from Step 6 (complete/merge)",
	WhyMerge:          "phase complete (merged); it should not be in_progress: reconcile, then Step 7 (archive)",
	WarnMerge:         "the phase's last event is merge: the phase is complete, but MEMORY.md still has it as the phase to resume",
	WhyReconciled:     "reconciliation done; restart from Step 7 (archive)",
	WhyOutside: func(typ string) string {
		return typ + " is outside the phase lifecycle's steps; trust handoff_note for what was happening"
	},
	WhyError:  "phase stopped on error; trust handoff_note for what to fix",
	WhyNoType: "the last event names no event type; trust handoff_note for where to resume",
	WarnNoType: func(line int) string {
		return fmt.Sprintf("the last event (line %d) names no event type; routing falls back to the handoff note", line)
	},
	WhyUnknownType: func(typ string) string {
		return "unknown event type " + strconv.Quote(typ) + "; trust handoff_note for where to resume"
	},
	WarnUnknownType: func(line int, typ string) string {
		return fmt.Sprintf("line %d of the phase state file has event type %q, which is not one of kiln's 27; routing falls back to the handoff note", line, typ)
	},
	WhyAfterPlanning: "phase stopped after its planning sub-steps; restart from Step 3 (sharpen)",
	WhyDuringPlanning: func(next string) string {
		return "phase stopped during planning; restart from the next sub-step (" + next + ")"
	},
	NoType:            "(no type)",
	FromText:          "(from its text)",
	WhyBrainstorm:     "the vision is still being explored",
	SayBrainstorm:     "Resuming brainstorming session. Here is the current vision:",
	AskBrainstorm:     "What would you like to explore or refine next?",
	WhySubStage:       func(sub string) string { return "planning_sub_stage is " + sub },
	WhySubStageAbsent: "planning_sub_stage is absent or null: treated as dual_plan",
	WhySubStageBad: func(raw string) string {
		return fmt.Sprintf("planning_sub_stage %q is not dual_plan, debate or synthesis: treated as dual_plan", raw)
	},
	SayPlanning: func(sub string) string { return fmt.Sprintf("Resuming planning stage (%s).", sub) },
	SubStageMeaning: func(sub string) string {
		switch sub {
		case "dual_plan":
			return "two competing plans are being drafted."
		case "debate":
			return "plans are being debated; check debate_mode."
		case "synthesis":
			return "plans are being merged into the final master plan."
		}
		return ""
	},
	AskPlanning:      func(sub string) string { return "Continue planning from " + sub + "." },
	WhyComplete:      "the project is marked complete; no work is resumed",
	CompleteBlock:    CompleteBlock,
	ContinueComplete: "Run /kiln:start to begin a new project in this directory.",
	UnknownStage:     "unknown stage",
	WhyBlocked:       func(c int) string { return fmt.Sprintf("correction cycle %d/3 ended blocked: validation failed", c) },
	SayBlocked: func(c int) string {
		return fmt.Sprintf("Validation failed after %d correction cycles. Here is the validation report:", c)
	},
	AskBlocked:    "How would you like to proceed? Options: retry validation, fix manually, or mark complete.",
	WhyCorrecting: func(c int) string { return fmt.Sprintf("correction cycle %d/3 in progress", c) },
	SayCorrecting: func(c int) string {
		return fmt.Sprintf("Resuming validation — correction cycle %d/3 in progress.", c)
	},
	AskCorrecting: "Continue the validation-correction loop from Step 14 in start.md.",
	WhyFresh:      "no correction cycle in progress: run validation",
	WhyFreshCycle: func(c int, st string) string {
		return fmt.Sprintf("correction cycle %d/3 with status %s: run validation", c, st)
	},
	SayFresh: "Resuming validation stage.",
	AskFresh: []string{"Summarize what was built from master-plan.md and what decisions were made from decisions.md.",
		"Spawn Argus to run validation (Step 14 in start.md)."},
	NoPhaseLeft:       "no phase is pending, in progress or failed",
	AllCompleted:      func(n int) string { return fmt.Sprintf("all %d phases are completed", n) },
	MovesToValidation: func(b string) string { return b + ": stage moves to validation" },
	LastEvent:         func(typ, when string) string { return "last event " + typ + " at " + when },
	TrustNote:         " (trust the handoff note)",
	Retried:           func(n int) string { return fmt.Sprintf("phase %d failed, so it is retried; ", n) },
	LowestPending:     func(n int) string { return fmt.Sprintf("phase %d is the lowest-numbered pending phase; ", n) },
	Where:             func(n int, step string) string { return fmt.Sprintf("phase %d, %s", n, step) },
	NextExec: func(n int, total, name, step, why string) string {
		return fmt.Sprintf("phase %d/%s %s, %s: %s", n, total, name, step, why)
	},
	ResumingPhase: func(n int, total, name string) string {
		return fmt.Sprintf("Resuming phase %d/%s: %s — spawning Maestro.", n, total, name)
	},
	BlockedAlert:   "Validation failed after its correction cycles: a person decides how to go on (retry validation, fix manually, or mark complete).",
	ResultArchived: "archived", ResultNext: "next", ResultRetry: "next (retry)",
	Tasks:         func(done, total string) string { return "tasks " + done + "/" + total },
	ReviewVerdict: func(v string) string { return "review " + v },
	Completed:     func(v string) string { return "completed " + v },
	Cycle:         func(c int) string { return fmt.Sprintf("cycle %d/3", c) },
	PhaseName:     func(n int) string { return "Phase " + strconv.Itoa(n) },

	Missing:  func(k string) string { return k + " is missing" },
	Null:     func(k string) string { return k + " is null" },
	NotOneOf: func(k, v, list string) string { return fmt.Sprintf("%s is %q, not one of %s", k, v, list) },
	WrittenAs: func(k, written, read string) string {
		return fmt.Sprintf("%s is written %s; read as %q", k, written, read)
	},
	StatusWritten: func(rel, written, read string) string {
		return fmt.Sprintf("%s: status is written %q; read as %q", rel, written, read)
	},
	NewestFirst: func(rel string) string { return rel + " lists its events newest first; they are read in time order" },
	ByTime: func(rel string) string {
		return rel + " lists its events out of time order; they are read by their times"
	},
	BadEventLines: func(rel, lines string) string {
		return rel + ": " + lines + " under ## Events: not an event (- [ISO] [Alias] [event_type] — description); skipped"
	},
	ProjectPathLossy: func(written, root, folder string) string {
		return "MEMORY.md's project_path is " + written + ", but the project opened is " + root + ": the folder name " + folder +
			" fits both (the encoding is lossy); check that this memory belongs to this project"
	},
	ProjectPathMoved: func(written, root string) string {
		return "MEMORY.md's project_path is " + written + ", but the project opened is " + root + " (was the project moved?)"
	},
	FolderSeed: func(dir, other string) string {
		return "kiln's memory was read from " + dir + ": seed 000's folder name for this project (only / becomes -); Claude Code's own name for it is " + other
	},
	FolderClaude: func(dir, other string) string {
		return "kiln's memory was read from " + dir + ": Claude Code's own folder name for this project (every character outside A-Z, a-z, 0-9 becomes -); seed 000's name for it is " + other
	},
	UpdatedNotISO:  func(v string) string { return fmt.Sprintf("last_updated %q is not an ISO-8601 timestamp", v) },
	DebateModeBad:  func(v string) string { return fmt.Sprintf("debate_mode %q is not 1, 2 or 3; using the default, 2", v) },
	PhaseNumberBad: func(v string) string { return fmt.Sprintf("phase_number %q is not a whole number; ignored", v) },
	PhaseTotalBad:  func(v string) string { return fmt.Sprintf("phase_total %q is not a whole number; shown as ?", v) },
	CorrectionBad:  func(v string) string { return fmt.Sprintf("correction_cycle %q is not a whole number; read as 0", v) },
	CorrectionHigh: func(n int) string { return fmt.Sprintf("correction_cycle is %d; kiln allows at most 3", n) },
	SetTwice:       func(k string) string { return "MEMORY.md sets " + k + " more than once; the first one is used" },
	BadPhaseLine: func(l int) string {
		return fmt.Sprintf("MEMORY.md line %d under ## Phase Statuses is not `- phase_number: N | phase_name: X | phase_status: S`; skipped", l)
	},
	PhaseTwice: func(n int) string {
		return fmt.Sprintf("MEMORY.md lists phase %d twice under ## Phase Statuses; the first line is used", n)
	},
	PhaseStatusBad: func(n int, s string) string {
		return fmt.Sprintf("phase %d's phase_status %q is not pending, in_progress, failed or completed; read as pending", n, s)
	},
	PhaseStatusRead: func(n int, s, read string) string {
		return fmt.Sprintf("phase %d's phase_status %q is read as %s", n, s, read)
	},
	NoPhaseLine: func(n int) string {
		return fmt.Sprintf("## Phase Statuses has no line for phase %d; MEMORY.md's runtime phase_number makes it the phase in progress", n)
	},
	PhaseTotalAdds: func(total int, added []string) string {
		word := "phases"
		if len(added) == 1 {
			word = "phase"
		}
		return fmt.Sprintf("phase_total is %d, but nothing names %s %s; they count as pending", total, word, strings.Join(added, ", "))
	},
	NoStatus: "no status",
	ArchiveProves: func(n int, rel, was string) string {
		return fmt.Sprintf("the archive proves phase %d complete (%s), though MEMORY.md has %s", n, rel, was)
	},
	BothState: func(plain, padded string) string {
		return fmt.Sprintf("both %s and %s exist; routing reads %s", plain, padded, plain)
	},
	CannotReadState: func(p, err string) string {
		return "cannot read " + p + ": " + err + "; routing falls back to the phase's beginning"
	},
	CutAt: func(at string) string { return " at " + at },
	CutAlert: func(n int, at, rel, base, status, live string) string {
		return fmt.Sprintf("a RESTART of phase %d was cut short%s: %s was archived as %s, but MEMORY.md was not updated (phase %d is still %s, and no Restarted line names the archive). "+
			"To finish it, choose RESTART again: phase %d goes back to pending and the restart is recorded. To undo it, rename .kiln/%s back to .kiln/%s.",
			n, at, rel, base, n, status, n, base, live)
	},
	CutWhy: func(n int, base string) string {
		return fmt.Sprintf("a RESTART of phase %d was cut short (its state file was archived as %s; MEMORY.md was not updated): RESTART finishes it", n, base)
	},

	DecisionsLog: "Decisions log", PitfallsLog: "Pitfalls log", HandoffContext: "Handoff context",
	ArchiveProof: "Archive (phases it proves complete)",
	ProofLine:    func(n int, name, sum string) string { return fmt.Sprintf("phase %d %s: %s", n, name, sum) },
	Vision:       "Vision", MasterPlan: "Master plan", ValidationReport: "Validation report", ResumeLog: "Resume log",
	Earlier:         func(n int) string { return fmt.Sprintf("(%d earlier entries)", n) },
	SupportingFiles: "Supporting files",
	FileAbsent:      func(name, where string) string { return name + " is absent (" + where + ")." },
	EventsTitle:     func(n int, rel string) string { return fmt.Sprintf("Events: phase %d (%s)", n, rel) },
	NoStateFileLine: "No phase state file: the phase starts from its beginning.",
	NoEventsLine:    "No events recorded.",
	StartCommit:     "start commit",

	PromptTitle:       func(p string) string { return "# Resume kiln project: " + p },
	PromptResumePoint: func(where, why string) string { return "Resume point: " + where + ": " + why + "." },
	PhaseStands: func(n int, typ, why string) string {
		return fmt.Sprintf("Where phase %d stands: last event %s (%s).", n, typ, why)
	},
	PhaseStandsNoEvent: func(n int, why string) string { return fmt.Sprintf("Where phase %d stands: %s.", n, why) },
	HandoffNote:        func(note string) string { return " Handoff note: " + note + "." },
	PromptSpawn:        "Spawn `kiln-phase-executor` via the Task tool now (name: Maestro, subagent_type: kiln-phase-executor), with this task prompt:",
	PhaseSection:       func(n int) string { return fmt.Sprintf("## Phase %d section of master-plan.md", n) },
	NoPhaseSection:     func(n int) string { return fmt.Sprintf("master-plan.md has no Phase %d section.", n) },
	PromptStep7:        "pickup has already made Step 7's MEMORY.md update (status in_progress, last_updated, a `- Resumed:` line); do not repeat it.",

	PlanPhases:            "Phases:",
	PlanArchived:          func(s string) string { return ", archived: " + s },
	PlanNext:              "  (next)",
	ContinueWritesNothing: "CONTINUE writes nothing: the project is complete.",
	ContinueWrites: func(p string) string {
		return "CONTINUE writes " + p + ": status in_progress, last_updated, and a `- Resumed: <ISO>` line under ## Resume Log."
	},

	DiscardWhat: func(base string) string {
		return "The folder is renamed to " + base + ".discarded.<timestamp> beside itself; nothing is deleted, and /kiln:start can begin again."
	},
	DiscardWhatShared: "This folder is Claude Code's own memory folder too, so only kiln's " + MemoryFile + " is renamed, to " +
		MemoryFile + ".discarded.<timestamp> beside itself; every other file in it stays where it is, nothing is deleted, and /kiln:start can begin again.",
	DiscardHint:       "archive the memory folder and start fresh",
	DiscardHintShared: "archive kiln's MEMORY.md and start fresh",
	DiscardQ:          "Archive this project's memory?",
	ArchiveLabel:      "Archive this project's memory",
	ArchiveHint:       "rename the memory folder so /kiln:start can begin again",
	ArchiveHintShared: "rename kiln's MEMORY.md so /kiln:start can begin again",
	RestartHint:       restartHint,
	NewProject:        "Start a new project in this directory (/kiln:start)",
	ReviewDecisions:   "Review the decisions log",
	ReviewHint:        "and the pitfalls log, on one screen",
	CompleteNoRestart: "the project is marked complete: there is no phase or plan to restart",
	ResumeAt:          func(w string) string { return "resume at " + w },
	FinishesCut:       "it finishes the RESTART that was cut short",
	RestartPhaseHint:  func(n int) string { return fmt.Sprintf("restart phase %d from its beginning", n) },
	RestartPhaseQ: func(n int, name string) string {
		return fmt.Sprintf("Restart phase %d (%s) from its beginning?", n, name)
	},
	RestartPlanningHint: "restart planning at dual_plan",
	RestartPlanningQ: "Restart planning at dual_plan?\n" +
		"MEMORY.md's planning_sub_stage becomes dual_plan and the Resume Log records the restart; master-plan.md and the plans are left as they are.",
	AllDoneNoRestart: "every phase is completed: there is no phase to restart (the next step is validation)",
	NoRestartIn: func(stage string) string {
		return "RESTART restarts an execution phase or planning; in " + stage + ", CONTINUE resumes where it stopped"
	},
	RestartWhat: func(n int) string {
		return fmt.Sprintf("Phase %d goes back to pending in MEMORY.md and the Resume Log records the restart.", n)
	},
	FinishesCutWhat: func(live, base string) string {
		return fmt.Sprintf("This finishes the RESTART that was cut short: .kiln/%s is already archived as %s. ", live, base)
	},
	ArchivedBeside: func(rel string) string { return rel + " is archived beside itself (renamed, never deleted). " },
	OutcomeRestartPhase: func(n int, name string) string {
		return fmt.Sprintf("Phase %d (%s) is pending again and starts from its beginning: run /kiln:resume.", n, name)
	},
	OutcomePlanning: "Planning restarts at dual_plan: run /kiln:resume.",

	NoMemoryToWrite:  "kiln: there is no MEMORY.md to write",
	NoMemoryFolder:   "kiln: there is no memory folder to archive",
	NoStatusLine:     "MEMORY.md has no status line to update",
	CorruptedNoWrite: func(p string) string { return p + ": MEMORY.md is corrupted; only DISCARD can act on it" },
	RouteChanged: func(p, was, now string) string {
		return fmt.Sprintf("%s: routing no longer leads where it did when pickup loaded it (%s, now %s); nothing was written (reload and choose again): %s", p, was, now, fsx.ErrChanged)
	},
	NoRestartStage: func(stage string) string {
		return "kiln: RESTART restarts an execution phase or planning; this project is routed to " + stage + " (nothing was changed)"
	},
	MoveBackFailed: func(archived, p, err string) string {
		return "and moving " + archived + " back to " + p + " failed: " + err
	},
	NoProjectPath: MsgNoProjectPath,
	NoMemory:      NoMemoryMessage,
	PhaseFilesNoMemory: func(files, dirs []string) string {
		return "kiln phase files exist (" + strings.Join(files, ", ") + "), but not their memory: pickup looked for MEMORY.md in " +
			strings.Join(dirs, ", ") + ".\n" +
			"kiln 2.x kept MEMORY.md outside the project, in the Claude home. If it was written on another machine or under another Claude home, " +
			"copy that memory folder to one of these, or run pickup with --claude-home (or CLAUDE_CONFIG_DIR) set to that home."
	},
	Corrupted: func(missing, path string) string {
		return "[kiln:resume] MEMORY.md is corrupted or incomplete (missing required fields: " + missing + ").\n" +
			"Run /kiln:start to reinitialize, or manually repair " + path + "."
	},
	NoProjectPathLine: func(p string) string {
		return "kiln: " + p + ": no absolute project_path line, so the project it belongs to is unknown; run pickup from the project instead"
	},
}

var portugueseMem = MemText{
	StepN:         func(n int, name string) string { return fmt.Sprintf("Passo %d (%s)", n, name) },
	StepReconcile: "reconcile, depois Passo 7 (archive)",
	StepHandoff:   "onde a nota de passagem indica",
	Task:          func(n int) string { return "tarefa " + strconv.Itoa(n) },
	Round:         func(n int) string { return "rodada " + strconv.Itoa(n) },
	SubDraft:      "plano duplo", SubDebate: "debate", SubSynthesis: "síntese", SubValidate: "validação do plano",
	WhyNoStateFile:  "ainda não há arquivo de estado da fase: a fase começa do início, com a sua seção do master-plan.md como plano",
	WhyNoEventLines: "nenhuma das linhas sob ## Events é um evento; siga o handoff_note para saber onde retomar",
	WarnNoEventLines: func(n int) string {
		return fmt.Sprintf("nenhuma das %s sob ## Events é um evento (- [ISO] [Alias] [event_type] — descrição); o roteamento segue a nota de passagem",
			i18n.Count(n, "linha", "linhas"))
	},
	WhyNoEventsSection:  "o arquivo de estado da fase não tem a seção ## Events; siga o handoff_note para saber onde retomar",
	WarnNoEventsSection: "o arquivo de estado da fase não tem a seção ## Events (não está no formato do kiln); o roteamento segue a nota de passagem",
	WhyNoEvents:         "o arquivo de estado da fase não registra nenhum evento: a fase começa do início",
	WarnNoEvents:        "o arquivo de estado da fase não tem eventos sob ## Events",
	WhyStateComplete: func(st string) string {
		return "o arquivo de estado da fase diz status " + st + ", mas o MEMORY.md tem a fase para retomar; siga o handoff_note para saber de onde continuar"
	},
	WarnStateComplete: func(st string) string {
		return "o arquivo de estado da fase diz status " + st + ", mas o MEMORY.md ainda tem esta fase para retomar: o roteamento segue a nota de passagem"
	},
	WhyNoKnownType: "nenhum evento tem um dos tipos de evento do kiln; siga o handoff_note para saber onde retomar",
	WarnNoKnownType: func(n int) string {
		return fmt.Sprintf("nenhum dos %s sob ## Events tem um dos 27 tipos de evento do kiln; o roteamento segue a nota de passagem", i18n.Count(n, "evento", "eventos"))
	},
	WhySetup:           "a fase parou durante o setup; recomeçar do Passo 2 (plan)",
	WhySharpenStart:    "o refinamento começou mas não terminou; recomeçar do Passo 3 (sharpen)",
	WhySharpenComplete: "prompts gerados; recomeçar do Passo 4 (implement)",
	WhyTask: func(task string, finished int) string {
		return fmt.Sprintf("a fase parou no meio da implementação; recomeçar da próxima tarefa incompleta (%s; %s)", task,
			i18n.Count(finished, "tarefa terminada", "tarefas terminadas"))
	},
	WhyReview: func(round string) string {
		return "a fase parou durante a revisão; recomeçar da próxima rodada de revisão (" + round + ")"
	},
	WhyReviewApproved: "a revisão passou; recomeçar do Passo 6 (complete/merge)",
	WhyMerge:          "fase concluída (merge feito); ela não deveria estar in_progress: reconcile, depois Passo 7 (archive)",
	WarnMerge:         "o último evento da fase é merge: a fase está concluída, mas o MEMORY.md ainda a tem como a fase a retomar",
	WhyReconciled:     "reconciliação feita; recomeçar do Passo 7 (archive)",
	WhyOutside: func(typ string) string {
		return typ + " fica fora dos passos do ciclo da fase; siga o handoff_note para saber o que estava acontecendo"
	},
	WhyError:  "a fase parou num erro; siga o handoff_note para saber o que consertar",
	WhyNoType: "o último evento não tem tipo; siga o handoff_note para saber onde retomar",
	WarnNoType: func(line int) string {
		return fmt.Sprintf("o último evento (linha %d) não tem tipo; o roteamento recorre à nota de passagem", line)
	},
	WhyUnknownType: func(typ string) string {
		return "tipo de evento desconhecido " + strconv.Quote(typ) + "; siga o handoff_note para saber onde retomar"
	},
	WarnUnknownType: func(line int, typ string) string {
		return fmt.Sprintf("a linha %d do arquivo de estado da fase tem o tipo de evento %q, que não é um dos 27 do kiln; o roteamento recorre à nota de passagem", line, typ)
	},
	WhyAfterPlanning: "a fase parou depois dos sub-passos de planejamento; recomeçar do Passo 3 (sharpen)",
	WhyDuringPlanning: func(next string) string {
		return "a fase parou durante o planejamento; recomeçar do próximo sub-passo (" + next + ")"
	},
	NoType:            "(sem tipo)",
	FromText:          "(pelo texto)",
	WhyBrainstorm:     "a visão ainda está sendo explorada",
	SayBrainstorm:     "Retomando a sessão de brainstorm. Esta é a visão atual:",
	AskBrainstorm:     "O que você quer explorar ou refinar agora?",
	WhySubStage:       func(sub string) string { return "planning_sub_stage é " + sub },
	WhySubStageAbsent: "planning_sub_stage está ausente ou null: tratado como dual_plan",
	WhySubStageBad: func(raw string) string {
		return fmt.Sprintf("planning_sub_stage %q não é dual_plan, debate nem synthesis: tratado como dual_plan", raw)
	},
	SayPlanning: func(sub string) string { return fmt.Sprintf("Retomando a etapa de planejamento (%s).", sub) },
	SubStageMeaning: func(sub string) string {
		switch sub {
		case "dual_plan":
			return "dois planos concorrentes estão sendo redigidos."
		case "debate":
			return "os planos estão sendo debatidos; veja debate_mode."
		case "synthesis":
			return "os planos estão sendo fundidos no plano mestre final."
		}
		return ""
	},
	AskPlanning: func(sub string) string { return "Continuar o planejamento a partir de " + sub + "." },
	WhyComplete: "o projeto está marcado como concluído; nenhum trabalho é retomado",
	CompleteBlock: []string{
		"Este projeto está marcado como concluído.",
		"",
		"O que você quer fazer agora?",
		"  1. Começar um projeto novo nesta pasta (/kiln:start)",
		"  2. Revisar o registro de decisões",
		"  3. Revisar o registro de armadilhas",
		"  4. Arquivar a memória deste projeto",
	},
	ContinueComplete: "Rode /kiln:start para começar um projeto novo nesta pasta.",
	UnknownStage:     "etapa desconhecida",
	WhyBlocked: func(c int) string {
		return fmt.Sprintf("o ciclo de correção %d/3 terminou bloqueado: a validação falhou", c)
	},
	SayBlocked: func(c int) string {
		return fmt.Sprintf("A validação falhou depois de %s. Este é o relatório de validação:", i18n.Count(c, "ciclo de correção", "ciclos de correção"))
	},
	AskBlocked:    "Como você quer seguir? Opções: repetir a validação, consertar à mão ou marcar como concluído.",
	WhyCorrecting: func(c int) string { return fmt.Sprintf("ciclo de correção %d/3 em andamento", c) },
	SayCorrecting: func(c int) string {
		return fmt.Sprintf("Retomando a validação — ciclo de correção %d/3 em andamento.", c)
	},
	AskCorrecting: "Continuar o ciclo de validação e correção a partir do Step 14 do start.md.",
	WhyFresh:      "nenhum ciclo de correção em andamento: rodar a validação",
	WhyFreshCycle: func(c int, st string) string {
		return fmt.Sprintf("ciclo de correção %d/3 com status %s: rodar a validação", c, st)
	},
	SayFresh: "Retomando a etapa de validação.",
	AskFresh: []string{"Resuma o que foi construído, a partir do master-plan.md, e as decisões tomadas, a partir do decisions.md.",
		"Lance o Argus para rodar a validação (Step 14 do start.md)."},
	NoPhaseLeft:       "nenhuma fase está pendente, em andamento ou com falha",
	AllCompleted:      func(n int) string { return fmt.Sprintf("as %d fases estão concluídas", n) },
	MovesToValidation: func(b string) string { return b + ": a etapa passa para validation" },
	LastEvent:         func(typ, when string) string { return "último evento " + typ + " em " + when },
	TrustNote:         " (siga a nota de passagem)",
	Retried:           func(n int) string { return fmt.Sprintf("a fase %d falhou, então é tentada de novo; ", n) },
	LowestPending:     func(n int) string { return fmt.Sprintf("a fase %d é a fase pendente de menor número; ", n) },
	Where:             func(n int, step string) string { return fmt.Sprintf("fase %d, %s", n, step) },
	NextExec: func(n int, total, name, step, why string) string {
		return fmt.Sprintf("fase %d/%s %s, %s: %s", n, total, name, step, why)
	},
	ResumingPhase: func(n int, total, name string) string {
		return fmt.Sprintf("Retomando a fase %d/%s: %s — iniciando o Maestro.", n, total, name)
	},
	BlockedAlert:   "A validação falhou depois dos ciclos de correção: uma pessoa decide como seguir (repetir a validação, consertar à mão ou marcar como concluído).",
	ResultArchived: "arquivada", ResultNext: "próxima", ResultRetry: "próxima (nova tentativa)",
	Tasks:         func(done, total string) string { return "tarefas " + done + "/" + total },
	ReviewVerdict: func(v string) string { return "revisão " + v },
	Completed:     func(v string) string { return "concluída em " + v },
	Cycle:         func(c int) string { return fmt.Sprintf("ciclo %d/3", c) },
	PhaseName:     func(n int) string { return "Fase " + strconv.Itoa(n) },

	Missing:  func(k string) string { return "falta " + k },
	Null:     func(k string) string { return k + " é null" },
	NotOneOf: func(k, v, list string) string { return fmt.Sprintf("%s é %q, que não é um de %s", k, v, list) },
	WrittenAs: func(k, written, read string) string {
		return fmt.Sprintf("%s está escrito %s; lido como %q", k, written, read)
	},
	StatusWritten: func(rel, written, read string) string {
		return fmt.Sprintf("%s: status está escrito %q; lido como %q", rel, written, read)
	},
	NewestFirst: func(rel string) string {
		return rel + " lista seus eventos do mais novo para o mais antigo; eles são lidos em ordem de tempo"
	},
	ByTime: func(rel string) string {
		return rel + " lista seus eventos fora de ordem; eles são lidos pelos seus horários"
	},
	BadEventLines: func(rel, lines string) string {
		return rel + ": " + lines + " sob ## Events: não é um evento (- [ISO] [Alias] [event_type] — descrição); ignorado"
	},
	ProjectPathLossy: func(written, root, folder string) string {
		return "o project_path do MEMORY.md é " + written + ", mas o projeto aberto é " + root + ": o nome de pasta " + folder +
			" serve para os dois (a codificação perde informação); confira se esta memória é deste projeto"
	},
	ProjectPathMoved: func(written, root string) string {
		return "o project_path do MEMORY.md é " + written + ", mas o projeto aberto é " + root + " (o projeto foi movido?)"
	},
	FolderSeed: func(dir, other string) string {
		return "a memória do kiln foi lida de " + dir + ": o nome de pasta do seed 000 para este projeto (só / vira -); o nome do próprio Claude Code é " + other
	},
	FolderClaude: func(dir, other string) string {
		return "a memória do kiln foi lida de " + dir + ": o nome de pasta do próprio Claude Code para este projeto (todo caractere fora de A-Z, a-z, 0-9 vira -); o nome do seed 000 é " + other
	},
	UpdatedNotISO:  func(v string) string { return fmt.Sprintf("last_updated %q não é uma data ISO-8601", v) },
	DebateModeBad:  func(v string) string { return fmt.Sprintf("debate_mode %q não é 1, 2 nem 3; usando o padrão, 2", v) },
	PhaseNumberBad: func(v string) string { return fmt.Sprintf("phase_number %q não é um número inteiro; ignorado", v) },
	PhaseTotalBad: func(v string) string {
		return fmt.Sprintf("phase_total %q não é um número inteiro; mostrado como ?", v)
	},
	CorrectionBad: func(v string) string {
		return fmt.Sprintf("correction_cycle %q não é um número inteiro; lido como 0", v)
	},
	CorrectionHigh: func(n int) string { return fmt.Sprintf("correction_cycle é %d; o kiln permite no máximo 3", n) },
	SetTwice:       func(k string) string { return "o MEMORY.md define " + k + " mais de uma vez; vale a primeira" },
	BadPhaseLine: func(l int) string {
		return fmt.Sprintf("a linha %d do MEMORY.md sob ## Phase Statuses não é `- phase_number: N | phase_name: X | phase_status: S`; ignorada", l)
	},
	PhaseTwice: func(n int) string {
		return fmt.Sprintf("o MEMORY.md lista a fase %d duas vezes sob ## Phase Statuses; vale a primeira linha", n)
	},
	PhaseStatusBad: func(n int, s string) string {
		return fmt.Sprintf("o phase_status %q da fase %d não é pending, in_progress, failed nem completed; lido como pending", s, n)
	},
	PhaseStatusRead: func(n int, s, read string) string {
		return fmt.Sprintf("o phase_status %q da fase %d é lido como %s", s, n, read)
	},
	NoPhaseLine: func(n int) string {
		return fmt.Sprintf("## Phase Statuses não tem linha para a fase %d; o phase_number do MEMORY.md faz dela a fase em andamento", n)
	},
	PhaseTotalAdds: func(total int, added []string) string {
		word := "as fases"
		if len(added) == 1 {
			word = "a fase"
		}
		return fmt.Sprintf("phase_total é %d, mas nada nomeia %s %s; elas contam como pendentes", total, word, strings.Join(added, ", "))
	},
	NoStatus: "nenhum status",
	ArchiveProves: func(n int, rel, was string) string {
		return fmt.Sprintf("o arquivo morto prova que a fase %d está concluída (%s), embora o MEMORY.md diga %s", n, rel, was)
	},
	BothState: func(plain, padded string) string {
		return fmt.Sprintf("%s e %s existem; o roteamento lê %s", plain, padded, plain)
	},
	CannotReadState: func(p, err string) string {
		return "não foi possível ler " + p + ": " + err + "; o roteamento volta ao início da fase"
	},
	CutAt: func(at string) string { return " em " + at },
	CutAlert: func(n int, at, rel, base, status, live string) string {
		return fmt.Sprintf("um RESTART da fase %d foi interrompido%s: %s foi arquivado como %s, mas o MEMORY.md não foi atualizado (a fase %d ainda está %s, e nenhuma linha Restarted cita o arquivo). "+
			"Para terminá-lo, escolha RESTART de novo: a fase %d volta para pending e o restart é registrado. Para desfazê-lo, renomeie .kiln/%s de volta para .kiln/%s.",
			n, at, rel, base, n, status, n, base, live)
	},
	CutWhy: func(n int, base string) string {
		return fmt.Sprintf("um RESTART da fase %d foi interrompido (o arquivo de estado foi arquivado como %s; o MEMORY.md não foi atualizado): RESTART o termina", n, base)
	},

	DecisionsLog: "Registro de decisões", PitfallsLog: "Registro de armadilhas", HandoffContext: "Contexto da passagem",
	ArchiveProof: "Arquivo morto (fases que ele prova concluídas)",
	ProofLine:    func(n int, name, sum string) string { return fmt.Sprintf("fase %d %s: %s", n, name, sum) },
	Vision:       "Visão", MasterPlan: "Plano mestre", ValidationReport: "Relatório de validação", ResumeLog: "Registro de retomadas",
	Earlier:         func(n int) string { return "(" + i18n.Count(n, "entrada anterior", "entradas anteriores") + ")" },
	SupportingFiles: "Arquivos de apoio",
	FileAbsent:      func(name, where string) string { return name + " está ausente (" + where + ")." },
	EventsTitle:     func(n int, rel string) string { return fmt.Sprintf("Eventos: fase %d (%s)", n, rel) },
	NoStateFileLine: "Nenhum arquivo de estado da fase: a fase começa do início.",
	NoEventsLine:    "Nenhum evento registrado.",
	StartCommit:     "commit inicial",

	PromptTitle:       func(p string) string { return "# Retomar o projeto do kiln: " + p },
	PromptResumePoint: func(where, why string) string { return "Ponto de retomada: " + where + ": " + why + "." },
	PhaseStands: func(n int, typ, why string) string {
		return fmt.Sprintf("Onde a fase %d está: último evento %s (%s).", n, typ, why)
	},
	PhaseStandsNoEvent: func(n int, why string) string { return fmt.Sprintf("Onde a fase %d está: %s.", n, why) },
	HandoffNote:        func(note string) string { return " Nota de passagem: " + note + "." },
	PromptSpawn:        "Lance agora o `kiln-phase-executor` pela ferramenta Task (name: Maestro, subagent_type: kiln-phase-executor), com este prompt de tarefa:",
	PhaseSection:       func(n int) string { return fmt.Sprintf("## Seção da fase %d do master-plan.md", n) },
	NoPhaseSection:     func(n int) string { return fmt.Sprintf("o master-plan.md não tem seção para a fase %d.", n) },
	PromptStep7:        "o pickup já fez a atualização do MEMORY.md do Step 7 (status in_progress, last_updated, uma linha `- Resumed:`); não a repita.",

	PlanPhases:            "Fases:",
	PlanArchived:          func(s string) string { return ", arquivada: " + s },
	PlanNext:              "  (próxima)",
	ContinueWritesNothing: "CONTINUE não escreve nada: o projeto está concluído.",
	ContinueWrites: func(p string) string {
		return "CONTINUE escreve " + p + ": status in_progress, last_updated e uma linha `- Resumed: <ISO>` sob ## Resume Log."
	},

	DiscardWhat: func(base string) string {
		return "A pasta é renomeada para " + base + ".discarded.<timestamp> ao lado dela; nada é apagado, e /kiln:start pode recomeçar."
	},
	DiscardWhatShared: "Esta pasta é também a pasta de memória do próprio Claude Code, então só o " + MemoryFile + " do kiln é renomeado, para " +
		MemoryFile + ".discarded.<timestamp> ao lado dele; todos os outros arquivos dela ficam onde estão, nada é apagado, e /kiln:start pode recomeçar.",
	DiscardHint:         "arquivar a pasta de memória e começar do zero",
	DiscardHintShared:   "arquivar o MEMORY.md do kiln e começar do zero",
	DiscardQ:            "Arquivar a memória deste projeto?",
	ArchiveLabel:        "Arquivar a memória deste projeto",
	ArchiveHint:         "renomear a pasta de memória para que /kiln:start possa recomeçar",
	ArchiveHintShared:   "renomear o MEMORY.md do kiln para que /kiln:start possa recomeçar",
	RestartHint:         "recomeçar uma fase de execução ou o planejamento",
	NewProject:          "Começar um projeto novo nesta pasta (/kiln:start)",
	ReviewDecisions:     "Revisar o registro de decisões",
	ReviewHint:          "e o registro de armadilhas, numa só tela",
	CompleteNoRestart:   "o projeto está marcado como concluído: não há fase nem plano para recomeçar",
	ResumeAt:            func(w string) string { return "retomar em " + w },
	FinishesCut:         "ele termina o RESTART que foi interrompido",
	RestartPhaseHint:    func(n int) string { return fmt.Sprintf("recomeçar a fase %d do início", n) },
	RestartPhaseQ:       func(n int, name string) string { return fmt.Sprintf("Recomeçar a fase %d (%s) do início?", n, name) },
	RestartPlanningHint: "recomeçar o planejamento em dual_plan",
	RestartPlanningQ: "Recomeçar o planejamento em dual_plan?\n" +
		"O planning_sub_stage do MEMORY.md passa a dual_plan e o Resume Log registra o restart; o master-plan.md e os planos ficam como estão.",
	AllDoneNoRestart: "todas as fases estão concluídas: não há fase para recomeçar (o próximo passo é a validação)",
	NoRestartIn: func(stage string) string {
		return "RESTART recomeça uma fase de execução ou o planejamento; em " + stage + ", CONTINUE retoma de onde parou"
	},
	RestartWhat: func(n int) string {
		return fmt.Sprintf("A fase %d volta para pending no MEMORY.md e o Resume Log registra o restart.", n)
	},
	FinishesCutWhat: func(live, base string) string {
		return fmt.Sprintf("Isto termina o RESTART que foi interrompido: .kiln/%s já está arquivado como %s. ", live, base)
	},
	ArchivedBeside: func(rel string) string { return rel + " é arquivado ao lado dele (renomeado, nunca apagado). " },
	OutcomeRestartPhase: func(n int, name string) string {
		return fmt.Sprintf("A fase %d (%s) está pendente de novo e começa do início: rode /kiln:resume.", n, name)
	},
	OutcomePlanning: "O planejamento recomeça em dual_plan: rode /kiln:resume.",

	NoMemoryToWrite:  "kiln: não há MEMORY.md para escrever",
	NoMemoryFolder:   "kiln: não há pasta de memória para arquivar",
	NoStatusLine:     "o MEMORY.md não tem linha status para atualizar",
	CorruptedNoWrite: func(p string) string { return p + ": o MEMORY.md está corrompido; só DISCARD pode agir sobre ele" },
	RouteChanged: func(p, was, now string) string {
		return fmt.Sprintf("%s: o roteamento não leva mais aonde levava quando o pickup o carregou (%s, agora %s); nada foi escrito (recarregue e escolha de novo)", p, was, now)
	},
	NoRestartStage: func(stage string) string {
		return "kiln: RESTART recomeça uma fase de execução ou o planejamento; este projeto é roteado para " + stage + " (nada foi alterado)"
	},
	MoveBackFailed: func(archived, p, err string) string {
		return "e mover " + archived + " de volta para " + p + " falhou: " + err
	},
	NoProjectPath: "Não foi possível determinar o caminho do projeto. Rode este comando a partir da raiz do projeto.",
	NoMemory: func(dir string) string {
		return "[kiln:resume] Nenhuma memória encontrada em " + dir + ".\n" +
			"A memória pode não ter sido inicializada. Rode /kiln:start para começar uma nova sessão de projeto."
	},
	PhaseFilesNoMemory: func(files, dirs []string) string {
		return "há arquivos de fase do kiln (" + strings.Join(files, ", ") + "), mas não a memória deles: o pickup procurou o MEMORY.md em " +
			strings.Join(dirs, ", ") + ".\n" +
			"O kiln 2.x guardava o MEMORY.md fora do projeto, na pasta do Claude. Se ele foi escrito em outra máquina ou em outra pasta do Claude, " +
			"copie essa pasta de memória para uma destas, ou rode o pickup com --claude-home (ou CLAUDE_CONFIG_DIR) apontando para ela."
	},
	Corrupted: func(missing, path string) string {
		return "[kiln:resume] O MEMORY.md está corrompido ou incompleto (faltam campos obrigatórios: " + missing + ").\n" +
			"Rode /kiln:start para reinicializar, ou conserte manualmente " + path + "."
	},
	NoProjectPathLine: func(p string) string {
		return "kiln: " + p + ": não há uma linha project_path absoluta, então o projeto a que ele pertence é desconhecido; rode o pickup a partir do projeto"
	},
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
		out = t.StepN(s.Num, s.Name)
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
		word   func(int) string
	}{{"task ", t.Task}, {"round ", t.Round}} {
		if rest, ok := strings.CutPrefix(s, k.prefix); ok {
			if n, err := strconv.Atoi(rest); err == nil {
				return k.word(n)
			}
		}
	}
	return s
}
