package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

func init() {
	registerFormatTest("design", formatTest{
		hostile: func(t *testing.T) hWorld {
			w := newHWorld(t)
			testkit.CopyReplace(t, filepath.Join(hostileData, "design", "spec_example"), w.project)
			w.state = filepath.Join(w.project, ".claude", "design", "sessions", "user-export.session.json")
			return w
		},
		demoArtifacts: []string{"rules", "analysis", "tdd", "adrs", "tickets"},
	})
	registerFormatTest("atelier", formatTest{
		hostile: func(t *testing.T) hWorld {
			w := newHWorld(t)
			testkit.CopyReplace(t, filepath.Join(hostileData, "design", "atelier"), w.project)
			w.state = filepath.Join(w.project, ".atelier", "state.json")
			return w
		},
		demoArchived: 1,
		// atelier has no RESTART: its DISCARD's archive must not block
		// the AIOS session's RESTART either.
		restartFirst: "discard",
		restartAgain: "aios",
	})
}

// designProject copies testdata/design/<name> into a fresh folder.
func designProject(t *testing.T, name string) string { return fixtureProject(t, "design", name) }

func designSession(dir string) string {
	return filepath.Join(dir, ".claude", "design", "sessions", "user-export.session.json")
}

// designStages reads a session file's stage_status.
func designStages(t *testing.T, path string) (map[string]string, float64) {
	t.Helper()
	var doc struct {
		Current     float64           `json:"current_stage"`
		StageStatus map[string]string `json:"stage_status"`
	}
	if err := json.Unmarshal([]byte(testkit.Read(t, path)), &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return doc.StageStatus, doc.Current
}

func archivedSessions(t *testing.T, dir string) []string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, ".claude", "design", "sessions", "archive", "user-export.*.session.json"))
	return m
}

var specListing = `Found existing design session for "user-export"

Progress:
  [x] Stage 0: Clarification - Complete
  [x] Stage 1: Business Rules - Complete (8 rules approved)
  [x] Stage 2: Analysis - Complete (determined: complex)
  [~] Stage 3: Design - In Progress (alternatives generated, awaiting choice)
  [ ] Stage 4-7: Pending

Options:
  1. Resume from Stage 3 (recommended)
  2. Restart from Stage 0 (discard progress)
  3. View current artifacts
`

func TestDesignStatusIsTheSpecListing(t *testing.T) {
	dir := designProject(t, "listing")
	header := "[design e4dd349af800] " + designSession(dir) + "\n"
	for _, args := range [][]string{
		{"status", "--long"},
		{"status", "--long", "--source", "design", "--feature", "user-export"},
		{"design", "user-export", "--status"},
		{}, // no terminal: the wizard prints the status
	} {
		r := pickup(t, dir, args...).want(t, 0)
		if r.stdout != header+specListing {
			t.Errorf("pickup %v:\n%s\nwant:\n%s", args, r.stdout, header+specListing)
		}
	}
	doc := pickup(t, dir, "status", "--json").want(t, 0).json(t)
	s := doc["sessions"].([]any)[0].(map[string]any)
	if s["source"] != "design" || s["stage"] != "3a" || s["title"] != "/design user-export" {
		t.Fatalf("session %v", s)
	}
	if rp := s["resume_point"].(map[string]any); rp["phase"] != "Stage 3: Design" {
		t.Fatalf("resume point %v", rp)
	}
	report := s["report"].([]any)
	if report[0] != `Found existing design session for "user-export"` || report[6] != "  [~] Stage 3: Design - In Progress (alternatives generated, awaiting choice)" {
		t.Fatalf("report %v", report)
	}
}

func TestDesignFeatureNotFound(t *testing.T) {
	dir := designProject(t, "listing")
	r := pickup(t, dir, "design", "billing", "--status").want(t, 3)
	if !strings.Contains(r.stderr, `no design session for "billing"`) || !strings.Contains(r.stderr, ".claude/design/sessions/billing.session.json does not exist") {
		t.Fatalf("stderr %q", r.stderr)
	}
	pickup(t, dir, "design").want(t, 2)
	pickup(t, dir, "design", "../x", "--status").want(t, 2)
	pickup(t, dir, "design", "user-export", "--status", "--restart").want(t, 2)
	pickup(t, dir, "status", "--feature", "a/b").want(t, 2)
	r = pickup(t, dir, "resume", "--choice", "continue", "--stage", "9").want(t, 2)
	if !strings.Contains(r.stderr, `"9" is not a stage: want 0-7, 3a or 3b`) {
		t.Fatalf("stderr %q", r.stderr)
	}
}

func TestDesignResumeContinue(t *testing.T) {
	dir := designProject(t, "listing")
	before := testkit.Read(t, designSession(dir))
	doc := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, 0).json(t)
	if doc["resume_action"] != "execute_story" || !strings.HasPrefix(doc["next_step"].(string), `Resuming /design user-export at Stage 3: Design (3a): Read .claude/design/user-export-analysis.md and present all alternatives. Ask: "Which alternative do you want to proceed with?"`) {
		t.Fatalf("doc %v", doc)
	}
	ctx := doc["restored_context"].(map[string]any)
	if ctx["sub_stage"] != "3a" || !strings.Contains(ctx["next_step"].(string), `"Which alternative do you want to proceed with?"`) {
		t.Fatalf("context %v", ctx)
	}
	if len(doc["changed"].([]any)) != 0 || testkit.Read(t, designSession(dir)) != before {
		t.Fatal("continue changed files")
	}
	// Forced stage, in the spec's form.
	doc = pickup(t, dir, "design", "user-export", "--resume", "--stage", "1", "--json").want(t, 0).json(t)
	rp := doc["resume_point"].(map[string]any)
	if rp["phase"] != "Stage 1: Business Rules" || rp["reason"] != "forced with --stage 1" {
		t.Fatalf("resume point %v", rp)
	}
	if ctx := doc["restored_context"].(map[string]any); !strings.Contains(ctx["next_step"].(string), `"These rules were extracted. Do you approve?"`) {
		t.Fatalf("context %v", ctx)
	}
	// --emit prompt.
	r := pickup(t, dir, "design", "user-export", "--resume", "--emit", "prompt").want(t, 0)
	if !strings.HasPrefix(r.stdout, "# Resume /design: «user-export»\n\nResume the design session for **«user-export»** at **Stage 3: Design** (3a).") {
		t.Fatalf("prompt:\n%s", r.stdout)
	}
	// REVIEW: the artifacts.
	doc = pickup(t, dir, "resume", "--choice", "review", "--json").want(t, 0).json(t)
	if doc["resume_action"] != "show_progress" {
		t.Fatalf("review %v", doc)
	}
}

// RESTART: VETO-2 first, then --yes; the old session is archived and a
// new all-pending one written.
func TestDesignRestart(t *testing.T) {
	dir := designProject(t, "listing")
	testkit.Commit(t, dir, "init")
	path := designSession(dir)
	before := testkit.Read(t, path)

	r := pickup(t, dir, "design", "user-export", "--restart", "--json").want(t, 5)
	if doc := r.json(t); doc["veto"] != "confirmation_required" {
		t.Fatalf("without --yes: %v", doc)
	}
	if err := os.WriteFile(filepath.Join(dir, ".claude/design/user-export-rules.md"), []byte("# edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	doc := pickup(t, dir, "design", "user-export", "--restart", "--yes", "--json").want(t, 5).json(t)
	if doc["veto"] != "uncommitted_changes" || !reflect.DeepEqual(doc["files"], []any{".claude/design/user-export-rules.md"}) {
		t.Fatalf("veto %v", doc)
	}
	if testkit.Read(t, path) != before || len(archivedSessions(t, dir)) != 0 {
		t.Fatal("a vetoed restart changed files")
	}
	testkit.Git(t, dir, nil, "commit", "-q", "-am", "rules")
	// The session file's own edits are not work at risk.
	if err := os.WriteFile(path, []byte(before+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	before += "\n"
	doc = pickup(t, dir, "design", "user-export", "--restart", "--yes", "--json").want(t, 0).json(t)
	arch := archivedSessions(t, dir)
	if doc["resume_action"] != "restart" || len(arch) != 1 || !reflect.DeepEqual(doc["changed"], []any{arch[0], path}) {
		t.Fatalf("restart %v archives %v", doc, arch)
	}
	if testkit.Read(t, arch[0]) != before {
		t.Fatal("the archived session differs from the old one")
	}
	status, current := designStages(t, path)
	for n, st := range status {
		if st != "pending" {
			t.Errorf("stage %s is %s", n, st)
		}
	}
	if len(status) != 8 || current != 0 {
		t.Fatalf("stages %v current %v", status, current)
	}
	if ctx := doc["restored_context"].(map[string]any); !strings.HasPrefix(ctx["restart_next_step"].(string), "The old session was archived; a new session starts at Stage 0.") {
		t.Fatalf("context %v", ctx)
	}
	if !strings.HasPrefix(doc["next_step"].(string), "Restarted /design user-export from Stage 0: The old session was archived") {
		t.Fatalf("next step %v", doc["next_step"])
	}
}

func TestDesignDiscard(t *testing.T) {
	dir := designProject(t, "listing")
	path := designSession(dir)
	before := testkit.Read(t, path)
	r := pickup(t, dir, "resume", "--choice", "discard", "--json").want(t, 5)
	if doc := r.json(t); !strings.HasPrefix(doc["reason"].(string), "Move .claude/design/sessions/user-export.session.json to .claude/design/sessions/archive/user-export.<timestamp>.session.json?") {
		t.Fatalf("reason %v", doc["reason"])
	}
	doc := pickup(t, dir, "resume", "--choice", "discard", "--yes", "--json").want(t, 0).json(t)
	arch := archivedSessions(t, dir)
	if doc["resume_action"] != "session_discarded" || len(arch) != 1 || doc["archived_to"] != arch[0] || testkit.Read(t, arch[0]) != before {
		t.Fatalf("discard %v", doc)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("the session is still there")
	}
	pickup(t, dir, "status", "--source", "design").want(t, 3)
}

// The spec's conflicting state: "Found existing TDD. Is this approved?"
func TestDesignApproveExistingTDD(t *testing.T) {
	dir := designProject(t, "spec_example")
	path := designSession(dir)
	before := testkit.Read(t, path)
	doc := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, 5).json(t)
	if doc["veto"] != "confirmation_required" || !strings.HasPrefix(doc["reason"].(string), "Found existing TDD. Is this approved?\n") {
		t.Fatalf("without --yes: %v", doc)
	}
	if testkit.Read(t, path) != before {
		t.Fatal("an unanswered question wrote")
	}
	doc = pickup(t, dir, "resume", "--choice", "continue", "--yes", "--json").want(t, 0).json(t)
	if doc["resume_action"] != "execute_story" || !reflect.DeepEqual(doc["changed"], []any{path}) {
		t.Fatalf("approve %v", doc)
	}
	if rp := doc["resume_point"].(map[string]any); rp["phase"] != "Stage 4: Contracts" {
		t.Fatalf("resume point %v", rp)
	}
	if !strings.HasPrefix(doc["next_step"].(string), "Resuming /design user-export at Stage 4: Contracts: The user approved docs/design/user-export.md") {
		t.Fatalf("next step %v", doc["next_step"])
	}
	want := strings.Replace(before, `"3": "in_progress"`, `"3": "complete"`, 1)
	want = strings.Replace(want, `"current_stage": 3,`, `"current_stage": 4,`, 1)
	got := testkit.Read(t, path)
	// Only updated_at differs beyond those two values.
	i := strings.Index(want, `"updated_at": "`)
	if got[:i] != want[:i] || got[i+len(`"updated_at": "2026-01-28T14:30:00Z"`):] != want[i+len(`"updated_at": "2026-01-28T14:30:00Z"`):] {
		t.Fatalf("approved session:\n%s", got)
	}
}

func TestDesignRerunUnapprovedStage(t *testing.T) {
	dir := designProject(t, "spec_example")
	testkit.Commit(t, dir, "init")
	path := designSession(dir)
	doc := pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, 0).json(t)
	if doc["resume_action"] != "restart" || len(archivedSessions(t, dir)) != 1 {
		t.Fatalf("re-run %v", doc)
	}
	status, current := designStages(t, path)
	if status["2"] != "complete" || status["3"] != "pending" || current != 3 {
		t.Fatalf("stages %v current %v", status, current)
	}
	// The "no" is recorded: the next status does not offer to approve
	// the same TDD again, it resumes Stage 3 to revise it.
	r := pickup(t, dir, "status", "--long").want(t, exitOK)
	if strings.Contains(r.stdout, "Approve the existing TDD") || !strings.Contains(r.stdout, "1. Resume from Stage 3 (recommended)") {
		t.Fatalf("status after the re-run:\n%s", r.stdout)
	}
	next := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)["next_step"].(string)
	if !strings.Contains(next, "The user did not approve docs/design/user-export.md (Re-run Stage 3): revise or rewrite the TDD") {
		t.Fatalf("next step %q", next)
	}
}

// TestDesignForeignFileIsNoSession: another tool's JSON files at
// .claude/design/sessions/*.session.json beside a real session: status
// lists the real one only (exit 0) and changes nothing; DISCARD archives
// the real one only.
func TestDesignForeignFileIsNoSession(t *testing.T) {
	dir := designProject(t, "foreign")
	statusShowsOnly(t, dir, designSession(dir), "workspace", "index.session")
	foreign := filepath.Join(dir, ".claude", "design", "sessions", "workspace.session.json")
	want := testkit.Read(t, foreign)
	pickup(t, dir, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK)
	if len(archivedSessions(t, dir)) != 1 || testkit.Read(t, foreign) != want {
		t.Fatalf("archived %v; foreign file changed: %v", archivedSessions(t, dir), testkit.Read(t, foreign) != want)
	}
	arch, _ := filepath.Glob(filepath.Join(dir, ".claude", "design", "sessions", "archive", "*"))
	if len(arch) != 1 {
		t.Fatalf("archive holds %v", arch)
	}
}

func TestDesignMissingArtifact(t *testing.T) {
	dir := designProject(t, "missing_artifact")
	testkit.Commit(t, dir, "init")
	path := designSession(dir)
	doc := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, 0).json(t)
	if rp := doc["resume_point"].(map[string]any); rp["phase"] != "Stage 1: Business Rules" {
		t.Fatalf("resume point %v", rp)
	}
	if c := doc["restored_context"].(map[string]any)["conflict"].(map[string]any); c["kind"] != "missing_artifact" {
		t.Fatalf("conflict %v", c)
	}
	pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, 0)
	status, current := designStages(t, path)
	if status["0"] != "complete" || status["1"] != "pending" || status["2"] != "pending" || current != 1 {
		t.Fatalf("stages %v current %v", status, current)
	}
}

func TestDesignCorruptedRebuild(t *testing.T) {
	dir := designProject(t, "corrupted")
	path := designSession(dir)
	before := testkit.Read(t, path)
	// Corrupted as AIOS reports it: exit 4 from status, problem in JSON.
	r := pickup(t, dir, "status", "--long").want(t, 4)
	if !strings.Contains(r.stdout, `Found a corrupted design session for "user-export"`) || !strings.Contains(r.stdout, "line 11, column 5") {
		t.Fatalf("status:\n%s", r.stdout)
	}
	sj := pickup(t, dir, "status", "--json").want(t, 4).json(t)
	ss := sj["sessions"].([]any)[0].(map[string]any)
	if p, _ := ss["problem"].(map[string]any); p["kind"] != "session_corrupted" || p["line"] != float64(11) || ss["status"] != "corrupted" {
		t.Fatalf("status --json %v", ss)
	}
	doc := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, 5).json(t)
	if !strings.HasPrefix(doc["reason"].(string), "Write the reconstructed session to .claude/design/sessions/user-export.session.json?") {
		t.Fatalf("reason %v", doc["reason"])
	}
	doc = pickup(t, dir, "resume", "--choice", "continue", "--yes", "--json").want(t, 0).json(t)
	changed := doc["changed"].([]any)
	if len(changed) != 2 || changed[1] != path || !strings.HasPrefix(changed[0].(string), path+".corrupted.") {
		t.Fatalf("changed %v", changed)
	}
	if testkit.Read(t, changed[0].(string)) != before {
		t.Fatal("the corrupted file was not kept as it was")
	}
	status, current := designStages(t, path)
	if status["2"] != "complete" || status["3"] != "in_progress" || current != 3 {
		t.Fatalf("stages %v current %v", status, current)
	}
	// The rebuilt session now asks about the TDD it found.
	r = pickup(t, dir, "status", "--long").want(t, 0)
	if !strings.Contains(r.stdout, "Found existing TDD. Is this approved?") {
		t.Fatalf("status:\n%s", r.stdout)
	}
}

func TestDesignCorruptedWithoutArtifacts(t *testing.T) {
	dir := designProject(t, "corrupted_no_artifacts")
	doc := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, 4).json(t)
	if doc["veto"] != "choice_unavailable" || !strings.Contains(doc["reason"].(string), "nothing to rebuild from") {
		t.Fatalf("continue %v", doc)
	}
	doc = pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, 0).json(t)
	for _, w := range doc["warnings"].([]any) {
		if !strings.Contains(w.(string), "git") {
			t.Fatalf("warning %v", w)
		}
	}
	if status, _ := designStages(t, designSession(dir)); status["0"] != "pending" {
		t.Fatalf("stages %v", status)
	}
}

func TestDesignMigration(t *testing.T) {
	dir := designProject(t, "migration")
	path := designSession(dir)
	r := pickup(t, dir, "status", "--long").want(t, 0)
	if !strings.Contains(r.stdout, `Found design artifacts for "user-export" but no session file`) {
		t.Fatalf("status:\n%s", r.stdout)
	}
	doc := pickup(t, dir, "resume", "--choice", "discard", "--yes", "--json").want(t, 5).json(t)
	if doc["veto"] != "choice_unavailable" {
		t.Fatalf("discard %v", doc)
	}
	doc = pickup(t, dir, "resume", "--choice", "continue", "--yes", "--stage", "2", "--json").want(t, 0).json(t)
	if !reflect.DeepEqual(doc["changed"], []any{path}) {
		t.Fatalf("create %v", doc)
	}
	status, current := designStages(t, path)
	if status["1"] != "complete" || status["2"] != "in_progress" || status["3"] != "pending" || current != 2 {
		t.Fatalf("stages %v current %v", status, current)
	}
}

func TestDesignPlan(t *testing.T) {
	dir := designProject(t, "tickets")
	doc := pickup(t, dir, "plan", "--json").want(t, 0).json(t)
	plan := doc["plan"].(map[string]any)
	if plan["resume_stage"] != float64(6) || plan["tickets"].(map[string]any)["existing"] != float64(3) {
		t.Fatalf("plan %v", plan)
	}
	r := pickup(t, dir, "plan", designSession(dir)).want(t, 0)
	if !strings.HasPrefix(r.stdout, `Design session "user-export" (.claude/design/sessions/user-export.session.json): resume`) {
		t.Fatalf("plan:\n%s", r.stdout)
	}
	if !strings.Contains(r.stderr, "warning: the session records 2 tickets created, but 3 tickets are found") {
		t.Fatalf("stderr %q", r.stderr)
	}
}

func TestAtelierCLI(t *testing.T) {
	dir := designProject(t, "atelier")
	r := pickup(t, dir, "status", "--long", "--source", "atelier").want(t, 0)
	if strings.Count(r.stdout, "[atelier ") != 3 || !strings.Contains(r.stdout, "(archived)") {
		t.Fatalf("status:\n%s", r.stdout)
	}
	// Two live sessions: resume needs --session.
	pickup(t, dir, "resume", "--source", "atelier", "--choice", "continue").want(t, 2)
	doc := pickup(t, dir, "status", "--source", "atelier", "--json").want(t, 0).json(t)
	var stateID string
	for _, s := range doc["sessions"].([]any) {
		if m := s.(map[string]any); strings.HasSuffix(m["path"].(string), "state.json") {
			stateID = m["id"].(string)
		}
	}
	out := pickup(t, dir, "resume", "--session", stateID, "--choice", "restart", "--json").want(t, 5).json(t)
	if out["veto"] != "choice_unavailable" || !strings.Contains(out["reason"].(string), "state_manager.sh transition gather") {
		t.Fatalf("restart %v", out)
	}
	out = pickup(t, dir, "resume", "--session", stateID, "--choice", "continue", "--json").want(t, 0).json(t)
	if ctx := out["restored_context"].(map[string]any); ctx["next_command"] != "/design" || ctx["feature"] != "user-auth" {
		t.Fatalf("continue %v", out)
	}
	out = pickup(t, dir, "resume", "--session", stateID, "--choice", "discard", "--yes", "--json").want(t, 0).json(t)
	if !strings.HasPrefix(out["archived_to"].(string), filepath.Join(dir, ".atelier", "state.json.discarded.")) {
		t.Fatalf("discard %v", out)
	}
}

// TestAtelierForeignFileIsNoSession: another tool's JSON in
// .atelier/sessions/ beside atelier's own files is no session.
func TestAtelierForeignFileIsNoSession(t *testing.T) {
	dir := designProject(t, "atelier_foreign")
	before := testkit.TreeHash(t, dir)
	m := pickup(t, dir, "status", "--json", "--source", "atelier").want(t, exitOK).json(t)
	var paths []string
	for _, s := range m["sessions"].([]any) {
		paths = append(paths, filepath.Base(s.(map[string]any)["path"].(string)))
	}
	if !reflect.DeepEqual(paths, []string{"2026-02-15-feature-user-auth.json", "state.json"}) {
		t.Fatalf("sessions %v", paths)
	}
	if testkit.TreeHash(t, dir) != before {
		t.Fatal("status changed the project")
	}
}
