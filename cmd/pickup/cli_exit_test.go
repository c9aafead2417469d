package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// Leaving the wizard leaves the result once and the next step, not a
// screen of blank lines; n on a blocked RESTART stops there, saying why
// once.
func TestWizardExitLines(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	dir, _ := project(t, 10*time.Minute, "PAUSE", "development")
	p := startPane(t, 100, 30, dir, nil, dir)
	p.waitFor("What do you want to do?")
	p.keys("c") // CONTINUE by its letter
	if code := p.exit(); code != exitOK {
		t.Fatalf("exit %d\n%s", code, p.screen(false))
	}
	// The decision on stdout (a file here), the next step on the
	// terminal, first thing under the command: no frame left behind.
	s, out := p.screen(false), testkit.Read(t, p.out)
	if !strings.HasPrefix(out, "Resuming") || strings.Count(out+s, "Resuming") != 1 ||
		!strings.HasPrefix(s, "Next: pickup resume --choice continue --emit prompt --session ") || strings.Contains(s, "What do you want to do?") {
		t.Fatalf("after CONTINUE: stdout %q, the terminal shows:\n%s", out, s)
	}

	dir, _ = project(t, 2*time.Hour, "GO", "development")
	testkit.Commit(t, dir, "init")
	testkit.Write(t, filepath.Join(dir, "src", "wip.go"), "package src\n")
	p = startPane(t, 100, 30, dir, nil, dir)
	p.waitFor("What do you want to do?")
	p.keys("R") // RESTART by its letter: blocked by the uncommitted file
	p.waitFor("Restart blocked", "stop here")
	p.keys("n")
	if code := p.exit(); code != exitBlocked {
		t.Fatalf("exit %d\n%s", code, p.screen(false))
	}
	s, out = p.screen(false), testkit.Read(t, p.out)
	if !strings.HasPrefix(out, "blocked: ") || strings.Count(out+s, "uncommitted changes") != 1 || !strings.Contains(s, "src/wip.go") ||
		strings.Contains(s, "Back to the resume menu?") || strings.Contains(s, "Restart blocked") {
		t.Fatalf("after n on the veto: stdout %q, the terminal shows:\n%s", out, s)
	}
}
