package i18ntest

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	cldr "golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Complete checks message bundles (i18n.NewBundle, i18n.NewWords) for
// tests, each against its English:
//
//   - every other language pickup speaks has its message file, which
//     decodes, and which holds every message English has and no other;
//   - a translation has the same {placeholders} as English;
//   - a plural has every form the language's CLDR rules use for whole
//     numbers;
//   - a translation says something else than English (opt.Same,
//     opt.SameFields), as Check does;
//   - every message is used: its field's name is selected somewhere in
//     the module's code (t.Field), so a message no code uses fails.
//
// With no bundles given it checks every bundle the test binary links
// (i18n.Bundles).
func Complete(t TB, opt Options, bundles ...i18n.AnyBundle) {
	t.Helper()
	if len(bundles) == 0 {
		bundles = i18n.Bundles()
	}
	for _, b := range bundles {
		for _, l := range i18n.Supported {
			if l != i18n.English {
				completeIn(t, opt, b, l)
			}
		}
		unused(t, b, opt)
	}
}

func completeIn(t TB, opt Options, b i18n.AnyBundle, l i18n.Lang) {
	t.Helper()
	name := filepath.Join(filepath.Base(b.Source()), b.FileName(l))
	data, err := b.File(l)
	if err != nil {
		t.Errorf("%s: no %s message file: %v", name, l, err)
		return
	}
	var raw any
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	got, err := b.Decode(l)
	if err != nil {
		t.Errorf("%s: %v", name, err)
		return
	}
	c := &completer{t: t, opt: opt, file: name, lang: l}
	c.walk("", reflect.ValueOf(b.EnglishValue()).Elem(), reflect.ValueOf(got).Elem(), raw)
}

type completer struct {
	t    TB
	opt  Options
	file string
	lang i18n.Lang
}

var (
	mType = reflect.TypeFor[i18n.M]()
	pType = reflect.TypeFor[i18n.P]()
)

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func (c *completer) walk(path string, en, v reflect.Value, raw any) {
	c.t.Helper()
	switch {
	case en.Type() == mType:
		s, ok := raw.(string)
		if !ok {
			c.t.Errorf("%s: %s has no %s translation", c.file, path, c.lang)
			return
		}
		c.message(path, en.Interface().(i18n.M), s)
	case en.Type() == pType:
		forms, ok := raw.(map[string]any)
		if !ok {
			c.t.Errorf("%s: %s has no %s translation (a plural: {\"one\": …, \"other\": …})", c.file, path, c.lang)
			return
		}
		c.plural(path, en.Interface().(i18n.P), v.Interface().(i18n.P), forms)
	case en.Kind() == reflect.Struct:
		obj, ok := raw.(map[string]any)
		if !ok {
			c.t.Errorf("%s: %s has no %s translations", c.file, path, c.lang)
			return
		}
		known := map[string]bool{}
		c.fields(path, en, v, obj, known)
		c.extra(path, obj, known)
	case en.Kind() == reflect.Map:
		obj, ok := raw.(map[string]any)
		if !ok {
			c.t.Errorf("%s: %s has no %s translations", c.file, path, c.lang)
			return
		}
		known := map[string]bool{}
		for _, k := range en.MapKeys() {
			key := fmt.Sprint(k.Interface())
			known[key] = true
			c.walk(join(path, key), en.MapIndex(k), v.MapIndex(k), obj[key])
		}
		c.extra(path, obj, known)
	case en.Kind() == reflect.Slice:
		arr, ok := raw.([]any)
		if !ok || len(arr) != en.Len() {
			c.t.Errorf("%s: %s needs %d %s translations", c.file, path, en.Len(), c.lang)
			return
		}
		for i := 0; i < en.Len(); i++ {
			c.walk(fmt.Sprintf("%s[%d]", path, i), en.Index(i), v.Index(i), arr[i])
		}
	case en.Kind() == reflect.String:
		s, ok := raw.(string)
		if !ok {
			c.t.Errorf("%s: %s has no %s translation", c.file, path, c.lang)
			return
		}
		c.message(path, i18n.T(en.String()), s)
	case en.Kind() == reflect.Pointer:
		if !en.IsNil() {
			c.walk(path, en.Elem(), v.Elem(), raw)
		}
	}
}

// fields walks a struct's fields against obj. An embedded struct's
// fields are its container's, as encoding/json reads them.
func (c *completer) fields(path string, en, v reflect.Value, obj map[string]any, known map[string]bool) {
	c.t.Helper()
	for i := 0; i < en.NumField(); i++ {
		f := en.Type().Field(i)
		if f.Tag.Get("json") == "-" {
			continue
		}
		if embedded(f) {
			c.fields(path, en.Field(i), v.Field(i), obj, known)
			continue
		}
		if !f.IsExported() {
			continue
		}
		known[f.Name] = true
		c.walk(join(path, f.Name), en.Field(i), v.Field(i), obj[f.Name])
	}
}

// embedded reports whether f is an embedded struct whose fields
// encoding/json reads as its container's.
func embedded(f reflect.StructField) bool {
	return f.Anonymous && f.Type.Kind() == reflect.Struct && f.Type != mType && f.Type != pType
}

func (c *completer) extra(path string, obj map[string]any, known map[string]bool) {
	c.t.Helper()
	var keys []string
	for k := range obj {
		if !known[k] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		c.t.Errorf("%s: %s is no message (English has none by that name)", c.file, join(path, k))
	}
}

func (c *completer) message(path string, en i18n.M, s string) {
	c.t.Helper()
	if s == "" && en.Text() != "" && !slices.Contains(c.opt.Empty, path) {
		c.t.Errorf("%s: %s is empty", c.file, path)
		return
	}
	if want, got := sorted(en.Names()), sorted(i18n.Placeholders(s)); !slices.Equal(want, got) {
		c.t.Errorf("%s: %s has placeholders %v, English has %v", c.file, path, got, want)
	}
	if s == en.Text() && !c.same(path, s) {
		c.t.Errorf("%s: %s is still English: %q", c.file, path, s)
	}
}

func (c *completer) same(path, s string) bool {
	if slices.Contains(c.opt.SameFields, path) {
		return true
	}
	k := checker{opt: c.opt}
	return k.keeps(strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == '{' || r == '}' }), " "))
}

func (c *completer) plural(path string, en, got i18n.P, forms map[string]any) {
	c.t.Helper()
	want := map[string]bool{}
	for _, w := range en.Other.Names() {
		want[w] = true
	}
	for name, m := range got.Forms() {
		for _, p := range i18n.Placeholders(m.Text()) {
			if p != "n" && !want[p] {
				c.t.Errorf("%s: %s.%s has placeholder {%s}, which English has not", c.file, path, name, p)
			}
		}
		for w := range want {
			if w != "n" && !slices.Contains(i18n.Placeholders(m.Text()), w) {
				c.t.Errorf("%s: %s.%s lacks placeholder {%s}", c.file, path, name, w)
			}
		}
	}
	tag, _ := language.Parse(string(c.lang))
	for _, form := range formsUsed(tag) {
		if _, ok := forms[form]; !ok {
			c.t.Errorf("%s: %s lacks the %q form %s uses for whole numbers", c.file, path, form, c.lang)
		}
	}
}

var formNames = map[cldr.Form]string{cldr.Zero: "zero", cldr.One: "one", cldr.Two: "two", cldr.Few: "few", cldr.Many: "many", cldr.Other: "other"}

// formsUsed are the CLDR plural forms tag's rules give whole numbers
// (0 to 1000, and a million).
func formsUsed(tag language.Tag) []string {
	seen := map[string]bool{}
	for n := 0; n <= 1000; n++ {
		seen[formNames[cldr.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)]] = true
	}
	seen[formNames[cldr.Cardinal.MatchPlural(tag, 1000000, 0, 0, 0, 0)]] = true
	var out []string
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}

// unused fails for each message whose field no code selects.
func unused(t TB, b i18n.AnyBundle, opt Options) {
	t.Helper()
	en := reflect.ValueOf(b.EnglishValue()).Elem()
	if en.Kind() != reflect.Struct {
		return
	}
	used := selectors(b.Source())
	var walk func(path string, v reflect.Value)
	walk = func(path string, v reflect.Value) {
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			if embedded(f) && f.Tag.Get("json") != "-" {
				walk(path, v.Field(i))
				continue
			}
			if !f.IsExported() || f.Tag.Get("json") == "-" {
				continue
			}
			p := join(path, f.Name)
			if fv := v.Field(i); fv.Kind() == reflect.Struct && fv.Type() != mType && fv.Type() != pType {
				walk(p, fv)
				continue
			}
			if !used[f.Name] && !slices.Contains(opt.Unused, p) {
				t.Errorf("%s: message %s is used by no code", filepath.Base(b.Source()), p)
			}
		}
	}
	walk("", en)
}

var selectorCache sync.Map // module root → map[string]bool

// selectors are the names selected (x.Name) anywhere in the non-test Go
// code of the module holding dir.
func selectors(dir string) map[string]bool {
	root := dir
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		up := filepath.Dir(root)
		if up == root {
			root = dir
			break
		}
		root = up
	}
	if m, ok := selectorCache.Load(root); ok {
		return m.(map[string]bool)
	}
	used := map[string]bool{}
	fset := token.NewFileSet()
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok {
				used[s.Sel.Name] = true
			}
			return true
		})
		return nil
	})
	selectorCache.Store(root, used)
	return used
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

func refOf(p any) reflect.Value { return reflect.ValueOf(p).Elem() }
