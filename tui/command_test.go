package tui

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// TestTickedCommandWrapsShellSafe: a `command` in backticks inside a
// sentence (bookforge's DISCARD, say) is never broken where a shell
// would read the break: it moves to a line of its own, and one wider
// than the line is laid out with continuations, so the lines between
// the backticks, copied, run as the command.
func TestTickedCommandWrapsShellSafe(t *testing.T) {
	cmd := "bookforge --workspace 'my workspace' book reset --book salt-road --archive"
	text := "archive the ledgers and the pause marker; bookforge's fresh start is `" + cmd + "`."
	want := testkit.ShellArgv(t, cmd, "bookforge")
	for w := 30; w <= 100; w++ {
		d := newDoc(w, true)
		plain := lipgloss.NewStyle()
		d.text(sg(text, &plain))
		all := strings.Join(d.lines, "\n")
		in := all[strings.Index(all, "`")+1 : strings.LastIndex(all, "`")]
		if got := testkit.ShellArgv(t, in, "bookforge"); got != want {
			t.Errorf("width %d: the command as copied runs as %q, want %q:\n%s", w, got, want, all)
		}
		for _, l := range d.lines {
			if textWidth(l) > w {
				t.Errorf("width %d: line %q too wide", w, l)
			}
		}
	}
}
