package loaders_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// directOpens are the calls that open a file without the one reader
// (loaders/fsx: Open, ReadFile, ReadHead), by import path and name.
var directOpens = map[string]map[string]bool{
	"os":                    {"Open": true, "OpenFile": true, "ReadFile": true, "OpenInRoot": true, "DirFS": true, "CopyFS": true},
	"io/ioutil":             {"ReadFile": true, "ReadDir": true},
	"syscall":               {"Open": true, "Openat": true},
	"golang.org/x/sys/unix": {"Open": true, "Openat": true, "Openat2": true},
}

// allowedOpens are the places that may open a file themselves, each for
// a reason docs/reliability.md gives: the reader itself, crucible's raw
// header reads (thousands of dispatch files, opened with O_NONBLOCK and
// read into a fixed buffer, or folders with O_DIRECTORY), the demo
// writing its own sample project, and the statusline's early answer
// reading its cache file before fsx is initialised (O_NOFOLLOW,
// O_NONBLOCK, a private regular file, bounded). internal/testkit and internal/gen are
// test and benchmark tooling and are not scanned.
var allowedOpens = map[string]bool{
	"loaders/fsx/read.go":               true,
	"loaders/crucible/header_unix.go":   true,
	"loaders/crucible/header_linux.go":  true,
	"loaders/crucible/dirlist_linux.go": true,
	"cmd/pickup/demo.go":                true,
	"internal/quickline/cache.go":       true,
}

// TestOneReader fails when code that ships opens a file without the one
// reader, which refuses what is not a regular file, never blocks and
// bounds the read (issue 13: a named pipe where a file belongs hung
// `pickup status`). Test files and the test and benchmark tooling
// (internal/testkit, internal/gen) may open files as they like.
func TestOneReader(t *testing.T) {
	found := shippedCalls(t, directOpens, allowedOpens)
	for _, f := range found {
		t.Errorf("%s opens a file without the one reader: use fsx.Open, fsx.ReadFile or fsx.ReadHead (or add the place, with its reason, to allowedOpens and docs/reliability.md)", f)
	}
}

// shippedCalls lists the calls in code that ships (not test files, not
// internal/testkit or internal/gen) to any of calls (by import path and
// name), but in the files allowed.
func shippedCalls(t *testing.T, calls map[string]map[string]bool, allowed map[string]bool) []string {
	t.Helper()
	root := ".."
	fset := token.NewFileSet()
	var found []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		if d.IsDir() {
			switch {
			case d.Name() == "testdata", strings.HasPrefix(d.Name(), ".") && p != root, rel == "internal/testkit", rel == "internal/gen":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || allowed[rel] {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		imports := map[string]string{} // local name -> import path
		for _, im := range f.Imports {
			path := strings.Trim(im.Path.Value, `"`)
			name := path[strings.LastIndex(path, "/")+1:]
			if im.Name != nil {
				name = im.Name.Name
			}
			imports[name] = path
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			if calls[imports[pkg.Name]][sel.Sel.Name] {
				found = append(found, fmt.Sprintf("%s: %s.%s", fset.Position(call.Pos()), pkg.Name, sel.Sel.Name))
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}
