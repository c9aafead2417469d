package main

import (
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/tui/msg"
)

// langState is the language a run speaks (issue 19): --lang, else
// PICKUP_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG), else
// English (i18n.Detect). JSON keys, enum values and exit codes are the
// same in every language; the sentences (plain text, the wizard, the
// JSON's own sentences such as next_step, --emit prompt) follow it.
type langState struct {
	flag string // --lang as given
	// pre is --lang as found in the arguments before they are parsed
	// (langArg), so that an error parsing them speaks it too.
	pre string
	// emit is --emit-lang: the language of --emit prompt when it must
	// not follow the run's (an agent that reads English only).
	emit string
	lang i18n.Lang
	set  bool
}

// runLang is the language of this run, for the words said where no app
// is at hand (words, the compact status): the environment's from the
// start of the run (run), then --lang's once the flags are checked
// (checkLang). One run is one process.
var runLang i18n.Lang

// langFlags adds --lang, which every command takes.
func (a *app) langFlags(pf *pflag.FlagSet) {
	pf.StringVar(&a.lang.flag, "lang", "", "the language of the text: "+strings.Join(i18n.Names(), " or ")+
		" (default: $PICKUP_LANG, else the locale, else en); JSON keeps its keys and values")
}

// emitLangFlag adds --emit-lang beside --emit.
func (a *app) emitLangFlag(c *cobra.Command) {
	c.Flags().StringVar(&a.lang.emit, "emit-lang", "", "with --emit prompt: the prompt's language ("+strings.Join(i18n.Names(), " or ")+"; default: the run's, see --lang)")
}

// checkLang decides the run's language; a --lang or --emit-lang pickup
// does not speak is a usage error (exit 2).
func (a *app) checkLang() error {
	l, err := i18n.Detect(a.lang.flag, os.Getenv)
	if err != nil {
		// Said in the environment's language.
		l, _ = i18n.Detect("", os.Getenv)
	}
	a.lang.lang, a.lang.set = l, true
	runLang = l
	if err != nil {
		return failText(exitUsage, a.cli().BadLang.F(strconv.Quote(a.lang.flag), strings.Join(i18n.Names(), ", ")))
	}
	if a.lang.emit != "" {
		if _, ok := i18n.Parse(a.lang.emit); !ok {
			return failText(exitUsage, a.cli().BadEmitLang.F(strconv.Quote(a.lang.emit), strings.Join(i18n.Names(), ", ")))
		}
	}
	return nil
}

// language is the run's language. Before the flags are checked (an
// error parsing them) it is --lang's as the arguments give it, else the
// environment's.
func (a *app) language() i18n.Lang {
	if !a.lang.set {
		l, err := i18n.Detect(a.lang.pre, os.Getenv)
		if err != nil {
			l, _ = i18n.Detect("", os.Getenv)
		}
		return l
	}
	return a.lang.lang
}

// msg is the run's catalog of the wizard's and the plain text's words.
func (a *app) msg() *msg.Catalog { return msg.For(a.language()) }

// cli is the run's catalog of the command line's own words.
func (a *app) cli() *runText { return &a.text().Run }

// langArg is the value of the last --lang in args ("--lang X" or
// "--lang=X"), up to a "--" that ends the flags; "" when there is none.
func langArg(args []string) string {
	v := ""
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--":
			return v
		case a == "--lang" && i+1 < len(args):
			v = args[i+1]
			i++
		case strings.HasPrefix(a, "--lang="):
			v = strings.TrimPrefix(a, "--lang=")
		}
	}
	return v
}

// emitLang is the language of --emit prompt: --emit-lang, else the run's.
func (a *app) emitLang() i18n.Lang {
	if l, ok := i18n.Parse(a.lang.emit); ok && a.lang.emit != "" {
		return l
	}
	return a.language()
}

// runText is the words a run prints around tui/msg's sentences (the
// notes, warnings, the prompt, undo's lines); words.go's cliText holds
// the help's and the compact status's, errors.go's errText the errors.
type runText struct {
	// BadLang, BadEmitLang: given is quoted.
	BadLang, BadEmitLang i18n.M
	// Archived marks an archived session in status's heading.
	Archived string
	// Blocked and Warning start a line of resume's plain output; Note
	// a remark after "pickup: ".
	Blocked, Warning, Note string
	// The demo's remarks: git missing, where a kept sample is, where
	// the formats keeping files under the Claude home have them.
	DemoNoGit, DemoKept, DemoClaudeHome i18n.M
	// Stopped: a signal ended the wizard (SIGHUP, SIGTERM).
	Stopped i18n.M
	// NotFound: no saved session in the project (exit 3).
	NotFound i18n.M
	// VetoReason is VETO-2's one-line reason.
	VetoReason i18n.P
	// NeedsYes: a choice that changes files asked without --yes.
	NeedsYes i18n.M
	// A confirmation resume asked for without --yes: DISCARD's, one
	// that renames (moves), the source's own question (and what it also
	// moves).
	ConfirmDiscard                             string
	ConfirmMoves, ConfirmQuestion, ConfirmAlso i18n.M
	// Prompt is --emit prompt's markdown (when the source builds none).
	Prompt promptText
	// Undo is `pickup undo`'s words.
	Undo undoText
}

// undoText is `pickup undo`'s words: the log's lines, what an undo
// would do and did.
type undoText struct {
	Empty, NothingToUndo i18n.M
	CannotUndo, Failed   i18n.M
	UndoOf               i18n.M
	Writes               i18n.P
	CutShort, RunWithYes string
	// WouldUndo and Undid open what an undo would do and did.
	WouldUndo, Undid                        i18n.M
	AllAsBefore                             string
	Redo                                    i18n.M
	Restore, Remove, Recreate, Rmdir, Mkdir i18n.M
	Move                                    i18n.M
	// Tidy: a temporary file a write cut short left is taken away.
	Tidy i18n.M
	// Finishing: this undo finishes undo cut, cut short while it undid
	// operation target.
	Finishing i18n.M
	// StoppedWrite and StoppedUndo name an operation cut short on a
	// session or in a project (interrupted.go): what it was, when
	// (local "15:04", with the date when not today), its number, and
	// the command that puts it back (or, for an undo, finishes it).
	StoppedWrite, StoppedUndo i18n.M
	// Temps names the temporary files it left.
	Temps i18n.M
	// HookStopped is the hook's line for it.
	HookStopped i18n.M
	// NoSuchOp: --op names no operation of the log.
	NoSuchOp i18n.M
	// Refused frames an undo's refusal: the file, why (fsx's words, or
	// one of pickup's, as CutUndoGone), and that nothing was undone.
	Refused i18n.M
	// CutUndoGone: the undo to finish was undoing an operation the log no
	// longer holds.
	CutUndoGone i18n.M
}

// promptText is --emit prompt's markdown headings and lines.
type promptText struct {
	Title, ResumeAt i18n.M
	Context         string
}

var englishRun = runText{
	BadLang:         i18n.T("--lang {given}: pickup speaks {known}"),
	BadEmitLang:     i18n.T("--emit-lang {given}: pickup speaks {known}"),
	Archived:        " (archived)",
	Blocked:         "blocked: ",
	Warning:         "warning: ",
	Note:            "note: ",
	DemoNoGit:       i18n.T("pickup demo: {err}; the demo runs without git (RESTART will warn)"),
	DemoKept:        i18n.T("pickup demo: sample project kept at {dir}"),
	DemoClaudeHome:  i18n.T("pickup demo: its {formats} files are under {home}; run pickup there with --claude-home {home}"),
	Stopped:         i18n.T("pickup: stopped by {signal}; {nothing}"),
	NotFound:        i18n.T("no saved session found in {project} (looked for {sources} state files)"),
	VetoReason:      i18n.Plural("{n} file has uncommitted changes", "{n} files have uncommitted changes"),
	NeedsYes:        i18n.T("{choice} changes files; run again with --yes to do it (nothing was changed)"),
	ConfirmDiscard:  "discard archives the state file; run again with --yes to do it (nothing was changed)",
	ConfirmMoves:    i18n.T("{choice} archives (renames beside itself, deletes nothing) {moves}; run again with --yes to do it (nothing was changed)"),
	ConfirmQuestion: i18n.T("{question} — run again with --yes to answer yes (nothing was changed)"),
	ConfirmAlso:     i18n.T("{question} (this also moves {moves}) — run again with --yes to answer yes (nothing was changed)"),
	Undo: undoText{
		Empty:         i18n.T("No operation in {project}'s log: pickup has written nothing here."),
		NothingToUndo: i18n.T("pickup has written nothing in {project}: there is nothing to undo"),
		CannotUndo:    i18n.T("(cannot be undone: {problem})"),
		Failed:        i18n.T("failed: {err}"),
		UndoOf:        i18n.T("undo of operation {id}"),
		Writes:        i18n.Plural("{n} write", "{n} writes"),
		CutShort:      "cut short",
		RunWithYes:    "run again with --yes to undo it (nothing was changed)",
		WouldUndo:     i18n.T("Would undo operation {id} ({when}, {title}):"),
		Undid:         i18n.T("Undid operation {id} ({when}, {title}):"),
		AllAsBefore:   "(every file is already as it was before)",
		Redo:          i18n.T("To redo it: {command} --yes"),
		Restore:       i18n.T("put back the old bytes of {path}"),
		Remove:        i18n.T("take away {path} (its bytes stay in the log)"),
		Recreate:      i18n.T("put back {path}"),
		Move:          i18n.T("move {to} back to {path}"),
		Rmdir:         i18n.T("take away the folder {path} if still empty"),
		Mkdir:         i18n.T("make the folder {path}"),
		Tidy:          i18n.T("take away {path}, a temporary file a write cut short left"),
		Finishing:     i18n.T("(finishes operation {cut}, an undo cut short: operation {target} is undone from where it stopped)"),
		StoppedWrite:  i18n.T("pickup stopped during {what} at {when} (operation {id}); `{command}` puts it back"),
		StoppedUndo:   i18n.T("pickup stopped during {what} at {when} (operation {id}); `{command}` finishes it"),
		Temps:         i18n.T("it left temporary files: {paths}"),
		HookStopped:   i18n.T("Interrupted write: {line}."),
		NoSuchOp:      i18n.T("no operation {id} in {project}'s log (pickup undo --list shows it)"),
		Refused:       i18n.T("{path}: {why}; nothing was undone"),
		CutUndoGone:   i18n.T("operation {id}, cut short, was undoing operation {target}, which is no longer in the log"),
	},
	Prompt: promptText{
		Title:    i18n.T("# Resume: {title}"),
		ResumeAt: i18n.T("Resume at phase {phase}: {reason}."),
		Context:  "## Context",
	},
}
