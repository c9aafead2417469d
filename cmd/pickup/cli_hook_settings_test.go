package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/tailscale/hujson"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// runEnv is h.run with env added (after h's own variables, so it wins).
func (h hookHome) runEnv(t *testing.T, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = h.project
	cmd.Env = append(append(os.Environ(), "HOME="+h.home, "CLAUDE_CONFIG_DIR=", "CLAUDE_HOME="+filepath.Join(h.home, ".claude"), "CODEX_HOME=", "NO_COLOR=1"), env...)
	return runResult(t, cmd)
}

// Gemini CLI reads settings.json as JSONC: comments and a trailing comma
// are kept through install and uninstall, byte for byte around pickup's
// entry. Claude Code reads plain JSON, so the same file is refused there.
func TestHookInstallGeminiSettingsWithComments(t *testing.T) {
	h := newHookHome(t)
	path := h.settingsPath("gemini", "project")
	orig := `// Gemini CLI settings: mine
{
  /* the editor */
  "general": {"vimMode": true}, // keep vim
  "hooks": {
    "BeforeTool": [
      {"matcher": "write_file", "hooks": [{"type": "command", "command": "./scan.sh"}]}, // scanner
    ],
  },
}
`
	testkit.Write(t, path, orig)
	h.run(t, "hook", "install", "--agent", "gemini", "--scope", "project").want(t, exitOK)
	got := testkit.Read(t, path)
	for _, kept := range []string{"// Gemini CLI settings: mine", "/* the editor */", "// keep vim", "// scanner"} {
		if !strings.Contains(got, kept) {
			t.Fatalf("the comment %q was lost:\n%s", kept, got)
		}
	}
	std, err := hujson.Standardize([]byte(got))
	if err != nil {
		t.Fatalf("not JSONC any more: %v\n%s", err, got)
	}
	if _, mine := pickupEntriesIn(t, "gemini", string(std)); len(mine) != 1 {
		t.Fatalf("pickup's entry:\n%s", got)
	}
	r := h.run(t, "hook", "install", "--agent", "gemini", "--scope", "project").want(t, exitOK)
	if testkit.Read(t, path) != got || !strings.Contains(r.stdout, "already installed") {
		t.Fatalf("re-install: %q", r.stdout)
	}
	h.run(t, "hook", "uninstall", "--agent", "gemini", "--scope", "project").want(t, exitOK)
	if after := testkit.Read(t, path); after != orig {
		t.Fatalf("uninstall did not give the file back:\n%s\nwant:\n%s", after, orig)
	}
	// Claude Code's settings are JSON: refused, named, unchanged.
	cpath := h.settingsPath("claude", "project")
	testkit.Write(t, cpath, orig)
	r = h.run(t, "hook", "install", "--agent", "claude", "--scope", "project").want(t, exitCorrupted)
	if !strings.Contains(r.stderr, "is not valid JSON") || testkit.Read(t, cpath) != orig {
		t.Fatalf("claude with comments: %q", r.stderr)
	}
}

// A settings file holding "hooks" twice: the agents read the last, so
// pickup refuses (exit 4) naming the key and both lines, for every agent.
func TestHookInstallDuplicateHooksKeyRefused(t *testing.T) {
	data := "{\n  \"hooks\": {\"Stop\": []},\n  \"model\": \"opus\",\n  \"hooks\": {\"SessionStart\": []}\n}\n"
	for _, agent := range []string{"claude", "gemini"} {
		h := newHookHome(t)
		path := h.settingsPath(agent, "project")
		testkit.Write(t, path, data)
		for _, verb := range []string{"install", "uninstall"} {
			r := h.run(t, "hook", verb, "--agent", agent, "--scope", "project").want(t, exitCorrupted)
			if !strings.Contains(r.stderr, `the key "hooks" twice`) || !strings.Contains(r.stderr, "lines 2 and 4") || !strings.Contains(r.stderr, path) {
				t.Fatalf("%s %s: %q", agent, verb, r.stderr)
			}
			if testkit.Read(t, path) != data {
				t.Fatalf("%s %s changed the file", agent, verb)
			}
		}
	}
}

// A file saved with a UTF-8 byte order mark is refused naming the BOM,
// not as "invalid character 'ï'".
func TestHookInstallBOMNamed(t *testing.T) {
	h := newHookHome(t)
	path := h.settingsPath("claude", "project")
	data := "\xef\xbb\xbf{\"model\": \"opus\"}\n"
	testkit.Write(t, path, data)
	r := h.run(t, "hook", "install", "--agent", "claude", "--scope", "project").want(t, exitCorrupted)
	if !strings.Contains(r.stderr, "byte order mark (BOM") || strings.Contains(r.stderr, "invalid character") || testkit.Read(t, path) != data {
		t.Fatalf("stderr %q", r.stderr)
	}
}

// A user-scope install records its operation in $XDG_STATE_HOME/pickup,
// not in a .pickup of the folder it was run from (nor of HOME), and the
// undo it names puts the file back.
func TestHookInstallUserScopeLeavesTheCurrentFolderAlone(t *testing.T) {
	h := newHookHome(t)
	state := filepath.Join(h.home, "state")
	env := []string{"XDG_STATE_HOME=" + state}
	orig := "{\n  \"model\": \"opus\"\n}\n"
	path := h.settingsPath("claude", "user")
	testkit.Write(t, path, orig)
	for _, from := range []string{h.project, h.home} {
		cmd := exec.Command(bin, "hook", "install", "--agent", "claude")
		cmd.Dir = from
		cmd.Env = append(os.Environ(), "HOME="+h.home, "CLAUDE_HOME="+filepath.Join(h.home, ".claude"), "NO_COLOR=1", "XDG_STATE_HOME="+state)
		r := runResult(t, cmd).want(t, exitOK)
		if _, err := os.Lstat(filepath.Join(from, ".pickup")); err == nil {
			t.Fatalf("a user-scope install made %s/.pickup", from)
		}
		if !strings.Contains(r.stderr, "pickup undo "+filepath.Join(state, "pickup")) {
			t.Fatalf("the undo hint: %q", r.stderr)
		}
		h.runEnv(t, env, "hook", "uninstall", "--agent", "claude").want(t, exitOK)
	}
	if ops, _ := os.ReadDir(filepath.Join(state, "pickup", ".pickup", "ops")); len(ops) != 4 {
		t.Fatalf("%d operations in the state folder's log", len(ops))
	}
	h.runEnv(t, env, "hook", "install", "--agent", "claude").want(t, exitOK)
	h.runEnv(t, env, "undo", "--yes", filepath.Join(state, "pickup")).want(t, exitOK)
	if got := testkit.Read(t, path); got != orig {
		t.Fatalf("undo:\n%s", got)
	}
}

// Uninstalling from a settings file that pickup's install created
// removes it, instead of leaving "{}"; a file that was there before
// stays, as it was.
func TestHookUninstallRemovesTheFileItsInstallCreated(t *testing.T) {
	for _, agent := range hookAgentNames() {
		h := newHookHome(t)
		path := h.settingsPath(agent, "project")
		h.run(t, "hook", "install", "--agent", agent, "--scope", "project").want(t, exitOK)
		r := h.run(t, "hook", "uninstall", "--agent", agent, "--scope", "project").want(t, exitOK)
		if _, err := os.Lstat(path); err == nil {
			t.Fatalf("%s: uninstall left %s:\n%s", agent, path, testkit.Read(t, path))
		}
		if !strings.Contains(r.stdout, "it was removed") {
			t.Fatalf("%s: %q", agent, r.stdout)
		}
		// The undo of the uninstall brings the file back.
		h.run(t, "undo", "--yes").want(t, exitOK)
		if _, mine := pickupEntriesIn(t, agent, testkit.Read(t, path)); len(mine) != 1 {
			t.Fatalf("%s: undo of the removal", agent)
		}
	}
	h := newHookHome(t)
	path := h.settingsPath("claude", "project")
	testkit.Write(t, path, "{}\n")
	h.run(t, "hook", "install", "--agent", "claude", "--scope", "project").want(t, exitOK)
	h.run(t, "hook", "uninstall", "--agent", "claude", "--scope", "project").want(t, exitOK)
	if testkit.Read(t, path) != "{}\n" {
		t.Fatal("the person's own empty file was not given back")
	}
}

// --scope project writes into a file usually committed: pickup says the
// entry holds this machine's path and offers --command pickup, which
// writes the bare name (found on PATH) that every machine resolves.
func TestHookInstallProjectScopeOffersTheBareName(t *testing.T) {
	h := newHookHome(t)
	path := filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
	env := []string{"PATH=" + path}
	r := h.runEnv(t, env, "hook", "install", "--agent", "claude", "--scope", "project").want(t, exitOK)
	if !strings.Contains(r.stderr, "usually committed") || !strings.Contains(r.stderr, bin) || !strings.Contains(r.stderr, "--command pickup") || !strings.Contains(r.stderr, "on PATH here") {
		t.Fatalf("stderr %q", r.stderr)
	}
	r = h.runEnv(t, env, "hook", "install", "--agent", "claude", "--scope", "project", "--command", "pickup").want(t, exitOK)
	if strings.Contains(r.stderr, "usually committed") {
		t.Fatalf("a note for the bare name: %q", r.stderr)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(testkit.Read(t, h.settingsPath("claude", "project"))), &doc); err != nil {
		t.Fatal(err)
	}
	list := doc["hooks"].(map[string]any)["SessionStart"].([]any)
	hk := list[0].(map[string]any)["hooks"].([]any)[0].(map[string]any)
	if len(list) != 1 || hk["command"] != "pickup" {
		t.Fatalf("entries %v", list)
	}
	// A user scope takes no note; a name not on PATH is refused.
	if r := h.runEnv(t, env, "hook", "install", "--agent", "claude"); strings.Contains(r.stderr, "usually committed") {
		t.Fatalf("user scope: %q", r.stderr)
	}
	h.runEnv(t, []string{"PATH=/nonexistent"}, "hook", "install", "--agent", "claude", "--scope", "project", "--command", "pickup").want(t, exitUsage)
}

// A concurrent writer rewrites the settings file (atomically, as an
// editor saves) while installs and uninstalls run: whenever pickup's
// entry is in the file, so is the writer's latest value. A change is
// never lost under pickup's rename.
func TestHookInstallConcurrentWriterNeverLost(t *testing.T) {
	h := newHookHome(t)
	path := h.settingsPath("claude", "project")
	testkit.Write(t, path, "{\"n\": 0}\n")
	for round := range 30 {
		var stop atomic.Bool
		var last atomic.Int64
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int64(1); !stop.Load(); i++ {
				data := testkit.Read(t, path)
				var doc map[string]any
				if json.Unmarshal([]byte(data), &doc) != nil {
					continue
				}
				doc["n"] = i
				b, _ := json.MarshalIndent(doc, "", "  ")
				tmp := fmt.Sprintf("%s.writer%d", path, i)
				if os.WriteFile(tmp, b, 0o644) != nil || os.Rename(tmp, path) != nil {
					continue
				}
				last.Store(i)
			}
		}()
		verb := "install"
		if round%2 == 1 {
			verb = "uninstall"
		}
		r := h.run(t, "hook", verb, "--agent", "claude", "--scope", "project")
		stop.Store(true)
		wg.Wait()
		if r.code != exitOK && r.code != exitBlocked {
			t.Fatalf("round %d: exit %d %q", round, r.code, r.stderr)
		}
		var doc map[string]any
		data := testkit.Read(t, path)
		if err := json.Unmarshal([]byte(data), &doc); err != nil {
			t.Fatalf("round %d: %v\n%s", round, err, data)
		}
		if n := int64(doc["n"].(float64)); n != last.Load() && bytes.Contains([]byte(data), []byte(bin)) == (verb == "install") {
			t.Fatalf("round %d: the writer's value %d was lost under pickup's %s (file holds %d)", round, last.Load(), verb, n)
		}
	}
}
