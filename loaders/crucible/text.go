package crucible

import (
	"fmt"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Text is the words of seed 004's replay plan (`pickup plan`, the
// REVIEW dashboard's "Replay plan" block) in each language pickup
// speaks: the headings, labels and table heads, and the plan's own
// fixed phrases. Each row's Why, the compression-state block and the
// prompt (the agent's) are English.
type Text struct {
	Title, Source, Original, Session, Started, CrashedAt, ResumePoint, WorkPreserved string
	Fallbacks, Staying, Skip, ReExecute, Mutations                                   string
	SkipHead, ReExecuteHead                                                          string
	NothingToSkip, NoPhaseBefore, NotRecorded, ImpliedWhy, NothingToReExecute        string
	Unknown, NoEntry, NoneEnd                                                        string
	Boundary                                                                         func(phase string) string
	Restored                                                                         func(reason, short, taken string) string
	NotRestored                                                                      func(boundary, why string) string
	Requested                                                                        func(flags string) string
	NonePreserved                                                                    string
	OnePhase                                                                         func(text, phase string) string
	Phases                                                                           func(text, from, to string) string
	StayingErr                                                                       func(reason, err string) string
	StayingHead                                                                      func(short, reason string, n int) string
	StayingMore                                                                      func(n int) string
	// The dashboard's compact plan.
	SectionTitle, FellBack, Mutation string
	SkipReExecute                    func(skip, reExecute int) string
	AndMore                          func(n int) string
	StartsFresh                      string

	Says
	DiffText
	ErrText
}

// Catalogs are the replay plan's words by language (loaders.Options.Lang).
var Catalogs = i18n.Catalogs[Text]{i18n.English: &english, i18n.PortugueseBR: &portuguese}

var english = Text{
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
	Boundary:           func(phase string) string { return phase + " boundary" },
	Restored: func(reason, short, taken string) string {
		return reason + ", checkpoint " + short + " taken " + taken
	},
	NotRestored:   func(boundary, why string) string { return boundary + "; not restored: " + why },
	Requested:     func(flags string) string { return "; requested with " + flags },
	NonePreserved: "none (no phase before the resume point)",
	OnePhase:      func(text, phase string) string { return text + " (phase " + phase + ")" },
	Phases:        func(text, from, to string) string { return text + " (phases " + from + " through " + to + ")" },
	StayingErr: func(reason, err string) string {
		return "The files created after checkpoint " + reason + " could not be listed (" + err + "); the restore deletes none of them."
	},
	StayingHead: func(short, reason string, n int) string {
		return fmt.Sprintf("`git checkout %s -- .` writes checkpoint %s's files and deletes nothing: these %s created after it stay as they are.", short, reason, i18n.Count(n, "file", "files"))
	},
	StayingMore:  func(n int) string { return fmt.Sprintf("- … and %d more (`pickup plan --json` lists them all)", n) },
	SectionTitle: "Replay plan",
	FellBack:     "Fell back",
	Mutation:     "Mutation",
	SkipReExecute: func(skip, re int) string {
		return fmt.Sprintf("Skip %s, re-execute %d:", i18n.Count(skip, "dispatch", "dispatches"), re)
	},
	AndMore:     func(n int) string { return fmt.Sprintf("… and %d more", n) },
	StartsFresh: "no dispatch recorded, starts fresh",
	Says:        englishSays,
	DiffText:    englishDiff,
	ErrText:     englishErrs,
}

var portuguese = Text{
	Title: "# Plano de Replay (dry-run)", Source: "Origem", Original: "Pipeline original", Session: "Sessão", Started: "Início",
	CrashedAt: "Crashou em", ResumePoint: "Ponto de retomada", WorkPreserved: "Trabalho preservado",
	Fallbacks: "## Recuos da verificação", Staying: "## Arquivos que a restauração deixa no lugar",
	Skip: "## Despachos a pular (verificados completos)", ReExecute: "## Despachos a executar de novo", Mutations: "## Mutações de template",
	SkipHead:           "| Seq | Papel | Fase | Resumo | Por quê |",
	ReExecuteHead:      "| Seq | Papel | Fase | Status original | Template | Por quê |",
	NothingToSkip:      "nada a pular",
	NoPhaseBefore:      "nenhuma fase antes do ponto de retomada",
	NotRecorded:        "não registrado",
	ImpliedWhy:         "a fase foi alcançada, mas nenhum despacho foi registrado: os despachos dela começam do zero",
	NothingToReExecute: "nada a executar de novo",
	Unknown:            "desconhecido",
	NoEntry:            "desconhecido (o manifesto não tem nenhuma entrada)",
	NoneEnd:            "nenhum: todo despacho registrado terminou, nada a executar de novo",
	Boundary:           func(phase string) string { return "fronteira da " + phase },
	Restored: func(reason, short, taken string) string {
		return reason + ", checkpoint " + short + " tirado em " + taken
	},
	NotRestored:   func(boundary, why string) string { return boundary + "; não restaurado: " + why },
	Requested:     func(flags string) string { return "; pedido com " + flags },
	NonePreserved: "nenhum (nenhuma fase antes do ponto de retomada)",
	OnePhase:      func(text, phase string) string { return text + " (fase " + phase + ")" },
	Phases:        func(text, from, to string) string { return text + " (fases " + from + " a " + to + ")" },
	StayingErr: func(reason, err string) string {
		return "Os arquivos criados depois do checkpoint " + reason + " não puderam ser listados (" + err + "); a restauração não apaga nenhum deles."
	},
	StayingHead: func(short, reason string, n int) string {
		return fmt.Sprintf("`git checkout %s -- .` grava os arquivos do checkpoint %s e não apaga nada: %s depois dele ficam como estão.", short, reason, i18n.Count(n, "arquivo criado", "arquivos criados"))
	},
	StayingMore:  func(n int) string { return fmt.Sprintf("- … e mais %d (`pickup plan --json` lista todos)", n) },
	SectionTitle: "Plano de replay",
	FellBack:     "Recuou",
	Mutation:     "Mutação",
	SkipReExecute: func(skip, re int) string {
		return fmt.Sprintf("Pular %s, executar %d de novo:", i18n.Count(skip, "despacho", "despachos"), re)
	},
	AndMore:     func(n int) string { return fmt.Sprintf("… e mais %d", n) },
	StartsFresh: "nenhum despacho registrado, começa do zero",
	Says:        portugueseSays,
	DiffText:    portugueseDiff,
	ErrText:     portugueseErrs,
}

// text is the plan's words: its loader's language, else English.
func (pl *ReplayPlan) text() *Text {
	if pl.tx != nil {
		return pl.tx
	}
	return &english
}
