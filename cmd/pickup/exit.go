package main

import (
	"errors"

	"github.com/pickup-dev/pickup/internal/i18n"
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

// codeError carries an exit code through cobra. A nil-message
// codeError ends quietly (the command already said what it had to).
type codeError struct {
	code int
	msg  string
	// m and args are what fail was given (m is a field of
	// englishErrors), so that the message can be said in the run's
	// language (cmdText.errorText).
	m    *i18n.M
	args []any
	// err is the error failErr was given, said in the run's language
	// through what says itself in its chain (fsx's errors).
	err error
}

func (e *codeError) Error() string { return e.msg }

func (e *codeError) Unwrap() error { return e.err }

// fail is an error with its exit code: the message m, one of
// englishErrors' (&errs.X), with args in its placeholders.
func fail(code int, m *i18n.M, args ...any) error {
	return &codeError{code: code, msg: m.F(args...), m: m, args: args}
}

// failText is an error with its exit code whose text is already said
// (in the run's language, or an error's own words).
func failText(code int, text string) error { return &codeError{code: code, msg: text} }

// failErr is err with an exit code, its text err's own, said in the
// run's language where err's chain can (cmdText.errorText).
func failErr(code int, err error) error { return &codeError{code: code, msg: err.Error(), err: err} }

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
