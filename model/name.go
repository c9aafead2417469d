package model

import (
	"unicode"
	"unicode/utf8"
)

// ShowName is a file or folder name as every pickup output shows it: as
// it is, unless it holds a control or format character (a newline, an
// escape, a bidi override) or bytes that are not UTF-8; then in the one
// escaped form the git commands pickup advises use, bash's $'…' with
// \xNN (ShellQuote). A name can then never start a line of its own on a
// screen, in a veto's list or in an agent's context, and pasting the
// escaped form into a shell names the very same file.
func ShowName(s string) string {
	if !rawName(s) {
		return s
	}
	return ShellQuote(s)
}

// rawName reports whether s holds what a terminal or a reader would not
// show as it is: a control or format character, a line or paragraph
// separator, or bytes that are not UTF-8.
func rawName(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if unicode.IsControl(r) || unicode.In(r, unicode.Cf) || r == '\u2028' || r == '\u2029' {
			return true
		}
	}
	return false
}
