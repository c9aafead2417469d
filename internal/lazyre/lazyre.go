// Package lazyre is a regular expression compiled the first time it is
// used rather than at package initialisation: Go runs every package's
// init on every command, and a loader's patterns are needed only when
// its files are read (pickup --version, or a statusline answered from
// its cache, compiles none). The methods are regexp.Regexp's, so a
// package-level `regexp.MustCompile(...)` becomes `lazyre.New(...)` and
// its uses stay as they are. A pattern that does not compile panics on
// its first use, where MustCompile panicked at start-up; this package's
// TestEveryDeclaredPatternCompiles compiles every lazyre.New of the
// module instead.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a pattern compiled on first use; safe for concurrent use.
type Regexp struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

// New is expr, to be compiled when first used.
func New(expr string) *Regexp { return &Regexp{src: expr} }

// Compiled is the compiled pattern (compiling it the first time).
func (r *Regexp) Compiled() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.src) })
	return r.re
}

// String is the source text of the pattern.
func (r *Regexp) String() string { return r.src }

// Match is regexp.Regexp.Match.
func (r *Regexp) Match(b []byte) bool { return r.Compiled().Match(b) }

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.Compiled().MatchString(s) }

// FindString is regexp.Regexp.FindString.
func (r *Regexp) FindString(s string) string { return r.Compiled().FindString(s) }

// FindStringIndex is regexp.Regexp.FindStringIndex.
func (r *Regexp) FindStringIndex(s string) []int { return r.Compiled().FindStringIndex(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.Compiled().FindStringSubmatch(s) }

// FindStringSubmatchIndex is regexp.Regexp.FindStringSubmatchIndex.
func (r *Regexp) FindStringSubmatchIndex(s string) []int {
	return r.Compiled().FindStringSubmatchIndex(s)
}

// FindSubmatch is regexp.Regexp.FindSubmatch.
func (r *Regexp) FindSubmatch(b []byte) [][]byte { return r.Compiled().FindSubmatch(b) }

// FindAll is regexp.Regexp.FindAll.
func (r *Regexp) FindAll(b []byte, n int) [][]byte { return r.Compiled().FindAll(b, n) }

// FindAllStringSubmatchIndex is regexp.Regexp.FindAllStringSubmatchIndex.
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.Compiled().FindAllStringSubmatchIndex(s, n)
}

// ReplaceAllString is regexp.Regexp.ReplaceAllString.
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.Compiled().ReplaceAllString(src, repl)
}
