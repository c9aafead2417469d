package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
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
	// The screen drawn again after the shell's "fg" line.
	var after string
	deadline := time.Now().Add(15 * time.Second)
	for {
		s := p.screen(false)
		if i := strings.LastIndex(s, "READY$ fg"); i >= 0 && strings.Contains(s[i:], "> kiln") && strings.Contains(s[i:], "enter choose") {
			after = s[i:]
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("fg: the wizard did not come back:\n%s", s)
		}
		time.Sleep(40 * time.Millisecond)
	}
	if strings.Contains(after, "What do you want to do?") {
		t.Fatalf("fg opened a session:\n%s", after)
	}
	if got, want := strings.TrimSpace(after), strings.TrimSpace(before); !strings.Contains(got, want[strings.Index(want, "pickup -"):]) {
		t.Fatalf("fg: the screen is not the same.\nbefore:\n%s\nafter:\n%s", before, after)
	}
	p.keys("q")
	p.waitFor("READY$")
}

// bashArgv is what bash runs for script, git a function (nothing runs).
func bashArgv(t *testing.T, script string) string {
	t.Helper()
	return testkit.ShellArgv(t, script, "git")
}

// TestVetoCommandsPasteAsShown: the veto's two commands, copied from a
// real terminal 80 and 120 columns wide (the lines as the screen shows
// them, indent and all), run in bash as the very commands pickup means:
// no line breaks inside a quote or between a -- and its file.
func TestVetoCommandsPasteAsShown(t *testing.T) {
	for _, w := range []int{80, 120} {
		p := startPane(t, w, 40, t.TempDir(), nil, "demo")
		p.waitFor("newest first")
		p.key("Down")
		p.key("Down")
		p.key("Down")
		p.waitFor("> aios")
		p.key("Enter")
		p.waitFor("What do you want to do?")
		p.keys("R")
		s := p.waitFor("Back to the resume menu?")
		dir := regexp.MustCompile(`pickup - (/\S+/shop) \(aios\)`).FindStringSubmatch(s)
		if dir == nil {
			t.Fatalf("%d columns: no project on screen:\n%s", w, s)
		}
		// The lines under "1. Stash" and "2. OR commit", up to "3.".
		var cmds []string
		in := false
		for _, l := range strings.Split(s, "\n") {
			switch {
			case strings.HasPrefix(l, "1. "), strings.HasPrefix(l, "2. "):
				in = true
			case strings.HasPrefix(l, "3. "):
				in = false
			case in:
				cmds = append(cmds, l)
			}
		}
		want := bashArgv(t, "git -C "+dir[1]+" stash push --include-untracked -m 'before pickup restart'\n"+
			"git -C "+dir[1]+" add -- src/auth/jwt-handler.js && git -C "+dir[1]+" commit -m 'work in progress before pickup restart' -- src/auth/jwt-handler.js")
		if got := bashArgv(t, strings.Join(cmds, "\n")); got != want {
			t.Errorf("%d columns: the commands as copied run as\n%q\nwant\n%q\nscreen:\n%s", w, got, want, s)
		}
		for _, l := range cmds {
			if len([]rune(l)) > w {
				t.Errorf("%d columns: line wider than the screen: %q", w, l)
			}
		}
		p.quit()
	}
}

// TestAccessibleVetoCommandsOneLine: accessible mode (and so a log or a
// screen reader) prints each of the veto's commands on one line of its
// own, never broken by pickup: copied whole (a terminal's soft wrap is no
// line break), it runs as meant.
func TestAccessibleVetoCommandsOneLine(t *testing.T) {
	r := pickupIn(t, t.TempDir(), "4\n2\nn\n", []string{"COLUMNS=40"}, "demo", "--accessible")
	dir := regexp.MustCompile(`(?m)^pickup: (/\S+/shop) \(aios\)$`).FindStringSubmatch(r.stderr)
	if dir == nil {
		t.Fatalf("no aios session opened:\n%s", r.stderr)
	}
	var cmds []string
	for _, l := range strings.Split(r.stderr, "\n") {
		if strings.HasPrefix(l, "  git ") {
			cmds = append(cmds, l)
		}
	}
	want := bashArgv(t, "git -C "+dir[1]+" stash push --include-untracked -m 'before pickup restart'\n"+
		"git -C "+dir[1]+" add -- src/auth/jwt-handler.js && git -C "+dir[1]+" commit -m 'work in progress before pickup restart' -- src/auth/jwt-handler.js")
	if got := bashArgv(t, strings.Join(cmds, "\n")); len(cmds) != 2 || got != want {
		t.Errorf("the commands as printed run as\n%q\nwant\n%q\n%s", got, want, r.stderr)
	}
}
