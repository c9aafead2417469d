package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

func init() {
	registerFormatTest("bookforge", formatTest{
		hostile: func(t *testing.T) hWorld {
			w := newHWorld(t)
			testkit.CopyReplace(t, filepath.Join(hostileData, "bookforge", "reason_pause"), w.project)
			w.state = filepath.Join(w.project, "workspace", "books", "tide", "draft", "context", "phase_history", "ch001_sc001.json")
			return w
		},
		demoArchived:  1,
		demoArtifacts: []string{"scene_card", "patch", "pack"},
		toolWords:     []string{"bookforge --workspace workspace run --book"},
	})
}

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
	if grid[4] != "ch001_sc003 . . . R R R ? R < resume" {
		t.Fatalf("grid %v", grid)
	}

	r := pickup(t, dir, "status", "--long").want(t, exitOK)
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
	if !strings.HasPrefix(r.stdout, "# Resume bookforge book «demo»\n") || !strings.Contains(r.stdout, "bookforge --workspace workspace run --book demo --resume") {
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

	r := pickup(t, dir, "status", "--long").want(t, exitIntegrity)
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

	// Accepted, CONTINUE writes: only with --yes.
	r = pickup(t, dir, "resume", "--choice", "continue", "--resume-allow-prompt-change", "--reason", "tense rule").want(t, exitBlocked)
	if testkit.Read(t, ledger) != orig || !strings.Contains(r.stdout, "--yes") {
		t.Fatalf("CONTINUE wrote without --yes:\n%s", r.stdout)
	}
	m = pickup(t, dir, "resume", "--choice", "continue", "--json", "--yes", "--resume-allow-prompt-change", "--reason", "tense rule").want(t, exitOK).json(t)
	if ch := m["changed"].([]any); len(ch) != 2 || !strings.HasPrefix(filepath.Base(ch[0].(string)), "ch001_sc002.rerun.") || ch[1] != ledger {
		t.Fatalf("changed %v", ch)
	}
	if rp := m["resume_point"].(map[string]any); rp["phase"] != "state_repair" {
		t.Fatalf("resume point %v", rp)
	}
	// Byte level: the write entry gains the four keys after its last one;
	// what comes before it is untouched; the later entries, made with the
	// old prompt, are in the archive.
	a, b := strings.Split(orig, "\n"), strings.Split(testkit.Read(t, ledger), "\n")
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if b[i] != a[i]+"," || !strings.HasPrefix(b[i+1], `      "prompt_hash_prev": "`) || b[i+3] != `      "prompt_update_reason": "tense rule",` ||
		!strings.HasPrefix(b[i+4], `      "prompt_updated_at": "`) || !slices.Equal(b[i+5:], []string{"    }", "  }", "}"}) {
		t.Fatalf("edit at line %d:\n%s", i+1, strings.Join(b[i:], "\n"))
	}
	if arch := testkit.Read(t, m["changed"].([]any)[0].(string)); !strings.Contains(arch, `"lint": {`) || !strings.Contains(arch, `"rerun_from": "state_repair"`) {
		t.Fatalf("archive:\n%s", arch)
	}
	// Recorded: no flag needed any more.
	pickup(t, dir, "status", "--long").want(t, exitOK)
}

func TestBookforgeForceResumeAndRerunFlags(t *testing.T) {
	dir := bookforgeProject(t, "pre_state")
	pickup(t, dir, "resume", "--choice", "continue").want(t, exitIntegrity)
	pickup(t, dir, "resume", "--choice", "continue", "--force-resume", "--reason", "state restored").want(t, exitBlocked)
	m := pickup(t, dir, "resume", "--choice", "continue", "--json", "--yes", "--force-resume", "--reason", "state restored").want(t, exitOK).json(t)
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
	before := testkit.Read(t, filepath.Join(ledgerDir(dir, "demo"), "ch001_sc003.json"))
	pickup(t, dir, "resume", "--choice", "continue", "--rerun-from", "preflight").want(t, exitBlocked)
	if testkit.Read(t, filepath.Join(ledgerDir(dir, "demo"), "ch001_sc003.json")) != before {
		t.Fatal("--rerun-from wrote without --yes")
	}
	m = pickup(t, dir, "resume", "--choice", "continue", "--json", "--yes", "--rerun-from", "preflight").want(t, exitOK).json(t)
	ch = m["changed"].([]any)
	if len(ch) != 2 || !strings.HasPrefix(filepath.Base(ch[0].(string)), "ch001_sc003.rerun.") {
		t.Fatalf("changed %v", ch)
	}
	// The command is one bookforge accepts: --rerun-from is pickup's own.
	if ctx := m["restored_context"].(map[string]any); ctx["command"] != "bookforge --workspace workspace run --book demo --resume" || ctx["phase"] != "preflight" {
		t.Fatalf("context %v", ctx)
	}
	m = pickup(t, dir, "plan", "--json", "--rerun-all").want(t, exitOK).json(t)
	if p := m["plan"].(map[string]any); p["resume"].(map[string]any)["scene"] != "ch001_sc003" || p["resume"].(map[string]any)["phase"] != "plan" ||
		p["command"] != "bookforge --workspace workspace run --book demo" {
		t.Fatalf("rerun-all plan %v", p)
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
	if len(ch) != 2 || ch[0] != filepath.Join(hist, "ch001_sc003.json") || m["resume_action"] != "restart" ||
		m["next_step"] != "Archived the ledger of ch001_sc003 and the pause marker of book demo; ch001_sc003 reruns from its first phase: bookforge --workspace workspace run --book demo" {
		t.Fatalf("restart %v", m)
	}
	if ctx := m["restored_context"].(map[string]any); ctx["restart_command"] != "bookforge --workspace workspace run --book demo" {
		t.Fatalf("context %v", ctx)
	}
	// Only the resume scene's ledger moved; the finished scenes keep theirs.
	matches, _ := filepath.Glob(filepath.Join(hist, "*.restart.*"))
	if len(matches) != 1 || !strings.HasPrefix(filepath.Base(matches[0]), "ch001_sc003.json.restart.") {
		t.Fatalf("archives %v", matches)
	}
	if _, err := os.Stat(filepath.Join(hist, "ch001_sc002.json")); err != nil {
		t.Fatal(err)
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
	if !strings.Contains(w, "CONTINUE now will likely hit the quota again: wait 8 minutes") && !strings.Contains(w, "wait 9 minutes") {
		t.Fatalf("warning %q", w)
	}
	if s := ctx["pause"].(map[string]any)["wait_seconds"].(float64); s < 400 || s > 600 {
		t.Fatalf("wait_seconds %v", s)
	}
	r := pickup(t, dir, "status", "--long").want(t, exitOK)
	if !strings.Contains(r.stdout, "Paused: HTTP 429 quota pause in write_scene; retry at ") || !strings.Contains(r.stdout, "! quota pause: retrying is safe from") {
		t.Fatalf("status:\n%s", r.stdout)
	}
}

func TestBookforgeInvalidLedgers(t *testing.T) {
	dir := bookforgeProject(t, "invalid")
	r := pickup(t, dir, "status", "--long").want(t, exitOK)
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

// The real-shaped book: the cursor scene is the resume scene, and status,
// plan, CONTINUE, the command and --emit prompt all name the same scene
// and phase; a stale marker is a warning, never the headline.
func TestBookforgeCursorBook(t *testing.T) {
	dir := bookforgeProject(t, "cursor")
	m := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	if s["stage"] != "ch001_sc004" || s["units"].(map[string]any)["done"] != 3.0 || s["units"].(map[string]any)["total"] != 4.0 {
		t.Fatalf("stage %v units %v", s["stage"], s["units"])
	}
	r := pickup(t, dir, "status", "--long").want(t, exitOK)
	for _, want := range []string{"Scene: ch001_sc004 (chapter 1, scene 4)", "Phase: repair", "Scenes 3/4", "run_paused.json is stale"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("status lacks %q:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "Paused:") || strings.Contains(r.stdout, "You paused") {
		t.Errorf("the stale marker leads:\n%s", r.stdout)
	}
	sameSceneAndPhase(t, dir, "ch001_sc004", "repair")
}

// A normal run ended with exit 0 and no marker: ready for the next step.
func TestBookforgeFinishedRun(t *testing.T) {
	dir := bookforgeProject(t, "finished")
	r := pickup(t, dir, "status", "--long").want(t, exitOK)
	if !strings.Contains(r.stdout, "Ready: the last run finished its step") || !strings.Contains(r.stdout, "The book is ready for the next step, ch001_sc003.") || strings.Contains(r.stdout, "crashed") || strings.Contains(r.stdout, "paused") {
		t.Fatalf("status:\n%s", r.stdout)
	}
	sameSceneAndPhase(t, dir, "ch001_sc003", "plan")
}

// sameSceneAndPhase checks that plan, CONTINUE and --emit prompt name
// scene at phase, with one command.
func sameSceneAndPhase(t *testing.T, dir, scene, phase string) {
	t.Helper()
	p := pickup(t, dir, "plan", "--json").want(t, exitOK).json(t)["plan"].(map[string]any)
	res := p["resume"].(map[string]any)
	d := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	ctx := d["restored_context"].(map[string]any)
	rp := d["resume_point"].(map[string]any)
	pr := pickup(t, dir, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK).stdout
	if res["scene"] != scene || res["phase"] != phase || ctx["scene"] != scene || ctx["phase"] != phase || rp["phase"] != phase ||
		!strings.Contains(pr, "Resume scene **«"+scene+"»** at phase **"+phase+"**") ||
		!strings.Contains(pr, "```sh\n"+p["command"].(string)+"\n```") || ctx["command"] != p["command"] {
		t.Fatalf("plan %v\ncontinue %v %v\nprompt:\n%s", res, rp, ctx, pr)
	}
}

// Every command pickup prints for bookforge is one the real CLI accepts:
// `run --book X` with --resume, --steps or --until only, or `book reset
// --book X` with its own flags, whatever seed flags pickup was given.
func TestBookforgeCommandsAreReal(t *testing.T) {
	allowed := map[string][]string{
		"run":        {"--resume", "--steps", "--until", "--ack-outline-attention-items", "--force-outline-gate-bypass"},
		"book reset": {"--keep-logs", "--logs-scope", "--archive", "--archive-mode", "--archive-logs"},
		// cli.py at 30032f6: outline generate and outline reset (their
		// flags without a value, and those with one followed by it).
		"outline generate": {"--resume", "--rerun", "--new-version", "--strict-transition-hints", "--strict-transition-bridges",
			"--relaxed-location-identity", "--disallow-transition-scene-insertions", "--force-rerun-with-draft", "--exact-scene-count",
			"--from-phase", "--to-phase", "--transition-insert-budget-per-chapter", "--scene-count-range"},
		"outline reset": {"--archive", "--force", "--keep-working-outline-artifacts"},
	}
	check := func(where, cmd string) {
		t.Helper()
		f := strings.Fields(cmd)
		if len(f) < 5 || f[0] != "bookforge" || f[1] != "--workspace" {
			t.Errorf("%s: %q", where, cmd)
			return
		}
		sub, rest := f[3], f[4:]
		if sub == "book" || sub == "outline" {
			sub, rest = sub+" "+f[4], f[5:]
		}
		if len(rest) < 2 || rest[0] != "--book" || allowed[sub] == nil {
			t.Errorf("%s: %q", where, cmd)
			return
		}
		for i, a := range rest[2:] {
			if i > 0 && slices.Contains([]string{"--from-phase", "--to-phase", "--transition-insert-budget-per-chapter", "--scene-count-range"}, rest[1+i]) {
				continue // the value of the flag before
			}
			if !slices.Contains(allowed[sub], a) {
				t.Errorf("%s: %q carries %s, which bookforge %s does not take", where, cmd, a, sub)
			}
		}
	}
	for _, fx := range []string{"real", "cursor", "finished", "lint_off", "durable_preflight", "durable_scene", "missing_artifact", "pre_state", "outline_paused", "outline_gate", "outline_total"} {
		for _, flags := range [][]string{nil, {"--rerun-from", "write"}, {"--rerun-all"}, {"--force-resume", "--resume-allow-prompt-change", "--reason", "x"}, {"--ack-outline-attention-items", "--force-outline-gate-bypass"}} {
			dir := bookforgeProject(t, fx)
			m := pickup(t, dir, append([]string{"plan", "--json"}, flags...)...).json(t)
			where := fx + " " + strings.Join(flags, " ")
			check(where+" plan", m["plan"].(map[string]any)["command"].(string))
			d := pickup(t, dir, append([]string{"resume", "--choice", "review", "--json"}, flags...)...).json(t)
			if ctx, ok := d["restored_context"].(map[string]any); ok && len(ctx) > 0 {
				for _, k := range []string{"command", "restart_command", "reset_command"} {
					check(where+" "+k, ctx[k].(string))
				}
			}
		}
	}
}

// --rerun-from acts on the cursor scene only: a committed scene's ledger
// is never edited.
func TestBookforgeRerunFromNeverTouchesACommittedScene(t *testing.T) {
	dir := bookforgeProject(t, "cursor")
	before := testkit.Snapshot(t, dir)
	m := pickup(t, dir, "resume", "--choice", "continue", "--json", "--yes", "--rerun-from", "write").want(t, exitOK).json(t)
	hist := ledgerDir(dir, "quill")
	ch := m["changed"].([]any)
	if len(ch) != 2 || filepath.Dir(ch[0].(string)) != hist || !strings.HasPrefix(filepath.Base(ch[0].(string)), "ch001_sc004.rerun.") || ch[1] != filepath.Join(hist, "ch001_sc004.json") {
		t.Fatalf("changed %v", ch)
	}
	after := testkit.Snapshot(t, dir)
	for k, v := range before {
		if after[k] != v && k != "workspace/books/quill/draft/context/phase_history/ch001_sc004.json" {
			t.Errorf("%s changed", k)
		}
	}
	if r := m["resume_point"].(map[string]any); r["phase"] != "write" {
		t.Fatalf("resume %v", r)
	}
}

// fmtJSON is v as JSON text, to look for a sentence anywhere in it.
func fmtJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func outlineDir(dir, book string) string {
	return filepath.Join(dir, "workspace", "books", book, "outline")
}

// A paused outline pipeline run (zekenaulty/bookforge@30032f6) is a
// session: found, its six phases, the pause's reason code and message,
// the resume point (the first phase the run cannot reuse) and the real
// command, with the flags the run was started with.
func TestBookforgeOutlinePipelinePaused(t *testing.T) {
	dir := bookforgeProject(t, "outline_paused")
	marker := filepath.Join(outlineDir(dir, "loom"), "pipeline_run_paused.json")
	m := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)
	ss := m["sessions"].([]any)
	if len(ss) != 1 {
		t.Fatalf("%d sessions", len(ss))
	}
	s := ss[0].(map[string]any)
	if s["path"] != marker || s["stage"] != "phase_04_transition_causality_refinement" || s["status"] != "paused: llm_request_error in phase_04_transition_causality_refinement" {
		t.Fatalf("session %v %v %v", s["path"], s["stage"], s["status"])
	}
	var got []string
	for _, p := range s["phases"].([]any) {
		ph := p.(map[string]any)
		got = append(got, ph["name"].(string)+" "+ph["status"].(string))
	}
	want := []string{"phase_01_chapter_spine completed", "phase_02_section_architecture completed", "phase_03_scene_draft completed",
		"phase_04_transition_causality_refinement failed", "phase_05_cast_function_refinement pending", "phase_06_thread_payoff_refinement pending"}
	if !slices.Equal(got, want) {
		t.Fatalf("phases %v", got)
	}
	const command = "bookforge --workspace workspace outline generate --book loom --resume --strict-transition-bridges"
	r := pickup(t, dir, "status", "--long").want(t, exitOK)
	for _, w := range []string{"You paused", "Paused: llm_request_error pause in phase_04_transition_causality_refinement: 429 RESOURCE_EXHAUSTED",
		"Resume with: " + command, "Phases 3/6"} {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("status lacks %q:\n%s", w, r.stdout)
		}
	}
	d := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	ctx := d["restored_context"].(map[string]any)
	if ctx["command"] != command || ctx["phase"] != "phase_04_transition_causality_refinement" || len(d["changed"].([]any)) != 0 ||
		ctx["pause"].(map[string]any)["reason_code"] != "llm_request_error" {
		t.Fatalf("continue %v", d)
	}
	pr := pickup(t, dir, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK).stdout
	for _, w := range []string{"# Resume the bookforge outline of book loom", "```sh\n" + command + "\n```", "(llm_request_error)",
		"- phase_03_scene_draft: **reused**", "outline reset --book loom --archive --force"} {
		if !strings.Contains(pr, w) {
			t.Errorf("prompt lacks %q:\n%s", w, pr)
		}
	}
	rv := pickup(t, dir, "resume", "--choice", "review", "--json").want(t, exitOK).json(t)
	if !strings.Contains(fmtJSON(rv), "Outline pipeline (outline/pipeline_runs/20260215_101500/phase_history.json)") {
		t.Fatalf("review %v", rv)
	}
	p := pickup(t, dir, "plan", "--json").want(t, exitOK).json(t)["plan"].(map[string]any)
	if p["resume_phase"] != "phase_04_transition_causality_refinement" || len(p["reused_phases"].([]any)) != 3 || p["command"] != command {
		t.Fatalf("plan %v", p)
	}
	pt := pickupEnv(t, dir, []string{"PICKUP_LANG=pt-BR"}, "status", "--long").want(t, exitOK)
	if !strings.Contains(pt.stdout, "Retomar com: "+command) || !strings.Contains(pt.stdout, "pausa llm_request_error em phase_04") {
		t.Fatalf("pt-BR:\n%s", pt.stdout)
	}
	// The same run after a validation error: no marker, the report says
	// ERROR; still found through the latest-run pointer.
	if err := os.Remove(marker); err != nil {
		t.Fatal(err)
	}
	s = pickup(t, dir, "status", "--json").want(t, exitOK).json(t)["sessions"].([]any)[0].(map[string]any)
	if s["path"] != filepath.Join(outlineDir(dir, "loom"), "pipeline_latest.json") || s["stage"] != "phase_04_transition_causality_refinement" {
		t.Fatalf("without the marker %v %v", s["path"], s["stage"])
	}
}

// RESTART and DISCARD archive the pointers and the marker (never the run
// folder), name bookforge's own fresh start, and pickup undo takes them
// back byte for byte.
func TestBookforgeOutlineRestartDiscardUndo(t *testing.T) {
	for _, choice := range []string{"restart", "discard"} {
		t.Run(choice, func(t *testing.T) {
			dir := bookforgeProject(t, "outline_paused")
			od := outlineDir(dir, "loom")
			before := filesOf(t, dir)
			pickup(t, dir, "resume", "--choice", choice).want(t, exitBlocked)
			sameFiles(t, "without --yes", before, filesOf(t, dir))
			m := pickup(t, dir, "resume", "--choice", choice, "--yes", "--json").want(t, exitOK).json(t)
			ch := m["changed"].([]any)
			if len(ch) != 3 || ch[2] != filepath.Join(od, "pipeline_run_paused.json") {
				t.Fatalf("changed %v", ch)
			}
			how := map[string]string{"restart": "restart", "discard": "discarded"}[choice]
			for _, name := range []string{"pipeline_run_paused.json", "pipeline_latest.json", "outline_pipeline_latest.json"} {
				if _, err := os.Stat(filepath.Join(od, name)); !os.IsNotExist(err) {
					t.Fatalf("%s still there", name)
				}
				if g, _ := filepath.Glob(filepath.Join(od, name+"."+how+".*")); len(g) != 1 {
					t.Fatalf("%s not archived: %v", name, g)
				}
			}
			if _, err := os.Stat(filepath.Join(od, "pipeline_runs", "20260215_101500", "phase_history.json")); err != nil {
				t.Fatal("the run folder was touched")
			}
			next := m["next_step"].(string)
			if choice == "discard" && !strings.Contains(next, "bookforge --workspace workspace outline reset --book loom --archive") ||
				choice == "restart" && !strings.Contains(next, "bookforge --workspace workspace outline generate --book loom") {
				t.Fatalf("next step %q", next)
			}
			pickup(t, dir, "resume", "--choice", "continue").want(t, exitNoSession)
			pickup(t, dir, "undo", "--yes").want(t, exitOK)
			sameFiles(t, "after undo", before, filesOf(t, dir))
		})
	}
}

// bookforge's write gate: `run` refuses unless the latest outline report
// is a success; attention items need --ack-outline-attention-items. pickup
// says so where it hands over the command, and passes the flag on.
func TestBookforgeWriteGate(t *testing.T) {
	dir := bookforgeProject(t, "outline_gate")
	const refusal = "WRITE GATED: outline report requires attention. Re-run with --ack-outline-attention-items only after review."
	d := pickup(t, dir, "resume", "--choice", "review", "--json").want(t, exitOK).json(t)
	if !strings.Contains(fmtJSON(d["alerts"]), refusal) {
		t.Fatalf("alerts %v", d["alerts"])
	}
	r := pickup(t, dir, "status", "--long").want(t, exitOK)
	if !strings.Contains(r.stdout, "bookforge refuses `run` now: "+refusal) || strings.Contains(r.stdout, "(recommended)") {
		t.Fatalf("status:\n%s", r.stdout)
	}
	pr := pickup(t, dir, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK).stdout
	for _, w := range []string{"**Write gate.**", refusal, "- [warning] seam_hard_cut: 1:2 -> 1:3 is a hard cut with no bridge.", "Run, once the gate is open:"} {
		if !strings.Contains(pr, w) {
			t.Errorf("prompt lacks %q:\n%s", w, pr)
		}
	}
	p := pickup(t, dir, "plan", "--json").want(t, exitOK).json(t)["plan"].(map[string]any)
	if g := p["gate"].(map[string]any); g["open"] != false || g["status"] != "SUCCESS_WITH_WARNINGS" || len(g["attention_items"].([]any)) != 2 {
		t.Fatalf("gate %v", g)
	}
	// Acknowledged: the gate opens and the command carries the flag.
	d = pickup(t, dir, "resume", "--choice", "continue", "--json", "--ack-outline-attention-items").want(t, exitOK).json(t)
	if ctx := d["restored_context"].(map[string]any); ctx["command"] != "bookforge --workspace workspace run --book reed --resume --ack-outline-attention-items" ||
		ctx["gate"].(map[string]any)["open"] != true || strings.Contains(fmtJSON(d["alerts"]), "WRITE GATED") {
		t.Fatalf("acknowledged %v", d)
	}

	// A book from before the pipeline: no report at all.
	dir = bookforgeProject(t, "outline_total")
	r = pickup(t, dir, "plan").want(t, exitOK)
	if !strings.Contains(r.stdout, "Command: bookforge --workspace workspace run --book briar --resume\n  bookforge refuses `run` now: WRITE GATED: outline pipeline report is missing or unreadable.") ||
		!strings.Contains(r.stdout, "--force-outline-gate-bypass") {
		t.Fatalf("plan:\n%s", r.stdout)
	}
	pr = pickup(t, dir, "resume", "--choice", "continue", "--emit", "prompt", "--force-outline-gate-bypass").want(t, exitOK).stdout
	if !strings.Contains(pr, "```sh\nbookforge --workspace workspace run --book briar --resume --force-outline-gate-bypass\n```") || strings.Contains(pr, "Write gate") {
		t.Fatalf("bypass prompt:\n%s", pr)
	}
}

// bookforge counts a book's scenes in its outline (chapters[].sections[]
// .scenes[]): a live book with 8 scenes committed of 66 shows 8/66, not
// the 8/9 of its ledgers. Without an outline the ledgers count, and a
// warning says so.
func TestBookforgeSceneTotalFromOutline(t *testing.T) {
	dir := bookforgeProject(t, "outline_total")
	s := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)["sessions"].([]any)[0].(map[string]any)
	if u := s["units"].(map[string]any); u["done"] != 8.0 || u["total"] != 66.0 {
		t.Fatalf("units %v", u)
	}
	if r := pickup(t, dir, "status", "--long").want(t, exitOK); !strings.Contains(r.stdout, "Scenes 8/66 (12%)") {
		t.Fatalf("status:\n%s", r.stdout)
	}
	dir = bookforgeProject(t, "cursor")
	s = pickup(t, dir, "status", "--json").want(t, exitOK).json(t)["sessions"].([]any)[0].(map[string]any)
	if u := s["units"].(map[string]any); u["done"] != 3.0 || u["total"] != 4.0 ||
		!strings.Contains(fmtJSON(s["warnings"]), "no outline/outline.json: the scene total counts only the scenes that have a ledger") {
		t.Fatalf("units %v warnings %v", u, s["warnings"])
	}
}

// A drafting book whose outline is being generated again: the scene
// session says bookforge refuses `run` while the outline run is paused,
// and the outline session says bookforge refuses its resume (drafted
// scenes, and the run was started without --force-rerun-with-draft).
func TestBookforgeOutlineRerunOverDrafts(t *testing.T) {
	dir := bookforgeProject(t, "outline_gate")
	paused := bookforgeProject(t, "outline_paused")
	od := outlineDir(dir, "reed")
	for _, name := range []string{"pipeline_run_paused.json", "pipeline_latest.json", "outline_pipeline_latest.json", "outline_pipeline_report_latest.json"} {
		testkit.Write(t, filepath.Join(od, name), strings.ReplaceAll(testkit.Read(t, filepath.Join(outlineDir(paused, "loom"), name)), "loom", "reed"))
	}
	testkit.CopyTree(t, filepath.Join(outlineDir(paused, "loom"), "pipeline_runs", "20260215_101500"), filepath.Join(od, "pipeline_runs", "20260215_101500"))
	ss := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)["sessions"].([]any)
	if len(ss) != 2 {
		t.Fatalf("%d sessions", len(ss))
	}
	var scene, outline string
	for _, s := range ss {
		m := s.(map[string]any)
		if strings.HasSuffix(m["path"].(string), "pipeline_run_paused.json") {
			outline = m["id"].(string)
		} else {
			scene = m["id"].(string)
		}
	}
	d := pickup(t, dir, "resume", "--choice", "review", "--session", scene, "--json").want(t, exitOK).json(t)
	if a := fmtJSON(d["alerts"]); !strings.Contains(a, "WRITE GATED: latest outline pipeline status is PAUSED.") ||
		!strings.Contains(a, "outline generate --book reed --rerun --force-rerun-with-draft") {
		t.Fatalf("scene alerts %s", a)
	}
	d = pickup(t, dir, "resume", "--choice", "continue", "--session", outline, "--json").want(t, exitBlocked).json(t)
	if !strings.Contains(fmtJSON(d), "Drafted scene outputs exist. Use --force-rerun-with-draft to proceed with outline rerun.") {
		t.Fatalf("outline continue %v", d)
	}
}
