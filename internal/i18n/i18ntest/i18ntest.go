// Package i18ntest checks message catalogs (i18n.Catalogs) for tests:
// every sentence present in every language, placeholders the same, and
// nothing left in English in another language. Every package with a
// catalog runs Check on it, so a message added without its translation
// fails that package's tests.
package i18ntest

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// TB is the part of testing.TB that Check uses.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// Options tune Check.
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

// Check checks every catalog in cats against English, which must be
// there:
//
//   - every field is set: strings not empty (unless Options.Empty),
//     functions not nil, maps holding English's keys, slices as long as
//     English's, nested structs and pointers to structs in turn;
//   - every function, called with sentinel arguments (distinct numbers,
//     marked strings, both values of a bool), uses the same arguments as
//     English's does, for every call, and printf verbs in strings are
//     the same;
//   - a language other than English says something else than English
//     (Options.Same, Options.SameFields).
func Check[T any](t TB, cats i18n.Catalogs[T], opt Options) {
	t.Helper()
	en := cats[i18n.English]
	if en == nil {
		t.Errorf("%T: no English catalog", cats)
		return
	}
	name := reflect.TypeFor[T]().Name()
	c := checker{t: t, opt: opt}
	langs := make([]string, 0, len(cats))
	for l := range cats {
		langs = append(langs, string(l))
	}
	sort.Strings(langs)
	for _, l := range langs {
		cat := cats[i18n.Lang(l)]
		if cat == nil {
			t.Errorf("%s: the %s catalog is nil", name, l)
			continue
		}
		c.lang = i18n.Lang(l)
		c.walk(name, reflect.ValueOf(en).Elem(), reflect.ValueOf(cat).Elem())
	}
}

type checker struct {
	t    TB
	opt  Options
	lang i18n.Lang
}

func (c *checker) errorf(path, format string, args ...any) {
	c.t.Helper()
	c.t.Errorf("%s (%s): %s", path, c.lang, fmt.Sprintf(format, args...))
}

func (c *checker) translated() bool { return c.lang != i18n.English }

func (c *checker) walk(path string, en, v reflect.Value) {
	c.t.Helper()
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			c.walk(path+"."+f.Name, en.Field(i), v.Field(i))
		}
	case reflect.Pointer:
		switch {
		case v.IsNil():
			c.errorf(path, "not set")
		case en.IsNil():
			c.errorf(path, "set, but English has none")
		default:
			c.walk(path, en.Elem(), v.Elem())
		}
	case reflect.String:
		c.str(path, en.String(), v.String())
	case reflect.Func:
		if v.IsNil() {
			c.errorf(path, "not set")
			return
		}
		c.fn(path, en, v)
	case reflect.Map:
		if v.IsNil() && en.Len() > 0 {
			c.errorf(path, "not set")
			return
		}
		for _, k := range en.MapKeys() {
			got := v.MapIndex(k)
			if !got.IsValid() {
				c.errorf(fmt.Sprintf("%s[%v]", path, k), "missing")
				continue
			}
			c.walk(fmt.Sprintf("%s[%v]", path, k), en.MapIndex(k), got)
		}
		for _, k := range v.MapKeys() {
			if !en.MapIndex(k).IsValid() {
				c.errorf(fmt.Sprintf("%s[%v]", path, k), "not in English")
			}
		}
	case reflect.Slice, reflect.Array:
		if v.Len() != en.Len() {
			c.errorf(path, "%d entries, English has %d", v.Len(), en.Len())
			return
		}
		if v.Len() == 0 && v.Kind() == reflect.Slice && !c.allowed(path, c.opt.Empty) {
			c.errorf(path, "empty")
		}
		for i := range v.Len() {
			c.walk(fmt.Sprintf("%s[%d]", path, i), en.Index(i), v.Index(i))
		}
	}
}

func (c *checker) allowed(path string, list []string) bool {
	for _, p := range list {
		if path == p || strings.HasSuffix(path, "."+p) {
			return true
		}
	}
	return false
}

var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

func (c *checker) str(path, en, s string) {
	c.t.Helper()
	if s == "" {
		if !c.allowed(path, c.opt.Empty) {
			c.errorf(path, "empty")
		}
		return
	}
	if a, b := verb.FindAllString(en, -1), verb.FindAllString(s, -1); !slices.Equal(sorted(a), sorted(b)) {
		c.errorf(path, "printf verbs %v, English has %v", b, a)
	}
	if c.translated() && s == en && !c.allowed(path, c.opt.SameFields) && !c.keeps(s) {
		c.errorf(path, "still English: %q", s)
	}
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

// fn calls both functions with the same sentinel arguments.
func (c *checker) fn(path string, en, v reflect.Value) {
	c.t.Helper()
	ft := v.Type()
	for _, args := range sentinelCalls(ft) {
		want, ok1 := call(en, args)
		got, ok2 := call(v, args)
		if !ok1 || !ok2 {
			c.errorf(path, "panics when called with %s", show(args))
			continue
		}
		used := func(out string) []string {
			var u []string
			for _, a := range args {
				if m, ok := marker(a); ok && strings.Contains(out, m) {
					u = append(u, m)
				}
			}
			return u
		}
		if a, b := used(want), used(got); !slices.Equal(a, b) {
			c.errorf(path, "with %s uses %v, English uses %v", show(args), b, a)
		}
		if c.translated() && got == want && !c.allowed(path, c.opt.SameFields) && !c.keeps(strip(got, args)) {
			c.errorf(path, "still English: %q", got)
		}
	}
}

// strip takes the sentinel arguments out of a function's result.
func strip(out string, args []reflect.Value) string {
	for _, a := range args {
		if m, ok := marker(a); ok {
			out = strings.ReplaceAll(out, m, " ")
		}
	}
	return out
}

// call calls f, turning its results into one text; ok is false when it
// panics.
func call(f reflect.Value, args []reflect.Value) (out string, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	var parts []string
	for _, r := range f.Call(args) {
		parts = append(parts, fmt.Sprint(r.Interface()))
	}
	return strings.Join(parts, "\n"), true
}

// sentinelCalls are the argument lists a function is called with: each
// string argument a marked text of its own ("‹s1›"), each number a
// distinct value that reads as itself in any language (37, 58…), then
// the same with every number 1 (for the singular), and every
// combination of the bools.
func sentinelCalls(ft reflect.Type) [][]reflect.Value {
	bools := 0
	for i := range ft.NumIn() {
		if ft.In(i).Kind() == reflect.Bool {
			bools++
		}
	}
	var calls [][]reflect.Value
	for _, one := range []bool{false, true} {
		for mask := range 1 << bools {
			args := make([]reflect.Value, ft.NumIn())
			b := 0
			for i := range ft.NumIn() {
				t := ft.In(i)
				v := reflect.New(t).Elem()
				switch t.Kind() {
				case reflect.String:
					v.SetString("‹s" + strconv.Itoa(i+1) + "›")
				case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
					v.SetInt(numberFor(i, one))
				case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
					v.SetUint(uint64(numberFor(i, one)))
				case reflect.Float32, reflect.Float64:
					v.SetFloat(float64(numberFor(i, one)))
				case reflect.Bool:
					v.SetBool(mask&(1<<b) != 0)
					b++
				}
				args[i] = v
			}
			calls = append(calls, args)
		}
	}
	return calls
}

// numberFor is argument i's number: distinct two-digit numbers no
// sentence holds by itself, or 1.
func numberFor(i int, one bool) int64 {
	if one {
		return 1
	}
	return int64(37 + 21*i)
}

// marker is how an argument shows in a result, when it can be told
// apart there (not a bool, not 1).
func marker(v reflect.Value) (string, bool) {
	switch v.Kind() {
	case reflect.String:
		return v.String(), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if v.Int() == 1 {
			return "", false
		}
		return strconv.FormatInt(v.Int(), 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if v.Uint() == 1 {
			return "", false
		}
		return strconv.FormatUint(v.Uint(), 10), true
	}
	return "", false
}

func show(args []reflect.Value) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = fmt.Sprintf("%#v", a.Interface())
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
