package i18n

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"reflect"
	"runtime"
	"sync"
	"testing"

	"golang.org/x/text/language"
)

// Bundle is one package's messages in every language pickup speaks:
// English as a Go value of the package's catalog struct T (fields of
// type M, P, string, nested structs, maps and slices of them), and each
// other language as a JSON message file, <dir>/<lang>.json in files,
// laid out like T ({"Field": "text", "Nested": {"Field": ...}, "Count":
// {"one": ..., "other": ...}}). For decodes a language's file over a
// copy of English the first time it is asked for: a translator edits
// JSON, never Go, and a message the file lacks shows in English until
// the completeness test (i18ntest.Complete) makes it fail.
type Bundle[T any] struct {
	english *T
	files   fs.FS
	dir     string
	// caller is where the bundle was declared (a program counter), in a
	// test binary only: Source finds its Go file's folder when asked,
	// which only the tests do. Even runtime.Callers' walk up two frames
	// at every bundle's declaration was a tenth of pickup's start-up
	// (page faults in the function tables), on every command.
	caller uintptr
	prefix string // before the language in a file's name ("words.")

	mu    sync.Mutex
	langs map[Lang]*T
}

// NewBundle declares a package's messages: english, and the message
// files under dir in files (an embed.FS). Every bundle is listed by
// Bundles, for the completeness test.
func NewBundle[T any](english *T, files fs.FS, dir string) *Bundle[T] {
	setOwnLang(reflect.ValueOf(english).Elem(), English)
	b := &Bundle[T]{english: english, files: files, dir: dir, langs: map[Lang]*T{English: english}}
	if testing.Testing() {
		b.caller = callerPC(2)
	}
	registry.Lock()
	registry.list = append(registry.list, b)
	registry.Unlock()
	return b
}

func init() { registry.words = map[string][]*Bundle[map[string]string]{} }

// For is l's catalog: English's, or a copy of it with l's message file
// decoded over it. A language with no file speaks English. A file that
// does not decode is a defect the completeness test catches; at run
// time the language falls back to English rather than stop.
func (b *Bundle[T]) For(l Lang) *T {
	b.mu.Lock()
	defer b.mu.Unlock()
	if t, ok := b.langs[l]; ok {
		return t
	}
	t, err := b.decode(l)
	if err != nil {
		t = b.english
	}
	b.langs[l] = t
	return t
}

// Has reports whether l has a message file.
func (b *Bundle[T]) Has(l Lang) bool {
	if l == English {
		return true
	}
	_, err := fs.Stat(b.files, b.file(l))
	return err == nil
}

func (b *Bundle[T]) file(l Lang) string { return path.Join(b.dir, b.prefix+string(l)+".json") }

func (b *Bundle[T]) decode(l Lang) (*T, error) {
	data, err := fs.ReadFile(b.files, b.file(l))
	if err != nil {
		return nil, err
	}
	v := reflect.New(reflect.TypeFor[T]())
	v.Elem().Set(clone(reflect.ValueOf(b.english).Elem()))
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v.Interface()); err != nil {
		return nil, fmt.Errorf("%s: %w", b.file(l), err)
	}
	tag, _ := language.Parse(string(l))
	setLang(v.Elem(), tag, l)
	setOwnLang(v.Elem(), l)
	return v.Interface().(*T), nil
}

var langType = reflect.TypeFor[Lang]()

// setOwnLang fills a catalog's own Lang field (an exported field named
// Lang of type Lang, tagged json:"-"), so a catalog knows the language
// it speaks (for i18n.Word, UnitsIn).
func setOwnLang(v reflect.Value, l Lang) {
	if v.Kind() != reflect.Struct {
		return
	}
	if f := v.FieldByName("Lang"); f.IsValid() && f.CanSet() && f.Type() == langType {
		f.Set(reflect.ValueOf(l))
	}
}

// clone is a deep copy of v: maps and slices are copied, so decoding a
// translation over the copy never changes English.
func clone(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Struct:
		out := reflect.New(v.Type()).Elem()
		out.Set(v)
		for i := 0; i < v.NumField(); i++ {
			if out.Field(i).CanSet() {
				out.Field(i).Set(clone(v.Field(i)))
			}
		}
		return out
	case reflect.Map:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			out.SetMapIndex(it.Key(), clone(it.Value()))
		}
		return out
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := 0; i < v.Len(); i++ {
			out.Index(i).Set(clone(v.Index(i)))
		}
		return out
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		out := reflect.New(v.Type().Elem())
		out.Elem().Set(clone(v.Elem()))
		return out
	}
	return v
}

var (
	pType = reflect.TypeFor[P]()
	mType = reflect.TypeFor[M]()
)

// setLang gives every plural in v the language whose CLDR rules choose
// its form, and every sentence its language (l, tag's name), in which it
// says an error's words.
func setLang(v reflect.Value, tag language.Tag, l Lang) {
	switch v.Kind() {
	case reflect.Struct:
		switch v.Type() {
		case pType:
			p := v.Addr().Interface().(*P)
			p.lang = tag
			for _, m := range []*M{&p.Zero, &p.One, &p.Two, &p.Few, &p.Many, &p.Other} {
				m.lang = l
			}
			return
		case mType:
			v.Addr().Interface().(*M).lang = l
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				setLang(v.Field(i), tag, l)
			}
		}
	case reflect.Map:
		for it := v.MapRange(); it.Next(); {
			e := reflect.New(it.Value().Type()).Elem()
			e.Set(it.Value())
			setLang(e, tag, l)
			v.SetMapIndex(it.Key(), e)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			setLang(v.Index(i), tag, l)
		}
	case reflect.Pointer:
		if !v.IsNil() {
			setLang(v.Elem(), tag, l)
		}
	}
}

// AnyBundle is what the completeness test reads of every bundle.
type AnyBundle interface {
	// English is the English catalog, as a pointer to the struct.
	EnglishValue() any
	// File is l's message file, or an error.
	File(l Lang) ([]byte, error)
	// FileName is l's message file's path inside the package.
	FileName(l Lang) string
	// Source is the folder of the package that declared the bundle, in
	// a test binary ("" in pickup itself, which never needs it).
	Source() string
	// Decode is l's catalog, or the error its file gives.
	Decode(l Lang) (any, error)
}

func (b *Bundle[T]) EnglishValue() any { return b.english }

func (b *Bundle[T]) File(l Lang) ([]byte, error) { return fs.ReadFile(b.files, b.file(l)) }

func (b *Bundle[T]) FileName(l Lang) string { return b.file(l) }

func (b *Bundle[T]) Source() string { return sourceDir(b.caller) }

// callerPC is the program counter skip frames up (runtime.Callers'
// count: 2 is the caller of the function calling callerPC).
func callerPC(skip int) uintptr {
	var pc [1]uintptr
	if runtime.Callers(skip+1, pc[:]) == 0 {
		return 0
	}
	return pc[0]
}

// sourceDir is the folder of the Go file holding pc ("" when unknown).
func sourceDir(pc uintptr) string {
	if pc == 0 {
		return ""
	}
	f, _ := runtime.CallersFrames([]uintptr{pc}).Next()
	if f.File == "" {
		return ""
	}
	return filepath.Dir(f.File)
}

func (b *Bundle[T]) Decode(l Lang) (any, error) {
	if l == English {
		return b.english, nil
	}
	return b.decode(l)
}

var registry struct {
	sync.Mutex
	list  []AnyBundle
	words map[string][]*Bundle[map[string]string] // by kind: words, phases
}

// Bundles are every bundle declared in the program, in the order their
// packages were initialised.
func Bundles() []AnyBundle {
	registry.Lock()
	defer registry.Unlock()
	return append([]AnyBundle(nil), registry.list...)
}
