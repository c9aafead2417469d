package i18n

import (
	"embed"
	"encoding/json"
	"strings"
	"testing"
)

//go:embed testdata/msgs
var testFiles embed.FS

type testText struct {
	Hello, Move M
	Files       P
	Inner       struct{ Brace, Plain M }
	Marks       map[string]string
}

var testEnglish = testText{
	Hello: T("Hello, {name}!"),
	Move:  T("{from} goes to {to}"),
	Files: Plural("{n} file in {dir}", "{n} files in {dir}"),
	Inner: struct{ Brace, Plain M }{T("a {x} and {not a placeholder}"), T("plain")},
	Marks: map[string]string{"a": "A"},
}

func TestMessagesInEnglishAndFromTheFile(t *testing.T) {
	b := NewBundle(&testEnglish, testFiles, "testdata/msgs")
	en, pt := b.For(English), b.For(PortugueseBR)
	for _, c := range []struct{ got, want string }{
		{en.Hello.F("Ana"), "Hello, Ana!"},
		{pt.Hello.F("Ana"), "Olá, Ana!"},
		// The values follow English's order whatever the translation's.
		{en.Move.F("a.md", "b/"), "a.md goes to b/"},
		{pt.Move.F("a.md", "b/"), "b/ recebe a.md"},
		{en.Files.N(1, "x"), "1 file in x"},
		{en.Files.N(0, "x"), "0 files in x"},
		{en.Files.N(2, "x"), "2 files in x"},
		// CLDR: Portuguese says one for 0 and 1.
		{pt.Files.N(0, "x"), "0 arquivo em x"},
		{pt.Files.N(1, "x"), "1 arquivo em x"},
		{pt.Files.N(2, "x"), "2 arquivos em x"},
		{pt.Files.N(-1, "x"), "-1 arquivo em x"},
		{en.Inner.Brace.F(7), "a 7 and {not a placeholder}"},
		{pt.Inner.Brace.F(7), "um 7 e {não é marcador}"},
		{pt.Inner.Plain.String(), "simples"},
		{pt.Marks["a"], "A-pt"},
		{en.Marks["a"], "A"},
		{en.Hello.F(), "Hello, {name?}!"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	// Decoding Portuguese left English as it was.
	if testEnglish.Marks["a"] != "A" || testEnglish.Hello.Text() != "Hello, {name}!" {
		t.Errorf("English changed: %+v", testEnglish)
	}
	// A language with no file speaks English.
	if b.For("fr") != &testEnglish || b.Has("fr") || !b.Has(PortugueseBR) {
		t.Error("a language with no file should speak English")
	}
}

func TestAFileThatDoesNotDecodeFallsBackAndSaysWhy(t *testing.T) {
	b := NewBundle(&testEnglish, testFiles, "testdata/nothing")
	if b.For(PortugueseBR) != &testEnglish {
		t.Error("no file should mean English")
	}
	if _, err := b.Decode(PortugueseBR); err == nil || !strings.Contains(err.Error(), "testdata/nothing/pt-BR.json") {
		t.Errorf("Decode = %v, want an error naming the file", err)
	}
}

func TestWordsFromEveryPackage(t *testing.T) {
	NewWords(testFiles, "testdata/msgs", "Gizmo", "Cog")
	if got := Word(PortugueseBR, "Gizmo"); got != "Engenhoca" {
		t.Errorf("Word(pt-BR, Gizmo) = %q", got)
	}
	if got := Word(English, "Gizmo"); got != "Gizmo" {
		t.Errorf("Word(en, Gizmo) = %q", got)
	}
	if got := Word(PortugueseBR, "Unknown"); got != "Unknown" {
		t.Errorf("Word(pt-BR, Unknown) = %q", got)
	}
}

func TestPlaceholders(t *testing.T) {
	for text, want := range map[string]string{
		"{a} {b} {a}":     "a,b",
		"{} {1x} {x y}":   "",
		"{a_1}{B}":        "a_1,B",
		"{{a}}":           "a",
		"trailing {a":     "",
		"json {\"k\": 1}": "",
	} {
		if got := strings.Join(Placeholders(text), ","); got != want {
			t.Errorf("Placeholders(%q) = %q, want %q", text, got, want)
		}
	}
}

// TestAppendFIsF: a sentence filled into a buffer is the one F makes and
// the one its Names give, placeholders repeated or in any order, braces
// that open none, values missing; in English and in a translation that
// reorders English's placeholders.
func TestAppendFIsF(t *testing.T) {
	var tr struct{ S M }
	tr.S = T("{who} moved {what} to {where}")
	if err := json.Unmarshal([]byte(`{"S": "para {where}, {who} moveu {what}"}`), &tr); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		m    M
		args []string
		want string
	}{
		{T("plain"), nil, "plain"},
		{T("{a} and {b}"), []string{"x", "y"}, "x and y"},
		{T("{b}{a}{b} {c}"), []string{"1", "2"}, "121 {c?}"},
		{T("{b}{a}{b} {c}"), []string{"1", "2", "3"}, "121 3"},
		{T("{ } {} {1x} {x-y} {a} {"), []string{"v"}, "{ } {} {1x} {x-y} v {"},
		{T("{a_1} {a}"), []string{"é", ""}, "é "},
		{tr.S, []string{"ana", "a caixa", "casa"}, "para casa, ana moveu a caixa"},
	} {
		args := make([]any, len(c.args))
		for i, a := range c.args {
			args[i] = a
		}
		if got := string(c.m.AppendF([]byte("<"), c.args...)); got != "<"+c.want {
			t.Errorf("%q with %q: AppendF %q, want %q", c.m.Text(), c.args, got, "<"+c.want)
		}
		if got := c.m.F(args...); got != c.want {
			t.Errorf("%q with %q: F %q, want %q", c.m.Text(), c.args, got, c.want)
		}
		// Names gives the same places.
		byName := c.m.Text()
		for i, n := range c.m.Names() {
			if i < len(c.args) {
				byName = strings.ReplaceAll(byName, "{"+n+"}", c.args[i])
			} else {
				byName = strings.ReplaceAll(byName, "{"+n+"}", "{"+n+"?}")
			}
		}
		if byName != c.want {
			t.Errorf("%q with %q: by Names %q, want %q", c.m.Text(), c.args, byName, c.want)
		}
	}
}
