package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

func init() {
	registerFormatTest("taskmaster", formatTest{
		hostile: func(t *testing.T) hWorld {
			w := newHWorld(t)
			testkit.CopyTree(t, filepath.Join(hostileData, "taskmaster", "in-progress-parent", ".taskmaster"), filepath.Join(w.project, ".taskmaster"))
			w.state = filepath.Join(w.project, ".taskmaster", "tasks", "tasks.json")
			return w
		},
		hostileReview: true,
		demoArtifacts: []string{"state", "tag_state"},
		toolWords:     []string{"task-master next", "task-master set-status", "task-master show"},
		demoHook:      []string{"taskmaster session 6936c60e1c49: «master»\n   State: interrupted (it stopped without a pause); last update 1 hour ago."},
	})
}

// taskmasterProject copies testdata/taskmaster/<name> into a new git
// project, committed, with tasks.json dated long ago (a fresh copy's
// time would read as a run at work).
func taskmasterProject(t *testing.T, name string) (project, tasks string) {
	t.Helper()
	project = filepath.Join(t.TempDir(), "app")
	testkit.CopyTree(t, filepath.Join("..", "..", "testdata", "taskmaster", name), project)
	os.Remove(filepath.Join(project, "README.md"))
	tasks = filepath.Join(project, ".taskmaster", "tasks", "tasks.json")
	if _, err := os.Stat(tasks); err != nil {
		tasks = filepath.Join(project, "tasks", "tasks.json")
	}
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(tasks, old, old); err != nil {
		t.Fatal(err)
	}
	testkit.Commit(t, project, "init")
	return project, tasks
}

func TestTaskmasterStatus(t *testing.T) {
	project, _ := taskmasterProject(t, "in-progress-parent")
	r := pickup(t, project, "status").want(t, exitOK)
	for _, want := range []string{"taskmaster ", "interrupted", "master", "resume at 2.6", "CONTINUE - run task-master next"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("status lacks %q:\n%s", want, r.stdout)
		}
	}
	m := pickup(t, project, "status", "--json").want(t, exitOK).json(t)
	ss := m["sessions"].([]any)
	if len(ss) != 1 {
		t.Fatalf("%d sessions", len(ss))
	}
	s := ss[0].(map[string]any)
	rp := s["resume_point"].(map[string]any)
	if s["source"] != "taskmaster" || s["stage"] != "2.6" || s["status"] != "in-progress" || rp["phase"] != "2.6" {
		t.Errorf("json %v / %v", s, rp)
	}
	if u := s["units"].(map[string]any); u["label"] != "subtasks" || u["done"] != 11.0 || u["total"] != 14.0 {
		t.Errorf("units %v", u)
	}
}

func TestTaskmasterContinuePrompt(t *testing.T) {
	project, tasks := taskmasterProject(t, "in-progress-parent")
	before := testkit.Read(t, tasks)
	r := pickup(t, project, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK)
	for _, want := range []string{
		"# Continue task-master tag «master»",
		"    task-master next\n    task-master set-status --id=2.6 --status=in-progress\n    task-master show 2.6\n",
		"- Title: «Create Auth0 Configuration Documentation»",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("prompt lacks %q:\n%s", want, r.stdout)
		}
	}
	if testkit.Read(t, tasks) != before {
		t.Error("CONTINUE wrote tasks.json")
	}
}

// RESTART and DISCARD write task-master's own statuses in place, and
// pickup undo puts the file back byte for byte.
func TestTaskmasterRestartDiscardUndo(t *testing.T) {
	for _, c := range []struct{ choice, want, diff string }{
		{"restart", "1 item set back to pending (2)", `"status": "pending"`},
		{"discard", "12 items marked cancelled (2, 2.6, 2.7, 2.8, 3 and 7 more)", `"status": "cancelled"`},
	} {
		t.Run(c.choice, func(t *testing.T) {
			project, tasks := taskmasterProject(t, "in-progress-parent")
			before := testkit.Read(t, tasks)
			r := pickup(t, project, "resume", "--choice", c.choice, "--yes").want(t, exitOK)
			if !strings.Contains(r.stdout, c.want) {
				t.Errorf("outcome %q, want %q", r.stdout, c.want)
			}
			after := testkit.Read(t, tasks)
			if after == before || !strings.Contains(after, c.diff) || len(strings.Split(after, "\n")) != len(strings.Split(before, "\n")) {
				t.Fatalf("%s did not edit statuses in place", c.choice)
			}
			pickup(t, project, "undo", "--yes").want(t, exitOK)
			if testkit.Read(t, tasks) != before {
				t.Fatal("undo did not restore tasks.json byte for byte")
			}
		})
	}
}

func TestTaskmasterLegacyFile(t *testing.T) {
	project, _ := taskmasterProject(t, "legacy-tasks-json")
	m := pickup(t, project, "status", "--json", "--source", "taskmaster").want(t, exitOK).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	if s["stage"] != "9" || !strings.Contains(strings.Join(toStrings(s["warnings"]), "\n"), "legacy untagged form") {
		t.Errorf("legacy: %v", s)
	}
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}
