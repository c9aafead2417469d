package tui

import (
	"os/exec"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
)

// bashArgs is what bash runs for script, with bookforge and git
// functions that print their arguments (nothing runs).
func bashArgs(t *testing.T, script string) string {
	t.Helper()
	out, _ := exec.Command("bash", "--norc", "--noprofile", "-c",
		"bookforge(){ printf '%s\\0' \"$@\"; printf '\\n'; }\ngit(){ bookforge git \"$@\"; }\n"+script).CombinedOutput()
	return string(out)
}

// TestTickedCommandWrapsShellSafe: a `command` in backticks inside a
// sentence (bookforge's DISCARD, say) is never broken where a shell
// would read the break: it moves to a line of its own, and one wider
// than the line is laid out with continuations, so the lines between
// the backticks, copied, run as the command.
func TestTickedCommandWrapsShellSafe(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	cmd := "bookforge --workspace 'my workspace' book reset --book salt-road --archive"
	text := "archive the ledgers and the pause marker; bookforge's fresh start is `" + cmd + "`."
	want := bashArgs(t, cmd)
	for w := 30; w <= 100; w++ {
		d := newDoc(w, true)
		d.text(sg(text, lipgloss.NewStyle()))
		all := strings.Join(d.lines, "\n")
		in := all[strings.Index(all, "`")+1 : strings.LastIndex(all, "`")]
		if got := bashArgs(t, in); got != want {
			t.Errorf("width %d: the command as copied runs as %q, want %q:\n%s", w, got, want, all)
		}
		for _, l := range d.lines {
			if textWidth(l) > w {
				t.Errorf("width %d: line %q too wide", w, l)
			}
		}
	}
}
