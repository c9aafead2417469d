package design

import (
	"fmt"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Text is every sentence the /design and atelier loaders build, in each
// language pickup speaks: seed 003's listing (`pickup status` on a
// /design session) and the menu's lines as fields, the sentences whose
// words agree with a number as functions, and all the others (warnings,
// next steps, confirmations, the REVIEW sections, the plan, the agent's
// prompt, results, problems, errors) in Say.
type Text struct {
	// Say holds the loader's other sentences keyed by their English text
	// (a printf format where they take values), as gettext keys a message
	// by its English original: a language's value says the same with the
	// same verbs in the same order. English's values are its keys, so
	// English output is the code's own text. f and w look them up; a test
	// (TestEverySentenceInSay) checks that every sentence the code says
	// is a key.
	Say map[string]string
	// StageNames are the eight stages' names ("Clarification"...).
	StageNames []string
	// Statuses are stage_status's three values inside a sentence.
	Statuses map[string]string
	// Sentences whose words agree with a number.
	RulesApproved, QuestionsAsked, TicketsCreated func(n int) string
	TicketsOf                                     func(done, total int) string
	TicketsRecorded                               func(recorded, found int, where string) string
	Uncommitted                                   func(n int) string
	Locked                                        func(n int, files string) string

	// The listing's first line, by what was found.
	Found, FoundCorrupted, FoundArtifacts, FoundArchived func(feature string) string
	NoFile                                               func(rel string) string
	Progress, Reconstructed                              string
	Complete, InProgress, Pending                        string
	// Stage is "Stage 3: Design"; StageRange "Stage 4-7".
	Stage                                       func(n int) string
	StageRange                                  func(from, to int) string
	MissingArtifact, Conflicting                string
	Options, Warnings                           string
	NotAvailable                                func(reason string) string
	Recommended                                 string
	ConflictMissing, ConflictUnapproved         func(stage int, paths string) string
	QuestionTDD, QuestionContracts, QuestionBDD string

	// The menu's lines.
	ResumeFrom                  func(n int) string
	ViewArtifacts, RestartFrom0 string
	RestartFrom                 func(n int) string
	Archive                     string
	ReRun, MarkIncomplete       func(n int) string
	Approve                     func(what string, next int) string
	Rebuild, Create, StartNew   string
	NoArtifacts                 string
	Artifacts                   func(n int) string
	ArtifactsMissing            func(n, missing int) string
}

// Catalogs are the listing's words by language (loaders.Options.Lang).
var Catalogs = i18n.Catalogs[Text]{i18n.English: &english, i18n.PortugueseBR: &portuguese}

var english = Text{
	Say:           sayEnglish(),
	StageNames:    enStageNames,
	Statuses:      map[string]string{stComplete: stComplete, stInProgress: stInProgress, stPending: stPending},
	RulesApproved: func(n int) string { return i18n.Count(n, "rule", "rules") + " approved" },
	QuestionsAsked: func(n int) string {
		return i18n.Count(n, "question", "questions") + " asked, awaiting answers"
	},
	TicketsCreated: func(n int) string { return fmt.Sprintf("%s created", i18n.Count(n, "ticket", "tickets")) },
	TicketsOf:      func(done, total int) string { return fmt.Sprintf("%d of %d tickets created", done, total) },
	TicketsRecorded: func(recorded, found int, where string) string {
		return fmt.Sprintf("the session records %s created, but %s found in %s",
			i18n.Count(recorded, "ticket", "tickets"), i18n.Count(found, "ticket is", "tickets are"), where)
	},
	Uncommitted: func(n int) string {
		return i18n.Count(n, "file", "files") + " had uncommitted changes when the session was saved: check them before going on"
	},
	Locked: func(n int, files string) string {
		return fmt.Sprintf("%s locked (state_manager.sh lock): %s", i18n.Count(n, "file is", "files are"), files)
	},
	Found:          func(f string) string { return fmt.Sprintf("Found existing design session for %q", f) },
	FoundCorrupted: func(f string) string { return fmt.Sprintf("Found a corrupted design session for %q", f) },
	FoundArtifacts: func(f string) string { return fmt.Sprintf("Found design artifacts for %q but no session file", f) },
	FoundArchived:  func(f string) string { return fmt.Sprintf("Archived design session for %q", f) },
	NoFile:         func(rel string) string { return "(" + rel + " does not exist)" },
	Progress:       "Progress:",
	Reconstructed:  "Reconstructed from the artifacts on disk:",
	Complete:       "Complete", InProgress: "In Progress", Pending: "Pending",
	Stage:           func(n int) string { return stageIn("Stage", enStageNames, n) },
	StageRange:      func(from, to int) string { return fmt.Sprintf("Stage %d-%d", from, to) },
	MissingArtifact: "Missing artifact:", Conflicting: "Conflicting state:",
	Options: "Options:", Warnings: "Warnings:",
	NotAvailable: func(reason string) string { return " (not available: " + reason + ")" },
	Recommended:  " (recommended)",
	ConflictMissing: func(stage int, paths string) string {
		return fmt.Sprintf("Stage %d is complete but %s is missing", stage, paths)
	},
	ConflictUnapproved: func(stage int, paths string) string {
		return fmt.Sprintf("Stage %d is not complete but %s exists", stage, paths)
	},
	QuestionTDD:       "Found existing TDD. Is this approved?",
	QuestionContracts: "Found existing contracts. Are they approved?",
	QuestionBDD:       "Found existing BDD scenarios. Are they approved?",

	ResumeFrom:     func(n int) string { return fmt.Sprintf("Resume from Stage %d", n) },
	ViewArtifacts:  "View current artifacts",
	RestartFrom0:   "Restart from Stage 0 (discard progress)",
	RestartFrom:    func(n int) string { return fmt.Sprintf("Restart from Stage %d", n) },
	Archive:        "Archive the session",
	ReRun:          func(n int) string { return fmt.Sprintf("Re-run Stage %d", n) },
	MarkIncomplete: func(n int) string { return fmt.Sprintf("Mark Stage %d incomplete and restart from there", n) },
	Approve: func(what string, next int) string {
		return fmt.Sprintf("Approve the existing %s and proceed to Stage %d", what, next)
	},
	Rebuild:     "Rebuild the session from artifacts",
	Create:      "Create a session from the artifacts",
	StartNew:    "Start a new session at Stage 0",
	NoArtifacts: "none recorded",
	Artifacts:   func(n int) string { return i18n.Count(n, "artifact", "artifacts") + ", all on disk" },
	ArtifactsMissing: func(n, missing int) string {
		return fmt.Sprintf("%s, %d missing", i18n.Count(n, "artifact", "artifacts"), missing)
	},
}

var portuguese = Text{
	Say:        ptSay,
	StageNames: ptStageNames,
	Statuses:   map[string]string{stComplete: "completa", stInProgress: "em andamento", stPending: "pendente"},
	RulesApproved: func(n int) string {
		return i18n.Count(n, "regra aprovada", "regras aprovadas")
	},
	QuestionsAsked: func(n int) string {
		return i18n.Count(n, "pergunta feita", "perguntas feitas") + ", aguardando respostas"
	},
	TicketsCreated: func(n int) string { return i18n.Count(n, "ticket criado", "tickets criados") },
	TicketsOf: func(done, total int) string {
		return fmt.Sprintf("%d de %d tickets criados", done, total)
	},
	TicketsRecorded: func(recorded, found int, where string) string {
		return fmt.Sprintf("a sessão registra %s, mas %s em %s",
			i18n.Count(recorded, "ticket criado", "tickets criados"), i18n.Count(found, "ticket foi encontrado", "tickets foram encontrados"), where)
	},
	Uncommitted: func(n int) string {
		if n == 1 {
			return "1 arquivo tinha mudanças não commitadas quando a sessão foi salva: confira antes de seguir"
		}
		return fmt.Sprintf("%d arquivos tinham mudanças não commitadas quando a sessão foi salva: confira antes de seguir", n)
	},
	Locked: func(n int, files string) string {
		return fmt.Sprintf("%s (state_manager.sh lock): %s", i18n.Count(n, "arquivo travado", "arquivos travados"), files)
	},
	Found:          func(f string) string { return fmt.Sprintf("Sessão de design existente encontrada para %q", f) },
	FoundCorrupted: func(f string) string { return fmt.Sprintf("Sessão de design corrompida encontrada para %q", f) },
	FoundArtifacts: func(f string) string {
		return fmt.Sprintf("Artefatos de design encontrados para %q, mas nenhum arquivo de sessão", f)
	},
	FoundArchived: func(f string) string { return fmt.Sprintf("Sessão de design arquivada para %q", f) },
	NoFile:        func(rel string) string { return "(" + rel + " não existe)" },
	Progress:      "Progresso:",
	Reconstructed: "Reconstruído a partir dos artefatos no disco:",
	Complete:      "Completa", InProgress: "Em andamento", Pending: "Pendente",
	Stage:           func(n int) string { return stageIn("Etapa", ptStageNames, n) },
	StageRange:      func(from, to int) string { return fmt.Sprintf("Etapa %d-%d", from, to) },
	MissingArtifact: "Artefato ausente:", Conflicting: "Estado conflitante:",
	Options: "Opções:", Warnings: "Avisos:",
	NotAvailable: func(reason string) string { return " (indisponível: " + reason + ")" },
	Recommended:  " (recomendado)",
	ConflictMissing: func(stage int, paths string) string {
		return fmt.Sprintf("A Etapa %d está completa, mas %s está ausente", stage, paths)
	},
	ConflictUnapproved: func(stage int, paths string) string {
		return fmt.Sprintf("A Etapa %d não está completa, mas %s existe", stage, paths)
	},
	QuestionTDD:       "Encontrei um TDD existente. Ele está aprovado?",
	QuestionContracts: "Encontrei contratos existentes. Eles estão aprovados?",
	QuestionBDD:       "Encontrei cenários BDD existentes. Eles estão aprovados?",

	ResumeFrom:     func(n int) string { return fmt.Sprintf("Retomar da Etapa %d", n) },
	ViewArtifacts:  "Ver os artefatos atuais",
	RestartFrom0:   "Recomeçar da Etapa 0 (descarta o progresso)",
	RestartFrom:    func(n int) string { return fmt.Sprintf("Recomeçar da Etapa %d", n) },
	Archive:        "Arquivar a sessão",
	ReRun:          func(n int) string { return fmt.Sprintf("Rodar de novo a Etapa %d", n) },
	MarkIncomplete: func(n int) string { return fmt.Sprintf("Marcar a Etapa %d como incompleta e recomeçar dali", n) },
	Approve: func(what string, next int) string {
		return fmt.Sprintf("Aprovar o artefato existente (%s) e seguir para a Etapa %d", what, next)
	},
	Rebuild:     "Reconstruir a sessão a partir dos artefatos",
	Create:      "Criar uma sessão a partir dos artefatos",
	StartNew:    "Começar uma sessão nova na Etapa 0",
	NoArtifacts: "nenhum registrado",
	Artifacts:   func(n int) string { return i18n.Count(n, "artefato", "artefatos") + ", todos no disco" },
	ArtifactsMissing: func(n, missing int) string {
		return fmt.Sprintf("%s, %d ausente(s)", i18n.Count(n, "artefato", "artefatos"), missing)
	},
}

// ptStageNames are the eight stages' names in Portuguese.
var ptStageNames = []string{"Esclarecimento", "Regras de Negócio", "Análise", "Design", "Contratos", "BDD", "Tickets", "Revisão"}

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

// stageIn is "Stage 3: Design" in a language: its word for stage and
// its names; a number past the eight stages has no name.
func stageIn(word string, names []string, n int) string {
	if n < 0 || n >= len(names) {
		return fmt.Sprintf("%s %d", word, n)
	}
	return fmt.Sprintf("%s %d: %s", word, n, names[n])
}

// f says format (an English printf format, a key of Say) in t's
// language with args.
func (t *Text) f(format string, args ...any) string {
	if s, ok := t.Say[format]; ok {
		format = s
	}
	return fmt.Sprintf(format, args...)
}

// w says an English sentence or word (a key of Say) in t's language.
func (t *Text) w(s string) string {
	if out, ok := t.Say[s]; ok {
		return out
	}
	return s
}

// count is n with its noun, the English words one and many said in t's
// language ("2 scenarios", "2 cenários").
func (t *Text) count(n int, one, many string) string {
	return i18n.Count(n, t.w(one), t.w(many))
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

// sayEnglish is English's Say: every key says itself.
func sayEnglish() map[string]string {
	m := make(map[string]string, len(ptSay))
	for k := range ptSay {
		m[k] = k
	}
	return m
}
