package i18n

import (
	"embed"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

//go:embed testdata/errmsgs
var errFiles embed.FS

type errTestText struct {
	Failed, CannotUndo, Titled M
	Undone                     P
	Nested                     struct{ Failed M }
}

var errTestEnglish = errTestText{
	Failed:     T("failed: {err}"),
	CannotUndo: T("(cannot be undone: {problem})"),
	Titled:     T("title: {title}"),
	Undone:     Plural("{n} write not undone: {err}", "{n} writes not undone: {err}"),
	Nested:     struct{ Failed M }{T("{path}: {err}; nothing was changed")},
}

// osErr is the error the system gives for a real operation.
func osErr(t *testing.T, op func() error) error {
	t.Helper()
	err := op()
	if err == nil {
		t.Fatal("the operation did not fail")
	}
	return err
}

// A translated sentence says the system's own words of a real error in
// its language; English says them as the system does; only {err} and
// {problem} are read as errors.
func TestErrorsAreSaidInTheSentencesLanguage(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub-file"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	missing := osErr(t, func() error { _, err := os.Stat(filepath.Join(dir, "missing")); return err })
	notDir := osErr(t, func() error { _, err := os.Open(filepath.Join(file, "x")); return err })
	exists := osErr(t, func() error { return os.Mkdir(dir, 0o700) })
	notEmpty := osErr(t, func() error { return os.Remove(dir) })

	b := NewBundle(&errTestEnglish, errFiles, "testdata/errmsgs")
	en, pt := b.For(English), b.For(PortugueseBR)
	strip := func(err error, words string) string {
		s := err.Error()
		if !strings.HasSuffix(s, ": "+words) {
			t.Fatalf("%q does not end in the system's words %q", s, words)
		}
		return strings.TrimSuffix(s, words)
	}
	for _, c := range []struct{ got, want string }{
		{pt.Failed.F(missing), "falhou: " + strip(missing, "no such file or directory") + "arquivo ou pasta inexistente"},
		{en.Failed.F(missing), "failed: " + missing.Error()},
		{pt.Failed.F(notDir), "falhou: " + strip(notDir, "not a directory") + "não é uma pasta"},
		{pt.Failed.F(exists), "falhou: " + strip(exists, "file exists") + "o arquivo já existe"},
		{pt.Failed.F(notEmpty), "falhou: " + strip(notEmpty, "directory not empty") + "a pasta não está vazia"},
		// A string holding an error's text (a recorded problem) too.
		{pt.CannotUndo.F(missing.Error()), "(não pode ser desfeita: " + strip(missing, "no such file or directory") + "arquivo ou pasta inexistente)"},
		{string(pt.Failed.AppendF(nil, notDir.Error())), "falhou: " + strip(notDir, "not a directory") + "não é uma pasta"},
		{pt.Undone.N(2, missing), "2 escritas não desfeitas: " + strip(missing, "no such file or directory") + "arquivo ou pasta inexistente"},
		{pt.Nested.Failed.F("a.md", exists), "a.md: " + strip(exists, "file exists") + "o arquivo já existe; nada foi alterado"},
		{en.Undone.N(1, missing), "1 write not undone: " + missing.Error()},
		// The sentinel errors of io/fs, alone.
		{pt.Failed.F(fs.ErrNotExist), "falhou: o arquivo não existe"},
		// Text that is not an error's placeholder, words not at the end,
		// and words inside a quotation stay as they are.
		{pt.Titled.F("open x: permission denied"), "título: open x: permission denied"},
		{pt.Failed.F("permission denied: x"), "falhou: permission denied: x"},
		{pt.Failed.F("«step: permission denied»"), "falhou: «step: permission denied»"},
		{pt.Failed.F(errors.New("a reason of pickup's own")), "falhou: a reason of pickup's own"},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
}

// Every error listed has its own words on this system, so none hides
// another, and its pt-BR words differ from them.
func TestEveryListedErrorHasItsOwnWords(t *testing.T) {
	seen := map[string]bool{}
	pt := &OwnBundle.For(PortugueseBR).OS
	for _, e := range osErrors {
		w := e.err.Error()
		if seen[w] {
			t.Errorf("%q is listed twice", w)
		}
		seen[w] = true
		if got := OSWords(PortugueseBR, "op x: "+w); got == "op x: "+w || got != "op x: "+e.words(pt) {
			t.Errorf("%q is said as %q in pt-BR", w, got)
		}
		if got := OSWords(English, "op x: "+w); got != "op x: "+w {
			t.Errorf("English changed %q to %q", w, got)
		}
	}
}
