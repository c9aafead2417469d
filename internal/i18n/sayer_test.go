package i18n

import (
	"embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

//go:embed testdata/saymsgs
var sayFiles embed.FS

type sayTestText struct{ Archiving, Linked M }

var sayEnglish = sayTestText{
	Archiving: T("{path}: archiving: {err}"),
	Linked:    T("{path}: is a symbolic link; nothing was written"),
}

var sayBundle = NewBundle(&sayEnglish, sayFiles, "testdata/saymsgs")

// saidErr is a package's own error as loaders/fsx makes one: a field of
// its English catalog and the values, the error it wraps.
type saidErr struct {
	msg  *M
	args []any
	err  error
}

func (e *saidErr) Error() string { return e.msg.F(e.args...) }
func (e *saidErr) Unwrap() error { return e.err }
func (e *saidErr) SayIn(l Lang) string {
	if m, ok := Same(&sayEnglish, e.msg, sayBundle.For(l)); ok {
		return m.F(e.args...)
	}
	return e.Error()
}

func archiving(path string, err error) error {
	return &saidErr{msg: &sayEnglish.Archiving, args: []any{path, err}, err: err}
}

func linked(path string) error { return &saidErr{msg: &sayEnglish.Linked, args: []any{path}} }

// An error's chain is said in a language: each of pickup's own errors
// that ends the text, through what wraps it, and the system's words at
// the end; English is the error's text byte for byte.
func TestErrorInSaysEveryErrorOfTheChain(t *testing.T) {
	dir := t.TempDir()
	missing := os.Rename(filepath.Join(dir, "gone.md"), filepath.Join(dir, "gone.1.md"))
	if missing == nil || !strings.HasSuffix(missing.Error(), ": no such file or directory") {
		t.Fatalf("rename of a missing file: %v", missing)
	}
	osHead := strings.TrimSuffix(missing.Error(), "no such file or directory")
	wrapped := fmt.Errorf("discard: %w", archiving("/p/s.md", missing))
	inner := archiving("/p/s.md", fmt.Errorf("moving its folder: %w", linked("/p/old")))
	notAtEnd := fmt.Errorf("%w (and two more)", linked("/p/s.md"))
	joined := errors.Join(errors.New("first"), linked("/p/b.md"))
	pt := PortugueseBR
	for _, c := range []struct {
		name      string
		got, want string
	}{
		{"a wrapped error of pickup's, the system's words at its end", ErrorIn(pt, wrapped),
			"discard: /p/s.md: ao arquivar: " + osHead + "arquivo ou pasta inexistente"},
		{"one of pickup's errors inside another", ErrorIn(pt, inner),
			"/p/s.md: ao arquivar: moving its folder: /p/old: é um link simbólico; nada foi gravado"},
		{"one not at the end stays English", ErrorIn(pt, notAtEnd), notAtEnd.Error()},
		{"the last of joined errors", ErrorIn(pt, joined), "first\n/p/b.md: é um link simbólico; nada foi gravado"},
		{"an error of no one's language: only the system's words", ErrorIn(pt, fmt.Errorf("x: %w", missing)),
			"x: " + osHead + "arquivo ou pasta inexistente"},
		{"a sentence's {err} value", sayPT(t).Archiving.F("/q", wrapped),
			"/q: ao arquivar: discard: /p/s.md: ao arquivar: " + osHead + "arquivo ou pasta inexistente"},
		{"a sentence's {err} string keeps OSWords' path", sayPT(t).Archiving.F("/q", wrapped.Error()),
			"/q: ao arquivar: discard: /p/s.md: archiving: " + osHead + "arquivo ou pasta inexistente"},
		{"nil", ErrorIn(pt, nil), ""},
	} {
		if c.got != c.want {
			t.Errorf("%s:\ngot  %q\nwant %q", c.name, c.got, c.want)
		}
	}
	for _, err := range []error{wrapped, inner, notAtEnd, joined, missing} {
		for _, l := range []Lang{English, ""} {
			if got := ErrorIn(l, err); got != err.Error() {
				t.Errorf("%q: ErrorIn(%q) = %q, not the error's text", err.Error(), l, got)
			}
		}
		if got := sayBundle.For(English).Archiving.F("/q", err); got != "/q: archiving: "+err.Error() {
			t.Errorf("English sentence changed an {err}: %q", got)
		}
	}
}

func sayPT(t *testing.T) *sayTestText {
	t.Helper()
	pt := sayBundle.For(PortugueseBR)
	if pt == &sayEnglish {
		t.Fatal("no pt-BR for the test's sentences")
	}
	return pt
}
