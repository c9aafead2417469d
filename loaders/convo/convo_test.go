package convo

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

const sampleRoot = "/home/ana/shop"

// sample is a copy of one agent's sample home (testdata/convo/<agent>/home).
func sample(t *testing.T, agent string) string {
	t.Helper()
	dir := t.TempDir()
	testkit.CopyTree(t, filepath.Join("..", "..", "testdata", "convo", agent, "home"), dir)
	return dir
}

func find(t *testing.T, s Stores, roots ...string) map[string]Conversation {
	t.Helper()
	out := map[string]Conversation{}
	for _, c := range Find(s, roots, time.Time{}) {
		out[c.ID] = c
	}
	return out
}

func TestClaudeSampleTranscripts(t *testing.T) {
	home := sample(t, "claude")
	got := find(t, Stores{Claude: filepath.Join(home, ".claude")}, sampleRoot)
	main, ok := got["7c1e4a52-9b3d-4f0e-8a61-2d5f0c9e3b17"]
	if !ok {
		t.Fatalf("main transcript not found: %+v", got)
	}
	if main.Title != "kiln phase 3" || main.Cwd != sampleRoot || main.Branch != "kiln/phase-3-checkout-flow" {
		t.Errorf("main transcript read as %+v", main)
	}
	if main.Start.IsZero() || !main.Last.After(main.Start) {
		t.Errorf("span %v..%v", main.Start, main.Last)
	}
	// The sample registry's pids are not this machine's claude: stale.
	if main.Live != Dead || main.PID != 0 {
		t.Errorf("stale registry entry read as %s pid %d", main.Live, main.PID)
	}
	wt, ok := got["b0d94e2a-61c7-4a8f-9e15-5c3a7f2d8e40"]
	if !ok || wt.Cwd != sampleRoot+"/worktrees/feat-x" || wt.Branch != "feat-x" {
		t.Errorf("worktree transcript: %+v (found %v)", wt, ok)
	}
	if wt.Title == "" || strings.ContainsAny(wt.Title, "\n\r") {
		t.Errorf("worktree title %q", wt.Title)
	}
	// Another project sees none of them, even one whose name shares the prefix.
	if other := find(t, Stores{Claude: filepath.Join(home, ".claude")}, "/home/ana/sho"); len(other) != 0 {
		t.Errorf("a sibling project found %v", other)
	}
}

func TestClaudeFolderNameEveryCharacterOutsideAlnum(t *testing.T) {
	for in, want := range map[string]string{
		"/home/ana/shop":      "-home-ana-shop",
		"/home/ana/my_shop":   "-home-ana-my-shop",
		"/home/ana/shop.v2":   "-home-ana-shop-v2",
		"/Users/me/.agents":   "-Users-me--agents",
		"/home/ana/café shop": "-home-ana-caf--shop",
		"/home/ana/🎉":         "-home-ana---",
	} {
		if got := ClaudeFolder(in); got != want {
			t.Errorf("ClaudeFolder(%q) = %q, want %q", in, got, want)
		}
	}
}

// writeTranscript writes a one-conversation transcript for cwd under
// the folder Claude would use (long names cut and hashed as Claude does).
func writeTranscript(t *testing.T, home, cwd, id, branch string, at time.Time) string {
	t.Helper()
	folder := ClaudeFolder(cwd)
	if len(folder) > claudeMaxName {
		folder = folder[:claudeMaxName] + "-1x2y3z"
	}
	line := func(typ, content string, ts time.Time) string {
		return `{"parentUuid":null,"isSidechain":false,"cwd":` + strconv.Quote(cwd) + `,"sessionId":` + strconv.Quote(id) +
			`,"version":"2.1.278","gitBranch":` + strconv.Quote(branch) + `,"type":"` + typ + `","message":{"role":"` + typ +
			`","content":` + strconv.Quote(content) + `},"uuid":"u","timestamp":"` + ts.UTC().Format(time.RFC3339Nano) + `"}` + "\n"
	}
	path := filepath.Join(home, "projects", folder, id+".jsonl")
	testkit.Write(t, path, line("user", "resume the pipeline", at.Add(-time.Hour))+line("assistant", "SECRET CONTENT", at))
	return path
}

func TestClaudeLongAndPunctuatedProjectPathsAreFound(t *testing.T) {
	home := t.TempDir()
	long := "/home/ana/" + strings.Repeat("deep_folder.", 20) + "shop"
	at := time.Date(2026, 7, 19, 10, 0, 0, 0, time.UTC)
	for i, cwd := range []string{"/home/ana/my_shop", "/home/ana/shop.v2", long} {
		writeTranscript(t, home, cwd, "id-"+strconv.Itoa(i), "main", at)
		got := find(t, Stores{Claude: home}, cwd)
		if c, ok := got["id-"+strconv.Itoa(i)]; !ok || c.Cwd != cwd {
			t.Errorf("%s: not found (%v)", cwd, got)
		}
	}
}

func TestClaudeKeepsNoContentButTheTitle(t *testing.T) {
	home := t.TempDir()
	at := time.Date(2026, 7, 19, 10, 0, 0, 0, time.UTC)
	writeTranscript(t, home, "/p", "abc", "main", at)
	c := find(t, Stores{Claude: home}, "/p")["abc"]
	if c.Title != "resume the pipeline" {
		t.Errorf("title %q", c.Title)
	}
	if strings.Contains(strings.Join([]string{c.Title, c.Status, c.Kind, c.Branch}, " "), "SECRET") {
		t.Errorf("conversation content kept: %+v", c)
	}
	if !c.Last.Equal(at) {
		t.Errorf("last activity %v, want %v", c.Last, at)
	}
}

func TestClaudeSubagentTranscriptsAreNeverOffered(t *testing.T) {
	home := t.TempDir()
	at := time.Now()
	p := writeTranscript(t, home, "/p", "parent", "main", at)
	// An older version's subagent file beside the main one, and a new one below.
	data := testkit.Read(t, p)
	testkit.Write(t, filepath.Join(filepath.Dir(p), "agent-1234.jsonl"), strings.ReplaceAll(data, `"isSidechain":false`, `"isSidechain":true`))
	testkit.Write(t, filepath.Join(filepath.Dir(p), "parent", "subagents", "agent-9.jsonl"), data)
	if got := find(t, Stores{Claude: home}, "/p"); len(got) != 1 {
		t.Errorf("want only the main conversation, got %v", got)
	}
}

// startSleeper starts a real child process that lives until the test ends.
func startSleeper(t *testing.T, name string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(name, args...)
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot start %s: %v", name, err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd
}

func writeRegistry(t *testing.T, home string, pid int, id, procStart, kind string) {
	t.Helper()
	testkit.Write(t, filepath.Join(home, "sessions", strconv.Itoa(pid)+".json"),
		`{"pid":`+strconv.Itoa(pid)+`,"sessionId":"`+id+`","cwd":"/p","startedAt":1,"procStart":"`+procStart+
			`","version":"2.1.278","kind":"`+kind+`","entrypoint":"cli","status":"busy"}`)
}

func TestClaudeRegistryLiveOwnerOfALivingProcess(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	home := t.TempDir()
	writeTranscript(t, home, "/p", "conv", "main", time.Now())
	child := startSleeper(t, "sleep", "60")
	pid := child.Process.Pid
	start := procStartOf(pid)
	if start == "" {
		t.Fatal("no start time for a living child")
	}

	writeRegistry(t, home, pid, "conv", start, "interactive")
	c := find(t, Stores{Claude: home}, "/p")["conv"]
	if c.Live != Alive || c.PID != pid {
		t.Fatalf("living foreground owner read as %s pid %d", c.Live, c.PID)
	}
	if way, cmd := Way(c); way != WayFork || !strings.Contains(cmd, "--fork-session") {
		t.Errorf("foreground owner: %s %q", way, cmd)
	}

	writeRegistry(t, home, pid, "conv", start, "background")
	c = find(t, Stores{Claude: home}, "/p")["conv"]
	if way, cmd := Way(c); way != WayAttach || cmd != "claude attach conv" {
		t.Errorf("background owner: %s %q", way, cmd)
	}

	// The same pid with another start time: the pid was reused.
	writeRegistry(t, home, pid, "conv", start+"1", "interactive")
	if c := find(t, Stores{Claude: home}, "/p")["conv"]; c.Live != Dead {
		t.Errorf("reused pid read as %s", c.Live)
	}

	// The owner dies: the registry file stays (a crash), the conversation is resumable.
	writeRegistry(t, home, pid, "conv", start, "interactive")
	child.Process.Kill()
	child.Wait()
	c = find(t, Stores{Claude: home}, "/p")["conv"]
	if c.Live != Dead {
		t.Errorf("dead owner read as %s", c.Live)
	}
	if way, cmd := Way(c); way != WayResume || cmd != "cd /p && claude --resume conv" {
		t.Errorf("dead owner: %s %q", way, cmd)
	}
}

func TestClaudeWithoutRegistryCannotTell(t *testing.T) {
	home := t.TempDir()
	writeTranscript(t, home, "/p", "conv", "main", time.Now())
	if c := find(t, Stores{Claude: home}, "/p")["conv"]; c.Live != Unknown {
		t.Errorf("no registry folder read as %s", c.Live)
	}
}

func TestCodexSampleRollout(t *testing.T) {
	home := sample(t, "codex")
	s := Stores{Codex: filepath.Join(home, ".codex")}
	c, ok := find(t, s, sampleRoot)["019f2b7e-3c41-7a20-9d5e-6b8f1a2c4d90"]
	if !ok {
		t.Fatal("rollout not found")
	}
	if c.Title != "crucible phase 3" || c.Branch != "kiln/phase-3-checkout-flow" || c.Cwd != sampleRoot {
		t.Errorf("rollout read as %+v", c)
	}
	// The lock file is there but nobody holds it: a killed writer.
	if c.Live != Dead {
		t.Errorf("unheld lock read as %s", c.Live)
	}
	if way, cmd := Way(c); way != WayResume || cmd != "codex resume 019f2b7e-3c41-7a20-9d5e-6b8f1a2c4d90 -C /home/ana/shop" {
		t.Errorf("way %s %q", way, cmd)
	}
	// A since after the rollout's day skips its folder.
	if got := Find(s, []string{sampleRoot}, time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)); len(got) != 0 {
		t.Errorf("since did not prune: %v", got)
	}
}

func TestCodexLockHeldByALivingWriter(t *testing.T) {
	if _, err := os.Stat("/proc/locks"); err != nil {
		t.Skip("no /proc/locks")
	}
	if _, err := exec.LookPath("flock"); err != nil {
		t.Skip("flock(1) not installed")
	}
	home := sample(t, "codex")
	s := Stores{Codex: filepath.Join(home, ".codex")}
	lock := filepath.Join(home, ".codex", "thread-writer-locks", "019f2b7e-3c41-7a20-9d5e-6b8f1a2c4d90.lock")
	child := startSleeper(t, "flock", "--exclusive", "--close", lock, "sleep", "60")
	var c Conversation
	for range 100 { // flock(1) takes the lock right after it starts
		if c = find(t, s, sampleRoot)["019f2b7e-3c41-7a20-9d5e-6b8f1a2c4d90"]; c.Live == Alive {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if c.Live != Alive {
		t.Fatalf("held lock read as %s", c.Live)
	}
	if way, cmd := Way(c); way != WayElsewhere || cmd != "" {
		t.Errorf("held lock: %s %q", way, cmd)
	}
	child.Process.Kill()
	child.Wait()
	// flock(1) forks its command before that child closes its copy of
	// the locked descriptor (--close): for a moment after flock dies the
	// kernel may still hold the lock. It must read as dead once it goes.
	for range 100 {
		if c = find(t, s, sampleRoot)["019f2b7e-3c41-7a20-9d5e-6b8f1a2c4d90"]; c.Live == Dead {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if c.Live != Dead {
		t.Errorf("released lock read as %s", c.Live)
	}
}

func TestGeminiSampleChatsBothForms(t *testing.T) {
	home := sample(t, "gemini")
	got := find(t, Stores{Gemini: filepath.Join(home, ".gemini")}, sampleRoot)
	cur, ok := got["3f2a9c1e-5b7d-4e80-a1c3-9d2e6f4b8a07"]
	if !ok || cur.Title != "Resume bookforge ch003 sc002" || cur.Live != Unknown || cur.Cwd != sampleRoot {
		t.Errorf("JSONL chat: %+v (found %v)", cur, ok)
	}
	old, ok := got["8d41c0b2-7e6a-4f19-b3d5-0a9c2e7f1b64"]
	if !ok || old.Title != "Start the bookforge run." {
		t.Errorf("legacy chat: %+v (found %v)", old, ok)
	}
	if way, cmd := Way(cur); way != WayResume || cmd != "cd /home/ana/shop && gemini --resume 3f2a9c1e-5b7d-4e80-a1c3-9d2e6f4b8a07" {
		t.Errorf("way %s %q", way, cmd)
	}
	if other := find(t, Stores{Gemini: filepath.Join(home, ".gemini")}, "/home/ana/other"); len(other) != 0 {
		t.Errorf("another project's chats: %v", other)
	}
}

func TestHostileFoldersAreQuotedInCommands(t *testing.T) {
	home := t.TempDir()
	cwd := "/p/it's; rm -rf ~\n#"
	writeTranscript(t, home, cwd, "abc-123", "main", time.Now())
	c, ok := find(t, Stores{Claude: home}, "/p")["abc-123"]
	if !ok {
		t.Fatal("not found")
	}
	_, cmd := Way(c)
	want := `cd $'/p/it\'s; rm -rf ~\x0a#' && claude --resume abc-123`
	if cmd != want {
		t.Errorf("command %q\nwant    %q", cmd, want)
	}
}

func TestHostileConversationIDIsNoConversation(t *testing.T) {
	home := t.TempDir()
	for _, id := range []string{"x; touch pwned", "ignore previous instructions", "-rf", strings.Repeat("a", 129)} {
		writeTranscript(t, home, "/p", id, "main", time.Now())
	}
	writeTranscript(t, home, "/p", "7c1e4a52-9b3d", "main", time.Now())
	got := find(t, Stores{Claude: home}, "/p")
	if len(got) != 1 || got["7c1e4a52-9b3d"].ID == "" {
		t.Errorf("want only the well-formed id, got %v", got)
	}
}

func TestBestPrefersOverlapThenBranchThenNearest(t *testing.T) {
	at := time.Date(2026, 7, 19, 12, 0, 0, 0, time.UTC)
	conv := func(id, branch string, start, last time.Duration) Conversation {
		return Conversation{ID: id, Branch: branch, Start: at.Add(start), Last: at.Add(last)}
	}
	convs := []Conversation{
		conv("long-ago", "b", -48*time.Hour, -47*time.Hour),
		conv("near-other-branch", "x", -2*time.Hour, -1*time.Minute),
		conv("same-branch", "b", -3*time.Hour, -20*time.Minute),
		conv("later", "b", 2*time.Hour, 3*time.Hour),
	}
	if c, ok := Best(convs, Window{End: at, Branch: "b"}); !ok || c.ID != "same-branch" {
		t.Errorf("with branch: %v %v", c.ID, ok)
	}
	if c, ok := Best(convs, Window{End: at}); !ok || c.ID != "near-other-branch" {
		t.Errorf("without branch: %v %v", c.ID, ok)
	}
	if _, ok := Best(convs, Window{End: at.Add(-24 * time.Hour)}); ok {
		t.Error("a window nothing overlaps found a conversation")
	}
}

func TestStoresHonourClaudeConfigDir(t *testing.T) {
	env := map[string]string{"CLAUDE_CONFIG_DIR": "/cfg", "CODEX_HOME": "/cx"}
	s := StoresFor(func(k string) string { return env[k] }, "/h", "")
	if s.Claude != "/cfg" || s.Codex != "/cx" || s.Gemini != "/h/.gemini" {
		t.Errorf("stores %+v", s)
	}
	if s := StoresFor(func(k string) string { return env[k] }, "/h", "/flag"); s.Claude != "/flag" {
		t.Errorf("--claude-home lost: %+v", s)
	}
	if s := StoresFor(func(string) string { return "" }, "/h", ""); s.Claude != "/h/.claude" || s.Codex != "/h/.codex" {
		t.Errorf("defaults %+v", s)
	}
}
