package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/aios"
	"github.com/pickup-dev/pickup/model"
)

type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// app is one invocation: its streams, its flags and the loaders it uses.
type app struct {
	ctx context.Context
	io  stdio
	reg loaders.Registry
	now func() time.Time

	jsonOut    bool
	source     string
	sessionID  string
	crashAfter time.Duration
	choice     string
	yes        bool
}

func newApp(ctx context.Context, streams stdio) *app {
	return &app{
		ctx: ctx, io: streams, now: time.Now,
		reg:        loaders.Registry{aios.New()},
		crashAfter: model.DefaultCrashAfter,
	}
}

// interactive reports whether the wizard can draw and read keys: stdin
// and stderr (where the UI draws) are terminals and TERM is not dumb.
// stdout may be a pipe, so `decision=$(pickup --json)` works.
func (a *app) interactive() bool {
	if os.Getenv("TERM") == "dumb" {
		return false
	}
	in, ok1 := a.io.in.(*os.File)
	er, ok2 := a.io.err.(*os.File)
	return ok1 && ok2 && term.IsTerminal(in.Fd()) && term.IsTerminal(er.Fd())
}

// projectDir resolves the DIR argument (default: the working directory).
func projectDir(args []string) (string, error) {
	dir := "."
	if len(args) > 0 {
		dir = args[0]
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fail(exitUsage, "cannot resolve the project directory %q: %v", dir, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return "", fail(exitUsage, "project directory %s: %v", abs, err)
	}
	if !st.IsDir() {
		return "", fail(exitUsage, "project directory %s is not a directory", abs)
	}
	return abs, nil
}

// find loads every session under project (narrowed by --source), and
// reports files that could not be read on stderr.
func (a *app) find(project string) ([]*model.Session, error) {
	if a.source != "" {
		if _, ok := a.reg.For(a.source); !ok {
			return nil, fail(exitUsage, "unknown --source %q (known: %s)", a.source, strings.Join(a.reg.Sources(), ", "))
		}
	}
	sessions, errs := a.reg.Find(project, a.source)
	for _, err := range errs {
		fmt.Fprintf(a.io.err, "pickup: %v\n", err)
	}
	if len(sessions) == 0 && len(errs) > 0 {
		return nil, quiet(exitCorrupted)
	}
	return sessions, nil
}

// pick chooses the session to act on: --session (an id or a unique
// prefix), else the only one, else (when many is false) an error listing
// the candidates. With many true, the newest is taken and the rest named.
func (a *app) pick(project string, sessions []*model.Session, many bool) (*model.Session, error) {
	if len(sessions) == 0 {
		return nil, fail(exitNoSession, "no saved session found in %s (looked for %s state files)", project, strings.Join(a.sourcesAsked(), ", "))
	}
	if a.sessionID != "" {
		var hits []*model.Session
		for _, s := range sessions {
			if strings.HasPrefix(s.ID, a.sessionID) {
				hits = append(hits, s)
			}
		}
		switch len(hits) {
		case 0:
			return nil, fail(exitNoSession, "no session with id %q in %s; known: %s", a.sessionID, project, idList(sessions))
		case 1:
			return hits[0], nil
		default:
			return nil, fail(exitUsage, "session id %q is ambiguous: %s", a.sessionID, idList(hits))
		}
	}
	if len(sessions) == 1 || many {
		if len(sessions) > 1 {
			fmt.Fprintf(a.io.err, "pickup: %d sessions found; opening the newest (%s). Others: %s. Choose with --session ID.\n",
				len(sessions), sessions[0].ID, idList(sessions[1:]))
		}
		return sessions[0], nil
	}
	return nil, fail(exitUsage, "%d sessions found in %s; choose one with --session ID: %s", len(sessions), project, idList(sessions))
}

func (a *app) sourcesAsked() []string {
	if a.source != "" {
		return []string{a.source}
	}
	return a.reg.Sources()
}

func idList(ss []*model.Session) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = fmt.Sprintf("%s (%s, %s)", s.ID, s.Source, s.Path)
	}
	sort.Strings(parts)
	return strings.Join(parts, "; ")
}

// load runs the core's START node on a session.
func (a *app) load(s *model.Session) model.State {
	st, _ := model.Step(model.NewState(model.Config{CrashAfter: a.crashAfter}), model.Loaded{Session: s, Now: a.now()})
	return st
}
