package crucible

import (
	"fmt"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
)

// Says is every other sentence the loader builds: the session's
// headline, hints, warnings and outcomes, the REVIEW sections, the rows'
// reasons, the compression-state block, Apply's results and the
// problems of a file that cannot be read. Values read from the files
// (phase names, statuses, roles, summaries, checkpoint reasons) are
// passed in and stay as written.
type Says struct {
	// Phase is pickup's label for a phase key the manifest records ("3"):
	// "Phase 3". A key that already says phase is shown as written.
	Phase   func(key string) string
	NoPhase string
	// Ago is how long ago, without the word ago: "20 minutes".
	Ago      func(d time.Duration) string
	InFlight string // the dispatched status as the dashboard says it
	// Counted is a count of dispatches of one final status, in the
	// dashboard's counts ("2 completed"; pt-BR "2 concluídos").
	Counted func(n int, status string) string
	NoRole  string
	NoFile  string
	Through func(from, to string) string // "Phase 1 through Phase 3"

	// The session.
	PipelineTitle    func(skill, sid string) string
	DispatchManifest func(name string) string
	HandoffWord      string
	NoDispatch       string
	DiscardHint      string
	HistoryOnly      string
	MayBeRunning     func(ago string) string
	AllFinishedWhy   string
	DetachedHead     string
	ContinueWhy      string
	RestartWhy       string
	RefusedHint      func(ran, current string) string
	RestoreHint      func(reason, phase string) string
	StayingHint      func(n int) string
	EndHint          string
	UnverifiedHint   string
	AsIsHint         func(phase string) string
	NotARepo         func(project, branch string) string
	RestartHint      string
	RestartHintBare  string
	Headline         func(kind string, ago string) string
	ResumeNone       string
	ResumeBoundary   func(phase string) string
	ResumeCheckpoint func(reason, short string) string
	ResumeNoRestore  string
	RequestedWith    func(flags string) string
	FirstIncomplete  string
	MovedBack        func(n int) string
	RestoresCP       func(reason, short string) string
	OutcomeEnd       func(title string, next int) string
	OutcomeAsIs      func(title, phase string, n, next int) string
	OutcomeRestore   func(reason, title, phase string, n, next int) string
	OutcomeRestored  func(restored, title, phase string, n, next int) string

	// The spec's questions and refusals.
	BranchMismatch  func(markerBranch, current string) string
	RestoreQuestion func(reason, timestamp, branch, staying string) string
	StayingFiles    func(reason string, n int, names string, more int) string

	// REVIEW.
	Verification, Timeline, Handoffs, Checkpoints, Files string
	StatusSection                                        func(name string) string
	Marker, Manifest, Scratch, ShadowRepo                string
	VerifiedCounts                                       func(n, commits, reviews, gates, trusted int) string
	Failed, CannotCheck                                  string
	Invisible                                            string
	Earlier                                              func(n int) string
	ReplayedAs, ReplayOf                                 func(seq int) string
	MutationWord                                         string
	NoCheckpoints                                        func(err string) string
	OlderCPs                                             func(n int) string
	NoTime, CommitGone, RestoreTarget, NoCheckpoint      string

	// The plan's reasons and warnings.
	StatusNotComplete func(status string) string
	SeqWhy            func(seq int, role, evidence string) string
	AndMoreIn         func(n int, phase string) string
	MarkerSays        func(phase string) string
	Exists            func(file string) string
	CPTaken           func(reason string) string
	ImpliedWarn       func(phase, why string) string
	NothingToRestore  string
	NoRestoreFlag     string
	NoCPIn            func(reason string) string
	CPGone            func(reason, short string) string
	CPPredates        func(reason, short string) string
	StartsPipeline    func(phase string) string
	NorEarlier        func(why string) string
	NoReason          func(phase string) string
	FromPhaseNone     func(phase string) string
	FromSeqIgnored    string
	FromSeqNone       func(seq int) string
	Earlier2          func(requested, auto, span string) string
	NothingLeft       string
	EndOfPipeline     string
	BoundaryOf        func(phase, reason string) string
	RowReplayed       func(seq int, status string) string
	RowSkipped        string
	RowRecorded       string
	NotVerified       string
	Verified          string
	ReReplayed        func(seq int, status string) string
	ReInFlight        string
	ReEnded           func(status, summary string) string
	ReUnknown         func(status string) string
	ReNotVerified     func(status, why string) string
	ReAtPoint         func(status string) string
	ReAfter           func(status string) string
	ReReplayOf        func(seq int, why string) string
	RePartial         func(n int, restore bool) string
	CrashWhat         func(status string) string
	CrashContext      func(seq int, role, file, task, what string) string
	CrashImplied      func(why string) string
	CrashAfter        func(seq int) string
	MutateMissing     func(orig, repl string) string
	MutateUnused      func(orig, base string) string
	TemplateNewer     func(name string) string
	EndWithMarker     string
	MovedBackWarn     func(from, to, why string) string
	NoRestoreWarn     func(why string) string
	NoVerified        string
	Unchecked         func(n int, named string, more int) string

	// Evidence.
	GateRound      string
	Trusted        func(role string) string
	CompletionLine string
	ReviewOnly     string
	OutputFile     func(name string) string
	Receipt        func(v, ledger string) string
	Findings       func(list string) string
	AndN           func(n int) string
	CannotCommits  func(err string) string
	NoCommit       func(how string) string
	Commits        func(n int, how, first string) string
	OneCommit      func(hash, how string) string
	InWindow       func(from, to string) string
	Mentioning     func(task string, noStart bool) string
	Sharing        func(words string) string
	SharingTried   func(words string) string
	Nor            string
	NothingToMatch string
	NotRepo        string

	// The compression-state block (the agent's prompt).
	CSB CSBText

	// Apply, DISCARD and RESTART.
	Discard        func(items []string) string
	DiscardNothing string
	NotMoved       func(dir, why string) string
	TheMarker      func(path string) string
	HandoffFiles   func(n int, names string) string
	TheManifest    func(path string) string
	TheFolder      func(path string) string
	StartFresh     func(skill string, archived bool) string
	RestoredMsg    func(reason string, files int, safety, short, stays string) string
	SafetyNotAdded func(table, err string) string
	HeadMoved      func(was, now string) string
	PlanChanged    func(short, reason string) string
	CannotResume   func(path, why string) string
	NoPlan         string

	// Loading.
	EmptyManifest string
	NoValidEntry  func(lines int) string
	NoManifest    func(sid, looked string) string
	LargerOther   func(other string, size, used int64) string
	BadLine       func(name string, line int, reason string, truncated bool) string
	MoreBad       func(name string, n int, lines string) string
	UnknownStatus func(name, list string) string
	FromSeqBad    func(v string) string
	Ignored       func(err string) string
	OtherProject  func(wd, hash string) string
	ManyDispatch  func(n int, dir, newest string) string
	NotFound      func(root, marker, scratch string) string
	// BadReasons are a skipped manifest line's fixed reasons (manifest.go),
	// by their English words; JSONReason leads a JSON error's.
	BadReasons  map[string]string
	JSONReason  string
	SeqNotWhole func(v string) string
	// ShadowNotes are the shadow repository's notes and errors
	// (shadow.go), by their English lead.
	ShadowNotes map[string]string
}

// CSBText is the compression-state block's words: its delimiters stay,
// its labels and fixed lines follow the language.
type CSBText struct {
	Goal, Skill, Phase, Health, Progress, Decisions, Constraints, Modified, ScratchState, Location, Recovery, Next string
	NoGoal, NoPhase, NonePhase, NoDecision, SeeGitLog                                                              string
	Completed                                                                                                      func(from, to string) string
	FromCheckpoint                                                                                                 func(reason string) string
	AfterLast                                                                                                      string
	FromBoundary                                                                                                   func(phase string) string
	VerifiedThrough                                                                                                func(key string) string
	NoneVerified                                                                                                   string
	MoreFiles                                                                                                      func(n int) string
	Redispatch                                                                                                     func(seq int, role, task, phase string) string
	StartPhase                                                                                                     func(phase string) string
	Cleanup                                                                                                        string
	Append                                                                                                         func(next int) string
}

func enPhase(key string) string {
	if key == "" {
		return "(no phase)"
	}
	if strings.HasPrefix(strings.ToLower(key), "phase") {
		return key
	}
	return "Phase " + key
}

func ptPhase(key string) string {
	if key == "" {
		return "(sem fase)"
	}
	if strings.HasPrefix(strings.ToLower(key), "phase") {
		return key
	}
	return "Fase " + key
}

// ptAgo is model.Elapsed in Portuguese.
func ptAgo(d time.Duration) string { return i18n.UnitsIn(i18n.PortugueseBR).Elapsed(d) }

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
	Phase:    enPhase,
	NoPhase:  "(no phase)",
	Ago:      model.Elapsed,
	InFlight: "in flight",
	Counted:  func(n int, status string) string { return fmt.Sprintf("%d %s", n, status) },
	NoRole:   "no role",
	NoFile:   "no file",
	Through:  func(from, to string) string { return from + " through " + to },

	PipelineTitle:    func(skill, sid string) string { return strings.TrimSpace(skill + " pipeline " + sid) },
	DispatchManifest: func(name string) string { return "the dispatch manifest (" + name + ")" },
	HandoffWord:      "handoff",
	NoDispatch:       "no dispatch recorded",
	DiscardHint:      "archive the marker and dispatch directory (renamed, not deleted)",
	HistoryOnly:      "this pipeline's marker is gone: it finished or was set aside (history only)",
	MayBeRunning: func(ago string) string {
		return "The pipeline wrote its files " + ago + " ago: it may still be running. Resuming it now could run it twice."
	},
	AllFinishedWhy: "every recorded dispatch finished",
	DetachedHead:   "(a detached HEAD)",
	ContinueWhy:    "it resumes at a verified phase boundary",
	RestartWhy:     "there is no verified boundary to resume from",
	RefusedHint: func(ran, current string) string {
		return "refused: the pipeline ran on " + ran + ", you are on " + current
	},
	RestoreHint:    func(reason, phase string) string { return "restore checkpoint " + reason + ", then resume at " + phase },
	StayingHint:    func(n int) string { return " (" + i18n.Count(n, "file", "files") + " created since stay)" },
	EndHint:        "nothing to re-execute: hand the pipeline back for its last steps",
	UnverifiedHint: "resume with current disk state (no verified boundary)",
	AsIsHint:       func(phase string) string { return "resume at " + phase + " with the working directory as it is" },
	NotARepo: func(project, branch string) string {
		return fmt.Sprintf("%s is not a git repository: the branch guard (pipeline branch %s) cannot be checked", project, branch)
	},
	RestartHint:     "start the pipeline fresh (its marker and stale handoffs are archived, the manifest kept)",
	RestartHintBare: "start the pipeline fresh",
	Headline: func(kind, ago string) string {
		switch kind {
		case hlHistory:
			return "This crucible pipeline finished or was set aside: it is kept as history."
		case hlProblem:
			return "This crucible pipeline's files cannot be read as they are."
		case hlEndLive:
			return "This crucible pipeline may still be running: every recorded dispatch finished " + ago + " ago, and its cleanup has not run."
		case hlEnd:
			return "This crucible pipeline was interrupted before its cleanup: every recorded dispatch finished."
		case hlRecent:
			return "This crucible pipeline may still be running: it wrote its files " + ago + " ago (crucible records no pause)."
		}
		return "This crucible pipeline was interrupted (crucible records no pause)."
	},
	ResumeNone:       "none: every recorded dispatch finished",
	ResumeBoundary:   func(phase string) string { return phase + " boundary" },
	ResumeCheckpoint: func(reason, short string) string { return " (" + reason + ", checkpoint " + short + ")" },
	ResumeNoRestore:  " (no checkpoint restore)",
	RequestedWith:    func(flags string) string { return "requested with " + flags },
	FirstIncomplete:  "first incomplete phase",
	MovedBack:        func(n int) string { return "moved back " + i18n.Count(n, "time", "times") + " by verification" },
	RestoresCP:       func(reason, short string) string { return "restores checkpoint " + reason + " (" + short + ")" },
	OutcomeEnd: func(title string, next int) string {
		return fmt.Sprintf("Every recorded dispatch of %s finished: hand it back for its last steps; new manifest entries start at seq %d.", title, next)
	},
	OutcomeAsIs: func(title, phase string, n, next int) string {
		return fmt.Sprintf("With the working directory as it is, resume %s at %s: re-execute %s; new manifest entries start at seq %d.", title, phase, i18n.Count(n, "dispatch", "dispatches"), next)
	},
	OutcomeRestore: func(reason, title, phase string, n, next int) string {
		return fmt.Sprintf("Restore checkpoint %s, then resume %s at %s: re-execute %s; new manifest entries start at seq %d.", reason, title, phase, i18n.Count(n, "dispatch", "dispatches"), next)
	},
	OutcomeRestored: func(restored, title, phase string, n, next int) string {
		return fmt.Sprintf("%s Resume %s at %s: re-execute %s; new manifest entries start at seq %d.", restored, title, phase, i18n.Count(n, "dispatch", "dispatches"), next)
	},

	BranchMismatch: func(markerBranch, current string) string {
		return "Pipeline was running on branch " + markerBranch + " but you are on " + current + ". Switch to " + markerBranch +
			" before resuming — restoring a checkpoint from a different branch would contaminate your working directory."
	},
	RestoreQuestion: func(reason, timestamp, branch, staying string) string {
		q := "About to restore working directory to checkpoint " + reason + " (taken at " + timestamp + ", branch " + branch +
			"). This will reset uncommitted changes."
		if staying != "" {
			q += " " + staying
		}
		return q + " Proceed? [yes / no]"
	},
	StayingFiles: func(reason string, n int, names string, more int) string {
		these := fmt.Sprintf("These %d files were", n)
		stay := "stay"
		if n == 1 {
			these, stay = "This file was", "stays"
		}
		if more > 0 {
			names += fmt.Sprintf(" and %d more", more)
		}
		return these + " created after checkpoint " + reason + " and " + stay + " (the restore deletes nothing): " + names + "."
	},

	Verification: "Verification", Timeline: "Dispatch timeline", Handoffs: "Handoff manifests", Checkpoints: "Checkpoints", Files: "Files",
	StatusSection: func(name string) string { return "Pipeline status (" + name + ")" },
	Marker:        "Marker", Manifest: "Manifest", Scratch: "Scratch", ShadowRepo: "Shadow repository",
	VerifiedCounts: func(n, commits, reviews, gates, trusted int) string {
		return fmt.Sprintf("%s before the resume point verified: %d by commits, %d reviews on their completion line, %d quality-gate rounds (nothing to check), %d on their completion line only",
			i18n.Count(n, "dispatch", "dispatches"), commits, reviews, gates, trusted)
	},
	Failed: "Failed", CannotCheck: "Cannot check",
	Invisible: "Phases are judged on the dispatches recorded: one that crashed before its first manifest line is invisible, so a phase can look complete when it is not.",
	Earlier: func(n int) string {
		return fmt.Sprintf("… %s not shown (`pickup plan` lists them all)", i18n.Count(n, "earlier dispatch", "earlier dispatches"))
	},
	ReplayedAs:    func(seq int) string { return fmt.Sprintf("replayed as #%d", seq) },
	ReplayOf:      func(seq int) string { return fmt.Sprintf("replay of #%d", seq) },
	MutationWord:  "mutation",
	NoCheckpoints: func(err string) string { return "No checkpoints: " + err },
	OlderCPs:      func(n int) string { return fmt.Sprintf("… and %d older", n) },
	NoTime:        "(no time)", CommitGone: "(commit gone)", RestoreTarget: "(restore target)",
	NoCheckpoint: "The shadow repository holds no checkpoint.",

	StatusNotComplete: func(status string) string { return "status " + status + ": not complete" },
	SeqWhy:            func(seq int, role, evidence string) string { return fmt.Sprintf("seq %d (%s) %s", seq, role, evidence) },
	AndMoreIn:         func(n int, phase string) string { return fmt.Sprintf(" (and %d more in %s)", n, phase) },
	MarkerSays:        func(phase string) string { return "the .pipeline-active marker says phase " + phase },
	Exists:            func(file string) string { return file + " exists" },
	CPTaken:           func(reason string) string { return "checkpoint " + reason + " was taken" },
	ImpliedWarn: func(phase, why string) string {
		return fmt.Sprintf("%s has no dispatch in the manifest, but %s: the pipeline reached it. A dispatch that crashed before its first manifest line was written is invisible, so the phase starts fresh.", phase, why)
	},
	NothingToRestore: "every recorded dispatch finished: there is nothing to restore",
	NoRestoreFlag:    "--no-restore: the working directory is used as it is",
	NoCPIn:           func(reason string) string { return "no checkpoint " + reason + " in the shadow repository" },
	CPGone: func(reason, short string) string {
		return "checkpoint " + reason + " (" + short + ") is listed but its commit is gone (evicted or pruned)"
	},
	CPPredates: func(reason, short string) string {
		return "checkpoint " + reason + " (" + short + ") predates this pipeline's start"
	},
	StartsPipeline: func(phase string) string { return phase + " starts the pipeline: no checkpoint comes before it" },
	NorEarlier: func(why string) string {
		return why + " (nor for an earlier boundary): the working directory is used as it is"
	},
	NoReason: func(phase string) string {
		return "no checkpoint reason is defined for " + phase + ": the working directory is used as it is"
	},
	FromPhaseNone: func(phase string) string {
		return fmt.Sprintf("--from-phase %s: the manifest records no phase %s or later; the automatic resume point is used", phase, phase)
	},
	FromSeqIgnored: "--from-seq is ignored: --from-phase was given too",
	FromSeqNone: func(seq int) string {
		return fmt.Sprintf("--from-seq %d: the manifest has no seq %d; the automatic resume point is used", seq, seq)
	},
	Earlier2: func(requested, auto, span string) string {
		return fmt.Sprintf("%s is earlier than the automatic resume point (%s): verified work in %s will be redone", requested, auto, span)
	},
	NothingLeft:   "nothing left",
	EndOfPipeline: "the end of the pipeline",
	BoundaryOf: func(phase, reason string) string {
		if reason != "" {
			return phase + " boundary (" + reason + ")"
		}
		return phase + " boundary"
	},
	RowReplayed: func(seq int, status string) string { return fmt.Sprintf("replayed as seq %d (%s)", seq, status) },
	RowSkipped:  "skipped by the pipeline: nothing to verify",
	RowRecorded: "recorded as replayed",
	NotVerified: "not verified: ",
	Verified:    "verified: ",
	ReReplayed: func(seq int, status string) string {
		return fmt.Sprintf("replayed as seq %d, which is %s", seq, status)
	},
	ReInFlight: "in flight at the crash (no completion line)",
	ReEnded: func(status, summary string) string {
		if summary != "" {
			return "ended " + status + ": " + summary
		}
		return "ended " + status
	},
	ReUnknown: func(status string) string {
		return fmt.Sprintf("status %q is not one crucible writes: redone to be safe", status)
	},
	ReNotVerified: func(status, why string) string {
		return status + ", but not verified (" + why + "): its phase is redone from its boundary"
	},
	ReAtPoint: func(status string) string {
		return status + ", but its phase is the resume point: the phase is redone from its boundary"
	},
	ReAfter:    func(status string) string { return status + ", but after the resume point: redone" },
	ReReplayOf: func(seq int, why string) string { return fmt.Sprintf("replay of seq %d; %s", seq, why) },
	RePartial: func(n int, restore bool) string {
		if restore {
			return fmt.Sprintf("; %s in its window: the restore puts back the checkpoint's version of the files they changed, and files they created stay", i18n.Count(n, "partial commit", "partial commits"))
		}
		return fmt.Sprintf("; %s in its window stay (no checkpoint restore)", i18n.Count(n, "partial commit", "partial commits"))
	},
	CrashWhat: func(status string) string {
		switch status {
		case StatusFailed:
			return "failed"
		case StatusError:
			return "ended with an error"
		case StatusDispatched:
			return "was in flight"
		}
		return "has status " + status
	},
	CrashContext: func(seq int, role, file, task, what string) string {
		if task != "" {
			task = ", task " + task
		}
		return fmt.Sprintf("seq %d %s (%s%s) %s", seq, role, file, task, what)
	},
	CrashImplied: func(why string) string { return "no dispatch recorded (" + why + ")" },
	CrashAfter:   func(seq int) string { return fmt.Sprintf("after seq %d (every recorded dispatch finished)", seq) },
	MutateMissing: func(orig, repl string) string {
		return fmt.Sprintf("--mutate %s=%s: the replacement template %s does not exist", orig, repl, repl)
	},
	MutateUnused: func(orig, base string) string {
		return fmt.Sprintf("--mutate %s: no re-executed dispatch uses the template %s", orig, base)
	},
	TemplateNewer: func(name string) string {
		return "Warning: Template " + name + " was modified after the original pipeline run. A/B comparison may be confounded by template changes unrelated to the mutation."
	},
	EndWithMarker: "Every recorded dispatch finished, yet the .pipeline-active marker is still there: the pipeline stopped before its cleanup. A dispatch that crashed before its first manifest line was written would not show; check pipeline-status.md before trusting that nothing is left.",
	MovedBackWarn: func(from, to, why string) string {
		return "Resume point moved back from " + from + " to " + to + ": " + why
	},
	NoRestoreWarn: func(why string) string { return "No checkpoint restore: " + why },
	NoVerified:    "No verified phase boundary: resume with the current disk state (CONTINUE) or start fresh (RESTART).",
	Unchecked: func(n int, named string, more int) string {
		m := ""
		if more > 0 {
			m = fmt.Sprintf("; and %d more", more)
		}
		return fmt.Sprintf("%s before the resume point could not be checked (%s%s): the resume point stands on their completion lines.",
			i18n.Count(n, "dispatch", "dispatches"), named, m)
	},

	GateRound:      "quality-gate round: conversation output only, nothing to check",
	Trusted:        func(role string) string { return "completion line only (no artifact rule for role " + role + ")" },
	CompletionLine: "completion line",
	ReviewOnly:     "completion line only: reviewers return their findings in the conversation (no receipt or findings file on disk)",
	OutputFile:     func(name string) string { return "output file " + name },
	Receipt:        func(v, ledger string) string { return "receipt " + v + " in " + ledger },
	Findings:       func(list string) string { return "quality-gate findings on disk (" + list + ")" },
	AndN:           func(n int) string { return fmt.Sprintf("and %d more", n) },
	CannotCommits:  func(err string) string { return "cannot check its commits: " + err },
	NoCommit:       func(how string) string { return "no commit " + how + ": the manifest says completed but may be stale" },
	Commits: func(n int, how, first string) string {
		return fmt.Sprintf("%d commits %s (first %s)", n, how, first)
	},
	OneCommit: func(hash, how string) string { return "commit " + hash + " " + how },
	InWindow:  func(from, to string) string { return "in its window " + from + "–" + to },
	Mentioning: func(task string, noStart bool) string {
		s := "mentioning task " + task + " since the pipeline start"
		if noStart {
			s += " (no start time recorded for the dispatch)"
		}
		return s
	},
	Sharing: func(words string) string {
		return "sharing the words " + words + " of its task since the pipeline start"
	},
	SharingTried:   func(words string) string { return "sharing words of its task (" + words + ")" },
	Nor:            ", nor ",
	NothingToMatch: "no start time recorded (no timestamp on the line, no dispatch file header), no task number and no words of its task to match commits against",
	NotRepo:        "the project is not a git repository",

	CSB: CSBText{
		Goal: "Goal", Skill: "Skill", Phase: "Phase", Health: "Health: GREEN (reset on resume)", Progress: "Progress",
		Decisions: "Key Decisions (prior session)", Constraints: "Active Constraints", Modified: "Files Modified",
		ScratchState: "Scratch State", Location: "Location", Recovery: "Recovery: pipeline-status.md, handoff manifests, manifest.jsonl", Next: "Next Steps",
		NoGoal:     "(not recorded in a handoff manifest or pipeline-status.md)",
		NoPhase:    "- No phase completed in prior session",
		NonePhase:  "none (every recorded dispatch finished)",
		NoDecision: "- (none recorded)",
		SeeGitLog:  "- see git log",
		Completed: func(from, to string) string {
			return "- Phases " + from + " through " + to + " completed in prior session"
		},
		FromCheckpoint: func(reason string) string { return "- Resuming from " + reason + " via replay" },
		AfterLast:      "- Resuming after the last recorded dispatch via replay",
		FromBoundary: func(phase string) string {
			return "- Resuming from the " + phase + " boundary via replay (no checkpoint restored)"
		},
		VerifiedThrough: func(key string) string { return "- Replay session -- prior work verified through Phase " + key },
		NoneVerified:    "- Replay session -- no prior phase verified",
		MoreFiles:       func(n int) string { return fmt.Sprintf("- … and %d more (see git log)", n) },
		Redispatch: func(seq int, role, task, phase string) string {
			if task != "" {
				task = ", task " + task
			}
			return fmt.Sprintf("Re-dispatch seq %d (%s%s) for %s", seq, role, task, phase)
		},
		StartPhase: func(phase string) string { return "Start " + phase + " from its boundary" },
		Cleanup:    "Confirm nothing is left, then run the pipeline's cleanup",
		Append: func(next int) string {
			return fmt.Sprintf("Append new dispatches to manifest.jsonl from seq %d with replay_of and replay_session set", next)
		},
	},

	Discard: func(items []string) string {
		return "Archive this pipeline? Each of these is renamed with a .discarded.<timestamp> suffix; nothing is deleted: " + strings.Join(items, ", ") + "."
	},
	DiscardNothing: "Archive this pipeline? There is nothing of it pickup may move.",
	NotMoved:       func(dir, why string) string { return " Not moved: " + dir + " (" + why + ")." },
	TheMarker:      func(path string) string { return "the marker " + path },
	HandoffFiles: func(n int, names string) string {
		return fmt.Sprintf("%s (%s)", i18n.Count(n, "handoff file", "handoff files"), names)
	},
	TheManifest: func(path string) string { return "the manifest " + path },
	TheFolder:   func(path string) string { return "the folder " + path },
	StartFresh: func(skill string, archived bool) string {
		s := "the pipeline"
		if skill != "" {
			s = "the " + skill + " pipeline"
		}
		out := "Start " + s + " fresh from phase 1"
		if archived {
			out += "; its marker and stale handoff files were archived, and the old manifest stays as history"
		}
		return out
	},
	RestoredMsg: func(reason string, files int, safety, short, stays string) string {
		return fmt.Sprintf("Restored checkpoint %s (%s); the %s checkpoint %s taken first keeps the previous state, and pickup undo puts it back.%s",
			reason, i18n.Count(files, "file", "files"), safety, short, stays)
	},
	SafetyNotAdded: func(table, err string) string {
		return "the safety checkpoint was taken but not added to " + table + ": " + err
	},
	HeadMoved: func(was, now string) string {
		return fmt.Sprintf("HEAD moved from %s to %s since pickup read this pipeline; nothing was restored. Run pickup again to see the plan for the current state.", was, now)
	},
	PlanChanged: func(short, reason string) string {
		return fmt.Sprintf("the plan now restores checkpoint %s (%s), not the one you were shown; nothing was restored. Run pickup again.", short, reason)
	},
	CannotResume: func(path, why string) string {
		return fmt.Sprintf("%s: this pipeline cannot be resumed: %s", path, why)
	},
	NoPlan: "it has no plan",

	EmptyManifest: EmptyManifest,
	NoValidEntry:  func(lines int) string { return "no valid entry in " + i18n.Count(lines, "line", "lines") },
	NoManifest: func(sid, looked string) string {
		return "no dispatch manifest found for pipeline " + sid + " (looked in " + looked + ")"
	},
	LargerOther: func(other string, size, used int64) string {
		return fmt.Sprintf("%s is larger than the manifest used (%d bytes against %d): it may hold entries written after the durable copy; `pickup plan %s` shows it", other, size, used, other)
	},
	BadLine: func(name string, line int, reason string, truncated bool) string {
		msg := fmt.Sprintf("%s line %d skipped: %s", name, line, reason)
		if truncated {
			msg += "; a truncated last line is normal after a crash"
		}
		return msg
	},
	MoreBad: func(name string, n int, lines string) string {
		return fmt.Sprintf("%s: %s skipped (lines %s)", name, i18n.Count(n, "more bad line", "more bad lines"), lines)
	},
	UnknownStatus: func(name, list string) string {
		return name + ": statuses crucible does not write: " + list + "; such dispatches count as unfinished"
	},
	FromSeqBad: func(v string) string { return fmt.Sprintf("--from-seq %q is not a positive whole number: ignored", v) },
	Ignored:    func(err string) string { return err + ": ignored" },
	OtherProject: func(wd, hash string) string {
		return fmt.Sprintf("the working directory %s is not the project this pipeline ran in (its scratch hash is %s): commits, the branch and checkpoints are looked up for %s", wd, hash, wd)
	},
	ManyDispatch: func(n int, dir, newest string) string {
		return fmt.Sprintf("%d dispatch directories in %s: the newest manifest (%s) is used", n, dir, newest)
	},
	BadReasons: map[string]string{
		"longer than 1 MiB": "longer than 1 MiB", "not a JSON object": "not a JSON object", "no seq": "no seq",
		"no status (read as dispatched)":                     "no status (read as dispatched)",
		"truncated (the writer stopped in the middle of it)": "truncated (the writer stopped in the middle of it)",
	},
	JSONReason:  "not valid JSON: ",
	SeqNotWhole: func(v string) string { return fmt.Sprintf("seq %q is not a whole number", v) },
	ShadowNotes: map[string]string{
		"no shadow checkpoint repository at ":                               "no shadow checkpoint repository at ",
		" is absent: checkpoints come from the shadow repository's git log": " is absent: checkpoints come from the shadow repository's git log",
		"the shadow repository's git log could not be read: ":               "the shadow repository's git log could not be read: ",
	},
	NotFound: func(root, marker, scratch string) string {
		return fmt.Sprintf("no interrupted crucible pipeline for %s: there is no %s in %s (crucible writes it at pipeline start, deletes it on success and leaves it after a crash)", root, marker, scratch)
	},
}

// ptCount is i18n.Count with the Portuguese word for 1 and for 0 or many.
func ptCount(n int, one, many string) string { return i18n.Count(n, one, many) }

var portugueseSays = Says{
	Phase:    ptPhase,
	NoPhase:  "(sem fase)",
	Ago:      ptAgo,
	InFlight: "em andamento",
	Counted:  ptCounted,
	NoRole:   "sem papel",
	NoFile:   "sem arquivo",
	Through:  func(from, to string) string { return from + " a " + to },

	PipelineTitle:    func(skill, sid string) string { return strings.TrimSpace("pipeline " + skill + " " + sid) },
	DispatchManifest: func(name string) string { return "o manifesto de despachos (" + name + ")" },
	HandoffWord:      "passagem",
	NoDispatch:       "nenhum despacho registrado",
	DiscardHint:      "arquivar o marcador e a pasta de despachos (renomeados, não apagados)",
	HistoryOnly:      "o marcador deste pipeline não existe mais: ele terminou ou foi deixado de lado (só histórico)",
	MayBeRunning: func(ago string) string {
		return "O pipeline gravou seus arquivos há " + ago + ": ele pode estar rodando ainda. Retomar agora pode rodá-lo duas vezes."
	},
	AllFinishedWhy: "todo despacho registrado terminou",
	DetachedHead:   "(um HEAD destacado)",
	ContinueWhy:    "retoma numa fronteira de fase verificada",
	RestartWhy:     "não há fronteira verificada de onde retomar",
	RefusedHint: func(ran, current string) string {
		return "recusado: o pipeline rodou em " + ran + ", você está em " + current
	},
	RestoreHint: func(reason, phase string) string {
		return "restaurar o checkpoint " + reason + " e retomar na " + phase
	},
	StayingHint: func(n int) string {
		return " (" + ptCount(n, "arquivo criado desde então fica", "arquivos criados desde então ficam") + ")"
	},
	EndHint:        "nada a executar de novo: devolva o pipeline para os últimos passos",
	UnverifiedHint: "retomar com o estado atual do disco (nenhuma fronteira verificada)",
	AsIsHint:       func(phase string) string { return "retomar na " + phase + " com o diretório de trabalho como está" },
	NotARepo: func(project, branch string) string {
		return fmt.Sprintf("%s não é um repositório git: a proteção de branch (branch do pipeline %s) não pode ser verificada", project, branch)
	},
	RestartHint:     "recomeçar o pipeline do zero (o marcador e as passagens antigas são arquivados, o manifesto fica)",
	RestartHintBare: "recomeçar o pipeline do zero",
	Headline: func(kind, ago string) string {
		switch kind {
		case hlHistory:
			return "Este pipeline do crucible terminou ou foi deixado de lado: fica guardado como histórico."
		case hlProblem:
			return "Os arquivos deste pipeline do crucible não podem ser lidos como estão."
		case hlEndLive:
			return "Este pipeline do crucible pode estar rodando ainda: todo despacho registrado terminou há " + ago + ", e a limpeza final não rodou."
		case hlEnd:
			return "Este pipeline do crucible foi interrompido antes da limpeza final: todo despacho registrado terminou."
		case hlRecent:
			return "Este pipeline do crucible pode estar rodando ainda: gravou seus arquivos há " + ago + " (o crucible não registra pausas)."
		}
		return "Este pipeline do crucible foi interrompido (o crucible não registra pausas)."
	},
	ResumeNone:       "nenhum: todo despacho registrado terminou",
	ResumeBoundary:   func(phase string) string { return "fronteira da " + phase },
	ResumeCheckpoint: func(reason, short string) string { return " (" + reason + ", checkpoint " + short + ")" },
	ResumeNoRestore:  " (sem restaurar checkpoint)",
	RequestedWith:    func(flags string) string { return "pedido com " + flags },
	FirstIncomplete:  "primeira fase incompleta",
	MovedBack:        func(n int) string { return "recuou " + ptCount(n, "vez", "vezes") + " pela verificação" },
	RestoresCP:       func(reason, short string) string { return "restaura o checkpoint " + reason + " (" + short + ")" },
	OutcomeEnd: func(title string, next int) string {
		return fmt.Sprintf("Todo despacho registrado de %s terminou: devolva-o para os últimos passos; novas entradas do manifesto começam no seq %d.", title, next)
	},
	OutcomeAsIs: func(title, phase string, n, next int) string {
		return fmt.Sprintf("Com o diretório de trabalho como está, retomar %s na %s: executar de novo %s; novas entradas do manifesto começam no seq %d.", title, phase, ptCount(n, "despacho", "despachos"), next)
	},
	OutcomeRestore: func(reason, title, phase string, n, next int) string {
		return fmt.Sprintf("Restaurar o checkpoint %s e retomar %s na %s: executar de novo %s; novas entradas do manifesto começam no seq %d.", reason, title, phase, ptCount(n, "despacho", "despachos"), next)
	},
	OutcomeRestored: func(restored, title, phase string, n, next int) string {
		return fmt.Sprintf("%s Retomar %s na %s: executar de novo %s; novas entradas do manifesto começam no seq %d.", restored, title, phase, ptCount(n, "despacho", "despachos"), next)
	},

	BranchMismatch: func(markerBranch, current string) string {
		return "O pipeline estava rodando no branch " + markerBranch + ", mas você está em " + current + ". Mude para " + markerBranch +
			" antes de retomar — restaurar um checkpoint de outro branch contaminaria seu diretório de trabalho."
	},
	RestoreQuestion: func(reason, timestamp, branch, staying string) string {
		q := "Prestes a restaurar o diretório de trabalho para o checkpoint " + reason + " (tirado em " + timestamp + ", branch " + branch +
			"). Isso desfaz as mudanças não commitadas."
		if staying != "" {
			q += " " + staying
		}
		return q + " Prosseguir? [sim / não]"
	},
	StayingFiles: func(reason string, n int, names string, more int) string {
		these := fmt.Sprintf("Estes %d arquivos foram criados", n)
		stay := "ficam"
		if n == 1 {
			these, stay = "Este arquivo foi criado", "fica"
		}
		if more > 0 {
			names += fmt.Sprintf(" e mais %d", more)
		}
		return these + " depois do checkpoint " + reason + " e " + stay + " (a restauração não apaga nada): " + names + "."
	},

	Verification: "Verificação", Timeline: "Linha do tempo dos despachos", Handoffs: "Manifestos de passagem", Checkpoints: "Checkpoints", Files: "Arquivos",
	StatusSection: func(name string) string { return "Estado do pipeline (" + name + ")" },
	Marker:        "Marcador", Manifest: "Manifesto", Scratch: "Scratch", ShadowRepo: "Repositório sombra",
	VerifiedCounts: func(n, commits, reviews, gates, trusted int) string {
		return fmt.Sprintf("%s antes do ponto de retomada: %d por commits, %d revisões pela linha de conclusão, %d rodadas de quality-gate (nada a verificar), %d só pela linha de conclusão",
			ptCount(n, "despacho verificado", "despachos verificados"), commits, reviews, gates, trusted)
	},
	Failed: "Falhou", CannotCheck: "Não dá para verificar",
	Invisible: "As fases são julgadas pelos despachos registrados: um que crashou antes da primeira linha no manifesto fica invisível, então uma fase pode parecer completa sem estar.",
	Earlier: func(n int) string {
		return fmt.Sprintf("… %s (`pickup plan` lista todos)", ptCount(n, "despacho anterior não mostrado", "despachos anteriores não mostrados"))
	},
	ReplayedAs:    func(seq int) string { return fmt.Sprintf("refeito como #%d", seq) },
	ReplayOf:      func(seq int) string { return fmt.Sprintf("replay do #%d", seq) },
	MutationWord:  "mutação",
	NoCheckpoints: func(err string) string { return "Nenhum checkpoint: " + err },
	OlderCPs:      func(n int) string { return fmt.Sprintf("… e mais %d anteriores", n) },
	NoTime:        "(sem horário)", CommitGone: "(commit sumiu)", RestoreTarget: "(alvo da restauração)",
	NoCheckpoint: "O repositório sombra não tem nenhum checkpoint.",

	StatusNotComplete: func(status string) string { return "status " + status + ": não completo" },
	SeqWhy:            func(seq int, role, evidence string) string { return fmt.Sprintf("seq %d (%s) %s", seq, role, evidence) },
	AndMoreIn:         func(n int, phase string) string { return fmt.Sprintf(" (e mais %d na %s)", n, phase) },
	MarkerSays:        func(phase string) string { return "o marcador .pipeline-active diz fase " + phase },
	Exists:            func(file string) string { return file + " existe" },
	CPTaken:           func(reason string) string { return "o checkpoint " + reason + " foi tirado" },
	ImpliedWarn: func(phase, why string) string {
		return fmt.Sprintf("%s não tem despacho no manifesto, mas %s: o pipeline chegou nela. Um despacho que crashou antes de gravar a primeira linha no manifesto fica invisível, então a fase começa do zero.", phase, why)
	},
	NothingToRestore: "todo despacho registrado terminou: não há nada a restaurar",
	NoRestoreFlag:    "--no-restore: o diretório de trabalho é usado como está",
	NoCPIn:           func(reason string) string { return "nenhum checkpoint " + reason + " no repositório sombra" },
	CPGone: func(reason, short string) string {
		return "o checkpoint " + reason + " (" + short + ") está listado, mas o commit dele sumiu (descartado ou podado)"
	},
	CPPredates: func(reason, short string) string {
		return "o checkpoint " + reason + " (" + short + ") é anterior ao início deste pipeline"
	},
	StartsPipeline: func(phase string) string { return "a " + phase + " abre o pipeline: nenhum checkpoint vem antes dela" },
	NorEarlier: func(why string) string {
		return why + " (nem para uma fronteira anterior): o diretório de trabalho é usado como está"
	},
	NoReason: func(phase string) string {
		return "nenhum motivo de checkpoint é definido para a " + phase + ": o diretório de trabalho é usado como está"
	},
	FromPhaseNone: func(phase string) string {
		return fmt.Sprintf("--from-phase %s: o manifesto não registra a fase %s nem posterior; vale o ponto de retomada automático", phase, phase)
	},
	FromSeqIgnored: "--from-seq é ignorado: --from-phase também foi dado",
	FromSeqNone: func(seq int) string {
		return fmt.Sprintf("--from-seq %d: o manifesto não tem o seq %d; vale o ponto de retomada automático", seq, seq)
	},
	Earlier2: func(requested, auto, span string) string {
		return fmt.Sprintf("%s é anterior ao ponto de retomada automático (%s): o trabalho verificado em %s será refeito", requested, auto, span)
	},
	NothingLeft:   "nada restante",
	EndOfPipeline: "o fim do pipeline",
	BoundaryOf: func(phase, reason string) string {
		if reason != "" {
			return "fronteira da " + phase + " (" + reason + ")"
		}
		return "fronteira da " + phase
	},
	RowReplayed: func(seq int, status string) string { return fmt.Sprintf("refeito como seq %d (%s)", seq, status) },
	RowSkipped:  "pulado pelo pipeline: nada a verificar",
	RowRecorded: "registrado como refeito",
	NotVerified: "não verificado: ",
	Verified:    "verificado: ",
	ReReplayed: func(seq int, status string) string {
		return fmt.Sprintf("refeito como seq %d, que está %s", seq, status)
	},
	ReInFlight: "em andamento no crash (sem linha de conclusão)",
	ReEnded: func(status, summary string) string {
		if summary != "" {
			return "terminou " + status + ": " + summary
		}
		return "terminou " + status
	},
	ReUnknown: func(status string) string {
		return fmt.Sprintf("o status %q não é um que o crucible grava: refeito por segurança", status)
	},
	ReNotVerified: func(status, why string) string {
		return status + ", mas não verificado (" + why + "): a fase é refeita desde a fronteira"
	},
	ReAtPoint: func(status string) string {
		return status + ", mas a fase dele é o ponto de retomada: a fase é refeita desde a fronteira"
	},
	ReAfter:    func(status string) string { return status + ", mas depois do ponto de retomada: refeito" },
	ReReplayOf: func(seq int, why string) string { return fmt.Sprintf("replay do seq %d; %s", seq, why) },
	RePartial: func(n int, restore bool) string {
		if restore {
			return fmt.Sprintf("; %s na janela dele: a restauração devolve a versão do checkpoint dos arquivos alterados, e os arquivos criados ficam", ptCount(n, "commit parcial", "commits parciais"))
		}
		return fmt.Sprintf("; %s na janela dele ficam (sem restaurar checkpoint)", ptCount(n, "commit parcial", "commits parciais"))
	},
	CrashWhat: func(status string) string {
		switch status {
		case StatusFailed:
			return "falhou"
		case StatusError:
			return "terminou com erro"
		case StatusDispatched:
			return "estava em andamento"
		}
		return "tem status " + status
	},
	CrashContext: func(seq int, role, file, task, what string) string {
		if task != "" {
			task = ", tarefa " + task
		}
		return fmt.Sprintf("seq %d %s (%s%s) %s", seq, role, file, task, what)
	},
	CrashImplied: func(why string) string { return "nenhum despacho registrado (" + why + ")" },
	CrashAfter:   func(seq int) string { return fmt.Sprintf("depois do seq %d (todo despacho registrado terminou)", seq) },
	MutateMissing: func(orig, repl string) string {
		return fmt.Sprintf("--mutate %s=%s: o template substituto %s não existe", orig, repl, repl)
	},
	MutateUnused: func(orig, base string) string {
		return fmt.Sprintf("--mutate %s: nenhum despacho executado de novo usa o template %s", orig, base)
	},
	TemplateNewer: func(name string) string {
		return "Aviso: o template " + name + " foi modificado depois da execução original do pipeline. A comparação A/B pode ser confundida por mudanças no template sem relação com a mutação."
	},
	EndWithMarker: "Todo despacho registrado terminou, mas o marcador .pipeline-active continua lá: o pipeline parou antes da limpeza final. Um despacho que crashou antes de gravar a primeira linha no manifesto não apareceria; confira o pipeline-status.md antes de confiar que nada ficou pendente.",
	MovedBackWarn: func(from, to, why string) string {
		return "O ponto de retomada recuou da " + from + " para a " + to + ": " + why
	},
	NoRestoreWarn: func(why string) string { return "Sem restaurar checkpoint: " + why },
	NoVerified:    "Nenhuma fronteira de fase verificada: retome com o estado atual do disco (CONTINUE) ou recomece do zero (RESTART).",
	Unchecked: func(n int, named string, more int) string {
		m := ""
		if more > 0 {
			m = fmt.Sprintf("; e mais %d", more)
		}
		return fmt.Sprintf("%s antes do ponto de retomada não %s ser verificados (%s%s): o ponto de retomada se apoia nas linhas de conclusão deles.",
			ptCount(n, "despacho", "despachos"), map[bool]string{true: "pôde", false: "puderam"}[n == 1], named, m)
	},

	GateRound: "rodada de quality-gate: saída só na conversa, nada a verificar",
	Trusted: func(role string) string {
		return "só a linha de conclusão (nenhuma regra de artefato para o papel " + role + ")"
	},
	CompletionLine: "linha de conclusão",
	ReviewOnly:     "só a linha de conclusão: os revisores devolvem seus achados na conversa (nenhum recibo ou arquivo de achados no disco)",
	OutputFile:     func(name string) string { return "arquivo de saída " + name },
	Receipt:        func(v, ledger string) string { return "recibo " + v + " em " + ledger },
	Findings:       func(list string) string { return "achados do quality-gate no disco (" + list + ")" },
	AndN:           func(n int) string { return fmt.Sprintf("e mais %d", n) },
	CannotCommits:  func(err string) string { return "não dá para verificar os commits dele: " + err },
	NoCommit: func(how string) string {
		return "nenhum commit " + how + ": o manifesto diz completed, mas pode estar desatualizado"
	},
	Commits: func(n int, how, first string) string {
		return fmt.Sprintf("%d commits %s (o primeiro é %s)", n, how, first)
	},
	OneCommit: func(hash, how string) string { return "commit " + hash + " " + how },
	InWindow:  func(from, to string) string { return "na janela dele, " + from + "–" + to },
	Mentioning: func(task string, noStart bool) string {
		s := "citando a tarefa " + task + " desde o início do pipeline"
		if noStart {
			s += " (nenhum horário de início registrado para o despacho)"
		}
		return s
	},
	Sharing: func(words string) string {
		return "com as palavras " + words + " da tarefa dele, desde o início do pipeline"
	},
	SharingTried:   func(words string) string { return "com palavras da tarefa dele (" + words + ")" },
	Nor:            ", nem ",
	NothingToMatch: "nenhum horário de início registrado (nenhum timestamp na linha, nenhum cabeçalho de arquivo de despacho), nenhum número de tarefa e nenhuma palavra da tarefa para comparar com os commits",
	NotRepo:        "o projeto não é um repositório git",

	CSB: CSBText{
		Goal: "Objetivo", Skill: "Skill", Phase: "Fase", Health: "Saúde: GREEN (zerada na retomada)", Progress: "Progresso",
		Decisions: "Decisões-chave (sessão anterior)", Constraints: "Restrições ativas", Modified: "Arquivos modificados",
		ScratchState: "Estado do scratch", Location: "Local", Recovery: "Recuperação: pipeline-status.md, manifestos de passagem, manifest.jsonl", Next: "Próximos passos",
		NoGoal:     "(não registrado num manifesto de passagem nem no pipeline-status.md)",
		NoPhase:    "- Nenhuma fase completada na sessão anterior",
		NonePhase:  "nenhuma (todo despacho registrado terminou)",
		NoDecision: "- (nenhuma registrada)",
		SeeGitLog:  "- veja o git log",
		Completed: func(from, to string) string {
			return "- Fases " + from + " a " + to + " completadas na sessão anterior"
		},
		FromCheckpoint: func(reason string) string { return "- Retomando de " + reason + " via replay" },
		AfterLast:      "- Retomando depois do último despacho registrado via replay",
		FromBoundary: func(phase string) string {
			return "- Retomando da fronteira da " + phase + " via replay (nenhum checkpoint restaurado)"
		},
		VerifiedThrough: func(key string) string {
			return "- Sessão de replay -- trabalho anterior verificado até a Fase " + key
		},
		NoneVerified: "- Sessão de replay -- nenhuma fase anterior verificada",
		MoreFiles:    func(n int) string { return fmt.Sprintf("- … e mais %d (veja o git log)", n) },
		Redispatch: func(seq int, role, task, phase string) string {
			if task != "" {
				task = ", tarefa " + task
			}
			return fmt.Sprintf("Despachar de novo o seq %d (%s%s) na %s", seq, role, task, phase)
		},
		StartPhase: func(phase string) string { return "Começar a " + phase + " desde a fronteira" },
		Cleanup:    "Confirmar que nada ficou pendente e rodar a limpeza final do pipeline",
		Append: func(next int) string {
			return fmt.Sprintf("Acrescentar novos despachos ao manifest.jsonl a partir do seq %d com replay_of e replay_session preenchidos", next)
		},
	},

	Discard: func(items []string) string {
		return "Arquivar este pipeline? Cada item abaixo é renomeado com o sufixo .discarded.<timestamp>; nada é apagado: " + strings.Join(items, ", ") + "."
	},
	DiscardNothing: "Arquivar este pipeline? Não há nada dele que o pickup possa mover.",
	NotMoved:       func(dir, why string) string { return " Não movido: " + dir + " (" + why + ")." },
	TheMarker:      func(path string) string { return "o marcador " + path },
	HandoffFiles: func(n int, names string) string {
		return fmt.Sprintf("%s (%s)", ptCount(n, "arquivo de passagem", "arquivos de passagem"), names)
	},
	TheManifest: func(path string) string { return "o manifesto " + path },
	TheFolder:   func(path string) string { return "a pasta " + path },
	StartFresh: func(skill string, archived bool) string {
		s := "o pipeline"
		if skill != "" {
			s = "o pipeline " + skill
		}
		out := "Recomeçar " + s + " do zero, desde a fase 1"
		if archived {
			out += "; o marcador e os arquivos de passagem antigos foram arquivados, e o manifesto antigo fica como histórico"
		}
		return out
	},
	RestoredMsg: func(reason string, files int, safety, short, stays string) string {
		return fmt.Sprintf("Checkpoint %s restaurado (%s); o checkpoint %s %s, tirado antes, guarda o estado anterior, e pickup undo o devolve.%s",
			reason, ptCount(files, "arquivo", "arquivos"), safety, short, stays)
	},
	SafetyNotAdded: func(table, err string) string {
		return "o checkpoint de segurança foi tirado, mas não entrou em " + table + ": " + err
	},
	HeadMoved: func(was, now string) string {
		return fmt.Sprintf("O HEAD mudou de %s para %s desde que o pickup leu este pipeline; nada foi restaurado. Rode o pickup de novo para ver o plano do estado atual.", was, now)
	},
	PlanChanged: func(short, reason string) string {
		return fmt.Sprintf("o plano agora restaura o checkpoint %s (%s), não o que foi mostrado; nada foi restaurado. Rode o pickup de novo.", short, reason)
	},
	CannotResume: func(path, why string) string {
		return fmt.Sprintf("%s: este pipeline não pode ser retomado: %s", path, why)
	},
	NoPlan: "ele não tem plano",

	EmptyManifest: "O manifesto está vazio ou todo corrompido. Não dá para retomar.",
	NoValidEntry:  func(lines int) string { return "nenhuma entrada válida em " + ptCount(lines, "linha", "linhas") },
	NoManifest: func(sid, looked string) string {
		return "nenhum manifesto de despachos encontrado para o pipeline " + sid + " (procurado em " + looked + ")"
	},
	LargerOther: func(other string, size, used int64) string {
		return fmt.Sprintf("%s é maior que o manifesto usado (%d bytes contra %d): pode ter entradas gravadas depois da cópia durável; `pickup plan %s` mostra", other, size, used, other)
	},
	BadLine: func(name string, line int, reason string, truncated bool) string {
		msg := fmt.Sprintf("%s linha %d pulada: %s", name, line, reason)
		if truncated {
			msg += "; uma última linha truncada é normal depois de um crash"
		}
		return msg
	},
	MoreBad: func(name string, n int, lines string) string {
		return fmt.Sprintf("%s: mais %s (linhas %s)", name, ptCount(n, "linha inválida pulada", "linhas inválidas puladas"), lines)
	},
	UnknownStatus: func(name, list string) string {
		return name + ": status que o crucible não grava: " + list + "; esses despachos contam como não terminados"
	},
	FromSeqBad: func(v string) string {
		return fmt.Sprintf("--from-seq %q não é um número inteiro positivo: ignorado", v)
	},
	Ignored: func(err string) string { return err + ": ignorado" },
	OtherProject: func(wd, hash string) string {
		return fmt.Sprintf("o diretório de trabalho %s não é o projeto onde este pipeline rodou (o hash do scratch dele é %s): commits, branch e checkpoints são buscados em %s", wd, hash, wd)
	},
	ManyDispatch: func(n int, dir, newest string) string {
		return fmt.Sprintf("%d pastas de despacho em %s: vale o manifesto mais novo (%s)", n, dir, newest)
	},
	BadReasons: map[string]string{
		"longer than 1 MiB":              "mais longa que 1 MiB",
		"not a JSON object":              "não é um objeto JSON",
		"no seq":                         "sem seq",
		"no status (read as dispatched)": "sem status (lida como dispatched)",
		"truncated (the writer stopped in the middle of it)": "truncada (quem gravava parou no meio dela)",
	},
	JSONReason:  "JSON inválido: ",
	SeqNotWhole: func(v string) string { return fmt.Sprintf("seq %q não é um número inteiro", v) },
	ShadowNotes: map[string]string{
		"no shadow checkpoint repository at ":                               "nenhum repositório sombra de checkpoints em ",
		" is absent: checkpoints come from the shadow repository's git log": " não existe: os checkpoints vêm do git log do repositório sombra",
		"the shadow repository's git log could not be read: ":               "o git log do repositório sombra não pôde ser lido: ",
	},
	NotFound: func(root, marker, scratch string) string {
		return fmt.Sprintf("nenhum pipeline do crucible interrompido em %s: não há %s em %s (o crucible o grava no início do pipeline, apaga ao terminar bem e deixa depois de um crash)", root, marker, scratch)
	},
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

// badReason is a skipped manifest line's reason (manifest.go's English
// words) in t's language.
func (t *Text) badReason(r string) string {
	if w, ok := t.BadReasons[r]; ok {
		return w
	}
	if rest, ok := strings.CutPrefix(r, "not valid JSON: "); ok {
		// Go's own error text stays; its " at byte N" follows the language.
		if i := strings.LastIndex(rest, " at byte "); i >= 0 && t.JSONReason != english.JSONReason {
			rest = rest[:i] + " (byte " + rest[i+len(" at byte "):] + ")"
		}
		return t.JSONReason + rest
	}
	var v string
	if _, err := fmt.Sscanf(r, "seq %q is not a whole number", &v); err == nil {
		return t.SeqNotWhole(v)
	}
	return r
}

// shadowNote is a note or error of the shadow repository (shadow.go's
// English words) in t's language.
func (t *Text) shadowNote(n string) string {
	if rest, ok := strings.CutPrefix(n, "project "); ok && strings.HasSuffix(rest, " is not a directory") {
		return t.ProjectNotDir(strings.TrimSuffix(rest, " is not a directory"))
	}
	for en, w := range t.ShadowNotes {
		if strings.Contains(n, en) {
			return strings.Replace(n, en, w, 1)
		}
	}
	return n
}

// ptStatus are crucible's final statuses in pt-BR, singular and plural
// (a dispatch: masculine).
var ptStatus = map[string][2]string{
	StatusCompleted: {"concluído", "concluídos"},
	StatusSkipped:   {"pulado", "pulados"},
	StatusReplayed:  {"refeito", "refeitos"},
	StatusFailed:    {"com falha", "com falha"},
	StatusError:     {"com erro", "com erro"},
}

// ptCounted is "2 concluídos", "1 em andamento"; a status crucible
// does not define stays as written.
func ptCounted(n int, status string) string {
	if w, ok := ptStatus[status]; ok {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, w[0])
		}
		return fmt.Sprintf("%d %s", n, w[1])
	}
	return fmt.Sprintf("%d %s", n, status)
}
