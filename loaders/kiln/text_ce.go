package kiln

import "fmt"

// CEText is the sentences of kiln 1.x to 3.0's "# Kiln State" file
// (eras C, D and E): routing, warnings, REVIEW, plan, prompt and menu.
type CEText struct {
	// ResumeFailed is kiln 1.x's own message for a STATE.md without a
	// valid stage (ResumeFailedC in English).
	ResumeFailed  string
	BadStage      func(value, steps string) string
	NoValidStage  func(detail string) string
	SchemaVersion func(v string) string
	UpdatedNotISO func(key, v string) string
	Moved         func(key, recorded, root string) string
	// MovedC is era C's "## Project" Path differing from the project
	// opened; InterruptedC is an unfinished era C run's headline (when:
	// its last update, "" when unknown).
	MovedC          func(recorded, root string) string
	InterruptedC    func(stage, when string) string
	NoEvents        string
	CannotReadEvts  func(err string) string
	CutShortEvent   func(n int) string
	BadEvents       func(lines string) string
	FromAnywhere    func(fire, root string) string
	Complete        string
	WhyComplete     string
	WhyReportDone   func(last string) string
	ContinueDone    string
	Step            func(n int, stage string) string
	WhyC            func(stage string) string
	TeamIteration   func(n int) string
	BuildIteration  func(n int) string
	Chunk           func(n int) string
	WhyDE           func(stage string) string
	NextAction      func(na string) string
	Milestones      func(done, total int) string
	Correction      func(c int) string
	OpenStage       func(stage, ts string, seq int) string
	Continue        func(cmd, stage string) string
	CompletedAt     func(t string) string
	WritesNothing   string
	ResumeNotes     string
	EarlierEvents   func(n int) string
	EventsTitle     func(n int) string
	PromptTitle     func(project, era string) string
	PromptPoint     func(where, why string) string
	PromptEvents    string
	NoResetC        string
	NoResetD        string
	NoResetE        string
	DiscardE        func(path string) string
	CompleteHint    string
	CompleteNothing string
}

var englishCE = CEText{
	ResumeFailed: ResumeFailedC,
	BadStage:     func(v, steps string) string { return fmt.Sprintf("stage is %q, not one of %s, complete", v, steps) },
	NoValidStage: func(d string) string {
		return "kiln's .kiln/STATE.md has no valid stage (" + d + "): the conductor cannot route it.\nRepair its - **stage**: line, or DISCARD to archive it and start fresh."
	},
	SchemaVersion: func(v string) string { return "STATE.md's schema_version is " + v + "; kiln wrote 2 and 3" },
	UpdatedNotISO: func(k, v string) string { return fmt.Sprintf("STATE.md's %s %q is not an ISO-8601 time", k, v) },
	Moved: func(k, p, root string) string {
		return fmt.Sprintf("STATE.md's %s is %s, but the project opened is %s (was the project moved?)", k, p, root)
	},
	MovedC: func(p, root string) string {
		return "STATE.md's project Path is " + p + ", but the project opened is " + root +
			" (moved, cloned or renamed?); kiln 1.x never compares it: /kiln-fire resumes here all the same"
	},
	InterruptedC: func(stage, when string) string {
		if when == "" {
			return "kiln 1.x records no crash: the run was interrupted in stage " + stage + "."
		}
		return "kiln 1.x records no crash: the run was interrupted on " + when + ", in stage " + stage + "."
	},
	NoEvents:       "kiln 3.0 keeps .kiln/events.jsonl beside STATE.md; there is none",
	CannotReadEvts: func(err string) string { return "cannot read .kiln/events.jsonl: " + err },
	CutShortEvent: func(n int) string {
		return fmt.Sprintf(".kiln/events.jsonl ends in a line cut short (%d bytes, no newline): an append was interrupted; it is left out, as kiln-state does", n)
	},
	BadEvents: func(lines string) string {
		return ".kiln/events.jsonl " + lines + ": not an event; skipped (kiln-state would call the ledger corrupt)"
	},
	FromAnywhere:  func(fire, root string) string { return fire + " (or /kiln-fire " + root + " from anywhere)" },
	Complete:      "complete",
	WhyComplete:   "the pipeline finished (stage complete): kiln only says so",
	WhyReportDone: func(last string) string { return "the report stage completed (last_completed_stage " + last + ")" },
	ContinueDone:  "The pipeline is complete; nothing is resumed.",
	Step:          func(n int, stage string) string { return fmt.Sprintf("step %d (%s)", n, stage) },
	WhyC: func(stage string) string {
		return "stage " + stage + ": kiln 1.x resumes the step's team from its beginning"
	},
	TeamIteration:  func(n int) string { return fmt.Sprintf("team iteration %d", n) },
	BuildIteration: func(n int) string { return fmt.Sprintf("build iteration %d", n) },
	Chunk:          func(n int) string { return fmt.Sprintf("chunk %d", n) },
	WhyDE:          func(stage string) string { return "stage " + stage + ": the conductor routes to the stage's handler" },
	NextAction:     func(na string) string { return "next action: " + na },
	Milestones:     func(d, t int) string { return fmt.Sprintf("milestones %d/%d complete", d, t) },
	Correction:     func(c int) string { return fmt.Sprintf("correction cycle %d/3", c) },
	OpenStage: func(stage, ts string, seq int) string {
		return fmt.Sprintf("events.jsonl: stage %s started at %s (seq %d) and has not completed", stage, ts, seq)
	},
	Continue: func(cmd, stage string) string {
		return "To resume, " + cmd + ": kiln reads .kiln/STATE.md and runs stage " + stage + "."
	},
	CompletedAt:   func(t string) string { return "completed at " + t },
	WritesNothing: "CONTINUE writes nothing: kiln resumes from STATE.md as it is.",
	ResumeNotes:   "Resume notes (.kiln/resume.md)",
	EarlierEvents: func(n int) string { return fmt.Sprintf("(%d earlier events)", n) },
	EventsTitle:   func(n int) string { return fmt.Sprintf("Events (.kiln/events.jsonl, %d)", n) },
	PromptTitle:   func(p, era string) string { return "# Resume kiln run: " + p + " (" + era + ")" },
	PromptPoint:   func(where, why string) string { return "Resume point: " + where + ": " + why + "." },
	PromptEvents:  "## The latest events (.kiln/events.jsonl)",
	NoResetC:      "kiln 1.x has no reset: every resume restarts the step's team from its beginning, which CONTINUE does; DISCARD archives STATE.md (kiln's own \"remove it to start fresh\")",
	NoResetD:      "kiln 2.0 has no reset: the conductor reruns the stage's handler from its beginning on resume, which CONTINUE does; DISCARD archives STATE.md to start fresh",
	NoResetE:      "kiln 3.0 has no reset: the conductor reruns the stage's handler from its beginning on resume, which CONTINUE does; DISCARD archives STATE.md and its event ledger to start fresh",
	DiscardE: func(path string) string {
		return "Archive this kiln run's state?\n" + path + "\n" +
			".kiln/events.jsonl and .kiln/state.json, then STATE.md, are each renamed to <name>.discarded.<timestamp> beside themselves (kiln 3.0 will not onboard over a live event ledger); nothing is deleted, and /kiln-fire starts fresh."
	},
	CompleteHint:    "the pipeline is complete",
	CompleteNothing: "the pipeline is complete: there is nothing to resume",
}

var portugueseCE = CEText{
	ResumeFailed: "A retomada do kiln falhou: falta um stage válido no .kiln/STATE.md. Esperado um de onboarding, brainstorm, research, architecture, build, validate, report, complete. Conserte o .kiln/STATE.md ou remova-o para começar do zero.",
	BadStage: func(v, steps string) string {
		return fmt.Sprintf("stage é %q, que não é um de %s, complete", v, steps)
	},
	NoValidStage: func(d string) string {
		return "O .kiln/STATE.md do kiln não tem um stage válido (" + d + "): o condutor não consegue roteá-lo.\nConserte a linha - **stage**:, ou use DISCARD para arquivá-lo e começar do zero."
	},
	SchemaVersion: func(v string) string { return "o schema_version do STATE.md é " + v + "; o kiln escreveu 2 e 3" },
	UpdatedNotISO: func(k, v string) string { return fmt.Sprintf("o %s %q do STATE.md não é uma data ISO-8601", k, v) },
	Moved: func(k, p, root string) string {
		if k == "project path" {
			k = "caminho do projeto"
		}
		return fmt.Sprintf("o %s do STATE.md é %s, mas o projeto aberto é %s (o projeto foi movido?)", k, p, root)
	},
	MovedC: func(p, root string) string {
		return "o Path do projeto no STATE.md é " + p + ", mas o projeto aberto é " + root +
			" (movido, clonado ou renomeado?); o kiln 1.x nunca o compara: /kiln-fire retoma aqui do mesmo jeito"
	},
	InterruptedC: func(stage, when string) string {
		if when == "" {
			return "O kiln 1.x não registra crash: a execução foi interrompida na etapa " + stage + "."
		}
		return "O kiln 1.x não registra crash: a execução foi interrompida em " + when + ", na etapa " + stage + "."
	},
	NoEvents:       "o kiln 3.0 guarda .kiln/events.jsonl ao lado do STATE.md; não há nenhum",
	CannotReadEvts: func(err string) string { return "não foi possível ler .kiln/events.jsonl: " + err },
	CutShortEvent: func(n int) string {
		return fmt.Sprintf(".kiln/events.jsonl termina numa linha interrompida (%d bytes, sem quebra de linha): uma gravação foi interrompida; ela fica de fora, como faz o kiln-state", n)
	},
	BadEvents: func(lines string) string {
		return ".kiln/events.jsonl " + lines + ": não é um evento; ignorado (o kiln-state diria que o registro está corrompido)"
	},
	FromAnywhere:  func(fire, root string) string { return fire + " (ou /kiln-fire " + root + " de qualquer lugar)" },
	Complete:      "concluído",
	WhyComplete:   "o pipeline terminou (stage complete): o kiln só informa isso",
	WhyReportDone: func(last string) string { return "a etapa report foi concluída (last_completed_stage " + last + ")" },
	ContinueDone:  "O pipeline está completo; nada é retomado.",
	Step:          func(n int, stage string) string { return fmt.Sprintf("passo %d (%s)", n, stage) },
	WhyC: func(stage string) string {
		return "etapa " + stage + ": o kiln 1.x retoma a equipe do passo desde o início"
	},
	TeamIteration:  func(n int) string { return fmt.Sprintf("iteração da equipe %d", n) },
	BuildIteration: func(n int) string { return fmt.Sprintf("iteração do build %d", n) },
	Chunk:          func(n int) string { return fmt.Sprintf("bloco %d", n) },
	WhyDE:          func(stage string) string { return "etapa " + stage + ": o condutor encaminha para o handler da etapa" },
	NextAction:     func(na string) string { return "próxima ação: " + na },
	Milestones:     func(d, t int) string { return fmt.Sprintf("marcos %d de %d completos", d, t) },
	Correction:     func(c int) string { return fmt.Sprintf("ciclo de correção %d/3", c) },
	OpenStage: func(stage, ts string, seq int) string {
		return fmt.Sprintf("events.jsonl: a etapa %s começou em %s (seq %d) e não terminou", stage, ts, seq)
	},
	Continue: func(cmd, stage string) string {
		return "Para retomar, " + cmd + ": o kiln lê .kiln/STATE.md e roda a etapa " + stage + "."
	},
	CompletedAt:   func(t string) string { return "concluída em " + t },
	WritesNothing: "CONTINUE não escreve nada: o kiln retoma do STATE.md como ele está.",
	ResumeNotes:   "Notas de retomada (.kiln/resume.md)",
	EarlierEvents: func(n int) string { return fmt.Sprintf("(%d eventos anteriores)", n) },
	EventsTitle:   func(n int) string { return fmt.Sprintf("Eventos (.kiln/events.jsonl, %d)", n) },
	PromptTitle:   func(p, era string) string { return "# Retomar a execução do kiln: " + p + " (" + era + ")" },
	PromptPoint:   func(where, why string) string { return "Ponto de retomada: " + where + ": " + why + "." },
	PromptEvents:  "## Os eventos mais recentes (.kiln/events.jsonl)",
	NoResetC:      "o kiln 1.x não tem reset: toda retomada recomeça a equipe do passo desde o início, o que o CONTINUE faz; DISCARD arquiva o STATE.md (o \"remova-o para começar do zero\" do próprio kiln)",
	NoResetD:      "o kiln 2.0 não tem reset: na retomada o condutor roda de novo o handler da etapa desde o início, o que o CONTINUE faz; DISCARD arquiva o STATE.md para começar do zero",
	NoResetE:      "o kiln 3.0 não tem reset: na retomada o condutor roda de novo o handler da etapa desde o início, o que o CONTINUE faz; DISCARD arquiva o STATE.md e o seu registro de eventos para começar do zero",
	DiscardE: func(path string) string {
		return "Arquivar o estado desta execução do kiln?\n" + path + "\n" +
			".kiln/events.jsonl e .kiln/state.json, depois o STATE.md, são renomeados cada um para <nome>.discarded.<timestamp> ao lado deles (o kiln 3.0 não faz a integração inicial sobre um registro de eventos vivo); nada é apagado, e /kiln-fire começa do zero."
	},
	CompleteHint:    "o pipeline está completo",
	CompleteNothing: "o pipeline está completo: não há nada para retomar",
}
