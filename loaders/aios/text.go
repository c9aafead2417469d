package aios

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Text is the sentences the AIOS loader builds about a state file (the
// resume point's reason, warnings, a corrupted file's problem, phase
// details, the greenfield workflow's outcomes), in each language pickup
// speaks. Field names of the file (session_state.last_updated…), phase
// names and values read from it stay as written; the field values
// seed 001 itself writes in English ("Unknown Epic") stay English.
type Text struct {
	// Kinds name a YAML node's kind inside other sentences.
	KindMissing, KindNull, KindMapping, KindList, KindOther string
	KindValue                                               func(v string) string
	// And and Or join the last two names of a list ("a, b and c").
	And, Or string

	// A corrupted file (model.ErrCorrupted's detail).
	Empty        string
	DuplicateKey func(key string) string
	TopLevel     func(kind string) string
	NoKey        string
	NotMapping   func(kind string) string
	NoSections   func(sections string) string

	// Warnings.
	NoSeconds         func(value, read string) string
	NoZone            func(value, read string) string
	NoSecondsNoZone   func(value, read string) string
	LastUpdatedNote   func(note string) string
	NoLastUpdated     string
	BadLastUpdated    func(kind string) string
	NoWorkflow        string
	BadWorkflow       func(kind string) string
	BadSection        func(key, kind string) string
	UnknownVersion    func(v string) string
	UnknownAction     func(t string) string
	NoAction          string
	BadCurrentPhase   func(kind string) string
	UnknownCompleted  func(name string) string
	UnknownResult     func(name string) string
	CrashRecorded     func(phase string, files int) string
	GreenfieldField   func(n int, title string) string
	StoriesDone       func(done int, ids, current string) string
	Attempt           func(n int) string
	Attempts          func(n int) string
	PhaseNotFound     func(raw, phases string) string
	NotASixPhase      func(raw string) string
	CurrentIs         func(as string) string
	ResultRecorded    func(result, current string) string
	FailedRunsAgain   func(phase, result string) string
	NextAfter         func(last, next string) string
	FirstNotCompleted func(phase string) string
	StartsAt          func(phase string) string
	AllDone           string

	// The greenfield workflow.
	GreenfieldUnknown       func(raw string) string
	GreenfieldFromFirst     func(title string) string
	GreenfieldPaused        func(n int, title, on string) string
	GreenfieldOn            func(iso string) string
	GreenfieldIn            func(raw string, n int, title string) string
	GreenfieldResumeOutcome func(n int, title string) string

	// Apply's errors; RESTART's rewrite of the state (the words before
	// the YAML library's error).
	NoStateToArchive string
	Project          func(path string) string
	UnknownChoice    func(choice string) string
	CorruptedRestart func(path string) string
	InvalidYAML      string
	NoStateMapping   string
	ReadingEdited    string
	EncodingState    string
	NotReadBack      string
}

// Catalogs are the loader's sentences by language: NewIn picks one.
var Catalogs = i18n.Catalogs[Text]{i18n.English: &english, i18n.PortugueseBR: &portuguese}

var english = Text{
	KindMissing: "missing", KindNull: "null", KindMapping: "a mapping", KindList: "a list", KindOther: "not a mapping",
	KindValue: func(v string) string { return fmt.Sprintf("the value %q", v) },
	And:       "and",
	Or:        "or",

	Empty:        "the file is empty: no session_state mapping",
	DuplicateKey: func(key string) string { return fmt.Sprintf("invalid YAML: duplicate key %q", key) },
	TopLevel:     func(kind string) string { return "no session_state mapping: the top level is " + kind },
	NoKey:        "no session_state key at the top level",
	NotMapping:   func(kind string) string { return "session_state is " + kind + ", not a mapping" },
	NoSections: func(sections string) string {
		return "session_state has no " + sections + ": it holds nothing to resume"
	},

	NoSeconds: func(value, read string) string { return fmt.Sprintf("%q has no seconds: read as %s", value, read) },
	NoZone: func(value, read string) string {
		return fmt.Sprintf("%q has no time zone: read as local time (%s), as aios-core's new Date() reads it", value, read)
	},
	NoSecondsNoZone: func(value, read string) string {
		return fmt.Sprintf("%q has no seconds and no time zone: read as local time (%s), as aios-core's new Date() reads it", value, read)
	},
	LastUpdatedNote: func(note string) string { return "session_state.last_updated " + note },
	NoLastUpdated:   "session_state.last_updated is missing: the time of the last update is unknown, so no crash can be detected",
	BadLastUpdated: func(kind string) string {
		return "session_state.last_updated is " + kind + ", not an ISO 8601 time: the time of the last update is unknown, so no crash can be detected"
	},
	NoWorkflow: "session_state.workflow is missing: no phase is recorded (RESTART writes a fresh workflow)",
	BadWorkflow: func(kind string) string {
		return "session_state.workflow is " + kind + ", not a mapping: ignored, no phase is recorded (RESTART writes a fresh workflow)"
	},
	BadSection: func(key, kind string) string {
		return "session_state." + key + " is " + kind + ", not a mapping: ignored"
	},
	UnknownVersion: func(v string) string { return fmt.Sprintf("unknown session state version %q: read as version 1.2", v) },
	UnknownAction: func(t string) string {
		return fmt.Sprintf("unknown last_action.type %q: not treated as a clean stop", t)
	},
	NoAction:        "no last_action.type recorded: more than 30 minutes of silence counts as a crash",
	BadCurrentPhase: func(kind string) string { return "workflow.current_phase is " + kind + ", not a phase name: ignored" },
	UnknownCompleted: func(name string) string {
		return fmt.Sprintf("workflow.completed_phases names unknown phase %q: ignored", name)
	},
	UnknownResult: func(name string) string {
		return fmt.Sprintf("workflow.phase_results names unknown phase %q: ignored", name)
	},
	CrashRecorded: func(phase string, files int) string {
		msg := "the state file records a crash (crash_recovery.is_crash: true"
		if phase != "" {
			msg += ", last active phase " + phase
		}
		if files > 0 {
			msg += ", " + i18n.Count(files, "uncommitted file", "uncommitted files") + " listed"
		}
		return msg + ")"
	},
	GreenfieldField: func(n int, title string) string { return fmt.Sprintf(" (greenfield phase %d: %s)", n, title) },
	StoriesDone: func(done int, ids, current string) string {
		out := i18n.Count(done, "story", "stories") + " done"
		if ids != "" {
			out += " (" + ids + ")"
		}
		if current != "" {
			out += ", " + current + " in progress"
		}
		return out + "; the epic's total is not recorded"
	},
	Attempt:  func(n int) string { return fmt.Sprintf("attempt %d", n) },
	Attempts: func(n int) string { return i18n.Count(n, "attempt", "attempts") },
	PhaseNotFound: func(raw, phases string) string {
		return fmt.Sprintf("workflow.current_phase %q is not a phase of the workflow (the phases are %s)", raw, phases)
	},
	NotASixPhase: func(raw string) string {
		return fmt.Sprintf("current_phase %q is not one of the six phases: RESTART starts the story again at validation", raw)
	},
	CurrentIs: func(as string) string {
		if as != "" {
			return "recorded as the current phase (as " + as + ")"
		}
		return "recorded as the current phase"
	},
	ResultRecorded: func(result, current string) string {
		return fmt.Sprintf("; its result (%s) is recorded, so the phase after it may have been running: aios-core resumes at %s", result, current)
	},
	FailedRunsAgain: func(phase, result string) string {
		return fmt.Sprintf("no current_phase; %s recorded %q, so it runs again", phase, result)
	},
	NextAfter: func(last, next string) string { return fmt.Sprintf("%s completed; %s is next", last, next) },
	FirstNotCompleted: func(phase string) string {
		return fmt.Sprintf("no current_phase; %s is the first phase not completed", phase)
	},
	StartsAt: func(phase string) string {
		return "no current_phase and no phase completed: the story starts at " + phase
	},
	AllDone: "all six phases are completed: the story is finished",

	GreenfieldUnknown: func(raw string) string {
		return fmt.Sprintf("current_phase %q names no greenfield phase: the greenfield workflow starts again from its first phase", raw)
	},
	GreenfieldFromFirst: func(title string) string {
		return "Resume the greenfield workflow from its first phase (phase 0, " + title + ")."
	},
	GreenfieldPaused: func(n int, title, on string) string {
		return fmt.Sprintf("the greenfield workflow was paused before phase %d (%s)%s: CONTINUE resumes from it", n, title, on)
	},
	GreenfieldOn: func(iso string) string { return " on " + iso },
	GreenfieldIn: func(raw string, n int, title string) string {
		return fmt.Sprintf("recorded as the current phase (as %s): the greenfield workflow was in phase %d (%s)", raw, n, title)
	},
	GreenfieldResumeOutcome: func(n int, title string) string {
		return fmt.Sprintf("Resume the greenfield workflow from phase %d (%s).", n, title)
	},

	NoStateToArchive: "aios: there is no state file to archive",
	Project:          func(path string) string { return "project " + path },
	UnknownChoice:    func(c string) string { return fmt.Sprintf("aios: unknown choice %q", c) },
	CorruptedRestart: func(path string) string {
		return path + ": the state file is corrupted; RESTART cannot edit it (DISCARD archives it)"
	},
	InvalidYAML:    "invalid YAML",
	NoStateMapping: "no session_state mapping at the top level",
	ReadingEdited:  "reading the edited state",
	EncodingState:  "encoding the state",
	NotReadBack:    "the rewritten state does not read back as written; nothing was written",
}

var portuguese = Text{
	KindMissing: "ausente", KindNull: "nulo", KindMapping: "um mapeamento", KindList: "uma lista", KindOther: "não é um mapeamento",
	KindValue: func(v string) string { return fmt.Sprintf("o valor %q", v) },
	And:       "e",
	Or:        "ou",

	Empty:        "o arquivo está vazio: não há mapeamento session_state",
	DuplicateKey: func(key string) string { return fmt.Sprintf("YAML inválido: chave %q duplicada", key) },
	TopLevel:     func(kind string) string { return "não há mapeamento session_state: o nível de cima é " + kind },
	NoKey:        "não há chave session_state no nível de cima",
	NotMapping:   func(kind string) string { return "session_state é " + kind + ", não um mapeamento" },
	NoSections: func(sections string) string {
		return "session_state não tem " + sections + ": não há nada para retomar"
	},

	NoSeconds: func(value, read string) string { return fmt.Sprintf("%q não tem segundos: lido como %s", value, read) },
	NoZone: func(value, read string) string {
		return fmt.Sprintf("%q não tem fuso horário: lido como hora local (%s), como o new Date() do aios-core o lê", value, read)
	},
	NoSecondsNoZone: func(value, read string) string {
		return fmt.Sprintf("%q não tem segundos nem fuso horário: lido como hora local (%s), como o new Date() do aios-core o lê", value, read)
	},
	LastUpdatedNote: func(note string) string { return "session_state.last_updated: " + note },
	NoLastUpdated:   "session_state.last_updated está ausente: a hora da última atualização é desconhecida, então nenhum crash pode ser detectado",
	BadLastUpdated: func(kind string) string {
		return "session_state.last_updated é " + kind + ", não uma hora ISO 8601: a hora da última atualização é desconhecida, então nenhum crash pode ser detectado"
	},
	NoWorkflow: "session_state.workflow está ausente: nenhuma fase registrada (o RESTART grava um workflow novo)",
	BadWorkflow: func(kind string) string {
		return "session_state.workflow é " + kind + ", não um mapeamento: ignorado, nenhuma fase registrada (o RESTART grava um workflow novo)"
	},
	BadSection: func(key, kind string) string {
		return "session_state." + key + " é " + kind + ", não um mapeamento: ignorado"
	},
	UnknownVersion: func(v string) string {
		return fmt.Sprintf("versão de estado de sessão %q desconhecida: lida como versão 1.2", v)
	},
	UnknownAction: func(t string) string {
		return fmt.Sprintf("last_action.type %q desconhecido: não conta como parada limpa", t)
	},
	NoAction: "nenhum last_action.type registrado: mais de 30 minutos de silêncio contam como crash",
	BadCurrentPhase: func(kind string) string {
		return "workflow.current_phase é " + kind + ", não um nome de fase: ignorado"
	},
	UnknownCompleted: func(name string) string {
		return fmt.Sprintf("workflow.completed_phases cita a fase desconhecida %q: ignorada", name)
	},
	UnknownResult: func(name string) string {
		return fmt.Sprintf("workflow.phase_results cita a fase desconhecida %q: ignorada", name)
	},
	CrashRecorded: func(phase string, files int) string {
		msg := "o arquivo de estado registra um crash (crash_recovery.is_crash: true"
		if phase != "" {
			msg += ", última fase ativa " + phase
		}
		if files > 0 {
			msg += ", " + i18n.Count(files, "arquivo não commitado listado", "arquivos não commitados listados")
		}
		return msg + ")"
	},
	GreenfieldField: func(n int, title string) string { return fmt.Sprintf(" (fase greenfield %d: %s)", n, title) },
	StoriesDone: func(done int, ids, current string) string {
		out := i18n.Count(done, "story feita", "stories feitas")
		if ids != "" {
			out += " (" + ids + ")"
		}
		if current != "" {
			out += ", " + current + " em andamento"
		}
		return out + "; o total do epic não está registrado"
	},
	Attempt:  func(n int) string { return fmt.Sprintf("tentativa %d", n) },
	Attempts: func(n int) string { return i18n.Count(n, "tentativa", "tentativas") },
	PhaseNotFound: func(raw, phases string) string {
		return fmt.Sprintf("workflow.current_phase %q não é uma fase do workflow (as fases são %s)", raw, phases)
	},
	NotASixPhase: func(raw string) string {
		return fmt.Sprintf("current_phase %q não é uma das seis fases: o RESTART recomeça a story em validation", raw)
	},
	CurrentIs: func(as string) string {
		if as != "" {
			return "registrada como a fase atual (como " + as + ")"
		}
		return "registrada como a fase atual"
	},
	ResultRecorded: func(result, current string) string {
		return fmt.Sprintf("; o resultado dela (%s) está registrado, então a fase seguinte pode estar rodando: o aios-core retoma em %s", result, current)
	},
	FailedRunsAgain: func(phase, result string) string {
		return fmt.Sprintf("sem current_phase; %s registrou %q, então roda de novo", phase, result)
	},
	NextAfter: func(last, next string) string { return fmt.Sprintf("%s completa; %s é a próxima", last, next) },
	FirstNotCompleted: func(phase string) string {
		return fmt.Sprintf("sem current_phase; %s é a primeira fase não completa", phase)
	},
	StartsAt: func(phase string) string {
		return "sem current_phase e nenhuma fase completa: a story começa em " + phase
	},
	AllDone: "as seis fases estão completas: a story terminou",

	GreenfieldUnknown: func(raw string) string {
		return fmt.Sprintf("current_phase %q não cita nenhuma fase greenfield: o workflow greenfield recomeça da primeira fase", raw)
	},
	GreenfieldFromFirst: func(title string) string {
		return "Retomar o workflow greenfield da primeira fase (fase 0, " + title + ")."
	},
	GreenfieldPaused: func(n int, title, on string) string {
		return fmt.Sprintf("o workflow greenfield foi pausado antes da fase %d (%s)%s: o CONTINUE retoma dela", n, title, on)
	},
	GreenfieldOn: func(iso string) string { return " em " + iso },
	GreenfieldIn: func(raw string, n int, title string) string {
		return fmt.Sprintf("registrada como a fase atual (como %s): o workflow greenfield estava na fase %d (%s)", raw, n, title)
	},
	GreenfieldResumeOutcome: func(n int, title string) string {
		return fmt.Sprintf("Retomar o workflow greenfield da fase %d (%s).", n, title)
	},

	NoStateToArchive: "aios: não há arquivo de estado para arquivar",
	Project:          func(path string) string { return "projeto " + path },
	UnknownChoice:    func(c string) string { return fmt.Sprintf("aios: escolha desconhecida %q", c) },
	CorruptedRestart: func(path string) string {
		return path + ": o arquivo de estado está corrompido; o RESTART não consegue editá-lo (o DISCARD o arquiva)"
	},
	InvalidYAML:    "YAML inválido",
	NoStateMapping: "não há mapeamento session_state no nível de cima",
	ReadingEdited:  "lendo o estado editado",
	EncodingState:  "codificando o estado",
	NotReadBack:    "o estado reescrito não é lido de volta como foi escrito; nada foi gravado",
}

// list renders names for t's messages: "a, b and c" (or "a, b or c").
func (t *Text) list(names []string, and string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + and + " " + names[len(names)-1]
}

// kind names a node's kind for t's messages.
func (t *Text) kind(n *yaml.Node) string {
	switch {
	case n == nil:
		return t.KindMissing
	case isNull(n):
		return t.KindNull
	case n.Kind == yaml.MappingNode:
		return t.KindMapping
	case n.Kind == yaml.SequenceNode:
		return t.KindList
	case n.Kind == yaml.ScalarNode:
		return t.KindValue(n.Value)
	}
	return t.KindOther
}
