package main

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"path/filepath"
	"reflect"
	"regexp"
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
	i18ntest.Complete(t, i18ntest.Options{
		Same: []string{"pickup", "--lang", "--emit-lang", "--yes", "--help", "dry-run", "Flags", "Codex"},
		// A flag's name and the error about it.
		SameFields: []string{"Errors.Feature", "Errors.Choice", "CLI.VersionCheckout", "Worktree.Head"},
	}, Catalogs)
}

// Every error a command fails with through fail is one of errText's
// messages (&errs.X), which the completeness test holds to having its
// pt-BR; failText takes only words said elsewhere, never a sentence of
// its own.
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
			id, ok := call.Fun.(*ast.Ident)
			if !ok {
				return true
			}
			switch id.Name {
			case "fail":
				seen++
				if u, ok := call.Args[1].(*ast.UnaryExpr); !ok || u.Op != token.AND || !isErrsField(u.X) {
					t.Errorf("%s: fail's message is not one of errText's (&errs.X)", fset.Position(call.Pos()))
				}
			case "failText":
				if s := literalWords(call.Args[1]); s != "" {
					t.Errorf("%s: failText says %q, a sentence of its own: make it an errText message and use fail", fset.Position(call.Pos()), s)
				}
			}
			return true
		})
	}
	if seen < 20 {
		t.Errorf("found only %d fail calls: the scan is broken", seen)
	}
	// Every message has its pt-BR.
	pt, en := reflect.ValueOf(Catalogs.For(i18n.PortugueseBR).Errors), reflect.ValueOf(englishErrors)
	for i := 0; i < en.NumField(); i++ {
		if pt.Field(i).Interface().(i18n.M).Text() == en.Field(i).Interface().(i18n.M).Text() && en.Type().Field(i).Name != "Feature" && en.Type().Field(i).Name != "Choice" {
			t.Errorf("error %s has no pt-BR", en.Type().Field(i).Name)
		}
	}
}

func isErrsField(x ast.Expr) bool {
	sel, ok := x.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == "errs"
}

var printfVerb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// literalWords is the words of a string literal x or of fmt.Sprintf's
// literal format in x, printf verbs taken out; "" when it has none.
func literalWords(x ast.Expr) string {
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) > 0 {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sprintf" {
			x = call.Args[0]
		}
	}
	lit, ok := x.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return ""
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil || strings.IndexFunc(printfVerb.ReplaceAllString(s, ""), unicode.IsLetter) < 0 {
		return ""
	}
	return s
}

// A usage error is said in the run's language, with its arguments.
func TestErrorText(t *testing.T) {
	err := fail(exitUsage, &errs.UnknownSource, strconv.Quote("xx"), "aios, kiln")
	pt := Catalogs.For(i18n.PortugueseBR)
	if got := pt.errorText(err); got != `--source "xx" desconhecido (conhecidos: aios, kiln)` {
		t.Errorf("pt-BR: %q", got)
	}
	if got := Catalogs.For(i18n.English).errorText(err); got != err.Error() || got != `unknown --source "xx" (known: aios, kiln)` {
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
		if got := a.text().errorText(err); got != "discard: "+c.ptWant {
			t.Errorf("pt-BR: %q", got)
		}
	}
}

// Every word table the binary links (each format's own) translates a
// word the others declare too the same way: i18n.Word says the first
// table's translation for every format, so two that differ would show
// one format another's word.
func TestNoTwoFormatsTranslateAWordDifferently(t *testing.T) {
	for _, l := range i18n.Supported {
		if c := i18n.WordConflicts(l); len(c) > 0 {
			t.Errorf("%s: words translated differently by two packages: %v", l, c)
		}
	}
}
