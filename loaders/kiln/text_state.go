package kiln

import (
	"github.com/pickup-dev/pickup/internal/i18n"
)

// StateText is the sentences every project-side session shares (the
// .kiln/STATE.md of any era, the brainstorm ledger): the DISCARD
// questions and outcomes, a STATE.md pickup cannot read, Apply's
// refusals, and the brainstorm ledger's session.
type StateText struct {
	// DISCARD.
	ArchiveRunQ          i18n.M
	ArchiveRunMemory     string
	ArchiveRunHint       string
	ArchiveFileHint      i18n.M
	ArchiveFileQ         i18n.M
	TheStateMD           string
	TheLedger            string
	Kept                 string
	ArchivedMemoryShared i18n.M
	ArchivedMemoryDir    i18n.M
	ArchivedKiln         i18n.M
	ArchivedLedger       i18n.M
	ArchivedState        i18n.M
	Fire                 i18n.M

	// A STATE.md pickup does not read.
	EraADetail, EraAMessage       string
	UnknownDetail, UnknownMessage string

	// Apply.
	NoReset       string
	UnknownChoice i18n.M

	// The brainstorm ledger.
	LedgerNoEvent         string
	LedgerNoEventMessage  i18n.M
	LedgerSummary         i18n.P
	LedgerBadLines        i18n.M
	LedgerSeq             i18n.M
	AfterBrainstorm       string
	SealedWhy             i18n.P
	SealedContinue        i18n.M
	SealedHint            string
	NewBrainstormHint     string
	SealedNoRestart       string
	Abandoned             string
	AbandonedWhy          i18n.M
	AbandonedContinue     i18n.M
	AbandonedRestart      i18n.M
	AbandonedContinueHint string
	AbandonedRestartHint  string
	AbandonedRestartQ     i18n.M
	AbandonedLine         i18n.M
	BrainstormTitle       i18n.M
	BrainstormPrompt      i18n.M
	Events                i18n.M
	IntentsNotConfirmed   i18n.M
}

var englishState = StateText{
	ArchiveRunQ: i18n.T("Archive this kiln run?\n" +
		"{dir}\n" +
		"The whole .kiln folder is renamed to .kiln.discarded.<timestamp> beside itself: kiln 3.1 resumes whenever .kiln exists, so a bare /kiln-fire then starts fresh. Nothing is deleted."),
	ArchiveRunMemory: " It holds this project's older kiln memory (.kiln/memory) too, which goes with it.",
	ArchiveRunHint:   "archive .kiln and start fresh",
	ArchiveFileHint:  i18n.T("archive {what} and start fresh"),
	ArchiveFileQ: i18n.T("Archive {what}?\n" +
		"{path}\n" +
		"It is renamed to {base}.discarded.<timestamp> beside itself; nothing is deleted."),
	TheStateMD:           "kiln's STATE.md",
	TheLedger:            "the brainstorm ledger",
	Kept:                 " (renamed beside itself; nothing was deleted). ",
	ArchivedMemoryShared: i18n.T("kiln's MEMORY.md is archived{kept}Next: /kiln:start begins again."),
	ArchivedMemoryDir:    i18n.T("The memory folder is archived{kept}Next: /kiln:start begins again."),
	ArchivedKiln:         i18n.T("The .kiln folder is archived{kept}Next: /kiln-fire starts a new run."),
	ArchivedLedger:       i18n.T("The brainstorm ledger is archived{kept}Next: /kiln-fire starts a fresh brainstorm."),
	ArchivedState:        i18n.T("kiln's STATE.md is archived{kept}Next: /kiln-fire starts a new run."),
	Fire:                 i18n.T("run /kiln-fire in {project}"),

	EraADetail: "this is kiln v1's STATE.md (a Phase Progress table and a Current Track, before 2026-02-18), which pickup does not read",
	EraAMessage: "kiln v1's .kiln/STATE.md is not read by pickup (it reads kiln from v2.0 on).\n" +
		"DISCARD archives it beside itself so a new kiln can start fresh.",
	UnknownDetail: "no \"# STATE\" or \"# Kiln State\" heading and none of kiln's keys",
	UnknownMessage: "kiln's .kiln/STATE.md is not in any shape kiln has written (no \"# STATE\" or \"# Kiln State\" heading, none of its keys).\n" +
		"Repair it, or DISCARD to archive it beside itself.",

	NoReset:       "kiln: this kiln has no reset; RESTART is not offered (nothing was changed)",
	UnknownChoice: i18n.T("kiln: unknown choice {choice}"),

	LedgerNoEvent: "no line of the brainstorm ledger is a ledger event ({\"seq\": N, \"e\": …})",
	LedgerNoEventMessage: i18n.T("kiln's brainstorm ledger {rel} holds no event kiln wrote.\n" +
		"DISCARD archives it beside itself."),
	// English has always said "1 events" here; kept as written.
	LedgerSummary: i18n.Plural("{n} events, last {last} (seq {seq})",
		"{n} events, last {last} (seq {seq})"),
	LedgerBadLines:  i18n.T("{rel}: {lines}: not a ledger event; skipped"),
	LedgerSeq:       i18n.T("{rel}: seq {seq} follows seq {prev}; kiln's seq only increases"),
	AfterBrainstorm: "after the brainstorm",
	// English has always said "1 entries" here; kept as written.
	SealedWhy: i18n.Plural("the brainstorm is sealed (session_complete, {n} entries) and no run has written .kiln/STATE.md yet",
		"the brainstorm is sealed (session_complete, {n} entries) and no run has written .kiln/STATE.md yet"),
	SealedContinue:        i18n.T("The brainstorm is sealed: relaunch kiln so its vision compiler reads {rel} (kiln never resumes a brainstorm), then the law stage runs; {fire}."),
	SealedHint:            "relaunch kiln on the sealed brainstorm",
	NewBrainstormHint:     "start a new brainstorm",
	SealedNoRestart:       "the brainstorm is sealed: kiln renames only an abandoned ledger; DISCARD archives this one",
	Abandoned:             "brainstorm (abandoned)",
	AbandonedWhy:          i18n.T("the ledger's last event is {last} (seq {seq}), not session_complete, and there is no .kiln/STATE.md: kiln calls this an abandoned brainstorm and never resumes it"),
	AbandonedContinue:     i18n.T("kiln never resumes an abandoned brainstorm: {fire} and kiln renames {rel} to brainstorm-ledger.abandoned-<utc>.jsonl and starts a fresh one."),
	AbandonedRestart:      i18n.T("The abandoned ledger is kept as brainstorm-ledger.abandoned-<utc>.jsonl: {fire} to start a fresh brainstorm."),
	AbandonedContinueHint: "run /kiln-fire: kiln starts a fresh brainstorm",
	AbandonedRestartHint:  "set the abandoned ledger aside, as kiln does",
	AbandonedRestartQ: i18n.T("Set the abandoned brainstorm aside?\n" +
		"{path}\n" +
		"It is renamed to brainstorm-ledger.abandoned-<utc>.jsonl beside itself, as kiln itself does at its next brainstorm; nothing is deleted."),
	AbandonedLine:       i18n.T("Abandoned: {why}."),
	BrainstormTitle:     i18n.T("Brainstorm ({rel})"),
	BrainstormPrompt:    i18n.T("# kiln brainstorm: {project}"),
	Events:              i18n.T("Events: {events}"),
	IntentsNotConfirmed: i18n.T("Intents not yet confirmed: {fields}"),
}
