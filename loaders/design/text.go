package design

import "github.com/pickup-dev/pickup/internal/i18n"

// Text is every sentence the /design and atelier loaders build: seed
// 003's listing (`pickup status` on a /design session) and the menu's
// lines, and in Says all the others (warnings, next steps,
// confirmations, the REVIEW sections, the plan, the agent's prompt,
// results, problems, errors). English is here; every other language is
// in messages/<lang>.json. A quoted value ({feature}) comes in quoted
// (strconv.Quote).
type Text struct {
	// Lang is the catalog's language, set by its bundle (the prompt
	// renderer's frame speaks it).
	Lang i18n.Lang `json:"-"`
	// StageNames are the eight stages' names ("Clarification"...).
	StageNames []string
	// Statuses are stage_status's three values inside a sentence.
	Statuses map[string]string
	// Sentences about a number.
	RulesApproved, QuestionsAsked, TicketsCreated i18n.P
	TicketsOf                                     i18n.M
	// TicketsRecorded says TicketsFound as {found}.
	TicketsRecorded, TicketsFound i18n.P
	Uncommitted, Locked           i18n.P

	// The listing's first line, by what was found.
	Found, FoundCorrupted, FoundArtifacts, FoundArchived i18n.M
	NoFile                                               i18n.M
	Progress, Reconstructed                              string
	Complete, InProgress, Pending                        string
	// Stage is "Stage 3: Design" (StageBare past the eight stages);
	// StageRange "Stage 4-7".
	Stage, StageBare, StageRange                i18n.M
	MissingArtifact, Conflicting                string
	Options, Warnings                           string
	NotAvailable                                i18n.M
	Recommended                                 string
	ConflictMissing, ConflictUnapproved         i18n.M
	QuestionTDD, QuestionContracts, QuestionBDD string

	// The menu's lines.
	ResumeFrom                  i18n.M
	ViewArtifacts, RestartFrom0 string
	RestartFrom                 i18n.M
	Archive                     string
	ReRun, MarkIncomplete       i18n.M
	Approve                     i18n.M
	Rebuild, Create, StartNew   string
	NoArtifacts                 string
	Artifacts, ArtifactsMissing i18n.P

	Says
	Words
	// Reader is the lenient JSON reader's sentences.
	Reader ReaderSays
}

// Catalogs are the listing's words by language (loaders.Options.Lang).
var Catalogs = i18n.NewBundle(&english, messages, "messages")

var english = Text{
	StageNames:      enStageNames,
	Statuses:        map[string]string{stComplete: stComplete, stInProgress: stInProgress, stPending: stPending},
	RulesApproved:   i18n.Plural("{n} rule approved", "{n} rules approved"),
	QuestionsAsked:  i18n.Plural("{n} question asked, awaiting answers", "{n} questions asked, awaiting answers"),
	TicketsCreated:  i18n.Plural("{n} ticket created", "{n} tickets created"),
	TicketsOf:       i18n.T("{done} of {total} tickets created"),
	TicketsRecorded: i18n.Plural("the session records {n} ticket created, but {found} found in {where}", "the session records {n} tickets created, but {found} found in {where}"),
	TicketsFound:    i18n.Plural("{n} ticket is", "{n} tickets are"),
	Uncommitted: i18n.Plural("{n} file had uncommitted changes when the session was saved: check them before going on",
		"{n} files had uncommitted changes when the session was saved: check them before going on"),
	Locked:         i18n.Plural("{n} file is locked (state_manager.sh lock): {files}", "{n} files are locked (state_manager.sh lock): {files}"),
	Found:          i18n.T("Found existing design session for {feature}"),
	FoundCorrupted: i18n.T("Found a corrupted design session for {feature}"),
	FoundArtifacts: i18n.T("Found design artifacts for {feature} but no session file"),
	FoundArchived:  i18n.T("Archived design session for {feature}"),
	NoFile:         i18n.T("({rel} does not exist)"),
	Progress:       "Progress:",
	Reconstructed:  "Reconstructed from the artifacts on disk:",
	Complete:       "Complete", InProgress: "In Progress", Pending: "Pending",
	Stage:           i18n.T("Stage {n}: {name}"),
	StageBare:       i18n.T("Stage {n}"),
	StageRange:      i18n.T("Stage {from}-{to}"),
	MissingArtifact: "Missing artifact:", Conflicting: "Conflicting state:",
	Options: "Options:", Warnings: "Warnings:",
	NotAvailable:       i18n.T(" (not available: {reason})"),
	Recommended:        " (recommended)",
	ConflictMissing:    i18n.T("Stage {stage} is complete but {paths} is missing"),
	ConflictUnapproved: i18n.T("Stage {stage} is not complete but {paths} exists"),
	QuestionTDD:        "Found existing TDD. Is this approved?",
	QuestionContracts:  "Found existing contracts. Are they approved?",
	QuestionBDD:        "Found existing BDD scenarios. Are they approved?",

	ResumeFrom:       i18n.T("Resume from Stage {n}"),
	ViewArtifacts:    "View current artifacts",
	RestartFrom0:     "Restart from Stage 0 (discard progress)",
	RestartFrom:      i18n.T("Restart from Stage {n}"),
	Archive:          "Archive the session",
	ReRun:            i18n.T("Re-run Stage {n}"),
	MarkIncomplete:   i18n.T("Mark Stage {n} incomplete and restart from there"),
	Approve:          i18n.T("Approve the existing {what} and proceed to Stage {next}"),
	Rebuild:          "Rebuild the session from artifacts",
	Create:           "Create a session from the artifacts",
	StartNew:         "Start a new session at Stage 0",
	NoArtifacts:      "none recorded",
	Artifacts:        i18n.Plural("{n} artifact, all on disk", "{n} artifacts, all on disk"),
	ArtifactsMissing: i18n.Plural("{n} artifact, {missing} missing", "{n} artifacts, {missing} missing"),
	Says:             englishSays,
	Words:            englishWords,
	Reader:           englishReader,
}

// text is the view's words: its loader's language, else English.
func (v *view) text() *Text {
	if v.tx != nil {
		return v.tx
	}
	return &english
}

// enStageNames are the stages' names as seed 003 writes them.
var enStageNames = func() []string {
	out := make([]string, len(Stages))
	for i, s := range Stages {
		out[i] = s.Name
	}
	return out
}()

// stage is "Stage 3: Design" in t's language; a number past the eight
// stages has no name.
func (t *Text) stage(n int) string {
	if n < 0 || n >= len(t.StageNames) {
		return t.StageBare.F(n)
	}
	return t.Stage.F(n, t.StageNames[n])
}

// status is a stage status (complete, in_progress, pending, or a word
// read from the file) inside a sentence: the three statuses in t's
// language, any other word as written.
func (t *Text) status(s string) string {
	if out, ok := t.Statuses[s]; ok {
		return out
	}
	return s
}
