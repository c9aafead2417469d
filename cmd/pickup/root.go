package main

import (
	"context"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// rootShort is the root's prose in --help: what pickup looks at and
// where the rest is. The long prose is the man page's.
const rootShort = `pickup opens the project's saved sessions: DIR when given, else the
nearest folder at or above the current one that holds a session of any
format, else the git top-level (a note on stderr names it when it is not
the current folder). The wizard draws on stderr; its decision goes to
stdout (one line, or JSON with --json), so decision=$(pickup --json) works.

More: pickup help formats (the formats pickup reads and their own flags),
pickup man (the manual, with the environment), docs/ in the repository.`

const rootLongTmpl = `pickup reads the saved state of an interrupted AI-agent workflow, says
where things stand (crashed or paused, how long ago, which epic, story and
phase, what is done) and walks you through CONTINUE, REVIEW, RESTART or
DISCARD. RESTART is vetoed while git has uncommitted changes; DISCARD
archives the state file beside itself and never deletes it; every write
is atomic and refused if the file changed since pickup read it.

The wizard draws on stderr; its decision goes to stdout (one line, or JSON
with --json), so decision=$(pickup --json) works. Without a terminal on
stdin and stderr it prints the status instead of waiting for keys.

Sources:
%SOURCES%`

// exitCodesText and environmentText end the root's --help and are
// sections of the man page.
const exitCodesText = `  0    done
  1    error
  2    usage (an unknown command or flag, a bad value)
  3    no session found
  4    state unreadable or corrupted
  5    blocked by a guard (veto, file changed on disk, missing --yes,
       choice not available)
  6    integrity decision needed (recorded hashes no longer match: an
       explicit flag is needed)
  130  cancelled
  129, 143  stopped by SIGHUP or SIGTERM (nothing changed)`

const environmentText = `  NO_COLOR         set: no colour
  ACCESSIBLE=1     the wizard as plain numbered prompts on stderr, answered
                   by typing a number or y/n and Enter (also --accessible)
  TERM=dumb        print the status instead of drawing the wizard
  LC_ALL, LC_CTYPE, LANG
                   a locale that is not UTF-8 draws ASCII marks
  EDITOR, PAGER    open artifacts (default vi and less -R)
  CLAUDE_CONFIG_DIR, CLAUDE_HOME
                   Claude Code's home, in that order (default ~/.claude)
  CODEX_HOME       Codex's home, for hook install --agent codex
  CLAUDE_PROJECT_DIR, GEMINI_PROJECT_DIR, CURSOR_PROJECT_DIR
                   read by pickup hook when the agent's stdin has no cwd
  XDG_RUNTIME_DIR  where the single-writer locks live`

func rootLong() string {
	var lines []string
	for _, s := range sourceSpecs {
		lines = append(lines, "  "+s.help)
	}
	return strings.Replace(rootLongTmpl, "%SOURCES%", strings.Join(lines, "\n"), 1)
}

func run(ctx context.Context, args []string, streams stdio) int {
	a := newApp(ctx, streams)
	a.args = args
	a.lang.pre = langArg(args)
	runLang = a.language() // --lang as the arguments give it, until the flags are read
	// Signals are pickup's to handle from the first moment (loading can
	// take a while; the wizard's first layout too).
	defer a.signals().stop()
	defer a.flush()
	findProject = a.nearestProject
	root := a.commands()
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		a.completeFlags(root) // only a shell asking for completions needs them
	}
	root.SetArgs(args)
	root.SetIn(streams.in)
	// Help is pickup's own text (styled by fang for a terminal); errors
	// name files and ids from state files, so they go through the safe
	// stream.
	root.SetOut(streams.out)
	root.SetErr(a.io.err)
	return a.execute(ctx, root)
}

func (a *app) commands() *cobra.Command {
	root := &cobra.Command{
		Use:   "pickup [DIR]",
		Short: "Resume an interrupted AI-agent workflow safely",
		Long:  rootShort,
		Example: strings.Join([]string{
			"  pickup                    # the wizard, on the current directory",
			"  pickup demo               # the wizard on a built-in sample project",
			"  pickup status ~/shop      # every session found, one block each",
			"  pickup status --json      # the same, for scripts",
			"  pickup artifacts --session 3f2a",
			"  pickup resume --choice continue --json",
			"  pickup resume --choice restart --yes",
			"  pickup undo --yes         # take back pickup's last write",
			"  pickup hook install --agent claude",
		}, "\n"),
		// A first word that is neither a command nor a folder is a
		// mistyped command.
		Args: func(c *cobra.Command, args []string) error {
			if len(args) > 0 {
				if err := unknownWord(c, args[0]); err != nil {
					return err
				}
			}
			return takes(0, 1)(c, args)
		},
		// Checked once, for every subcommand: flags that are valid one by
		// one but not together or not in range.
		PersistentPreRunE: func(c *cobra.Command, _ []string) error { return a.checkFlags(c) },
		RunE: func(_ *cobra.Command, args []string) error {
			dir, err := projectDir(args)
			if err != nil {
				return err
			}
			return a.wizard(dir)
		},
	}
	pf := root.PersistentFlags()
	pf.BoolVar(&a.jsonOut, "json", false, "print JSON on stdout (see docs/json.md)")
	a.langFlags(pf)
	pf.StringVar(&a.source, "source", "", "only sessions of this source (a format: pickup help formats lists them)")
	pf.StringVar(&a.claudeHome, "claude-home", a.claudeHome, "Claude Code's home, where "+joinAnd(sourceTitles(func(s sourceSpec) bool { return s.claudeHome }))+" keep per-project memory ($CLAUDE_CONFIG_DIR, else $CLAUDE_HOME, default ~/.claude)")
	pf.Lookup("claude-home").DefValue = "" // the usage says the default once
	for _, s := range sourceSpecs {
		if s.flags != nil {
			s.flags(a.sourceFlags)
		}
	}
	a.sourceFlags.VisitAll(func(f *pflag.Flag) { _ = a.sourceFlags.SetAnnotation(f.Name, formatFlag, []string{"true"}) })
	pf.AddFlagSet(a.sourceFlags)
	pf.StringVar(&a.sessionID, "session", "", "the session to open, by id or unique id prefix (see pickup status)")
	pf.BoolVar(&a.accessible, "accessible", accessibleEnv(), "the wizard as plain numbered prompts: no cursor movement, boxes or colour, for screen readers and logs; works without a terminal ($ACCESSIBLE)")
	pf.BoolVar(&a.noConversations, "no-conversations", false, "do not look for the agent conversation behind each session")
	pf.DurationVar(&a.crashAfter, "crash-after", a.crashAfter, "inactivity after which an unpaused session counts as crashed (at most 8760h)")
	addChoiceFlags := func(c *cobra.Command) {
		c.Flags().StringVar(&a.choice, "choice", "", "decide without the UI: continue, review, restart or discard")
		c.Flags().BoolVar(&a.yes, "yes", false, "answer yes to confirmations: allow restart, discard and confirmed writes to change files (without it they refuse)")
		c.Flags().StringVar(&a.emit, "emit", "", "with --choice continue: 'prompt' prints the agent's prompt, not the decision")
		a.emitLangFlag(c)
		c.Flags().BoolVar(&a.allowUnchecked, "allow-unchecked-restart", false, "let RESTART go ahead when git refuses or fails to check the repository (docs/guards.md); files git did report still block")
	}
	addChoiceFlags(root)

	status := &cobra.Command{
		Use:   "status [DIR]",
		Short: "Summarise every saved session found, without the UI",
		Long: `status lists every saved session under DIR (default: the current
directory), two or three lines each: its source and id, where it stands
and how long ago, what it is; its progress and resume point; the first
fact that bears on the choice, else the recommended choice. Archived
sessions are counted in one line. --long prints each session in full
(its facts, options and warnings), archived ones too.
--session ID shows that session alone (exit 3 when no id matches).
Exit 3 when none is found, 4 when a state file is corrupted.`,
		Args: takes(0, 1),
		RunE: func(_ *cobra.Command, args []string) error {
			dir, err := projectDir(args)
			if err != nil {
				return err
			}
			return a.status(dir)
		},
	}
	status.Flags().BoolVar(&a.long, "long", false, "every session in full: facts, options and warnings, archived sessions too")
	status.Flags().BoolVar(&a.worktrees, "worktrees", false, "every worktree of the repository (git worktree list): its sessions under its branch and folder; a worktree whose folder is gone is listed as orphaned, with the agent conversations that ran there")
	resume := &cobra.Command{
		Use:   "resume [DIR]",
		Short: "Carry out one choice without the UI, for scripts and agents",
		Long: `resume runs the same core as the wizard with --choice as the pick.
continue and review change nothing. restart first checks git (VETO-2:
any uncommitted change blocks it, exit 5; so does a repository git
refuses to look at because another user owns it, or one git fails on,
unless --allow-unchecked-restart), then resets the workflow;
discard archives the state file beside itself. Both change files only
with --yes; without it they say what they would do and exit 5.`,
		Args: takes(0, 1),
		RunE: func(_ *cobra.Command, args []string) error {
			if a.choice == "" {
				return fail(exitUsage, &errs.ResumeNeedsChoice)
			}
			dir, err := projectDir(args)
			if err != nil {
				return err
			}
			return a.resume(dir)
		},
	}
	addChoiceFlags(resume)
	var keep bool
	demo := &cobra.Command{
		Use:   "demo",
		Short: "Run the wizard on a built-in sample project (one session of every format)",
		Args:  takes(0, 0),
		RunE:  func(_ *cobra.Command, _ []string) error { return a.demo(keep) },
	}
	demo.Flags().BoolVar(&keep, "keep", false, "keep the sample project and print where it is")
	a.later(demo, demoLong)
	formats := formatsTopic()
	a.later(formats, rootLong)
	root.AddCommand(status, resume, demo, a.planCommand(), a.artifactsCommand(), a.hookCommand(), a.statuslineCommand(), a.undoCommand(), a.manCommand(), formats)
	for _, s := range sourceSpecs {
		if s.commands != nil {
			root.AddCommand(s.commands(a)...)
		}
	}
	return root
}

// later gives c the --help text long makes, when it is asked for.
func (a *app) later(c *cobra.Command, long func() string) {
	if a.longs == nil {
		a.longs = map[*cobra.Command]func() string{}
	}
	a.longs[c] = long
}

// fillLong makes the --help text of c and of every command under it
// that has one to make (later).
func (a *app) fillLong(c *cobra.Command) {
	if long, ok := a.longs[c]; ok {
		c.Long = long()
		delete(a.longs, c)
	}
	for _, sub := range c.Commands() {
		a.fillLong(sub)
	}
}

// demoLong is the demo's --help: what the sample holds, format by
// format, from the registrations.
func demoLong() string {
	var what, notes []string
	for _, s := range proseSources() {
		if s.demo != "" {
			what = append(what, s.demo)
		}
		if s.demoNote != "" {
			notes = append(notes, s.demoNote)
		}
	}
	return wrapText("demo unpacks a sample project into a temporary directory: one saved "+
		"session of every supported format ("+joinAnd(what)+", plus archived history), in a git "+
		"repository with one uncommitted file so RESTART's veto can be seen. "+strings.Join(append(notes,
		"It opens the session picker there and removes everything afterwards (keep it with --keep)."), " "), 73)
}

// formatsTopic is `pickup help formats`: the formats pickup reads, the
// long prose and every format's own flags, out of the root's --help.
func formatsTopic() *cobra.Command {
	return &cobra.Command{
		Use:   "formats",
		Short: "The formats pickup reads and each format's own flags",
	}
}

// maxCrashAfter is the longest --crash-after: a year. A longer one (or
// one that overflows) is a mistake, not a setting.
const maxCrashAfter = 365 * 24 * time.Hour

// sessionCommands are the commands that open sessions: --session means
// the same in each (an id or unique prefix; no match exit 3, several
// exit 2), and is refused by the others rather than ignored.
var sessionCommands = map[string]bool{
	"pickup": true, "pickup status": true, "pickup resume": true, "pickup plan": true,
	"pickup artifacts": true, "pickup hook": true, "pickup design": true,
}

// checkFlags refuses flag values no command can use (exit 2).
func (a *app) checkFlags(c *cobra.Command) error {
	if err := a.checkLang(); err != nil {
		return err
	}
	if a.sessionID != "" && !sessionCommands[c.CommandPath()] {
		return fail(exitUsage, &errs.SessionNotHere, c.CommandPath())
	}
	if a.crashAfter <= 0 || a.crashAfter > maxCrashAfter {
		return fail(exitUsage, &errs.CrashAfter, a.crashAfter, "8760h")
	}
	return nil
}
