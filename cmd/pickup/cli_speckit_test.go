package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

func init() {
	registerFormatTest("speckit", formatTest{
		hostile: func(t *testing.T) hWorld {
			w := newHWorld(t)
			testkit.CopyTree(t, filepath.Join("..", "..", "loaders", "speckit", "testdata", "aikit-two-features"), w.project)
			w.state = filepath.Join(w.project, "specs", "002-rust-spec-kit-complete", "tasks.md")
			return w
		},
		hostileReview: true,
		demoArtifacts: []string{"state", "spec", "plan"},
		demoHook:      []string{"Alert: T003, T004, T005 ticked, but files they name do not exist"},
		// spec-kit has no RESTART: DISCARD's archive must not block one.
		restartFirst: "discard",
	})
}

// speckitProject is a copy of a spec-kit fixture in a git repository
// with everything committed.
func speckitProject(t *testing.T, name string) string {
	t.Helper()
	dir := testkit.Fixture(t, filepath.Join("..", "..", "loaders", "speckit", "testdata", name))
	testkit.Git(t, dir, nil, "init", "-q")
	testkit.Git(t, dir, nil, "add", "-A")
	testkit.Git(t, dir, nil, "commit", "-qm", "fixture")
	return dir
}

// The real binary on the mid-implementation example: status names the
// resume point by spec-kit's rule, JSON carries the alerts, the prompt
// starts at T090 with the file's text quoted, and DISCARD sets tasks.md
// aside until `pickup undo` puts it back byte for byte.
func TestSpeckitThroughTheBinary(t *testing.T) {
	dir := speckitProject(t, "mid-implementation")
	tasks := filepath.Join(dir, "specs", "001-mvp", "tasks.md")
	before := testkit.Read(t, tasks)

	out := pickup(t, dir, "status").want(t, exitOK).stdout
	for _, want := range []string{"speckit ", "001-mvp: NotebookLM Controller MVP", "Tasks 136/140", "resume at Phase 9: US6"} {
		if !strings.Contains(out, want) {
			t.Errorf("status lacks %q:\n%s", want, out)
		}
	}
	m := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	if s["source"] != "speckit" || s["stage"] != "implement" {
		t.Errorf("json session: %v", s)
	}
	if al, _ := s["alerts"].([]any); len(al) == 0 || !strings.Contains(al[0].(map[string]any)["text"].(string), "ticked, but files they name do not exist") {
		t.Errorf("json alerts: %v", s["alerts"])
	}
	p := pickup(t, dir, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK).stdout
	if !strings.Contains(p, "Start at T090") || !strings.Contains(p, "> T090 [US6] ~~Implement downloadFile browser tool~~") {
		t.Errorf("prompt:\n%s", p)
	}
	r := pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json")
	if r.code == exitOK || !strings.Contains(r.stdout+r.stderr, "spec-kit has no restart") {
		t.Errorf("restart: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	pickup(t, dir, "resume", "--choice", "discard", "--json").want(t, exitBlocked)
	if testkit.Read(t, tasks) != before {
		t.Fatal("discard without --yes changed tasks.md")
	}
	pickup(t, dir, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK)
	if _, err := os.Stat(tasks); !os.IsNotExist(err) {
		t.Fatal("tasks.md still in place after DISCARD")
	}
	pickup(t, dir, "undo", "--yes").want(t, exitOK)
	if testkit.Read(t, tasks) != before {
		t.Fatal("undo did not put tasks.md back byte for byte")
	}
}

// pt-BR through the binary: the format's words and sentences.
func TestSpeckitSpeaksPortuguese(t *testing.T) {
	dir := speckitProject(t, "aikit-two-features")
	out := pickupEnv(t, dir, []string{"PICKUP_LANG=pt-BR"}, "status", "--long").want(t, exitOK).stdout
	for _, want := range []string{"Feature atual", "Próxima tarefa: T126 em Phase 11", "outras features inacabadas"} {
		if !strings.Contains(out, want) {
			t.Errorf("pt-BR status lacks %q:\n%s", want, out)
		}
	}
}
