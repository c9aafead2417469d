package kiln

import (
	"fmt"
	"strings"
)

// FText is the sentences of kiln 3.1's .kiln/STATE.md (era F): its
// routing (what each next_action template resumes, and why), the REVIEW
// sections, the plan, the prompt, the menu, and the warnings about the
// files beside it. Values read from kiln's files (next_action, blockers,
// slice and stage names, verdicts) are arguments and stay as written;
// free text among them (an unknown next_action, a template's detail or
// question) arrives quoted, «…» (routeF), so no sentence here turns it
// into an order.
type FText struct {
	// Routing: where a resume lands.
	Stage                               func(stage string) string
	Slice                               func(slice string) string
	Fire                                func(project string) string
	WhyRelaunchRunning                  func(slice, stage string) string
	WhyStageFinished                    func(done, next string) string
	ContinueRelaunch                    func(fire, stage string) string
	WhereComplete                       string
	WhyComplete, WhyCompleteNoReport    string
	ContinueComplete                    string
	WhyRerun                            func(stage string) string
	RerunTail                           func(stage string) string
	ContinueRerun                       func(stage, fire string) string
	WhyTransport                        string
	TransportTail                       func(stage string) string
	ContinueTransport                   func(fire, stage string) string
	GateTool                            func(path string) string
	WhyGateTool                         func(hold, stage string) string
	QuestionGateTool                    func(hold string) string
	ContinueGateTool                    func(hold, fire, stage string) string
	WhereReopen                         func(stage, slice string) string
	WhyReopen                           func(at, slice string) string
	ContinueReopen                      func(slice, fire, stage string) string
	WaitingRuling                       string
	WhyRuling                           func(question string) string
	Blockers                            func(blockers []string) string
	ContinueRuling                      func(question, fire, stage string) string
	WaitingAnswer                       string
	WhyAcknowledge                      func(stage string) string
	QuestionAcknowledge                 string
	ContinueAcknowledge                 func(fire, stage string) string
	Held                                string
	WhyCodex                            string
	LawCodex                            string
	QuestionCodex                       func(stage string) string
	ContinueCodex                       func(fire, stage string) string
	WhereOnboarding                     string
	WhyOnboarding                       func(missing string) string
	SourceIdea                          string
	SourceLedger                        func(ledger string) string
	QuestionOnboarding                  func(source string) string
	ContinueOnboarding                  func(missing, source string) string
	WhyUnknown                          func(next string) string
	ContinueUnknown                     func(next, fire string) string
	DecideFirst                         func(question string) string
	Degraded                            string
	Planned, Active, AuditAccepted      string
	Sealed                              func(how string) string
	Reopened                            func(at string) string
	Routing                             string
	SlicesTitle                         func(sealed, planned int) string
	SlicesNone                          string
	NoSlicePlanned, NoSlicesYet         string
	VerdictTitle                        func(name string) string
	Verdict, Blocker, Finding           func(v string) string
	FindingAt                           func(id, location, failure string) string
	Markers, Report, ReportEmpty        string
	CutShortTitle, Pointers, NoPointers string
	PointerAbsent, PointerOutside       string
	PointerPresent                      string
	PlanSlices                          func(sealed, planned int) string
	ContinueWritesNothing               string

	// The prompt.
	PromptTitle       func(project string) string
	PromptRun         func(project string) string
	PromptResumePoint func(where, why string) string
	PromptDecide      func(question string) string
	PromptSlices      func(sealed, planned int) string
	PromptPointers    string
	PromptAbove       func(p string) string
	PromptOutside     func(p string) string
	PromptProjectFile func(p string) string
	PromptAbsent      func(p string) string

	// The menu.
	RestartHint, RestartDisabled       string
	RunHint                            func(where string) string
	CompleteHint, CompleteDisabled     string
	CompleteReview                     string
	AnswerLabel, AnswerHint, AnswerWhy string
	RestoreLabel                       func(hold string) string
	RestoreHint                        string

	// A STATE.md that cannot be resumed.
	StageMissing, NextMissing string
	BadStage                  func(value, stages string) string
	NeverWritten              func(tmp string) string
	CannotResume              func(problems string) string

	// Warnings and alerts.
	StageWritten       func(value, read string) string
	NoLine             func(key string) string
	UnknownKey         func(key string) string
	SetTwice           func(key string) string
	UpdatedPlaceholder string
	UpdatedNotISO      func(value string) string
	Density            func(value string) string
	SealsElsewhere     func(value string) string
	CannotRead         func(path, err string) string
	SealsUnplanned     func(slice string) string
	SealsAs            func(slice, how string) string
	CutShort           func(tmp, at, would string) string
	WouldHaveSaid      func(next string) string
	NotSlices          func(path, err string) string
	NotSlice           func(path string, n int) string
	NotVerdict         func(path, err string) string
	// Symlink refuses a symbolic link beside kiln's state.
	Symlink func(path string) string
	// LastActionCut is the session's last action when a STATE.md write
	// was cut short.
	LastActionCut string
}

var englishF = FText{
	Stage: func(stage string) string { return "stage " + stage },
	Slice: func(slice string) string { return ", slice " + slice },
	Fire: func(project string) string {
		return "run /kiln-fire in " + project + " (bare: kiln reads .kiln/STATE.md once and writes nothing back)"
	},
	WhyRelaunchRunning: func(slice, stage string) string {
		return fmt.Sprintf("slice %s was sealed and the kernel went on to the next slice; no later state was written: relaunch stage %s (sealed slices are skipped)", slice, stage)
	},
	WhyStageFinished: func(done, next string) string {
		return fmt.Sprintf("stage %s finished; the next stage is %s", done, next)
	},
	ContinueRelaunch:    func(fire, stage string) string { return "To resume, " + fire + ": it relaunches stage " + stage + "." },
	WhereComplete:       "complete",
	WhyComplete:         "the run is complete: every stage ran and report.md is written",
	WhyCompleteNoReport: "STATE.md says the run is complete, but .kiln/report.md is empty or missing",
	ContinueComplete:    "The run is complete; nothing is resumed. The report is .kiln/report.md.",
	WhyRerun:            func(stage string) string { return "stage " + stage + " did not return sound work" },
	RerunTail:           func(stage string) string { return ": rerun stage " + stage },
	ContinueRerun:       func(stage, fire string) string { return "To rerun stage " + stage + ", " + fire + "." },
	WhyTransport:        "the review transport failed",
	TransportTail:       func(stage string) string { return ": fix the transport, then rerun stage " + stage },
	ContinueTransport: func(fire, stage string) string {
		return "Fix the transport first (codex login, network), then " + fire + ": it reruns stage " + stage + "."
	},
	GateTool: func(path string) string { return "the gate tool at " + path },
	WhyGateTool: func(hold, stage string) string {
		return "held: " + hold + " is unreachable (not found or not executable); restore it, then rerun stage " + stage
	},
	QuestionGateTool: func(hold string) string { return "Restore " + hold + " (reinstall or update the kiln plugin)." },
	ContinueGateTool: func(hold, fire, stage string) string {
		return "Restore " + hold + " first, then " + fire + ": it reruns stage " + stage + "."
	},
	WhereReopen: func(stage, slice string) string { return "stage " + stage + ", reopen slice " + slice },
	WhyReopen: func(at, slice string) string {
		return fmt.Sprintf("the LAW is red at %s for sealed slice %s: the slice is reopened", at, slice)
	},
	ContinueReopen: func(slice, fire, stage string) string {
		return "To reopen slice " + slice + ", " + fire + ": it reruns stage " + stage + "."
	},
	WaitingRuling: ", waiting for a ruling",
	WhyRuling:     func(q string) string { return "a person must rule: " + q },
	Blockers:      func(b []string) string { return ". Blockers: " + strings.Join(b, "; ") },
	ContinueRuling: func(q, fire, stage string) string {
		return "Answer the ruling first (" + q + "), then " + fire + ": it relaunches stage " + stage + "."
	},
	WaitingAnswer: ", waiting for an answer",
	WhyAcknowledge: func(stage string) string {
		return "codex stopped answering: a person must answer continue to go on single-family (every seal from here says single-family), then relaunch stage " + stage
	},
	QuestionAcknowledge: "Codex is not answering. Go on single-family? kiln asks you to answer continue.",
	ContinueAcknowledge: func(fire, stage string) string {
		return "Answer continue to kiln's single-family question, then " + fire + ": it relaunches stage " + stage + "."
	},
	Held:     ", held",
	WhyCodex: "held until codex answers again",
	LawCodex: "the LAW needs an opposite-family ratifier and codex is not answering",
	QuestionCodex: func(stage string) string {
		return "Restore codex (install it, or codex login), then rerun stage " + stage + "."
	},
	ContinueCodex: func(fire, stage string) string {
		return "Restore codex first, then " + fire + ": it reruns stage " + stage + "."
	},
	WhereOnboarding: "onboarding",
	WhyOnboarding:   func(m string) string { return "the LAW stage halted on a missing onboarding output: " + m },
	SourceIdea:      "relaunch with your idea, /kiln-fire <idea>, so onboarding compiles it again",
	SourceLedger: func(ledger string) string {
		return "relaunch so the vision compiler reads the sealed brainstorm ledger (" + ledger + ") again, or /kiln-fire <idea> to start from an idea"
	},
	QuestionOnboarding: func(source string) string {
		return "kiln cannot recompile onboarding on a bare resume: " + source + "."
	},
	ContinueOnboarding: func(m, source string) string { return "Onboarding must run again (" + m + "): " + source + "." },
	WhyUnknown: func(next string) string {
		return "the recorded next_action, not one of kiln's templates, reads: " + next
	},
	ContinueUnknown: func(next, fire string) string {
		return "To resume, " + fire + "; the recorded next_action, not one of kiln's templates, reads: " + next + "; check it before acting."
	},
	DecideFirst:   func(q string) string { return "Decide first: " + q },
	Degraded:      "single-family (codex degraded)",
	Planned:       "planned",
	Active:        ", active",
	AuditAccepted: ", milestone audit accepted",
	Sealed:        func(how string) string { return "sealed " + how },
	Reopened:      func(at string) string { return ", reopened (LAW red at " + at + ")" },
	Routing:       "Routing",
	SlicesTitle: func(s, p int) string {
		return fmt.Sprintf("Slices: %d/%d sealed (.kiln/seals.log, .kiln/slices.json)", s, p)
	},
	SlicesNone:     "Slices",
	NoSlicePlanned: ".kiln/slices.json plans no slice.",
	NoSlicesYet:    "No .kiln/slices.json yet: the LAW has not planned the slices.",
	VerdictTitle:   func(name string) string { return "Verdict (.kiln/" + name + ")" },
	Verdict:        func(v string) string { return "verdict: " + v },
	Blocker:        func(v string) string { return "blocker: " + v },
	Finding:        func(v string) string { return "finding: " + v },
	FindingAt:      func(id, loc, failure string) string { return id + " at " + loc + ": " + failure },
	Markers:        "Markers (.kiln)",
	Report:         "Report (.kiln/report.md)",
	ReportEmpty:    "report.md is empty or missing.",
	CutShortTitle:  "A write cut short (.kiln/" + StateTmp + ")",
	Pointers:       "Pointers",
	NoPointers:     "STATE.md lists no pointers.",
	PointerAbsent:  "absent", PointerOutside: "outside the project, not looked at", PointerPresent: "present",
	PlanSlices:            func(s, p int) string { return fmt.Sprintf("Slices (%d/%d sealed):", s, p) },
	ContinueWritesNothing: "CONTINUE writes nothing: kiln 3.1 resumes from STATE.md as it is.",

	PromptTitle: func(p string) string { return "# Resume kiln run: " + p },
	PromptRun: func(p string) string {
		return "Run `/kiln-fire` (bare, no arguments) in " + p + ". kiln reads .kiln/STATE.md once and writes nothing back."
	},
	PromptResumePoint: func(where, why string) string { return "Resume point: " + where + ": " + why + "." },
	PromptDecide:      func(q string) string { return "Before relaunching, a person must decide: " + q },
	PromptSlices:      func(s, p int) string { return fmt.Sprintf("## Slices (%d/%d sealed)", s, p) },
	PromptPointers:    "## Pointers (the files STATE.md names)",
	PromptAbove:       func(p string) string { return "- " + p + " (above)" },
	PromptOutside:     func(p string) string { return "- " + p + " (outside the project: not read)" },
	PromptProjectFile: func(p string) string { return "- " + p + " (a project file: read it there)" },
	PromptAbsent:      func(p string) string { return p + " is absent or unreadable." },

	RestartHint:      "restart a stage",
	RestartDisabled:  "kiln 3.1 has no reset: /kiln-fire reruns the stage and skips sealed slices; DISCARD archives .kiln to start over",
	RunHint:          func(where string) string { return "run /kiln-fire: " + where },
	CompleteHint:     "the run is complete",
	CompleteDisabled: "the run is complete (report.md is written): there is nothing to resume",
	CompleteReview:   "the run is complete: there is only its report to read",
	AnswerLabel:      "Answer, then relaunch (/kiln-fire)",
	AnswerHint:       "a person decides first (the question is above)",
	AnswerWhy:        "kiln holds until a person answers",
	RestoreLabel:     func(hold string) string { return "Restore " + hold + ", then relaunch (/kiln-fire)" },
	RestoreHint:      "kiln holds until it is back",

	StageMissing: "stage is missing",
	NextMissing:  "next_action is missing",
	BadStage:     func(v, stages string) string { return fmt.Sprintf("stage is %q, not one of %s", v, stages) },
	NeverWritten: func(tmp string) string {
		return "STATE.md was never written: its first write was cut short, and only " + tmp + " holds it"
	},
	CannotResume: func(problems string) string {
		return "kiln's .kiln/STATE.md cannot be resumed: " + problems + ".\n" +
			"kiln 3.1 rewrites it at its next stop; to start over, DISCARD archives .kiln so a bare /kiln-fire begins fresh."
	},

	StageWritten:       func(v, read string) string { return fmt.Sprintf("STATE.md's stage is written %q; read as %q", v, read) },
	NoLine:             func(k string) string { return "STATE.md has no " + k + " line" },
	UnknownKey:         func(k string) string { return "STATE.md has a " + k + " line, which is not one of kiln 3.1's keys" },
	SetTwice:           func(k string) string { return "STATE.md sets " + k + " more than once; the first one is used" },
	UpdatedPlaceholder: "STATE.md's updated_at is the unfilled placeholder {updated_at}: its write stopped before the time was stamped",
	UpdatedNotISO:      func(v string) string { return fmt.Sprintf("STATE.md's updated_at %q is not an ISO-8601 time", v) },
	Density:            func(v string) string { return fmt.Sprintf("STATE.md's density %q is not broad or engineer", v) },
	SealsElsewhere: func(v string) string {
		return "STATE.md names its seals as " + v + "; kiln 3.1 always keeps them in .kiln/seals.log, which is what is read"
	},
	CannotRead: func(p, err string) string { return "cannot read " + p + ": " + err },
	SealsUnplanned: func(id string) string {
		return ".kiln/seals.log seals " + id + ", which .kiln/slices.json does not plan"
	},
	SealsAs: func(id, w string) string {
		return fmt.Sprintf(".kiln/seals.log seals %s as %q, not dual or single-family", id, w)
	},
	CutShort: func(tmp, at, would string) string {
		return fmt.Sprintf("a STATE.md write was cut short (.kiln/%s left at %s, never renamed): STATE.md holds the state before it%s", tmp, at, would)
	},
	WouldHaveSaid: func(n string) string { return "; it would have said next_action: " + n },
	NotSlices:     func(p, err string) string { return p + ": not a JSON array of slices: " + err },
	NotSlice: func(p string, n int) string {
		return fmt.Sprintf("%s: slice %d is neither an id nor {id, surface, milestone}", p, n)
	},
	NotVerdict: func(p, err string) string { return p + ": not a review verdict: " + err },
	Symlink: func(p string) string {
		return p + ": is a symbolic link; pickup does not follow links beside kiln's state"
	},
	LastActionCut: "a STATE.md write cut short",
}

var portugueseF = FText{
	Stage: func(stage string) string { return "etapa " + stage },
	Slice: func(slice string) string { return ", fatia " + slice },
	Fire: func(project string) string {
		return "rode /kiln-fire em " + project + " (sem argumentos: o kiln lê .kiln/STATE.md uma vez e não escreve nada de volta)"
	},
	WhyRelaunchRunning: func(slice, stage string) string {
		return fmt.Sprintf("a fatia %s foi selada e o kernel seguiu para a próxima fatia; nenhum estado posterior foi escrito: relance a etapa %s (as fatias seladas são puladas)", slice, stage)
	},
	WhyStageFinished: func(done, next string) string {
		return fmt.Sprintf("a etapa %s terminou; a próxima etapa é %s", done, next)
	},
	ContinueRelaunch: func(fire, stage string) string {
		return "Para retomar, " + fire + ": ele relança a etapa " + stage + "."
	},
	WhereComplete:       "concluída",
	WhyComplete:         "a execução está completa: todas as etapas rodaram e o report.md foi escrito",
	WhyCompleteNoReport: "o STATE.md diz que a execução está completa, mas .kiln/report.md está vazio ou ausente",
	ContinueComplete:    "A execução está completa; nada é retomado. O relatório é .kiln/report.md.",
	WhyRerun:            func(stage string) string { return "a etapa " + stage + " não devolveu um trabalho sólido" },
	RerunTail:           func(stage string) string { return ": rode a etapa " + stage + " de novo" },
	ContinueRerun:       func(stage, fire string) string { return "Para rodar a etapa " + stage + " de novo, " + fire + "." },
	WhyTransport:        "o transporte da revisão falhou",
	TransportTail:       func(stage string) string { return ": conserte o transporte e rode a etapa " + stage + " de novo" },
	ContinueTransport: func(fire, stage string) string {
		return "Conserte o transporte antes (codex login, rede), depois " + fire + ": ele roda a etapa " + stage + " de novo."
	},
	GateTool: func(path string) string { return "a ferramenta de gate em " + path },
	WhyGateTool: func(hold, stage string) string {
		return "em espera: " + hold + " está inacessível (não encontrada ou não executável); restaure-a e rode a etapa " + stage + " de novo"
	},
	QuestionGateTool: func(hold string) string { return "Restaure " + hold + " (reinstale ou atualize o plugin do kiln)." },
	ContinueGateTool: func(hold, fire, stage string) string {
		return "Restaure " + hold + " antes, depois " + fire + ": ele roda a etapa " + stage + " de novo."
	},
	WhereReopen: func(stage, slice string) string { return "etapa " + stage + ", reabrir a fatia " + slice },
	WhyReopen: func(at, slice string) string {
		return fmt.Sprintf("a LAW está vermelha em %s para a fatia selada %s: a fatia é reaberta", at, slice)
	},
	ContinueReopen: func(slice, fire, stage string) string {
		return "Para reabrir a fatia " + slice + ", " + fire + ": ele roda a etapa " + stage + " de novo."
	},
	WaitingRuling: ", aguardando uma decisão",
	WhyRuling:     func(q string) string { return "uma pessoa precisa decidir: " + q },
	Blockers:      func(b []string) string { return ". Bloqueios: " + strings.Join(b, "; ") },
	ContinueRuling: func(q, fire, stage string) string {
		return "Responda à decisão antes (" + q + "), depois " + fire + ": ele relança a etapa " + stage + "."
	},
	WaitingAnswer: ", aguardando uma resposta",
	WhyAcknowledge: func(stage string) string {
		return "o codex parou de responder: uma pessoa precisa responder continue para seguir com uma só família (todo selo daqui em diante diz single-family), depois relançar a etapa " + stage
	},
	QuestionAcknowledge: "O codex não está respondendo. Seguir com uma só família? O kiln pede que você responda continue.",
	ContinueAcknowledge: func(fire, stage string) string {
		return "Responda continue à pergunta do kiln sobre seguir com uma só família, depois " + fire + ": ele relança a etapa " + stage + "."
	},
	Held:     ", em espera",
	WhyCodex: "em espera até que o codex volte a responder",
	LawCodex: "a LAW precisa de um ratificador da família oposta e o codex não está respondendo",
	QuestionCodex: func(stage string) string {
		return "Restaure o codex (instale-o, ou codex login), depois rode a etapa " + stage + " de novo."
	},
	ContinueCodex: func(fire, stage string) string {
		return "Restaure o codex antes, depois " + fire + ": ele roda a etapa " + stage + " de novo."
	},
	WhereOnboarding: "integração inicial (onboarding)",
	WhyOnboarding: func(m string) string {
		return "a etapa da LAW parou por falta de uma saída da integração inicial: " + m
	},
	SourceIdea: "relance com a sua ideia, /kiln-fire <ideia>, para que a integração inicial a compile de novo",
	SourceLedger: func(ledger string) string {
		return "relance para que o compilador da visão leia de novo o registro do brainstorm selado (" + ledger + "), ou /kiln-fire <ideia> para partir de uma ideia"
	},
	QuestionOnboarding: func(source string) string {
		return "o kiln não consegue recompilar a integração inicial numa retomada sem argumentos: " + source + "."
	},
	ContinueOnboarding: func(m, source string) string {
		return "A integração inicial precisa rodar de novo (" + m + "): " + source + "."
	},
	WhyUnknown: func(next string) string {
		return "o next_action registrado, que não é um dos modelos do kiln, diz: " + next
	},
	ContinueUnknown: func(next, fire string) string {
		return "Para retomar, " + fire + "; o next_action registrado, que não é um dos modelos do kiln, diz: " + next + "; confira antes de agir."
	},
	DecideFirst:   func(q string) string { return "Decida antes: " + q },
	Degraded:      "single-family (codex degradado)",
	Planned:       "planejada",
	Active:        ", ativa",
	AuditAccepted: ", auditoria do marco aceita",
	Sealed:        func(how string) string { return "selada " + how },
	Reopened:      func(at string) string { return ", reaberta (LAW vermelha em " + at + ")" },
	Routing:       "Roteamento",
	SlicesTitle: func(s, p int) string {
		return fmt.Sprintf("Fatias: %d de %d seladas (.kiln/seals.log, .kiln/slices.json)", s, p)
	},
	SlicesNone:     "Fatias",
	NoSlicePlanned: ".kiln/slices.json não planeja nenhuma fatia.",
	NoSlicesYet:    "Ainda não há .kiln/slices.json: a LAW ainda não planejou as fatias.",
	VerdictTitle:   func(name string) string { return "Veredito (.kiln/" + name + ")" },
	Verdict:        func(v string) string { return "veredito: " + v },
	Blocker:        func(v string) string { return "bloqueio: " + v },
	Finding:        func(v string) string { return "achado: " + v },
	FindingAt:      func(id, loc, failure string) string { return id + " em " + loc + ": " + failure },
	Markers:        "Marcadores (.kiln)",
	Report:         "Relatório (.kiln/report.md)",
	ReportEmpty:    "report.md está vazio ou ausente.",
	CutShortTitle:  "Uma escrita interrompida (.kiln/" + StateTmp + ")",
	Pointers:       "Ponteiros",
	NoPointers:     "O STATE.md não lista ponteiros.",
	PointerAbsent:  "ausente", PointerOutside: "fora do projeto, não examinado", PointerPresent: "presente",
	PlanSlices:            func(s, p int) string { return fmt.Sprintf("Fatias (%d de %d seladas):", s, p) },
	ContinueWritesNothing: "CONTINUE não escreve nada: o kiln 3.1 retoma do STATE.md como ele está.",

	PromptTitle: func(p string) string { return "# Retomar a execução do kiln: " + p },
	PromptRun: func(p string) string {
		return "Rode `/kiln-fire` (sem argumentos) em " + p + ". O kiln lê .kiln/STATE.md uma vez e não escreve nada de volta."
	},
	PromptResumePoint: func(where, why string) string { return "Ponto de retomada: " + where + ": " + why + "." },
	PromptDecide:      func(q string) string { return "Antes de relançar, uma pessoa precisa decidir: " + q },
	PromptSlices:      func(s, p int) string { return fmt.Sprintf("## Fatias (%d de %d seladas)", s, p) },
	PromptPointers:    "## Ponteiros (os arquivos que o STATE.md cita)",
	PromptAbove:       func(p string) string { return "- " + p + " (acima)" },
	PromptOutside:     func(p string) string { return "- " + p + " (fora do projeto: não lido)" },
	PromptProjectFile: func(p string) string { return "- " + p + " (um arquivo do projeto: leia-o lá)" },
	PromptAbsent:      func(p string) string { return p + " está ausente ou ilegível." },

	RestartHint:      "recomeçar uma etapa",
	RestartDisabled:  "o kiln 3.1 não tem reset: /kiln-fire roda a etapa de novo e pula as fatias seladas; DISCARD arquiva .kiln para recomeçar",
	RunHint:          func(where string) string { return "rodar /kiln-fire: " + where },
	CompleteHint:     "a execução está completa",
	CompleteDisabled: "a execução está completa (report.md foi escrito): não há nada para retomar",
	CompleteReview:   "a execução está completa: só resta ler o relatório",
	AnswerLabel:      "Responder, depois relançar (/kiln-fire)",
	AnswerHint:       "uma pessoa decide antes (a pergunta está acima)",
	AnswerWhy:        "o kiln espera até que uma pessoa responda",
	RestoreLabel:     func(hold string) string { return "Restaurar " + hold + ", depois relançar (/kiln-fire)" },
	RestoreHint:      "o kiln espera até que volte",

	StageMissing: "falta stage",
	NextMissing:  "falta next_action",
	BadStage:     func(v, stages string) string { return fmt.Sprintf("stage é %q, que não é um de %s", v, stages) },
	NeverWritten: func(tmp string) string {
		return "o STATE.md nunca foi escrito: a primeira escrita foi interrompida, e só " + tmp + " o contém"
	},
	CannotResume: func(problems string) string {
		return "o .kiln/STATE.md do kiln não pode ser retomado: " + problems + ".\n" +
			"O kiln 3.1 o reescreve na próxima parada; para recomeçar, DISCARD arquiva .kiln e um /kiln-fire sem argumentos começa do zero."
	},

	StageWritten: func(v, read string) string {
		return fmt.Sprintf("o stage do STATE.md está escrito %q; lido como %q", v, read)
	},
	NoLine: func(k string) string { return "o STATE.md não tem a linha " + k },
	UnknownKey: func(k string) string {
		return "o STATE.md tem uma linha " + k + ", que não é uma das chaves do kiln 3.1"
	},
	SetTwice:           func(k string) string { return "o STATE.md define " + k + " mais de uma vez; vale a primeira" },
	UpdatedPlaceholder: "o updated_at do STATE.md é o marcador não preenchido {updated_at}: a escrita parou antes de registrar a hora",
	UpdatedNotISO:      func(v string) string { return fmt.Sprintf("o updated_at %q do STATE.md não é uma data ISO-8601", v) },
	Density:            func(v string) string { return fmt.Sprintf("a density %q do STATE.md não é broad nem engineer", v) },
	SealsElsewhere: func(v string) string {
		return "o STATE.md diz que seus selos estão em " + v + "; o kiln 3.1 sempre os guarda em .kiln/seals.log, que é o arquivo lido"
	},
	CannotRead:     func(p, err string) string { return "não foi possível ler " + p + ": " + err },
	SealsUnplanned: func(id string) string { return ".kiln/seals.log sela " + id + ", que .kiln/slices.json não planeja" },
	SealsAs: func(id, w string) string {
		return fmt.Sprintf(".kiln/seals.log sela %s como %q, que não é dual nem single-family", id, w)
	},
	CutShort: func(tmp, at, would string) string {
		return fmt.Sprintf("uma escrita do STATE.md foi interrompida (.kiln/%s deixado em %s, nunca renomeado): o STATE.md guarda o estado anterior a ela%s", tmp, at, would)
	},
	WouldHaveSaid: func(n string) string { return "; ele teria dito next_action: " + n },
	NotSlices:     func(p, err string) string { return p + ": não é um array JSON de fatias: " + err },
	NotSlice: func(p string, n int) string {
		return fmt.Sprintf("%s: a fatia %d não é um id nem {id, surface, milestone}", p, n)
	},
	NotVerdict: func(p, err string) string { return p + ": não é um veredito de revisão: " + err },
	Symlink: func(p string) string {
		return p + ": é um link simbólico; o pickup não segue links ao lado do estado do kiln"
	},
	LastActionCut: "uma escrita do STATE.md interrompida",
}
