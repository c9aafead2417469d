package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/pickup-dev/pickup/internal/quickline"
	"github.com/pickup-dev/pickup/model"
)

// The hook runs at the start of every agent session, so it must never
// get in the way: it always exits 0, never reads the terminal, never
// writes a file, never takes the single-writer lock, and answers within
// hookBudget whatever the project holds.
const (
	// hookInputMax and hookInputWait bound the read of the agent's JSON
	// on stdin: a stdin that never closes, or sends garbage forever,
	// cannot hold the hook.
	hookInputMax  = quickline.InputMax
	hookInputWait = quickline.InputWait
	// hookBudget is how long the hook waits for the sessions to be read
	// before it says so in one line and leaves.
	hookBudget = 4 * time.Second
)

// hookInput is what pickup reads from the agent's stdin JSON.
type hookInput = quickline.Input

func (a *app) hookCommand() *cobra.Command {
	var agent string
	hook := &cobra.Command{
		Use:   "hook",
		Short: "Summarise interrupted sessions for an agent's session-start hook",
		Long: `hook is the command an agent runs when one of its sessions starts (see
pickup hook install). It reads the agent's JSON on stdin: the project is
its "cwd" (or the nearest folder above it, up to the git work tree, that
holds a saved session), else the agent's project variable
(CLAUDE_PROJECT_DIR, GEMINI_PROJECT_DIR, CURSOR_PROJECT_DIR), else the
current directory; "source" says how the session started (startup,
resume, clear, compact).

It prints, in the agent's own output form, a short factual summary of
every interrupted session: what it is, whether it crashed, paused or may
still be running and how long ago, its resume point, the guards that
stand (uncommitted changes block RESTART; a branch other than the one the
session recorded), and the commands that act on it. The summary stays
under 2,000 tokens and says what it left out. Nothing to report prints
nothing; after a compaction it prints one line.

It always exits 0, never reads the terminal, never writes a file and
never waits on a lock. Malformed stdin falls back to the current
directory with a note on stderr. Without --agent it prints plain text.
--session ID narrows the summary to that session (an id or unique prefix).`,
		Args: takes(0, 0),
		// An agent of a later version may pass flags this pickup does not
		// know; the hook still answers.
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
		RunE: func(_ *cobra.Command, _ []string) error {
			a.runHook(agent)
			return nil
		},
	}
	hook.Flags().StringVar(&agent, "agent", "", "the agent whose output form to print: "+strings.Join(hookAgentNames(), ", ")+" (default: plain text)")
	hook.AddCommand(a.hookInstallCommand(false), a.hookInstallCommand(true), a.agentsMDCommand())
	return hook
}

func (a *app) hookInstallCommand(uninstall bool) *cobra.Command {
	var agent, scope, command string
	var dryRun, statusline bool
	use, short, long := "install", "Add pickup's session-start hook to an agent's settings",
		`install merges pickup's session-start hook into the agent's own settings
file, keeping every other key and hook as they are (byte for byte: pickup
splices its entry in). Running it again changes nothing; an older pickup
entry is replaced. The hook command is the absolute path of this pickup,
in exec form where the agent supports it (Claude Code), with an explicit
short timeout in the agent's unit (--command pickup: the bare name, for
a project file others share). A settings file that is not valid JSON
(for Gemini CLI: JSONC, whose comments are kept) is refused, named, and
left as it is (exit 4). The write is atomic, and never replaces a change
another program made since pickup read the file (exit 5). A user-scope
write is logged in $XDG_STATE_HOME/pickup, not in the current folder.

Scopes (default user, because the command holds this machine's path):
  claude  user (settings.json in $CLAUDE_CONFIG_DIR, else $CLAUDE_HOME, else
          ~/.claude), project (DIR/.claude/settings.json), local
          (DIR/.claude/settings.local.json)
  codex   user ($CODEX_HOME or ~/.codex/hooks.json), project (DIR/.codex/hooks.json)
  gemini  user (~/.gemini/settings.json), project (DIR/.gemini/settings.json)
  cursor  user (~/.cursor/hooks.json), project (DIR/.cursor/hooks.json); experimental

Each agent has a trust step before it runs a new hook; install names it.`
	if uninstall {
		use, short, long = "uninstall", "Remove pickup's session-start hook from an agent's settings",
			`uninstall takes pickup's entries out of the agent's settings file (same
--agent and --scope as install), keeping everything else byte for byte;
a list or "hooks" object left empty goes too. Nothing to remove changes
nothing.`
	}
	c := &cobra.Command{
		Use:   use + " [DIR]",
		Short: short,
		Long:  long,
		Args:  takes(0, 1),
		RunE: func(_ *cobra.Command, args []string) error {
			if agent == "" {
				return fail(exitUsage, &errs.NeedsAgent, use, strings.Join(hookAgentNames(), ", "))
			}
			dir, err := projectDir(args)
			if err != nil {
				return err
			}
			return a.installHook(agent, scope, dir, command, uninstall, dryRun, statusline)
		},
	}
	c.Flags().StringVar(&agent, "agent", "", "the agent: "+strings.Join(hookAgentNames(), ", "))
	c.Flags().StringVar(&scope, "scope", "user", "user, project or local (Claude Code only); project and local are in DIR, else in the project found from the current folder")
	c.Flags().BoolVar(&dryRun, "dry-run", false, "print the change as a diff and change nothing")
	c.Flags().BoolVar(&statusline, "statusline", false, "also set Claude Code's statusLine to pickup statusline (another program's statusLine is never replaced); uninstall takes pickup's out")
	if !uninstall {
		c.Flags().StringVar(&command, "command", "", "what the entry runs: a bare name found on PATH (pickup), for a settings file others share, or an absolute path (default: this pickup's absolute path)")
	}
	return c
}

// runHook is `pickup hook`. Whatever happens it returns, having printed
// either nothing or the agent's output, and notes on stderr.
func (a *app) runHook(agentName string) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(a.io.err, "pickup hook: internal error: %v; nothing was printed\n", r)
		}
	}()
	// An agent that stops reading early makes the write fail, not the
	// process die of SIGPIPE with a non-zero status.
	signal.Ignore(syscall.SIGPIPE)
	ag, known := hookAgentNamed(agentName)
	if agentName != "" && !known {
		fmt.Fprintf(a.io.err, "pickup hook: unknown --agent %q (known: %s); printing plain text\n", agentName, strings.Join(hookAgentNames(), ", "))
	}
	in, note := readHookInput(a.io.in)
	if known {
		a.recordConversation(ag.name, in)
	}
	cands, where := quickline.Projects(in, ag.projectEnv)
	if note != "" {
		fmt.Fprintln(a.io.err, a.msg().Hook.Input.F(note, model.ShowName(where)))
	}
	sum, ok := a.hookSummary(cands, in.Source == "compact" || in.Source == "clear")
	if !ok {
		// Reading took longer than the hook may wait.
		sum = hookSummaryText{context: a.msg().Hook.Slow.F(model.ShowName(where), hookBudget.String(), "pickup status")}
	}
	if sum.context == "" {
		return
	}
	if !known {
		fmt.Fprint(a.io.out, sum.context)
		return
	}
	_, _ = a.io.out.Write(ag.output(sum.context, sum.user))
}

// readHookInput reads the agent's JSON from stdin: one value, at most
// hookInputMax bytes, within hookInputWait (a complete value is used at
// once, even when stdin stays open). A terminal is never read. note says
// why nothing usable came.
func readHookInput(r io.Reader) (hookInput, string) {
	if f, ok := r.(*os.File); ok && term.IsTerminal(f.Fd()) {
		return hookInput{}, ""
	}
	type read struct {
		fields map[string]json.RawMessage
		err    error
	}
	done := make(chan read, 1)
	go func() {
		var fields map[string]json.RawMessage
		err := json.NewDecoder(io.LimitReader(r, hookInputMax)).Decode(&fields)
		done <- read{fields, err}
	}()
	var got read
	select {
	case got = <-done:
	case <-time.After(hookInputWait):
		return hookInput{}, fmt.Sprintf("no complete JSON on stdin within %s", hookInputWait)
	}
	switch {
	case got.err == io.EOF:
		return hookInput{}, "stdin was empty"
	case got.err != nil:
		return hookInput{}, fmt.Sprintf("stdin is not the agent's JSON (%v)", got.err)
	case got.fields == nil:
		return hookInput{}, "stdin is not a JSON object"
	}
	return hookInputFrom(got.fields), ""
}

// hookInputFrom picks pickup's fields out of the JSON object's members
// (quickline.ScanInput gives the same for the statusline's early
// answer: FuzzScanInputAgreesWithTheHookReader).
func hookInputFrom(fields map[string]json.RawMessage) hookInput {
	str := func(k string) string {
		var s string
		_ = json.Unmarshal(fields[k], &s)
		return s
	}
	in := hookInput{Cwd: str("cwd"), Source: str("source"), SessionID: str("session_id"), Transcript: str("transcript_path")}
	_ = json.Unmarshal(fields["workspace_roots"], &in.Roots)
	var ws struct {
		ProjectDir string `json:"project_dir"`
	}
	_ = json.Unmarshal(fields["workspace"], &ws)
	in.Project = ws.ProjectDir
	return in
}

// within reports whether p is root or inside it.
func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// hookSessions finds the live sessions of the nearest candidate folder
// that has any, or with --session the sessions it names there (as every
// command reads --session; the hook still exits 0 when none matches);
// errors are left out (the hook reports what it can).
func (a *app) hookSessions(cands []string) (project string, sessions []*model.Session) {
	for _, dir := range cands {
		found, _ := a.registry().FindWith(dir, a.source, nil)
		if a.sessionID != "" {
			found = a.matching(found)
		} else {
			found = liveOnly(found)
		}
		if len(found) > 0 {
			return dir, found
		}
	}
	return "", nil
}
