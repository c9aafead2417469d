package kiln

import (
	"fmt"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// StateText is the sentences every project-side session shares (the
// .kiln/STATE.md of any era, the brainstorm ledger): the DISCARD
// questions and outcomes, a STATE.md pickup cannot read, Apply's
// refusals, and the brainstorm ledger's session.
type StateText struct {
	// DISCARD.
	ArchiveRunQ          func(dir string) string
	ArchiveRunMemory     string
	ArchiveRunHint       string
	ArchiveFileHint      func(what string) string
	ArchiveFileQ         func(what, path, base string) string
	TheStateMD           string
	TheLedger            string
	Kept                 string
	ArchivedMemoryShared func(kept string) string
	ArchivedMemoryDir    func(kept string) string
	ArchivedKiln         func(kept string) string
	ArchivedLedger       func(kept string) string
	ArchivedState        func(kept string) string
	Fire                 func(project string) string

	// A STATE.md pickup does not read.
	EraADetail, EraAMessage       string
	UnknownDetail, UnknownMessage string

	// Apply.
	NoReset       string
	UnknownChoice func(c string) string

	// The brainstorm ledger.
	LedgerNoEvent         string
	LedgerNoEventMessage  func(rel string) string
	LedgerSummary         func(events int, last string, seq int) string
	LedgerBadLines        func(rel, lines string) string
	LedgerSeq             func(rel string, seq, prev int) string
	AfterBrainstorm       string
	SealedWhy             func(entries int) string
	SealedContinue        func(rel, fire string) string
	SealedHint            string
	NewBrainstormHint     string
	SealedNoRestart       string
	Abandoned             string
	AbandonedWhy          func(last string, seq int) string
	AbandonedContinue     func(fire, rel string) string
	AbandonedRestart      func(fire string) string
	AbandonedContinueHint string
	AbandonedRestartHint  string
	AbandonedRestartQ     func(path string) string
	AbandonedLine         func(why string) string
	BrainstormTitle       func(rel string) string
	BrainstormPrompt      func(project string) string
	Events                func(events string) string
	IntentsNotConfirmed   func(fields string) string
}

var englishState = StateText{
	ArchiveRunQ: func(dir string) string {
		return "Archive this kiln run?\n" + dir + "\n" +
			"The whole .kiln folder is renamed to .kiln.discarded.<timestamp> beside itself: kiln 3.1 resumes whenever .kiln exists, so a bare /kiln-fire then starts fresh. Nothing is deleted."
	},
	ArchiveRunMemory: " It holds this project's older kiln memory (.kiln/memory) too, which goes with it.",
	ArchiveRunHint:   "archive .kiln and start fresh",
	ArchiveFileHint:  func(what string) string { return "archive " + what + " and start fresh" },
	ArchiveFileQ: func(what, path, base string) string {
		return "Archive " + what + "?\n" + path + "\nIt is renamed to " + base + ".discarded.<timestamp> beside itself; nothing is deleted."
	},
	TheStateMD: "kiln's STATE.md",
	TheLedger:  "the brainstorm ledger",
	Kept:       " (renamed beside itself; nothing was deleted). ",
	ArchivedMemoryShared: func(kept string) string {
		return "kiln's " + MemoryFile + " is archived" + kept + "Next: /kiln:start begins again."
	},
	ArchivedMemoryDir: func(kept string) string {
		return "The memory folder is archived" + kept + "Next: /kiln:start begins again."
	},
	ArchivedKiln: func(kept string) string {
		return "The .kiln folder is archived" + kept + "Next: /kiln-fire starts a new run."
	},
	ArchivedLedger: func(kept string) string {
		return "The brainstorm ledger is archived" + kept + "Next: /kiln-fire starts a fresh brainstorm."
	},
	ArchivedState: func(kept string) string {
		return "kiln's " + StateFile + " is archived" + kept + "Next: /kiln-fire starts a new run."
	},
	Fire: func(project string) string { return "run /kiln-fire in " + project },

	EraADetail: "this is kiln v1's STATE.md (a Phase Progress table and a Current Track, before 2026-02-18), which pickup does not read",
	EraAMessage: "kiln v1's .kiln/STATE.md is not read by pickup (it reads kiln from v2.0 on).\n" +
		"DISCARD archives it beside itself so a new kiln can start fresh.",
	UnknownDetail: "no \"# STATE\" or \"# Kiln State\" heading and none of kiln's keys",
	UnknownMessage: "kiln's .kiln/STATE.md is not in any shape kiln has written (no \"# STATE\" or \"# Kiln State\" heading, none of its keys).\n" +
		"Repair it, or DISCARD to archive it beside itself.",

	NoReset:       "kiln: this kiln has no reset; RESTART is not offered (nothing was changed)",
	UnknownChoice: func(c string) string { return fmt.Sprintf("kiln: unknown choice %q", c) },

	LedgerNoEvent: "no line of the brainstorm ledger is a ledger event ({\"seq\": N, \"e\": …})",
	LedgerNoEventMessage: func(rel string) string {
		return "kiln's brainstorm ledger " + rel + " holds no event kiln wrote.\nDISCARD archives it beside itself."
	},
	LedgerSummary: func(n int, last string, seq int) string {
		return fmt.Sprintf("%d events, last %s (seq %d)", n, last, seq)
	},
	LedgerBadLines: func(rel, lines string) string { return rel + ": " + lines + ": not a ledger event; skipped" },
	LedgerSeq: func(rel string, seq, prev int) string {
		return fmt.Sprintf("%s: seq %d follows seq %d; kiln's seq only increases", rel, seq, prev)
	},
	AfterBrainstorm: "after the brainstorm",
	SealedWhy: func(n int) string {
		return fmt.Sprintf("the brainstorm is sealed (session_complete, %d entries) and no run has written .kiln/STATE.md yet", n)
	},
	SealedContinue: func(rel, fire string) string {
		return "The brainstorm is sealed: relaunch kiln so its vision compiler reads " + rel + " (kiln never resumes a brainstorm), then the law stage runs; " + fire + "."
	},
	SealedHint:        "relaunch kiln on the sealed brainstorm",
	NewBrainstormHint: "start a new brainstorm",
	SealedNoRestart:   "the brainstorm is sealed: kiln renames only an abandoned ledger; DISCARD archives this one",
	Abandoned:         "brainstorm (abandoned)",
	AbandonedWhy: func(last string, seq int) string {
		return fmt.Sprintf("the ledger's last event is %s (seq %d), not session_complete, and there is no .kiln/STATE.md: kiln calls this an abandoned brainstorm and never resumes it", last, seq)
	},
	AbandonedContinue: func(fire, rel string) string {
		return "kiln never resumes an abandoned brainstorm: " + fire + " and kiln renames " + rel +
			" to brainstorm-ledger.abandoned-<utc>.jsonl and starts a fresh one."
	},
	AbandonedRestart: func(fire string) string {
		return "The abandoned ledger is kept as brainstorm-ledger.abandoned-<utc>.jsonl: " + fire + " to start a fresh brainstorm."
	},
	AbandonedContinueHint: "run /kiln-fire: kiln starts a fresh brainstorm",
	AbandonedRestartHint:  "set the abandoned ledger aside, as kiln does",
	AbandonedRestartQ: func(path string) string {
		return "Set the abandoned brainstorm aside?\n" + path + "\nIt is renamed to brainstorm-ledger.abandoned-<utc>.jsonl beside itself, as kiln itself does at its next brainstorm; nothing is deleted."
	},
	AbandonedLine:       func(why string) string { return "Abandoned: " + why + "." },
	BrainstormTitle:     func(rel string) string { return "Brainstorm (" + rel + ")" },
	BrainstormPrompt:    func(p string) string { return "# kiln brainstorm: " + p },
	Events:              func(e string) string { return "Events: " + e },
	IntentsNotConfirmed: func(f string) string { return "Intents not yet confirmed: " + f },
}

var portugueseState = StateText{
	ArchiveRunQ: func(dir string) string {
		return "Arquivar esta execução do kiln?\n" + dir + "\n" +
			"A pasta .kiln inteira é renomeada para .kiln.discarded.<timestamp> ao lado dela: o kiln 3.1 retoma sempre que .kiln existe, então um /kiln-fire sem argumentos começa do zero. Nada é apagado."
	},
	ArchiveRunMemory: " Ela guarda também a memória mais antiga do kiln deste projeto (.kiln/memory), que vai junto.",
	ArchiveRunHint:   "arquivar .kiln e começar do zero",
	ArchiveFileHint:  func(what string) string { return "arquivar " + what + " e começar do zero" },
	ArchiveFileQ: func(what, path, base string) string {
		return "Arquivar " + what + "?\n" + path + "\nEle é renomeado para " + base + ".discarded.<timestamp> ao lado dele; nada é apagado."
	},
	TheStateMD: "o STATE.md do kiln",
	TheLedger:  "o registro do brainstorm",
	Kept:       " (renomeado ao lado dele; nada foi apagado). ",
	ArchivedMemoryShared: func(kept string) string {
		return "O " + MemoryFile + " do kiln foi arquivado" + kept + "Próximo: /kiln:start recomeça."
	},
	ArchivedMemoryDir: func(kept string) string {
		return "A pasta de memória foi arquivada" + kept + "Próximo: /kiln:start recomeça."
	},
	ArchivedKiln: func(kept string) string {
		return "A pasta .kiln foi arquivada" + kept + "Próximo: /kiln-fire começa uma execução nova."
	},
	ArchivedLedger: func(kept string) string {
		return "O registro do brainstorm foi arquivado" + kept + "Próximo: /kiln-fire começa um brainstorm novo."
	},
	ArchivedState: func(kept string) string {
		return "O " + StateFile + " do kiln foi arquivado" + kept + "Próximo: /kiln-fire começa uma execução nova."
	},
	Fire: func(project string) string { return "rode /kiln-fire em " + project },

	EraADetail: "este é o STATE.md do kiln v1 (uma tabela Phase Progress e um Current Track, antes de 2026-02-18), que o pickup não lê",
	EraAMessage: "O pickup não lê o .kiln/STATE.md do kiln v1 (ele lê o kiln a partir da v2.0).\n" +
		"DISCARD o arquiva ao lado dele para que um kiln novo comece do zero.",
	UnknownDetail: "nenhum título \"# STATE\" ou \"# Kiln State\" e nenhuma das chaves do kiln",
	UnknownMessage: "O .kiln/STATE.md do kiln não tem nenhum formato que o kiln já escreveu (nenhum título \"# STATE\" ou \"# Kiln State\", nenhuma das suas chaves).\n" +
		"Conserte-o, ou use DISCARD para arquivá-lo ao lado dele.",

	NoReset:       "kiln: este kiln não tem reset; RESTART não é oferecido (nada foi alterado)",
	UnknownChoice: func(c string) string { return fmt.Sprintf("kiln: escolha desconhecida %q", c) },

	LedgerNoEvent: "nenhuma linha do registro do brainstorm é um evento do registro ({\"seq\": N, \"e\": …})",
	LedgerNoEventMessage: func(rel string) string {
		return "O registro do brainstorm do kiln " + rel + " não tem nenhum evento escrito pelo kiln.\nDISCARD o arquiva ao lado dele."
	},
	LedgerSummary: func(n int, last string, seq int) string {
		return fmt.Sprintf("%s, o último %s (seq %d)", i18n.Count(n, "evento", "eventos"), last, seq)
	},
	LedgerBadLines: func(rel, lines string) string {
		return rel + ": " + lines + ": não é um evento do registro; ignorado"
	},
	LedgerSeq: func(rel string, seq, prev int) string {
		return fmt.Sprintf("%s: seq %d vem depois de seq %d; o seq do kiln só aumenta", rel, seq, prev)
	},
	AfterBrainstorm: "depois do brainstorm",
	SealedWhy: func(n int) string {
		return fmt.Sprintf("o brainstorm está selado (session_complete, %s) e nenhuma execução escreveu .kiln/STATE.md ainda", i18n.Count(n, "entrada", "entradas"))
	},
	SealedContinue: func(rel, fire string) string {
		return "O brainstorm está selado: relance o kiln para que o compilador da visão leia " + rel + " (o kiln nunca retoma um brainstorm), e então a etapa law roda; " + fire + "."
	},
	SealedHint:        "relançar o kiln sobre o brainstorm selado",
	NewBrainstormHint: "começar um brainstorm novo",
	SealedNoRestart:   "o brainstorm está selado: o kiln só renomeia um registro abandonado; DISCARD arquiva este",
	Abandoned:         "brainstorm (abandonado)",
	AbandonedWhy: func(last string, seq int) string {
		return fmt.Sprintf("o último evento do registro é %s (seq %d), não session_complete, e não há .kiln/STATE.md: o kiln chama isso de brainstorm abandonado e nunca o retoma", last, seq)
	},
	AbandonedContinue: func(fire, rel string) string {
		return "O kiln nunca retoma um brainstorm abandonado: " + fire + " e o kiln renomeia " + rel +
			" para brainstorm-ledger.abandoned-<utc>.jsonl e começa um novo."
	},
	AbandonedRestart: func(fire string) string {
		return "O registro abandonado é guardado como brainstorm-ledger.abandoned-<utc>.jsonl: " + fire + " para começar um brainstorm novo."
	},
	AbandonedContinueHint: "rodar /kiln-fire: o kiln começa um brainstorm novo",
	AbandonedRestartHint:  "pôr de lado o registro abandonado, como o kiln faz",
	AbandonedRestartQ: func(path string) string {
		return "Pôr de lado o brainstorm abandonado?\n" + path + "\nEle é renomeado para brainstorm-ledger.abandoned-<utc>.jsonl ao lado dele, como o próprio kiln faz no próximo brainstorm; nada é apagado."
	},
	AbandonedLine:       func(why string) string { return "Abandonado: " + why + "." },
	BrainstormTitle:     func(rel string) string { return "Brainstorm (" + rel + ")" },
	BrainstormPrompt:    func(p string) string { return "# Brainstorm do kiln: " + p },
	Events:              func(e string) string { return "Eventos: " + e },
	IntentsNotConfirmed: func(f string) string { return "Intenções ainda não confirmadas: " + f },
}
