// Package i18ntest checks message bundles (i18n.NewBundle, NewWords) for
// tests: every message present in every language, placeholders the
// same, the CLDR plural forms there, nothing left in English in another
// language, and every message used by some code (Complete). Every
// package with a bundle runs Complete on it, so a message added without
// its translation fails that package's tests; NoEnglish checks a whole
// translated screen.
package i18ntest

import (
	"slices"
	"sort"
	"strings"
	"unicode"
)

// TB is the part of testing.TB that Complete uses.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// Options tune Complete.
type Options struct {
	// Same are texts that stay as they are in every language: proper
	// names ("pickup", "git") and the four verbs, which every language
	// keeps. A string field, or a function's result with its arguments
	// taken out, that equals English's is an error unless it is one of
	// these (or made only of them, spaces and punctuation).
	Same []string
	// SameFields are field paths ("Catalog.Unit", "Keys.Up") whose value
	// may equal English's: a sentence made only of its arguments, a
	// symbol.
	SameFields []string
	// Empty are field paths allowed to be empty strings in every
	// language (English included).
	Empty []string
	// Unused are message paths Complete lets no code select (a message
	// only a test or a file outside Go reads).
	Unused []string
}

// Verbs are the four choices' names, the same in every language.
var Verbs = []string{"CONTINUE", "REVIEW", "RESTART", "DISCARD"}

// checker holds the options the completeness test applies.
type checker struct {
	opt Options
}

// keeps reports whether s is made only of texts every language keeps
// (Options.Same, the verbs), spaces, digits and punctuation.
func (c *checker) keeps(s string) bool {
	same := append(append([]string{}, c.opt.Same...), Verbs...)
	sort.Slice(same, func(i, j int) bool { return len(same[i]) > len(same[j]) })
	for _, w := range same {
		s = strings.ReplaceAll(s, w, " ")
	}
	return strings.IndexFunc(s, unicode.IsLetter) < 0
}

func sorted(s []string) []string { s = slices.Clone(s); sort.Strings(s); return s }
