package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/crucible"
)

func init() {
	registerFormatTest("crucible", formatTest{
		hostile: func(t *testing.T) hWorld {
			w := newHWorld(t)
			const sid = "hostilecli"
			scratch := crucible.ScratchDir(w.home, w.project)
			src := filepath.Join(hostileData, "crucible", "crash")
			testkit.CopyReplace(t, filepath.Join(src, "dispatch"), filepath.Join(scratch, crucible.DispatchPrefix+sid), "{{SID}}", sid)
			testkit.Write(t, filepath.Join(scratch, crucible.DispatchPrefix+sid, crucible.ManifestName),
				strings.ReplaceAll(testkit.Read(t, filepath.Join(src, crucible.ManifestName)), "{{SID}}", sid))
			w.state = filepath.Join(scratch, crucible.MarkerName)
			testkit.Write(t, w.state, strings.NewReplacer("{{SID}}", sid, "{{PHASE}}", "4", "{{BRANCH}}", "main", "{{SCRATCH}}", scratch).
				Replace(testkit.Read(t, filepath.Join(hostileData, "crucible", "marker.json"))))
			return w
		},
		demoArchived:  1,
		demoArtifacts: []string{"manifest", "pipeline_status", "handoff", "dispatch"},
		// The first restart may make the pipeline history.
		restartNoChanges: true,
	})
}

// crucibleFixtures is testdata/crucible.
var crucibleFixtures = filepath.Join("..", "..", "testdata", "crucible")

// cw is a crucible pipeline in temporary directories: a Claude home, a
// project repository and the pipeline's scratch directory.
type cw struct {
	home, project, scratch, sid, ddir, shadow, marker string
}

func (w cw) manifest() string { return filepath.Join(w.ddir, "manifest.jsonl") }

// args prepends --claude-home so the binary looks in the test's home.
func (w cw) args(a ...string) []string { return append([]string{"--claude-home", w.home}, a...) }

func crucibleAt(hhmm string) time.Time {
	t, _ := time.Parse("2006-01-02 15:04:05", "2026-03-24 "+hhmm)
	return t
}

// crucibleWorld builds the crash fixture: the marker names markerBranch,
// the project is a repository on main with the implementers' commits,
// the shadow repository holds the pipeline's checkpoints, and the
// manifest and marker were last written two hours ago (a crash).
func crucibleWorld(t *testing.T, markerBranch string) cw {
	t.Helper()
	proj := testkit.RealTempDir(t)
	sum := sha256.Sum256([]byte(proj))
	h := hex.EncodeToString(sum[:])[:16]
	w := cw{home: t.TempDir(), project: proj, sid: fmt.Sprintf("clitest%d", time.Now().UnixNano())}
	w.scratch = filepath.Join(w.home, "projects", h, "memory")
	w.ddir = filepath.Join(w.scratch, "crucible-dispatch-"+w.sid)
	w.shadow = filepath.Join(w.home, "projects", h, "checkpoints", h)
	w.marker = filepath.Join(w.scratch, ".pipeline-active")
	src := filepath.Join(crucibleFixtures, "crash")
	sub := func(s string) string { return strings.ReplaceAll(s, "{{SID}}", w.sid) }
	testkit.Write(t, w.manifest(), testkit.Read(t, filepath.Join(src, "manifest.jsonl")))
	ds, _ := os.ReadDir(filepath.Join(src, "dispatch"))
	for _, d := range ds {
		testkit.Write(t, filepath.Join(w.ddir, d.Name()), sub(testkit.Read(t, filepath.Join(src, "dispatch", d.Name()))))
	}
	for _, f := range []string{"pipeline-status.md", "handoff-2-to-3.md", "handoff-3-to-4.md"} {
		testkit.Write(t, filepath.Join(w.scratch, f), testkit.Read(t, filepath.Join(src, f)))
	}
	marker := strings.NewReplacer("{{SID}}", w.sid, "{{PHASE}}", "4", "{{BRANCH}}", markerBranch, "{{SCRATCH}}", w.scratch).
		Replace(testkit.Read(t, filepath.Join(crucibleFixtures, "marker.json")))
	testkit.Write(t, w.marker, marker)

	testkit.GitAt(t, proj, nil, time.Time{}, "init", "-q", "-b", "main")
	testkit.Write(t, filepath.Join(proj, "README.md"), "shop\n")
	testkit.GitAt(t, proj, nil, time.Time{}, "add", "-A")
	testkit.GitAt(t, proj, nil, crucibleAt("11:50:00"), "commit", "-q", "-m", "initial")
	for i, c := range []struct{ at, msg string }{{"12:20:00", "task 1: auth middleware"}, {"12:21:30", "task 2: token refresh"}} {
		testkit.Write(t, filepath.Join(proj, "src", fmt.Sprintf("c%d.go", i)), "package src\n")
		testkit.GitAt(t, proj, nil, time.Time{}, "add", "-A")
		testkit.GitAt(t, proj, nil, crucibleAt(c.at), "commit", "-q", "-m", c.msg)
	}
	senv := []string{"GIT_DIR=" + w.shadow, "GIT_WORK_TREE=" + proj}
	if err := os.MkdirAll(w.shadow, 0o755); err != nil {
		t.Fatal(err)
	}
	testkit.GitAt(t, proj, senv, time.Time{}, "init", "-q")
	for _, cp := range []struct{ reason, at, file, body string }{
		{"pre-design-gate", "12:09:30", "docs/design.md", "design v1\n"},
		{"pre-plan-gate", "12:13:30", "docs/plan.md", "plan v1\n"},
		{"pre-wave-1", "12:14:00", "", ""},
		{"pre-wave-2", "12:25:30", "src/auth.go", "package src // wave 1\n"},
		{"pre-code-review", "12:25:50", "src/auth.go", "package src // reviewed base\n"},
	} {
		if cp.file != "" {
			testkit.Write(t, filepath.Join(proj, cp.file), cp.body)
		}
		testkit.GitAt(t, proj, senv, time.Time{}, "add", "-A")
		testkit.GitAt(t, proj, senv, crucibleAt(cp.at), "commit", "-q", "--allow-empty", "-m", cp.reason+" | 2026-03-24 "+cp.at+" | build")
	}
	// The checkpointed files are committed in the project too, so only
	// what a test adds counts as uncommitted work.
	testkit.GitAt(t, proj, nil, time.Time{}, "add", "-A")
	testkit.GitAt(t, proj, nil, crucibleAt("12:26:00"), "commit", "-q", "-m", "wave 2 base")
	old := time.Now().Add(-2 * time.Hour)
	for _, p := range []string{w.manifest(), w.marker} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

func (w cw) shadowLog(t *testing.T) string {
	return testkit.GitAt(t, w.project, []string{"GIT_DIR=" + w.shadow, "GIT_WORK_TREE=" + w.project}, time.Time{}, "log", "--format=%s")
}

func TestCrucibleStatus(t *testing.T) {
	w := crucibleWorld(t, "main")
	m := pickup(t, w.project, w.args("status", "--json")...).want(t, exitOK).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	if s["source"] != "crucible" || s["path"] != w.marker || s["title"] != "build pipeline "+w.sid || s["branch"] != "main" {
		t.Fatalf("session %v", s)
	}
	if s["crash"].(map[string]any)["detected"] != true {
		t.Fatalf("crash %v", s["crash"])
	}
	if rp := s["resume_point"].(map[string]any); rp["phase"] != "Phase 4" {
		t.Fatalf("resume point %v", rp)
	}
	if ph := s["phases"].([]any); len(ph) != 4 || ph[3].(map[string]any)["result"] != "1 completed, 1 in flight" {
		t.Fatalf("phases %v", ph)
	}
	if u := s["units"].(map[string]any); u["label"] != "dispatches" || u["done"].(float64) != 9 || u["total"].(float64) != 10 {
		t.Fatalf("units %v", u)
	}
	titles := []string{}
	for _, sec := range s["sections"].([]any) {
		titles = append(titles, sec.(map[string]any)["title"].(string))
	}
	if len(titles) != 7 || titles[0] != "Replay plan" || titles[2] != "Dispatch timeline" {
		t.Fatalf("sections %v", titles)
	}
	for _, o := range s["options"].([]any) {
		o := o.(map[string]any)
		if o["choice"] == "continue" && (o["enabled"] != true || o["recommended"] != true) {
			t.Fatalf("continue %v", o)
		}
	}
	r := pickup(t, w.project, w.args("status", "--long")...).want(t, exitOK)
	for _, want := range []string{"The previous session crashed.", "Crashed at: Phase 4 (3/4 completed)", "CONTINUE - restore checkpoint pre-code-review, then resume at Phase 4 (recommended)"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("status lacks %q:\n%s", want, r.stdout)
		}
	}
}

// crucible records no pause: a pipeline that wrote its files a few
// minutes ago is not "paused", it may still be running.
func TestCrucibleStatusNeverSaysPaused(t *testing.T) {
	w := crucibleWorld(t, "main")
	recent := time.Now().Add(-5 * time.Minute)
	for _, p := range []string{w.manifest(), w.marker} {
		if err := os.Chtimes(p, recent, recent); err != nil {
			t.Fatal(err)
		}
	}
	r := pickup(t, w.project, w.args("status", "--long")...).want(t, exitOK)
	lines := strings.Split(r.stdout, "\n")
	if strings.Contains(r.stdout, "paused") || len(lines) < 4 || !strings.HasPrefix(lines[1], "Running: ") ||
		!strings.HasPrefix(lines[2], "This crucible pipeline may still be running: it wrote its files ") ||
		!strings.Contains(r.stdout, "\nStopped at: Phase 4") {
		t.Fatalf("status:\n%s", r.stdout)
	}
}

func TestCruciblePlanOnEveryPathForm(t *testing.T) {
	w := crucibleWorld(t, "main")
	r := pickup(t, w.project, w.args("plan")...).want(t, exitOK)
	for _, want := range []string{"# Replay Plan (dry-run)\n\n**Source:** " + w.manifest() + "\n",
		"**Resume point:** Phase 4 boundary (pre-code-review, checkpoint ",
		"| 10 | inquisitor | 4 | dispatched | inquisitor.md | in flight at the crash (no completion line) |"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("plan lacks %q:\n%s", want, r.stdout)
		}
	}
	base := pickup(t, w.project, w.args("plan", "--json")...).want(t, exitOK).json(t)["plan"]
	for _, p := range []string{w.manifest(), w.ddir, w.scratch, w.marker} {
		got := pickup(t, w.project, w.args("plan", "--json", p)...).want(t, exitOK).json(t)["plan"]
		if !reflect.DeepEqual(got, base) {
			t.Errorf("plan %s differs", p)
		}
	}
	pl := base.(map[string]any)
	if rp := pl["resume_point"].(map[string]any); rp["phase"] != "4" || rp["boundary"] != "pre-code-review" {
		t.Fatalf("resume point %v", rp)
	}
}

func TestCruciblePlanOverrides(t *testing.T) {
	w := crucibleWorld(t, "main")
	m := pickup(t, w.project, w.args("plan", "--json", "--from-phase", "2")...).want(t, exitOK).json(t)
	if rp := m["plan"].(map[string]any)["resume_point"].(map[string]any); rp["phase"] != "2" || rp["requested"] != "--from-phase 2" {
		t.Fatalf("from-phase %v", rp)
	}
	if ws := m["warnings"].([]any); len(ws) != 1 || !strings.Contains(ws[0].(string), "is earlier than the automatic resume point (Phase 4)") {
		t.Fatalf("warnings %v", ws)
	}
	m = pickup(t, w.project, w.args("plan", "--json", "--from-seq", "6")...).want(t, exitOK).json(t)
	if rp := m["plan"].(map[string]any)["resume_point"].(map[string]any); rp["phase"] != "3" || rp["boundary"] != "pre-wave-1" {
		t.Fatalf("from-seq %v", rp)
	}
	r := pickup(t, w.project, w.args("plan", "--mutate", "inquisitor.md=strict.md")...).want(t, exitOK)
	if !strings.HasSuffix(strings.TrimSpace(r.stdout), "## Template Mutations\n\n- inquisitor.md -> strict.md") ||
		!strings.Contains(r.stdout, "| inquisitor.md -> strict.md |") || !strings.Contains(r.stderr, "warning: --mutate inquisitor.md=strict.md: the replacement template strict.md does not exist") {
		t.Fatalf("stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	}
	for _, bad := range [][]string{{"--from-phase", "x"}, {"--from-seq", "0"}, {"--mutate", "no-equals"}} {
		r := pickup(t, w.project, w.args(append([]string{"plan"}, bad...)...)...)
		if r.code != exitUsage || r.stdout != "" {
			t.Errorf("%v: exit %d stdout %q", bad, r.code, r.stdout)
		}
	}
}

func TestCruciblePlanCorrupted(t *testing.T) {
	w := crucibleWorld(t, "main")
	testkit.Write(t, w.manifest(), testkit.Read(t, filepath.Join(crucibleFixtures, "garbage", "manifest.jsonl")))
	r := pickup(t, w.project, w.args("plan")...).want(t, exitCorrupted)
	if r.stdout != "" || !strings.Contains(r.stderr, "Manifest is empty or entirely corrupted. Cannot resume.") {
		t.Fatalf("stdout %q stderr %q", r.stdout, r.stderr)
	}
	m := pickup(t, w.project, w.args("status", "--json")...).want(t, exitCorrupted).json(t)
	p := m["sessions"].([]any)[0].(map[string]any)["problem"].(map[string]any)
	if p["kind"] != "session_corrupted" || p["message"] != "Manifest is empty or entirely corrupted. Cannot resume." || p["path"] != w.manifest() {
		t.Fatalf("problem %v", p)
	}
	pickup(t, w.project, w.args("resume", "--choice", "continue")...).want(t, exitCorrupted)
	// DISCARD still archives it.
	m = pickup(t, w.project, w.args("resume", "--choice", "discard", "--yes", "--json")...).want(t, exitOK).json(t)
	if m["resume_action"] != "session_discarded" || !strings.HasPrefix(m["archived_to"].(string), w.marker+".discarded.") {
		t.Fatalf("%v", m)
	}
}

func TestCrucibleRestoreNeedsYesThenRestores(t *testing.T) {
	w := crucibleWorld(t, "main")
	testkit.Write(t, filepath.Join(w.project, "src", "auth.go"), "package src // half-done\n")
	testkit.Write(t, filepath.Join(w.project, "notes.txt"), "untracked notes\n")
	logBefore := w.shadowLog(t)
	m := pickup(t, w.project, w.args("resume", "--choice", "continue", "--json")...).want(t, exitBlocked).json(t)
	// The question names the file the restore leaves in place: `git
	// checkout <checkpoint> -- .` deletes nothing.
	q := "About to restore working directory to checkpoint pre-code-review (taken at 2026-03-24 12:25:50, branch main). This will reset uncommitted changes. This file was created after checkpoint pre-code-review and stays (the restore deletes nothing): notes.txt. Proceed? [yes / no]"
	if m["veto"] != "confirmation_required" || !strings.HasPrefix(m["reason"].(string), q) {
		t.Fatalf("%v", m)
	}
	if testkit.Read(t, filepath.Join(w.project, "src", "auth.go")) != "package src // half-done\n" || w.shadowLog(t) != logBefore {
		t.Fatal("a refused restore changed something")
	}
	m = pickup(t, w.project, w.args("resume", "--choice", "continue", "--yes", "--json")...).want(t, exitOK).json(t)
	if m["resume_action"] != "execute_story" || m["blocked"] != false {
		t.Fatalf("%v", m)
	}
	if got := m["changed"].([]any); len(got) != 2 || got[0] != filepath.Join(w.project, "src", "auth.go") || got[1] != w.shadow {
		t.Fatalf("changed %v", got)
	}
	ctx := m["restored_context"].(map[string]any)
	if ctx["next_seq"].(float64) != 11 || ctx["resume_phase"] != "4" || !strings.HasPrefix(ctx["compression_state"].(string), "===COMPRESSION_STATE===\n") {
		t.Fatalf("context %v", ctx)
	}
	if !reflect.DeepEqual(ctx["files_staying"], []any{"notes.txt"}) {
		t.Fatalf("files_staying %v", ctx["files_staying"])
	}
	if testkit.Read(t, filepath.Join(w.project, "src", "auth.go")) != "package src // reviewed base\n" || testkit.Read(t, filepath.Join(w.project, "notes.txt")) != "untracked notes\n" {
		t.Fatal("restore result wrong")
	}
	if first := strings.SplitN(w.shadowLog(t), "\n", 2)[0]; !strings.HasPrefix(first, "pre-restore-safety | ") || !strings.HasSuffix(first, " | pickup") {
		t.Fatalf("shadow log %q", first)
	}
	if ns := m["next_step"].(string); !strings.HasPrefix(ns, "Restored checkpoint pre-code-review (1 file); the pre-restore-safety checkpoint ") ||
		!strings.Contains(ns, "taken first keeps the previous state, and pickup undo puts it back.") || !strings.HasSuffix(ns, "Resume build pipeline "+w.sid+" at Phase 4: re-execute 2 dispatches; new manifest entries start at seq 11.") {
		t.Fatalf("next_step %q", ns)
	}
	// The undo command in the context works.
	undo := exec.Command("sh", "-c", ctx["undo_restore"].(string))
	undo.Env = append(os.Environ(), testkit.GitEnv...)
	if out, err := undo.CombinedOutput(); err != nil {
		t.Fatalf("undo: %v\n%s", err, out)
	}
	if testkit.Read(t, filepath.Join(w.project, "src", "auth.go")) != "package src // half-done\n" {
		t.Fatal("undo did not bring the work back")
	}
}

func TestCrucibleBranchMismatch(t *testing.T) {
	w := crucibleWorld(t, "feature/auth")
	logBefore := w.shadowLog(t)
	msg := "Pipeline was running on branch feature/auth but you are on main. Switch to feature/auth before resuming — restoring a checkpoint from a different branch would contaminate your working directory."
	for _, args := range [][]string{{"resume", "--choice", "continue", "--json"}, {"resume", "--choice", "continue", "--yes", "--json"}} {
		m := pickup(t, w.project, w.args(args...)...).want(t, exitBlocked).json(t)
		if m["veto"] != "branch_mismatch" || m["reason"] != msg || len(m["changed"].([]any)) != 0 {
			t.Fatalf("%v", m)
		}
	}
	if w.shadowLog(t) != logBefore {
		t.Fatal("the shadow repository changed")
	}
	r := pickup(t, w.project, w.args("resume", "--choice", "continue")...).want(t, exitBlocked)
	if r.stdout != "blocked: "+msg+"\n" {
		t.Fatalf("stdout %q", r.stdout)
	}
}

func TestCrucibleEmitPrompt(t *testing.T) {
	w := crucibleWorld(t, "main")
	r := pickup(t, w.project, w.args("resume", "--choice", "continue", "--no-restore", "--emit", "prompt")...).want(t, exitOK)
	if !strings.HasPrefix(r.stdout, "===COMPRESSION_STATE===\nGoal: «Add token authentication with refresh to the API»\nSkill: build\nPhase: 4\n") ||
		!strings.HasSuffix(r.stdout, "===END_COMPRESSION_STATE===\n") {
		t.Fatalf("prompt:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout, "- Resuming from the Phase 4 boundary via replay (no checkpoint restored)") {
		t.Fatalf("prompt:\n%s", r.stdout)
	}
	// With the restore, --emit prompt needs --yes like the decision does.
	pickup(t, w.project, w.args("resume", "--choice", "continue", "--emit", "prompt")...).want(t, exitBlocked)
}

func TestCrucibleRestartIsVetoedThenArchivesTheMarker(t *testing.T) {
	w := crucibleWorld(t, "main")
	testkit.Write(t, filepath.Join(w.project, "src", "auth.go"), "package src // uncommitted\n")
	marker := testkit.Read(t, w.marker)
	m := pickup(t, w.project, w.args("resume", "--choice", "restart", "--yes", "--json")...).want(t, exitBlocked).json(t)
	if m["veto"] != "uncommitted_changes" || m["files"].([]any)[0] != "src/auth.go" {
		t.Fatalf("%v", m)
	}
	testkit.GitAt(t, w.project, nil, time.Time{}, "checkout", "--", "src/auth.go")
	m = pickup(t, w.project, w.args("resume", "--choice", "restart", "--yes", "--json")...).want(t, exitOK).json(t)
	if m["resume_action"] != "restart" || m["changed"].([]any)[0] != w.marker || !strings.HasPrefix(m["next_step"].(string), "Start the build pipeline fresh from phase 1") {
		t.Fatalf("%v", m)
	}
	archived := m["restored_context"].(map[string]any)["marker_archived_to"].(string)
	if testkit.Read(t, archived) != marker {
		t.Fatal("archived marker differs")
	}
	// The old pipeline is history now: listed, not opened.
	s := pickup(t, w.project, w.args("status", "--json")...).want(t, exitOK).json(t)["sessions"].([]any)[0].(map[string]any)
	if s["archived"] != true || s["path"] != w.manifest() {
		t.Fatalf("status %v", s)
	}
	pickup(t, w.project, w.args("resume", "--choice", "continue")...).want(t, exitNoSession)
}

func TestCrucibleDiscard(t *testing.T) {
	w := crucibleWorld(t, "main")
	manifest := testkit.Read(t, w.manifest())
	pickup(t, w.project, w.args("resume", "--choice", "discard", "--json")...).want(t, exitBlocked)
	m := pickup(t, w.project, w.args("resume", "--choice", "discard", "--yes", "--json")...).want(t, exitOK).json(t)
	ch := m["changed"].([]any)
	want := []any{w.marker, filepath.Join(w.scratch, "handoff-2-to-3.md"), filepath.Join(w.scratch, "handoff-3-to-4.md"), w.ddir}
	if !reflect.DeepEqual(ch, want) {
		t.Fatalf("changed %v", ch)
	}
	ms := strings.TrimPrefix(m["archived_to"].(string), w.marker+".discarded.")
	if testkit.Read(t, filepath.Join(w.ddir+".discarded."+ms, "manifest.jsonl")) != manifest {
		t.Fatal("manifest not kept byte for byte")
	}
	r := pickup(t, w.project, w.args("status", "--source", "crucible")...).want(t, exitNoSession)
	if !strings.Contains(r.stderr, "no interrupted crucible pipeline for "+w.project+": there is no .pipeline-active in "+w.scratch) {
		t.Fatalf("stderr %q", r.stderr)
	}
}

// A project someone else prepared: its marker names $HOME as the
// dispatch directory. DISCARD moves only crucible-dispatch-<id> folders
// in the scratch or temp folder, and its question says what it leaves.
func TestCrucibleDiscardHostileMarkerDispatchDirIsHome(t *testing.T) {
	w := crucibleWorld(t, "main")
	home := t.TempDir()
	t.Setenv("HOME", home)
	testkit.Write(t, filepath.Join(home, ".profile"), "keep me\n")
	testkit.Write(t, w.marker, strings.Replace(testkit.Read(t, w.marker), `"dispatch_dir": "/tmp/crucible-dispatch-`+w.sid+`/"`, `"dispatch_dir": "`+home+`"`, 1))
	m := pickup(t, w.project, w.args("resume", "--choice", "discard", "--json")...).want(t, exitBlocked).json(t)
	if q := m["reason"].(string); !strings.Contains(q, "the folder "+w.ddir) || !strings.Contains(q, "Not moved: "+home+" (the home folder or an ancestor of it).") {
		t.Fatalf("question %q", q)
	}
	m = pickup(t, w.project, w.args("resume", "--choice", "discard", "--yes", "--json")...).want(t, exitOK).json(t)
	for _, c := range m["changed"].([]any) {
		if c == home {
			t.Fatalf("moved $HOME: %v", m["changed"])
		}
	}
	if testkit.Read(t, filepath.Join(home, ".profile")) != "keep me\n" {
		t.Fatal("$HOME changed")
	}
}

func TestCrucibleReviewWhenNotCrashed(t *testing.T) {
	w := crucibleWorld(t, "main")
	now := time.Now()
	os.Chtimes(w.manifest(), now, now)
	m := pickup(t, w.project, w.args("resume", "--choice", "review", "--json")...).want(t, exitOK).json(t)
	if m["resume_action"] != "show_progress" || len(m["phases"].([]any)) != 4 {
		t.Fatalf("%v", m)
	}
}

func TestCrucibleDiff(t *testing.T) {
	w := crucibleWorld(t, "main")
	replay, _ := filepath.Abs(filepath.Join(crucibleFixtures, "replay", "manifest.jsonl"))
	garbage, _ := filepath.Abs(filepath.Join(crucibleFixtures, "garbage", "manifest.jsonl"))
	r := pickup(t, w.project, "diff", replay, replay).want(t, exitOK)
	for _, want := range []string{"# Replay Diff: original vs r-1775500000\n", "## Template Mutations\n\n- quality-gate-prompt.md -> strict-gate.md\n",
		"| Acceptance tests | PASS | FAIL | changed |", "## Per-Dispatch Comparison", "## Artifact Diff"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("diff lacks %q:\n%s", want, r.stdout)
		}
	}
	var sig map[string]any
	out := pickup(t, w.project, "diff", "--json", replay, replay).want(t, exitOK).stdout
	if err := json.Unmarshal([]byte(out), &sig); err != nil || sig["type"] != "replay-diff" || sig["replay_session"] != "r-1775500000" {
		t.Fatalf("signal %v (%v)", sig, err)
	}
	r = pickup(t, w.project, "diff", replay, garbage).want(t, exitCorrupted)
	if !strings.Contains(r.stderr, "Manifest is empty or entirely corrupted. Cannot resume.") {
		t.Fatalf("stderr %q", r.stderr)
	}
	pickup(t, w.project, "diff", replay).want(t, exitUsage)
	pickup(t, w.project, "diff", replay, filepath.Join(w.project, "nope.jsonl")).want(t, exitUsage)
	// The report follows the run's language; the signal does not.
	r = pickup(t, w.project, "diff", "--lang", "pt-BR", replay, replay).want(t, exitOK)
	for _, want := range []string{"# Diff do Replay: original vs r-1775500000\n", "## Mutações de template\n\n- quality-gate-prompt.md -> strict-gate.md\n",
		"| Testes de aceitação | PASS | FAIL | mudou |", "## Comparação por despacho", "## Diff dos artefatos"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("pt-BR diff lacks %q:\n%s", want, r.stdout)
		}
	}
	if pt := pickup(t, w.project, "diff", "--lang", "pt-BR", "--json", replay, replay).want(t, exitOK).stdout; pt != out {
		t.Errorf("the signal changed with the language:\n%s\n%s", pt, out)
	}
	r = pickup(t, w.project, "diff", "--lang", "pt-BR", replay, garbage).want(t, exitCorrupted)
	if !strings.Contains(r.stderr, "O manifesto está vazio ou todo corrompido. Não dá para retomar.") {
		t.Fatalf("stderr %q", r.stderr)
	}
}

// REVIEW after a crash is seed 001's rule (AIOS) only: a crucible
// pipeline silent for two hours (crashed) keeps REVIEW, and its
// dashboard holds the replay plan exactly when it matters.
func TestCrucibleReviewAfterACrash(t *testing.T) {
	w := crucibleWorld(t, "main")
	st := pickup(t, w.project, w.args("status", "--json")...).want(t, exitOK).json(t)
	s := st["sessions"].([]any)[0].(map[string]any)
	if s["crash"].(map[string]any)["detected"] != true {
		t.Fatalf("crash %v", s["crash"])
	}
	for _, o := range s["options"].([]any) {
		if o := o.(map[string]any); o["choice"] == "review" && (o["offered"] != true || o["enabled"] != true) {
			t.Fatalf("review after a crash %v", o)
		}
	}
	m := pickup(t, w.project, w.args("resume", "--choice", "review", "--json")...).want(t, exitOK).json(t)
	if m["resume_action"] != "show_progress" || len(m["phases"].([]any)) != 4 {
		t.Fatalf("%v", m)
	}
	r := pickup(t, w.project, w.args("status", "--long")...).want(t, exitOK)
	if !strings.Contains(r.stdout, "The previous session crashed.") || !strings.Contains(r.stdout, "2. REVIEW") {
		t.Fatalf("status:\n%s", r.stdout)
	}
}
