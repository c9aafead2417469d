package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

func init() {
	registerFormatTest("kiln", formatTest{
		hostile: func(t *testing.T) hWorld {
			w := newHWorld(t)
			testkit.CopyReplace(t, filepath.Join(hostileData, "kiln", "execution", "memory"), filepath.Join(w.project, ".kiln", "memory"), "/home/ana/shop", w.project)
			testkit.CopyReplace(t, filepath.Join(hostileData, "kiln", "execution", "kiln"), filepath.Join(w.project, ".kiln"))
			w.state = filepath.Join(w.project, ".kiln", "memory", "MEMORY.md")
			return w
		},
		hostileReview: true,
		// By kiln's spec an empty MEMORY.md is no memory.
		emptyNoSession: func(w hWorld) string { return "No memory found at " + filepath.Dir(w.state) },
		demoArtifacts:  []string{"pointer", "kiln"},
		// The demo's kiln (3.1) has no RESTART: a phase of kiln's era B
		// does.
		restartWorld: func(t *testing.T) (string, string) {
			e := kilnFixture(t, "execution", false)
			e.gitProject(t)
			return e.project, e.home
		},
	})
}

// kilnEnv is a kiln fixture placed in a temporary project.
type kilnEnv struct {
	project, home, memDir, mem string
}

// kilnFixture copies testdata/kiln/<name> into a new project "shop",
// with its memory in the project's .kiln/memory or, when claude is true,
// in a temporary Claude home.
func kilnFixture(t *testing.T, name string, claude bool) kilnEnv {
	t.Helper()
	e := kilnEnv{project: filepath.Join(t.TempDir(), "shop"), home: t.TempDir()}
	e.memDir = filepath.Join(e.project, ".kiln", "memory")
	if claude {
		e.memDir = filepath.Join(e.home, "projects", strings.ReplaceAll(e.project, "/", "-"), "memory")
	}
	src := filepath.Join("..", "..", "testdata", "kiln", name)
	testkit.CopyTree(t, filepath.Join(src, "memory"), e.memDir)
	if _, err := os.Stat(filepath.Join(src, "kiln")); err == nil {
		testkit.CopyTree(t, filepath.Join(src, "kiln"), filepath.Join(e.project, ".kiln"))
	}
	os.MkdirAll(filepath.Join(e.project, ".kiln"), 0o755)
	agePhaseStates(t, filepath.Join(e.project, ".kiln"))
	e.mem = filepath.Join(e.memDir, "MEMORY.md")
	if data, err := os.ReadFile(e.mem); err == nil {
		os.WriteFile(e.mem, []byte(strings.ReplaceAll(string(data), "project_path: /home/ana/shop", "project_path: "+e.project)), 0o644)
	}
	return e
}

// agePhaseStates dates the phase state files in dir before any time the
// fixtures record: a fresh copy's modification time would otherwise be
// the session's newest activity.
func agePhaseStates(t *testing.T, dir string) {
	t.Helper()
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	paths, _ := filepath.Glob(filepath.Join(dir, "phase_*_state.md"))
	for _, p := range paths {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
}

// run runs pickup on the project with the env's Claude home.
func (e kilnEnv) run(t *testing.T, args ...string) result {
	t.Helper()
	return pickup(t, e.project, append(args, "--claude-home", e.home)...)
}

// gitProject commits the project, with kiln's own .kiln/.gitignore (as
// /kiln:start writes it), so kiln's state files are not "uncommitted".
func (e kilnEnv) gitProject(t *testing.T) {
	t.Helper()
	os.WriteFile(filepath.Join(e.project, ".kiln", ".gitignore"),
		[]byte("plans/\nprompts/\nreviews/\noutputs/\narchive/\nvalidation/\ntmp/\nconfig.json\n*_state.md\ncodebase-snapshot.md\n"), 0o644)
	os.WriteFile(filepath.Join(e.project, "app.js"), []byte("v1\n"), 0o644)
	testkit.Commit(t, e.project, "init")
}

func TestKilnStatusText(t *testing.T) {
	for _, claude := range []bool{false, true} {
		e := kilnFixture(t, "execution", claude)
		r := e.run(t, "status", "--long").want(t, exitOK)
		want := strings.Join([]string{
			"=== Kiln Resume ===",
			"Project: " + e.project,
			"Mode:    brownfield",
			"Stage:   execution",
			"Phase:   3/4 Checkout flow",
			"Status:  in_progress",
			"Handoff: Phase 3 prompts sharpened; implementation of task 1 is next.",
			"=====================",
			"",
			"Context:",
			"  Cart and catalog are merged (phases 1-2).",
			"  Checkout flow plan approved after one debate round.",
			"  Stripe test keys live in .env.local, not committed.",
			"",
			"Recommended next step (from last reset): Run /kiln:resume to implement phase 3 task 1.",
			"",
			"Next: phase 3/4 Checkout flow, Step 4 (implement): last event sharpen_complete at 2026-02-20 14:02",
			"sharpen_complete: prompts generated; restart from Step 4 (implement).",
			"",
		}, "\n")
		if !strings.HasSuffix(r.stdout, want) || !strings.HasPrefix(r.stdout, "[kiln ") || !strings.Contains(r.stdout, e.mem) {
			t.Fatalf("claude=%v stdout:\n%s", claude, r.stdout)
		}
	}
}

func TestKilnStatusJSON(t *testing.T) {
	e := kilnFixture(t, "execution", false)
	m := e.run(t, "status", "--json", "--source", "kiln").want(t, exitOK).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	if s["source"] != "kiln" || s["path"] != e.mem || s["stage"] != "execution" || s["status"] != "in_progress" || s["title"] != "shop" {
		t.Fatalf("session %v", s)
	}
	rp := s["resume_point"].(map[string]any)
	if rp["phase"] != "phase 3, Step 4 (implement)" || rp["reason"] != "last event sharpen_complete at 2026-02-20 14:02" {
		t.Fatalf("resume_point %v", rp)
	}
	if rep := s["report"].([]any); rep[0] != "=== Kiln Resume ===" {
		t.Fatalf("report %v", rep)
	}
	phases := s["phases"].([]any)
	if len(phases) != 4 || phases[0].(map[string]any)["result"] != "archived" || phases[2].(map[string]any)["status"] != "in_progress" {
		t.Fatalf("phases %v", phases)
	}
	titles := []string{}
	for _, sec := range s["sections"].([]any) {
		titles = append(titles, sec.(map[string]any)["title"].(string))
	}
	if !strings.Contains(strings.Join(titles, "|"), "Routing|Handoff context|Events: phase 3 (.kiln/phase_3_state.md)|Archive") {
		t.Fatalf("sections %q", titles)
	}
	// Crashed (in_progress, days old): RESTART is offered, and so is
	// REVIEW (hiding it after a crash is seed 001's rule, not kiln's).
	for _, o := range s["options"].([]any) {
		o := o.(map[string]any)
		if (o["choice"] == "restart" || o["choice"] == "review") && (o["enabled"] != true || o["offered"] != true) {
			t.Fatalf("%v", o)
		}
	}
	if s["crash"].(map[string]any)["detected"] != true {
		t.Fatalf("crash %v", s["crash"])
	}
}

func TestKilnNotFound(t *testing.T) {
	e := kilnFixture(t, "empty", false) // MEMORY.md exists but is empty
	want := "pickup: [kiln:resume] No memory found at " + e.memDir + ".\n" +
		"Memory may not have been initialized. Run /kiln:start to begin a new project session.\n"
	for _, args := range [][]string{
		{"status", "--source", "kiln"},
		{"resume", "--source", "kiln", "--choice", "continue"},
	} {
		r := e.run(t, args...).want(t, exitNoSession)
		if r.stderr != want || r.stdout != "" {
			t.Errorf("%v: stderr %q stdout %q", args, r.stderr, r.stdout)
		}
	}
	// No .kiln folder at all: the spec's memory folder under Claude's home.
	dir := filepath.Join(t.TempDir(), "DEV", "myproject")
	os.MkdirAll(dir, 0o755)
	home := t.TempDir()
	r := pickup(t, dir, "status", "--source", "kiln", "--claude-home", home).want(t, exitNoSession)
	if !strings.Contains(r.stderr, "No memory found at "+filepath.Join(home, "projects", strings.ReplaceAll(dir, "/", "-"), "memory")+".\n") {
		t.Fatalf("stderr %q", r.stderr)
	}
}

func TestKilnCorrupted(t *testing.T) {
	e := kilnFixture(t, "corrupted_values", true)
	want := "[kiln:resume] MEMORY.md is corrupted or incomplete (missing required fields: stage, status).\n" +
		"Run /kiln:start to reinitialize, or manually repair " + e.mem + ".\n"
	r := e.run(t, "status", "--long").want(t, exitCorrupted)
	if !strings.HasSuffix(r.stdout, want) {
		t.Fatalf("stdout %q", r.stdout)
	}
	m := e.run(t, "status", "--json").want(t, exitCorrupted).json(t)
	p := m["sessions"].([]any)[0].(map[string]any)["problem"].(map[string]any)
	if p["kind"] != "session_corrupted" || p["message"] != strings.TrimSuffix(want, "\n") {
		t.Fatalf("problem %v", p)
	}
	before := testkit.Read(t, e.mem)
	m = e.run(t, "resume", "--choice", "continue", "--json").want(t, exitCorrupted).json(t)
	if m["blocked"] != true || !strings.HasPrefix(m["reason"].(string), "[kiln:resume] MEMORY.md is corrupted") {
		t.Fatalf("%v", m)
	}
	if testkit.Read(t, e.mem) != before {
		t.Fatal("a corrupted MEMORY.md was written")
	}
	// DISCARD still archives it: in the Claude home, MEMORY.md alone
	// (the folder is Claude Code's own memory folder too).
	m = e.run(t, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK).json(t)
	if m["archived_to"] == nil || filepath.Dir(m["archived_to"].(string)) != e.memDir || testkit.Read(t, m["archived_to"].(string)) != before {
		t.Fatalf("%v", m)
	}
}

func TestKilnContinueAppliesStep7(t *testing.T) {
	e := kilnFixture(t, "brainstorm", false)
	before := testkit.Read(t, e.mem)
	m := e.run(t, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	if m["next_step"] != "Resuming brainstorming session. Here is the current vision:" || m["resume_action"] != "execute_story" {
		t.Fatalf("%v", m)
	}
	if ch := m["changed"].([]any); len(ch) != 1 || ch[0] != e.mem {
		t.Fatalf("changed %v", ch)
	}
	ctx := m["restored_context"].(map[string]any)
	if ctx["PROJECT_PATH"] != e.project || ctx["MEMORY_DIR"] != e.memDir || !strings.HasPrefix(ctx["vision_md"].(string), "# Vision: notes") {
		t.Fatalf("context %v", ctx)
	}
	after := testkit.Read(t, e.mem)
	stamp := regexp.MustCompile(`last_updated: (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)\n`).FindStringSubmatch(after)
	if stamp == nil {
		t.Fatalf("no new last_updated:\n%s", after)
	}
	want := strings.NewReplacer(
		"status: paused\n", "status: in_progress\n",
		"last_updated: 2026-02-18T16:40:00Z\n", "last_updated: "+stamp[1]+"\n",
		"- Reset: 2026-02-18T16:40:00Z\n", "- Reset: 2026-02-18T16:40:00Z\n- Resumed: "+stamp[1]+"\n",
	).Replace(before)
	if after != want {
		t.Fatalf("MEMORY.md:\n%s\nwant:\n%s", after, want)
	}
}

func TestKilnContinueEmitPrompt(t *testing.T) {
	e := kilnFixture(t, "execution", true)
	r := e.run(t, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK)
	for _, want := range []string{
		"# Resume kiln project: shop", "Resuming phase 3/4: Checkout flow — spawning Maestro.",
		"## Phase 3 section of master-plan.md", "## MEMORY.md", "## vision.md", "## handoff_context",
		"PROJECT_PATH: " + e.project, "MEMORY_DIR: " + e.memDir,
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("prompt lacks %q", want)
		}
	}
	if !strings.Contains(testkit.Read(t, e.mem), "- Resumed: ") {
		t.Fatal("Step 7 was not applied")
	}
	// The decision line in plain mode is the spec's status line.
	e = kilnFixture(t, "execution", false)
	r = e.run(t, "resume", "--choice", "continue").want(t, exitOK)
	if r.stdout != "Resuming phase 3/4: Checkout flow — spawning Maestro.\n" {
		t.Fatalf("stdout %q", r.stdout)
	}
}

func TestKilnRestartPhase(t *testing.T) {
	e := kilnFixture(t, "execution", false)
	e.gitProject(t)
	state := filepath.Join(e.project, ".kiln", "phase_3_state.md")
	memBefore, stateBefore := testkit.Read(t, e.mem), testkit.Read(t, state)

	// Uncommitted source work: VETO-2, nothing written.
	os.WriteFile(filepath.Join(e.project, "app.js"), []byte("v2\n"), 0o644)
	m := e.run(t, "resume", "--choice", "restart", "--yes", "--json").want(t, exitBlocked).json(t)
	if m["veto"] != "uncommitted_changes" || len(m["files"].([]any)) != 1 || m["files"].([]any)[0] != "app.js" {
		t.Fatalf("%v", m)
	}
	if testkit.Read(t, e.mem) != memBefore || testkit.Read(t, state) != stateBefore {
		t.Fatal("a vetoed restart wrote")
	}
	testkit.Git(t, e.project, nil, "commit", "-q", "-am", "work")

	// Without --yes: the question, nothing written.
	m = e.run(t, "resume", "--choice", "restart", "--json").want(t, exitBlocked).json(t)
	if m["veto"] != "confirmation_required" || !strings.Contains(m["reason"].(string), "Restart phase 3 (Checkout flow) from its beginning?") {
		t.Fatalf("%v", m)
	}
	if testkit.Read(t, e.mem) != memBefore {
		t.Fatal("restart without --yes wrote")
	}

	m = e.run(t, "resume", "--choice", "restart", "--yes", "--json").want(t, exitOK).json(t)
	if m["resume_action"] != "restart" || m["next_step"] != "Phase 3 (Checkout flow) is pending again and starts from its beginning: run /kiln:resume." {
		t.Fatalf("%v", m)
	}
	changed := m["changed"].([]any)
	if len(changed) != 3 || changed[0] != e.mem || changed[1] != state {
		t.Fatalf("changed %v", changed)
	}
	if testkit.Read(t, changed[2].(string)) != stateBefore {
		t.Fatal("the archived phase state differs")
	}
	if _, err := os.Stat(state); !os.IsNotExist(err) {
		t.Fatal("phase state file still in place")
	}
	after := testkit.Read(t, e.mem)
	if !strings.Contains(after, "phase_name: Checkout flow | phase_status: pending\n") || !strings.Contains(after, "- Restarted: ") {
		t.Fatalf("MEMORY.md:\n%s", after)
	}
	s := e.run(t, "status", "--json").want(t, exitOK).json(t)["sessions"].([]any)[0].(map[string]any)
	if s["resume_point"].(map[string]any)["phase"] != "phase 3, Step 1 (setup)" {
		t.Fatalf("after restart %v", s["resume_point"])
	}
}

func TestKilnRestartUnavailable(t *testing.T) {
	for _, name := range []string{"brainstorm", "validation_blocked", "complete"} {
		e := kilnFixture(t, name, false)
		before := testkit.Read(t, e.mem)
		m := e.run(t, "resume", "--choice", "restart", "--yes", "--json").want(t, exitBlocked).json(t)
		if m["veto"] != "choice_unavailable" || m["reason"] == "" {
			t.Errorf("%s: %v", name, m)
		}
		if testkit.Read(t, e.mem) != before {
			t.Errorf("%s: written", name)
		}
	}
}

func TestKilnRestartPlanning(t *testing.T) {
	e := kilnFixture(t, "planning", false)
	e.gitProject(t)
	m := e.run(t, "resume", "--choice", "restart", "--yes", "--json").want(t, exitOK).json(t)
	if m["next_step"] != "Planning restarts at dual_plan: run /kiln:resume." {
		t.Fatalf("%v", m)
	}
	if !strings.Contains(testkit.Read(t, e.mem), "planning_sub_stage: dual_plan\n") {
		t.Fatal("sub-stage not reset")
	}
}

func TestKilnDiscardArchivesMemory(t *testing.T) {
	for _, claude := range []bool{false, true} {
		e := kilnFixture(t, "execution", claude)
		before := testkit.Read(t, e.mem)
		m := e.run(t, "resume", "--choice", "discard", "--json").want(t, exitBlocked).json(t)
		if m["veto"] != "confirmation_required" || !strings.Contains(m["reason"].(string), "Archive this project's memory?") {
			t.Fatalf("%v", m)
		}
		m = e.run(t, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK).json(t)
		archived, _ := m["archived_to"].(string)
		if claude {
			// The Claude home's folder is Claude Code's own memory folder
			// too: only kiln's MEMORY.md is renamed, beside itself.
			if m["resume_action"] != "session_discarded" || !regexp.MustCompile(`/memory/MEMORY\.md\.discarded\.\d{8}T\d{6}Z$`).MatchString(archived) {
				t.Fatalf("%v", m)
			}
			if testkit.Read(t, archived) != before || testkit.Read(t, filepath.Join(e.memDir, "vision.md")) == "" {
				t.Fatal("the archive is not MEMORY.md, or vision.md moved")
			}
		} else {
			if m["resume_action"] != "session_discarded" || !regexp.MustCompile(`/memory\.discarded\.\d{8}T\d{6}Z$`).MatchString(archived) {
				t.Fatalf("%v", m)
			}
			if testkit.Read(t, filepath.Join(archived, "MEMORY.md")) != before || testkit.Read(t, filepath.Join(archived, "vision.md")) == "" {
				t.Fatal("archive does not hold the memory folder")
			}
			if _, err := os.Stat(e.memDir); !os.IsNotExist(err) {
				t.Fatal("memory folder still there")
			}
		}
		// A second run no longer finds it.
		e.run(t, "status", "--source", "kiln").want(t, exitNoSession)
	}
}

func TestKilnComplete(t *testing.T) {
	e := kilnFixture(t, "complete", false)
	r := e.run(t, "status", "--long").want(t, exitOK)
	block := "This project is marked complete.\n\nWhat would you like to do next?\n" +
		"  1. Start a new project in this directory (/kiln:start)\n  2. Review the decisions log\n" +
		"  3. Review the pitfalls log\n  4. Archive this project's memory\n"
	if !strings.Contains(r.stdout, block) {
		t.Fatalf("stdout:\n%s", r.stdout)
	}
	before := testkit.Read(t, e.mem)
	m := e.run(t, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	if m["next_step"] != "Run /kiln:start to begin a new project in this directory." || len(m["changed"].([]any)) != 0 {
		t.Fatalf("%v", m)
	}
	if testkit.Read(t, e.mem) != before {
		t.Fatal("a complete project was written")
	}
	m = e.run(t, "resume", "--choice", "review", "--json").want(t, exitOK).json(t)
	if m["resume_action"] != "show_progress" {
		t.Fatalf("%v", m)
	}
}

func TestKilnPlan(t *testing.T) {
	e := kilnFixture(t, "execution", false)
	m := e.run(t, "plan", "--json").want(t, exitOK).json(t)
	plan := m["plan"].(map[string]any)
	if plan["resume_point"].(map[string]any)["phase"] != "phase 3, Step 4 (implement)" || len(plan["events"].([]any)) != 8 {
		t.Fatalf("plan %v", plan)
	}
	if v := plan["route"].(map[string]any)["verdict"].(map[string]any); v["step"].(map[string]any)["number"].(float64) != 4 {
		t.Fatalf("verdict %v", v)
	}
	// The same plan from the MEMORY.md named directly.
	r := pickup(t, t.TempDir(), "plan", e.mem).want(t, exitOK)
	if !strings.HasPrefix(r.stdout, "Next: phase 3/4 Checkout flow, Step 4 (implement)") {
		t.Fatalf("stdout %q", r.stdout)
	}
	before := testkit.Read(t, e.mem)
	e.run(t, "plan")
	if testkit.Read(t, e.mem) != before {
		t.Fatal("plan wrote")
	}
}

func TestKilnBesideAIOS(t *testing.T) {
	// Both formats in one project: both listed, --source picks one.
	e := kilnFixture(t, "planning", false)
	dir, _ := project(t, 0, "GO", "development")
	os.Rename(filepath.Join(dir, ".aios"), filepath.Join(e.project, ".aios"))
	m := e.run(t, "status", "--json").want(t, exitOK).json(t)
	if n := len(m["sessions"].([]any)); n != 2 {
		t.Fatalf("%d sessions", n)
	}
	m = e.run(t, "status", "--json", "--source", "kiln").want(t, exitOK).json(t)
	if s := m["sessions"].([]any); len(s) != 1 || s[0].(map[string]any)["source"] != "kiln" {
		t.Fatalf("%v", s)
	}
}

func TestKilnClaudeAutoMemoryIsNotASession(t *testing.T) {
	// Claude Code's own auto-memory index at the era-B path, beside a
	// real kiln session in the project.
	e := kilnFixture(t, "execution", false)
	claude := filepath.Join(e.home, "projects", strings.ReplaceAll(e.project, "/", "-"), "memory")
	testkit.CopyTree(t, filepath.Join("..", "..", "testdata", "kiln", "claude_memory", "memory"), claude)
	before := testkit.TreeHash(t, e.home)

	m := e.run(t, "status", "--json").want(t, exitOK).json(t)
	ss := m["sessions"].([]any)
	if len(ss) != 1 || ss[0].(map[string]any)["path"] != e.mem {
		t.Fatalf("sessions %v", ss)
	}
	r := e.run(t, "status").want(t, exitOK)
	if strings.Contains(r.stdout+r.stderr, claude) {
		t.Fatalf("Claude's memory is named:\n%s%s", r.stdout, r.stderr)
	}
	// DISCARD of the real session archives the project's .kiln/memory;
	// nothing under the Claude home moves.
	m = e.run(t, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK).json(t)
	if m["archived_to"] != e.memDir+".discarded."+regexp.MustCompile(`\d{8}T\d{6}Z$`).FindString(m["archived_to"].(string)) {
		t.Fatalf("%v", m)
	}
	if testkit.TreeHash(t, e.home) != before {
		t.Fatal("something under the Claude home changed")
	}
	e.run(t, "status", "--source", "kiln").want(t, exitNoSession)
	if testkit.TreeHash(t, e.home) != before {
		t.Fatal("something under the Claude home changed")
	}
}

func TestKilnRestartArchiveDoesNotVetoTheNextRestart(t *testing.T) {
	// The phase state file is committed (as kevbob1/moviedb did): the
	// first RESTART leaves it deleted and its archive untracked; the
	// agent writes a new one; a second RESTART is still not vetoed by
	// any of them. Source work still is.
	e := kilnFixture(t, "execution", false)
	os.WriteFile(filepath.Join(e.project, "app.js"), []byte("v1\n"), 0o644)
	testkit.Commit(t, e.project, "init")
	state := filepath.Join(e.project, ".kiln", "phase_3_state.md")
	e.run(t, "resume", "--choice", "restart", "--yes", "--json").want(t, exitOK)
	os.WriteFile(state, []byte("# Phase 3 State\nstatus: in_progress\n\n## Events\n- [2026-02-21T10:00:00Z] [Maestro] [setup] — again\n"), 0o644)
	m := e.run(t, "resume", "--choice", "restart", "--yes", "--json").want(t, exitOK).json(t)
	if len(m["changed"].([]any)) != 3 {
		t.Fatalf("%v", m)
	}
	archives, _ := filepath.Glob(state + ".discarded.*")
	if len(archives) != 2 {
		t.Fatalf("archives %q", archives)
	}
	os.WriteFile(filepath.Join(e.project, "app.js"), []byte("v2\n"), 0o644)
	m = e.run(t, "resume", "--choice", "restart", "--yes", "--json").want(t, exitBlocked).json(t)
	if m["veto"] != "uncommitted_changes" || len(m["files"].([]any)) != 1 || m["files"].([]any)[0] != "app.js" {
		t.Fatalf("%v", m)
	}
}

// kilnRun copies testdata/kiln/<name>/kiln into a new project as its
// .kiln (kiln's state from March 2026 on).
func kilnRun(t *testing.T, name string) kilnEnv {
	t.Helper()
	e := kilnEnv{project: filepath.Join(t.TempDir(), "shop"), home: t.TempDir()}
	testkit.CopyReplace(t, filepath.Join("..", "..", "testdata", "kiln", name, "kiln"), filepath.Join(e.project, ".kiln"), "/home/ana/shop", e.project)
	e.mem = filepath.Join(e.project, ".kiln", "STATE.md")
	return e
}

func TestKilnEraFRulingAnswerAndRelaunch(t *testing.T) {
	e := kilnRun(t, "era_f_ruling")
	before := testkit.TreeHash(t, e.project)
	r := e.run(t, "status", "--long").want(t, exitOK)
	for _, want := range []string{
		"! Decide first: «gate blocked for slice staleness-consequence». Blockers: «The LAW does not say",
		"Slices sealed 3/4 (75%)",
		"1. CONTINUE - Answer, then relaunch (/kiln-fire) - a person decides first (the question is above) (recommended: kiln holds until a person answers)",
		"RESTART - restart a stage [not available: kiln 3.1 has no reset",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("status lacks %q:\n%s", want, r.stdout)
		}
	}
	// CONTINUE writes nothing, as kiln 3.1's resume writes nothing.
	m := e.run(t, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	if len(m["changed"].([]any)) != 0 || !strings.HasPrefix(m["next_step"].(string), "Answer the ruling first («gate blocked for slice staleness-consequence»), then run /kiln-fire in "+e.project) {
		t.Fatalf("%v", m)
	}
	ctx := m["restored_context"].(map[string]any)
	if ctx["resume_command"] != "/kiln-fire" || ctx["era"] != "F" || ctx["slices_sealed"] != 3.0 {
		t.Fatalf("context %v", ctx)
	}
	p := e.run(t, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK).stdout
	if !strings.Contains(p, "Run `/kiln-fire` (bare, no arguments) in "+e.project) || !strings.Contains(p, "### .kiln/gate-review.json") {
		t.Fatalf("prompt:\n%s", p)
	}
	if testkit.TreeHash(t, e.project) != before {
		t.Fatal("CONTINUE changed the project")
	}
	e.run(t, "resume", "--choice", "restart", "--yes").want(t, exitBlocked)
}

func TestKilnEraFDiscardArchivesKiln(t *testing.T) {
	e := kilnRun(t, "era_f_transport")
	kiln := filepath.Join(e.project, ".kiln")
	m := e.run(t, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK).json(t)
	archived, _ := m["archived_to"].(string)
	if !regexp.MustCompile(`/\.kiln\.discarded\.\d{8}T\d{6}Z$`).MatchString(archived) || testkit.Read(t, filepath.Join(archived, "STATE.md")) == "" {
		t.Fatalf("%v", m)
	}
	if _, err := os.Stat(kiln); !os.IsNotExist(err) {
		t.Fatal(".kiln still there")
	}
	// It says the folder is archived, and what to run next.
	if ns := m["next_step"]; ns != "The .kiln folder is archived (renamed beside itself; nothing was deleted). Next: /kiln-fire starts a new run." {
		t.Fatalf("next_step %q", ns)
	}
	e.run(t, "status", "--source", "kiln").want(t, exitNoSession)
}

func TestKilnEraCDEStatus(t *testing.T) {
	for name, want := range map[string]string{
		"era_c_build":        "Resume at: step 5 (build)",
		"era_d_architecture": "Resume at: step 4 (architecture)",
		"era_e_build":        "events.jsonl: stage build started at 2026-07-10T13:05:00.000Z (seq 10) and has not completed",
	} {
		e := kilnRun(t, name)
		r := e.run(t, "status", "--long").want(t, exitOK)
		if !strings.Contains(r.stdout, want) || !strings.Contains(r.stdout, "Resume with: /kiln-fire") {
			t.Errorf("%s: status lacks %q:\n%s", name, want, r.stdout)
		}
		m := e.run(t, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
		if len(m["changed"].([]any)) != 0 {
			t.Errorf("%s: continue changed %v", name, m["changed"])
		}
	}
}

func TestKilnAbandonedBrainstorm(t *testing.T) {
	e := kilnRun(t, "era_f_brainstorm")
	r := e.run(t, "status", "--long").want(t, exitOK)
	if !strings.Contains(r.stdout, "brainstorm (abandoned)") || !strings.Contains(r.stdout, "kiln calls this an abandoned brainstorm") {
		t.Fatalf("status:\n%s", r.stdout)
	}
	m := e.run(t, "resume", "--choice", "restart", "--yes", "--json").want(t, exitOK).json(t)
	if ch := m["changed"].([]any); len(ch) != 2 || !regexp.MustCompile(`/\.kiln/brainstorm-ledger\.abandoned-\d{8}T\d{6}Z\.jsonl$`).MatchString(ch[1].(string)) {
		t.Fatalf("%v", m)
	}
	e.run(t, "status", "--long", "--source", "kiln").want(t, exitNoSession)
}

func TestKilnClaudeAutoMemoryBesideEraF(t *testing.T) {
	// Claude Code's index at the era-B path beside today's kiln run.
	e := kilnRun(t, "era_f_transport")
	claude := filepath.Join(e.home, "projects", strings.ReplaceAll(e.project, "/", "-"), "memory")
	testkit.CopyTree(t, filepath.Join("..", "..", "testdata", "kiln", "claude_memory", "memory"), claude)
	before := testkit.TreeHash(t, e.home)
	m := e.run(t, "status", "--json").want(t, exitOK).json(t)
	if ss := m["sessions"].([]any); len(ss) != 1 || ss[0].(map[string]any)["path"] != e.mem {
		t.Fatalf("sessions %v", ss)
	}
	e.run(t, "resume", "--choice", "discard", "--yes").want(t, exitOK)
	if testkit.TreeHash(t, e.home) != before {
		t.Fatal("something under the Claude home changed")
	}
}

// kilnAt copies testdata/kiln/<name>/kiln into a new project folder
// called base, as a clone elsewhere would hold it.
func kilnAt(t *testing.T, name, base string) kilnEnv {
	t.Helper()
	e := kilnEnv{project: filepath.Join(testkit.RealTempDir(t), base), home: t.TempDir()}
	testkit.CopyTree(t, filepath.Join("..", "..", "testdata", "kiln", name, "kiln"), filepath.Join(e.project, ".kiln"))
	e.mem = filepath.Join(e.project, ".kiln", "STATE.md")
	return e
}

// Issue 26 §4: MetroVision's real STATE.md records the folder it was
// written in (…/SceneDeck). kiln 1.x never compares it: the difference
// is a warning, and a command that writes nothing is never refused for
// it. Its last update is months old: kiln 1.x has no crash, so the run
// is interrupted, with its date.
func TestKilnEraCMovedProject(t *testing.T) {
	e := kilnAt(t, "era_c_moved", "MetroVision")
	before := testkit.TreeHash(t, e.project)
	r := e.run(t, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK)
	if !strings.Contains(r.stdout, "/kiln-fire") || !strings.Contains(r.stdout, "## .kiln/STATE.md") {
		t.Fatalf("prompt:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	}
	if testkit.TreeHash(t, e.project) != before {
		t.Fatal("CONTINUE wrote in the project")
	}
	m := e.run(t, "status", "--json").want(t, exitOK).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	if c := s["crash"].(map[string]any); c["detected"] != false || !strings.HasSuffix(c["reason"].(string), "; the tool records no crash, so the run was interrupted") {
		t.Fatalf("crash %v", c)
	}
	warned := false
	for _, w := range s["warnings"].([]any) {
		warned = warned || strings.Contains(w.(string), "/Users/kennygeiler/Documents/Vibing Coding Projects 2026/SceneDeck")
	}
	if !warned {
		t.Fatalf("no warning names the recorded folder: %v", s["warnings"])
	}
	st := e.run(t, "status", "--long").want(t, exitOK)
	if strings.Contains(st.stdout, "crashed") || !strings.Contains(st.stdout, "Interrupted ") ||
		!strings.Contains(st.stdout, "kiln 1.x records no crash: the run was interrupted on 2026-03-25 04:48 UTC, in stage build.") {
		t.Fatalf("status:\n%s", st.stdout)
	}
}

// Issue 26 §5: kevbob1/moviedb's phase files with no MEMORY.md (it
// lived in the Claude home, never committed): pickup says the phase
// files exist and every folder it looked in, and exits 3.
func TestKilnPhaseFilesWithoutMemory(t *testing.T) {
	e := kilnAt(t, "phase_files_no_memory", "moviedb")
	for _, args := range [][]string{{"status"}, {"status", "--source", "kiln"}, {"resume", "--choice", "continue"}} {
		r := e.run(t, args...).want(t, exitNoSession)
		for _, want := range []string{
			"kiln phase files exist (.kiln/phase_4_state.md, .kiln/phase_7_state.md), but not their memory: pickup looked for MEMORY.md in ",
			filepath.Join(e.project, ".kiln", "memory"),
			filepath.Join(e.home, "projects", strings.ReplaceAll(e.project, "/", "-"), "memory"),
		} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("%v: stderr lacks %q:\n%s", args, want, r.stderr)
			}
		}
	}
}

// claudeName is Claude Code's folder name for a path made of ASCII.
func claudeName(p string) string {
	return regexp.MustCompile(`[^A-Za-z0-9]`).ReplaceAllString(p, "-")
}

// Issue 26 §6: a project at …/my_shop or …/shop.v2 whose era B memory
// sits in Claude Code's own folder for it (every character outside
// [A-Za-z0-9] as "-") is found, and pickup says which folder it used;
// the seed's folder (only "/" as "-") is still looked in.
func TestKilnClaudeRealFolderNames(t *testing.T) {
	for _, base := range []string{"my_shop", "shop.v2"} {
		for _, claude := range []bool{true, false} {
			e := kilnEnv{project: filepath.Join(testkit.RealTempDir(t), base), home: t.TempDir()}
			name := strings.ReplaceAll(e.project, "/", "-")
			if claude {
				name = claudeName(e.project)
			}
			e.memDir = filepath.Join(e.home, "projects", name, "memory")
			testkit.CopyReplace(t, filepath.Join("..", "..", "testdata", "kiln", "claude_real_folder", "memory"), e.memDir, "/home/ana/my_shop", e.project)
			os.MkdirAll(e.project, 0o755)
			e.mem = filepath.Join(e.memDir, "MEMORY.md")
			m := e.run(t, "status", "--json").want(t, exitOK).json(t)
			ss := m["sessions"].([]any)
			if len(ss) != 1 || ss[0].(map[string]any)["path"] != e.mem {
				t.Fatalf("%s claude=%v: sessions %v", base, claude, ss)
			}
			want := "seed 000's folder name for this project"
			if claude {
				want = "Claude Code's own folder name for this project"
			}
			said := false
			for _, w := range ss[0].(map[string]any)["warnings"].([]any) {
				said = said || strings.Contains(w.(string), "kiln's memory was read from "+e.memDir+": "+want)
			}
			if !said {
				t.Errorf("%s claude=%v: no word on the folder used: %v", base, claude, ss[0].(map[string]any)["warnings"])
			}
		}
	}
}

// Claude Code's own CLAUDE_CONFIG_DIR names the Claude home before
// CLAUDE_HOME; --claude-home still wins.
func TestClaudeConfigDirBeforeClaudeHome(t *testing.T) {
	e := kilnEnv{project: filepath.Join(testkit.RealTempDir(t), "my_shop"), home: t.TempDir()}
	e.memDir = filepath.Join(e.home, "projects", claudeName(e.project), "memory")
	testkit.CopyReplace(t, filepath.Join("..", "..", "testdata", "kiln", "claude_real_folder", "memory"), e.memDir, "/home/ana/my_shop", e.project)
	os.MkdirAll(e.project, 0o755)
	other := t.TempDir()
	pickupEnv(t, e.project, []string{"CLAUDE_CONFIG_DIR=" + e.home, "CLAUDE_HOME=" + other}, "status", "--source", "kiln").want(t, exitOK)
	pickupEnv(t, e.project, []string{"CLAUDE_CONFIG_DIR=" + other, "CLAUDE_HOME=" + e.home}, "status", "--source", "kiln").want(t, exitNoSession)
	pickupEnv(t, e.project, []string{"CLAUDE_CONFIG_DIR=" + other}, "status", "--source", "kiln", "--claude-home", e.home).want(t, exitOK)
	pickupEnv(t, e.project, []string{"CLAUDE_CONFIG_DIR=", "CLAUDE_HOME=" + e.home}, "status", "--source", "kiln").want(t, exitOK)
}
