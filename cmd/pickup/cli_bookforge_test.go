package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// bookforgeProject copies testdata/bookforge/<name> into a temporary project.
func bookforgeProject(t *testing.T, name string) string { return fixtureProject(t, "bookforge", name) }

func ledgerDir(dir, book string) string {
	return filepath.Join(dir, "workspace", "books", book, "draft", "context", "phase_history")
}

func TestBookforgeStatusAndPlan(t *testing.T) {
	dir := bookforgeProject(t, "real")
	m := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)
	ss := m["sessions"].([]any)
	if len(ss) != 2 {
		t.Fatalf("%d sessions", len(ss))
	}
	live, arch := ss[0].(map[string]any), ss[1].(map[string]any)
	if live["source"] != "bookforge" || live["archived"] != nil || arch["archived"] != true {
		t.Fatalf("live %v / archive %v", live["archived"], arch["archived"])
	}
	if live["path"] != ledgerDir(dir, "demo") || live["stage"] != "ch001_sc003" {
		t.Fatalf("path %v stage %v", live["path"], live["stage"])
	}
	var titles []string
	for _, s := range live["sections"].([]any) {
		titles = append(titles, s.(map[string]any)["title"].(string))
	}
	if !slices.Equal(titles, []string{"Scenes x phases", "Pause (draft/context/run_paused.json)", "Why", "CONTINUE writes"}) {
		t.Fatalf("sections %v", titles)
	}
	grid := live["sections"].([]any)[0].(map[string]any)["lines"].([]any)
	if grid[4] != "ch001_sc003 . . . R R R R R < resume" {
		t.Fatalf("grid %v", grid)
	}

	r := pickup(t, dir, "status").want(t, exitOK)
	for _, want := range []string{"Paused: HTTP 429 quota pause in write_scene", "(archived)", "Phase: write (3/8 completed)"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("status lacks %q:\n%s", want, r.stdout)
		}
	}

	r = pickup(t, dir, "plan").want(t, exitOK)
	for _, want := range []string{
		"Resume: ch001_sc003 at write",
		"Command: bookforge --workspace workspace run --book demo --resume",
		"  write            RERUN    no ledger entry: the run paused here (HTTP 429 quota pause in write_scene)",
		"CONTINUE writes:\n  nothing: the ledger is only read",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("plan lacks %q:\n%s", want, r.stdout)
		}
	}
	p := pickup(t, dir, "plan", "--json").want(t, exitOK).json(t)["plan"].(map[string]any)
	resume := p["resume"].(map[string]any)
	scenes := p["scenes"].([]any)
	cell := scenes[2].(map[string]any)["phases"].([]any)[3].(map[string]any)
	if resume["scene"] != "ch001_sc003" || resume["phase"] != "write" || cell["phase"] != "write" || cell["verdict"] != "RERUN" {
		t.Fatalf("plan json: resume %v cell %v", resume, cell)
	}
	// A ledger file named directly.
	one := pickup(t, t.TempDir(), "plan", "--json", filepath.Join(ledgerDir(dir, "demo"), "ch001_sc001.json")).want(t, exitOK).json(t)
	if one["session"].(map[string]any)["path"] != ledgerDir(dir, "demo") {
		t.Fatalf("plan FILE: %v", one["session"])
	}
}

func TestBookforgeContinue(t *testing.T) {
	dir := bookforgeProject(t, "real")
	before := testkit.Read(t, filepath.Join(ledgerDir(dir, "demo"), "ch001_sc003.json"))
	m := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	ctx := m["restored_context"].(map[string]any)
	if m["resume_action"] != "execute_story" || ctx["command"] != "bookforge --workspace workspace run --book demo --resume" ||
		ctx["scene"] != "ch001_sc003" || ctx["phase"] != "write" || ctx["book"] != "demo" || len(m["changed"].([]any)) != 0 {
		t.Fatalf("decision %v", m)
	}
	if len(ctx["artifacts"].([]any)) != 3 {
		t.Fatalf("artifacts %v", ctx["artifacts"])
	}
	if m["next_step"] != "Resuming scene ch001_sc003 at phase write" {
		t.Fatalf("next step %q", m["next_step"])
	}
	if testkit.Read(t, filepath.Join(ledgerDir(dir, "demo"), "ch001_sc003.json")) != before {
		t.Fatal("a plain CONTINUE wrote the ledger")
	}
	r := pickup(t, dir, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK)
	if !strings.HasPrefix(r.stdout, "# Resume bookforge book demo\n") || !strings.Contains(r.stdout, "bookforge --workspace workspace run --book demo --resume") {
		t.Fatalf("prompt:\n%s", r.stdout)
	}
}

// A changed prompt template stops CONTINUE with exit 6 until
// --resume-allow-prompt-change and --reason are given; then the change is
// recorded on the entry.
func TestBookforgePromptChangeExit6(t *testing.T) {
	dir := bookforgeProject(t, "hashes")
	ledger := filepath.Join(ledgerDir(dir, "glass"), "ch001_sc002.json")
	orig := testkit.Read(t, ledger)

	r := pickup(t, dir, "status").want(t, exitIntegrity)
	if !strings.Contains(r.stdout, "file:     prompts/templates/write_scene_v2.md") {
		t.Fatalf("status:\n%s", r.stdout)
	}
	m := pickup(t, dir, "status", "--json").want(t, exitIntegrity).json(t)
	prob := m["sessions"].([]any)[0].(map[string]any)["problem"].(map[string]any)
	if prob["kind"] != "integrity_decision_needed" || !strings.HasSuffix(prob["path"].(string), filepath.FromSlash("prompts/templates/write_scene_v2.md")) {
		t.Fatalf("problem %v", prob)
	}
	m = pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitIntegrity).json(t)
	if m["blocked"] != true || !strings.Contains(m["reason"].(string), "the prompt template of ch001_sc002 write changed") {
		t.Fatalf("resume %v", m)
	}
	r = pickup(t, dir, "plan").want(t, exitIntegrity)
	if !strings.Contains(r.stdout, "  write            BLOCKED  template changed: prompts/templates/write_scene_v2.md") {
		t.Fatalf("plan:\n%s", r.stdout)
	}
	pickup(t, dir, "resume", "--choice", "continue", "--resume-allow-prompt-change").want(t, exitIntegrity)
	if testkit.Read(t, ledger) != orig {
		t.Fatal("the ledger changed without a reason")
	}

	m = pickup(t, dir, "resume", "--choice", "continue", "--json", "--resume-allow-prompt-change", "--reason", "tense rule").want(t, exitOK).json(t)
	if ch := m["changed"].([]any); len(ch) != 1 || ch[0] != ledger {
		t.Fatalf("changed %v", ch)
	}
	if rp := m["resume_point"].(map[string]any); rp["phase"] != "repair" {
		t.Fatalf("resume point %v", rp)
	}
	// Byte level: one line gains a comma, four lines are inserted after
	// it, nothing else moves.
	a, b := strings.Split(orig, "\n"), strings.Split(testkit.Read(t, ledger), "\n")
	if len(b) != len(a)+4 {
		t.Fatalf("%d lines, want %d", len(b), len(a)+4)
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if b[i] != a[i]+"," || !strings.HasPrefix(b[i+1], `      "prompt_hash_prev": "`) || b[i+3] != `      "prompt_update_reason": "tense rule",` ||
		!strings.HasPrefix(b[i+4], `      "prompt_updated_at": "`) || !slices.Equal(a[i+1:], b[i+5:]) {
		t.Fatalf("edit at line %d:\n%s", i+1, strings.Join(b[i:i+6], "\n"))
	}
	// Recorded: no flag needed any more.
	pickup(t, dir, "status").want(t, exitOK)
}

func TestBookforgeForceResumeAndRerunFlags(t *testing.T) {
	dir := bookforgeProject(t, "pre_state")
	pickup(t, dir, "resume", "--choice", "continue").want(t, exitIntegrity)
	m := pickup(t, dir, "resume", "--choice", "continue", "--json", "--force-resume", "--reason", "state restored").want(t, exitOK).json(t)
	ch := m["changed"].([]any)
	if len(ch) != 1 || !strings.HasPrefix(filepath.Base(ch[0].(string)), "force_resume.") || filepath.Dir(ch[0].(string)) != ledgerDir(dir, "ember") {
		t.Fatalf("changed %v", ch)
	}
	if !strings.Contains(testkit.Read(t, ch[0].(string)), `"reason": "state restored"`) {
		t.Fatal("audit note lacks the reason")
	}

	dir = bookforgeProject(t, "real")
	r := pickup(t, dir, "plan", "--rerun-from", "drafting").want(t, exitUsage)
	if !strings.Contains(r.stderr, `"drafting" is not a bookforge phase`) {
		t.Fatalf("stderr %s", r.stderr)
	}
	m = pickup(t, dir, "resume", "--choice", "continue", "--json", "--rerun-from", "preflight").want(t, exitOK).json(t)
	ch = m["changed"].([]any)
	if len(ch) != 2 || !strings.HasPrefix(filepath.Base(ch[0].(string)), "ch001_sc003.rerun.") {
		t.Fatalf("changed %v", ch)
	}
	if ctx := m["restored_context"].(map[string]any); ctx["command"] != "bookforge --workspace workspace run --book demo --resume --rerun-from preflight" || ctx["phase"] != "preflight" {
		t.Fatalf("context %v", ctx)
	}
	m = pickup(t, dir, "plan", "--json", "--rerun-all").want(t, exitOK).json(t)
	if res := m["plan"].(map[string]any)["resume"].(map[string]any); res["scene"] != "ch001_sc001" || res["phase"] != "plan" {
		t.Fatalf("rerun-all resume %v", res)
	}
}

func TestBookforgeDiscardAndRestart(t *testing.T) {
	dir := bookforgeProject(t, "real")
	hist := ledgerDir(dir, "demo")
	r := pickup(t, dir, "resume", "--choice", "discard").want(t, exitBlocked)
	if _, err := os.Stat(hist); err != nil || !strings.Contains(r.stdout, "--yes") {
		t.Fatalf("discard without --yes: %v %s", err, r.stdout)
	}
	m := pickup(t, dir, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK).json(t)
	to, _ := m["archived_to"].(string)
	if !strings.HasPrefix(to, hist+".discarded.") {
		t.Fatalf("archived_to %v", m["archived_to"])
	}
	if _, err := os.Stat(filepath.Join(to, "ch001_sc001.json")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(hist); !os.IsNotExist(err) {
		t.Fatal("phase_history still there")
	}
	// Only the reset archive is left: nothing to resume.
	pickup(t, dir, "resume", "--choice", "continue").want(t, exitNoSession)

	dir = bookforgeProject(t, "real")
	hist = ledgerDir(dir, "demo")
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "tool.py"), []byte("x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	testkit.Commit(t, dir, "init")
	if err := os.WriteFile(filepath.Join(dir, "src", "tool.py"), []byte("x = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m = pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, exitBlocked).json(t)
	if m["veto"] != "uncommitted_changes" || len(m["files"].([]any)) != 1 || m["files"].([]any)[0] != "src/tool.py" {
		t.Fatalf("veto %v", m)
	}
	if _, err := os.Stat(hist); err != nil {
		t.Fatal("vetoed restart moved the ledgers")
	}
	testkit.Git(t, dir, nil, "commit", "-qam", "more")
	// bookforge's own state is not work at risk: an edited ledger and a
	// new pause marker do not veto the restart.
	ledger := filepath.Join(hist, "ch001_sc001.json")
	if err := os.WriteFile(ledger, []byte(testkit.Read(t, ledger)+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m = pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, exitOK).json(t)
	ch := m["changed"].([]any)
	if len(ch) != 2 || ch[0] != hist || m["resume_action"] != "restart" ||
		m["next_step"] != "Archived the ledgers and the pause marker of book demo; every phase reruns: bookforge --workspace workspace run --book demo --rerun-all" {
		t.Fatalf("restart %v", m)
	}
	if ctx := m["restored_context"].(map[string]any); ctx["restart_command"] != "bookforge --workspace workspace run --book demo --rerun-all" {
		t.Fatalf("context %v", ctx)
	}
	matches, _ := filepath.Glob(hist + ".restart.*")
	if len(matches) != 1 {
		t.Fatalf("archives %v", matches)
	}
}

func TestBookforgeResetArchiveIsNeverOffered(t *testing.T) {
	dir := bookforgeProject(t, "real")
	if err := os.RemoveAll(filepath.Join(dir, "workspace", "books")); err != nil {
		t.Fatal(err)
	}
	m := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)
	ss := m["sessions"].([]any)
	if len(ss) != 1 || ss[0].(map[string]any)["archived"] != true {
		t.Fatalf("sessions %v", ss)
	}
	id := ss[0].(map[string]any)["id"].(string)
	pickup(t, dir, "resume", "--choice", "continue").want(t, exitNoSession)
	pickup(t, dir, "resume", "--choice", "continue", "--source", "bookforge").want(t, exitNoSession)
	// Named by id it opens, but nothing that writes is allowed.
	m = pickup(t, dir, "resume", "--choice", "continue", "--session", id, "--json").want(t, exitBlocked).json(t)
	if m["veto"] != "choice_unavailable" || !strings.Contains(m["reason"].(string), "reset archive") {
		t.Fatalf("archive continue %v", m)
	}
	pickup(t, dir, "resume", "--choice", "discard", "--yes", "--session", id).want(t, exitBlocked)
}

func TestBookforgeQuotaNotYet(t *testing.T) {
	dir := bookforgeProject(t, "real")
	marker := filepath.Join(dir, "workspace", "books", "demo", "draft", "context", "run_paused.json")
	created := time.Now().UTC().Add(-time.Minute).Format("2006-01-02T15:04:05Z")
	body := strings.Replace(testkit.Read(t, marker), "2026-02-15T12:26:00Z", created, 1)
	if err := os.WriteFile(marker, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	m := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	ctx := m["restored_context"].(map[string]any)
	w, _ := ctx["warning"].(string)
	if !strings.Contains(w, "CONTINUE now will likely hit the quota again: wait 8m") && !strings.Contains(w, "wait 9m") {
		t.Fatalf("warning %q", w)
	}
	if s := ctx["pause"].(map[string]any)["wait_seconds"].(float64); s < 400 || s > 600 {
		t.Fatalf("wait_seconds %v", s)
	}
	r := pickup(t, dir, "status").want(t, exitOK)
	if !strings.Contains(r.stdout, "Paused: HTTP 429 quota pause in write_scene; retry at ") || !strings.Contains(r.stdout, "! quota pause: retrying is safe from") {
		t.Fatalf("status:\n%s", r.stdout)
	}
}

func TestBookforgeInvalidLedgers(t *testing.T) {
	dir := bookforgeProject(t, "invalid")
	r := pickup(t, dir, "status").want(t, exitOK)
	for _, want := range []string{
		"! draft/context/phase_history/ch001_sc001.json: invalid JSON at line 6: expected a quoted key; read as an empty ledger",
		"! draft/context/phase_history/ch001_sc002.json: the ledger is an array, not an object; read as an empty ledger",
		"Phase: plan (0/8 completed)",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("status lacks %q:\n%s", want, r.stdout)
		}
	}
}
