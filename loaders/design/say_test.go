package design

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// saidSentences are the English sentences the package's code says
// through Text.Say: the string literals it passes to Text's f, w and
// count, to the warn and conflict helpers, to corrupted, and to errorAt
// (with unexpected's prefix), by file and line.
func saidSentences(t *testing.T) map[string]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	// The shared JSON reader's errors are said through Text.Say too.
	reader, err := filepath.Glob("../../internal/jsondoc/*.go")
	if err != nil || len(reader) == 0 {
		t.Fatalf("the shared JSON reader's files: %v", err)
	}
	files = append(files, reader...)
	fset := token.NewFileSet()
	said := map[string]string{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "text.go" {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var fn string
			switch e := call.Fun.(type) {
			case *ast.Ident:
				fn = e.Name
			case *ast.SelectorExpr:
				fn = e.Sel.Name
			}
			var args []int
			prefix := ""
			switch fn {
			case "f", "w", "warn", "conflict":
				args = []int{0}
			case "count":
				args = []int{1, 2}
			case "corrupted":
				args = []int{1}
			case "errorAt":
				args = []int{3} // data, offset, kind, format
			case "unexpected":
				args, prefix = []int{0}, "unexpected %s: "
			}
			for _, i := range args {
				if i >= len(call.Args) {
					continue
				}
				lit, ok := call.Args[i].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				said[prefix+s] = fset.Position(lit.Pos()).String()
			}
			return true
		})
	}
	return said
}

// Every sentence the code says through Text.Say is one of its keys, so
// none stays English in another language for want of an entry; and every
// key is still said somewhere (or named here as said through a table).
func TestEverySentenceInSay(t *testing.T) {
	said := saidSentences(t)
	// Only a reader with jsondoc.Options.StrictUTF8 says it; design's
	// reads bytes that are not UTF-8 as encoding/json does.
	delete(said, "a string is not valid UTF-8")
	var missing []string
	for s, at := range said {
		if _, ok := english.Say[s]; !ok {
			missing = append(missing, at+": "+strconv.Quote(s))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("not in Say: %s", m)
	}
	// Keys said through a value rather than a literal.
	indirect := map[string]bool{}
	for _, r := range roles {
		indirect[r.what] = true
	}
	for _, r := range redo {
		indirect[r] = true
	}
	for _, s := range situations {
		indirect[strings.ReplaceAll(s, "_", " ")] = true
	}
	for _, k := range []string{"a boolean", "a number", "a string", "a list", "an object", "null", "missing", "object", "list", "end of the file"} {
		indirect[k] = true
	}
	for k := range english.Say {
		if _, ok := said[k]; !ok && !indirect[k] {
			t.Errorf("Say has %q, which the code no longer says", k)
		}
	}
}
