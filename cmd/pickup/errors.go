package main

import (
	"errors"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// errText is every error a command fails with that has words of its
// own (fail); the pt-BR is in messages/pt-BR.json under "Errors". An
// error made only of other words (an error's own text, a sentence said
// elsewhere) goes through failText.
type errText struct {
	ManPage              i18n.M
	NoIDHolds            i18n.M
	SessionNotHere       i18n.M
	Several              i18n.M
	SettingsUnreadable   i18n.M
	NoScope              i18n.M
	CommandBare          i18n.M
	CommandNotOnPath     i18n.M
	StateFolder          i18n.M
	SymbolicLink         i18n.M
	NeedsAgent           i18n.M
	NoPlan               i18n.M
	PathUnchanged        i18n.M
	Unchanged            i18n.M
	BadAgent             i18n.M
	DesignChoice         i18n.M
	CrashAfter           i18n.M
	EmitPrompt           i18n.M
	DesignExclusive      i18n.M
	OwnPath              i18n.M
	NoHome               i18n.M
	StatuslineAgent      i18n.M
	ForeignStatusline    i18n.M
	CannotResolve        i18n.M
	CannotResolveProject i18n.M
	DemoDir              i18n.M
	StoppedOnScreen      i18n.M
	FinalModel           i18n.M
	NoID                 i18n.M
	NotADirectory        i18n.M
	ProjectDir           i18n.M
	ResumeNeedsChoice    i18n.M
	Ambiguous            i18n.M
	TerminalUI           i18n.M
	UnknownSource        i18n.M
	DemoUnpack           i18n.M
	WritingJSON          i18n.M
	Feature              i18n.M
	Choice               i18n.M
	FileChanged          i18n.M
	FileRemoved          i18n.M
	StateIsLink          i18n.M
	StateOutside         i18n.M
	LockUnavailable      i18n.M
	NotPositive          i18n.M
	RecordNotClosed      i18n.M
}

var englishErrors = errText{
	ManPage:              i18n.T("man page: {err}"),
	NoIDHolds:            i18n.T("no session with id {id} in {project}; it holds {ids}"),
	SessionNotHere:       i18n.T("--session does not apply to {command}: it opens no session"),
	Several:              i18n.T("{count} sessions found in {project}; choose one with --session ID: {ids}"),
	SettingsUnreadable:   i18n.T("{path} {err}; nothing was changed"),
	NoScope:              i18n.T("{agent} has no {scope} scope (scopes: {scopes})"),
	CommandBare:          i18n.T("--command {command}: give a bare name found on PATH (pickup) or an absolute path"),
	CommandNotOnPath:     i18n.T("--command {command}: not found on PATH here, so the agent would not find it either: {err}"),
	StateFolder:          i18n.T("pickup's state folder {dir}: {err}; nothing was changed"),
	SymbolicLink:         i18n.T("{path} is a symbolic link to {target}; pickup does not write through links: run it on {target}, nothing was changed"),
	NeedsAgent:           i18n.T("{command} needs --agent ({agents})"),
	NoPlan:               i18n.T("{source} sessions have no computed plan; `pickup status` shows where this one stands"),
	PathUnchanged:        i18n.T("{path}: {err}; nothing was changed"),
	Unchanged:            i18n.T("{err}; nothing was changed"),
	BadAgent:             i18n.T("--agent must be one of {agents} (got {agent})"),
	DesignChoice:         i18n.T("--choice cannot be combined with --status, --resume or --restart"),
	CrashAfter:           i18n.T("--crash-after {after}: give a duration of more than 0 and at most {most} (for example 30m, 2h)"),
	EmitPrompt:           i18n.T("--emit takes 'prompt', with --choice continue"),
	DesignExclusive:      i18n.T("--status, --resume and --restart exclude each other"),
	OwnPath:              i18n.T("cannot find pickup's own path for the hook command: {err}"),
	NoHome:               i18n.T("cannot find the home folder for the user scope: {err}"),
	StatuslineAgent:      i18n.T("--statusline is Claude Code's statusLine setting; pickup knows no status-line command for {agent}"),
	ForeignStatusline:    i18n.T("{path} already has a statusLine that is not pickup's: pickup does not replace it (remove it first, or keep it); nothing was changed"),
	CannotResolve:        i18n.T("cannot resolve {path}: {err}"),
	CannotResolveProject: i18n.T("cannot resolve the project directory {dir}: {err}"),
	DemoDir:              i18n.T("creating the demo directory: {err}"),
	StoppedOnScreen:      i18n.T("internal: the wizard stopped on screen {screen}"),
	FinalModel:           i18n.T("internal: unexpected final model {type}"),
	NoID:                 i18n.T("no session with id {id} in {project}; known: {ids}"),
	NotADirectory:        i18n.T("project directory {dir} is not a directory"),
	ProjectDir:           i18n.T("project directory {dir}: {err}"),
	ResumeNeedsChoice:    i18n.T("resume needs --choice continue|review|restart|discard"),
	Ambiguous:            i18n.T("session id {id} is ambiguous: it starts {count} ids: {ids}"),
	TerminalUI:           i18n.T("terminal UI: {err}"),
	UnknownSource:        i18n.T("unknown --source {source} (known: {sources})"),
	DemoUnpack:           i18n.T("unpacking the demo: {err}"),
	WritingJSON:          i18n.T("writing JSON: {err}"),
	Feature:              i18n.T("feature: {err}"),
	Choice:               i18n.T("--choice: {err}"),
	FileChanged:          i18n.T("{head}{path}: the file changed on disk since pickup loaded it; nothing was written (reload and choose again)"),
	FileRemoved:          i18n.T("{head}{path}: the file was removed since pickup loaded it; nothing was written"),
	StateIsLink:          i18n.T("{path} is a symbolic link to {target}: pickup only writes state files that are in their place, so nothing was written"),
	StateOutside:         i18n.T("{path} resolves to {resolved}, outside the project {project} (a folder on the way is a symbolic link): pickup only writes inside the project, so nothing was written"),
	LockUnavailable:      i18n.T("cannot take the single-writer lock, so nothing was written: {err}"),
	NotPositive:          i18n.T("want a whole number of at least 1, got {value}"),
	RecordNotClosed:      i18n.T("the write was made but its operation record could not be closed ({err}); pickup undo still sees what was recorded"),
}

// errs are the error messages fail takes: &errs.X.
var errs = &englishErrors

// errorText is err in t's language: a fail's message said with the same
// arguments; any other error as it is, the errors in its chain that say
// themselves (fsx's) said in t's language (i18n.ErrorIn).
func (t *cmdText) errorText(err error) string {
	var ce *codeError
	if errors.As(err, &ce) && ce.m != nil {
		return t.say(ce.m, ce.args)
	}
	return i18n.ErrorIn(t.Lang, err)
}

// say is m (one of errs' messages, &errs.X) in t's language, with args.
func (t *cmdText) say(m *i18n.M, args []any) string {
	if in, ok := i18n.Same(errs, m, &t.Errors); ok {
		return in.F(args...)
	}
	return m.F(args...)
}

// saidError is an error in cmd's own words, one of errs' messages with
// its values (and the error it wraps, said in it as {err}): Error() is
// English, and SayIn (i18n.Sayer) the same message in another language,
// so that i18n.ErrorIn says it wherever it is passed on.
type saidError struct {
	m    *i18n.M
	args []any
	err  error
}

// said is the error m (&errs.X) says with args; wrapped, when not nil,
// is what errors.Is and errors.As see through it.
func said(wrapped error, m *i18n.M, args ...any) error {
	return &saidError{m: m, args: args, err: wrapped}
}

func (e *saidError) Error() string { return e.m.F(e.args...) }

func (e *saidError) Unwrap() error { return e.err }

func (e *saidError) SayIn(l i18n.Lang) string { return Catalogs.For(l).say(e.m, e.args) }
