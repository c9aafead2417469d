package aios

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Text is the sentences the AIOS loader builds about a state file (the
// resume point's reason, warnings, a corrupted file's problem, phase
// details, the greenfield workflow's outcomes): English here, every
// other language in messages/<lang>.json. Field names of the file
// (session_state.last_updated…), phase names and values read from it
// stay as written; the field values seed 001 itself writes in English
// ("Unknown Epic") stay English. A quoted value ({value}, {key}, {raw})
// comes in quoted (strconv.Quote).
type Text struct {
	// Kinds name a YAML node's kind inside other sentences.
	KindMissing, KindNull, KindMapping, KindList, KindOther string
	KindValue                                               i18n.M
	// And and Or join the last two names of a list ("a, b and c").
	And, Or string

	// A corrupted file (model.ErrCorrupted's detail).
	Empty                                          string
	DuplicateKey, TopLevel, NotMapping, NoSections i18n.M
	NoKey                                          string

	// Warnings.
	NoSeconds, NoZone, NoSecondsNoZone, LastUpdatedNote, BadLastUpdated i18n.M
	NoLastUpdated, NoWorkflow, NoAction, AllDone                        string
	BadWorkflow, BadSection, UnknownVersion, UnknownAction              i18n.M
	BadCurrentPhase, UnknownCompleted, UnknownResult                    i18n.M
	// A recorded crash: Crash, then CrashPhase and CrashFiles when known.
	Crash                                        string
	CrashPhase                                   i18n.M
	CrashFiles                                   i18n.P
	GreenfieldField                              i18n.M
	StoriesDone                                  i18n.P
	StoriesCurrent                               i18n.M
	StoriesTotal                                 string
	Attempt                                      i18n.M
	Attempts                                     i18n.P
	PhaseNotFound, NotASixPhase                  i18n.M
	CurrentIs                                    string
	CurrentIsAs, ResultRecorded, FailedRunsAgain i18n.M
	NextAfter, FirstNotCompleted, StartsAt       i18n.M

	// The greenfield workflow.
	GreenfieldUnknown, GreenfieldFromFirst, GreenfieldPaused i18n.M
	GreenfieldOn, GreenfieldIn, GreenfieldResumeOutcome      i18n.M

	// Apply's errors; RESTART's rewrite of the state (the words before
	// the YAML library's error).
	NoStateToArchive                                          string
	Project, UnknownChoice, CorruptedRestart                  i18n.M
	InvalidYAML, NoStateMapping, ReadingEdited, EncodingState string
	NotReadBack                                               string
}

// Catalogs are the loader's sentences by language: NewIn picks one.
var Catalogs = i18n.NewBundle(&english, messages, "messages")

var english = Text{
	KindMissing: "missing", KindNull: "null", KindMapping: "a mapping", KindList: "a list", KindOther: "not a mapping",
	KindValue: i18n.T("the value {v}"),
	And:       "and",
	Or:        "or",

	Empty:        "the file is empty: no session_state mapping",
	DuplicateKey: i18n.T("invalid YAML: duplicate key {key}"),
	TopLevel:     i18n.T("no session_state mapping: the top level is {kind}"),
	NoKey:        "no session_state key at the top level",
	NotMapping:   i18n.T("session_state is {kind}, not a mapping"),
	NoSections:   i18n.T("session_state has no {sections}: it holds nothing to resume"),

	NoSeconds:         i18n.T("{value} has no seconds: read as {read}"),
	NoZone:            i18n.T("{value} has no time zone: read as local time ({read}), as aios-core's new Date() reads it"),
	NoSecondsNoZone:   i18n.T("{value} has no seconds and no time zone: read as local time ({read}), as aios-core's new Date() reads it"),
	LastUpdatedNote:   i18n.T("session_state.last_updated {note}"),
	NoLastUpdated:     "session_state.last_updated is missing: the time of the last update is unknown, so no crash can be detected",
	BadLastUpdated:    i18n.T("session_state.last_updated is {kind}, not an ISO 8601 time: the time of the last update is unknown, so no crash can be detected"),
	NoWorkflow:        "session_state.workflow is missing: no phase is recorded (RESTART writes a fresh workflow)",
	BadWorkflow:       i18n.T("session_state.workflow is {kind}, not a mapping: ignored, no phase is recorded (RESTART writes a fresh workflow)"),
	BadSection:        i18n.T("session_state.{key} is {kind}, not a mapping: ignored"),
	UnknownVersion:    i18n.T("unknown session state version {v}: read as version 1.2"),
	UnknownAction:     i18n.T("unknown last_action.type {type}: not treated as a clean stop"),
	NoAction:          "no last_action.type recorded: more than 30 minutes of silence counts as a crash",
	BadCurrentPhase:   i18n.T("workflow.current_phase is {kind}, not a phase name: ignored"),
	UnknownCompleted:  i18n.T("workflow.completed_phases names unknown phase {name}: ignored"),
	UnknownResult:     i18n.T("workflow.phase_results names unknown phase {name}: ignored"),
	Crash:             "the state file records a crash (crash_recovery.is_crash: true",
	CrashPhase:        i18n.T(", last active phase {phase}"),
	CrashFiles:        i18n.Plural(", {n} uncommitted file listed", ", {n} uncommitted files listed"),
	GreenfieldField:   i18n.T(" (greenfield phase {phase}: {title})"),
	StoriesDone:       i18n.Plural("{n} story done", "{n} stories done"),
	StoriesCurrent:    i18n.T(", {current} in progress"),
	StoriesTotal:      "; the epic's total is not recorded",
	Attempt:           i18n.T("attempt {n}"),
	Attempts:          i18n.Plural("{n} attempt", "{n} attempts"),
	PhaseNotFound:     i18n.T("workflow.current_phase {raw} is not a phase of the workflow (the phases are {phases})"),
	NotASixPhase:      i18n.T("current_phase {raw} is not one of the six phases: RESTART starts the story again at validation"),
	CurrentIs:         "recorded as the current phase",
	CurrentIsAs:       i18n.T("recorded as the current phase (as {as})"),
	ResultRecorded:    i18n.T("; its result ({result}) is recorded, so the phase after it may have been running: aios-core resumes at {current}"),
	FailedRunsAgain:   i18n.T("no current_phase; {phase} recorded {result}, so it runs again"),
	NextAfter:         i18n.T("{last} completed; {next} is next"),
	FirstNotCompleted: i18n.T("no current_phase; {phase} is the first phase not completed"),
	StartsAt:          i18n.T("no current_phase and no phase completed: the story starts at {phase}"),
	AllDone:           "all six phases are completed: the story is finished",

	GreenfieldUnknown:       i18n.T("current_phase {raw} names no greenfield phase: the greenfield workflow starts again from its first phase"),
	GreenfieldFromFirst:     i18n.T("Resume the greenfield workflow from its first phase (phase 0, {title})."),
	GreenfieldPaused:        i18n.T("the greenfield workflow was paused before phase {phase} ({title}){on}: CONTINUE resumes from it"),
	GreenfieldOn:            i18n.T(" on {iso}"),
	GreenfieldIn:            i18n.T("recorded as the current phase (as {raw}): the greenfield workflow was in phase {phase} ({title})"),
	GreenfieldResumeOutcome: i18n.T("Resume the greenfield workflow from phase {phase} ({title})."),

	NoStateToArchive: "aios: there is no state file to archive",
	Project:          i18n.T("project {path}"),
	UnknownChoice:    i18n.T("aios: unknown choice {choice}"),
	CorruptedRestart: i18n.T("{path}: the state file is corrupted; RESTART cannot edit it (DISCARD archives it)"),
	InvalidYAML:      "invalid YAML",
	NoStateMapping:   "no session_state mapping at the top level",
	ReadingEdited:    "reading the edited state",
	EncodingState:    "encoding the state",
	NotReadBack:      "the rewritten state does not read back as written; nothing was written",
}

// crashRecorded is the warning of a state file that records a crash:
// its last active phase and how many uncommitted files it lists, when
// it says.
func (t *Text) crashRecorded(phase string, files int) string {
	msg := t.Crash
	if phase != "" {
		msg += t.CrashPhase.F(phase)
	}
	if files > 0 {
		msg += t.CrashFiles.N(files)
	}
	return msg + ")"
}

// storiesDone is the epic's progress: how many stories are done (which,
// when known) and the one in progress.
func (t *Text) storiesDone(done int, ids, current string) string {
	out := t.StoriesDone.N(done)
	if ids != "" {
		out += " (" + ids + ")"
	}
	if current != "" {
		out += t.StoriesCurrent.F(current)
	}
	return out + t.StoriesTotal
}

// currentIs is the reason of a recorded current phase, with the name
// the file gives it when that differs.
func (t *Text) currentIs(as string) string {
	if as != "" {
		return t.CurrentIsAs.F(as)
	}
	return t.CurrentIs
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
		return t.KindValue.F(strconv.Quote(n.Value))
	}
	return t.KindOther
}
