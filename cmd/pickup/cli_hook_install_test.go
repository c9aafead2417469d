package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// Settings files as people have them: other keys, other hooks, their own
// spacing. Install, install again and uninstall must keep all of it.
var hookSettingsFixtures = map[string]string{
	"claude": `{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "permissions": {
    "allow": ["Bash(npm test)", "Read(~/.zshrc)"],
    "deny": []
  },
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [{"type": "command", "command": "~/.claude/guard.sh", "timeout": 30}]
      }
    ],
    "SessionStart": [
      {
        "matcher": "startup",
        "hooks": [
          {
            "type": "command",
            "command": "cat \"$CLAUDE_PROJECT_DIR\"/NOTES.md"
          }
        ]
      }
    ]
  },
  "model": "opus",
  "cleanupPeriodDays": 1e2
}
`,
	"codex": `{
	"hooks": {
		"Stop": [
			{
				"hooks": [
					{
						"type": "command",
						"command": "python3 ~/.codex/hooks/stop.py",
						"timeout": 30
					}
				]
			}
		]
	}
}`,
	"gemini": `{
  "general": {"vimMode": true},
  "tools": {"enableHooks": true},
  "hooks": {
    "disabled": ["secret-scanner"],
    "BeforeTool": [
      {
        "matcher": "write_file|replace",
        "hooks": [
          {
            "name": "secret-scanner",
            "type": "command",
            "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/block-secrets.sh",
            "timeout": 5000
          }
        ]
      }
    ]
  }
}
`,
	"cursor": `{"version": 1, "hooks": {"afterFileEdit": [{"command": "./hooks/format.sh"}]}}
`,
}

// hookHome runs pickup with HOME (and the agents' homes) in a temporary
// folder, so user scopes land there.
type hookHome struct {
	home, project string
}

func newHookHome(t *testing.T) hookHome {
	t.Helper()
	root := testkit.RealTempDir(t)
	h := hookHome{home: filepath.Join(root, "home"), project: filepath.Join(root, "proj")}
	for _, d := range []string{h.home, h.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

func (h hookHome) run(t *testing.T, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = h.project
	cmd.Env = append(os.Environ(), "HOME="+h.home, "CLAUDE_CONFIG_DIR=", "CLAUDE_HOME="+filepath.Join(h.home, ".claude"), "CODEX_HOME=", "NO_COLOR=1")
	return runResult(t, cmd)
}

// settingsPath is where scope's file of agent is in h.
func (h hookHome) settingsPath(agent, scope string) string {
	ag, _ := hookAgentNamed(agent)
	return ag.paths[scope](h.home, h.project, filepath.Join(h.home, ".claude"))
}

// pickupEntriesIn parses the settings file and returns its session-start
// list and the entries that run pickup.
func pickupEntriesIn(t *testing.T, agent, data string) (list []any, mine []map[string]any) {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(data), &doc); err != nil {
		t.Fatalf("%s settings do not parse: %v\n%s", agent, err, data)
	}
	ag, _ := hookAgentNamed(agent)
	hooks, _ := doc["hooks"].(map[string]any)
	list, _ = hooks[ag.event].([]any)
	for _, e := range list {
		handlers := []any{e}
		if ag.grouped {
			handlers = e.(map[string]any)["hooks"].([]any)
		}
		for _, h := range handlers {
			hm := h.(map[string]any)
			if strings.Contains(hm["command"].(string), bin) {
				mine = append(mine, hm)
			}
		}
	}
	return list, mine
}

// Install into a file with other keys and hooks, again (no change, byte
// for byte), dry runs (no change), then uninstall: the original bytes.
func TestHookInstallRoundTrip(t *testing.T) {
	for _, agent := range hookAgentNames() {
		for _, scope := range []string{"user", "project"} {
			t.Run(agent+"/"+scope, func(t *testing.T) {
				h := newHookHome(t)
				path := h.settingsPath(agent, scope)
				orig := hookSettingsFixtures[agent]
				testkit.Write(t, path, orig)

				r := h.run(t, "hook", "install", "--agent", agent, "--scope", scope, "--dry-run").want(t, exitOK)
				if testkit.Read(t, path) != orig || !strings.Contains(r.stdout, "+++ "+path) || !strings.Contains(r.stdout, "nothing was changed") {
					t.Fatalf("dry run: %q", r.stdout)
				}
				h.run(t, "hook", "install", "--agent", agent, "--scope", scope).want(t, exitOK)
				installed := testkit.Read(t, path)
				list, mine := pickupEntriesIn(t, agent, installed)
				if len(mine) != 1 || len(list) < 1 {
					t.Fatalf("after install: %d pickup entries in\n%s", len(mine), installed)
				}
				// Everything that was there is still there, in order.
				if !strings.HasPrefix(installed, orig[:strings.Index(orig, hookSettingsTail(agent))]) {
					t.Fatalf("the head of the file changed:\n%s", installed)
				}

				r = h.run(t, "hook", "install", "--agent", agent, "--scope", scope).want(t, exitOK)
				if testkit.Read(t, path) != installed || !strings.Contains(r.stdout, "already installed") {
					t.Fatalf("re-install changed the file or said %q", r.stdout)
				}
				h.run(t, "hook", "install", "--agent", agent, "--scope", scope, "--dry-run").want(t, exitOK)
				if testkit.Read(t, path) != installed {
					t.Fatal("dry run changed the file")
				}

				r = h.run(t, "hook", "uninstall", "--agent", agent, "--scope", scope).want(t, exitOK)
				if got := testkit.Read(t, path); got != orig {
					t.Fatalf("uninstall did not restore the file:\n%s\nwant:\n%s", got, orig)
				}
				r = h.run(t, "hook", "uninstall", "--agent", agent, "--scope", scope).want(t, exitOK)
				if testkit.Read(t, path) != orig || !strings.Contains(r.stdout, "not in") {
					t.Fatalf("second uninstall: %q", r.stdout)
				}
			})
		}
	}
}

// hookSettingsTail is a line of the fixture after which pickup's entry may
// go (the end of the session-start list or of "hooks").
func hookSettingsTail(agent string) string {
	return map[string]string{
		"claude": "\n        ]\n      }\n    ]\n  },\n  \"model\"",
		"codex":  "\n\t\t]\n\t}\n}",
		"gemini": "\n    ]\n  }\n}",
		"cursor": "]}}",
	}[agent]
}

// The entry pickup writes, per agent: the absolute path, exec form where
// the agent has it, the timeout in the agent's unit.
func TestHookInstallEntryShape(t *testing.T) {
	h := newHookHome(t)
	for agent, want := range map[string]string{
		"claude": `{"matcher":"startup|resume|clear|compact","hooks":[{"type":"command","command":"BIN","args":["hook","--agent","claude"],"timeout":10}]}`,
		"codex":  `{"hooks":[{"type":"command","command":"BIN hook --agent codex","timeout":10}]}`,
		"gemini": `{"hooks":[{"name":"pickup","type":"command","command":"BIN hook --agent gemini","timeout":10000}]}`,
		"cursor": `{"command":"BIN hook --agent cursor","timeout":10}`,
	} {
		h.run(t, "hook", "install", "--agent", agent).want(t, exitOK)
		data := testkit.Read(t, h.settingsPath(agent, "user"))
		list, _ := pickupEntriesIn(t, agent, data)
		if len(list) != 1 {
			t.Fatalf("%s: %d entries", agent, len(list))
		}
		got, _ := json.Marshal(list[0])
		var w any
		_ = json.Unmarshal([]byte(strings.ReplaceAll(want, "BIN", bin)), &w)
		wb, _ := json.Marshal(w)
		if string(got) != string(wb) {
			t.Fatalf("%s entry\n got %s\nwant %s", agent, got, wb)
		}
		if agent == "cursor" && !strings.HasPrefix(data, "{\n  \"version\": 1,\n  \"hooks\": {\n    \"sessionStart\": [") {
			t.Fatalf("new cursor file:\n%s", data)
		}
	}
}

// A path with a space and a quote is quoted for the shell and read back
// as pickup's own entry.
func TestHookInstallQuotedPath(t *testing.T) {
	h := newHookHome(t)
	odd := filepath.Join(h.home, "my tools", "it's", "pickup")
	if err := os.MkdirAll(filepath.Dir(odd), 0o755); err != nil {
		t.Fatal(err)
	}
	testkit.Write(t, odd, testkit.Read(t, bin))
	if err := os.Chmod(odd, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(odd, "hook", "install", "--agent", "codex")
	cmd.Dir, cmd.Env = h.project, append(os.Environ(), "HOME="+h.home, "CODEX_HOME=")
	runResult(t, cmd).want(t, exitOK)
	data := testkit.Read(t, h.settingsPath("codex", "user"))
	if !strings.Contains(data, `"command": "'`+strings.ReplaceAll(odd, "'", `'\\''`)+`' hook --agent codex"`) {
		t.Fatalf("quoting:\n%s", data)
	}
	runResult(t, func() *exec.Cmd {
		c := exec.Command(odd, "hook", "install", "--agent", "codex")
		c.Dir, c.Env = h.project, append(os.Environ(), "HOME="+h.home, "CODEX_HOME=")
		return c
	}()).want(t, exitOK)
	if testkit.Read(t, h.settingsPath("codex", "user")) != data {
		t.Fatal("re-install with a quoted path changed the file")
	}
}

// An older pickup entry (another path, another timeout) is replaced, not
// kept beside the new one.
func TestHookInstallReplacesOldEntry(t *testing.T) {
	h := newHookHome(t)
	path := h.settingsPath("claude", "local")
	testkit.Write(t, path, `{
  "hooks": {
    "SessionStart": [
      {
        "matcher": "startup",
        "hooks": [
          {"type": "command", "command": "echo hi"},
          {"type": "command", "command": "/old/place/pickup", "args": ["hook", "--agent", "claude"], "timeout": 60}
        ]
      }
    ]
  }
}
`)
	h.run(t, "hook", "install", "--agent", "claude", "--scope", "local").want(t, exitOK)
	list, mine := pickupEntriesIn(t, "claude", testkit.Read(t, path))
	if len(mine) != 1 || len(list) != 2 || mine[0]["timeout"].(float64) != 10 {
		t.Fatalf("entries %v", list)
	}
	if first := list[0].(map[string]any)["hooks"].([]any); len(first) != 1 || first[0].(map[string]any)["command"] != "echo hi" {
		t.Fatalf("the person's hook was touched: %v", first)
	}
}

// A settings file that is not valid JSON, or not of the expected shape,
// or a link, is refused by name and left as it is.
func TestHookInstallRefuses(t *testing.T) {
	for name, tc := range map[string]struct {
		data, want string
		code       int
	}{
		"trailing comma": {"{\n  \"model\": \"opus\",\n}\n", "is not valid JSON", exitCorrupted},
		"comment":        {"{\n  // mine\n  \"model\": \"opus\"\n}\n", "(line 2, column 4)", exitCorrupted},
		"not an object":  {"[1, 2]\n", "not an object", exitCorrupted},
		"hooks a list":   {`{"hooks": []}`, `"hooks" that is not an object`, exitCorrupted},
		"event a string": {`{"hooks": {"SessionStart": "x"}}`, `"hooks.SessionStart" that is not a list`, exitCorrupted},
	} {
		t.Run(name, func(t *testing.T) {
			h := newHookHome(t)
			path := h.settingsPath("claude", "project")
			testkit.Write(t, path, tc.data)
			for _, verb := range []string{"install", "uninstall"} {
				r := h.run(t, "hook", verb, "--agent", "claude", "--scope", "project")
				if r.code != tc.code || !strings.Contains(r.stderr, path) || !strings.Contains(r.stderr, tc.want) || !strings.Contains(r.stderr, "nothing was changed") {
					if !(verb == "uninstall" && strings.HasPrefix(name, "hooks") && r.code == exitCorrupted) {
						t.Fatalf("%s: exit %d stderr %q", verb, r.code, r.stderr)
					}
				}
				if testkit.Read(t, path) != tc.data {
					t.Fatalf("%s changed the file", verb)
				}
			}
		})
	}
	t.Run("symlink", func(t *testing.T) {
		h := newHookHome(t)
		real := filepath.Join(h.home, "dotfiles", "settings.json")
		testkit.Write(t, real, "{}\n")
		path := h.settingsPath("claude", "user")
		testkit.Symlink(t, real, path)
		r := h.run(t, "hook", "install", "--agent", "claude")
		if r.code != exitError || !strings.Contains(r.stderr, "symbolic link to "+real) || testkit.Read(t, real) != "{}\n" {
			t.Fatalf("exit %d stderr %q", r.code, r.stderr)
		}
	})
	t.Run("usage", func(t *testing.T) {
		h := newHookHome(t)
		for _, args := range [][]string{
			{"hook", "install"},
			{"hook", "install", "--agent", "vim"},
			{"hook", "install", "--agent", "codex", "--scope", "local"},
		} {
			if r := h.run(t, args...); r.code != exitUsage {
				t.Fatalf("%v: exit %d", args, r.code)
			}
		}
	})
}

// Empty, one-line and tab-indented files take the entry in their own
// style, and the result parses.
func TestHookInstallLayouts(t *testing.T) {
	for name, data := range map[string]string{
		"missing":      "",
		"empty file":   "\n",
		"empty object": "{}\n",
		"one line":     `{"model":"opus","hooks":{"SessionStart":[]}}`,
		"crlf":         "{\r\n  \"model\": \"opus\"\r\n}\r\n",
	} {
		t.Run(name, func(t *testing.T) {
			h := newHookHome(t)
			path := h.settingsPath("gemini", "project")
			if name != "missing" {
				testkit.Write(t, path, data)
			}
			h.run(t, "hook", "install", "--agent", "gemini", "--scope", "project").want(t, exitOK)
			got := testkit.Read(t, path)
			if _, mine := pickupEntriesIn(t, "gemini", got); len(mine) != 1 {
				t.Fatalf("entries in\n%s", got)
			}
			if name == "crlf" && strings.Count(got, "\n") != strings.Count(got, "\r\n") {
				t.Fatalf("mixed line ends:\n%q", got)
			}
			if name == "one line" && strings.Contains(got, "\n") {
				t.Fatalf("one-line file got lines:\n%s", got)
			}
			h.run(t, "hook", "uninstall", "--agent", "gemini", "--scope", "project").want(t, exitOK)
			after := testkit.Read(t, path)
			var v map[string]any
			if err := json.Unmarshal([]byte(after), &v); err != nil {
				t.Fatalf("after uninstall: %v\n%s", err, after)
			}
			if name != "missing" && name != "empty file" && name != "one line" && after != data {
				t.Fatalf("uninstall:\n%q\nwant\n%q", after, data)
			}
		})
	}
}

// Done when: on a fresh machine, install, then pipe a session-start
// payload into the installed command, exactly as the agent would run it,
// and get the summary in the agent's form.
func TestHookInstalledCommandRuns(t *testing.T) {
	h := newHookHome(t)
	dir, _ := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	for _, agent := range hookAgentNames() {
		h.run(t, "hook", "install", "--agent", agent, "--scope", "project", dir).want(t, exitOK)
		_, mine := pickupEntriesIn(t, agent, testkit.Read(t, filepath.Join(dir, strings.TrimPrefix(h.settingsPath(agent, "project"), h.project))))
		var cmd *exec.Cmd
		if args, ok := mine[0]["args"].([]any); ok {
			var argv []string
			for _, a := range args {
				argv = append(argv, a.(string))
			}
			cmd = exec.Command(mine[0]["command"].(string), argv...) // exec form: no shell
		} else {
			cmd = exec.Command("sh", "-c", mine[0]["command"].(string))
		}
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "CLAUDE_PROJECT_DIR="+dir)
		cmd.Stdin = strings.NewReader(payload(agent, dir, "startup"))
		r := runResult(t, cmd).want(t, exitOK)
		if ctx := hookContext(t, agent, r.stdout); !strings.Contains(ctx, "1. aios session") {
			t.Fatalf("%s:\n%s", agent, ctx)
		}
	}
}

// The AGENTS.md paragraph states what status --json is, with the exit
// codes pickup really uses.
func TestHookAgentsMD(t *testing.T) {
	r := pickup(t, t.TempDir(), "hook", "print-agents-md").want(t, exitOK)
	for _, want := range []string{
		"`pickup status --json`", "`pickup resume --choice continue --emit prompt --session ID`",
		"is\n0 when sessions were found", "3 when there is none", "4 when a state file is\nunreadable",
		"6 when recorded integrity hashes", "`minutes_since_update`", "`resume_point`", "`options`",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Fatalf("missing %q in\n%s", want, r.stdout)
		}
	}
	if exitNoSession != 3 || exitCorrupted != 4 || exitIntegrity != 6 || exitUsage != 2 {
		t.Fatal("exit codes moved: update agentsMD")
	}
}
