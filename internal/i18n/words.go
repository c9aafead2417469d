package i18n

import (
	"io/fs"
	"slices"
	"sort"
	"testing"
)

// Words are fixed words a package puts on screen that JSON and scripts
// keep in English (a field label such as "Phase", a unit such as
// "stories", a stage name): the screens say them in the run's language
// with Word. A package declares its own with NewWords, English in Go and
// each other language in <dir>/words.<lang>.json ({"Phase": "Fase"}),
// so a format's words live with the format and no shared list names
// them.
type Words struct{ b *Bundle[map[string]string] }

// NewWords declares a package's words.
func NewWords(files fs.FS, dir string, english ...string) *Words {
	return newTable("words", files, dir, english)
}

// NewPhases declares the phase names a package builds itself, which
// JSON keeps in English ("Stage 3: Design"): the screens say them with
// PhaseName. Their translations are in <dir>/phases.<lang>.json.
func NewPhases(files fs.FS, dir string, english ...string) *Words {
	return newTable("phases", files, dir, english)
}

func newTable(kind string, files fs.FS, dir string, english []string) *Words {
	m := make(map[string]string, len(english))
	for _, w := range english {
		m[w] = w
	}
	b := &Bundle[map[string]string]{english: &m, files: files, dir: dir, prefix: kind + ".", langs: map[Lang]*map[string]string{English: &m}}
	if testing.Testing() {
		b.caller = callerPC(3)
	}
	registry.Lock()
	registry.list = append(registry.list, b)
	registry.words[kind] = append(registry.words[kind], b)
	registry.Unlock()
	return &Words{b: b}
}

// Word is w in l, from the words every package declared: its
// translation, or w as it is when no package declares it.
func Word(l Lang, w string) string { return lookup("words", l, w) }

// PhaseName is a phase name a package declared (NewPhases) in l, or name
// as it is.
func PhaseName(l Lang, name string) string { return lookup("phases", l, name) }

func lookup(kind string, l Lang, w string) string {
	registry.Lock()
	list := registry.words[kind]
	registry.Unlock()
	for _, b := range list {
		if t, ok := (*b.For(l))[w]; ok && t != "" {
			return t
		}
	}
	return w
}

// Bundle is the table as the completeness test reads it
// (i18ntest.Complete).
func (w *Words) Bundle() AnyBundle { return w.b }

// WordConflicts lists the words two packages declare with different
// translations in l ("Next: Próximo / Próxima"): Word would say the
// first package's everywhere, so a word shared by formats must be
// translated the same by each. Tests call it over every table linked.
func WordConflicts(l Lang) []string {
	registry.Lock()
	var tables []*Bundle[map[string]string]
	for _, list := range registry.words {
		tables = append(tables, list...)
	}
	registry.Unlock()
	seen := map[string]string{}
	var out []string
	for _, b := range tables {
		for w, t := range *b.For(l) {
			if prev, ok := seen[w]; ok && prev != t {
				out = append(out, w+": "+prev+" / "+t)
			}
			seen[w] = t
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}
