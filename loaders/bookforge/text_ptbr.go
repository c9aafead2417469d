package bookforge

import (
	"fmt"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// portuguese is the loader's pt-BR catalog, in seed 001's register
// ("você", direct, short) and the words of pickup's other pt-BR
// catalogs: fase, cena, registro (ledger), marcador de pausa, arquivar,
// rodar de novo, retomar, recomeçar.
var portuguese = Text{
	Outline: portugueseOutline,
	Units:   i18n.UnitsIn(i18n.PortugueseBR),
	And:     "e", Or: "ou",
	None: "(nenhum)", NoHash: "nenhum", Missing: "(ausente)", NoHashRecorded: "(nenhum hash registrado)", NoPreStatePath: "(sem pre_state_path)",
	AtUnknownTime: "em hora desconhecida",

	NotFound: func(project, hist, pause string) string {
		return fmt.Sprintf("nenhum livro do bookforge para retomar em %s: procurei em workspace/books/<book>/ por %s/ch<NNN>_sc<NNN>.json e %s", project, hist, pause)
	},
	NotABook: func(path string) string {
		return fmt.Sprintf("bookforge: %s não é a pasta phase_history de um livro, nem um registro, nem um marcador de pausa", path)
	},

	Archived: "este é um arquivo de reset (histórico em workspace/archives/): nunca é retomado nem alterado",
	NotAPhase: func(value, phases string) string {
		return fmt.Sprintf("%q não é uma fase do bookforge (%s)", value, phases)
	},
	RerunFromBad: func(value, phases string) string {
		return fmt.Sprintf("--rerun-from %q não é uma fase do pipeline (%s): ignorado", value, phases)
	},
	BookTitle:    func(id string) string { return "livro " + id },
	TitledBook:   func(title, id string) string { return title + " (livro " + id + ")" },
	ResetArchive: func(name string) string { return " — arquivo de reset " + name },
	QuotaWait: func(at, wait string) string {
		return fmt.Sprintf("pausa de cota: tentar de novo é seguro a partir de %s; CONTINUE agora provavelmente esbarra na cota outra vez: espere %s", at, wait)
	},
	StaleAlert: func(file, cause, created, why string) string {
		return fmt.Sprintf("%s está obsoleto (%s, criado %s): %s; não é o motivo da parada da última execução, e o bookforge só o remove em `bookforge book reset`", file, cause, created, why)
	},
	NoState:         func(file, dir string) string { return "sem " + file + " em " + dir },
	StateUnreadable: func(file string) string { return "não dá para ler " + file },
	FromLedgers: func(why string) string {
		return why + ": a cena a retomar vem dos registros (a primeira cena não completa); o próprio bookforge começa no cursor do state.json e não roda sem ele"
	},
	HeadComplete: "O livro está completo: state.json diz COMPLETE.",
	HeadReady: func(scene string) string {
		return fmt.Sprintf("O livro está pronto para o próximo passo, %s.", scene)
	},
	HeadStopped: func(latest string) string {
		return fmt.Sprintf("A última execução parou depois de %s, sem marcador de pausa.", latest)
	},
	PhApplyAgain:  "aplicar de novo",
	PhSkip:        "pular",
	PhBlocked:     "bloqueada",
	PhRerun:       "rodar de novo",
	PhIfLintFails: "se o lint falhar",
	GridNote:      "retomar",
	RetryAtIn:     func(at, wait string) string { return fmt.Sprintf("; tentar de novo às %s, daqui a %s", at, wait) },
	SafeSince:     func(at string) string { return "; seguro tentar de novo desde " + at },
	PausedAt: func(chapter, scene int, phase string) string {
		return fmt.Sprintf("capítulo %d, cena %d, fase %s", chapter, scene, phase)
	},
	CursorValue: func(id string, chapter, scene int, status, file string) string {
		return fmt.Sprintf("%s (capítulo %d, cena %d), status %s, de %s", id, chapter, scene, status, file)
	},
	CursorFresh: func(id, status, file string) string {
		return fmt.Sprintf("%s (um cursor novo: a primeira cena), status %s, de %s", id, status, file)
	},
	SceneValue: func(id string, chapter, scene int) string {
		return fmt.Sprintf("%s (capítulo %d, cena %d)", id, chapter, scene)
	},
	FlagsValue:  func(args string) string { return args + " (do próprio pickup; o comando do bookforge nunca as leva)" },
	BlockedMore: func(n int) string { return fmt.Sprintf(" (e mais %d; veja o plano)", n) },

	ContinueWhy:      "nenhuma cena espera a decisão de uma pessoa",
	ContinueComplete: "state.json diz que o livro está COMPLETE: não há nada a retomar",
	HintAllDone:      "todas as cenas registradas estão feitas: rode a próxima cena",
	HintReady: func(scene, command string) string {
		return fmt.Sprintf("começar %s, o próximo passo: %s", scene, command)
	},
	HintApplyAgain: func(scene, phase string) string {
		return fmt.Sprintf("retomar %s em %s, que aplica de novo a saída registrada", scene, phase)
	},
	HintFromFirst: func(scene, phase string) string { return fmt.Sprintf("retomar %s da primeira fase, %s", scene, phase) },
	HintSkipping: func(scene, phase string, n int) string {
		return fmt.Sprintf("retomar %s em %s, pulando %s", scene, phase, i18n.Count(n, "fase já feita", "fases já feitas"))
	},
	HintWait:          func(wait string) string { return fmt.Sprintf(" (a pausa de cota pede esperar %s)", wait) },
	WriteRecordPrompt: func(scene, phase string) string { return "registra a mudança de prompt em " + scene + " " + phase },
	WriteMoveEntries: func(n int, scene string) string {
		return fmt.Sprintf("move %s de %s para um arquivo", i18n.Count(n, "entrada do registro", "entradas do registro"), scene)
	},
	WriteAuditNote: "grava uma nota de auditoria do --force-resume",
	ConfirmWrites: func(writes string) string {
		return "Antes de o bookforge rodar, CONTINUE " + writes + " (nada é apagado). Seguir?"
	},
	WhatLedgers: "os registros",
	WhatBoth:    "os registros e o marcador de pausa",
	WhatMarker:  "o marcador de pausa",
	OutDiscard: func(what, book, reset string) string {
		return fmt.Sprintf("Arquivados %s do livro %s. O recomeço do próprio bookforge é `%s` (o pickup não roda o bookforge)", what, book, reset)
	},
	RestartFinishHint: func(at string) string {
		return "concluir o RESTART interrompido em " + at + ": arquivar o marcador de pausa"
	},
	OutRestartFinish: func(book, at, command string) string {
		return fmt.Sprintf("Concluído o RESTART do livro %s interrompido em %s: marcador de pausa arquivado; a cena recomeçada roda de novo desde a primeira fase: %s", book, at, command)
	},
	RestartNoScene: func(reset string) string {
		return "nenhuma cena a recomeçar: todas as cenas registradas estão gravadas (" + reset + " recomeça o livro)"
	},
	RestartNothing: func(scene string) string {
		return fmt.Sprintf("nada a recomeçar: %s não tem registro e não há marcador de pausa; a próxima execução já a começa pela primeira fase", scene)
	},
	RestartHint: func(moves, scene string) string {
		return fmt.Sprintf("arquivar %s e rodar %s de novo desde a primeira fase", moves, scene)
	},
	OutRestart: func(moves, book, scene, command string) string {
		return fmt.Sprintf("Arquivados %s do livro %s; %s roda de novo desde a primeira fase: %s", moves, book, scene, command)
	},
	ReviewHint: "a grade cena x fase, com o motivo de cada veredito",
	DiscardHint: func(what, reset string) string {
		return "arquivar " + what + "; o recomeço do bookforge é `" + reset + "`"
	},
	MoveLedgerOf:    func(scene string) string { return "o registro de " + scene },
	MovePauseMarker: "o marcador de pausa",

	ProbTemplateChanged: func(scene, phase string) string {
		return fmt.Sprintf("bookforge: o template de prompt de %s %s mudou depois que a saída foi gerada.\n", scene, phase)
	},
	ProbFile: func(file, recorded, now string) string {
		return fmt.Sprintf("  arquivo:    %s\n  registrado: %s\n  agora:      %s\n", file, recorded, now)
	},
	ProbSet: func(set string) string {
		return fmt.Sprintf("  (prompt_hash cobre o conjunto de templates %s; qualquer um deles pode ter mudado)\n", set)
	},
	ProbTemplateMissing: func(scene, phase string) string {
		return fmt.Sprintf("bookforge: falta um template de prompt de %s %s.\n", scene, phase)
	},
	ProbPreState: func(scene, phase string) string {
		return fmt.Sprintf("bookforge: o estado de onde %s %s partiu mudou (pre_state_hash).\n", scene, phase)
	},
	ProbEdited: func(scene, phase string) string {
		return fmt.Sprintf("bookforge: uma saída de %s %s foi editada depois de registrada.\n", scene, phase)
	},
	ProbPromptFlag: func(phase string) string {
		return fmt.Sprintf("A retomada não reaproveita saídas feitas com outro prompt. Para aceitar a mudança, rode de novo com\n"+
			"  --resume-allow-prompt-change --reason \"por que o prompt mudou\"\n"+
			"(a mudança fica registrada na entrada do registro), ou rode de novo a partir desta fase com --rerun-from %s.", phase)
	},
	ProbForceFlag: func(hist, phase string) string {
		return fmt.Sprintf("A retomada não constrói sobre isso sem conferir. Para aceitar, rode de novo com --force-resume\n"+
			"(uma nota de auditoria é gravada em %s), ou rode de novo a partir desta fase com --rerun-from %s.", hist, phase)
	},
	ProbOthers: func(n int) string {
		return "\n" + i18n.Count(n, "outra divergência", "outras divergências") + ": `pickup plan` lista todas."
	},

	PromptTitle: func(book string) string { return fmt.Sprintf("# Retomar o livro %s do bookforge\n\n", book) },
	PromptResume: func(scene, phase, reason string) string {
		return fmt.Sprintf("Retome a cena **%s** na fase **%s**: %s.\n\n", scene, phase, reason)
	},
	PromptWait:    func(text string) string { return fmt.Sprintf("> **Espere antes:** %s.\n\n", text) },
	PromptRun:     "Rode:",
	PromptWrites:  "Antes disso, o CONTINUE do pickup faz estas gravações (com --yes):",
	PromptStopped: "## Por que a última execução parou",
	PromptStale:   "## Um marcador de pausa obsoleto (não é o motivo da última parada)",
	PromptByPhase: func(scene string) string { return fmt.Sprintf("## %s, fase a fase", scene) },
	PromptOutputs: "## Saídas a carregar na próxima fase",
	PromptLedger: func(hist, dir string) string {
		return fmt.Sprintf("Pasta dos registros: `%s` (livro `%s`).\n", hist, dir)
	},

	GridTitle: "Cenas × fases", GridTitlePlain: "Cenas x fases", Why: "Por quê", SecWrites: "O que CONTINUE grava",
	SecPause:   func(file string) string { return "Pausa (" + file + ")" },
	SecStale:   func(file string) string { return "Marcador de pausa obsoleto (" + file + ")" },
	LegSkip:    "feita/pular",
	LegRerun:   "refazer",
	LegBlocked: "bloqueada",
	LegMaybe:   "se lint falhar",
	LegNone:    "dispensada",
	ColRepair:  "repair (se o lint falhar)",
	PhasesLine: func(legend string) string { return "Fases: " + legend },
	NoScenes:   "(nenhuma cena registrada ainda)",
	AllSkip: func(scene string) string {
		return fmt.Sprintf("%s: toda fase SKIP (sucesso registrado, artefatos presentes)", scene)
	},
	CommittedLine:  func(scene string) string { return scene + ": gravada antes do cursor; o registro dela é histórico" },
	NothingWritten: "nada: o registro só é lido",

	PlanTitle: func(book, dir string) string {
		return fmt.Sprintf("plano de retomada do bookforge: livro %s (%s)", book, dir)
	},
	PlanFlags: func(flags string) string { return "Flags: " + flags },
	PlanCursor: func(id, status, file string, committed int) string {
		return fmt.Sprintf("Cursor: %s (status %s) de %s; gravadas antes dele: %s", id, status, file, i18n.Count(committed, "cena", "cenas"))
	},
	PlanNoCursor: "Cursor: sem state.json: a cena a retomar é a primeira cujo registro não está completo",
	PlanLint: func(off bool, why string) string {
		if off {
			return "Lint: desligado (" + why + ")"
		}
		return "Lint: ligado (" + why + ")"
	},
	PlanResumeWhy:   func(reason string) string { return "Retomada: " + reason },
	PlanResumeAt:    func(scene, phase string) string { return fmt.Sprintf("Retomada: %s em %s", scene, phase) },
	PlanCommand:     func(command string) string { return "Comando: " + command },
	PlanStale:       func(file string) string { return "Marcador de pausa obsoleto (" + file + "):" },
	PlanNoLedger:    " (ainda sem registro)",
	PlanResumeHere:  "  (retomar aqui)",
	PlanCommitted:   "  (gravada)",
	PlanAfterCursor: "  (depois do cursor)",
	PlanBlocked:     func(n int) string { return fmt.Sprintf("Bloqueadas (%d): CONTINUE precisa de uma flag explícita", n) },
	PlanWrites:      "O que CONTINUE grava:",
	PlanNote:        func(note string) string { return "Nota: " + note },

	PauseUnreadable: func(file, err string) string {
		return fmt.Sprintf("%s: %s; o marcador de pausa é ignorado (DISCARD ainda o arquiva)", file, err)
	},
	PauseNotObject: func(file, kind string) string {
		return fmt.Sprintf("%s: o marcador de pausa é %s, não um objeto; ignorado (DISCARD ainda o arquiva)", file, kind)
	},
	PauseBadCreated: func(file, raw string) string {
		return fmt.Sprintf("%s: created_at %q não é uma hora ISO 8601", file, raw)
	},
	CauseIn:     func(phase string) string { return " em " + phase },
	CauseHTTP:   func(code int, where string) string { return fmt.Sprintf("pausa de cota HTTP %d%s", code, where) },
	CauseQuota:  func(where string) string { return "pausa de cota" + where },
	CauseReason: func(code, where string) string { return "pausa " + code + where },
	CausePause:  func(where string) string { return "pausa" + where },
	LineStale: func(why string) string {
		return "Obsoleto: " + why + "; não é o motivo da parada da última execução (o bookforge só o remove em `bookforge book reset`)"
	},
	LineScene: func(chapter, scene int) string { return fmt.Sprintf(", capítulo %d, cena %d", chapter, scene) },
	LineQuota: func(code int, phase, where, scene string) string {
		return fmt.Sprintf("Pausa de cota: status %d na fase %s%s%s", code, phase, where, scene)
	},
	LineReason: func(code, phase, where, scene string) string {
		return fmt.Sprintf("Pausado: %s na fase %s%s%s", code, phase, where, scene)
	},
	LinePaused: func(phase, where, scene string) string {
		return fmt.Sprintf("Pausado na fase %s%s%s", phase, where, scene)
	},
	LineMessage:  func(m string) string { return "Mensagem: " + m },
	LineQuotaOf:  func(metric string) string { return "Cota: " + metric },
	LineQuotaID:  func(id string) string { return " (id " + id + ")" },
	NoViolations: "Cota: o marcador não lista violações de cota",
	LineDetail:   func(d string) string { return "Detalhe: " + d },
	LinePausedAt: func(at string) string { return "Pausado em: " + at },
	NoRetry:      "Nova tentativa: o marcador não dá hora para tentar de novo",
	RetryUnknown: func(after string) string {
		return fmt.Sprintf("Tentar de novo após: %s (a hora da pausa é desconhecida, então não dá para calcular a hora da nova tentativa)", after)
	},
	RetryWait: func(after, at, wait string) string {
		return fmt.Sprintf("Tentar de novo após: %s, seguro a partir de %s: ainda não, espere %s", after, at, wait)
	},
	RetrySafe: func(after, at string) string {
		return fmt.Sprintf("Tentar de novo após: %s, seguro desde %s", after, at)
	},

	StaleCutShort: func(choice, at string) string {
		return fmt.Sprintf("um %s interrompido em %s o deixou para trás", choice, at)
	},
	NoteAhead: func(scene, cursor string) string {
		return fmt.Sprintf("%s fica depois do cursor do state.json (%s): a próxima execução não chega nela; quando uma chegar, --resume reaproveita as entradas dela", scene, cursor)
	},
	NoteRerunAllFrom: func(from string) string {
		return "--rerun-all já roda a cena inteira de novo: --rerun-from " + from + " não acrescenta nada"
	},
	NoteRerunRepair: "--rerun-from repair: o bookforge só faz repair depois de um relatório de lint que falhou, então a coluna repair segue o relatório de lint",
	NoteNoScene:     "--rerun-from e --rerun-all agem na cena que uma retomada pega; não há nenhuma, e o registro de uma cena gravada nunca é alterado",
	NoteSceneExists: func(file, scene string) string {
		return fmt.Sprintf("%s já existe enquanto o cursor do state.json está em %s: o último commit foi interrompido depois de gravá-lo, e o bookforge para com \"Scene already exists\" ao gravar esta cena de novo; tire esse arquivo do caminho antes (o pickup não mexe nele)", file, scene)
	},
	ReasonComplete: func(n int) string {
		return fmt.Sprintf("state.json diz que o livro está COMPLETE: todas as cenas registradas estão gravadas (%s)", i18n.Count(n, "cena", "cenas"))
	},
	ReasonNoLedger: "nenhuma cena tem registro ainda: a próxima execução começa pela primeira cena",
	ReasonAllDone: func(n int) string {
		return fmt.Sprintf("todas as fases das cenas registradas (%s) estão feitas: a próxima execução começa a cena seguinte", i18n.Count(n, "cena", "cenas"))
	},
	WritePromptText: func(scene, phase, ledger string) string {
		return fmt.Sprintf("registrar prompt_hash_prev, prompt_hash_new e prompt_update_reason em %s %s no arquivo %s (no lugar)", scene, phase, ledger)
	},
	WriteAuditText: func(n int) string {
		return "gravar uma nota de auditoria sobre " + i18n.Count(n, "divergência aceita", "divergências aceitas") + " pelo --force-resume"
	},
	NoteForceNothing: "--force-resume: nenhuma divergência precisou ser forçada, então nenhuma nota de auditoria é gravada",
	NoteReasonAlone:  "--reason é registrado com --resume-allow-prompt-change ou --force-resume; sozinho, não é usado",
	WhyReruns:        func(phase string) string { return phase + " roda de novo" },
	WhoResume:        "bookforge --resume",
	WhoLater:         "um bookforge --resume posterior",
	ArchiveText: func(moved, scene, why, ledger, archive, who, reads string) string {
		return fmt.Sprintf("mover as entradas %s de %s (%s) de %s para %s ao lado: senão %s reaproveitaria %s", moved, scene, why, ledger, archive, who, reads)
	},
	CommittedExists: func(file string) string { return "gravada: " + file + " existe" },
	BeforeCursorNoFile: func(file string) string {
		return "antes do cursor do state.json, mas " + file + " não existe: a execução passou desta cena sem gravar a prosa"
	},
	HistoryCell:         func(what string) string { return "histórico (a cena está gravada): " + what },
	HistSuccess:         "sucesso",
	HistStatus:          func(status string) string { return fmt.Sprintf("status registrado %q", status) },
	HistAt:              func(at string) string { return " em " + at },
	ReportFailCommitted: "; o relatório diz fail (gravada mesmo assim, como BOOKFORGE_LINT_MODE=warn permite)",
	ReportSays:          func(status string) string { return fmt.Sprintf("; o relatório diz %s", status) },
	NoRepairEntry:       "sem entrada de repair: o lint passou na primeira vez",
	NoLintEntry:         "sem entrada de lint: a cena rodou com o lint desligado",
	NoEntryHistory:      "nenhuma entrada registrada (histórico)",
	LintOffCell: func(why string) string {
		return "lint desligado (" + why + "): o bookforge não registra lint e segue para o commit"
	},
	RerunAllCell:  "--rerun-all: o comando tira o --resume, então o bookforge ignora o registro desta cena e roda todas as fases de novo",
	RerunFromCell: func(from string) string { return "--rerun-from " + from + ": rodar de novo a pedido" },
	EntryMoves:    "; a entrada do registro vai para um arquivo ao lado do registro",
	RepairBroken: func(why string) string {
		return "a entrada de repair em que se apoia não pode ser reaproveitada (" + why + "): state_repair roda de novo sobre a prosa do write"
	},
	NotCommittedCursor: "ainda não gravada: o cursor do state.json está nesta cena",
	NotCommittedNotYet: "ainda não gravada: o cursor não chegou a esta cena",
	PausedHere:         func(cause string) string { return "; a execução pausou aqui (" + cause + ")" },
	PlanCardReuse: func(card, ledger string) string {
		return fmt.Sprintf("state.json plan.scene_card (%s) é o cartão desta cena: bookforge --resume o reaproveita (o registro: %s)", card, ledger)
	},
	LintReportUnreadable: func(path, err string) string {
		return fmt.Sprintf("não dá para ler o relatório de lint %s (%s): bookforge --resume pararia nele", path, err)
	},
	Cascade: func(phase string, blocked bool) string {
		if blocked {
			return fmt.Sprintf("depois de %s, que está bloqueada", phase)
		}
		return fmt.Sprintf("depois de %s, que roda de novo", phase)
	},
	UpstreamWhat: func(at, prev, next, reason string) string {
		return fmt.Sprintf("o prompt de %s mudou (%s -> %s, motivo: %s) depois que esta saída foi gerada", at, prev, next, reason)
	},
	UpstreamRerun: func(what string) string { return what + "; roda de novo (--force-resume a mantém)" },
	UpstreamForced: func(what, reason string) string {
		return "forçada por --force-resume: mantida embora " + what + "; " + reason
	},
	RepairLintOff: "sem lint, então sem repair (lint desligado)",
	RepairMaybe:   "roda só se o próximo lint falhar",
	RepairEarlier: "; o repair registrado é de uma passada anterior",
	RepairLintFail: func(path string) string {
		return fmt.Sprintf("o relatório de lint %s diz fail: o bookforge faz repair e depois roda state_repair e lint de novo", path)
	},
	RepairPassed: func(path, status string) string {
		return fmt.Sprintf("o lint passou (o relatório %s diz %q): sem repair", path, status)
	},
	RepairNoStatus: func(path string) string {
		return fmt.Sprintf("o relatório de lint %s não registra status, o que o bookforge conta como aprovado: sem repair", path)
	},
	RepairAfter: "; o lint passou depois dele",
	DurableAgain: func(what string) string {
		return fmt.Sprintf("a aplicação do estado durável dela pausou a última execução (%s); a próxima execução a aplica de novo e pausa outra vez, a menos que isso seja corrigido", what)
	},
	DurableReused: func(again, reason string) string { return "reaproveitada, e " + again + "; " + reason },
	CommittedNoEntry: func(file string) string {
		return "gravada: " + file + " existe (apply/commit não guarda entrada no registro)"
	},
	NotCommittedFile: func(file string) string { return fmt.Sprintf("ainda não gravada: %s não existe", file) },
	NoEntryPaused: func(cause string) string {
		return fmt.Sprintf("sem entrada no registro: a execução pausou aqui (%s)", cause)
	},
	NoEntry: func(phase string) string {
		return fmt.Sprintf("sem entrada no registro: %s ainda não teve sucesso", phase)
	},
	NoStatus:  "a entrada não registra status",
	BadStatus: func(status string) string { return fmt.Sprintf("status registrado %q, não success", status) },
	ArtifactNotRecorded: func(keys string) string {
		return fmt.Sprintf("artefato não registrado: %s", keys)
	},
	ArtifactUnreadable: func(path, err string) string { return fmt.Sprintf("artefato ilegível: %s (%s)", path, err) },
	ArtifactMissing:    func(path string) string { return fmt.Sprintf("artefato ausente: %s", path) },
	NeedsReason:        `; --resume-allow-prompt-change também precisa de --reason "..." (o motivo fica registrado)`,
	PreStateNoPath:     "pre_state_hash está registrado sem pre_state_path, então não dá para conferi-lo",
	PreStateMissing: func(path, recorded string) string {
		return fmt.Sprintf("arquivo pre_state ausente: %s (registrado %s)", path, recorded)
	},
	PreStateChanged: func(old, now, path string) string {
		return fmt.Sprintf("pre_state_hash mudou (%s -> %s) para %s", old, now, path)
	},
	ArtifactChanged: func(path, old, now string) string {
		return fmt.Sprintf("artefato alterado: %s (%s -> %s)", path, old, now)
	},
	UseForce:        "; use --force-resume para aceitar",
	AndMore:         func(n int) string { return fmt.Sprintf(" (e mais %d)", n) },
	SuccessAt:       func(at string) string { return "sucesso em " + at },
	RecordedSuccess: "sucesso registrado",
	Present:         func(keys string) string { return keys + " presente" },
	HashesMatch:     "hashes conferem",
	PromptAccepted: func(prev, next, reason, files, why string) string {
		return fmt.Sprintf("mudança de prompt aceita (%s -> %s, motivo: %s): %s; %s", prev, next, reason, files, why)
	},
	PromptEarlier: func(prev, next, reason, why string) string {
		return fmt.Sprintf("mudança de prompt registrada antes (%s -> %s, motivo: %s); %s", prev, next, reason, why)
	},
	ForcedBy: func(texts, why string) string { return "forçada por --force-resume: " + texts + "; " + why },
	TemplateMissingText: func(file, recorded string) string {
		return fmt.Sprintf("template ausente: %s (registrado %s)", file, recorded)
	},
	TemplateChangedText: func(file, old, now string) string {
		return fmt.Sprintf("template alterado: %s (%s -> %s)", file, old, now)
	},
	TemplateAccept: func(phase string) string {
		return fmt.Sprintf(`; use --resume-allow-prompt-change --reason "..." para aceitar, ou --rerun-from %s`, phase)
	},
	WithOthers:    func(others string) string { return " com " + others },
	FolderNotFile: "uma pasta, não um arquivo",

	StateBad: func(file, err string) string {
		return fmt.Sprintf("%s: %s; o bookforge não roda até isso ser corrigido, e o pickup pega a cena a retomar dos registros", file, err)
	},
	StateNotObject: func(file, kind string) string {
		return fmt.Sprintf("%s: o estado é %s, não um objeto; o bookforge não roda até isso ser corrigido, e o pickup pega a cena a retomar dos registros", file, kind)
	},
	ReportNotObject: func(kind string) string { return "o relatório é " + kind + ", não um objeto" },
	LintOffEnv:      func(env string) string { return env + "=off neste ambiente" },
	LintEnvIs:       func(env, mode string) string { return env + " é " + mode + " neste ambiente" },
	LintUnknownMode: func(env, raw string) string {
		return "warn (" + env + "=" + raw + " não é um modo que o bookforge conheça)"
	},
	LintOffHistory: func(n int, env string) string {
		return fmt.Sprintf("%s state_repair mas nenhum lint: rodaram com %s=off", i18n.Count(n, "cena gravada registrou", "cenas gravadas registraram"), env)
	},
	LintDefault:   "o padrão do bookforge",
	StaleComplete: "state.json diz que o livro está COMPLETE",
	StaleBehind: func(scene, cursor string) string {
		return fmt.Sprintf("ele aponta %s, atrás do cursor do state.json (%s): essa cena foi gravada depois", scene, cursor)
	},
	StaleLater: func(where, at, created string) string {
		return fmt.Sprintf("uma execução posterior registrou %s em %s, depois do created_at %s do marcador", where, at, created)
	},
	CutShort: func(choice, at, from, moved, file string) string {
		return fmt.Sprintf("um %s em %s foi interrompido: moveu %s para %s mas deixou o marcador de pausa %s no lugar (de antes do %s, então não é o motivo de nenhuma parada). Escolha %s de novo para concluí-lo (ele arquiva o marcador), ou mova %s de volta para %s para desfazê-lo",
			choice, at, from, moved, file, choice, choice, moved, from)
	},

	FolderLikeLedger: func(path, scene string) string {
		return fmt.Sprintf("%s: uma pasta com nome de registro, não um registro; ignorada (não lida como a cena %s)", path, scene)
	},
	SecondLedger: func(path, scene string) string {
		return fmt.Sprintf("%s: um segundo registro para %s; ignorado", path, scene)
	},
	BookIDMismatch: func(file, id, name string) string {
		return fmt.Sprintf("%s: book_id %q não é o nome da pasta deste livro, %q", file, id, name)
	},
	ArtifactGone: func(scene, phase, key, path string) string {
		return fmt.Sprintf("%s %s: o artefato registrado %s está ausente: %s (não é exigido para pular a fase)", scene, phase, key, path)
	},
	PromptHashNoSet: func(scene, phase string) string {
		return fmt.Sprintf("%s %s: prompt_hash está registrado sem template_set, então não dá para conferir o prompt", scene, phase)
	},
	LedgerBad: func(err, scene string) string {
		return fmt.Sprintf("%s; lido como registro vazio (toda fase de %s roda de novo)", err, scene)
	},
	LedgerNotObject: func(kind, scene string) string {
		return fmt.Sprintf("o registro é %s, não um objeto; lido como registro vazio (toda fase de %s roda de novo)", kind, scene)
	},
	KeyRepeated: func(key string, line int) string {
		return fmt.Sprintf("a chave %q (linha %d) se repete; vale a última", key, line)
	},
	SceneIDMismatch: func(id string) string {
		return fmt.Sprintf("scene_id %q não bate com o nome do arquivo; vale o nome do arquivo", id)
	},
	NoPhases: func(scene string) string {
		return fmt.Sprintf("sem objeto phases; lido como registro vazio (toda fase de %s roda de novo)", scene)
	},
	PhasesNotObject: func(kind, scene string) string {
		return fmt.Sprintf("phases é %s, não um objeto; lido como registro vazio (toda fase de %s roda de novo)", kind, scene)
	},
	NotPipelinePhase: func(key string) string { return fmt.Sprintf("a fase %q não é uma fase do pipeline; ignorada", key) },
	PhaseNotObject: func(key, kind string) string {
		return fmt.Sprintf("a fase %q é %s, não um objeto; lida como sem entrada", key, kind)
	},
	PhasesBoth: func(a, b, phase string) string {
		return fmt.Sprintf("as fases %q e %q são ambas %s; vale a última", a, b, phase)
	},

	KindObject: "um objeto", KindArray: "uma lista", KindString: "um texto", KindNumber: "um número", KindBool: "um booleano",
	JSONError: func(line int, msg string) string { return fmt.Sprintf("JSON inválido na linha %d: %s", line, msg) },
	Syntax: map[string]string{
		"the file is empty":                                 "o arquivo está vazio",
		"a string is not valid UTF-8":                       "um texto não é UTF-8 válido",
		"not valid JSON":                                    "JSON inválido",
		"unexpected end of file":                            "fim de arquivo inesperado",
		"expected a quoted key":                             "esperava uma chave entre aspas",
		"expected ',' or '}' after a value":                 "esperava ',' ou '}' depois de um valor",
		"unexpected end of file inside an object":           "fim de arquivo inesperado dentro de um objeto",
		"expected ':' after a key":                          "esperava ':' depois de uma chave",
		"expected ',' or ']' in an array":                   "esperava ',' ou ']' numa lista",
		"unexpected end of file inside an array":            "fim de arquivo inesperado dentro de uma lista",
		"unexpected %s after the document":                  "%s inesperado depois do documento",
		"unexpected %s":                                     "%s inesperado",
		"a control character inside a string":               "um caractere de controle dentro de um texto",
		"a string is not closed":                            "um texto não foi fechado",
		"invalid string: %s in an escape":                   "texto inválido: %s num escape",
		"invalid number":                                    "número inválido",
		"unexpected %s in a literal (true, false or null)":  "%s inesperado num literal (true, false ou null)",
		fmt.Sprintf("nested more than %d levels", maxDepth): fmt.Sprintf("aninhado em mais de %d níveis", maxDepth),
	},

	NothingWasWritten: func(what string) string { return what + "; nada foi gravado" },
	NoPlan:            "bookforge: a sessão não tem plano; nada foi gravado",
	NoReadableLedger: func(hist, scene string) string {
		return fmt.Sprintf("bookforge: %s: nenhum registro legível para %s; nada foi gravado", hist, scene)
	},
	NoSceneRestart: func(dir string) string { return "bookforge: " + dir + ": nenhuma cena a recomeçar; nada foi movido" },
	NothingMoved: func(dir, scene string) string {
		return "bookforge: " + dir + ": " + scene + " não tem registro e não há marcador de pausa; nada foi movido"
	},
	NothingToArchive: func(dir string) string { return "bookforge: " + dir + ": nada a arquivar" },
	UnknownChoice:    func(c string) string { return fmt.Sprintf("bookforge: escolha desconhecida %q", c) },
	NotLedgerOrPause: func(path string) string {
		return fmt.Sprintf("bookforge: %s não é a pasta de registros nem o marcador de pausa de um livro", path)
	},
	Project:            func(path string) string { return "projeto " + path },
	NothingMoreWritten: "; nada mais foi gravado",
	Entry:              func(key string) string { return fmt.Sprintf("entrada %q", key) },
	EntryGone: func(file, key string) string {
		return fmt.Sprintf("bookforge: %s: a entrada %q sumiu; nada mais foi gravado", file, key)
	},
	CannotRemove:      func(key string) string { return fmt.Sprintf("não foi possível remover a entrada %q", key) },
	CannotDropRepeats: func(key string) string { return fmt.Sprintf("não foi possível descartar as repetições de %q", key) },
	BuildingJSON:      "montando o JSON",
	LayingOutJSON:     "formatando o JSON",
	LedgerMovedAlready: func(scene, to string) string {
		return fmt.Sprintf(" (o registro de %s já foi movido para %s: RESTART de novo termina a tarefa)", scene, to)
	},
	MovedAlready: func(from, to string) string { return fmt.Sprintf(" (%s já foi movido para %s)", from, to) },
}
