package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// Accessible mode driven through a pipe: the real binary, answers typed
// on its stdin, screens read on its stderr, the decision on its stdout,
// and the files on disk.

// pickupIn runs pickup with stdin as its input.
func pickupIn(t *testing.T, dir, stdin string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "NO_COLOR=", "ACCESSIBLE=", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1"), env...)
	cmd.Stdin = strings.NewReader(stdin)
	return runResult(t, cmd)
}

// hasLines fails unless each of want is a whole line of out, in order.
func hasLines(t *testing.T, out string, want ...string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	i := 0
	for _, w := range want {
		for i < len(lines) && lines[i] != w {
			i++
		}
		if i == len(lines) {
			t.Fatalf("no line %q (in this order) in:\n%s", w, out)
		}
		i++
	}
}

// noEscapes fails on any escape sequence: accessible mode moves no
// cursor and draws no colour.
func noEscapes(t *testing.T, r result) {
	t.Helper()
	if strings.ContainsAny(r.stdout+r.stderr, "\x1b\r") {
		t.Fatalf("an escape or carriage return in accessible mode:\n%q\n%q", r.stdout, r.stderr)
	}
}

func TestAccessibleAIOSCrashContinue(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	before := testkit.Read(t, state)
	// Not a number, out of range, then CONTINUE; ACCESSIBLE=1 as huh has it.
	r := pickupIn(t, dir, "x\n9\n1\n", []string{"ACCESSIBLE=1"}).want(t, exitOK)
	noEscapes(t, r)
	hasLines(t, r.stderr,
		"pickup: "+dir+" (aios)",
		"Warning: The previous session crashed.",
		"Last update: 2 hours ago",
		"Story: 12.3",
		"Your data is safe. What do you want to do?",
		"  1. CONTINUE - pick up where it stopped",
		"  2. RESTART - start the story again from phase 1",
		"  3. DISCARD - archive the session and start fresh",
		"Type a number from 1 to 3 and press Enter (v lists the artifacts, q quits):",
		`"x" is not a number: type a number from 1 to 3.`,
		"Type a number from 1 to 3 and press Enter (v lists the artifacts, q quits):",
		"9 is not on the list: type a number from 1 to 3.",
		"Type a number from 1 to 3 and press Enter (v lists the artifacts, q quits):",
	)
	if r.stdout != "Resuming story 12.3 at phase development\n" {
		t.Fatalf("stdout %q", r.stdout)
	}
	if testkit.Read(t, state) != before {
		t.Fatal("CONTINUE changed the state file")
	}
	// The same through the flag, with --json: the decision document.
	m := pickupIn(t, dir, "1\n", nil, "--accessible", "--json").want(t, exitOK).json(t)
	if m["choice"] != "continue" || m["resume_action"] != "execute_story" {
		t.Fatalf("%v", m)
	}
	// ACCESSIBLE=0 is off: without a terminal, the status is printed.
	r = pickupIn(t, dir, "1\n", []string{"ACCESSIBLE=0"}).want(t, exitOK)
	if strings.Contains(r.stderr, "Type a number") || !strings.Contains(r.stdout, "Options:") {
		t.Fatalf("ACCESSIBLE=0 asked:\n%s\n%s", r.stdout, r.stderr)
	}
}

func TestAccessibleReviewThenQuit(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PAUSE", "development")
	before := testkit.Read(t, state)
	r := pickupIn(t, dir, "2\n\nq\n", nil, "--accessible").want(t, exitCancelled)
	noEscapes(t, r)
	hasLines(t, r.stderr,
		"  2. REVIEW - see detailed progress",
		"Detailed progress",
		"  validation: completed, @po, 10min, approved",
		"  development: in progress",
		"Press Enter to go back to the options (q quits):",
		"What do you want to do?",
		"Nothing changed.",
	)
	if r.stdout != "" || testkit.Read(t, state) != before {
		t.Fatalf("quitting printed a decision or wrote: %q", r.stdout)
	}
}

func TestAccessibleVeto(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	os.WriteFile(filepath.Join(dir, "handler.js"), []byte("v1\n"), 0o644)
	testkit.Commit(t, dir, "init")
	os.WriteFile(filepath.Join(dir, "handler.js"), []byte("v2\n"), 0o644)
	before := testkit.Read(t, state)

	// RESTART, then "back to the menu? n": stop, blocked, exit 5.
	r := pickupIn(t, dir, "2\nmaybe\nn\n", nil, "--accessible").want(t, exitBlocked)
	noEscapes(t, r)
	hasLines(t, r.stderr,
		"Checking git for uncommitted changes…",
		"Warning: Restart blocked",
		"  modified   handler.js",
		"Back to the resume menu? [y/n]",
		"Type y for yes or n for no, then press Enter.",
		"Back to the resume menu? [y/n]",
	)
	// The reason once: the files above the question, one line after.
	if r.stdout != "Restart blocked by uncommitted changes (1 file)\n" || strings.Count(r.stderr, "modified   handler.js") != 1 {
		t.Fatalf("stdout %q\nstderr:\n%s", r.stdout, r.stderr)
	}
	if testkit.Read(t, state) != before {
		t.Fatal("a vetoed restart wrote the state file")
	}
	// --json: the veto's document, files included.
	m := pickupIn(t, dir, "2\nn\n", nil, "--accessible", "--json").want(t, exitBlocked).json(t)
	if m["veto"] != "uncommitted_changes" || len(asList(m["files"])) != 1 {
		t.Fatalf("%v", m)
	}

	// y: back to the options, asked again; then the input ends.
	r = pickupIn(t, dir, "2\ny\n", nil, "--accessible").want(t, exitCancelled)
	if strings.Count(r.stderr, "Your data is safe. What do you want to do?") != 2 ||
		!strings.HasSuffix(r.stderr, "No answer (the input ended). Nothing changed.\n") {
		t.Fatalf("stderr:\n%s", r.stderr)
	}
	if testkit.Read(t, state) != before {
		t.Fatal("wrote")
	}
}

func TestAccessibleDiscard(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	before := testkit.Read(t, state)

	// Enter alone is No: back to the options; q leaves.
	r := pickupIn(t, dir, "3\n\nq\n", nil, "--accessible").want(t, exitCancelled)
	hasLines(t, r.stderr,
		"Warning: Discard: archive the session and start fresh",
		"The state file is archived, not deleted:",
		"  "+state,
		"Discard this session? [y/N]",
		"Your data is safe. What do you want to do?",
	)
	if testkit.Read(t, state) != before {
		t.Fatal("a discard answered no changed the file")
	}

	r = pickupIn(t, dir, "3\nY\n", nil, "--accessible").want(t, exitOK)
	noEscapes(t, r)
	m := regexp.MustCompile(`^Session archived to (.+\.session-state\.yaml\.discarded\.\d{8}T\d{6}Z); `).FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("stdout %q", r.stdout)
	}
	if testkit.Read(t, m[1]) != before {
		t.Fatal("the archive does not hold the original bytes")
	}
	if _, err := os.Stat(state); !os.IsNotExist(err) {
		t.Fatal("the state file is still there")
	}
}

func TestAccessiblePicker(t *testing.T) {
	project, home := demoProject(t)
	// The list, a session by its number, back to the list, and quit.
	r := pickupIn(t, project, "0\n4\nb\nq\n", nil, "--accessible", "--claude-home", home).want(t, exitCancelled)
	noEscapes(t, r)
	hasLines(t, r.stderr,
		"pickup: "+project,
		"11 sessions are saved here, newest first:",
		"Which session? Type a number from 1 to 11 and press Enter (a shows the 3 archived sessions too, q quits):",
		"0 is not on the list: type a number from 1 to 11.",
		"pickup: "+project+" (aios)",
		"Type a number from 1 to 3 and press Enter (v lists the artifacts, b goes back to the sessions, q quits):",
		"11 sessions are saved here, newest first:",
		"Nothing changed.",
	)
	if !regexp.MustCompile(`(?m)^4\. aios, Authentication System / story 12\.3, crashed, updated 2 hours ago$`).MatchString(r.stderr) {
		t.Fatalf("no aios row as the fourth:\n%s", r.stderr)
	}
	// An answer without its final newline counts; the input then ends.
	r = pickupIn(t, project, "4\n1", nil, "--accessible", "--claude-home", home).want(t, exitOK)
	if !strings.HasPrefix(r.stdout, "Resuming story 12.3") {
		t.Fatalf("stdout %q", r.stdout)
	}
}

func TestAccessibleEndOfInput(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	before := testkit.Read(t, state)
	r := pickupIn(t, dir, "", nil, "--accessible").want(t, exitCancelled)
	if !strings.HasSuffix(r.stderr, "No answer (the input ended). Nothing changed.\n") || r.stdout != "" {
		t.Fatalf("stdout %q stderr:\n%s", r.stdout, r.stderr)
	}
	if testkit.Read(t, state) != before {
		t.Fatal("wrote")
	}
}

// TestAccessibleHostileText: a state file's control characters reach
// the log as visible escapes, never raw.
func TestAccessibleHostileText(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	body := strings.Replace(testkit.Read(t, state), "title: Authentication System", `title: "Auth\e]0;pwned\a\e[2J\n  3. RESTART - fake"`, 1)
	testkit.Write(t, state, body)
	r := pickupIn(t, dir, "q\n", nil, "--accessible").want(t, exitCancelled)
	noEscapes(t, r)
	// A line break in it cannot start a line of its own (a fake option).
	if !strings.Contains(r.stderr, "Epic: Auth\\x1b]0;pwned\\x07\\x1b[2J   3. RESTART - fake\n") || strings.Contains(r.stderr, "\n  3. RESTART - fake") {
		t.Fatalf("stderr:\n%s", r.stderr)
	}
}
