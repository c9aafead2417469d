package bookforge

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Text is every sentence the bookforge loader builds (the choices'
// words, the dashboard's sections, the grid's legend and reasons, the
// plan, the agent prompt, warnings, the integrity problem, Apply's
// errors), in each language pickup speaks. Scene ids, phase names,
// verdict words (SKIP, RERUN, BLOCKED…), file and field names, flags,
// command lines and values read from the book's files stay as written.
type Text struct {
	// Words.
	Units                                                 i18n.Units // a wait's words
	And, Or                                               string
	None, NoHash, Missing, NoHashRecorded, NoPreStatePath string
	AtUnknownTime                                         string

	// bookforge.go.
	NotFound func(project, hist, pause string) string
	NotABook func(path string) string

	// The session: title, alerts, warnings, headlines, phases, facts.
	Archived        string
	RerunFromBad    func(value, phases string) string
	NotAPhase       func(value, phases string) string // a --rerun-from cmd refuses
	BookTitle       func(id string) string
	TitledBook      func(title, id string) string
	ResetArchive    func(name string) string
	QuotaWait       func(at, wait string) string
	StaleAlert      func(file, cause, created, why string) string
	NoState         func(file, dir string) string
	StateUnreadable func(file string) string
	FromLedgers     func(why string) string
	HeadComplete    string
	HeadReady       func(scene string) string
	HeadStopped     func(latest string) string
	PhApplyAgain    string
	PhSkip          string
	PhBlocked       string
	PhRerun         string
	PhIfLintFails   string
	GridNote        string
	RetryAtIn       func(at, wait string) string
	SafeSince       func(at string) string
	PausedAt        func(chapter, scene int, phase string) string
	CursorValue     func(id string, chapter, scene int, status, file string) string
	CursorFresh     func(id, status, file string) string
	SceneValue      func(id string, chapter, scene int) string
	FlagsValue      func(args string) string
	BlockedMore     func(n int) string

	// The choices.
	ContinueWhy       string
	ContinueComplete  string
	HintAllDone       string
	HintReady         func(scene, command string) string
	HintApplyAgain    func(scene, phase string) string
	HintFromFirst     func(scene, phase string) string
	HintSkipping      func(scene, phase string, n int) string
	HintWait          func(wait string) string
	WriteRecordPrompt func(scene, phase string) string
	WriteMoveEntries  func(n int, scene string) string
	WriteAuditNote    string
	ConfirmWrites     func(writes string) string
	WhatLedgers       string
	WhatBoth          string
	WhatMarker        string
	OutDiscard        func(what, book, reset string) string
	RestartFinishHint func(at string) string
	OutRestartFinish  func(book, at, command string) string
	RestartNoScene    func(reset string) string
	RestartNothing    func(scene string) string
	RestartHint       func(moves, scene string) string
	OutRestart        func(moves, book, scene, command string) string
	ReviewHint        string
	DiscardHint       func(what, reset string) string
	MoveLedgerOf      func(scene string) string
	MovePauseMarker   string

	// The integrity problem (CONTINUE stops on it, exit 6).
	ProbTemplateChanged func(scene, phase string) string
	ProbFile            func(file, recorded, now string) string
	ProbSet             func(set string) string
	ProbTemplateMissing func(scene, phase string) string
	ProbPreState        func(scene, phase string) string
	ProbEdited          func(scene, phase string) string
	ProbPromptFlag      func(phase string) string
	ProbForceFlag       func(hist, phase string) string
	ProbOthers          func(n int) string

	// The agent prompt (`--emit prompt`).
	PromptTitle   func(book string) string
	PromptResume  func(scene, phase, reason string) string
	PromptWait    func(text string) string
	PromptRun     string
	PromptWrites  string
	PromptStopped string
	PromptStale   string
	PromptByPhase func(scene string) string
	PromptOutputs string
	PromptLedger  func(hist, dir string) string

	// The dashboard's sections and the grid.
	GridTitle, GridTitlePlain, Why, SecWrites string
	SecPause, SecStale                        func(file string) string
	LegSkip, LegRerun, LegBlocked, LegMaybe   string
	LegNone                                   string
	ColRepair                                 string
	PhasesLine                                func(legend string) string
	NoScenes                                  string
	AllSkip                                   func(scene string) string
	CommittedLine                             func(scene string) string
	NothingWritten                            string

	// `pickup plan`.
	PlanTitle       func(book, dir string) string
	PlanFlags       func(flags string) string
	PlanCursor      func(id, status, file string, committed int) string
	PlanNoCursor    string
	PlanLint        func(off bool, why string) string
	PlanResumeWhy   func(reason string) string
	PlanResumeAt    func(scene, phase string) string
	PlanCommand     func(command string) string
	PlanStale       func(file string) string
	PlanNoLedger    string
	PlanResumeHere  string
	PlanCommitted   string
	PlanAfterCursor string
	PlanBlocked     func(n int) string
	PlanWrites      string
	PlanNote        func(note string) string

	// The pause marker.
	PauseUnreadable func(file, err string) string
	PauseNotObject  func(file, kind string) string
	PauseBadCreated func(file, raw string) string
	CauseIn         func(phase string) string
	CauseHTTP       func(code int, where string) string
	CauseQuota      func(where string) string
	CauseReason     func(code, where string) string
	CausePause      func(where string) string
	LineStale       func(why string) string
	LineScene       func(chapter, scene int) string
	LineQuota       func(code int, phase, where, scene string) string
	LineReason      func(code, phase, where, scene string) string
	LinePaused      func(phase, where, scene string) string
	LineMessage     func(m string) string
	LineQuotaOf     func(metric string) string
	LineQuotaID     func(id string) string
	NoViolations    string
	LineDetail      func(d string) string
	LinePausedAt    func(at string) string
	NoRetry         string
	RetryUnknown    func(after string) string
	RetryWait       func(after, at, wait string) string
	RetrySafe       func(after, at string) string

	// Decide: notes, reasons, writes.
	StaleCutShort        func(choice, at string) string
	NoteAhead            func(scene, cursor string) string
	NoteRerunAllFrom     func(from string) string
	NoteRerunRepair      string
	NoteNoScene          string
	NoteSceneExists      func(file, scene string) string
	ReasonComplete       func(n int) string
	ReasonNoLedger       string
	ReasonAllDone        func(n int) string
	WritePromptText      func(scene, phase, ledger string) string
	WriteAuditText       func(n int) string
	NoteForceNothing     string
	NoteReasonAlone      string
	WhyReruns            func(phase string) string
	WhoResume, WhoLater  string
	ArchiveText          func(moved, scene, why, ledger, archive, who, reads string) string
	CommittedExists      func(file string) string
	BeforeCursorNoFile   func(file string) string
	HistoryCell          func(what string) string
	HistSuccess          string
	HistStatus           func(status string) string
	HistAt               func(at string) string
	ReportFailCommitted  string
	ReportSays           func(status string) string
	NoRepairEntry        string
	NoLintEntry          string
	NoEntryHistory       string
	LintOffCell          func(why string) string
	RerunAllCell         string
	RerunFromCell        func(from string) string
	EntryMoves           string
	RepairBroken         func(why string) string
	NotCommittedCursor   string
	NotCommittedNotYet   string
	PausedHere           func(cause string) string
	PlanCardReuse        func(card, ledger string) string
	LintReportUnreadable func(path, err string) string
	Cascade              func(phase string, blocked bool) string
	UpstreamWhat         func(at, prev, next, reason string) string
	UpstreamRerun        func(what string) string
	UpstreamForced       func(what, reason string) string
	RepairLintOff        string
	RepairMaybe          string
	RepairEarlier        string
	RepairLintFail       func(path string) string
	RepairPassed         func(path, status string) string
	RepairNoStatus       func(path string) string
	RepairAfter          string
	DurableAgain         func(what string) string
	DurableReused        func(again, reason string) string
	CommittedNoEntry     func(file string) string
	NotCommittedFile     func(file string) string
	NoEntryPaused        func(cause string) string
	NoEntry              func(phase string) string
	NoStatus             string
	BadStatus            func(status string) string
	ArtifactNotRecorded  func(keys string) string
	ArtifactUnreadable   func(path, err string) string
	ArtifactMissing      func(path string) string
	NeedsReason          string
	PreStateNoPath       string
	PreStateMissing      func(path, recorded string) string
	PreStateChanged      func(old, now, path string) string
	ArtifactChanged      func(path, old, now string) string
	UseForce             string
	AndMore              func(n int) string
	SuccessAt            func(at string) string
	RecordedSuccess      string
	Present              func(keys string) string
	HashesMatch          string
	PromptAccepted       func(prev, next, reason, files, why string) string
	PromptEarlier        func(prev, next, reason, why string) string
	ForcedBy             func(texts, why string) string
	TemplateMissingText  func(file, recorded string) string
	TemplateChangedText  func(file, old, now string) string
	TemplateAccept       func(phase string) string
	WithOthers           func(others string) string
	FolderNotFile        string

	// state.json, lint reports, lint mode, stale markers, cut-short writes.
	StateBad        func(file, err string) string
	StateNotObject  func(file, kind string) string
	ReportNotObject func(kind string) string
	LintOffEnv      func(env string) string
	LintEnvIs       func(env, mode string) string
	LintUnknownMode func(env, raw string) string
	LintOffHistory  func(n int, env string) string
	LintDefault     string
	StaleComplete   string
	StaleBehind     func(scene, cursor string) string
	StaleLater      func(where, at, created string) string
	CutShort        func(choice, at, from, moved, file string) string

	// Ledgers and the book's scan.
	FolderLikeLedger func(path, scene string) string
	SecondLedger     func(path, scene string) string
	BookIDMismatch   func(file, id, name string) string
	ArtifactGone     func(scene, phase, key, path string) string
	PromptHashNoSet  func(scene, phase string) string
	LedgerBad        func(err, scene string) string
	LedgerNotObject  func(kind, scene string) string
	KeyRepeated      func(key string, line int) string
	SceneIDMismatch  func(id string) string
	NoPhases         func(scene string) string
	PhasesNotObject  func(kind, scene string) string
	NotPipelinePhase func(key string) string
	PhaseNotObject   func(key, kind string) string
	PhasesBoth       func(a, b, phase string) string

	// JSON: kinds of value, syntax errors (by their English words).
	KindObject, KindArray, KindString, KindNumber, KindBool string
	JSONError                                               func(line int, msg string) string
	Syntax                                                  map[string]string

	// Apply's errors.
	NothingWasWritten func(what string) string
	NoPlan            string
	NoReadableLedger  func(hist, scene string) string
	NoSceneRestart    func(dir string) string
	NothingMoved      func(dir, scene string) string
	NothingToArchive  func(dir string) string
	UnknownChoice     func(choice string) string
	NotLedgerOrPause  func(path string) string
	Project           func(path string) string
	// NothingMoreWritten ends an error met halfway through CONTINUE's
	// writes; Entry names a ledger entry before the error.
	NothingMoreWritten string
	Entry              func(key string) string
	EntryGone          func(file, key string) string
	CannotRemove       func(key string) string
	CannotDropRepeats  func(key string) string
	BuildingJSON       string
	LayingOutJSON      string
	// LedgerMovedAlready and MovedAlready follow a RESTART's or a
	// DISCARD's error once part of it was moved.
	LedgerMovedAlready func(scene, to string) string
	MovedAlready       func(from, to string) string

	// The outline: its pipeline session, the write gate, the scene total
	// (text_outline.go).
	Outline OutlineText
}

// Catalogs are the loader's sentences by language (Options.Lang).
var Catalogs = i18n.Catalogs[Text]{i18n.English: &english, i18n.PortugueseBR: &portuguese}

// textOr is t, or English when t is nil (a value built without a
// loader: tests, Decide on a hand-made Input).
func textOr(t *Text) *Text {
	if t != nil {
		return t
	}
	return &english
}

// tx is the loader's catalog: its run's language, else English.
func (l Loader) tx() *Text { return Catalogs.For(l.opts.Lang) }

// span renders a wait in words as model.Span does, in the catalog's
// language: "6 minutes", "1 minute 30 seconds".
func (t *Text) span(d time.Duration) string {
	return t.Units.Span(d)
}

// short abbreviates a hash for reasons, as git does.
func (t *Text) short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	if h == "" {
		return t.NoHash
	}
	return h
}

// jsonErr is a JSON error in the catalog's words.
func (t *Text) jsonErr(err error) string {
	var je *jsonError
	if !errors.As(err, &je) {
		return err.Error()
	}
	msg := je.Msg
	if say, ok := t.Syntax[je.say]; ok {
		msg = say
		if strings.Contains(say, "%s") {
			msg = fmt.Sprintf(say, je.arg)
		}
	}
	return t.JSONError(je.Line, msg)
}

// kindOf names a value's type for warnings.
func (t *Text) kindOf(k string) string {
	switch k {
	case "an object":
		return t.KindObject
	case "an array":
		return t.KindArray
	case "a string":
		return t.KindString
	case "a number":
		return t.KindNumber
	case "a boolean":
		return t.KindBool
	}
	return k
}

// join joins names with commas and the catalog's "and" before the last:
// "a and b".
func (t *Text) and(names []string) string { return strings.Join(names, " "+t.And+" ") }

var english = Text{
	Outline: englishOutline,
	Units:   i18n.UnitsIn(i18n.English),
	And:     "and", Or: "or",
	None: "(none)", NoHash: "none", Missing: "(missing)", NoHashRecorded: "(no hash recorded)", NoPreStatePath: "(no pre_state_path)",
	AtUnknownTime: "at an unknown time",

	NotFound: func(project, hist, pause string) string {
		return fmt.Sprintf("no bookforge book to resume in %s: looked in workspace/books/<book>/ for %s/ch<NNN>_sc<NNN>.json and %s", project, hist, pause)
	},
	NotABook: func(path string) string {
		return fmt.Sprintf("bookforge: %s is not a book's phase_history folder, ledger or pause marker", path)
	},

	Archived: ReasonArchived,
	NotAPhase: func(value, phases string) string {
		return fmt.Sprintf("%q is not a bookforge phase (%s)", value, phases)
	},
	RerunFromBad: func(value, phases string) string {
		return fmt.Sprintf("--rerun-from %q is not a pipeline phase (%s): ignored", value, phases)
	},
	BookTitle:    func(id string) string { return "book " + id },
	TitledBook:   func(title, id string) string { return title + " (book " + id + ")" },
	ResetArchive: func(name string) string { return " — reset archive " + name },
	QuotaWait: func(at, wait string) string {
		return fmt.Sprintf("quota pause: retrying is safe from %s; CONTINUE now will likely hit the quota again: wait %s", at, wait)
	},
	StaleAlert: func(file, cause, created, why string) string {
		return fmt.Sprintf("%s is stale (%s, created %s): %s; it is not why the last run stopped, and bookforge removes it only in `bookforge book reset`", file, cause, created, why)
	},
	NoState:         func(file, dir string) string { return "no " + file + " in " + dir },
	StateUnreadable: func(file string) string { return file + " cannot be read" },
	FromLedgers: func(why string) string {
		return why + ": the resume scene is taken from the ledgers (the first scene not complete); bookforge itself starts at state.json's cursor and cannot run without it"
	},
	HeadComplete: "The book is complete: state.json says COMPLETE.",
	HeadReady:    func(scene string) string { return fmt.Sprintf("The book is ready for the next step, %s.", scene) },
	HeadStopped: func(latest string) string {
		return fmt.Sprintf("The last run stopped after %s, without a pause marker.", latest)
	},
	PhApplyAgain:  "apply again",
	PhSkip:        "skip",
	PhBlocked:     "blocked",
	PhRerun:       "rerun",
	PhIfLintFails: "if lint fails",
	GridNote:      "resume",
	RetryAtIn:     func(at, wait string) string { return fmt.Sprintf("; retry at %s, in %s", at, wait) },
	SafeSince:     func(at string) string { return "; safe to retry since " + at },
	PausedAt: func(chapter, scene int, phase string) string {
		return fmt.Sprintf("chapter %d, scene %d, phase %s", chapter, scene, phase)
	},
	CursorValue: func(id string, chapter, scene int, status, file string) string {
		return fmt.Sprintf("%s (chapter %d, scene %d), status %s, from %s", id, chapter, scene, status, file)
	},
	CursorFresh: func(id, status, file string) string {
		return fmt.Sprintf("%s (a fresh cursor: the first scene), status %s, from %s", id, status, file)
	},
	SceneValue: func(id string, chapter, scene int) string {
		return fmt.Sprintf("%s (chapter %d, scene %d)", id, chapter, scene)
	},
	FlagsValue:  func(args string) string { return args + " (pickup's own; the bookforge command never carries them)" },
	BlockedMore: func(n int) string { return fmt.Sprintf(" (and %d more; see the plan)", n) },

	ContinueWhy:      "no scene waits for a person's decision",
	ContinueComplete: "state.json says the book is COMPLETE: there is nothing to resume",
	HintAllDone:      "every recorded scene is done: run the next scene",
	HintReady:        func(scene, command string) string { return fmt.Sprintf("start %s, the next step: %s", scene, command) },
	HintApplyAgain: func(scene, phase string) string {
		return fmt.Sprintf("resume %s at %s, which applies its recorded output again", scene, phase)
	},
	HintFromFirst: func(scene, phase string) string {
		return fmt.Sprintf("resume %s from its first phase, %s", scene, phase)
	},
	HintSkipping: func(scene, phase string, n int) string {
		return fmt.Sprintf("resume %s at %s, skipping %s already done", scene, phase, i18n.Count(n, "phase", "phases"))
	},
	HintWait:          func(wait string) string { return fmt.Sprintf(" (the quota pause asks to wait %s)", wait) },
	WriteRecordPrompt: func(scene, phase string) string { return "records the prompt change on " + scene + " " + phase },
	WriteMoveEntries: func(n int, scene string) string {
		return fmt.Sprintf("moves %s of %s to an archive", i18n.Count(n, "ledger entry", "ledger entries"), scene)
	},
	WriteAuditNote: "writes a --force-resume audit note",
	ConfirmWrites: func(writes string) string {
		return "Before bookforge runs, CONTINUE " + writes + " (nothing is deleted). Go ahead?"
	},
	WhatLedgers: "the ledgers",
	WhatBoth:    "the ledgers and the pause marker",
	WhatMarker:  "the pause marker",
	OutDiscard: func(what, book, reset string) string {
		return fmt.Sprintf("Archived %s of book %s. bookforge's own fresh start is `%s` (pickup does not run bookforge)", what, book, reset)
	},
	RestartFinishHint: func(at string) string {
		return "finish the RESTART cut short at " + at + ": archive the pause marker"
	},
	OutRestartFinish: func(book, at, command string) string {
		return fmt.Sprintf("Finished the RESTART of book %s cut short at %s: archived the pause marker; the scene it restarted reruns from its first phase: %s", book, at, command)
	},
	RestartNoScene: func(reset string) string {
		return "no scene to restart: every recorded scene is committed (" + reset + " starts the book over)"
	},
	RestartNothing: func(scene string) string {
		return fmt.Sprintf("nothing to restart: %s has no ledger and there is no pause marker; the next run starts it from its first phase anyway", scene)
	},
	RestartHint: func(moves, scene string) string {
		return fmt.Sprintf("archive %s, then rerun %s from its first phase", moves, scene)
	},
	OutRestart: func(moves, book, scene, command string) string {
		return fmt.Sprintf("Archived %s of book %s; %s reruns from its first phase: %s", moves, book, scene, command)
	},
	ReviewHint: "the scene x phase grid, with the reason for every verdict",
	DiscardHint: func(what, reset string) string {
		return "archive " + what + "; bookforge's fresh start is `" + reset + "`"
	},
	MoveLedgerOf:    func(scene string) string { return "the ledger of " + scene },
	MovePauseMarker: "the pause marker",

	ProbTemplateChanged: func(scene, phase string) string {
		return fmt.Sprintf("bookforge: the prompt template of %s %s changed since its output was made.\n", scene, phase)
	},
	ProbFile: func(file, recorded, now string) string {
		return fmt.Sprintf("  file:     %s\n  recorded: %s\n  now:      %s\n", file, recorded, now)
	},
	ProbSet: func(set string) string {
		return fmt.Sprintf("  (prompt_hash covers the template set %s; any of them may have changed)\n", set)
	},
	ProbTemplateMissing: func(scene, phase string) string {
		return fmt.Sprintf("bookforge: a prompt template of %s %s is missing.\n", scene, phase)
	},
	ProbPreState: func(scene, phase string) string {
		return fmt.Sprintf("bookforge: the state %s %s started from has changed (pre_state_hash).\n", scene, phase)
	},
	ProbEdited: func(scene, phase string) string {
		return fmt.Sprintf("bookforge: an output of %s %s was edited after it was recorded.\n", scene, phase)
	},
	ProbPromptFlag: func(phase string) string {
		return fmt.Sprintf("Resume will not reuse outputs made with another prompt. To accept the change, run again with\n"+
			"  --resume-allow-prompt-change --reason \"why the prompt changed\"\n"+
			"(the change is recorded on the ledger entry), or rerun from this phase with --rerun-from %s.", phase)
	},
	ProbForceFlag: func(hist, phase string) string {
		return fmt.Sprintf("Resume will not build on it unchecked. To accept it, run again with --force-resume\n"+
			"(an audit note is written in %s), or rerun from this phase with --rerun-from %s.", hist, phase)
	},
	ProbOthers: func(n int) string { return fmt.Sprintf("\n%d other mismatch(es): `pickup plan` lists them.", n) },

	PromptTitle: func(book string) string { return fmt.Sprintf("# Resume bookforge book %s\n\n", book) },
	PromptResume: func(scene, phase, reason string) string {
		return fmt.Sprintf("Resume scene **%s** at phase **%s**: %s.\n\n", scene, phase, reason)
	},
	PromptWait:    func(text string) string { return fmt.Sprintf("> **Wait first:** %s.\n\n", text) },
	PromptRun:     "Run:",
	PromptWrites:  "Before it, pickup's CONTINUE makes these writes (with --yes):",
	PromptStopped: "## Why the last run stopped",
	PromptStale:   "## A stale pause marker (not why the last run stopped)",
	PromptByPhase: func(scene string) string { return fmt.Sprintf("## %s, phase by phase", scene) },
	PromptOutputs: "## Outputs to load into the next phase",
	PromptLedger:  func(hist, dir string) string { return fmt.Sprintf("Ledger folder: `%s` (book `%s`).\n", hist, dir) },

	GridTitle: "Scenes × phases", GridTitlePlain: "Scenes x phases", Why: "Why", SecWrites: "CONTINUE writes",
	SecPause:   func(file string) string { return "Pause (" + file + ")" },
	SecStale:   func(file string) string { return "Stale pause marker (" + file + ")" },
	LegSkip:    "done/skip",
	LegRerun:   "rerun",
	LegBlocked: "blocked",
	LegMaybe:   "if lint fails",
	LegNone:    "not needed",
	ColRepair:  "repair (if lint fails)",
	PhasesLine: func(legend string) string { return "Phases: " + legend },
	NoScenes:   "(no scene recorded yet)",
	AllSkip: func(scene string) string {
		return fmt.Sprintf("%s: every phase SKIP (recorded success, artifacts present)", scene)
	},
	CommittedLine:  func(scene string) string { return scene + ": committed before the cursor; its ledger is history" },
	NothingWritten: "nothing: the ledger is only read",

	PlanTitle: func(book, dir string) string { return fmt.Sprintf("bookforge resume plan: book %s (%s)", book, dir) },
	PlanFlags: func(flags string) string { return "Flags: " + flags },
	PlanCursor: func(id, status, file string, committed int) string {
		return fmt.Sprintf("Cursor: %s (status %s) from %s; committed before it: %s", id, status, file, i18n.Count(committed, "scene", "scenes"))
	},
	PlanNoCursor: "Cursor: no state.json: the resume scene is the first scene whose ledger is not complete",
	PlanLint: func(off bool, why string) string {
		if off {
			return "Lint: off (" + why + ")"
		}
		return "Lint: on (" + why + ")"
	},
	PlanResumeWhy:   func(reason string) string { return "Resume: " + reason },
	PlanResumeAt:    func(scene, phase string) string { return fmt.Sprintf("Resume: %s at %s", scene, phase) },
	PlanCommand:     func(command string) string { return "Command: " + command },
	PlanStale:       func(file string) string { return "Stale pause marker (" + file + "):" },
	PlanNoLedger:    " (no ledger yet)",
	PlanResumeHere:  "  (resume here)",
	PlanCommitted:   "  (committed)",
	PlanAfterCursor: "  (after the cursor)",
	PlanBlocked:     func(n int) string { return fmt.Sprintf("Blocked (%d): CONTINUE needs an explicit flag", n) },
	PlanWrites:      "CONTINUE writes:",
	PlanNote:        func(note string) string { return "Note: " + note },

	PauseUnreadable: func(file, err string) string {
		return fmt.Sprintf("%s: %s; the pause marker is ignored (DISCARD still archives it)", file, err)
	},
	PauseNotObject: func(file, kind string) string {
		return fmt.Sprintf("%s: the pause marker is %s, not an object; ignored (DISCARD still archives it)", file, kind)
	},
	PauseBadCreated: func(file, raw string) string {
		return fmt.Sprintf("%s: created_at %q is not an ISO 8601 time", file, raw)
	},
	CauseIn:     func(phase string) string { return " in " + phase },
	CauseHTTP:   func(code int, where string) string { return fmt.Sprintf("HTTP %d quota pause%s", code, where) },
	CauseQuota:  func(where string) string { return "quota pause" + where },
	CauseReason: func(code, where string) string { return code + " pause" + where },
	CausePause:  func(where string) string { return "pause" + where },
	LineStale: func(why string) string {
		return "Stale: " + why + "; it is not why the last run stopped (bookforge removes it only in `bookforge book reset`)"
	},
	LineScene: func(chapter, scene int) string { return fmt.Sprintf(", chapter %d, scene %d", chapter, scene) },
	LineQuota: func(code int, phase, where, scene string) string {
		return fmt.Sprintf("Quota pause: status %d in phase %s%s%s", code, phase, where, scene)
	},
	LineReason: func(code, phase, where, scene string) string {
		return fmt.Sprintf("Paused: %s in phase %s%s%s", code, phase, where, scene)
	},
	LinePaused: func(phase, where, scene string) string {
		return fmt.Sprintf("Paused in phase %s%s%s", phase, where, scene)
	},
	LineMessage:  func(m string) string { return "Message: " + m },
	LineQuotaOf:  func(metric string) string { return "Quota: " + metric },
	LineQuotaID:  func(id string) string { return " (id " + id + ")" },
	NoViolations: "Quota: the marker lists no quota violations",
	LineDetail:   func(d string) string { return "Detail: " + d },
	LinePausedAt: func(at string) string { return "Paused at: " + at },
	NoRetry:      "Retry: the marker gives no retry time",
	RetryUnknown: func(after string) string {
		return fmt.Sprintf("Retry after: %s (the pause's time is unknown, so the retry time cannot be computed)", after)
	},
	RetryWait: func(after, at, wait string) string {
		return fmt.Sprintf("Retry after: %s, safe from %s: not yet, wait %s", after, at, wait)
	},
	RetrySafe: func(after, at string) string { return fmt.Sprintf("Retry after: %s, safe since %s", after, at) },

	StaleCutShort: func(choice, at string) string { return fmt.Sprintf("a %s cut short at %s left it behind", choice, at) },
	NoteAhead: func(scene, cursor string) string {
		return fmt.Sprintf("%s lies after state.json's cursor (%s): the next run does not reach it; when a run does, --resume reuses its entries", scene, cursor)
	},
	NoteRerunAllFrom: func(from string) string {
		return "--rerun-all already reruns the whole scene: --rerun-from " + from + " adds nothing"
	},
	NoteRerunRepair: "--rerun-from repair: bookforge repairs only after a failing lint report, so the repair column follows the lint report",
	NoteNoScene:     "--rerun-from and --rerun-all act on the scene a resume picks up; there is none, and a committed scene's ledger is never changed",
	NoteSceneExists: func(file, scene string) string {
		return fmt.Sprintf("%s already exists while state.json's cursor is on %s: the last commit was cut short after writing it, and bookforge stops with \"Scene already exists\" when it commits this scene again; move that file aside first (pickup does not touch it)", file, scene)
	},
	ReasonComplete: func(n int) string {
		return fmt.Sprintf("state.json says the book is COMPLETE: all recorded scenes are committed (%s)", i18n.Count(n, "scene", "scenes"))
	},
	ReasonNoLedger: "no scene has a ledger yet: the next run starts from the first scene",
	ReasonAllDone: func(n int) string {
		return fmt.Sprintf("every phase of the recorded scenes (%s) is done: the next run starts the next scene", i18n.Count(n, "scene", "scenes"))
	},
	WritePromptText: func(scene, phase, ledger string) string {
		return fmt.Sprintf("record prompt_hash_prev, prompt_hash_new and prompt_update_reason on %s %s in %s (in place)", scene, phase, ledger)
	},
	WriteAuditText: func(n int) string {
		return fmt.Sprintf("write an audit note of the %d mismatch(es) --force-resume accepts", n)
	},
	NoteForceNothing: "--force-resume: no mismatch needed forcing, so no audit note is written",
	NoteReasonAlone:  "--reason is recorded with --resume-allow-prompt-change or --force-resume; on its own it is not used",
	WhyReruns:        func(phase string) string { return phase + " reruns" },
	WhoResume:        "bookforge --resume",
	WhoLater:         "a later bookforge --resume",
	ArchiveText: func(moved, scene, why, ledger, archive, who, reads string) string {
		return fmt.Sprintf("move the %s entries of %s (%s) from %s to %s beside it: %s would otherwise reuse %s", moved, scene, why, ledger, archive, who, reads)
	},
	CommittedExists: func(file string) string { return "committed: " + file + " exists" },
	BeforeCursorNoFile: func(file string) string {
		return "before state.json's cursor, yet " + file + " does not exist: the run moved past this scene without committing its prose"
	},
	HistoryCell:         func(what string) string { return "history (the scene is committed): " + what },
	HistSuccess:         "success",
	HistStatus:          func(status string) string { return fmt.Sprintf("recorded status %q", status) },
	HistAt:              func(at string) string { return " at " + at },
	ReportFailCommitted: "; the report says fail (committed anyway, as BOOKFORGE_LINT_MODE=warn allows)",
	ReportSays:          func(status string) string { return fmt.Sprintf("; the report says %s", status) },
	NoRepairEntry:       "no repair entry: lint passed on its first run",
	NoLintEntry:         "no lint entry: the scene ran with lint off",
	NoEntryHistory:      "no entry recorded (history)",
	LintOffCell: func(why string) string {
		return "lint is off (" + why + "): bookforge records no lint and goes on to the commit"
	},
	RerunAllCell:  "--rerun-all: the command drops --resume, so bookforge ignores this scene's ledger and reruns every phase",
	RerunFromCell: func(from string) string { return "--rerun-from " + from + ": rerun on request" },
	EntryMoves:    "; its ledger entry moves to an archive beside the ledger",
	RepairBroken: func(why string) string {
		return "the repair entry it builds on cannot be reused (" + why + "): state_repair reruns on the write prose"
	},
	NotCommittedCursor: "not committed yet: state.json's cursor is on this scene",
	NotCommittedNotYet: "not committed yet: the cursor has not reached this scene",
	PausedHere:         func(cause string) string { return "; the run paused here (" + cause + ")" },
	PlanCardReuse: func(card, ledger string) string {
		return fmt.Sprintf("state.json plan.scene_card (%s) is this scene's card: bookforge --resume reuses it (the ledger: %s)", card, ledger)
	},
	LintReportUnreadable: func(path, err string) string {
		return fmt.Sprintf("the lint report %s cannot be read (%s): bookforge --resume would stop on it", path, err)
	},
	Cascade: func(phase string, blocked bool) string {
		if blocked {
			return fmt.Sprintf("after %s, which is blocked", phase)
		}
		return fmt.Sprintf("after %s, which reruns", phase)
	},
	UpstreamWhat: func(at, prev, next, reason string) string {
		return fmt.Sprintf("the prompt of %s changed (%s -> %s, reason: %s) after this output was made", at, prev, next, reason)
	},
	UpstreamRerun: func(what string) string { return what + "; it reruns (--force-resume keeps it)" },
	UpstreamForced: func(what, reason string) string {
		return "forced by --force-resume: kept although " + what + "; " + reason
	},
	RepairLintOff: "no lint, so no repair (lint is off)",
	RepairMaybe:   "runs only if the coming lint fails",
	RepairEarlier: "; the recorded repair is from an earlier pass",
	RepairLintFail: func(path string) string {
		return fmt.Sprintf("the lint report %s says fail: bookforge repairs, then runs state_repair and lint again", path)
	},
	RepairPassed: func(path, status string) string {
		return fmt.Sprintf("lint passed (the report %s says %q): no repair", path, status)
	},
	RepairNoStatus: func(path string) string {
		return fmt.Sprintf("the lint report %s records no status, which bookforge takes as a pass: no repair", path)
	},
	RepairAfter: "; lint passed after it",
	DurableAgain: func(what string) string {
		return fmt.Sprintf("its durable-state apply paused the last run (%s); the next run applies it again and pauses again unless that is fixed", what)
	},
	DurableReused:    func(again, reason string) string { return "reused, and " + again + "; " + reason },
	CommittedNoEntry: func(file string) string { return "committed: " + file + " exists (apply/commit keeps no ledger entry)" },
	NotCommittedFile: func(file string) string { return fmt.Sprintf("not committed yet: %s does not exist", file) },
	NoEntryPaused:    func(cause string) string { return fmt.Sprintf("no ledger entry: the run paused here (%s)", cause) },
	NoEntry:          func(phase string) string { return fmt.Sprintf("no ledger entry: %s has not succeeded yet", phase) },
	NoStatus:         "the entry records no status",
	BadStatus:        func(status string) string { return fmt.Sprintf("recorded status %q, not success", status) },
	ArtifactNotRecorded: func(keys string) string {
		return fmt.Sprintf("artifact not recorded: %s", keys)
	},
	ArtifactUnreadable: func(path, err string) string { return fmt.Sprintf("artifact unreadable: %s (%s)", path, err) },
	ArtifactMissing:    func(path string) string { return fmt.Sprintf("artifact missing: %s", path) },
	NeedsReason:        `; --resume-allow-prompt-change also needs --reason "..." (the reason is recorded)`,
	PreStateNoPath:     "pre_state_hash is recorded without pre_state_path, so it cannot be checked",
	PreStateMissing: func(path, recorded string) string {
		return fmt.Sprintf("pre_state file missing: %s (recorded %s)", path, recorded)
	},
	PreStateChanged: func(old, now, path string) string {
		return fmt.Sprintf("pre_state_hash changed (%s -> %s) for %s", old, now, path)
	},
	ArtifactChanged: func(path, old, now string) string {
		return fmt.Sprintf("artifact changed: %s (%s -> %s)", path, old, now)
	},
	UseForce:        "; use --force-resume to accept",
	AndMore:         func(n int) string { return fmt.Sprintf(" (and %d more)", n) },
	SuccessAt:       func(at string) string { return "success at " + at },
	RecordedSuccess: "recorded success",
	Present:         func(keys string) string { return keys + " present" },
	HashesMatch:     "hashes match",
	PromptAccepted: func(prev, next, reason, files, why string) string {
		return fmt.Sprintf("prompt change accepted (%s -> %s, reason: %s): %s; %s", prev, next, reason, files, why)
	},
	PromptEarlier: func(prev, next, reason, why string) string {
		return fmt.Sprintf("prompt change recorded earlier (%s -> %s, reason: %s); %s", prev, next, reason, why)
	},
	ForcedBy: func(texts, why string) string { return "forced by --force-resume: " + texts + "; " + why },
	TemplateMissingText: func(file, recorded string) string {
		return fmt.Sprintf("template missing: %s (recorded %s)", file, recorded)
	},
	TemplateChangedText: func(file, old, now string) string {
		return fmt.Sprintf("template changed: %s (%s -> %s)", file, old, now)
	},
	TemplateAccept: func(phase string) string {
		return fmt.Sprintf(`; use --resume-allow-prompt-change --reason "..." to accept, or --rerun-from %s`, phase)
	},
	WithOthers:    func(others string) string { return " with " + others },
	FolderNotFile: "a folder, not a file",

	StateBad: func(file, err string) string {
		return fmt.Sprintf("%s: %s; bookforge cannot run until it is fixed, and pickup takes the resume scene from the ledgers", file, err)
	},
	StateNotObject: func(file, kind string) string {
		return fmt.Sprintf("%s: the state is %s, not an object; bookforge cannot run until it is fixed, and pickup takes the resume scene from the ledgers", file, kind)
	},
	ReportNotObject: func(kind string) string { return "the report is " + kind + ", not an object" },
	LintOffEnv:      func(env string) string { return env + "=off in this environment" },
	LintEnvIs:       func(env, mode string) string { return env + " is " + mode + " in this environment" },
	LintUnknownMode: func(env, raw string) string {
		return "warn (" + env + "=" + raw + " is not a mode bookforge knows)"
	},
	LintOffHistory: func(n int, env string) string {
		return fmt.Sprintf("%s recorded state_repair but no lint: they ran with %s=off", i18n.Count(n, "committed scene", "committed scenes"), env)
	},
	LintDefault:   "bookforge's default",
	StaleComplete: "state.json says the book is COMPLETE",
	StaleBehind: func(scene, cursor string) string {
		return fmt.Sprintf("it names %s, behind state.json's cursor (%s): that scene was committed since", scene, cursor)
	},
	StaleLater: func(where, at, created string) string {
		return fmt.Sprintf("a later run recorded %s at %s, after the marker's created_at %s", where, at, created)
	},
	CutShort: func(choice, at, from, moved, file string) string {
		return fmt.Sprintf("a %s at %s was cut short: it moved %s to %s but left the pause marker %s in place (from before the %s, so it is not why anything stopped). Choose %s again to finish it (it archives the marker), or move %s back to %s to undo it",
			choice, at, from, moved, file, choice, choice, moved, from)
	},

	FolderLikeLedger: func(path, scene string) string {
		return fmt.Sprintf("%s: a folder named like a ledger file, not a ledger; ignored (not read as scene %s)", path, scene)
	},
	SecondLedger: func(path, scene string) string {
		return fmt.Sprintf("%s: a second ledger for %s; ignored", path, scene)
	},
	BookIDMismatch: func(file, id, name string) string {
		return fmt.Sprintf("%s: book_id %q is not this book's folder name %q", file, id, name)
	},
	ArtifactGone: func(scene, phase, key, path string) string {
		return fmt.Sprintf("%s %s: recorded artifact %s is missing: %s (not required to skip the phase)", scene, phase, key, path)
	},
	PromptHashNoSet: func(scene, phase string) string {
		return fmt.Sprintf("%s %s: prompt_hash is recorded without template_set, so the prompt cannot be checked", scene, phase)
	},
	LedgerBad: func(err, scene string) string {
		return fmt.Sprintf("%s; read as an empty ledger (every phase of %s reruns)", err, scene)
	},
	LedgerNotObject: func(kind, scene string) string {
		return fmt.Sprintf("the ledger is %s, not an object; read as an empty ledger (every phase of %s reruns)", kind, scene)
	},
	KeyRepeated: func(key string, line int) string {
		return fmt.Sprintf("key %q (line %d) is repeated; the last one counts", key, line)
	},
	SceneIDMismatch: func(id string) string {
		return fmt.Sprintf("scene_id %q does not match the file name; the file name counts", id)
	},
	NoPhases: func(scene string) string {
		return fmt.Sprintf("no phases object; read as an empty ledger (every phase of %s reruns)", scene)
	},
	PhasesNotObject: func(kind, scene string) string {
		return fmt.Sprintf("phases is %s, not an object; read as an empty ledger (every phase of %s reruns)", kind, scene)
	},
	NotPipelinePhase: func(key string) string { return fmt.Sprintf("phase %q is not a pipeline phase; ignored", key) },
	PhaseNotObject: func(key, kind string) string {
		return fmt.Sprintf("phase %q is %s, not an object; read as no entry", key, kind)
	},
	PhasesBoth: func(a, b, phase string) string {
		return fmt.Sprintf("phases %q and %q are both %s; the later one counts", a, b, phase)
	},

	KindObject: "an object", KindArray: "an array", KindString: "a string", KindNumber: "a number", KindBool: "a boolean",
	JSONError: func(line int, msg string) string { return fmt.Sprintf("invalid JSON at line %d: %s", line, msg) },
	Syntax: map[string]string{
		"the file is empty":                                 "the file is empty",
		"a string is not valid UTF-8":                       "a string is not valid UTF-8",
		"not valid JSON":                                    "not valid JSON",
		"unexpected end of file":                            "unexpected end of file",
		"expected a quoted key":                             "expected a quoted key",
		"expected ',' or '}' after a value":                 "expected ',' or '}' after a value",
		"unexpected end of file inside an object":           "unexpected end of file inside an object",
		"expected ':' after a key":                          "expected ':' after a key",
		"expected ',' or ']' in an array":                   "expected ',' or ']' in an array",
		"unexpected end of file inside an array":            "unexpected end of file inside an array",
		"unexpected %s after the document":                  "unexpected %s after the document",
		"unexpected %s":                                     "unexpected %s",
		"a control character inside a string":               "a control character inside a string",
		"a string is not closed":                            "a string is not closed",
		"invalid string: %s in an escape":                   "invalid string: %s in an escape",
		"invalid number":                                    "invalid number",
		"unexpected %s in a literal (true, false or null)":  "unexpected %s in a literal (true, false or null)",
		fmt.Sprintf("nested more than %d levels", maxDepth): fmt.Sprintf("nested more than %d levels", maxDepth),
	},

	NothingWasWritten: func(what string) string { return what + "; nothing was written" },
	NoPlan:            "bookforge: the session has no plan; nothing was written",
	NoReadableLedger: func(hist, scene string) string {
		return fmt.Sprintf("bookforge: %s: no readable ledger for %s; nothing was written", hist, scene)
	},
	NoSceneRestart: func(dir string) string { return "bookforge: " + dir + ": no scene to restart; nothing was moved" },
	NothingMoved: func(dir, scene string) string {
		return "bookforge: " + dir + ": " + scene + " has no ledger and there is no pause marker; nothing was moved"
	},
	NothingToArchive: func(dir string) string { return "bookforge: " + dir + ": nothing to archive" },
	UnknownChoice:    func(c string) string { return fmt.Sprintf("bookforge: unknown choice %q", c) },
	NotLedgerOrPause: func(path string) string {
		return fmt.Sprintf("bookforge: %s is not a book's ledger folder or pause marker", path)
	},
	Project:            func(path string) string { return "project " + path },
	NothingMoreWritten: "; nothing more was written",
	Entry:              func(key string) string { return fmt.Sprintf("entry %q", key) },
	EntryGone: func(file, key string) string {
		return fmt.Sprintf("bookforge: %s: entry %q is gone; nothing more was written", file, key)
	},
	CannotRemove:      func(key string) string { return fmt.Sprintf("cannot remove entry %q", key) },
	CannotDropRepeats: func(key string) string { return fmt.Sprintf("cannot drop the repeats of %q", key) },
	BuildingJSON:      "building JSON",
	LayingOutJSON:     "laying out JSON",
	LedgerMovedAlready: func(scene, to string) string {
		return fmt.Sprintf(" (the ledger of %s was already moved to %s: RESTART again finishes it)", scene, to)
	},
	MovedAlready: func(from, to string) string { return fmt.Sprintf(" (%s was already moved to %s)", from, to) },
}
