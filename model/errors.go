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
)

// LoadError is a typed, located problem with a state file.
type LoadError struct {
	Kind   ErrorKind
	Path   string
	Line   int // 1-based; 0 when unknown
	Detail string
}

func (e *LoadError) Error() string {
	loc := e.Path
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d", e.Path, e.Line)
	}
	return fmt.Sprintf("%s: %s: %s", loc, e.Kind, e.Detail)
}
