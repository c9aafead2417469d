package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

func init() {
	registerFormatTest("bmad", formatTest{
		hostile: func(t *testing.T) hWorld {
			w := newHWorld(t)
			testkit.CopyTree(t, filepath.Join("..", "..", "loaders", "bmad", "testdata", "demo"), w.project)
			_ = os.Remove(filepath.Join(w.project, "README.md"))
			w.state = filepath.Join(w.project, "_bmad-output", "implementation-artifacts", "sprint-status.yaml")
			return w
		},
		hostileReview: true,
		demoArtifacts: []string{"story"},
		// BMAD's status words, said as the ledger writes them.
		toolWords: []string{"done", "review", "in-progress", "ready-for-dev", "backlog"},
	})
}

// bmadFixture copies loaders/bmad/testdata/<name> into a new git
// project, committed, its files dated before any time they record (a
// fresh copy's time would be evidence that BMAD is at work).
func bmadFixture(t *testing.T, name string) string {
	t.Helper()
	project := filepath.Join(testkit.RealTempDir(t), "sprint")
	testkit.CopyTree(t, filepath.Join("..", "..", "loaders", "bmad", "testdata", name), project)
	bmadAge(t, project)
	testkit.Commit(t, project, "init")
	return project
}

func bmadAge(t *testing.T, dir string) {
	t.Helper()
	old := time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			os.Chtimes(p, old, old)
		}
		return nil
	})
}

func TestBmadStatusJSONCarriesTheLedgerDrift(t *testing.T) {
	project := bmadFixture(t, "review-with-ledger-drift")
	m := pickup(t, project, "status", "--json", "--source", "bmad").want(t, exitOK).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	if s["source"] != "bmad" || s["stage"] != "32-4-inline-suppression-comments" || s["status"] != "review" {
		t.Fatalf("session %v", s)
	}
	if rp := s["resume_point"].(map[string]any); rp["phase"] != "epic-32" {
		t.Fatalf("resume_point %v", rp)
	}
	var alerts []string
	for _, a := range s["alerts"].([]any) {
		al := a.(map[string]any)
		alerts = append(alerts, al["kind"].(string)+": "+al["text"].(string))
	}
	if len(alerts) != 2 || !strings.HasPrefix(alerts[0], "conflict: 7 stories are done in _bmad-output/implementation-artifacts/sprint-status.yaml but their story files say otherwise: 11-3-rule-reference-pages (file: review)") {
		t.Fatalf("alerts %q", alerts)
	}
	if u := s["units"].(map[string]any); u["done"] != 112.0 || u["total"] != 116.0 {
		t.Fatalf("units %v", u)
	}
	r := pickup(t, project, "status").want(t, exitOK)
	if !strings.Contains(r.stdout, "bmad ") || !strings.Contains(r.stdout, "resume at epic-32") {
		t.Fatalf("status:\n%s", r.stdout)
	}
}

func TestBmadContinuePromptNamesBMADsCommand(t *testing.T) {
	project := bmadFixture(t, "review-with-ledger-drift")
	p := pickup(t, project, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK).stdout
	for _, want := range []string{
		"Run `/bmad-code-review 32-4-inline-suppression-comments`.",
		"Story file: `_bmad-output/implementation-artifacts/32-4-inline-suppression-comments.md` (Status: «review»; 31/31 tasks ticked).",
		"- «7 stories are done in",
		"Never set a story that is done or in review back to an earlier status.",
	} {
		if !strings.Contains(p, want) {
			t.Errorf("prompt lacks %q:\n%s", want, p)
		}
	}
	// Nothing to reset: the story is in review.
	before := testkit.Snapshot(t, project)
	m := pickup(t, project, "resume", "--choice", "restart", "--yes", "--json").json(t)
	if !strings.Contains(m["reason"].(string), "in review: BMAD never resets work in review") {
		t.Fatalf("%v", m)
	}
	after := testkit.Snapshot(t, project)
	for k, v := range before {
		if after[k] != v {
			t.Errorf("%s changed", k)
		}
	}
}

const bmadInProgress = `# generated: 2026-05-01
generated: 2026-05-01
project: Demo
story_location: _bmad-output/implementation-artifacts

development_status:
  # Epic 1: Accounts
  epic-1: in-progress
  1-1-login: done  # reviewed 2026-04-30
  1-2-profile: in-progress
  1-3-settings: backlog
  epic-1-retrospective: optional
`

const bmadStory = "# Story 1.2: Profile\n\nStatus: in-progress\n\n## Tasks / Subtasks\n\n- [x] Task 1: form\n- [ ] Task 2: save\n\n## Dev Agent Record\n"

func bmadInProgressProject(t *testing.T) (project, ledger, story string) {
	t.Helper()
	project = filepath.Join(testkit.RealTempDir(t), "sprint")
	dir := filepath.Join(project, "_bmad-output", "implementation-artifacts")
	ledger, story = filepath.Join(dir, "sprint-status.yaml"), filepath.Join(dir, "1-2-profile.md")
	testkit.Write(t, ledger, bmadInProgress)
	testkit.Write(t, story, bmadStory)
	testkit.Write(t, filepath.Join(dir, "1-1-login.md"), "# Story 1.1: Login\n\nStatus: done\n")
	bmadAge(t, project)
	testkit.Commit(t, project, "init")
	return project, ledger, story
}

func TestBmadRestartThenUndoRestoresBytes(t *testing.T) {
	project, ledger, story := bmadInProgressProject(t)
	m := pickup(t, project, "resume", "--choice", "restart", "--yes", "--json").want(t, exitOK).json(t)
	if changed := m["changed"].([]any); len(changed) != 2 || changed[0] != ledger || changed[1] != story {
		t.Fatalf("%v", m)
	}
	if got := testkit.Read(t, ledger); got != strings.Replace(bmadInProgress, "1-2-profile: in-progress", "1-2-profile: ready-for-dev", 1) {
		t.Fatalf("ledger:\n%s", got)
	}
	if got := testkit.Read(t, story); got != strings.Replace(bmadStory, "Status: in-progress", "Status: ready-for-dev", 1) {
		t.Fatalf("story:\n%s", got)
	}
	s := pickup(t, project, "status", "--json").want(t, exitOK).json(t)["sessions"].([]any)[0].(map[string]any)
	if s["status"] != "ready-for-dev" {
		t.Fatalf("after restart %v", s["status"])
	}
	pickup(t, project, "undo", "--yes").want(t, exitOK)
	if testkit.Read(t, ledger) != bmadInProgress || testkit.Read(t, story) != bmadStory {
		t.Fatal("undo did not restore the bytes")
	}
}

func TestBmadDiscardThenUndoRestoresBytes(t *testing.T) {
	project, ledger, story := bmadInProgressProject(t)
	m := pickup(t, project, "resume", "--choice", "discard", "--json").want(t, exitBlocked).json(t)
	if !strings.Contains(m["reason"].(string), "Set 1-2-profile back to backlog in _bmad-output/implementation-artifacts/sprint-status.yaml and archive") {
		t.Fatalf("%v", m)
	}
	m = pickup(t, project, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK).json(t)
	archived, _ := m["archived_to"].(string)
	if archived == "" || testkit.Read(t, archived) != bmadStory {
		t.Fatalf("%v", m)
	}
	if _, err := os.Stat(story); !os.IsNotExist(err) {
		t.Fatal("story file still there")
	}
	if got := testkit.Read(t, ledger); got != strings.Replace(bmadInProgress, "1-2-profile: in-progress", "1-2-profile: backlog", 1) {
		t.Fatalf("ledger:\n%s", got)
	}
	pickup(t, project, "undo", "--yes").want(t, exitOK)
	if testkit.Read(t, ledger) != bmadInProgress || testkit.Read(t, story) != bmadStory {
		t.Fatal("undo did not restore the bytes")
	}
	if _, err := os.Stat(archived); !os.IsNotExist(err) {
		t.Fatal("archive left behind after undo")
	}
}

// The agent's session-start hook names the sprint and where it resumes.
func TestBmadHook(t *testing.T) {
	project, _, _ := bmadInProgressProject(t)
	r := hookRun(t, project, payload("claude", project, "startup"), []string{"HOME=" + t.TempDir()}, "--agent", "claude").want(t, exitOK)
	for _, want := range []string{"bmad session ", "«BMAD Demo»", "Resume point: «epic-1» (1-2-profile is in-progress: bmad-sprint-status recommends dev-story for the first in-progress story)"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("hook lacks %q:\n%s", want, r.stdout)
		}
	}
}
