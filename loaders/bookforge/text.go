package bookforge

import (
	"errors"
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
	// Lang is the catalog's language (set by the bundle), for a wait's
	// words (i18n.UnitsIn).
	Lang                                                  i18n.Lang `json:"-"`
	And, Or                                               string
	None, NoHash, Missing, NoHashRecorded, NoPreStatePath string
	AtUnknownTime                                         string

	// bookforge.go.
	NotFound i18n.M
	NotABook i18n.M

	// The session: title, alerts, warnings, headlines, phases, facts.
	Archived        string
	RerunFromBad    i18n.M
	NotAPhase       i18n.M // a --rerun-from cmd refuses
	BookTitle       i18n.M
	TitledBook      i18n.M
	ResetArchive    i18n.M
	QuotaWait       i18n.M
	StaleAlert      i18n.M
	NoState         i18n.M
	StateUnreadable i18n.M
	FromLedgers     i18n.M
	HeadComplete    string
	HeadReady       i18n.M
	HeadStopped     i18n.M
	PhApplyAgain    string
	PhSkip          string
	PhBlocked       string
	PhRerun         string
	PhIfLintFails   string
	GridNote        string
	RetryAtIn       i18n.M
	SafeSince       i18n.M
	PausedAt        i18n.M
	CursorValue     i18n.M
	CursorFresh     i18n.M
	SceneValue      i18n.M
	FlagsValue      i18n.M
	BlockedMore     i18n.M

	// The choices.
	ContinueWhy       string
	ContinueComplete  string
	HintAllDone       string
	HintReady         i18n.M
	HintApplyAgain    i18n.M
	HintFromFirst     i18n.M
	HintSkipping      i18n.P
	HintWait          i18n.M
	WriteRecordPrompt i18n.M
	WriteMoveEntries  i18n.P
	WriteAuditNote    string
	ConfirmWrites     i18n.M
	WhatLedgers       string
	WhatBoth          string
	WhatMarker        string
	OutDiscard        i18n.M
	RestartFinishHint i18n.M
	OutRestartFinish  i18n.M
	RestartNoScene    i18n.M
	RestartNothing    i18n.M
	RestartHint       i18n.M
	OutRestart        i18n.M
	ReviewHint        string
	DiscardHint       i18n.M
	MoveLedgerOf      i18n.M
	MovePauseMarker   string

	// The integrity problem (CONTINUE stops on it, exit 6).
	ProbTemplateChanged i18n.M
	ProbFile            i18n.M
	ProbSet             i18n.M
	ProbTemplateMissing i18n.M
	ProbPreState        i18n.M
	ProbEdited          i18n.M
	ProbPromptFlag      i18n.M
	ProbForceFlag       i18n.M
	ProbOthers          i18n.P

	// The agent prompt (`--emit prompt`).
	PromptTitle   i18n.M
	PromptResume  i18n.M
	PromptWait    i18n.M
	PromptRun     string
	PromptWrites  string
	PromptStopped string
	PromptStale   string
	PromptByPhase i18n.M
	PromptOutputs string
	PromptLedger  i18n.M

	// The dashboard's sections and the grid.
	GridTitle, GridTitlePlain, Why, SecWrites string
	SecPause, SecStale                        i18n.M
	LegSkip, LegRerun, LegBlocked, LegMaybe   string
	LegNone                                   string
	ColRepair                                 string
	PhasesLine                                i18n.M
	NoScenes                                  string
	AllSkip                                   i18n.M
	CommittedLine                             i18n.M
	NothingWritten                            string

	// `pickup plan`.
	PlanTitle       i18n.M
	PlanFlags       i18n.M
	PlanCursor      i18n.P
	PlanNoCursor    string
	PlanLintOff     i18n.M
	PlanLintOn      i18n.M
	PlanResumeWhy   i18n.M
	PlanResumeAt    i18n.M
	PlanCommand     i18n.M
	PlanStale       i18n.M
	PlanNoLedger    string
	PlanResumeHere  string
	PlanCommitted   string
	PlanAfterCursor string
	PlanBlocked     i18n.M
	PlanWrites      string
	PlanNote        i18n.M

	// The pause marker.
	PauseUnreadable i18n.M
	PauseNotObject  i18n.M
	PauseBadCreated i18n.M
	CauseIn         i18n.M
	CauseHTTP       i18n.M
	CauseQuota      i18n.M
	CauseReason     i18n.M
	CausePause      i18n.M
	LineStale       i18n.M
	LineScene       i18n.M
	LineQuota       i18n.M
	LineReason      i18n.M
	LinePaused      i18n.M
	LineMessage     i18n.M
	LineQuotaOf     i18n.M
	LineQuotaID     i18n.M
	NoViolations    string
	LineDetail      i18n.M
	LinePausedAt    i18n.M
	NoRetry         string
	RetryUnknown    i18n.M
	RetryWait       i18n.M
	RetrySafe       i18n.M

	// Decide: notes, reasons, writes.
	StaleCutShort        i18n.M
	NoteAhead            i18n.M
	NoteRerunAllFrom     i18n.M
	NoteRerunRepair      string
	NoteNoScene          string
	NoteSceneExists      i18n.M
	ReasonComplete       i18n.P
	ReasonNoLedger       string
	ReasonAllDone        i18n.P
	WritePromptText      i18n.M
	WriteAuditText       i18n.P
	NoteForceNothing     string
	NoteReasonAlone      string
	WhyReruns            i18n.M
	WhoResume, WhoLater  string
	ArchiveText          i18n.M
	CommittedExists      i18n.M
	BeforeCursorNoFile   i18n.M
	HistoryCell          i18n.M
	HistSuccess          string
	HistStatus           i18n.M
	HistAt               i18n.M
	ReportFailCommitted  string
	ReportSays           i18n.M
	NoRepairEntry        string
	NoLintEntry          string
	NoEntryHistory       string
	LintOffCell          i18n.M
	RerunAllCell         string
	RerunFromCell        i18n.M
	EntryMoves           string
	RepairBroken         i18n.M
	NotCommittedCursor   string
	NotCommittedNotYet   string
	PausedHere           i18n.M
	PlanCardReuse        i18n.M
	LintReportUnreadable i18n.M
	CascadeBlocked       i18n.M
	CascadeReruns        i18n.M
	UpstreamWhat         i18n.M
	UpstreamRerun        i18n.M
	UpstreamForced       i18n.M
	RepairLintOff        string
	RepairMaybe          string
	RepairEarlier        string
	RepairLintFail       i18n.M
	RepairPassed         i18n.M
	RepairNoStatus       i18n.M
	RepairAfter          string
	DurableAgain         i18n.M
	DurableReused        i18n.M
	CommittedNoEntry     i18n.M
	NotCommittedFile     i18n.M
	NoEntryPaused        i18n.M
	NoEntry              i18n.M
	NoStatus             string
	BadStatus            i18n.M
	ArtifactNotRecorded  i18n.M
	ArtifactUnreadable   i18n.M
	ArtifactMissing      i18n.M
	NeedsReason          string
	PreStateNoPath       string
	PreStateMissing      i18n.M
	PreStateChanged      i18n.M
	ArtifactChanged      i18n.M
	UseForce             string
	AndMore              i18n.M
	SuccessAt            i18n.M
	RecordedSuccess      string
	Present              i18n.M
	HashesMatch          string
	PromptAccepted       i18n.M
	PromptEarlier        i18n.M
	ForcedBy             i18n.M
	TemplateMissingText  i18n.M
	TemplateChangedText  i18n.M
	TemplateAccept       i18n.M
	WithOthers           i18n.M
	FolderNotFile        string

	// state.json, lint reports, lint mode, stale markers, cut-short writes.
	StateBad        i18n.M
	StateNotObject  i18n.M
	ReportNotObject i18n.M
	LintOffEnv      i18n.M
	LintEnvIs       i18n.M
	LintUnknownMode i18n.M
	LintOffHistory  i18n.P
	LintDefault     string
	StaleComplete   string
	StaleBehind     i18n.M
	StaleLater      i18n.M
	CutShort        i18n.M

	// Ledgers and the book's scan.
	FolderLikeLedger i18n.M
	SecondLedger     i18n.M
	BookIDMismatch   i18n.M
	ArtifactGone     i18n.M
	PromptHashNoSet  i18n.M
	LedgerBad        i18n.M
	LedgerNotObject  i18n.M
	KeyRepeated      i18n.M
	SceneIDMismatch  i18n.M
	NoPhases         i18n.M
	PhasesNotObject  i18n.M
	NotPipelinePhase i18n.M
	PhaseNotObject   i18n.M
	PhasesBoth       i18n.M

	// JSON: kinds of value, syntax errors (by their English words).
	KindObject, KindArray, KindString, KindNumber, KindBool string
	JSONError                                               i18n.M
	Syntax                                                  map[string]i18n.M // by jsonError.key

	// Apply's errors.
	NothingWasWritten i18n.M
	NoPlan            string
	NoReadableLedger  i18n.M
	NoSceneRestart    i18n.M
	NothingMoved      i18n.M
	NothingToArchive  i18n.M
	UnknownChoice     i18n.M
	NotLedgerOrPause  i18n.M
	Project           i18n.M
	// NothingMoreWritten ends an error met halfway through CONTINUE's
	// writes; Entry names a ledger entry before the error.
	NothingMoreWritten string
	Entry              i18n.M
	EntryGone          i18n.M
	// NotUTF8 refuses to edit a ledger stored as UTF-16.
	NotUTF8           i18n.M
	CannotRemove      i18n.M
	CannotDropRepeats i18n.M
	BuildingJSON      string
	LayingOutJSON     string
	// LedgerMovedAlready and MovedAlready follow a RESTART's or a
	// DISCARD's error once part of it was moved.
	LedgerMovedAlready i18n.M
	MovedAlready       i18n.M

	// The outline: its pipeline session, the write gate, the scene total
	// (text_outline.go).
	Outline OutlineText
}

// Catalogs are the loader's sentences by language (Options.Lang).
var Catalogs = i18n.NewBundle(&english, messages, "messages")

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
	return i18n.UnitsIn(t.Lang).Span(d)
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
	if say, ok := t.Syntax[je.key]; ok {
		msg = say.F(je.arg)
	}
	return t.JSONError.F(je.Line, msg)
}

// join joins names with commas and the catalog's "and" before the last:
// "a and b".
func (t *Text) and(names []string) string { return strings.Join(names, " "+t.And+" ") }

var english = Text{
	Outline: englishOutline,
	And:     "and", Or: "or",
	None: "(none)", NoHash: "none", Missing: "(missing)", NoHashRecorded: "(no hash recorded)", NoPreStatePath: "(no pre_state_path)",
	AtUnknownTime: "at an unknown time",

	NotFound: i18n.T("no bookforge book to resume in {project}: looked in workspace/books/<book>/ for {hist}/ch<NNN>_sc<NNN>.json and {pause}"),
	NotABook: i18n.T("bookforge: {path} is not a book's phase_history folder, ledger or pause marker"),

	Archived:        ReasonArchived,
	NotAPhase:       i18n.T("{value} is not a bookforge phase ({phases})"),
	RerunFromBad:    i18n.T("--rerun-from {value} is not a pipeline phase ({phases}): ignored"),
	BookTitle:       i18n.T("book {id}"),
	TitledBook:      i18n.T("{title} (book {id})"),
	ResetArchive:    i18n.T(" — reset archive {name}"),
	QuotaWait:       i18n.T("quota pause: retrying is safe from {at}; CONTINUE now will likely hit the quota again: wait {wait}"),
	StaleAlert:      i18n.T("{file} is stale ({cause}, created {created}): {why}; it is not why the last run stopped, and bookforge removes it only in `bookforge book reset`"),
	NoState:         i18n.T("no {file} in {dir}"),
	StateUnreadable: i18n.T("{file} cannot be read"),
	FromLedgers:     i18n.T("{why}: the resume scene is taken from the ledgers (the first scene not complete); bookforge itself starts at state.json's cursor and cannot run without it"),
	HeadComplete:    "The book is complete: state.json says COMPLETE.",
	HeadReady:       i18n.T("The book is ready for the next step, {scene}."),
	HeadStopped:     i18n.T("The last run stopped after {latest}, without a pause marker."),
	PhApplyAgain:    "apply again",
	PhSkip:          "skip",
	PhBlocked:       "blocked",
	PhRerun:         "rerun",
	PhIfLintFails:   "if lint fails",
	GridNote:        "resume",
	RetryAtIn:       i18n.T("; retry at {at}, in {wait}"),
	SafeSince:       i18n.T("; safe to retry since {at}"),
	PausedAt:        i18n.T("chapter {chapter}, scene {scene}, phase {phase}"),
	CursorValue:     i18n.T("{id} (chapter {chapter}, scene {scene}), status {status}, from {file}"),
	CursorFresh:     i18n.T("{id} (a fresh cursor: the first scene), status {status}, from {file}"),
	SceneValue:      i18n.T("{id} (chapter {chapter}, scene {scene})"),
	FlagsValue:      i18n.T("{args} (pickup's own; the bookforge command never carries them)"),
	BlockedMore:     i18n.T(" (and {n} more; see the plan)"),

	ContinueWhy:       "no scene waits for a person's decision",
	ContinueComplete:  "state.json says the book is COMPLETE: there is nothing to resume",
	HintAllDone:       "every recorded scene is done: run the next scene",
	HintReady:         i18n.T("start {scene}, the next step: {command}"),
	HintApplyAgain:    i18n.T("resume {scene} at {phase}, which applies its recorded output again"),
	HintFromFirst:     i18n.T("resume {scene} from its first phase, {phase}"),
	HintSkipping:      i18n.Plural("resume {scene} at {phase}, skipping {n} phase already done", "resume {scene} at {phase}, skipping {n} phases already done"),
	HintWait:          i18n.T(" (the quota pause asks to wait {wait})"),
	WriteRecordPrompt: i18n.T("records the prompt change on {scene} {phase}"),
	WriteMoveEntries:  i18n.Plural("moves {n} ledger entry of {scene} to an archive", "moves {n} ledger entries of {scene} to an archive"),
	WriteAuditNote:    "writes a --force-resume audit note",
	ConfirmWrites:     i18n.T("Before bookforge runs, CONTINUE {writes} (nothing is deleted). Go ahead?"),
	WhatLedgers:       "the ledgers",
	WhatBoth:          "the ledgers and the pause marker",
	WhatMarker:        "the pause marker",
	OutDiscard:        i18n.T("Archived {what} of book {book}. bookforge's own fresh start is `{reset}` (pickup does not run bookforge)"),
	RestartFinishHint: i18n.T("finish the RESTART cut short at {at}: archive the pause marker"),
	OutRestartFinish:  i18n.T("Finished the RESTART of book {book} cut short at {at}: archived the pause marker; the scene it restarted reruns from its first phase: {command}"),
	RestartNoScene:    i18n.T("no scene to restart: every recorded scene is committed ({reset} starts the book over)"),
	RestartNothing:    i18n.T("nothing to restart: {scene} has no ledger and there is no pause marker; the next run starts it from its first phase anyway"),
	RestartHint:       i18n.T("archive {moves}, then rerun {scene} from its first phase"),
	OutRestart:        i18n.T("Archived {moves} of book {book}; {scene} reruns from its first phase: {command}"),
	ReviewHint:        "the scene x phase grid, with the reason for every verdict",
	DiscardHint:       i18n.T("archive {what}; bookforge's fresh start is `{reset}`"),
	MoveLedgerOf:      i18n.T("the ledger of {scene}"),
	MovePauseMarker:   "the pause marker",

	ProbTemplateChanged: i18n.T("bookforge: the prompt template of {scene} {phase} changed since its output was made.\n"),
	ProbFile:            i18n.T("  file:     {file}\n  recorded: {recorded}\n  now:      {now}\n"),
	ProbSet:             i18n.T("  (prompt_hash covers the template set {set}; any of them may have changed)\n"),
	ProbTemplateMissing: i18n.T("bookforge: a prompt template of {scene} {phase} is missing.\n"),
	ProbPreState:        i18n.T("bookforge: the state {scene} {phase} started from has changed (pre_state_hash).\n"),
	ProbEdited:          i18n.T("bookforge: an output of {scene} {phase} was edited after it was recorded.\n"),
	ProbPromptFlag:      i18n.T("Resume will not reuse outputs made with another prompt. To accept the change, run again with\n  --resume-allow-prompt-change --reason \"why the prompt changed\"\n(the change is recorded on the ledger entry), or rerun from this phase with --rerun-from {phase}."),
	ProbForceFlag:       i18n.T("Resume will not build on it unchecked. To accept it, run again with --force-resume\n(an audit note is written in {hist}), or rerun from this phase with --rerun-from {phase}."),
	ProbOthers:          i18n.Plural("\n{n} other mismatch(es): `pickup plan` lists them.", "\n{n} other mismatch(es): `pickup plan` lists them."),

	PromptTitle:   i18n.T("# Resume bookforge book {book}"),
	PromptResume:  i18n.T("Resume scene **{scene}** at phase **{phase}**: {reason}."),
	PromptWait:    i18n.T("> **Wait first:** {text}."),
	PromptRun:     "Run:",
	PromptWrites:  "Before it, pickup's CONTINUE makes these writes (with --yes):",
	PromptStopped: "## Why the last run stopped",
	PromptStale:   "## A stale pause marker (not why the last run stopped)",
	PromptByPhase: i18n.T("## {scene}, phase by phase"),
	PromptOutputs: "## Outputs to load into the next phase",
	PromptLedger:  i18n.T("Ledger folder: `{hist}` (book `{dir}`)."),

	GridTitle: "Scenes × phases", GridTitlePlain: "Scenes x phases", Why: "Why", SecWrites: "CONTINUE writes",
	SecPause:       i18n.T("Pause ({file})"),
	SecStale:       i18n.T("Stale pause marker ({file})"),
	LegSkip:        "done/skip",
	LegRerun:       "rerun",
	LegBlocked:     "blocked",
	LegMaybe:       "if lint fails",
	LegNone:        "not needed",
	ColRepair:      "repair (if lint fails)",
	PhasesLine:     i18n.T("Phases: {legend}"),
	NoScenes:       "(no scene recorded yet)",
	AllSkip:        i18n.T("{scene}: every phase SKIP (recorded success, artifacts present)"),
	CommittedLine:  i18n.T("{scene}: committed before the cursor; its ledger is history"),
	NothingWritten: "nothing: the ledger is only read",

	PlanTitle:       i18n.T("bookforge resume plan: book {book} ({dir})"),
	PlanFlags:       i18n.T("Flags: {flags}"),
	PlanCursor:      i18n.Plural("Cursor: {id} (status {status}) from {file}; committed before it: {n} scene", "Cursor: {id} (status {status}) from {file}; committed before it: {n} scenes"),
	PlanNoCursor:    "Cursor: no state.json: the resume scene is the first scene whose ledger is not complete",
	PlanLintOff:     i18n.T("Lint: off ({why})"),
	PlanLintOn:      i18n.T("Lint: on ({why})"),
	PlanResumeWhy:   i18n.T("Resume: {reason}"),
	PlanResumeAt:    i18n.T("Resume: {scene} at {phase}"),
	PlanCommand:     i18n.T("Command: {command}"),
	PlanStale:       i18n.T("Stale pause marker ({file}):"),
	PlanNoLedger:    " (no ledger yet)",
	PlanResumeHere:  "  (resume here)",
	PlanCommitted:   "  (committed)",
	PlanAfterCursor: "  (after the cursor)",
	PlanBlocked:     i18n.T("Blocked ({n}): CONTINUE needs an explicit flag"),
	PlanWrites:      "CONTINUE writes:",
	PlanNote:        i18n.T("Note: {note}"),

	PauseUnreadable: i18n.T("{file}: {err}; the pause marker is ignored (DISCARD still archives it)"),
	PauseNotObject:  i18n.T("{file}: the pause marker is {kind}, not an object; ignored (DISCARD still archives it)"),
	PauseBadCreated: i18n.T("{file}: created_at {raw} is not an ISO 8601 time"),
	CauseIn:         i18n.T(" in {phase}"),
	CauseHTTP:       i18n.T("HTTP {code} quota pause{where}"),
	CauseQuota:      i18n.T("quota pause{where}"),
	CauseReason:     i18n.T("{code} pause{where}"),
	CausePause:      i18n.T("pause{where}"),
	LineStale:       i18n.T("Stale: {why}; it is not why the last run stopped (bookforge removes it only in `bookforge book reset`)"),
	LineScene:       i18n.T(", chapter {chapter}, scene {scene}"),
	LineQuota:       i18n.T("Quota pause: status {code} in phase {phase}{where}{scene}"),
	LineReason:      i18n.T("Paused: {code} in phase {phase}{where}{scene}"),
	LinePaused:      i18n.T("Paused in phase {phase}{where}{scene}"),
	LineMessage:     i18n.T("Message: {m}"),
	LineQuotaOf:     i18n.T("Quota: {metric}"),
	LineQuotaID:     i18n.T(" (id {id})"),
	NoViolations:    "Quota: the marker lists no quota violations",
	LineDetail:      i18n.T("Detail: {d}"),
	LinePausedAt:    i18n.T("Paused at: {at}"),
	NoRetry:         "Retry: the marker gives no retry time",
	RetryUnknown:    i18n.T("Retry after: {after} (the pause's time is unknown, so the retry time cannot be computed)"),
	RetryWait:       i18n.T("Retry after: {after}, safe from {at}: not yet, wait {wait}"),
	RetrySafe:       i18n.T("Retry after: {after}, safe since {at}"),

	StaleCutShort:        i18n.T("a {choice} cut short at {at} left it behind"),
	NoteAhead:            i18n.T("{scene} lies after state.json's cursor ({cursor}): the next run does not reach it; when a run does, --resume reuses its entries"),
	NoteRerunAllFrom:     i18n.T("--rerun-all already reruns the whole scene: --rerun-from {from} adds nothing"),
	NoteRerunRepair:      "--rerun-from repair: bookforge repairs only after a failing lint report, so the repair column follows the lint report",
	NoteNoScene:          "--rerun-from and --rerun-all act on the scene a resume picks up; there is none, and a committed scene's ledger is never changed",
	NoteSceneExists:      i18n.T(`{file} already exists while state.json's cursor is on {scene}: the last commit was cut short after writing it, and bookforge stops with "Scene already exists" when it commits this scene again; move that file aside first (pickup does not touch it)`),
	ReasonComplete:       i18n.Plural("state.json says the book is COMPLETE: all recorded scenes are committed ({n} scene)", "state.json says the book is COMPLETE: all recorded scenes are committed ({n} scenes)"),
	ReasonNoLedger:       "no scene has a ledger yet: the next run starts from the first scene",
	ReasonAllDone:        i18n.Plural("every phase of the recorded scenes ({n} scene) is done: the next run starts the next scene", "every phase of the recorded scenes ({n} scenes) is done: the next run starts the next scene"),
	WritePromptText:      i18n.T("record prompt_hash_prev, prompt_hash_new and prompt_update_reason on {scene} {phase} in {ledger} (in place)"),
	WriteAuditText:       i18n.Plural("write an audit note of the {n} mismatch(es) --force-resume accepts", "write an audit note of the {n} mismatch(es) --force-resume accepts"),
	NoteForceNothing:     "--force-resume: no mismatch needed forcing, so no audit note is written",
	NoteReasonAlone:      "--reason is recorded with --resume-allow-prompt-change or --force-resume; on its own it is not used",
	WhyReruns:            i18n.T("{phase} reruns"),
	WhoResume:            "bookforge --resume",
	WhoLater:             "a later bookforge --resume",
	ArchiveText:          i18n.T("move the {moved} entries of {scene} ({why}) from {ledger} to {archive} beside it: {who} would otherwise reuse {reads}"),
	CommittedExists:      i18n.T("committed: {file} exists"),
	BeforeCursorNoFile:   i18n.T("before state.json's cursor, yet {file} does not exist: the run moved past this scene without committing its prose"),
	HistoryCell:          i18n.T("history (the scene is committed): {what}"),
	HistSuccess:          "success",
	HistStatus:           i18n.T("recorded status {status}"),
	HistAt:               i18n.T(" at {at}"),
	ReportFailCommitted:  "; the report says fail (committed anyway, as BOOKFORGE_LINT_MODE=warn allows)",
	ReportSays:           i18n.T("; the report says {status}"),
	NoRepairEntry:        "no repair entry: lint passed on its first run",
	NoLintEntry:          "no lint entry: the scene ran with lint off",
	NoEntryHistory:       "no entry recorded (history)",
	LintOffCell:          i18n.T("lint is off ({why}): bookforge records no lint and goes on to the commit"),
	RerunAllCell:         "--rerun-all: the command drops --resume, so bookforge ignores this scene's ledger and reruns every phase",
	RerunFromCell:        i18n.T("--rerun-from {from}: rerun on request"),
	EntryMoves:           "; its ledger entry moves to an archive beside the ledger",
	RepairBroken:         i18n.T("the repair entry it builds on cannot be reused ({why}): state_repair reruns on the write prose"),
	NotCommittedCursor:   "not committed yet: state.json's cursor is on this scene",
	NotCommittedNotYet:   "not committed yet: the cursor has not reached this scene",
	PausedHere:           i18n.T("; the run paused here ({cause})"),
	PlanCardReuse:        i18n.T("state.json plan.scene_card ({card}) is this scene's card: bookforge --resume reuses it (the ledger: {ledger})"),
	LintReportUnreadable: i18n.T("the lint report {path} cannot be read ({err}): bookforge --resume would stop on it"),
	CascadeBlocked:       i18n.T("after {phase}, which is blocked"),
	CascadeReruns:        i18n.T("after {phase}, which reruns"),
	UpstreamWhat:         i18n.T("the prompt of {at} changed ({prev} -> {next}, reason: {reason}) after this output was made"),
	UpstreamRerun:        i18n.T("{what}; it reruns (--force-resume keeps it)"),
	UpstreamForced:       i18n.T("forced by --force-resume: kept although {what}; {reason}"),
	RepairLintOff:        "no lint, so no repair (lint is off)",
	RepairMaybe:          "runs only if the coming lint fails",
	RepairEarlier:        "; the recorded repair is from an earlier pass",
	RepairLintFail:       i18n.T("the lint report {path} says fail: bookforge repairs, then runs state_repair and lint again"),
	RepairPassed:         i18n.T("lint passed (the report {path} says {status}): no repair"),
	RepairNoStatus:       i18n.T("the lint report {path} records no status, which bookforge takes as a pass: no repair"),
	RepairAfter:          "; lint passed after it",
	DurableAgain:         i18n.T("its durable-state apply paused the last run ({what}); the next run applies it again and pauses again unless that is fixed"),
	DurableReused:        i18n.T("reused, and {again}; {reason}"),
	CommittedNoEntry:     i18n.T("committed: {file} exists (apply/commit keeps no ledger entry)"),
	NotCommittedFile:     i18n.T("not committed yet: {file} does not exist"),
	NoEntryPaused:        i18n.T("no ledger entry: the run paused here ({cause})"),
	NoEntry:              i18n.T("no ledger entry: {phase} has not succeeded yet"),
	NoStatus:             "the entry records no status",
	BadStatus:            i18n.T("recorded status {status}, not success"),
	ArtifactNotRecorded:  i18n.T("artifact not recorded: {keys}"),
	ArtifactUnreadable:   i18n.T("artifact unreadable: {path} ({err})"),
	ArtifactMissing:      i18n.T("artifact missing: {path}"),
	NeedsReason:          `; --resume-allow-prompt-change also needs --reason "..." (the reason is recorded)`,
	PreStateNoPath:       "pre_state_hash is recorded without pre_state_path, so it cannot be checked",
	PreStateMissing:      i18n.T("pre_state file missing: {path} (recorded {recorded})"),
	PreStateChanged:      i18n.T("pre_state_hash changed ({old} -> {now}) for {path}"),
	ArtifactChanged:      i18n.T("artifact changed: {path} ({old} -> {now})"),
	UseForce:             "; use --force-resume to accept",
	AndMore:              i18n.T(" (and {n} more)"),
	SuccessAt:            i18n.T("success at {at}"),
	RecordedSuccess:      "recorded success",
	Present:              i18n.T("{keys} present"),
	HashesMatch:          "hashes match",
	PromptAccepted:       i18n.T("prompt change accepted ({prev} -> {next}, reason: {reason}): {files}; {why}"),
	PromptEarlier:        i18n.T("prompt change recorded earlier ({prev} -> {next}, reason: {reason}); {why}"),
	ForcedBy:             i18n.T("forced by --force-resume: {texts}; {why}"),
	TemplateMissingText:  i18n.T("template missing: {file} (recorded {recorded})"),
	TemplateChangedText:  i18n.T("template changed: {file} ({old} -> {now})"),
	TemplateAccept:       i18n.T(`; use --resume-allow-prompt-change --reason "..." to accept, or --rerun-from {phase}`),
	WithOthers:           i18n.T(" with {others}"),
	FolderNotFile:        "a folder, not a file",

	StateBad:        i18n.T("{file}: {err}; bookforge cannot run until it is fixed, and pickup takes the resume scene from the ledgers"),
	StateNotObject:  i18n.T("{file}: the state is {kind}, not an object; bookforge cannot run until it is fixed, and pickup takes the resume scene from the ledgers"),
	ReportNotObject: i18n.T("the report is {kind}, not an object"),
	LintOffEnv:      i18n.T("{env}=off in this environment"),
	LintEnvIs:       i18n.T("{env} is {mode} in this environment"),
	LintUnknownMode: i18n.T("warn ({env}={raw} is not a mode bookforge knows)"),
	LintOffHistory:  i18n.Plural("{n} committed scene recorded state_repair but no lint: they ran with {env}=off", "{n} committed scenes recorded state_repair but no lint: they ran with {env}=off"),
	LintDefault:     "bookforge's default",
	StaleComplete:   "state.json says the book is COMPLETE",
	StaleBehind:     i18n.T("it names {scene}, behind state.json's cursor ({cursor}): that scene was committed since"),
	StaleLater:      i18n.T("a later run recorded {where} at {at}, after the marker's created_at {created}"),
	CutShort:        i18n.T("a {choice} at {at} was cut short: it moved {from} to {moved} but left the pause marker {file} in place (from before the {choice}, so it is not why anything stopped). Choose {choice} again to finish it (it archives the marker), or move {moved} back to {from} to undo it"),

	FolderLikeLedger: i18n.T("{path}: a folder named like a ledger file, not a ledger; ignored (not read as scene {scene})"),
	SecondLedger:     i18n.T("{path}: a second ledger for {scene}; ignored"),
	BookIDMismatch:   i18n.T("{file}: book_id {id} is not this book's folder name {name}"),
	ArtifactGone:     i18n.T("{scene} {phase}: recorded artifact {key} is missing: {path} (not required to skip the phase)"),
	PromptHashNoSet:  i18n.T("{scene} {phase}: prompt_hash is recorded without template_set, so the prompt cannot be checked"),
	LedgerBad:        i18n.T("{err}; read as an empty ledger (every phase of {scene} reruns)"),
	LedgerNotObject:  i18n.T("the ledger is {kind}, not an object; read as an empty ledger (every phase of {scene} reruns)"),
	KeyRepeated:      i18n.T("key {key} (line {line}) is repeated; the last one counts"),
	SceneIDMismatch:  i18n.T("scene_id {id} does not match the file name; the file name counts"),
	NoPhases:         i18n.T("no phases object; read as an empty ledger (every phase of {scene} reruns)"),
	PhasesNotObject:  i18n.T("phases is {kind}, not an object; read as an empty ledger (every phase of {scene} reruns)"),
	NotPipelinePhase: i18n.T("phase {key} is not a pipeline phase; ignored"),
	PhaseNotObject:   i18n.T("phase {key} is {kind}, not an object; read as no entry"),
	PhasesBoth:       i18n.T("phases {a} and {b} are both {phase}; the later one counts"),

	KindObject: "an object", KindArray: "an array", KindString: "a string", KindNumber: "a number", KindBool: "a boolean",
	JSONError: i18n.T("invalid JSON at line {line}: {msg}"),
	Syntax: map[string]i18n.M{
		"Empty":           i18n.T("the file is empty"),
		"NotUTF8":         i18n.T("a string is not valid UTF-8"),
		"EndOfFile":       i18n.T("unexpected end of file"),
		"QuotedKey":       i18n.T("expected a quoted key"),
		"AfterValue":      i18n.T("expected ',' or '}' after a value"),
		"EndInObject":     i18n.T("unexpected end of file inside an object"),
		"AfterKey":        i18n.T("expected ':' after a key"),
		"InArray":         i18n.T("expected ',' or ']' in an array"),
		"EndInArray":      i18n.T("unexpected end of file inside an array"),
		"AfterDocument":   i18n.T("unexpected {what} after the document"),
		"Unexpected":      i18n.T("unexpected {what}"),
		"ControlChar":     i18n.T("a control character inside a string"),
		"StringNotClosed": i18n.T("a string is not closed"),
		"BadEscape":       i18n.T("invalid string: {what} in an escape"),
		"BadNumber":       i18n.T("invalid number"),
		"BadLiteral":      i18n.T("unexpected {what} in a literal (true, false or null)"),
		"TooDeep":         i18n.T("nested more than {levels} levels"),
	},

	NothingWasWritten:  i18n.T("{what}; nothing was written"),
	NoPlan:             "bookforge: the session has no plan; nothing was written",
	NoReadableLedger:   i18n.T("bookforge: {hist}: no readable ledger for {scene}; nothing was written"),
	NoSceneRestart:     i18n.T("bookforge: {dir}: no scene to restart; nothing was moved"),
	NothingMoved:       i18n.T("bookforge: {dir}: {scene} has no ledger and there is no pause marker; nothing was moved"),
	NothingToArchive:   i18n.T("bookforge: {dir}: nothing to archive"),
	UnknownChoice:      i18n.T("bookforge: unknown choice {c}"),
	NotLedgerOrPause:   i18n.T("bookforge: {path} is not a book's ledger folder or pause marker"),
	Project:            i18n.T("project {path}"),
	NothingMoreWritten: "; nothing more was written",
	Entry:              i18n.T("entry {key}"),
	EntryGone:          i18n.T("bookforge: {file}: entry {key} is gone; nothing more was written"),
	NotUTF8:            i18n.T("bookforge: {file} is stored as {encoding}: pickup edits only UTF-8 files in place; nothing more was written"),
	CannotRemove:       i18n.T("cannot remove entry {key}"),
	CannotDropRepeats:  i18n.T("cannot drop the repeats of {key}"),
	BuildingJSON:       "building JSON",
	LayingOutJSON:      "laying out JSON",
	LedgerMovedAlready: i18n.T(" (the ledger of {scene} was already moved to {to}: RESTART again finishes it)"),
	MovedAlready:       i18n.T(" ({from} was already moved to {to})"),
}
