package shellwrap

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// argv is what bash runs for script, git a function (nothing runs).
func argv(t *testing.T, script string) string {
	t.Helper()
	return testkit.ShellArgv(t, script, "git")
}

func commands() []string {
	q := model.ShellQuote
	long := "src/main/java/com/example/billing/invoices/export/very/deep/package/InvoiceExporterFactoryImpl.java"
	weird := []string{"src/auth/jwt-handler.js", "notes/it's done.md", "a b/c\td.txt", "café/ñandú.md", "esc\x1b[31mred", long}
	var files []string
	for _, f := range weird {
		files = append(files, q(f))
	}
	dir := q("/tmp/pickup-demo-950883686/shop")
	return []string{
		"git -C " + dir + " stash push --include-untracked -m " + q(model.StashMessage),
		"git -C " + dir + " add -- src/auth/jwt-handler.js && git -C " + dir + " commit -m " + q(model.CommitMessage) + " -- src/auth/jwt-handler.js",
		"git add -- " + strings.Join(files, " ") + " && git commit -m " + q(model.CommitMessage) + " -- " + strings.Join(files, " "),
		"git -C " + q("/home/someone/a folder with a very long name that goes on and on/and-on-and-on/project") + " stash push -m " + q("a message 'quoted' with spaces in it that is long"),
		`git log --format="%h %s: a \"quoted\" word and more words" -- a\ b || git status | git cat-file -p HEAD; git version`,
	}
}

// TestLinesRunAsShown: every command, laid out at every width from 12 to
// 130 columns with and without an indent, reads back in bash as the same
// commands with the same arguments, and no line is wider than asked.
func TestLinesRunAsShown(t *testing.T) {
	for _, cmd := range commands() {
		want := argv(t, cmd)
		// One bash for every layout of this command: each layout's
		// argv follows a marker line.
		var script strings.Builder
		type layout struct {
			w      int
			indent string
			lines  []string
		}
		var layouts []layout
		for w := 12; w <= 130; w++ {
			for _, indent := range []string{"", "   "} {
				lines := Lines(cmd, w, indent, indent+"  ")
				for _, l := range lines {
					if lw := ansi.StringWidth(l); lw > w {
						t.Errorf("width %d: line %q is %d wide", w, l, lw)
					}
				}
				layouts = append(layouts, layout{w, indent, lines})
				script.WriteString("echo '#layout'\n" + strings.Join(lines, "\n") + "\n")
			}
		}
		got := strings.Split(argv(t, script.String()), "#layout\n")[1:]
		if len(got) != len(layouts) {
			t.Fatalf("%d layouts ran, want %d", len(got), len(layouts))
		}
		for i, g := range got {
			if g != want {
				l := layouts[i]
				t.Errorf("width %d indent %q: bash reads\n%q\nwant\n%q\nlines:\n%s", l.w, l.indent, g, want, strings.Join(l.lines, "\n"))
			}
		}
	}
}

// TestLinesBreakWhereAPersonReads: a command that fits stays one line;
// one that does not breaks after && first, then with continuations
// between words, never inside the quotes when the words fit.
func TestLinesBreakWhereAPersonReads(t *testing.T) {
	veto := "git add -- src/auth/jwt-handler.js && git commit -m 'work in progress before pickup restart' -- src/auth/jwt-handler.js"
	if got := Lines(veto, 200, "   ", "     "); len(got) != 1 || got[0] != "   "+veto {
		t.Fatalf("fits: %q", got)
	}
	want := []string{
		"   git add -- src/auth/jwt-handler.js &&",
		"     git commit -m 'work in progress before pickup restart' \\",
		"     -- src/auth/jwt-handler.js",
	}
	if got := Lines(veto, 80, "   ", "     "); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("80 columns:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := Lines(veto, 0, "", ""); len(got) != 1 {
		t.Fatalf("width 0 wraps: %q", got)
	}
}
