package tui

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/pickup-dev/pickup/model"
)

// stubCommand writes a shell script that appends its arguments, one per
// line, to a record file; as an editor (first argument --wait) it also
// appends a line to the file it was given.
func stubCommand(t *testing.T, dir, name string) (script, record string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the stub is a shell script")
	}
	record = filepath.Join(dir, name+".args")
	script = filepath.Join(dir, name)
	body := "#!/bin/sh\n" +
		"for a in \"$@\"; do printf '%s\\n' \"$a\" >> '" + record + "'; done\n" +
		"printf -- '--\\n' >> '" + record + "'\n" +
		"if [ \"$1\" = --wait ]; then printf 'edited by stub\\n' >> \"$2\"; fi\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, record
}

// waitFile waits until the record holds n runs and returns them.
func waitFile(t *testing.T, record string, n int) [][]string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		data, _ := os.ReadFile(record)
		var runs [][]string
		var cur []string
		for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
			if l == "--" {
				runs = append(runs, cur)
				cur = nil
				continue
			}
			if l != "" {
				cur = append(cur, l)
			}
		}
		if len(runs) >= n {
			return runs
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %d run(s) after 5s, want %d", record, len(runs), n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// e hands the highlighted artifact to $EDITOR and enter/o to $PAGER
// through tea.ExecProcess; the browser comes back where it was and shows
// the edited file. Refused artifacts are never handed over.
func TestFlowEditorAndPager(t *testing.T) {
	w := newBrowserWorld(t, false)
	dir := t.TempDir()
	editor, edits := stubCommand(t, dir, "editor")
	pager, pages := stubCommand(t, dir, "pager")
	pinEnv(t)
	m := New(Config{State: loaded(t, w.s), Project: "shop", Now: now, Files: realFiles(nil),
		Editor: editor + " --wait", Pager: pager + " -R", Grace: flowGrace})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 30))

	waitFor(t, tm, "CONTINUE")
	tm.Type("v")
	waitFor(t, tm, "Artifacts", "state · ")
	for range 4 {
		tm.Send(keyDown) // notes/run.log
	}
	waitFor(t, tm, "› ✓ notes/run.log")
	tm.Type("e")
	runs := waitFile(t, edits, 1)
	log := filepath.Join(w.project, "notes", "run.log")
	if len(runs[0]) != 2 || runs[0][0] != "--wait" || runs[0][1] != log {
		t.Fatalf("editor got %q, want [--wait %s]", runs[0], log)
	}
	// Back in the browser, on the same file, showing the edit.
	waitFor(t, tm, "edited by stub")

	tm.Type("o")
	tm.Send(keyEnter)
	runs = waitFile(t, pages, 2)
	for _, r := range runs {
		if len(r) != 2 || r[0] != "-R" || r[1] != log {
			t.Fatalf("pager got %q", r)
		}
	}

	// A symlink out of the project: e, o and enter do nothing.
	for range 5 {
		tm.Send(keyDown) // docs/out-link.md
	}
	waitFor(t, tm, "› ⚠ docs/out-link.md")
	tm.Type("eo")
	tm.Send(keyEnter)
	tm.Send(keyEsc) // back to the options, then quit
	waitFor(t, tm, "CONTINUE")
	tm.Type("q")
	fm := finalModel(t, tm)
	if fm.Final().Screen != model.ScreenQuit {
		t.Fatalf("final screen %s", fm.Final().Screen)
	}
	if n := len(waitFile(t, edits, 1)); n != 1 {
		t.Fatalf("editor ran %d times", n)
	}
	if n := len(waitFile(t, pages, 2)); n != 2 {
		t.Fatalf("pager ran %d times", n)
	}
}

// An editor that cannot start leaves a notice and the browser as it was.
func TestFlowEditorMissing(t *testing.T) {
	w := newBrowserWorld(t, false)
	pinEnv(t)
	m := New(Config{State: loaded(t, w.s), Project: "shop", Now: now, Files: realFiles(nil),
		Editor: filepath.Join(t.TempDir(), "no-such-editor"), Grace: flowGrace})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 30))
	waitFor(t, tm, "CONTINUE")
	tm.Type("v")
	waitFor(t, tm, "Artifacts", "state · ")
	tm.Type("e")
	waitFor(t, tm, "the editor did not run")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyDown})
	tm.Type("q")
	if fm := finalModel(t, tm); fm.Final().Screen != model.ScreenQuit {
		t.Fatalf("final %s", fm.Final().Screen)
	}
}
