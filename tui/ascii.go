package tui

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// stripMarks takes the accents off letters: "Sessão" becomes "Sessao".
var stripMarks = transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)

// foldASCII is a frame for a terminal whose locale is not UTF-8
// (localeASCII), where any other byte shows as garbage: letters lose
// their accents (pt-BR's "Sessão anterior crashou." reads "Sessao
// anterior crashou."), and the few one-column marks the catalogs use
// become their ASCII look-alikes. Each character keeps its width, so
// the layout holds; escape sequences are ASCII and stay as they are.
func foldASCII(s string) string {
	if isASCII(s) {
		return s
	}
	if out, _, err := transform.String(stripMarks, s); err == nil {
		s = out
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case '…':
			return '.'
		case '·', '—', '–':
			return '-'
		case '“', '”':
			return '"'
		case '‘', '’':
			return '\''
		}
		return r
	}, s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
