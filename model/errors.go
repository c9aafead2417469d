package model

import "fmt"

// ErrorKind names why a state file cannot be resumed as it is. The names
// are seed 001's error table, so scripts can match them.
type ErrorKind string

const (
	// ErrCorrupted: the file is not valid, or required fields are missing.
	// Only DISCARD is offered.
	ErrCorrupted ErrorKind = "session_corrupted"
	// ErrPhaseNotFound: the state names a phase the workflow does not have.
	// RESTART is suggested.
	ErrPhaseNotFound ErrorKind = "phase_not_found"
	// ErrIntegrity: recorded hashes no longer match (a changed prompt
	// template, an edited artifact). An explicit flag is needed to go on;
	// CONTINUE is disabled, the rest stay possible. Exit code 6.
	ErrIntegrity ErrorKind = "integrity_decision_needed"
)

// LoadError is a typed, located problem with a state file.
type LoadError struct {
	Kind   ErrorKind
	Path   string
	Line   int // 1-based; 0 when unknown
	Detail string
	// Message, when set, is the source's exact wording for the problem
	// (a spec's error block), shown verbatim instead of Error().
	Message string
	// Recovered: the source rebuilt the session from other evidence (a
	// corrupted /design session from the design artifacts on disk), so
	// its own menu stands instead of DISCARD alone. The problem is still
	// reported: the word corrupted, JSON's problem, exit 4 from status.
	Recovered bool
}

// OnlyDiscard reports whether the problem leaves DISCARD as the only
// choice: a corrupted file nothing was recovered from. e may be nil.
func (e *LoadError) OnlyDiscard() bool {
	return e != nil && e.Kind == ErrCorrupted && !e.Recovered
}

// Text is the problem for a person: where (file and line) and what,
// without the kind's internal name, which JSON and Error carry.
func (e *LoadError) Text() string {
	loc := e.Path
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d", e.Path, e.Line)
	}
	return loc + ": " + e.Detail
}

func (e *LoadError) Error() string {
	loc := e.Path
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d", e.Path, e.Line)
	}
	return fmt.Sprintf("%s: %s: %s", loc, e.Kind, e.Detail)
}

// GuardError is a write refused by a guard that looked before touching
// anything (a branch mismatch before a checkpoint restore…). A loader's
// Apply returns it in Applied.Err; the CLI exits 5 with Kind as the veto.
type GuardError struct {
	Kind    string
	Message string
}

func (e *GuardError) Error() string { return e.Message }
