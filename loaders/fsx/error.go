package fsx

import (
	"io/fs"
	"syscall"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/statedir"
)

// Error is one of fsx's errors: a sentence of its catalog (a field of
// english) with its values, and the error it wraps. Error() is the
// English sentence; SayIn says the same field of another language's
// catalog with the same values (i18n.Sayer), so cmd says it in the run's
// language (i18n.ErrorIn); errors.Is and errors.As see the wrapped
// error (ErrLink, fs.ErrExist, the system's).
//
// A value may be a word of the catalog (&english.Written) or another
// Error used as a phrase: each is said in the sentence's language.
type Error struct {
	msg  *i18n.M
	args []any
	err  error
}

// newError is the error msg (&english.X) says with args, in the English
// text's placeholder order.
func newError(msg *i18n.M, args ...any) error { return &Error{msg: msg, args: args} }

// wrapError is newError wrapping err (which args hold too, as {err}).
func wrapError(err error, msg *i18n.M, args ...any) error {
	return &Error{msg: msg, args: args, err: err}
}

// phrase is words of the catalog with values, put in another sentence.
func phrase(msg *i18n.M, args ...any) *Error { return &Error{msg: msg, args: args} }

func (e *Error) Error() string { return e.msg.F(e.args...) }

func (e *Error) Unwrap() error { return e.err }

// SayIn is the error in l.
func (e *Error) SayIn(l i18n.Lang) string { return sayIn(l, e.msg, e.args) }

// sayIn is msg (a field of english) said in l with args, each word or
// phrase of the catalog among them said in l too; msg in English when
// it is not english's.
func sayIn(l i18n.Lang, msg *i18n.M, args []any) string {
	in := Catalogs.For(l)
	m, ok := i18n.Same(&english, msg, in)
	if !ok {
		return msg.F(args...)
	}
	said := make([]any, len(args))
	for i, a := range args {
		switch x := a.(type) {
		case *i18n.M:
			if w, ok := i18n.Same(&english, x, in); ok {
				a = w.String()
			}
		case i18n.Sayer:
			a = x.SayIn(l)
		}
		said[i] = a
	}
	return m.F(said...)
}

// unsafe is why a folder pickup keeps its own files in cannot be
// trusted (statedir.Unsafe), as a phrase of the catalog: nil when it
// can; statedir's own words when they are not one of the catalog's.
func unsafe(st fs.FileInfo) any {
	why := statedir.Unsafe(st)
	if why == "" {
		return nil
	}
	var p *Error
	switch {
	case st.Mode()&fs.ModeSymlink != 0:
		p = phrase(&english.UnsafeLink)
	case !st.IsDir():
		p = phrase(&english.UnsafeNotAFolder)
	case st.Mode().Perm()&0o022 != 0:
		p = phrase(&english.UnsafeWritable, st.Mode().Perm().String())
	default:
		if sys, ok := st.Sys().(*syscall.Stat_t); ok {
			p = phrase(&english.UnsafeOwner, sys.Uid)
		}
	}
	if p == nil || p.Error() != why {
		return why
	}
	return p
}
