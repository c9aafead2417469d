package main

import (
	"errors"
	"fmt"
)

// Exit codes: the README's table is the contract.
const (
	exitOK        = 0
	exitError     = 1
	exitUsage     = 2
	exitNoSession = 3
	exitCorrupted = 4
	exitBlocked   = 5
	exitIntegrity = 6
	exitCancelled = 130
)

// exitError carries an exit code through cobra. A nil-message exitError
// ends quietly (the command already said what it had to).
type codeError struct {
	code int
	msg  string
	// format and args are what fail was given, so that the message can
	// be said in the run's language (runText.Errors).
	format string
	args   []any
}

func (e *codeError) Error() string { return e.msg }

func fail(code int, format string, args ...any) error {
	return &codeError{code: code, msg: fmt.Sprintf(format, args...), format: format, args: args}
}

// quiet ends with code, having printed everything already.
func quiet(code int) error { return &codeError{code: code} }

func exitCode(err error) int {
	if err == nil {
		return exitOK
	}
	var ce *codeError
	if errors.As(err, &ce) {
		return ce.code
	}
	// cobra's own errors are about flags and arguments.
	return exitUsage
}
