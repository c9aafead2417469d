package crucible

import (
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Says is every other sentence the loader builds: the session's
// headline, hints, warnings and outcomes, the REVIEW sections, the rows'
// reasons, the compression-state block, Apply's results and the
// problems of a file that cannot be read. Values read from the files
// (phase names, statuses, roles, summaries, checkpoint reasons) are
// passed in and stay as written; a quoted value comes in quoted
// (strconv.Quote). English is here, every other language in
// messages/<lang>.json.
type Says struct {
	// PhaseKey is pickup's label for a phase key the manifest records
	// ("3"): "Phase 3" (phase). A key that already says phase is shown
	// as written.
	PhaseKey i18n.M
	NoPhase  string
	InFlight string // the dispatched status as the dashboard says it
	// Counted are counts of dispatches of one final status, in the
	// dashboard's counts ("2 completed"; pt-BR "2 concluídos"), by
	// status; another status is said as written.
	Counted map[string]i18n.P
	NoRole  string
	NoFile  string
	Through i18n.M // "Phase 1 through Phase 3"

	// The session.
	PipelineTitle, DispatchManifest           i18n.M
	HandoffWord, NoDispatch, DiscardHint      string
	HistoryOnly, AllFinishedWhy, DetachedHead string
	ContinueWhy, RestartWhy                   string
	MayBeRunning, RefusedHint, RestoreHint    i18n.M
	StayingHint                               i18n.P
	EndHint, UnverifiedHint                   string
	AsIsHint, NotARepo                        i18n.M
	RestartHint, RestartHintBare              string
	// Headlines are the session's headline by its kind (hl*); {ago} is
	// how long ago the pipeline wrote.
	Headlines                                    map[string]i18n.M
	ResumeNone                                   string
	ResumeBoundary, ResumeCheckpoint             i18n.M
	ResumeNoRestore                              string
	RequestedWith                                i18n.M
	FirstIncomplete                              string
	MovedBack                                    i18n.P
	RestoresCP, OutcomeEnd                       i18n.M
	OutcomeAsIs, OutcomeRestore, OutcomeRestored i18n.P

	// The spec's questions and refusals.
	BranchMismatch, RestoreQuestion, RestoreQuestionStaying i18n.M
	StayingFiles                                            i18n.P

	// REVIEW.
	Verification, Timeline, Handoffs, Checkpoints, Files string
	StatusSection                                        i18n.M
	Marker, Manifest, Scratch, ShadowRepo                string
	VerifiedCounts                                       i18n.P
	Failed, CannotCheck                                  string
	Invisible                                            string
	Earlier                                              i18n.P
	ReplayedAs, ReplayOf                                 i18n.M
	MutationWord                                         string
	NoCheckpoints, OlderCPs                              i18n.M
	NoTime, CommitGone, RestoreTarget, NoCheckpoint      string

	// The plan's reasons and warnings.
	StatusNotComplete, SeqWhy, AndMoreIn, MarkerSays, Exists, CPTaken i18n.M
	ImpliedWarn                                                       i18n.M
	NothingToRestore, NoRestoreFlag                                   string
	NoCPIn, CPGone, CPPredates, StartsPipeline, NorEarlier, NoReason  i18n.M
	FromPhaseNone                                                     i18n.M
	FromSeqIgnored                                                    string
	FromSeqNone, Earlier2                                             i18n.M
	NothingLeft, EndOfPipeline                                        string
	BoundaryReason, RowReplayed                                       i18n.M
	RowSkipped, RowRecorded, NotVerified, Verified                    string
	ReReplayed                                                        i18n.M
	ReInFlight                                                        string
	ReEnded, ReEndedBare, ReUnknown, ReNotVerified                    i18n.M
	ReAtPoint, ReAfter, ReReplayOf                                    i18n.M
	RePartialRestore, RePartialStay                                   i18n.P
	// CrashWhat is what a crashed dispatch did, by its status;
	// CrashStatus says another status.
	CrashWhat                                             map[string]string
	CrashStatus, CrashContext, CrashContextTask           i18n.M
	CrashImplied, CrashAfter, MutateMissing, MutateUnused i18n.M
	TemplateNewer                                         i18n.M
	EndWithMarker                                         string
	MovedBackWarn, NoRestoreWarn                          i18n.M
	NoVerified                                            string
	Unchecked                                             i18n.P
	UncheckedMore                                         i18n.M

	// Evidence.
	GateRound                           string
	Trusted                             i18n.M
	CompletionLine, ReviewOnly          string
	OutputFile, Receipt, Findings, AndN i18n.M
	CannotCommits, NoCommit, Commits    i18n.M
	OneCommit, InWindow, Mentioning     i18n.M
	NoStartTime                         string
	Sharing, SharingTried               i18n.M
	Nor, NothingToMatch, NotRepo        string

	// The compression-state block (the agent's prompt).
	CSB CSBText

	// Apply, DISCARD and RESTART.
	Discard                   i18n.M
	DiscardNothing            string
	NotMoved, TheMarker       i18n.M
	HandoffFiles              i18n.P
	TheManifest, TheFolder    i18n.M
	StartFresh                string
	StartFreshSkill           i18n.M
	StartArchived             string
	RestoredMsg               i18n.P
	SafetyNotAdded, HeadMoved i18n.M
	PlanChanged, CannotResume i18n.M
	NoPlan                    string

	// Loading.
	EmptyManifest                        string
	NoValidEntry                         i18n.P
	NoManifest, LargerOther, BadLine     i18n.M
	Truncated                            string
	MoreBad                              i18n.P
	UnknownStatus, FromSeqBad, Ignored   i18n.M
	OtherProject, ManyDispatch, NotFound i18n.M
	// SkipWhy is why a manifest line was skipped (BadLine.Why);
	// JSONReason leads a JSON error's.
	SkipWhy     SkipSays
	JSONReason  string
	SeqNotWhole i18n.M
	// The shadow repository's notes and errors (shadowFault).
	ShadowAbsent, ShadowNoTable, ShadowLogUnread i18n.M
}

// CSBText is the compression-state block's words: its delimiters stay,
// its labels and fixed lines follow the language.
type CSBText struct {
	Goal, Skill, Phase, Health, Progress, Decisions, Constraints, Modified, ScratchState, Location, Recovery, Next string
	NoGoal, NoPhase, NonePhase, NoDecision, SeeGitLog                                                              string
	Completed, FromCheckpoint                                                                                      i18n.M
	AfterLast                                                                                                      string
	FromBoundary, VerifiedThrough                                                                                  i18n.M
	NoneVerified                                                                                                   string
	MoreFiles, Redispatch, RedispatchTask, StartPhase                                                              i18n.M
	Cleanup                                                                                                        string
	Append                                                                                                         i18n.M
}

// Headline kinds.
const (
	hlHistory = "history"
	hlProblem = "problem"
	hlEndLive = "end-live"
	hlEnd     = "end"
	hlRecent  = "recent"
	hlStopped = "stopped"
)

var englishSays = Says{
	PhaseKey: i18n.T("Phase {key}"),
	NoPhase:  "(no phase)",
	InFlight: "in flight",
	Counted: map[string]i18n.P{
		StatusCompleted: i18n.Plural("{n} completed", "{n} completed"),
		StatusSkipped:   i18n.Plural("{n} skipped", "{n} skipped"),
		StatusReplayed:  i18n.Plural("{n} replayed", "{n} replayed"),
		StatusFailed:    i18n.Plural("{n} failed", "{n} failed"),
		StatusError:     i18n.Plural("{n} error", "{n} error"),
	},
	NoRole:  "no role",
	NoFile:  "no file",
	Through: i18n.T("{from} through {to}"),

	PipelineTitle:    i18n.T("{skill} pipeline {sid}"),
	DispatchManifest: i18n.T("the dispatch manifest ({name})"),
	HandoffWord:      "handoff",
	NoDispatch:       "no dispatch recorded",
	DiscardHint:      "archive the marker and dispatch directory (renamed, not deleted)",
	HistoryOnly:      "this pipeline's marker is gone: it finished or was set aside (history only)",
	MayBeRunning:     i18n.T("The pipeline wrote its files {ago} ago: it may still be running. Resuming it now could run it twice."),
	AllFinishedWhy:   "every recorded dispatch finished",
	DetachedHead:     "(a detached HEAD)",
	ContinueWhy:      "it resumes at a verified phase boundary",
	RestartWhy:       "there is no verified boundary to resume from",
	RefusedHint:      i18n.T("refused: the pipeline ran on {ran}, you are on {current}"),
	RestoreHint:      i18n.T("restore checkpoint {reason}, then resume at {phase}"),
	StayingHint:      i18n.Plural(" ({n} file created since stay)", " ({n} files created since stay)"),
	EndHint:          "nothing to re-execute: hand the pipeline back for its last steps",
	UnverifiedHint:   "resume with current disk state (no verified boundary)",
	AsIsHint:         i18n.T("resume at {phase} with the working directory as it is"),
	NotARepo:         i18n.T("{project} is not a git repository: the branch guard (pipeline branch {branch}) cannot be checked"),
	RestartHint:      "start the pipeline fresh (its marker and stale handoffs are archived, the manifest kept)",
	RestartHintBare:  "start the pipeline fresh",
	Headlines: map[string]i18n.M{
		hlHistory: i18n.T("This crucible pipeline finished or was set aside: it is kept as history."),
		hlProblem: i18n.T("This crucible pipeline's files cannot be read as they are."),
		hlEndLive: i18n.T("This crucible pipeline may still be running: every recorded dispatch finished {ago} ago, and its cleanup has not run."),
		hlEnd:     i18n.T("This crucible pipeline was interrupted before its cleanup: every recorded dispatch finished."),
		hlRecent:  i18n.T("This crucible pipeline may still be running: it wrote its files {ago} ago (crucible records no pause)."),
		hlStopped: i18n.T("This crucible pipeline was interrupted (crucible records no pause)."),
	},
	ResumeNone:       "none: every recorded dispatch finished",
	ResumeBoundary:   i18n.T("{phase} boundary"),
	ResumeCheckpoint: i18n.T(" ({reason}, checkpoint {short})"),
	ResumeNoRestore:  " (no checkpoint restore)",
	RequestedWith:    i18n.T("requested with {flags}"),
	FirstIncomplete:  "first incomplete phase",
	MovedBack:        i18n.Plural("moved back {n} time by verification", "moved back {n} times by verification"),
	RestoresCP:       i18n.T("restores checkpoint {reason} ({short})"),
	OutcomeEnd:       i18n.T("Every recorded dispatch of {title} finished: hand it back for its last steps; new manifest entries start at seq {next}."),
	OutcomeAsIs: i18n.Plural("With the working directory as it is, resume {title} at {phase}: re-execute {n} dispatch; new manifest entries start at seq {next}.",
		"With the working directory as it is, resume {title} at {phase}: re-execute {n} dispatches; new manifest entries start at seq {next}."),
	OutcomeRestore: i18n.Plural("Restore checkpoint {reason}, then resume {title} at {phase}: re-execute {n} dispatch; new manifest entries start at seq {next}.",
		"Restore checkpoint {reason}, then resume {title} at {phase}: re-execute {n} dispatches; new manifest entries start at seq {next}."),
	OutcomeRestored: i18n.Plural("{restored} Resume {title} at {phase}: re-execute {n} dispatch; new manifest entries start at seq {next}.",
		"{restored} Resume {title} at {phase}: re-execute {n} dispatches; new manifest entries start at seq {next}."),

	BranchMismatch: i18n.T("Pipeline was running on branch {marker} but you are on {current}. Switch to {marker}" +
		" before resuming — restoring a checkpoint from a different branch would contaminate your working directory."),
	RestoreQuestion: i18n.T("About to restore working directory to checkpoint {reason} (taken at {timestamp}, branch {branch}" +
		"). This will reset uncommitted changes. Proceed? [yes / no]"),
	RestoreQuestionStaying: i18n.T("About to restore working directory to checkpoint {reason} (taken at {timestamp}, branch {branch}" +
		"). This will reset uncommitted changes. {staying} Proceed? [yes / no]"),
	StayingFiles: i18n.Plural("This file was created after checkpoint {reason} and stays (the restore deletes nothing): {names}.",
		"These {n} files were created after checkpoint {reason} and stay (the restore deletes nothing): {names}."),

	Verification: "Verification", Timeline: "Dispatch timeline", Handoffs: "Handoff manifests", Checkpoints: "Checkpoints", Files: "Files",
	StatusSection: i18n.T("Pipeline status ({name})"),
	Marker:        "Marker", Manifest: "Manifest", Scratch: "Scratch", ShadowRepo: "Shadow repository",
	VerifiedCounts: i18n.Plural("{n} dispatch before the resume point verified: {commits} by commits, {reviews} reviews on their completion line, {gates} quality-gate rounds (nothing to check), {trusted} on their completion line only",
		"{n} dispatches before the resume point verified: {commits} by commits, {reviews} reviews on their completion line, {gates} quality-gate rounds (nothing to check), {trusted} on their completion line only"),
	Failed: "Failed", CannotCheck: "Cannot check",
	Invisible:     "Phases are judged on the dispatches recorded: one that crashed before its first manifest line is invisible, so a phase can look complete when it is not.",
	Earlier:       i18n.Plural("… {n} earlier dispatch not shown (`pickup plan` lists them all)", "… {n} earlier dispatches not shown (`pickup plan` lists them all)"),
	ReplayedAs:    i18n.T("replayed as #{seq}"),
	ReplayOf:      i18n.T("replay of #{seq}"),
	MutationWord:  "mutation",
	NoCheckpoints: i18n.T("No checkpoints: {err}"),
	OlderCPs:      i18n.T("… and {n} older"),
	NoTime:        "(no time)", CommitGone: "(commit gone)", RestoreTarget: "(restore target)",
	NoCheckpoint: "The shadow repository holds no checkpoint.",

	StatusNotComplete: i18n.T("status {status}: not complete"),
	SeqWhy:            i18n.T("seq {seq} ({role}) {evidence}"),
	AndMoreIn:         i18n.T(" (and {n} more in {phase})"),
	MarkerSays:        i18n.T("the .pipeline-active marker says phase {phase}"),
	Exists:            i18n.T("{file} exists"),
	CPTaken:           i18n.T("checkpoint {reason} was taken"),
	ImpliedWarn:       i18n.T("{phase} has no dispatch in the manifest, but {why}: the pipeline reached it. A dispatch that crashed before its first manifest line was written is invisible, so the phase starts fresh."),
	NothingToRestore:  "every recorded dispatch finished: there is nothing to restore",
	NoRestoreFlag:     "--no-restore: the working directory is used as it is",
	NoCPIn:            i18n.T("no checkpoint {reason} in the shadow repository"),
	CPGone:            i18n.T("checkpoint {reason} ({short}) is listed but its commit is gone (evicted or pruned)"),
	CPPredates:        i18n.T("checkpoint {reason} ({short}) predates this pipeline's start"),
	StartsPipeline:    i18n.T("{phase} starts the pipeline: no checkpoint comes before it"),
	NorEarlier:        i18n.T("{why} (nor for an earlier boundary): the working directory is used as it is"),
	NoReason:          i18n.T("no checkpoint reason is defined for {phase}: the working directory is used as it is"),
	FromPhaseNone:     i18n.T("--from-phase {phase}: the manifest records no phase {phase} or later; the automatic resume point is used"),
	FromSeqIgnored:    "--from-seq is ignored: --from-phase was given too",
	FromSeqNone:       i18n.T("--from-seq {seq}: the manifest has no seq {seq}; the automatic resume point is used"),
	Earlier2:          i18n.T("{requested} is earlier than the automatic resume point ({auto}): verified work in {span} will be redone"),
	NothingLeft:       "nothing left",
	EndOfPipeline:     "the end of the pipeline",
	BoundaryReason:    i18n.T("{phase} boundary ({reason})"),
	RowReplayed:       i18n.T("replayed as seq {seq} ({status})"),
	RowSkipped:        "skipped by the pipeline: nothing to verify",
	RowRecorded:       "recorded as replayed",
	NotVerified:       "not verified: ",
	Verified:          "verified: ",
	ReReplayed:        i18n.T("replayed as seq {seq}, which is {status}"),
	ReInFlight:        "in flight at the crash (no completion line)",
	ReEnded:           i18n.T("ended {status}: {summary}"),
	ReEndedBare:       i18n.T("ended {status}"),
	ReUnknown:         i18n.T("status {status} is not one crucible writes: redone to be safe"),
	ReNotVerified:     i18n.T("{status}, but not verified ({why}): its phase is redone from its boundary"),
	ReAtPoint:         i18n.T("{status}, but its phase is the resume point: the phase is redone from its boundary"),
	ReAfter:           i18n.T("{status}, but after the resume point: redone"),
	ReReplayOf:        i18n.T("replay of seq {seq}; {why}"),
	RePartialRestore: i18n.Plural("; {n} partial commit in its window: the restore puts back the checkpoint's version of the files they changed, and files they created stay",
		"; {n} partial commits in its window: the restore puts back the checkpoint's version of the files they changed, and files they created stay"),
	RePartialStay: i18n.Plural("; {n} partial commit in its window stay (no checkpoint restore)", "; {n} partial commits in its window stay (no checkpoint restore)"),
	CrashWhat: map[string]string{
		StatusFailed:     "failed",
		StatusError:      "ended with an error",
		StatusDispatched: "was in flight",
	},
	CrashStatus:      i18n.T("has status {status}"),
	CrashContext:     i18n.T("seq {seq} {role} ({file}) {what}"),
	CrashContextTask: i18n.T("seq {seq} {role} ({file}, task {task}) {what}"),
	CrashImplied:     i18n.T("no dispatch recorded ({why})"),
	CrashAfter:       i18n.T("after seq {seq} (every recorded dispatch finished)"),
	MutateMissing:    i18n.T("--mutate {orig}={repl}: the replacement template {repl} does not exist"),
	MutateUnused:     i18n.T("--mutate {orig}: no re-executed dispatch uses the template {base}"),
	TemplateNewer:    i18n.T("Warning: Template {name} was modified after the original pipeline run. A/B comparison may be confounded by template changes unrelated to the mutation."),
	EndWithMarker:    "Every recorded dispatch finished, yet the .pipeline-active marker is still there: the pipeline stopped before its cleanup. A dispatch that crashed before its first manifest line was written would not show; check pipeline-status.md before trusting that nothing is left.",
	MovedBackWarn:    i18n.T("Resume point moved back from {from} to {to}: {why}"),
	NoRestoreWarn:    i18n.T("No checkpoint restore: {why}"),
	NoVerified:       "No verified phase boundary: resume with the current disk state (CONTINUE) or start fresh (RESTART).",
	Unchecked: i18n.Plural("{n} dispatch before the resume point could not be checked ({named}{more}): the resume point stands on their completion lines.",
		"{n} dispatches before the resume point could not be checked ({named}{more}): the resume point stands on their completion lines."),
	UncheckedMore: i18n.T("; and {n} more"),

	GateRound:      "quality-gate round: conversation output only, nothing to check",
	Trusted:        i18n.T("completion line only (no artifact rule for role {role})"),
	CompletionLine: "completion line",
	ReviewOnly:     "completion line only: reviewers return their findings in the conversation (no receipt or findings file on disk)",
	OutputFile:     i18n.T("output file {name}"),
	Receipt:        i18n.T("receipt {v} in {ledger}"),
	Findings:       i18n.T("quality-gate findings on disk ({list})"),
	AndN:           i18n.T("and {n} more"),
	CannotCommits:  i18n.T("cannot check its commits: {err}"),
	NoCommit:       i18n.T("no commit {how}: the manifest says completed but may be stale"),
	Commits:        i18n.T("{n} commits {how} (first {first})"),
	OneCommit:      i18n.T("commit {hash} {how}"),
	InWindow:       i18n.T("in its window {from}–{to}"),
	Mentioning:     i18n.T("mentioning task {task} since the pipeline start"),
	NoStartTime:    " (no start time recorded for the dispatch)",
	Sharing:        i18n.T("sharing the words {words} of its task since the pipeline start"),
	SharingTried:   i18n.T("sharing words of its task ({words})"),
	Nor:            ", nor ",
	NothingToMatch: "no start time recorded (no timestamp on the line, no dispatch file header), no task number and no words of its task to match commits against",
	NotRepo:        "the project is not a git repository",

	CSB: CSBText{
		Goal: "Goal", Skill: "Skill", Phase: "Phase", Health: "Health: GREEN (reset on resume)", Progress: "Progress",
		Decisions: "Key Decisions (prior session)", Constraints: "Active Constraints", Modified: "Files Modified",
		ScratchState: "Scratch State", Location: "Location", Recovery: "Recovery: pipeline-status.md, handoff manifests, manifest.jsonl", Next: "Next Steps",
		NoGoal:          "(not recorded in a handoff manifest or pipeline-status.md)",
		NoPhase:         "- No phase completed in prior session",
		NonePhase:       "none (every recorded dispatch finished)",
		NoDecision:      "- (none recorded)",
		SeeGitLog:       "- see git log",
		Completed:       i18n.T("- Phases {from} through {to} completed in prior session"),
		FromCheckpoint:  i18n.T("- Resuming from {reason} via replay"),
		AfterLast:       "- Resuming after the last recorded dispatch via replay",
		FromBoundary:    i18n.T("- Resuming from the {phase} boundary via replay (no checkpoint restored)"),
		VerifiedThrough: i18n.T("- Replay session -- prior work verified through Phase {key}"),
		NoneVerified:    "- Replay session -- no prior phase verified",
		MoreFiles:       i18n.T("- … and {n} more (see git log)"),
		Redispatch:      i18n.T("Re-dispatch seq {seq} ({role}) for {phase}"),
		RedispatchTask:  i18n.T("Re-dispatch seq {seq} ({role}, task {task}) for {phase}"),
		StartPhase:      i18n.T("Start {phase} from its boundary"),
		Cleanup:         "Confirm nothing is left, then run the pipeline's cleanup",
		Append:          i18n.T("Append new dispatches to manifest.jsonl from seq {next} with replay_of and replay_session set"),
	},

	Discard:         i18n.T("Archive this pipeline? Each of these is renamed with a .discarded.<timestamp> suffix; nothing is deleted: {items}."),
	DiscardNothing:  "Archive this pipeline? There is nothing of it pickup may move.",
	NotMoved:        i18n.T(" Not moved: {dir} ({why})."),
	TheMarker:       i18n.T("the marker {path}"),
	HandoffFiles:    i18n.Plural("{n} handoff file ({names})", "{n} handoff files ({names})"),
	TheManifest:     i18n.T("the manifest {path}"),
	TheFolder:       i18n.T("the folder {path}"),
	StartFresh:      "Start the pipeline fresh from phase 1",
	StartFreshSkill: i18n.T("Start the {skill} pipeline fresh from phase 1"),
	StartArchived:   "; its marker and stale handoff files were archived, and the old manifest stays as history",
	RestoredMsg: i18n.Plural("Restored checkpoint {reason} ({n} file); the {safety} checkpoint {short} taken first keeps the previous state, and pickup undo puts it back.{stays}",
		"Restored checkpoint {reason} ({n} files); the {safety} checkpoint {short} taken first keeps the previous state, and pickup undo puts it back.{stays}"),
	SafetyNotAdded: i18n.T("the safety checkpoint was taken but not added to {table}: {err}"),
	HeadMoved:      i18n.T("HEAD moved from {was} to {now} since pickup read this pipeline; nothing was restored. Run pickup again to see the plan for the current state."),
	PlanChanged:    i18n.T("the plan now restores checkpoint {short} ({reason}), not the one you were shown; nothing was restored. Run pickup again."),
	CannotResume:   i18n.T("{path}: this pipeline cannot be resumed: {why}"),
	NoPlan:         "it has no plan",

	EmptyManifest: EmptyManifest,
	NoValidEntry:  i18n.Plural("no valid entry in {n} line", "no valid entry in {n} lines"),
	NoManifest:    i18n.T("no dispatch manifest found for pipeline {sid} (looked in {looked})"),
	LargerOther:   i18n.T("{other} is larger than the manifest used ({size} bytes against {used}): it may hold entries written after the durable copy; `pickup plan {other}` shows it"),
	BadLine:       i18n.T("{name} line {line} skipped: {reason}"),
	Truncated:     "; a truncated last line is normal after a crash",
	MoreBad:       i18n.Plural("{name}: {n} more bad line skipped (lines {lines})", "{name}: {n} more bad lines skipped (lines {lines})"),
	UnknownStatus: i18n.T("{name}: statuses crucible does not write: {list}; such dispatches count as unfinished"),
	FromSeqBad:    i18n.T("--from-seq {v} is not a positive whole number: ignored"),
	Ignored:       i18n.T("{err}: ignored"),
	OtherProject:  i18n.T("the working directory {wd} is not the project this pipeline ran in (its scratch hash is {hash}): commits, the branch and checkpoints are looked up for {wd}"),
	ManyDispatch:  i18n.T("{n} dispatch directories in {dir}: the newest manifest ({newest}) is used"),
	SkipWhy: SkipSays{
		TooLong: "longer than 1 MiB", NotObject: "not a JSON object", NoSeq: "no seq",
		NoStatus:  "no status (read as dispatched)",
		Truncated: "truncated (the writer stopped in the middle of it)",
	},
	JSONReason:      "not valid JSON: ",
	SeqNotWhole:     i18n.T("seq {v} is not a whole number"),
	ShadowAbsent:    i18n.T("no shadow checkpoint repository at {dir}"),
	ShadowNoTable:   i18n.T("{table} is absent: checkpoints come from the shadow repository's git log"),
	ShadowLogUnread: i18n.T("the shadow repository's git log could not be read: {err}"),
	NotFound:        i18n.T("no interrupted crucible pipeline for {root}: there is no {marker} in {scratch} (crucible writes it at pipeline start, deletes it on success and leaves it after a crash)"),
}

// t is the loader's words: its run's language, else English.
func (l *Loader) t() *Text { return Catalogs.For(l.opts.Lang) }

// t is the pipeline's words (its loader's language), else English.
func (p *pipeline) t() *Text {
	if p.tx != nil {
		return p.tx
	}
	return &english
}

// t is the evidence's words, else English.
func (ev *evidence) t() *Text {
	if ev != nil && ev.tx != nil {
		return ev.tx
	}
	return &english
}

// phase is pickup's label for a phase key: "Phase 3"; a key that
// already says phase as written; no key NoPhase.
func (t *Text) phase(key string) string {
	if key == "" {
		return t.NoPhase
	}
	if strings.HasPrefix(strings.ToLower(key), "phase") {
		return key
	}
	return t.PhaseKey.F(key)
}

// ago is how long ago, without the word ago: "20 minutes".
func (t *Text) ago(d time.Duration) string { return i18n.UnitsIn(i18n.Lang(t.Lang)).Elapsed(d) }

// counted is "2 completed" ("2 concluídos"); a status with no count of
// its own (the word for in flight, one crucible does not define) is
// said as written.
func (t *Text) counted(n int, status string) string {
	if p, ok := t.Counted[status]; ok {
		return p.N(n)
	}
	return strconv.Itoa(n) + " " + status
}

// headline is the session's headline of a kind (hl*).
func (t *Text) headline(kind, ago string) string {
	m, ok := t.Headlines[kind]
	if !ok {
		m = t.Headlines[hlStopped]
	}
	return m.F(ago)
}

// boundaryOf is "Phase 3 boundary", with the checkpoint reason when
// there is one.
func (t *Text) boundaryOf(phase, reason string) string {
	if reason != "" {
		return t.BoundaryReason.F(phase, reason)
	}
	return t.ResumeBoundary.F(phase)
}

// reEnded is why a dispatch that ended is redone: its status, and its
// summary when it has one.
func (t *Text) reEnded(status, summary string) string {
	if summary != "" {
		return t.ReEnded.F(status, summary)
	}
	return t.ReEndedBare.F(status)
}

// rePartial is the note on the partial commits in a redone dispatch's
// window: they stay, or the restore puts their files back.
func (t *Text) rePartial(n int, restore bool) string {
	if restore {
		return t.RePartialRestore.N(n)
	}
	return t.RePartialStay.N(n)
}

// crashWhat is what the crashed dispatch did, by its status.
func (t *Text) crashWhat(status string) string {
	if w, ok := t.CrashWhat[status]; ok {
		return w
	}
	return t.CrashStatus.F(status)
}

// crashContext is the crashed dispatch: its seq, role, file, task (when
// it has one) and what it did.
func (t *Text) crashContext(seq int, role, file, task, what string) string {
	if task != "" {
		return t.CrashContextTask.F(seq, role, file, task, what)
	}
	return t.CrashContext.F(seq, role, file, what)
}

// unchecked is the warning of the dispatches before the resume point
// whose evidence could not be checked: named, and more not named.
func (t *Text) unchecked(n int, named string, more int) string {
	m := ""
	if more > 0 {
		m = t.UncheckedMore.F(more)
	}
	return t.Unchecked.N(n, named, m)
}

// mentioning is the commits' match by task number, noting a dispatch
// with no start time.
func (t *Text) mentioning(task string, noStart bool) string {
	s := t.Mentioning.F(task)
	if noStart {
		s += t.NoStartTime
	}
	return s
}

// redispatch is the next step of re-dispatching seq, with its task when
// it has one.
func (c *CSBText) redispatch(seq int, role, task, phase string) string {
	if task != "" {
		return c.RedispatchTask.F(seq, role, task, phase)
	}
	return c.Redispatch.F(seq, role, phase)
}

// startFresh is RESTART's outcome: the pipeline (named by its skill)
// starts again, its files archived when they were.
func (t *Text) startFresh(skill string, archived bool) string {
	out := t.StartFresh
	if skill != "" {
		out = t.StartFreshSkill.F(skill)
	}
	if archived {
		out += t.StartArchived
	}
	return out
}

// badLine is a skipped manifest line, noting that a truncated last line
// is normal after a crash.
func (t *Text) badLine(name string, line int, reason string, truncated bool) string {
	msg := t.BadLine.F(name, line, reason)
	if truncated {
		msg += t.Truncated
	}
	return msg
}

// SkipSays are the reasons a manifest line is skipped, by BadWhy.
type SkipSays struct {
	TooLong, NotObject, Truncated, NoSeq, NoStatus string
}

// badReason is a skipped manifest line's reason in t's language.
func (t *Text) badReason(b BadLine) string {
	switch b.Why {
	case BadTooLong:
		return t.SkipWhy.TooLong
	case BadNotObject:
		return t.SkipWhy.NotObject
	case BadTruncated:
		return t.SkipWhy.Truncated
	case BadNoSeq:
		return t.SkipWhy.NoSeq
	case BadNoStatus:
		return t.SkipWhy.NoStatus
	case BadSeq:
		return t.SeqNotWhole.F(strconv.Quote(b.Arg))
	case BadJSON:
		return t.JSONReason + t.jsonWords(b.json)
	}
	return b.Reason
}

// shadowNote is an error of the shadow repository in t's language: one
// pickup words (shadowFault) in t's words, git's own as git says it.
func (t *Text) shadowNote(err error) string {
	var f *shadowFault
	if errors.As(err, &f) {
		return t.shadowSay(f)
	}
	return err.Error()
}

// shadowSay is f in t's language.
func (t *Text) shadowSay(f *shadowFault) string {
	switch f.code {
	case shadowAbsent:
		return t.ShadowAbsent.F(f.arg)
	case shadowNoProject:
		return t.ProjectNotDir.F(f.arg)
	case shadowNoTable:
		return t.ShadowNoTable.F(f.arg)
	case shadowLogUnread:
		return t.ShadowLogUnread.F(f.arg)
	}
	return f.arg
}
