package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// app is one invocation: its streams, its flags and the loaders it uses.
type app struct {
	ctx context.Context
	// longs make a command's --help text when it is asked for (fillLong),
	// not at every start: the demo's and the formats topic's are built
	// from every format's registration and wrapped.
	longs map[*cobra.Command]func() string
	// args are the command line run was given (the statusline's cache
	// keys its answers on them).
	args []string
	// io is what every command prints through: stdout and stderr made
	// safe (internal/textsafe), so nothing a state file says reaches the
	// terminal raw. term is the streams as they came, for the wizard and
	// the loading notice, which draw (and make their text safe
	// themselves), and to tell whether they are terminals.
	io   stdio
	term stdio
	now  func() time.Time
	reg  loaders.Registry // built on first use, from the flags

	// sourceFlags holds the flags that formats declare for themselves.
	sourceFlags *pflag.FlagSet
	claudeHome  string
	// codexHome, when set, is Codex's home instead of $CODEX_HOME (the
	// demo's sample rollout).
	codexHome string

	jsonOut bool
	// long: status prints every session in full, archived ones too.
	long       bool
	source     string
	sessionID  string
	crashAfter time.Duration
	choice     string
	yes        bool
	emit       string
	// allowUnchecked lets RESTART go ahead when git refuses or fails to look at
	// the repository (VETO-2 otherwise fails closed).
	allowUnchecked bool
	// accessible runs the wizard as plain prompts (accessible.go).
	accessible bool
	// noConversations skips looking for the agent conversation behind
	// each session (loaders/convo).
	noConversations bool
	// worktrees: status over every worktree of the repository.
	worktrees bool

	// sig handles SIGINT, SIGTERM and SIGHUP from the start of the run
	// (see signals.go); nil where nothing started it (tests).
	sig *signalCatcher

	// facts caches what the START node is told beside the session (the
	// evidence of activity, the checkout): facts.go.
	facts facts
	// lang is the language the run speaks (lang.go).
	lang langState
	// cut is what the run found of pickup's operations cut short
	// (interrupted.go).
	cut cutShort
}

// clockNow is the run's clock: time.Now, but in the kill loop's own
// build (killloop_clock.go, tag pickup_killloop).
var clockNow = time.Now

// signals is the run's signal catcher, started when needed.
func (a *app) signals() *signalCatcher {
	if a.sig == nil {
		a.sig = newSignalCatcher()
	}
	return a.sig
}

func newApp(ctx context.Context, streams stdio) *app {
	return &app{
		ctx: ctx, term: streams, now: clockNow,
		io:          stdio{in: streams.in, out: textsafe.NewWriter(streams.out), err: textsafe.NewWriter(streams.err)},
		crashAfter:  model.DefaultCrashAfter,
		sourceFlags: pflag.NewFlagSet("sources", pflag.ContinueOnError),
		claudeHome:  defaultClaudeHome(),
	}
}

// flush writes out what the safe streams still hold (a character cut
// between two writes).
func (a *app) flush() {
	for _, w := range []io.Writer{a.io.out, a.io.err} {
		if tw, ok := w.(*textsafe.Writer); ok {
			_ = tw.Flush()
		}
	}
}

// defaultClaudeHome is Claude Code's own $CLAUDE_CONFIG_DIR, else
// $CLAUDE_HOME, else $HOME/.claude (--claude-home overrides it).
func defaultClaudeHome() string {
	for _, v := range []string{"CLAUDE_CONFIG_DIR", "CLAUDE_HOME"} {
		if h := os.Getenv(v); h != "" {
			return h
		}
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".claude")
	}
	return ""
}

// sourceNames lists the registered formats.
func sourceNames() []string {
	out := make([]string, len(sourceSpecs))
	for i, s := range sourceSpecs {
		out[i] = s.name
	}
	return out
}

// options gathers what loaders may read from this invocation's flags.
func (a *app) options() loaders.Options {
	o := loaders.Options{ClaudeHome: a.claudeHome, Now: a.now(), Flags: map[string]string{}, Lists: map[string][]string{},
		Plain: os.Getenv("NO_COLOR") != "" || !a.interactive(), Lang: a.language()}
	if a.emit == "prompt" {
		// The loaders' sentences end up in the prompt: its language.
		o.Lang = a.emitLang()
	}
	a.sourceFlags.VisitAll(func(f *pflag.Flag) {
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			o.Lists[f.Name] = sv.GetSlice()
			return
		}
		o.Flags[f.Name] = f.Value.String()
	})
	return o
}

// registry builds the loaders once, with the parsed flags.
func (a *app) registry() loaders.Registry {
	if a.reg == nil {
		o := a.options()
		for _, s := range sourceSpecs {
			a.reg = append(a.reg, s.factory(o))
		}
	}
	return a.reg
}

// interactive reports whether the wizard can draw and read keys: stdin
// and stderr (where the UI draws) are terminals and TERM is not dumb.
// stdout may be a pipe, so `decision=$(pickup --json)` works.
func (a *app) interactive() bool {
	if os.Getenv("TERM") == "dumb" {
		return false
	}
	in, ok1 := a.term.in.(*os.File)
	er, ok2 := a.term.err.(*os.File)
	return ok1 && ok2 && term.IsTerminal(in.Fd()) && term.IsTerminal(er.Fd())
}

// projectDir resolves the DIR argument; without one, the project is
// found from the working directory as git finds a repository
// (project.go).
func projectDir(args []string) (string, error) {
	dir := "."
	if len(args) > 0 {
		dir = args[0]
	} else if wd, err := os.Getwd(); err == nil && findProject != nil {
		dir = findProject(wd)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fail(exitUsage, &errs.CannotResolveProject, strconv.Quote(dir), err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", fail(exitUsage, &errs.ProjectDir, abs, err)
	}
	if !st.IsDir() {
		return "", fail(exitUsage, &errs.NotADirectory, abs)
	}
	return abs, nil
}

// find loads every session under project (narrowed by --source), and
// reports files that could not be read on stderr.
func (a *app) find(project string) ([]*model.Session, error) {
	if a.source != "" {
		if _, ok := a.registry().For(a.source); !ok {
			return nil, fail(exitUsage, &errs.UnknownSource, strconv.Quote(a.source), strings.Join(sourceNames(), ", "))
		}
	}
	var progress loaders.Progress
	var notice *loadNotice
	if !a.accessible {
		// Accessible mode moves no cursor: no notice redrawn in place.
		notice = newLoadNotice(a.term.err, project)
	}
	if notice != nil {
		progress = notice.progress
	}
	sessions, errs := a.registry().FindWith(project, a.source, progress)
	if notice != nil {
		notice.stop()
	}
	for _, err := range errs {
		fmt.Fprintf(a.io.err, "pickup: %v\n", err)
	}
	// pickup's own writes cut short: named on their sessions, and those
	// of no session found here on stderr (status --json also lists them).
	if rest := a.markInterrupted(project, sessions); !a.jsonOut {
		a.sayInterrupted(rest)
	}
	if len(sessions) == 0 && len(errs) > 0 {
		return nil, quiet(exitCorrupted)
	}
	return sessions, nil
}

// pick chooses the session to act on without the UI: --session (an id or
// a unique prefix, like a git short hash), else the only one that is not
// archived, else an error listing the candidates (the wizard opens its
// picker instead).
func (a *app) pick(project string, sessions []*model.Session) (*model.Session, error) {
	if a.sessionID == "" {
		// Archived sessions are history: listed by status, opened only by id.
		sessions = liveOnly(sessions)
	}
	if len(sessions) == 0 {
		return nil, a.notFound(project)
	}
	if a.sessionID != "" {
		return a.byID(project, sessions)
	}
	if len(sessions) == 1 {
		return sessions[0], nil
	}
	return nil, fail(exitUsage, &errs.Several, len(sessions), model.ShowName(project), idList(sessions))
}

// byID resolves --session: an exact id, else the one id it prefixes.
// Matching ignores case. No match is exit 3, several are exit 2; both
// name the candidates.
func (a *app) byID(project string, sessions []*model.Session) (*model.Session, error) {
	hits := a.matching(sessions)
	switch len(hits) {
	case 0:
		return nil, fail(exitNoSession, &errs.NoID, strconv.Quote(a.sessionID), project, idList(sessions))
	case 1:
		return hits[0], nil
	}
	return nil, fail(exitUsage, &errs.Ambiguous, strconv.Quote(a.sessionID), len(hits), idList(hits))
}

// matching are the sessions --session names: the one whose id it is,
// else every one whose id it starts. Case is ignored.
func (a *app) matching(sessions []*model.Session) []*model.Session {
	want := strings.ToLower(strings.TrimSpace(a.sessionID))
	var hits []*model.Session
	for _, s := range sessions {
		id := strings.ToLower(s.ID)
		if id == want {
			return []*model.Session{s}
		}
		if strings.HasPrefix(id, want) {
			hits = append(hits, s)
		}
	}
	return hits
}

// notFound is exit 3 with the asked source's own words when it has them.
func (a *app) notFound(project string) error {
	if a.source != "" {
		if l, ok := a.registry().For(a.source); ok {
			if e, ok := l.(loaders.NotFoundExplainer); ok {
				return failText(exitNoSession, e.NotFound(project))
			}
		}
	}
	msg := a.cli().NotFound.F(project, strings.Join(a.sourcesAsked(), ", "))
	for _, l := range a.registry() {
		if h, ok := l.(loaders.NotFoundHinter); ok {
			if hint := h.NotFoundHint(project); hint != "" {
				msg += "\n" + hint
			}
		}
	}
	return failText(exitNoSession, msg)
}

// problemCode is the exit code for a session's load problem: 6 when an
// integrity decision is needed, else 4 (unreadable or corrupted).
func problemCode(p *model.LoadError) int {
	if p.Kind == model.ErrIntegrity {
		return exitIntegrity
	}
	return exitCorrupted
}

// problemText is the problem as the person reads it: the source's exact
// words when it has them.
func problemText(p *model.LoadError) string {
	if p.Message != "" {
		return p.Message
	}
	return p.Text()
}

func (a *app) sourcesAsked() []string {
	if a.source != "" {
		return []string{a.source}
	}
	return sourceNames()
}

func idList(ss []*model.Session) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = fmt.Sprintf("%s (%s, %s)", s.ID, s.Source, model.ShowName(s.Path))
	}
	sort.Strings(parts)
	return strings.Join(parts, "; ")
}

// load runs the core's START node on a session, with the facts about
// it gathered (facts.go).
func (a *app) load(s *model.Session) model.State {
	st, _ := model.Step(model.NewState(model.Config{CrashAfter: a.crashAfter, Words: &a.msg().Core}), a.loaded(s))
	return st
}
