package main

import (
	"strings"
	"testing"
)

// shellPane is an interactive bash in a tmux pane, with job control, its
// prompt "READY$ ", for running pickup as a person does.
func shellPane(t *testing.T, w, h int) *pane {
	t.Helper()
	p := startPane(t, w, h, t.TempDir(), []string{"PS1=READY$ ", "HISTFILE=/dev/null", "TERM=xterm-256color", "LANG=C.UTF-8", "LC_ALL=C.UTF-8"},
		"sh", "-c", "exec bash --norc --noprofile -i")
	p.waitFor("READY$")
	return p
}

// lastLine is the screen's last line that is not empty.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n "), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// TestWizardCtrlZSuspends: ctrl+z in the wizard stops it and gives the
// terminal back to the shell (its prompt, the job stopped); fg brings the
// same screen back, and the keys typed for fg opened nothing.
func TestWizardCtrlZSuspends(t *testing.T) {
	p := shellPane(t, 100, 30)
	p.keys(shellQuote(bin) + " demo")
	p.key("Enter")
	before := p.waitFor("newest first", "enter choose")
	p.key("Down") // a screen of its own: the second row highlighted
	before = p.waitFor("> kiln")
	p.key("C-z")
	s := p.waitFor("Stopped")
	if !strings.HasPrefix(lastLine(s), "READY$") {
		t.Fatalf("ctrl+z: the shell's prompt is not back:\n%s", s)
	}
	p.keys("fg")
	p.key("Enter")
	after := p.waitFor("newest first", "> kiln")
	if strings.Contains(after, "What do you want to do?") {
		t.Fatalf("fg opened a session:\n%s", after)
	}
	if got, want := strings.TrimSpace(after), strings.TrimSpace(before); !strings.Contains(got, want[strings.Index(want, "pickup -"):]) {
		t.Fatalf("fg: the screen is not the same.\nbefore:\n%s\nafter:\n%s", before, after)
	}
	p.keys("q")
	p.waitFor("READY$")
}
