package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

func init() {
	registerFormatTest("gsd", formatTest{
		hostile: func(t *testing.T) hWorld {
			w := newHWorld(t)
			testkit.CopyTree(t, filepath.Join(hostileData, "gsd", "in-progress-plan-without-summary", ".planning"), filepath.Join(w.project, ".planning"))
			w.state = filepath.Join(w.project, ".planning", "STATE.md")
			return w
		},
		hostileReview: true,
		demoArtifacts: []string{"plan", "summary"},
		// GSD's status word, as STATE.md writes it.
		toolWords: []string{"Paused"},
	})
}

// gsdFixture copies testdata/gsd/<name> into a new git project "app",
// committed, so nothing counts as uncommitted work.
func gsdFixture(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "app")
	testkit.CopyTree(t, filepath.Join("..", "..", "testdata", "gsd", name), dir)
	testkit.Commit(t, dir, "init")
	return dir
}

func TestGSDStatus(t *testing.T) {
	dir := gsdFixture(t, "in-progress-plan-without-summary")
	r := pickup(t, dir, "status", "--long", "--source", "gsd").want(t, exitOK)
	for _, want := range []string{
		"[gsd ", dir + "/.planning/STATE.md",
		"Phase: 4 of 6 (Event Bus and TUI Integration)",
		"Next command: /gsd:execute-phase 4",
		"Phases 3/6 · Plans 15/16 (94%)",
		"Resume at: Phase 4 (.planning/phases/04-event-bus-tui-integration/04-03-PLAN.md has no SUMMARY: complete the incomplete plan (/gsd:execute-phase 4))",
		"1. CONTINUE - GSD: /gsd:execute-phase 4 (recommended)",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("no %q in:\n%s", want, r.stdout)
		}
	}
}

func TestGSDStatusJSONAlerts(t *testing.T) {
	dir := gsdFixture(t, "milestone-complete")
	m := pickup(t, dir, "status", "--json", "--source", "gsd").want(t, exitOK).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	if s["source"] != "gsd" || s["status"] != "milestone_complete" || s["path"] != filepath.Join(dir, ".planning", "STATE.md") {
		t.Fatalf("session %v", s)
	}
	rp := s["resume_point"].(map[string]any)
	if rp["phase"] != "Phase 37" || !strings.Contains(rp["reason"].(string), "37-01-PLAN.md has no SUMMARY") {
		t.Fatalf("resume point %v", rp)
	}
	u := s["units"].(map[string]any)
	if u["label"] != "plans" || u["done"] != 20.0 || u["total"] != 22.0 {
		t.Fatalf("units %v", u)
	}
	alerts, _ := s["alerts"].([]any)
	var texts []string
	for _, a := range alerts {
		am := a.(map[string]any)
		texts = append(texts, am["kind"].(string)+": "+am["text"].(string))
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{
		"conflict: phase 37 is marked complete (ROADMAP.md), but plan 37-01 has no SUMMARY",
		"conflict: STATE.md says milestone_complete, but 2 plans on disk have no SUMMARY",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no %q in:\n%s", want, all)
		}
	}
}

func TestGSDContinuePrompt(t *testing.T) {
	dir := gsdFixture(t, "handoff-paused")
	r := pickup(t, dir, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK)
	for _, want := range []string{
		"Run `/gsd:resume-work` in this project",
		"## Handoff left by /gsd:pause-work (.planning/HANDOFF.json)",
		"Next action recorded: «Create test data in packages/renderer/test-render/»",
		"> NOT using Rspack - Webpack + webpackOverride is official recommended approach",
		"waiting for a person (HANDOFF.json): «Approve GAP-04 plan»",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("no %q in:\n%s", want, r.stdout)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".planning", "HANDOFF.json")); err != nil {
		t.Fatal("CONTINUE moved the handoff")
	}
}

// DISCARD archives HANDOFF.json ("discard handoff and reassess"), and
// pickup undo puts its exact bytes back.
func TestGSDDiscardThenUndo(t *testing.T) {
	dir := gsdFixture(t, "handoff-paused")
	hp := filepath.Join(dir, ".planning", "HANDOFF.json")
	before := testkit.Read(t, hp)
	m := pickup(t, dir, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK).json(t)
	arch, _ := m["archived_to"].(string)
	if filepath.Dir(arch) != filepath.Dir(hp) || !strings.HasPrefix(filepath.Base(arch), "HANDOFF.json.discarded.") || testkit.Read(t, arch) != before {
		t.Fatalf("%v", m)
	}
	if _, err := os.Stat(hp); !os.IsNotExist(err) {
		t.Fatal("HANDOFF.json still there")
	}
	pickup(t, dir, "undo", "--yes").want(t, exitOK)
	if testkit.Read(t, hp) != before {
		t.Fatal("undo did not restore HANDOFF.json")
	}
	if _, err := os.Stat(arch); !os.IsNotExist(err) {
		t.Fatal("the archive is still there after undo")
	}
}

// RESTART ("start fresh on current plan") archives the checkpoint and
// the agent marker only; undo restores both.
func TestGSDRestartThenUndo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "app")
	files := map[string]string{
		".planning/STATE.md":                         "# Project State\n\n## Current Position\n\nPhase: 1 of 2 (Core)\nPlan: 2 of 2 in current phase\nStatus: In progress\n",
		".planning/phases/01-core/01-01-PLAN.md":     "# Plan 1\n",
		".planning/phases/01-core/01-01-SUMMARY.md":  "# Summary 1\n",
		".planning/phases/01-core/01-02-PLAN.md":     "# Plan 2\n",
		".planning/phases/01-core/.continue-here.md": "---\ncontext: phase\nphase: 01-core\nstatus: in_progress\n---\n<current_state>\nhalfway\n</current_state>\n",
		".planning/current-agent-id.txt":             "agent-42\n",
	}
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	testkit.Commit(t, dir, "init")
	// Without --yes and without a terminal: nothing is written.
	pickup(t, dir, "resume", "--choice", "restart")
	if testkit.Read(t, filepath.Join(dir, ".planning", "current-agent-id.txt")) != "agent-42\n" {
		t.Fatal("restart without --yes wrote")
	}
	m := pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, exitOK).json(t)
	changed, _ := m["changed"].([]any)
	if len(changed) != 2 || m["next_step"] != "Markers archived; run /gsd:execute-phase 1 to start the plan fresh." {
		t.Fatalf("%v", m)
	}
	for _, p := range []string{".planning/phases/01-core/01-02-PLAN.md", ".planning/phases/01-core/01-01-SUMMARY.md"} {
		if testkit.Read(t, filepath.Join(dir, p)) != files[p] {
			t.Fatalf("%s changed", p)
		}
	}
	pickup(t, dir, "undo", "--yes").want(t, exitOK)
	for _, p := range []string{".planning/phases/01-core/.continue-here.md", ".planning/current-agent-id.txt"} {
		if testkit.Read(t, filepath.Join(dir, p)) != files[p] {
			t.Fatalf("undo did not restore %s", p)
		}
	}
}

func TestGSDPortuguese(t *testing.T) {
	dir := gsdFixture(t, "in-progress-plan-without-summary")
	r := pickup(t, dir, "status", "--long", "--lang", "pt-BR").want(t, exitOK)
	for _, want := range []string{"Retomar em: Fase 4 (.planning/phases/04-event-bus-tui-integration/04-03-PLAN.md não tem SUMMARY", "não tem SUMMARY: conclua o plano incompleto (/gsd:execute-phase 4)", "Próximo comando: /gsd:execute-phase 4"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("no %q in:\n%s", want, r.stdout)
		}
	}
}
