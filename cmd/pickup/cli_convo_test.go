package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/convo"
)

// claudeTranscriptFor writes a Claude Code transcript for cwd under
// home/projects/, its lines running from start to last.
func claudeTranscriptFor(t *testing.T, home, cwd, id string, start, last time.Time) {
	t.Helper()
	line := func(typ, text string, at time.Time) string {
		return `{"parentUuid":null,"isSidechain":false,"cwd":` + strconv.Quote(cwd) + `,"sessionId":"` + id +
			`","version":"2.1.278","gitBranch":"feature/jwt","type":"` + typ + `","message":{"role":"` + typ +
			`","content":` + strconv.Quote(text) + `},"uuid":"u","timestamp":"` + at.UTC().Format(time.RFC3339Nano) + `"}` + "\n"
	}
	testkit.Write(t, filepath.Join(home, "projects", convo.ClaudeFolder(cwd), id+".jsonl"),
		line("user", "*session-resume for story 12.3", start)+line("assistant", "private reply", last))
}

// convoWorld is an AIOS session that crashed two hours ago, in dir, and
// an empty home with its Claude folder for transcripts.
func convoWorld(t *testing.T) (dir, home, claude string) {
	t.Helper()
	dir, _ = project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	home = t.TempDir()
	return dir, home, filepath.Join(home, ".claude")
}

func convoSession(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	s := m["sessions"].([]any)[0].(map[string]any)
	c, _ := s["conversation"].(map[string]any)
	return c
}

func TestConversationBehindASessionDeadOwnerResumes(t *testing.T) {
	dir, home, claude := convoWorld(t)
	now := time.Now()
	claudeTranscriptFor(t, claude, dir, "11111111-aaaa", now.Add(-3*time.Hour), now.Add(-2*time.Hour))
	claudeTranscriptFor(t, claude, dir, "22222222-old", now.Add(-80*time.Hour), now.Add(-79*time.Hour))
	env := []string{"HOME=" + home, "CLAUDE_HOME=" + claude}

	m := pickupEnv(t, dir, env, "status", "--json").want(t, exitOK).json(t)
	c := convoSession(t, m)
	if c == nil {
		t.Fatalf("no conversation in %v", m)
	}
	if c["agent"] != "claude" || c["id"] != "11111111-aaaa" || c["link"] != "same_folder_and_time" || c["title"] != "*session-resume for story 12.3" {
		t.Errorf("conversation %v", c)
	}
	// No registry folder: Claude cannot tell; the command resumes in the project.
	if c["live"] != "unknown" || c["way"] != "resume" || c["command"] != "cd "+dir+" && claude --resume 11111111-aaaa" {
		t.Errorf("way back %v", c)
	}
	if strings.Contains(pickupEnv(t, dir, env, "status", "--json").stdout, "private reply") {
		t.Error("conversation content reached the output")
	}
	// CONTINUE gives both ways back: the conversation, and pickup's handoff.
	r := pickupEnv(t, dir, env, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	if c, _ := r["conversation"].(map[string]any); c == nil || c["command"] != "cd "+dir+" && claude --resume 11111111-aaaa" {
		t.Errorf("continue's conversation %v", r["conversation"])
	}
	if h, _ := r["handoff"].(string); !strings.HasPrefix(h, "pickup resume "+dir+" --choice continue --emit prompt --session ") {
		t.Errorf("continue's handoff %q", h)
	}
	txt := pickupEnv(t, dir, env, "resume", "--choice", "continue").want(t, exitOK)
	if !strings.Contains(txt.stderr, "Back into it: cd "+dir+" && claude --resume 11111111-aaaa") ||
		!strings.Contains(txt.stderr, "Or a fresh agent with pickup's handoff prompt: pickup resume ") ||
		strings.Contains(txt.stdout, "claude --resume") {
		t.Errorf("continue's text: stdout %q stderr %q", txt.stdout, txt.stderr)
	}
	// The hook names it too, with the command back into it.
	hook := exec.Command(bin, "hook", "--agent", "claude")
	hook.Dir = dir
	hook.Env = append(os.Environ(), append(env, "CLAUDE_PROJECT_DIR=", "XDG_STATE_HOME="+t.TempDir())...)
	hook.Stdin = strings.NewReader(payload("claude", dir, "startup"))
	out, err := hook.Output()
	if err != nil {
		t.Fatal(err)
	}
	if ctx := hookContext(t, "claude", string(out)); !strings.Contains(ctx, "Conversation: claude 11111111-aaaa «*session-resume for story 12.3», last active 2h ago (probably: same folder and time); the command back into it is `cd "+dir+" && claude --resume 11111111-aaaa`.") {
		t.Errorf("hook:\n%s", ctx)
	}
	// --no-conversations looks nowhere.
	if c := convoSession(t, pickupEnv(t, dir, env, "status", "--json", "--no-conversations").want(t, exitOK).json(t)); c != nil {
		t.Errorf("--no-conversations still linked %v", c)
	}
}

func TestConversationHeldByALivingClaudeMeansRunning(t *testing.T) {
	dir, home, claude := convoWorld(t)
	now := time.Now()
	claudeTranscriptFor(t, claude, dir, "33333333-live", now.Add(-3*time.Hour), now.Add(-2*time.Hour))
	child := exec.Command("sleep", "60")
	if err := child.Start(); err != nil {
		t.Skip(err)
	}
	t.Cleanup(func() { child.Process.Kill(); child.Wait() })
	stat := testkit.Read(t, "/proc/"+strconv.Itoa(child.Process.Pid)+"/stat")
	start := strings.Fields(stat[strings.LastIndexByte(stat, ')')+1:])[19]
	testkit.Write(t, filepath.Join(claude, "sessions", strconv.Itoa(child.Process.Pid)+".json"),
		`{"pid":`+strconv.Itoa(child.Process.Pid)+`,"sessionId":"33333333-live","cwd":`+strconv.Quote(dir)+
			`,"procStart":"`+start+`","kind":"interactive","status":"busy"}`)
	env := []string{"HOME=" + home, "CLAUDE_HOME=" + claude}

	m := pickupEnv(t, dir, env, "status", "--json").want(t, exitOK).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	crash := s["crash"].(map[string]any)
	if crash["detected"] != false || crash["running"] != true {
		t.Fatalf("a session whose conversation lives was called %v", crash)
	}
	found := false
	for _, a := range crash["activity"].([]any) {
		found = found || a.(map[string]any)["kind"] == "conversation"
	}
	if !found {
		t.Errorf("no conversation evidence in %v", crash["activity"])
	}
	c := convoSession(t, m)
	if c["live"] != "alive" || c["way"] != "fork" || !strings.HasSuffix(c["command"].(string), "--fork-session") {
		t.Errorf("live foreground owner: %v", c)
	}

	// The owner dies (its registry file stays, as after a crash): dead, resumable, crashed.
	child.Process.Kill()
	child.Wait()
	m = pickupEnv(t, dir, env, "status", "--json").want(t, exitOK).json(t)
	if c := convoSession(t, m); c["live"] != "dead" || c["way"] != "resume" {
		t.Errorf("dead owner: %v", c)
	}
	if crash := m["sessions"].([]any)[0].(map[string]any)["crash"].(map[string]any); crash["detected"] != true {
		t.Errorf("dead owner's session not crashed: %v", crash)
	}
}

func TestHookRecordsTheConversationSoTheLinkIsExact(t *testing.T) {
	dir, home, claude := convoWorld(t)
	now := time.Now()
	// Both overlap the session's last update; the guess takes the nearer one.
	claudeTranscriptFor(t, claude, dir, "55555555-near", now.Add(-3*time.Hour), now.Add(-2*time.Hour))
	claudeTranscriptFor(t, claude, dir, "66666666-hook", now.Add(-150*time.Minute), now.Add(-100*time.Minute))
	env := []string{"HOME=" + home, "CLAUDE_HOME=" + claude, "XDG_STATE_HOME=" + filepath.Join(home, "state")}
	if c := convoSession(t, pickupEnv(t, dir, env, "status", "--json").want(t, exitOK).json(t)); c["id"] != "55555555-near" || c["link"] != "same_folder_and_time" {
		t.Fatalf("guess %v", c)
	}

	cmd := exec.Command(bin, "hook", "--agent", "claude")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	in := payload("claude", filepath.Join(dir, ".aios"), "startup")
	cmd.Stdin = strings.NewReader(strings.Replace(in, "0a1b2c3d-4e5f", "66666666-hook", 1))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("hook: %v %s", err, out)
	}
	c := convoSession(t, pickupEnv(t, dir, env, "status", "--json").want(t, exitOK).json(t))
	if c["id"] != "66666666-hook" || c["link"] != "recorded_by_hook" {
		t.Errorf("after the hook recorded it: %v", c)
	}
	if !strings.Contains(pickupEnv(t, dir, env, "status", "--long").stdout, "(recorded by pickup's hook)") {
		t.Error("the text does not say the link was recorded")
	}
}

// Accessible mode names the conversation and its command, whole on one
// line, as the wizard's options screen does.
func TestAccessibleNamesTheConversation(t *testing.T) {
	dir, home, claude := convoWorld(t)
	now := time.Now()
	claudeTranscriptFor(t, claude, dir, "77777777-plain", now.Add(-3*time.Hour), now.Add(-2*time.Hour))
	r := pickupIn(t, dir, "q\n", []string{"ACCESSIBLE=1", "HOME=" + home, "CLAUDE_HOME=" + claude})
	hasLines(t, r.stderr, "Back into it: cd "+dir+" && claude --resume 77777777-plain")
	if !strings.Contains(r.stderr, "Conversation: claude 77777777 «*session-resume for story 12.3», ") {
		t.Errorf("no conversation line:\n%s", r.stderr)
	}
}
