package i18n

import "strings"

// Sayer is an error that can say itself in a language: Error() is its
// English, SayIn(l) the same sentence in l (a package's own errors, made
// with a field of its English catalog, say it with the same field of l's;
// see loaders/fsx's Error).
type Sayer interface {
	error
	SayIn(l Lang) string
}

// ErrorIn is err's text said in l: every Sayer in err's chain (Unwrap,
// outermost first, as errors.As walks it) whose English Error() ends the
// text built so far has that end replaced by its SayIn(l); what wraps it
// (a path, a caller's "archiving: ") is kept as it is, and a Sayer
// anywhere else in the text stays English. The operating system's words
// at the end are then said in l (OSWords). In English it is err.Error(),
// byte for byte.
func ErrorIn(l Lang, err error) string {
	if err == nil {
		return ""
	}
	s := err.Error()
	if l == English || l == "" {
		return s
	}
	return OSWords(l, sayChain(l, err, s))
}

// sayChain replaces, in s, the English of each Sayer of err's tree that
// ends s by its words in l.
func sayChain(l Lang, err error, s string) string {
	for err != nil {
		if sy, ok := err.(Sayer); ok {
			if en := sy.Error(); en != "" {
				if head, ok := strings.CutSuffix(s, en); ok {
					s = head + sy.SayIn(l)
				}
			}
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				s = sayChain(l, e, s)
			}
			return s
		default:
			return s
		}
	}
	return s
}
