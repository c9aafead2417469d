package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/git"
	"github.com/pickup-dev/pickup/model"
)

// Issue 17, sections 2 to 4: the veto that explains itself, the context
// guard and the evidence that a workflow is still at work, on real temp
// git repositories and real processes.

// gitIdentity is what the shell running the veto's advice needs to
// commit, with git kept off the machine's configuration.
var gitIdentity = []string{"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
	"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t"}

// sh runs a command line in dir as a person pasting it would.
func sh(t *testing.T, dir, line string) string {
	t.Helper()
	cmd := exec.Command("sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), gitIdentity...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", line, err, out)
	}
	return string(out)
}

// TestVetoExplainsEachClass: an AIOS project in a git repository with a
// change of every class. The veto lists the run's files (the story the
// session records, a file changed while the run was at work) and the
// person's (a rename, an untracked file), each with its git status;
// the session's own state file and pickup's archive do not block. The
// advice is commands that work: the stash clears the way and keeps the
// state file and the archive where they are; the commit by name too.
func TestVetoExplainsEachClass(t *testing.T) {
	dir, state := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	testkit.Write(t, filepath.Join(dir, "docs", "stories", "12.3.story.md"), "# 12.3\n")
	testkit.Write(t, filepath.Join(dir, "src", "auth.go"), "package auth\n")
	testkit.Write(t, filepath.Join(dir, "old name.txt"), "o\n")
	testkit.Commit(t, dir, "base")

	testkit.Write(t, filepath.Join(dir, "docs", "stories", "12.3.story.md"), "# 12.3\nhalf written\n")
	duringRun := time.Now().Add(-3 * time.Hour) // after started_at, before last_updated
	testkit.Write(t, filepath.Join(dir, "src", "auth.go"), "package auth // edited by the run\n")
	if err := os.Chtimes(filepath.Join(dir, "src", "auth.go"), duringRun, duringRun); err != nil {
		t.Fatal(err)
	}
	testkit.Git(t, dir, nil, "mv", "old name.txt", "new name.txt")
	testkit.Write(t, filepath.Join(dir, "notes.md"), "mine\n")
	testkit.Write(t, state, testkit.Read(t, state)+"# touched\n")
	archive := state + ".discarded.20261124T101500Z"
	testkit.Write(t, archive, "an earlier session\n")
	testkit.Write(t, filepath.Join(dir, ".pickup", "log.jsonl"), "{}\n") // ignored by nobody here: still pickup's own

	m := pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, exitBlocked).json(t)
	if m["veto"] != "uncommitted_changes" || m["reason"] != "4 files have uncommitted changes" {
		t.Fatalf("%v", m)
	}
	if got, want := m["files"], []any{"docs/stories/12.3.story.md", "new name.txt", "notes.md", "src/auth.go"}; !sameItems(got.([]any), want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	classes := map[string]string{}
	for _, c := range m["changes"].([]any) {
		c := c.(map[string]any)
		line := c["status"].(string) + " " + c["class"].(string)
		if w, ok := c["why"].(string); ok {
			line += " " + w
		}
		if o, ok := c["orig_path"].(string); ok {
			line += " from " + o
		}
		classes[c["path"].(string)] = line
	}
	want := map[string]string{
		".aios/.session-state.yaml":                            "modified state",
		".aios/.session-state.yaml.discarded.20261124T101500Z": "untracked pickup",
		".pickup/log.jsonl":                                    "untracked pickup",
		"docs/stories/12.3.story.md":                           "modified run artifact",
		"src/auth.go":                                          "modified run during_run",
		"new name.txt":                                         "renamed other from old name.txt",
		"notes.md":                                             "untracked other",
	}
	if !reflect.DeepEqual(classes, want) {
		t.Fatalf("changes\n%v\nwant\n%v", classes, want)
	}
	advice := m["advice"].([]any)
	if len(advice) != 2 || !strings.HasPrefix(advice[0].(string), "git stash push --include-untracked -m 'before pickup restart' -- ':(top)' ") ||
		!strings.Contains(advice[1].(string), "'new name.txt' 'old name.txt'") {
		t.Fatalf("advice %q", advice)
	}

	// The text: files by class, what was not counted, the commands.
	r := pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitBlocked)
	for _, line := range []string{
		"Your other changes:\n  renamed    new name.txt (from old name.txt)\n  untracked  notes.md\n",
		"Written by the interrupted run:\n  modified   docs/stories/12.3.story.md (recorded by the session)\n  modified   src/auth.go (changed while the run was at work)\n",
		"Not counted, restart leaves them be: the session's own state (1) and pickup's own archives and log (2).\n",
		"Stash them (git stash pop brings them back):\n  " + advice[0].(string) + "\n",
		"OR commit the listed files by name:\n  " + advice[1].(string) + "\n",
	} {
		if !strings.Contains(r.stderr, line) {
			t.Fatalf("stderr lacks %q:\n%s", line, r.stderr)
		}
	}
	if strings.Contains(r.stderr+r.stdout, "git add .") {
		t.Fatal("the old advice is back")
	}

	// The stash clears the way, leaving the state file and the archive.
	stateBefore := testkit.Read(t, state)
	sh(t, dir, advice[0].(string))
	if testkit.Read(t, state) != stateBefore || testkit.Read(t, archive) != "an earlier session\n" {
		t.Fatal("the stash took the session's own files")
	}
	if got := sh(t, dir, "git stash list"); !strings.Contains(got, "before pickup restart") {
		t.Fatalf("stash list %q", got)
	}
	pickup(t, dir, "resume", "--choice", "restart", "--json").want(t, exitBlocked) // only --yes missing now
	sh(t, dir, "git stash pop -q")
	if testkit.Read(t, filepath.Join(dir, "notes.md")) != "mine\n" {
		t.Fatal("the stash did not give the work back")
	}

	// The commit by name clears the way too, and commits only those.
	sh(t, dir, advice[1].(string))
	if got := sh(t, dir, "git show --name-only --no-renames --format= HEAD"); !sameItems(lines(got), []any{"docs/stories/12.3.story.md", "new name.txt", "notes.md", "old name.txt", "src/auth.go"}) {
		t.Fatalf("committed %q", got)
	}
	m = pickup(t, dir, "resume", "--choice", "restart", "--yes", "--json").want(t, exitOK).json(t)
	if m["resume_action"] != "restart" {
		t.Fatalf("%v", m)
	}
}

func lines(s string) []any {
	var out []any
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		out = append(out, l)
	}
	return out
}

func sameItems(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[any]int{}
	for _, x := range a {
		seen[x]++
	}
	for _, x := range b {
		seen[x]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}

// demoProject unpacks the demo's sample (a session of every format) into
// a git repository with everything committed, and returns the project
// and the Claude home crucible's files are under.
func demoProject(t *testing.T) (project, home string) {
	t.Helper()
	testkit.Isolate(t)
	root := testkit.RealTempDir(t)
	project, home = filepath.Join(root, "shop"), filepath.Join(root, "claude-home")
	if err := unpackSample(project, home, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := gitSample(project); err != nil {
		t.Fatal(err)
	}
	testkit.Commit(t, project, "the sample's edit")
	return project, home
}

// sessionOf is the id of the live session of source in status JSON.
func sessionOf(t *testing.T, project, home, source string) string {
	t.Helper()
	m := pickup(t, project, "status", "--json", "--claude-home", home, "--source", source).json(t)
	for _, s := range m["sessions"].([]any) {
		s := s.(map[string]any)
		if s["archived"] != true {
			return s["id"].(string)
		}
	}
	t.Fatalf("no live %s session in %v", source, m)
	return ""
}

// TestSecondRestartNotVetoed: in every format, what a first write
// leaves in the project (the rewritten state, the archives) never blocks
// the next RESTART. Where the session still offers RESTART it is run
// again and must go through; in every case each of the source's
// sessions, read again, finds nothing that blocks among git's changes.
// atelier has no RESTART: its DISCARD's archive is checked the same way,
// and must not block the AIOS session's RESTART either.
func TestSecondRestartNotVetoed(t *testing.T) {
	for _, f := range registeredFormats(t) {
		src := f.name
		t.Run(src, func(t *testing.T) {
			var project, home string
			if f.restartWorld != nil {
				project, home = f.restartWorld(t)
			} else {
				project, home = demoProject(t)
			}
			id := sessionOf(t, project, home, src)
			args := func(source, id, choice string) []string {
				return []string{"resume", "--json", "--claude-home", home, "--source", source, "--session", id, "--choice", choice, "--yes"}
			}
			first := "restart"
			if f.restartFirst != "" {
				first = f.restartFirst
			}
			if m := pickup(t, project, args(src, id, first)...).want(t, exitOK).json(t); m["blocked"] != false {
				t.Fatalf("first %s: %v", first, m)
			}
			changes := git.Status(project).Changes
			if len(changes) == 0 && !f.restartNoChanges {
				t.Fatal("the first write left nothing in the project: nothing was tested")
			}
			// Every session of the source, read again, as the core
			// classifies git's changes for it.
			a := newApp(t.Context(), stdio{out: io.Discard, err: io.Discard})
			a.claudeHome, a.source = home, src
			sessions, err := a.find(project)
			if err != nil || len(sessions) == 0 {
				t.Fatalf("sessions %v: %v", sessions, err)
			}
			for _, s := range sessions {
				if s.Archived {
					continue // history: never restarted
				}
				for _, f := range model.Classify(s, changes) {
					if f.Class.Blocks() {
						t.Errorf("%s session %s: %s (%s) blocks a restart", src, s.ID, f.Path, f.Class)
					}
				}
			}
			// The second RESTART, where it is offered.
			again, againID := src, id
			if f.restartAgain != "" {
				again, againID = f.restartAgain, sessionOf(t, project, home, f.restartAgain)
			}
			r := pickup(t, project, args(again, againID, "restart")...)
			if r.code == exitNoSession {
				return // the first write made it history (crucible)
			}
			m := r.json(t)
			switch {
			case m["veto"] == "uncommitted_changes":
				t.Fatalf("the second restart is vetoed: %v", m["changes"])
			case m["veto"] == "choice_unavailable":
				// Nothing left to restart (bookforge): checked above.
			case r.code != exitOK:
				t.Fatalf("second restart: exit %d %v", r.code, m)
			}
		})
	}
}

// TestContextGuardAIOS: the state records feature/jwt; on main the
// status names both sides, CONTINUE needs --yes and says so in its
// decision; on feature/jwt nothing is asked.
func TestContextGuardAIOS(t *testing.T) {
	dir, _ := project(t, 10*time.Minute, "PAUSE", "development")
	testkit.Commit(t, dir, "init")
	s := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)["sessions"].([]any)[0].(map[string]any)
	want := []any{map[string]any{"kind": "branch", "text": "recorded on feature/jwt, you are on main"}}
	if !reflect.DeepEqual(s["alerts"], want) {
		t.Fatalf("alerts %v", s["alerts"])
	}
	if r := pickup(t, dir, "status").want(t, exitOK); !strings.Contains(r.stdout, "! recorded on feature/jwt, you are on main\n") {
		t.Fatalf("status text:\n%s", r.stdout)
	}
	m := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitBlocked).json(t)
	if m["veto"] != "confirmation_required" || m["reason"] != "Recorded on feature/jwt, you are on main.\nContinue here anyway? — run again with --yes to answer yes (nothing was changed)" {
		t.Fatalf("%v", m)
	}
	m = pickup(t, dir, "resume", "--choice", "continue", "--yes", "--json").want(t, exitOK).json(t)
	if m["resume_action"] != "execute_story" || !reflect.DeepEqual(m["warnings"], []any{"continued though recorded on feature/jwt, you are on main"}) ||
		!reflect.DeepEqual(m["alerts"], want) {
		t.Fatalf("%v", m)
	}
	testkit.Git(t, dir, nil, "checkout", "-q", "-b", "feature/jwt")
	m = pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	if m["alerts"] != nil || len(m["warnings"].([]any)) != 0 {
		t.Fatalf("on the recorded branch: %v", m)
	}
}

// TestContextGuardKiln: the phase state records its branch and
// phase_start_commit; both are compared, and both sides named.
func TestContextGuardKiln(t *testing.T) {
	e := kilnFixture(t, "execution", false)
	e.gitProject(t)
	alerts := func() []string {
		s := e.run(t, "status", "--json").want(t, exitOK).json(t)["sessions"].([]any)[0].(map[string]any)
		var out []string
		for _, a := range asList(s["alerts"]) {
			out = append(out, a.(map[string]any)["text"].(string))
		}
		return out
	}
	head := testkit.GitAt(t, e.project, nil, time.Time{}, "rev-parse", "HEAD")
	want := []string{"recorded on kiln/phase-3-checkout-flow, you are on main",
		"recorded from phase_start_commit 4f1c2d9, which this repository does not have (HEAD is " + head[:7] + ")"}
	if got := alerts(); !reflect.DeepEqual(got, want) {
		t.Fatalf("alerts %q, want %q", got, want)
	}
	m := e.run(t, "resume", "--choice", "continue", "--json").want(t, exitBlocked).json(t)
	if m["veto"] != "confirmation_required" || !strings.HasPrefix(m["reason"].(string), "Recorded on kiln/phase-3-checkout-flow, you are on main.\nRecorded from phase_start_commit 4f1c2d9") {
		t.Fatalf("%v", m)
	}
	e.run(t, "resume", "--choice", "continue", "--yes", "--json").want(t, exitOK)

	// On the phase's branch, started from a commit HEAD descends from.
	state := filepath.Join(e.project, ".kiln", "phase_3_state.md")
	testkit.Git(t, e.project, nil, "checkout", "-q", "-b", "kiln/phase-3-checkout-flow")
	testkit.Write(t, state, strings.Replace(testkit.Read(t, state), "phase_start_commit: 4f1c2d9", "phase_start_commit: "+head[:7], 1))
	testkit.Write(t, filepath.Join(e.project, "app.js"), "v2\n")
	testkit.Git(t, e.project, nil, "commit", "-q", "-am", "the phase's work")
	agePhaseStates(t, filepath.Join(e.project, ".kiln"))
	if got := alerts(); got != nil {
		t.Fatalf("alerts on the phase's branch: %q", got)
	}
	// A history without the start commit (another line of work).
	testkit.Git(t, e.project, nil, "checkout", "-q", "--orphan", "kiln/other")
	testkit.Git(t, e.project, nil, "commit", "-q", "-m", "unrelated")
	testkit.Git(t, e.project, nil, "branch", "-q", "-D", "kiln/phase-3-checkout-flow")
	testkit.Git(t, e.project, nil, "branch", "-q", "-m", "kiln/phase-3-checkout-flow")
	head2 := testkit.GitAt(t, e.project, nil, time.Time{}, "rev-parse", "HEAD")
	want = []string{"recorded from phase_start_commit " + head[:7] + ", which is not in your checkout's history (HEAD is " + head2[:7] + ")"}
	if got := alerts(); !reflect.DeepEqual(got, want) {
		t.Fatalf("alerts %q, want %q", got, want)
	}
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

// TestContextGuardAtelier: the snapshot records feature/user-auth and
// last_commit "a1b2c3d Add auth models"; the demo's repository is on
// feature/jwt-handler and has no such commit.
func TestContextGuardAtelier(t *testing.T) {
	project, home := demoProject(t)
	id := sessionOf(t, project, home, "atelier")
	s := pickup(t, project, "status", "--json", "--source", "atelier", "--session", id, "--claude-home", home).json(t)["sessions"].([]any)[0].(map[string]any)
	head := testkit.GitAt(t, project, nil, time.Time{}, "rev-parse", "HEAD")
	want := []any{
		map[string]any{"kind": "branch", "text": "recorded on feature/user-auth, you are on feature/jwt-handler"},
		map[string]any{"kind": "branch", "text": "recorded from last_commit a1b2c3d, which this repository does not have (HEAD is " + head[:7] + ")"},
	}
	if !reflect.DeepEqual(s["alerts"], want) {
		t.Fatalf("alerts %v", s["alerts"])
	}
	args := []string{"resume", "--json", "--source", "atelier", "--session", id, "--claude-home", home, "--choice", "continue"}
	m := pickup(t, project, args...).want(t, exitBlocked).json(t)
	if m["veto"] != "confirmation_required" || !strings.HasPrefix(m["reason"].(string), "Recorded on feature/user-auth, you are on feature/jwt-handler.\n") {
		t.Fatalf("%v", m)
	}
	m = pickup(t, project, append(args, "--yes")...).want(t, exitOK).json(t)
	if len(m["warnings"].([]any)) != 2 {
		t.Fatalf("%v", m)
	}
}

// TestContextGuardCrucible: crucible's own guard is the context guard's
// alert too, and still refuses CONTINUE even with --yes (its spec).
func TestContextGuardCrucible(t *testing.T) {
	w := crucibleWorld(t, "feature/auth")
	s := pickup(t, w.project, w.args("status", "--json")...).json(t)["sessions"].([]any)[0].(map[string]any)
	found := false
	for _, a := range asList(s["alerts"]) {
		found = found || a.(map[string]any)["text"] == "recorded on feature/auth, you are on main"
	}
	if !found {
		t.Fatalf("alerts %v", s["alerts"])
	}
	m := pickup(t, w.project, w.args("resume", "--choice", "continue", "--yes", "--json")...).want(t, exitBlocked).json(t)
	if m["veto"] != "branch_mismatch" {
		t.Fatalf("%v", m)
	}
}

// TestHeadMovedRefusesAWrite: a write on a session loaded on one
// checkout is refused once HEAD moved (a commit, another branch), and
// goes ahead when it did not.
func TestHeadMovedRefusesAWrite(t *testing.T) {
	testkit.Isolate(t)
	dir := testkit.RealTempDir(t)
	testkit.Write(t, filepath.Join(dir, "a"), "a\n")
	testkit.Commit(t, dir, "one")
	at := git.Checkout(dir, "")
	if err := headMoved(&at); err != nil {
		t.Fatalf("unmoved: %v", err)
	}
	if err := headMoved(nil); err != nil {
		t.Fatalf("no checkout: %v", err)
	}
	testkit.Write(t, filepath.Join(dir, "a"), "b\n")
	testkit.Commit(t, dir, "two")
	err := headMoved(&at)
	ge, ok := err.(*model.GuardError)
	if !ok || ge.Kind != model.GuardHeadMoved || !strings.Contains(ge.Message, "(main at "+at.Head[:7]+" then, main at ") {
		t.Fatalf("%v", err)
	}
	testkit.Git(t, dir, nil, "checkout", "-q", "-b", "other", at.Head)
	if err := headMoved(&at); err == nil || !strings.Contains(err.Error(), "other at "+at.Head[:7]+" now") {
		t.Fatalf("another branch: %v", err)
	}
}

// TestHeadMovedInTheWizard: the wizard opens the AIOS session (recorded
// on main, so no question); HEAD moves while it is open; DISCARD is then
// refused and nothing moves.
func TestHeadMovedInTheWizard(t *testing.T) {
	dir, state := project(t, 10*time.Minute, "PAUSE", "development")
	testkit.Write(t, state, strings.Replace(testkit.Read(t, state), "branch: feature/jwt", "branch: main", 1))
	testkit.Commit(t, dir, "init")
	before := testkit.Read(t, state)
	p := startPane(t, 100, 30, dir, nil, dir)
	p.waitFor("What do you want to do?")
	testkit.Write(t, filepath.Join(dir, "b"), "b\n")
	testkit.Commit(t, dir, "moved on")
	p.keys("4") // DISCARD
	p.waitFor("Discard this session?")
	time.Sleep(600 * time.Millisecond) // the confirmation's grace period
	p.keys("y")
	p.waitFor("HEAD moved since pickup read this session")
	if testkit.Read(t, state) != before {
		t.Fatal("the state file changed")
	}
	p.quit()
}

// standInAgent copies /bin/sleep to a file named name and runs it with
// its working folder in dir, until the test ends.
func standInAgent(t *testing.T, name, dir string) int {
	t.Helper()
	data, err := os.ReadFile("/bin/sleep")
	if err != nil {
		t.Skip("no /bin/sleep to stand in for an agent")
	}
	exe := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(exe, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "120")
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	comm := filepath.Join("/proc", strconv.Itoa(cmd.Process.Pid), "comm")
	for range 200 {
		if b, err := os.ReadFile(comm); err == nil && strings.TrimSpace(string(b)) == name {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	return cmd.Process.Pid
}

// TestRunningWithAStandInClaude: a session that would be a crash is
// running while a program named claude works in the project; status and
// resume say which evidence they used, and the crash is back once it
// has stopped. A claude that runs pickup itself (the hook) is not
// evidence.
func TestRunningWithAStandInClaude(t *testing.T) {
	if _, err := os.Stat("/proc/self/cwd"); err != nil {
		t.Skip("no /proc: the process table is not read here")
	}
	dir, _ := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	crash := func() map[string]any {
		s := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)["sessions"].([]any)[0].(map[string]any)
		return s
	}
	if c := crash()["crash"].(map[string]any); c["detected"] != true || c["running"] != nil {
		t.Fatalf("before: %v", c)
	}

	sub := filepath.Join(dir, "src")
	os.MkdirAll(sub, 0o755)
	pid := standInAgent(t, "claude", sub)
	detail := "claude (pid " + strconv.Itoa(pid) + ") is running in this project (in src)"
	s := crash()
	c := s["crash"].(map[string]any)
	wantAct := []any{map[string]any{"kind": "process", "detail": detail, "pid": float64(pid), "name": "claude"}}
	if c["detected"] != false || c["running"] != true || c["reason"] != detail || !reflect.DeepEqual(c["activity"], wantAct) {
		t.Fatalf("crash %v", c)
	}
	if !reflect.DeepEqual(s["alerts"], []any{map[string]any{"kind": "running", "text": detail}}) {
		t.Fatalf("alerts %v", s["alerts"])
	}
	if r := pickup(t, dir, "status").want(t, exitOK); !strings.Contains(r.stdout, "! "+detail+": resuming now could run the work twice\n") {
		t.Fatalf("status text:\n%s", r.stdout)
	}
	m := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	if !reflect.DeepEqual(m["activity"], wantAct) {
		t.Fatalf("resume %v", m)
	}
	// The agents' session-start hook tells the agent too.
	r := hookRun(t, dir, payload("claude", dir, "startup"), nil, "--agent", "claude").want(t, exitOK)
	if ctx := hookContext(t, "claude", r.stdout); !strings.Contains(ctx, "Activity: "+detail+"; resuming it now could run the work twice.") {
		t.Fatalf("hook context:\n%s", ctx)
	}

	// The agent that runs pickup (a hook, its shell) is not a second run.
	data, _ := os.ReadFile("/bin/sh")
	parent := filepath.Join(t.TempDir(), "codex")
	if err := os.WriteFile(parent, data, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(parent, "-c", bin+" status --json; true")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "codex (pid") {
		t.Fatalf("pickup's own parent counted:\n%s", out)
	}
}

// TestRecordedFacts: what each format's loader says about where its run
// took place, when it started, and which files it keeps writing, read
// from the demo's sample (and kiln's era B fixture) by the real loaders.
func TestRecordedFacts(t *testing.T) {
	project, home := demoProject(t)
	e := kilnFixture(t, "execution", false)
	at := func(s string) time.Time {
		tt, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return tt
	}
	find := func(dir, source string) *model.Session {
		a := newApp(t.Context(), stdio{out: io.Discard, err: io.Discard})
		a.claudeHome, a.source = home, source
		if source == "kiln" && dir == e.project {
			a.claudeHome = e.home
		}
		ss, err := a.find(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range ss {
			if !s.Archived {
				return s
			}
		}
		t.Fatalf("no live %s session", source)
		return nil
	}
	aios := find(project, "aios")
	if aios.Recorded.Branch != "feature/jwt-handler" || time.Since(aios.Recorded.Started).Round(time.Hour) != 3*time.Hour {
		t.Errorf("aios %+v", aios.Recorded)
	}
	kiln := find(e.project, "kiln")
	if want := (model.Recorded{Branch: "kiln/phase-3-checkout-flow", Commit: "4f1c2d9", CommitField: "phase_start_commit", Started: at("2026-02-20T10:00:00Z")}); kiln.Recorded != want {
		t.Errorf("kiln %+v, want %+v", kiln.Recorded, want)
	}
	if kiln.TouchedWhat != "phase_3_state.md" || kiln.Touched.IsZero() {
		t.Errorf("kiln touched %v %q", kiln.Touched, kiln.TouchedWhat)
	}
	a := newApp(t.Context(), stdio{out: io.Discard, err: io.Discard})
	a.source = "atelier"
	ss, _ := a.find(project)
	got := map[string]model.Recorded{}
	for _, s := range ss {
		got[filepath.Base(s.Path)] = s.Recorded
	}
	if want := (model.Recorded{Branch: "feature/user-auth", Commit: "a1b2c3d", CommitField: "last_commit"}); got["2026-02-15-feature-user-auth.json"] != want {
		t.Errorf("atelier snapshot %+v, want %+v", got["2026-02-15-feature-user-auth.json"], want)
	}
	if !got["state.json"].Empty() {
		t.Errorf("atelier state.json records %+v", got["state.json"])
	}
	cru := find(project, "crucible")
	if cru.Recorded.Branch != "feature/jwt-handler" || !cru.Recorded.Strict || cru.Recorded.CommitField != "baseline_sha" ||
		time.Since(cru.Recorded.Started).Round(time.Minute) != 49*time.Minute {
		t.Errorf("crucible %+v", cru.Recorded)
	}
	if !strings.HasPrefix(cru.TouchedWhat, "the dispatch manifest (") || time.Since(cru.Touched) > time.Hour {
		t.Errorf("crucible touched %v %q", cru.Touched, cru.TouchedWhat)
	}
	design := find(project, "design")
	if time.Since(design.Recorded.Started).Round(time.Minute) != 7*time.Hour+30*time.Minute || !design.Recorded.Empty() {
		t.Errorf("design %+v", design.Recorded)
	}
	book := find(project, "bookforge")
	if book.Recorded != (model.Recorded{}) || !book.Touched.IsZero() {
		t.Errorf("bookforge records %+v", book.Recorded)
	}
}
