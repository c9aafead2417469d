package main

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// The command line's own words are in every language, with the same
// placeholders.
func TestCLICatalogsComplete(t *testing.T) {
	i18ntest.Check(t, runCatalogs, i18ntest.Options{
		Same: []string{"pickup", "--lang", "--emit-lang", "--yes", "--help", "dry-run"},
		// A flag's name and the error about it.
		SameFields: []string{"Errors[feature: %v]", "Errors[--choice: %v]"},
	})
}

var printfVerb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// Every error message cmd gives through fail with words in its format
// is in the catalog, so adding one without its translation fails here.
func TestEveryErrorIsInTheCatalog(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	seen := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "fail" {
				return true
			}
			lit, ok := call.Args[1].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			format, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			if strings.IndexFunc(printfVerb.ReplaceAllString(format, ""), unicode.IsLetter) < 0 {
				return true // only its arguments: said where they are made
			}
			seen++
			if !slices.Contains(cliErrors, format) {
				t.Errorf("%s: fail(%q) is not in cliErrors (cmd/pickup/lang.go): add it with its translations", fset.Position(call.Pos()), format)
			}
			return true
		})
	}
	if seen < 20 {
		t.Errorf("found only %d fail formats: the scan is broken", seen)
	}
}

// A usage error is said in the run's language, with its arguments.
func TestErrorText(t *testing.T) {
	err := fail(exitUsage, "unknown --source %q (known: %s)", "xx", "aios, kiln")
	pt := runCatalogs.For(i18n.PortugueseBR)
	if got := pt.errorText(err); got != `--source "xx" desconhecido (conhecidos: aios, kiln)` {
		t.Errorf("pt-BR: %q", got)
	}
	if got := runCatalogs.For(i18n.English).errorText(err); got != err.Error() {
		t.Errorf("English: %q", got)
	}
	if got := pt.errorText(errors.New("plain")); got != "plain" {
		t.Errorf("another error: %q", got)
	}
}

// A write refused because the state file changed or went away since it
// was read (fsx's guard) is said in the run's language.
func TestChangedFileInPortuguese(t *testing.T) {
	a := &app{io: stdio{out: io.Discard, err: io.Discard}}
	a.lang.lang, a.lang.set = i18n.PortugueseBR, true
	for _, c := range []struct {
		err        *fsx.ChangedError
		en, ptWant string
	}{
		{&fsx.ChangedError{Path: "/p/s.yaml"}, "/p/s.yaml: the file changed on disk since pickup loaded it; nothing was written (reload and choose again)",
			"/p/s.yaml: o arquivo mudou no disco desde que o pickup o leu; nada foi gravado (recarregue e escolha de novo)"},
		{&fsx.ChangedError{Path: "/p/s.yaml", Gone: true}, "/p/s.yaml: the file was removed since pickup loaded it; nothing was written",
			"/p/s.yaml: o arquivo foi removido desde que o pickup o leu; nada foi gravado"},
	} {
		if c.en != c.err.Error() {
			t.Errorf("fsx says %q, want %q", c.err.Error(), c.en)
		}
		// What wraps the error stays, in English as it was.
		err := a.failed(resumeDoc{}, fmt.Errorf("discard: %w", c.err))
		if exitCode(err) != exitError || err.Error() != "discard: "+c.en {
			t.Errorf("English: %q (exit %d)", err, exitCode(err))
		}
		if got := a.cli().errorText(err); got != "discard: "+c.ptWant {
			t.Errorf("pt-BR: %q", got)
		}
	}
}
