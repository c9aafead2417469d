// Package i18n is how pickup speaks more than one language: the Lang a
// run speaks (chosen by Detect from --lang, PICKUP_LANG and the locale),
// and the one way every package keeps its sentences: a Bundle, English as
// a Go value of the package's catalog struct (M for a sentence with
// {placeholders}, P for one about a number, with CLDR plural forms) and
// every other language as a JSON message file a translator edits without
// Go (bundle.go, msg.go); Words and Phases are the fixed words JSON keeps
// in English that screens translate (words.go). A second language is new
// message files, never a code change; the i18n/i18ntest package checks
// that every bundle is complete.
//
// Language tags are parsed and matched with golang.org/x/text/language,
// so "pt", "pt_BR.UTF-8" and "pt-PT" all find pt-BR, and "en_GB" English.
package i18n

import (
	"fmt"
	"strings"
	"sync"

	"golang.org/x/text/language"
)

// Lang is a language pickup speaks, as a BCP 47 tag.
type Lang string

const (
	// English is the default, and the language every catalog has.
	English Lang = "en"
	// PortugueseBR is Brazilian Portuguese, AIOS's own language.
	PortugueseBR Lang = "pt-BR"
)

// Supported lists the languages pickup knows, English first.
var Supported = []Lang{English, PortugueseBR}

// matcher is built when a language is first parsed, not at start-up:
// most runs name none (PICKUP_LANG, LANG and --lang unset or "C").
var matcher = sync.OnceValue(func() language.Matcher {
	return language.NewMatcher([]language.Tag{language.English, language.BrazilianPortuguese})
})

// Parse reads a language tag ("pt-BR", "en") or a POSIX locale name
// ("pt_BR.UTF-8", "pt_BR@euro", "pt", "C"). ok is false when s names no
// language pickup speaks (a language it does not know, "C" or "POSIX",
// or text that is no tag at all).
func Parse(s string) (Lang, bool) {
	s = strings.TrimSpace(s)
	// A locale name: language[_territory][.codeset][@modifier].
	if i := strings.IndexAny(s, ".@"); i >= 0 {
		s = s[:i]
	}
	s = strings.ReplaceAll(s, "_", "-")
	if s == "" || strings.EqualFold(s, "C") || strings.EqualFold(s, "POSIX") {
		return "", false
	}
	tag, err := language.Parse(s)
	if err != nil {
		return "", false
	}
	_, i, conf := matcher().Match(tag)
	if conf == language.No {
		return "", false
	}
	return Supported[i], true
}

// Env are the variables Detect reads, in the order it reads them: the
// first one set decides, as POSIX reads LC_ALL, LC_MESSAGES and LANG.
var Env = []string{"PICKUP_LANG", "LC_ALL", "LC_MESSAGES", "LANG"}

// Detect is the language of a run: flag (--lang) when given, else the
// first of Env that is set, else English. A language pickup does not
// speak in the environment means English (as a locale pickup has no
// messages for does); in flag it is an error, since it was asked for on
// purpose.
func Detect(flag string, getenv func(string) string) (Lang, error) {
	if flag != "" {
		l, ok := Parse(flag)
		if !ok {
			return English, fmt.Errorf("--lang %q: pickup speaks %s", flag, strings.Join(Names(), " and "))
		}
		return l, nil
	}
	for _, name := range Env {
		if v := getenv(name); v != "" {
			if l, ok := Parse(v); ok {
				return l, nil
			}
			return English, nil
		}
	}
	return English, nil
}

// Names are the Supported tags as text.
func Names() []string {
	out := make([]string, len(Supported))
	for i, l := range Supported {
		out[i] = string(l)
	}
	return out
}
