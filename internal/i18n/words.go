package i18n

import (
	"io/fs"
	"path/filepath"
	"runtime"
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
	m := make(map[string]string, len(english))
	for _, w := range english {
		m[w] = w
	}
	b := &Bundle[map[string]string]{english: &m, files: files, dir: dir, prefix: "words.", langs: map[Lang]*map[string]string{English: &m}}
	if _, file, _, ok := runtime.Caller(1); ok {
		b.src = filepath.Dir(file)
	}
	registry.Lock()
	registry.list = append(registry.list, b)
	registry.words = append(registry.words, b)
	registry.Unlock()
	return &Words{b: b}
}

// Word is w in l, from the words every package declared: its
// translation, or w as it is when no package declares it.
func Word(l Lang, w string) string {
	registry.Lock()
	list := registry.words
	registry.Unlock()
	for _, b := range list {
		if t, ok := (*b.For(l))[w]; ok && t != "" {
			return t
		}
	}
	return w
}
