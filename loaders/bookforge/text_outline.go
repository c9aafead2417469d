package bookforge

import (
	"fmt"
	"strings"
)

// OutlineText is the outline's sentences: the outline pipeline session,
// the write gate and the scene total from the outline (Text.Outline).
// bookforge's own error messages (WRITE GATED: …, Missing outline.json,
// No resumable outline pipeline run found.) are quoted as it prints them.
type OutlineText struct {
	// Reading the outline folder.
	Unreadable func(file, err string) string
	PauseBad   func(file string) string
	OutlineBad func(file, err string) string
	// ReportOutside: the report pointer names a file outside the book.
	ReportOutside func(file, path string) string

	// The scene total.
	TotalFromLedgers  func(file string) string
	TotalOutlineBad   func(file, err string) string
	TotalOutlineEmpty func(file string) string
	PlanOutline       func(file string, chapters, scenes int) string

	// The write gate.
	GateAlert      func(refusal, ways string) string
	WayFinish      func(command string) string
	WayGenerate    func(command string) string
	WayPipeline    func(command string) string
	WayFixFile     func(file string) string
	WayAck         func(n int, flag string) string
	WayBypass      func(flag string) string
	HintGated      string
	PromptGate     func(sentence string) string
	PromptRunAfter string
	PromptRunOnce  string
	NoteBypassed   func(flag string) string
	NoteAcked      func(flag string, n int) string
	NoteAckNothing func(flag string) string

	// The outline pipeline session.
	Title          func(id string) string
	TitledOutline  func(title, id string) string
	Cause          func(code, phase string) string
	HeadError      func(phase, code string) string
	RunValue       func(run, file string) string
	PausedAt       func(phase string, attempt, max int, at string) string
	ResumeValue    func(phase string, reused int) string
	ResumeWhy      func(phase string, reused int, detail string) string
	NotRun         string
	SuccessGone    func(file string) string
	Recorded       func(status, at string, attempts, max int) string
	Verb           func(label string) string
	ContinueWhy    string
	HintContinue   func(phase string, reused int, command string) string
	Refused        func(refusal, fresh string) string
	ReviewHint     string
	RestartHint    func(files, command string) string
	DiscardHint    func(files, reset string) string
	OutContinue    func(phase, command string) string
	OutRestart     func(files, book, command string) string
	OutDiscard     func(files, book, reset string) string
	SecPhases      func(file string) string
	SecReport      func(file string) string
	AttentionItems func(n int) string
	LineAttempt    func(attempt, max int) string
	LineResumeFrom func(phase string) string
	NoteOtherRun   func(file, marked, latest string) string
	NoteResumeFrom func(marked, phase string) string
	NoteSameFile   func(flag string) string
	PlanTitle      func(book, dir string) string
	PlanRun        func(run, dir string) string
	PromptTitle    func(book string) string
	PromptPaused   func(phase, code, message string) string
	PromptResume   func(phase string, reused int) string
	PromptPhases   string
	PromptFresh    func(reset string) string
}

// reusedWord is "reusing N phases" in English.
func reusedEn(n int) string {
	switch n {
	case 0:
		return "from the start"
	case 1:
		return "reusing 1 phase before it"
	}
	return fmt.Sprintf("reusing %d phases before it", n)
}

func reusedPt(n int) string {
	switch n {
	case 0:
		return "do começo"
	case 1:
		return "reaproveitando 1 fase antes dela"
	}
	return fmt.Sprintf("reaproveitando %d fases antes dela", n)
}

var englishOutline = OutlineText{
	Unreadable: func(file, err string) string { return fmt.Sprintf("%s cannot be read: %s", file, err) },
	PauseBad: func(file string) string {
		return file + " is not a JSON object: why the outline pipeline paused is not known"
	},
	OutlineBad: func(file, err string) string {
		return fmt.Sprintf("%s cannot be read (%s): bookforge stops on it before writing", file, err)
	},
	ReportOutside: func(file, path string) string {
		return fmt.Sprintf("%s names %s, outside the book: pickup does not read it and takes the report of its run_id, as bookforge does when the path names none", file, path)
	},

	TotalFromLedgers: func(file string) string {
		return "no " + file + ": the scene total counts only the scenes that have a ledger (bookforge counts the outline's scenes)"
	},
	TotalOutlineBad: func(file, err string) string {
		return fmt.Sprintf("%s cannot be read (%s): the scene total counts only the scenes that have a ledger", file, err)
	},
	TotalOutlineEmpty: func(file string) string {
		return file + " has no scene in chapters[].sections[].scenes[], where bookforge counts them: the scene total counts the scenes that have a ledger"
	},
	PlanOutline: func(file string, chapters, scenes int) string {
		return fmt.Sprintf("Outline: %s, %d chapters, %d scenes", file, chapters, scenes)
	},

	GateAlert: func(refusal, ways string) string {
		return fmt.Sprintf("bookforge refuses `run` now: %s To get past it: %s.", refusal, ways)
	},
	WayFinish:   func(command string) string { return "finish the outline pipeline first: " + command },
	WayGenerate: func(command string) string { return "generate the outline first: " + command },
	WayPipeline: func(command string) string {
		return "generate the outline again with the pipeline (it replaces the outline the drafted scenes follow): " + command
	},
	WayFixFile: func(file string) string { return "repair " + file + " or generate the outline again" },
	WayAck: func(n int, flag string) string {
		return fmt.Sprintf("review the report's %d attention items (REVIEW and the prompt list them), then pass %s to pickup: the command carries it", n, flag)
	},
	WayBypass: func(flag string) string {
		return flag + " (bookforge: for testing or recovery only; pickup passes it on)"
	},
	HintGated:      "; bookforge refuses the run until its outline gate opens (the alert says how)",
	PromptGate:     func(sentence string) string { return "**Write gate.** " + sentence },
	PromptRunAfter: "Run, the outline first:",
	PromptRunOnce:  "Run, once the gate is open:",
	NoteBypassed: func(flag string) string {
		return flag + ": the run goes past bookforge's outline write gate (bookforge logs it); for testing or recovery only"
	},
	NoteAcked: func(flag string, n int) string {
		return fmt.Sprintf("%s: the run acknowledges the outline report's %d attention items (bookforge logs it)", flag, n)
	},
	NoteAckNothing: func(flag string) string {
		return flag + ": the outline report asks for no acknowledgement; bookforge accepts the flag and it changes nothing"
	},

	Title:         func(id string) string { return "outline of book " + id },
	TitledOutline: func(title, id string) string { return title + " (outline of book " + id + ")" },
	Cause:         func(code, phase string) string { return code + " pause in " + phase },
	HeadError: func(phase, code string) string {
		return fmt.Sprintf("The last outline run stopped with an error in %s (%s).", phase, code)
	},
	RunValue: func(run, file string) string { return "outline run " + run + " (" + file + ")" },
	PausedAt: func(phase string, attempt, max int, at string) string {
		return fmt.Sprintf("%s, attempt %d of %d, %s", phase, attempt, max, at)
	},
	ResumeValue: func(phase string, reused int) string { return phase + ", " + reusedEn(reused) },
	ResumeWhy: func(phase string, reused int, detail string) string {
		return fmt.Sprintf("%s is the first phase bookforge cannot reuse (%s); the resume runs it and the phases after it, %s", phase, detail, reusedEn(reused))
	},
	NotRun:      "not run yet",
	SuccessGone: func(file string) string { return "success recorded, but " + file + " is gone: it runs again" },
	Recorded: func(status, at string, attempts, max int) string {
		return fmt.Sprintf("%s at %s, %d of %d attempts", status, at, attempts, max)
	},
	Verb: func(label string) string {
		return map[string]string{"reused": "reused", "resume": "resume", "runs": "runs", "not requested": "skipped"}[label]
	},
	ContinueWhy: "bookforge resumes the paused outline run where it stopped",
	HintContinue: func(phase string, reused int, command string) string {
		return fmt.Sprintf("resume at %s, %s: %s", phase, reusedEn(reused), command)
	},
	Refused: func(refusal, fresh string) string {
		return fmt.Sprintf("bookforge refuses the resume: %s Start a fresh run instead: %s", refusal, fresh)
	},
	ReviewHint: "the six outline phases, the pause and the report",
	RestartHint: func(files, command string) string {
		return "archives " + files + "; a fresh outline run starts at phase_01_chapter_spine: " + command
	},
	DiscardHint: func(files, reset string) string {
		return "archives " + files + "; bookforge's own fresh start is " + reset
	},
	OutContinue: func(phase, command string) string {
		return "Resuming the outline pipeline at " + phase + ": " + command
	},
	OutRestart: func(files, book, command string) string {
		return fmt.Sprintf("Archived %s of book %s; a fresh outline run: %s", files, book, command)
	},
	OutDiscard: func(files, book, reset string) string {
		return fmt.Sprintf("Archived %s of book %s; bookforge's own fresh start: %s", files, book, reset)
	},
	SecPhases:      func(file string) string { return "Outline pipeline (" + file + ")" },
	SecReport:      func(file string) string { return "Report (" + file + ")" },
	AttentionItems: func(n int) string { return fmt.Sprintf("%d attention items:", n) },
	LineAttempt:    func(attempt, max int) string { return fmt.Sprintf("Attempt: %d of %d", attempt, max) },
	LineResumeFrom: func(phase string) string { return "Resume from: " + phase },
	NoteOtherRun: func(file, marked, latest string) string {
		return fmt.Sprintf("%s names run %s, the latest run is %s: --resume picks up %s", file, marked, latest, latest)
	},
	NoteResumeFrom: func(marked, phase string) string {
		return fmt.Sprintf("the marker says resume from %s; bookforge resumes at the first phase it cannot reuse: %s", marked, phase)
	},
	NoteSameFile: func(flag string) string {
		return "the run was started with " + flag + ": add it with the same file, or bookforge refuses the resume (Resume fingerprint mismatch)"
	},
	PlanTitle: func(book, dir string) string { return "bookforge outline of book " + book + " (" + dir + ")" },
	PlanRun:   func(run, dir string) string { return "Run: " + run + " (" + dir + ")" },
	PromptTitle: func(book string) string {
		return "# Resume the bookforge outline of book " + book + "\n\n"
	},
	PromptPaused: func(phase, code, message string) string {
		s := fmt.Sprintf("The outline pipeline paused in **%s** (%s)", phase, code)
		if message != "" {
			s += ": " + strings.TrimSpace(message)
		}
		return s + ".\n\n"
	},
	PromptResume: func(phase string, reused int) string {
		return fmt.Sprintf("Resume at phase **%s**, %s.\n\n", phase, reusedEn(reused))
	},
	PromptPhases: "The six phases:",
	PromptFresh: func(reset string) string {
		return "bookforge's own fresh start, which archives the pipeline runs: `" + reset + "`.\n"
	},
}

var portugueseOutline = OutlineText{
	Unreadable: func(file, err string) string { return fmt.Sprintf("não dá para ler %s: %s", file, err) },
	PauseBad: func(file string) string {
		return file + " não é um objeto JSON: não se sabe por que o pipeline do esboço pausou"
	},
	OutlineBad: func(file, err string) string {
		return fmt.Sprintf("não dá para ler %s (%s): o bookforge para nele antes de escrever", file, err)
	},
	ReportOutside: func(file, path string) string {
		return fmt.Sprintf("%s nomeia %s, fora do livro: o pickup não o lê e usa o relatório do run_id dele, como o bookforge faz quando o caminho não nomeia nenhum", file, path)
	},

	TotalFromLedgers: func(file string) string {
		return "sem " + file + ": o total de cenas conta só as cenas que têm registro (o bookforge conta as cenas do esboço)"
	},
	TotalOutlineBad: func(file, err string) string {
		return fmt.Sprintf("não dá para ler %s (%s): o total de cenas conta só as cenas que têm registro", file, err)
	},
	TotalOutlineEmpty: func(file string) string {
		return file + " não tem cena em chapters[].sections[].scenes[], onde o bookforge as conta: o total de cenas conta as cenas que têm registro"
	},
	PlanOutline: func(file string, chapters, scenes int) string {
		return fmt.Sprintf("Esboço: %s, %d capítulos, %d cenas", file, chapters, scenes)
	},

	GateAlert: func(refusal, ways string) string {
		return fmt.Sprintf("o bookforge recusa o `run` agora: %s Para passar: %s.", refusal, ways)
	},
	WayFinish:   func(command string) string { return "termine antes o pipeline do esboço: " + command },
	WayGenerate: func(command string) string { return "gere antes o esboço: " + command },
	WayPipeline: func(command string) string {
		return "gere o esboço de novo com o pipeline (ele substitui o esboço que as cenas escritas seguem): " + command
	},
	WayFixFile: func(file string) string { return "conserte " + file + " ou gere o esboço de novo" },
	WayAck: func(n int, flag string) string {
		return fmt.Sprintf("revise os %d itens de atenção do relatório (a REVISÃO e o prompt os listam), depois passe %s ao pickup: o comando o leva", n, flag)
	},
	WayBypass: func(flag string) string {
		return flag + " (bookforge: só para testes ou recuperação; o pickup o repassa)"
	},
	HintGated:      "; o bookforge recusa a execução até a trava do esboço abrir (o alerta diz como)",
	PromptGate:     func(sentence string) string { return "**Trava de escrita.** " + sentence },
	PromptRunAfter: "Rode, o esboço primeiro:",
	PromptRunOnce:  "Rode, quando a trava abrir:",
	NoteBypassed: func(flag string) string {
		return flag + ": a execução passa pela trava de escrita do esboço (o bookforge registra isso); só para testes ou recuperação"
	},
	NoteAcked: func(flag string, n int) string {
		return fmt.Sprintf("%s: a execução reconhece os %d itens de atenção do relatório do esboço (o bookforge registra isso)", flag, n)
	},
	NoteAckNothing: func(flag string) string {
		return flag + ": o relatório do esboço não pede reconhecimento; o bookforge aceita a flag e ela não muda nada"
	},

	Title:         func(id string) string { return "esboço do livro " + id },
	TitledOutline: func(title, id string) string { return title + " (esboço do livro " + id + ")" },
	Cause:         func(code, phase string) string { return "pausa " + code + " em " + phase },
	HeadError: func(phase, code string) string {
		return fmt.Sprintf("A última execução do esboço parou com erro em %s (%s).", phase, code)
	},
	RunValue: func(run, file string) string { return "execução do esboço " + run + " (" + file + ")" },
	PausedAt: func(phase string, attempt, max int, at string) string {
		return fmt.Sprintf("%s, tentativa %d de %d, %s", phase, attempt, max, at)
	},
	ResumeValue: func(phase string, reused int) string { return phase + ", " + reusedPt(reused) },
	ResumeWhy: func(phase string, reused int, detail string) string {
		return fmt.Sprintf("%s é a primeira fase que o bookforge não pode reaproveitar (%s); a retomada roda ela e as fases depois dela, %s", phase, detail, reusedPt(reused))
	},
	NotRun:      "ainda não rodou",
	SuccessGone: func(file string) string { return "sucesso registrado, mas " + file + " sumiu: roda de novo" },
	Recorded: func(status, at string, attempts, max int) string {
		if w, ok := map[string]string{"success": "sucesso", "failed": "falhou", "paused": "pausou"}[status]; ok {
			status = w
		}
		return fmt.Sprintf("%s em %s, %d de %d tentativas", status, at, attempts, max)
	},
	Verb: func(label string) string {
		return map[string]string{"reused": "reaproveitada", "resume": "retomar", "runs": "roda", "not requested": "fora"}[label]
	},
	ContinueWhy: "o bookforge retoma a execução pausada do esboço onde ela parou",
	HintContinue: func(phase string, reused int, command string) string {
		return fmt.Sprintf("retomar em %s, %s: %s", phase, reusedPt(reused), command)
	},
	Refused: func(refusal, fresh string) string {
		return fmt.Sprintf("o bookforge recusa a retomada: %s Comece uma execução nova: %s", refusal, fresh)
	},
	ReviewHint: "as seis fases do esboço, a pausa e o relatório",
	RestartHint: func(files, command string) string {
		return "arquiva " + files + "; uma execução nova do esboço começa em phase_01_chapter_spine: " + command
	},
	DiscardHint: func(files, reset string) string {
		return "arquiva " + files + "; o recomeço do próprio bookforge é " + reset
	},
	OutContinue: func(phase, command string) string {
		return "Retomando o pipeline do esboço em " + phase + ": " + command
	},
	OutRestart: func(files, book, command string) string {
		return fmt.Sprintf("Arquivei %s do livro %s; uma execução nova do esboço: %s", files, book, command)
	},
	OutDiscard: func(files, book, reset string) string {
		return fmt.Sprintf("Arquivei %s do livro %s; o recomeço do próprio bookforge: %s", files, book, reset)
	},
	SecPhases:      func(file string) string { return "Pipeline do esboço (" + file + ")" },
	SecReport:      func(file string) string { return "Relatório (" + file + ")" },
	AttentionItems: func(n int) string { return fmt.Sprintf("%d itens de atenção:", n) },
	LineAttempt:    func(attempt, max int) string { return fmt.Sprintf("Tentativa: %d de %d", attempt, max) },
	LineResumeFrom: func(phase string) string { return "Retomar de: " + phase },
	NoteOtherRun: func(file, marked, latest string) string {
		return fmt.Sprintf("%s nomeia a execução %s, a última execução é %s: --resume retoma %s", file, marked, latest, latest)
	},
	NoteResumeFrom: func(marked, phase string) string {
		return fmt.Sprintf("o marcador diz retomar de %s; o bookforge retoma na primeira fase que não pode reaproveitar: %s", marked, phase)
	},
	NoteSameFile: func(flag string) string {
		return "a execução começou com " + flag + ": passe-a com o mesmo arquivo, ou o bookforge recusa a retomada (Resume fingerprint mismatch)"
	},
	PlanTitle: func(book, dir string) string { return "esboço do bookforge do livro " + book + " (" + dir + ")" },
	PlanRun:   func(run, dir string) string { return "Execução: " + run + " (" + dir + ")" },
	PromptTitle: func(book string) string {
		return "# Retomar o esboço do bookforge do livro " + book + "\n\n"
	},
	PromptPaused: func(phase, code, message string) string {
		s := fmt.Sprintf("O pipeline do esboço pausou em **%s** (%s)", phase, code)
		if message != "" {
			s += ": " + strings.TrimSpace(message)
		}
		return s + ".\n\n"
	},
	PromptResume: func(phase string, reused int) string {
		return fmt.Sprintf("Retome na fase **%s**, %s.\n\n", phase, reusedPt(reused))
	},
	PromptPhases: "As seis fases:",
	PromptFresh: func(reset string) string {
		return "O recomeço do próprio bookforge, que arquiva as execuções do pipeline: `" + reset + "`.\n"
	},
}
