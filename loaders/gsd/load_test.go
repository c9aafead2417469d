package gsd

import (
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/model"
)

// The example from aristath/orchestrator: STATE.md at phase 4 plan 2 of
// 3, 04-03-PLAN.md without SUMMARY. GSD's rule: no agent, no handoff,
// no checkpoint, so "complete the incomplete plan" 04-03 with
// /gsd:execute-phase 4.
func TestInProgressPlanWithoutSummary(t *testing.T) {
	s := loadOne(t, fixture(t, "in-progress-plan-without-summary"))
	if s.ResumePoint.Phase != "Phase 4" || !strings.Contains(s.ResumePoint.Reason, "04-03-PLAN.md has no SUMMARY") ||
		!strings.Contains(s.ResumePoint.Reason, "04-03-PLAN.md has no SUMMARY: complete the incomplete plan (/gsd:execute-phase 4)") {
		t.Fatalf("resume point %+v", s.ResumePoint)
	}
	if s.Units == nil || *s.Units != (model.Progress{Done: 15, Total: 16}) || s.Progress != (model.Progress{Done: 3, Total: 6}) {
		t.Fatalf("units %+v progress %+v", s.Units, s.Progress)
	}
	if s.Standing != model.StandingInterrupted || !s.NoCrash || s.Status != "executing" {
		t.Fatalf("standing %q nocrash %v status %q", s.Standing, s.NoCrash, s.Status)
	}
	want := []model.PhaseStatus{model.PhaseCompleted, model.PhaseCompleted, model.PhaseCompleted, model.PhaseInProgress, model.PhasePending, model.PhasePending}
	if len(s.Phases) != len(want) {
		t.Fatalf("phases %+v", s.Phases)
	}
	for i, w := range want {
		if s.Phases[i].Status != w {
			t.Errorf("phase %d: %s, want %s", i+1, s.Phases[i].Status, w)
		}
	}
	if s.Phases[3].Name != "Phase 4: Event Bus and TUI Integration" || s.Phases[3].Detail != "2/3 plans" {
		t.Errorf("phase 4 %+v", s.Phases[3])
	}
	if len(s.Alerts) != 0 {
		t.Errorf("alerts:\n%s", alertTexts(s))
	}
	if s.Policy[model.Continue].Hint != "GSD: /gsd:execute-phase 4" || s.Policy[model.Discard].Disabled == "" || s.Policy[model.Restart].Disabled == "" {
		t.Errorf("policy %+v", s.Policy)
	}
	if !strings.Contains(s.Policy[model.Restart].Disabled, "/gsd:undo --plan 04-03") {
		t.Errorf("restart %q", s.Policy[model.Restart].Disabled)
	}
}

// The example from ashishmahi/net-worth-tracker: STATE.md says
// milestone_complete, but 37-01 and 38-01 (phases of the shipped v2.4)
// have no SUMMARY. GSD's scan still finds the incomplete plan 37-01;
// pickup says so and alerts on each disagreement, never calling it done.
func TestMilestoneCompleteWithUnsummarizedPlans(t *testing.T) {
	s := loadOne(t, fixture(t, "milestone-complete"))
	if s.ResumePoint.Phase != "Phase 37" || !strings.Contains(s.ResumePoint.Reason, "37-01-PLAN.md has no SUMMARY") || !strings.Contains(s.ResumePoint.Reason, "(/gsd-execute-phase 37)") {
		t.Fatalf("resume point %+v", s.ResumePoint)
	}
	if s.Standing == model.StandingDone {
		t.Fatal("a milestone with plans without SUMMARY is not done")
	}
	for _, part := range []string{"phase 37 is marked complete (ROADMAP.md), but plan 37-01 has no SUMMARY",
		"phase 38 is marked complete (ROADMAP.md), but plan 38-01 has no SUMMARY",
		"STATE.md says milestone_complete, but 2 plans on disk have no SUMMARY"} {
		if !hasAlert(s, model.AlertConflict, part) {
			t.Errorf("no alert %q in:\n%s", part, alertTexts(s))
		}
	}
	if s.Status != "milestone_complete" || *s.Units != (model.Progress{Done: 20, Total: 22}) {
		t.Errorf("status %q units %+v", s.Status, s.Units)
	}
}

// neb42/catan at 42097f2: current-agent-id.txt names the agent that ran
// plan 03-06, whose SUMMARY is there: a stale marker, not an
// interrupted agent. The rule goes on: phase 3 is done, phase 4 has no
// folder and no CONTEXT.md, so discuss-phase 4.
func TestStaleAgentMarker(t *testing.T) {
	s := loadOne(t, fixture(t, "stale-agent"))
	if !hasAlert(s, model.AlertStale, "current-agent-id.txt names agent e06180a4-325b-4c40-84c8-356c3ce8340d for plan 03-06, whose SUMMARY is already there") {
		t.Fatalf("alerts:\n%s", alertTexts(s))
	}
	if s.ResumePoint.Phase != "Phase 4" || !strings.Contains(s.ResumePoint.Reason, "advance to phase 4 (/gsd:discuss-phase 4)") {
		t.Fatalf("resume point %+v", s.ResumePoint)
	}
	if s.Standing != model.StandingReady {
		t.Errorf("standing %q", s.Standing)
	}
	// Decimal phase 01.1 runs between 1 and 2.
	if s.Phases[1].Name[:10] != "Phase 1.1:" || s.Phases[1].Status != model.PhaseCompleted {
		t.Errorf("phase 1.1 %+v", s.Phases[1])
	}
	d := s.Policy[model.Discard]
	if d.Disabled != "" || !d.Recommended || s.Policy[model.Continue].Recommended {
		t.Errorf("a stale marker recommends DISCARD: %+v", s.Policy)
	}
	if got := s.Moves[model.Discard]; len(got) != 1 || got[0] != ".planning/current-agent-id.txt" {
		t.Errorf("moves %v", got)
	}
}

// 0xmaxbu/video-script at bb453ce: HANDOFF.json from pause-work comes
// before everything else; its pending human action is an alert, and the
// plan it names already has its SUMMARY (another alert).
func TestHandoffPaused(t *testing.T) {
	s := loadOne(t, fixture(t, "handoff-paused"))
	if s.ResumePoint.Phase != "Phase 14" || !strings.Contains(s.ResumePoint.Reason, "HANDOFF.json") || !strings.Contains(s.ResumePoint.Reason, "/gsd:resume-work") {
		t.Fatalf("resume point %+v", s.ResumePoint)
	}
	if s.LastAction == nil || !s.LastAction.Clean || s.Standing != "" {
		t.Fatalf("a handoff is a pause: %+v %q", s.LastAction, s.Standing)
	}
	if !hasAlert(s, model.AlertDecision, "«Approve GAP-04 plan»") || !hasAlert(s, model.AlertStale, "names plan 14-GAP-04, whose SUMMARY is already there") {
		t.Fatalf("alerts:\n%s", alertTexts(s))
	}
	if got := s.Moves[model.Discard]; len(got) != 1 || got[0] != ".planning/HANDOFF.json" {
		t.Errorf("discard moves %v", got)
	}
	if !strings.Contains(s.Prompt, "> GAP-04 plan created at") || !strings.Contains(s.Prompt, "Next action recorded: «Create test data") {
		t.Errorf("prompt:\n%s", s.Prompt)
	}
}

// The rule's order: an interrupted agent (its plan without SUMMARY)
// comes before a handoff, a handoff before a checkpoint, a checkpoint
// before a plan without SUMMARY.
func TestResumeOrder(t *testing.T) {
	base := map[string]string{
		".planning/STATE.md":                     "# Project State\n\n## Current Position\n\nPhase: 2 of 3 (Api)\nPlan: 1 of 2 in current phase\nStatus: In progress\n",
		".planning/phases/01-core/01-01-PLAN.md": "# plan\n", ".planning/phases/01-core/01-01-SUMMARY.md": "# sum\n",
		".planning/phases/02-api/02-01-PLAN.md": "# plan\n", ".planning/phases/02-api/02-02-PLAN.md": "# plan\n",
		".planning/phases/02-api/02-01-SUMMARY.md": "# sum\n",
	}
	dir := t.TempDir()
	write(t, dir, base)
	if s := loadOne(t, dir); s.ResumePoint.Phase != "Phase 2" || !strings.Contains(s.ResumePoint.Reason, "02-02-PLAN.md has no SUMMARY") || s.Standing != model.StandingInterrupted {
		t.Fatalf("plan step: %+v %q", s.ResumePoint, s.Standing)
	}
	write(t, dir, map[string]string{".planning/phases/02-api/.continue-here.md": "---\ncontext: phase\nstatus: in_progress\n---\n"})
	if s := loadOne(t, dir); s.ResumePoint.Phase != "Phase 2" || !strings.Contains(s.ResumePoint.Reason, "checkpoint .planning/phases/02-api/.continue-here.md") || s.Policy[model.Restart].Disabled != "" {
		t.Fatalf("checkpoint step: %+v %+v", s.ResumePoint, s.Policy[model.Restart])
	}
	write(t, dir, map[string]string{".planning/HANDOFF.json": `{"status":"paused","phase":"02-api","plan":"02","task":3,"total_tasks":5,"uncommitted_files":"none"}`})
	if s := loadOne(t, dir); s.ResumePoint.Phase != "Phase 2" || !strings.Contains(s.ResumePoint.Reason, "HANDOFF.json") {
		t.Fatalf("handoff step: %+v", s.ResumePoint)
	}
	write(t, dir, map[string]string{
		".planning/current-agent-id.txt": "abc-123\n",
		".planning/agent-history.json":   `{"version":"1.0","entries":[{"agent_id":"abc-123","phase":"02-api","plan":"02","timestamp":"2026-01-27T22:56:42Z","status":"spawned"}]}`,
	})
	s := loadOne(t, dir)
	if s.ResumePoint.Phase != "Phase 2" || !strings.Contains(s.ResumePoint.Reason, "abc-123") || s.Standing != model.StandingInterrupted {
		t.Fatalf("agent step: %+v %q", s.ResumePoint, s.Standing)
	}
	if got := s.Moves[model.Discard]; strings.Join(got, ",") != ".planning/HANDOFF.json,.planning/phases/02-api/.continue-here.md,.planning/current-agent-id.txt" {
		t.Errorf("discard moves %v", got)
	}
	if got := s.Moves[model.Restart]; strings.Join(got, ",") != ".planning/phases/02-api/.continue-here.md,.planning/current-agent-id.txt" {
		t.Errorf("restart moves %v", got)
	}
}

// Real STATE.md files drift: frontmatter and no Phase:/Plan:/Status:
// lines. The position then comes from the folders, with a warning.
func TestFrontmatterWithoutPositionLines(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		".planning/STATE.md":                     "---\ngsd_state_version: 1.0\nmilestone: v2.0\nstatus: executing\nlast_updated: \"2026-05-16T10:00:00.000Z\"\n---\n\n# Project State\n\nFree prose only.\n",
		".planning/ROADMAP.md":                   "# Roadmap\n\n- [x] **Phase 1: Core** - one\n- [ ] **Phase 2: Api** - two\n- [ ] **Phase 3: Ui** - three\n",
		".planning/phases/01-core/01-01-PLAN.md": "x", ".planning/phases/01-core/01-01-SUMMARY.md": "x",
		".planning/phases/02-api/02-CONTEXT.md": "x",
	})
	s := loadOne(t, dir)
	if s.ResumePoint.Phase != "Phase 2" || !strings.Contains(s.ResumePoint.Reason, "(/gsd:plan-phase 2)") {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
	if !strings.Contains(strings.Join(s.Warnings, "\n"), "no Phase:/Plan:/Status: lines") || s.Status != "executing" {
		t.Fatalf("warnings %v status %q", s.Warnings, s.Status)
	}
	if !s.HasLastUpdated || s.LastUpdated.Format("2006-01-02T15:04") != "2026-05-16T10:00" {
		t.Errorf("last updated %v", s.LastUpdated)
	}
}

// The nested plans/ layout counts, and a verified phase that STATE.md
// still calls executing is the gsd-core#3684 trap.
func TestNestedLayoutAndVerifiedNeverMarked(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		".planning/STATE.md":                                 "## Current Position\n\nPhase: 3 of 3 (Ship)\nStatus: Executing Phase 3\n",
		".planning/ROADMAP.md":                               "- [x] **Phase 1: A**\n- [x] **Phase 2: B**\n- [ ] **Phase 3: Ship**\n",
		".planning/phases/03-ship/plans/PLAN-01-build.md":    "x",
		".planning/phases/03-ship/plans/SUMMARY-01-build.md": "x",
		".planning/phases/03-ship/03-VERIFICATION.md":        "---\nphase: 03-ship\nstatus: passed\n---\n# Verification\n",
	})
	s := loadOne(t, dir)
	if !hasAlert(s, model.AlertConflict, "phase 3 passed verification (.planning/phases/03-ship/03-VERIFICATION.md) but is never marked complete") {
		t.Fatalf("alerts:\n%s", alertTexts(s))
	}
	if s.Units.Total != 1 || s.Units.Done != 1 {
		t.Errorf("units %+v", s.Units)
	}
	if s.Standing != model.StandingDone || !strings.Contains(s.ResumePoint.Reason, "/gsd:complete-milestone") {
		t.Errorf("standing %q resume %+v", s.Standing, s.ResumePoint)
	}
}

// Another tool's .planning/STATE.md is not a session; an unreadable
// (binary) one of GSD's name is, corrupted.
func TestClaimAndCorrupted(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{".planning/STATE.md": "# My notes\n\nnothing of GSD's\n"})
	if ss := loadAll(t, Loader{}, dir); len(ss) != 0 {
		t.Fatalf("claimed another tool's file: %+v", ss)
	}
	write(t, dir, map[string]string{".planning/STATE.md": "\x00\x01binary"})
	s := loadOne(t, dir)
	if s.Problem == nil || s.Problem.Kind != model.ErrCorrupted || s.Fingerprint == "" {
		t.Fatalf("problem %+v", s.Problem)
	}
}

// gsd-2: auto.lock with a dead pid is a crash; DISCARD archives the lock.
func TestGSD2DeadLock(t *testing.T) {
	dir := fixture(t, "gsd2-executing")
	write(t, dir, map[string]string{".gsd/auto.lock": `{"pid": 4242, "startedAt": "2026-03-01T10:00:00Z", "unitType": "execute-task", "unitId": "M001/S04/T01", "unitStartedAt": "2026-03-01T10:05:00Z"}`})
	l := Loader{alive: func(int) bool { return false }}
	ss := loadAll(t, l, dir)
	if len(ss) != 1 {
		t.Fatalf("%d sessions", len(ss))
	}
	s := ss[0]
	if s.Standing != model.StandingCrashed || !hasAlert(s, model.AlertStale, "auto.lock names pid 4242, which is not running") {
		t.Fatalf("standing %q alerts:\n%s", s.Standing, alertTexts(s))
	}
	if s.Stage != "S04 — Research Prompts & Fresh Context" || s.Progress != (model.Progress{Done: 0, Total: 3}) || s.Phases[0].Status != model.PhaseInProgress {
		t.Errorf("stage %q progress %+v phases %+v", s.Stage, s.Progress, s.Phases)
	}
	if got := s.Moves[model.Discard]; len(got) != 1 || got[0] != ".gsd/auto.lock" || s.Policy[model.Restart].Disabled == "" {
		t.Errorf("moves %v policy %+v", got, s.Policy)
	}
	l.alive = func(int) bool { return true }
	if s := loadAll(t, l, dir)[0]; s.Standing != model.StandingRunning || s.Policy[model.Discard].Disabled == "" {
		t.Errorf("a live lock: standing %q discard %+v", s.Standing, s.Policy[model.Discard])
	}
}

// Both .planning/ and .gsd/ in one project: two sessions, each naming
// the other, none picked silently.
func TestBothLayoutsAreTwoSessions(t *testing.T) {
	dir := fixture(t, "gsd2-executing")
	write(t, dir, map[string]string{".planning/STATE.md": "## Current Position\n\nPhase: 1 of 2\nStatus: In progress\n", ".planning/phases/01-a/01-01-PLAN.md": "x"})
	ss := loadAll(t, Loader{}, dir)
	if len(ss) != 2 {
		t.Fatalf("%d sessions", len(ss))
	}
	for i, other := range []string{".gsd/STATE.md", ".planning/STATE.md"} {
		if !strings.Contains(strings.Join(ss[i].Warnings, "\n"), "another GSD session is unfinished in this project: "+other) {
			t.Errorf("session %d warnings %v", i, ss[i].Warnings)
		}
	}
}

// A phase planned and not begun (its PLANs written, no SUMMARY yet, STATE
// "Ready to execute") is ready, not interrupted; GSD's command is the same.
func TestPlannedPhaseIsReady(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		".planning/STATE.md":                  "## Current Position\n\nPhase: 2 of 2 (Api)\nPlan: 0 of 2\nStatus: Ready to execute\n",
		".planning/phases/01-a/01-01-PLAN.md": "x", ".planning/phases/01-a/01-01-SUMMARY.md": "x",
		".planning/phases/02-api/02-01-PLAN.md": "x", ".planning/phases/02-api/02-02-PLAN.md": "x",
	})
	s := loadOne(t, dir)
	if s.Standing != model.StandingReady || !strings.Contains(s.ResumePoint.Reason, "(/gsd:execute-phase 2)") {
		t.Fatalf("standing %q resume %+v", s.Standing, s.ResumePoint)
	}
}

// gsd-2's active slice: its tasks are the units, and an interrupted
// continue file (S04-CONTINUE.md) makes the session interrupted, quoted
// in the prompt.
func TestGSD2SliceTasksAndContinue(t *testing.T) {
	dir := fixture(t, "gsd2-executing")
	write(t, dir, map[string]string{
		".gsd/milestones/M001/slices/S04/tasks/T01-PLAN.md":    "# T01\n",
		".gsd/milestones/M001/slices/S04/tasks/T01-SUMMARY.md": "# T01 done\n",
		".gsd/milestones/M001/slices/S04/tasks/T02-PLAN.md":    "# T02\n",
		".gsd/milestones/M001/slices/S04/S04-CONTINUE.md":      "---\nstatus: interrupted\n---\nT02 half done: the builder compiles, tests missing.\n",
	})
	s := loadOne(t, dir)
	if s.Units == nil || *s.Units != (model.Progress{Done: 1, Total: 2}) || s.UnitsLabel != "tasks" {
		t.Fatalf("units %+v %q", s.Units, s.UnitsLabel)
	}
	if s.Standing != model.StandingInterrupted || !strings.Contains(s.Prompt, "> T02 half done: the builder compiles, tests missing.") {
		t.Fatalf("standing %q prompt:\n%s", s.Standing, s.Prompt)
	}
}
