package crucible

import (
	"github.com/pickup-dev/pickup/internal/i18n"
)

// Text is the words of seed 004's replay plan (`pickup plan`, the
// REVIEW dashboard's "Replay plan" block): the headings, labels and
// table heads, and the plan's own fixed phrases. Each row's Why, the
// compression-state block and the prompt (the agent's) are English.
// English is here, every other language in messages/<lang>.json.
type Text struct {
	// Lang is the catalog's language (BCP 47), for the time units.
	Lang string

	Title, Source, Original, Session, Started, CrashedAt, ResumePoint, WorkPreserved string
	Fallbacks, Staying, Skip, ReExecute, Mutations                                   string
	SkipHead, ReExecuteHead                                                          string
	NothingToSkip, NoPhaseBefore, NotRecorded, ImpliedWhy, NothingToReExecute        string
	Unknown, NoEntry, NoneEnd                                                        string
	Restored, NotRestored, Requested                                                 i18n.M
	NonePreserved                                                                    string
	OnePhase, Phases, StayingErr                                                     i18n.M
	StayingHead                                                                      i18n.P
	StayingMore                                                                      i18n.M
	// The dashboard's compact plan.
	SectionTitle, FellBack, Mutation string
	SkipReExecute                    i18n.P
	AndMore                          i18n.M
	StartsFresh                      string

	Says
	DiffText
	ErrText
}

// Catalogs are the replay plan's words by language (loaders.Options.Lang).
var Catalogs = i18n.NewBundle(&english, messages, "messages")

var english = Text{
	Lang:  string(i18n.English),
	Title: "# Replay Plan (dry-run)", Source: "Source", Original: "Original pipeline", Session: "Session", Started: "Started",
	CrashedAt: "Crashed at", ResumePoint: "Resume point", WorkPreserved: "Work preserved",
	Fallbacks: "## Verification fallbacks", Staying: "## Files the restore leaves in place",
	Skip: "## Dispatches to skip (verified complete)", ReExecute: "## Dispatches to re-execute", Mutations: "## Template Mutations",
	SkipHead:           "| Seq | Role | Phase | Summary | Why |",
	ReExecuteHead:      "| Seq | Role | Phase | Original Status | Template | Why |",
	NothingToSkip:      "nothing to skip",
	NoPhaseBefore:      "no phase before the resume point",
	NotRecorded:        "not recorded",
	ImpliedWhy:         "the phase was reached but no dispatch was recorded: its dispatches start fresh",
	NothingToReExecute: "nothing to re-execute",
	Unknown:            "unknown",
	NoEntry:            "unknown (the manifest has no entry)",
	NoneEnd:            "none: every recorded dispatch finished, nothing to re-execute",
	Restored:           i18n.T("{reason}, checkpoint {short} taken {taken}"),
	NotRestored:        i18n.T("{boundary}; not restored: {why}"),
	Requested:          i18n.T("; requested with {flags}"),
	NonePreserved:      "none (no phase before the resume point)",
	OnePhase:           i18n.T("{text} (phase {phase})"),
	Phases:             i18n.T("{text} (phases {from} through {to})"),
	StayingErr:         i18n.T("The files created after checkpoint {reason} could not be listed ({err}); the restore deletes none of them."),
	StayingHead: i18n.Plural("`git checkout {short} -- .` writes checkpoint {reason}'s files and deletes nothing: these {n} file created after it stay as they are.",
		"`git checkout {short} -- .` writes checkpoint {reason}'s files and deletes nothing: these {n} files created after it stay as they are."),
	StayingMore:   i18n.T("- … and {n} more (`pickup plan --json` lists them all)"),
	SectionTitle:  "Replay plan",
	FellBack:      "Fell back",
	Mutation:      "Mutation",
	SkipReExecute: i18n.Plural("Skip {n} dispatch, re-execute {re}:", "Skip {n} dispatches, re-execute {re}:"),
	AndMore:       i18n.T("… and {n} more"),
	StartsFresh:   "no dispatch recorded, starts fresh",
	Says:          englishSays,
	DiffText:      englishDiff,
	ErrText:       englishErrs,
}

// text is the plan's words: its loader's language, else English.
func (pl *ReplayPlan) text() *Text {
	if pl.tx != nil {
		return pl.tx
	}
	return &english
}
