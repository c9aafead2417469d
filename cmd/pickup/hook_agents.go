package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pickup-dev/pickup/internal/quickline"
)

// hookAgent is one agent's session-start hook contract, as its vendor
// documents it (docs/agents.md has the sources): where its settings live,
// the shape of pickup's entry there, what arrives on stdin and the form
// the hook's stdout must take.
type hookAgent struct {
	name  string
	title string // the agent's own name, for people
	// experimental marks a contract the vendor documents less firmly.
	experimental bool
	// event is the key of the session-start list under "hooks".
	event string
	// grouped: the list holds matcher groups {matcher, hooks: [...]};
	// otherwise it holds handlers directly (Cursor).
	grouped bool
	// matcher is the group's matcher; "" leaves it out (every source).
	matcher string
	// execForm: the handler takes the program in "command" and its
	// arguments in "args", run without a shell. Otherwise "command" is a
	// shell command line.
	execForm bool
	// timeout is the explicit timeout written, in the agent's unit.
	timeout int
	unit    string // "s" or "ms", for people
	// projectEnv names the variables the agent sets to its project root,
	// tried after the stdin's cwd.
	projectEnv []string
	// paths maps a scope to the settings file, given the user's home
	// folder, the project and pickup's Claude home.
	paths map[string]func(home, project, claudeHome string) string
	// jsonc: the agent reads its settings as JSON with comments and
	// trailing commas (JSONC), so pickup accepts them and keeps them.
	jsonc bool
	// version, when not zero, is the top-level "version" a new file gets.
	version int
	// output renders the summary in the agent's form; "" prints nothing.
	output func(context, user string) []byte
	// trust is the step the person takes before the agent runs the hook.
	trust string
}

// hookTimeoutSeconds is the timeout pickup's entry asks for: the hook
// itself answers within hookBudget, so this only bounds a machine that
// is badly stalled.
const hookTimeoutSeconds = 10

var hookAgents = []hookAgent{
	{
		name: "claude", title: "Claude Code",
		event: "SessionStart", grouped: true, matcher: "startup|resume|clear|compact",
		execForm: true, timeout: hookTimeoutSeconds, unit: "s",
		projectEnv: quickline.ClaudeProjectEnv,
		paths: map[string]func(string, string, string) string{
			"user":    func(_, _, ch string) string { return filepath.Join(ch, "settings.json") },
			"project": func(_, p, _ string) string { return filepath.Join(p, ".claude", "settings.json") },
			"local":   func(_, p, _ string) string { return filepath.Join(p, ".claude", "settings.local.json") },
		},
		output: hookSpecificOutput,
		trust:  "Claude Code runs hooks in a folder once its workspace trust dialog is accepted, and picks up an edited settings file by itself; `/hooks` lists pickup's entry (read-only).",
	},
	{
		name: "codex", title: "Codex CLI",
		event: "SessionStart", grouped: true,
		timeout: hookTimeoutSeconds, unit: "s",
		paths: map[string]func(string, string, string) string{
			"user":    func(h, _, _ string) string { return filepath.Join(codexHome(h), "hooks.json") },
			"project": func(_, p, _ string) string { return filepath.Join(p, ".codex", "hooks.json") },
		},
		output: hookSpecificOutput,
		trust:  "Codex skips a new or changed hook until you trust it: open `/hooks` in Codex and trust pickup's entry. A project's .codex/ folder loads only in a trusted project.",
	},
	{
		name: "gemini", title: "Gemini CLI",
		event: "SessionStart", grouped: true,
		timeout: hookTimeoutSeconds * 1000, unit: "ms", jsonc: true,
		projectEnv: []string{"GEMINI_PROJECT_DIR"},
		paths: map[string]func(string, string, string) string{
			"user":    func(h, _, _ string) string { return filepath.Join(h, ".gemini", "settings.json") },
			"project": func(_, p, _ string) string { return filepath.Join(p, ".gemini", "settings.json") },
		},
		output: hookSpecificOutput,
		trust:  "Gemini CLI warns once about a project hook it has not seen before; `/hooks panel` shows whether the hooks system is enabled and lists pickup's entry (named pickup).",
	},
	{
		name: "cursor", title: "Cursor", experimental: true,
		event: "sessionStart", timeout: hookTimeoutSeconds, unit: "s", version: 1,
		projectEnv: []string{"CURSOR_PROJECT_DIR"},
		paths: map[string]func(string, string, string) string{
			"user":    func(h, _, _ string) string { return filepath.Join(h, ".cursor", "hooks.json") },
			"project": func(_, p, _ string) string { return filepath.Join(p, ".cursor", "hooks.json") },
		},
		output: func(context, _ string) []byte {
			return hookJSON(map[string]any{"additional_context": context})
		},
		trust: "Cursor runs a project's .cursor/hooks.json only in a trusted workspace; Cursor Settings > Hooks lists it. Experimental: some Cursor versions reject sessionStart or drop additional_context (docs/agents.md).",
	},
}

// hookAgentNamed returns the agent called name.
func hookAgentNamed(name string) (hookAgent, bool) {
	for _, a := range hookAgents {
		if a.name == name {
			return a, true
		}
	}
	return hookAgent{}, false
}

func hookAgentNames() []string {
	out := make([]string, len(hookAgents))
	for i, a := range hookAgents {
		out[i] = a.name
	}
	return out
}

// scopes lists the agent's scopes, user first.
func (ag hookAgent) scopes() []string {
	out := make([]string, 0, len(ag.paths))
	for s := range ag.paths {
		out = append(out, s)
	}
	order := map[string]int{"user": 0, "project": 1, "local": 2}
	sort.Slice(out, func(i, j int) bool { return order[out[i]] < order[out[j]] })
	return out
}

// entry is what pickup adds to the agent's session-start list for bin: a
// matcher group holding its handler, or the handler itself.
func (ag hookAgent) entry(bin string) orderedJSON {
	args := []string{"hook", "--agent", ag.name}
	h := orderedJSON{}
	if ag.name == "gemini" {
		// Gemini CLI names hooks for `/hooks enable|disable NAME`.
		h = append(h, kv{"name", "pickup"})
	}
	if ag.grouped {
		h = append(h, kv{"type", "command"})
	}
	if ag.execForm {
		h = append(h, kv{"command", bin}, kv{"args", args})
	} else {
		h = append(h, kv{"command", shellQuote(bin) + " " + strings.Join(args, " ")})
	}
	h = append(h, kv{"timeout", ag.timeout})
	if !ag.grouped {
		return h
	}
	group := orderedJSON{}
	if ag.matcher != "" {
		group = append(group, kv{"matcher", ag.matcher})
	}
	return append(group, kv{"hooks", []any{h}})
}

// hookSpecificOutput is the SessionStart output Claude Code, Codex and
// Gemini CLI share: the context for the model, and a line for the person.
func hookSpecificOutput(context, user string) []byte {
	out := orderedJSON{{"hookSpecificOutput", orderedJSON{
		{"hookEventName", "SessionStart"},
		{"additionalContext", context},
	}}}
	if user != "" {
		out = append(out, kv{"systemMessage", user})
	}
	return hookJSON(out)
}

// hookJSON is v on one line, HTML characters left as they are.
func hookJSON(v any) []byte {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil
	}
	return []byte(b.String())
}

// codexHome is $CODEX_HOME, else ~/.codex.
func codexHome(home string) string {
	if h := os.Getenv("CODEX_HOME"); h != "" {
		return h
	}
	return filepath.Join(home, ".codex")
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@%=,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// kv and orderedJSON marshal an object with its keys in order.
type kv struct {
	k string
	v any
}

type orderedJSON []kv

func (o orderedJSON) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, p := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshalNoEscape(p.k)
		if err != nil {
			return nil, err
		}
		v, err := marshalNoEscape(p.v)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

func marshalNoEscape(v any) ([]byte, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return []byte(strings.TrimSuffix(b.String(), "\n")), nil
}
