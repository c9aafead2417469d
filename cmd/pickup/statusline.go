package main

import (
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/pickup-dev/pickup/internal/quickline"
	"github.com/pickup-dev/pickup/loaders/activity"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// statuslineWidth bounds the line: an agent's status bar is one row.
const statuslineWidth = 80

func (a *app) statuslineCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "statusline",
		Short: "One line on the newest session, for an agent's status bar",
		Long: `statusline is a command for an agent's status bar (Claude Code's
statusLine; pickup hook install --statusline adds it). It reads the
agent's JSON on stdin as the hook does (the project is its
workspace.project_dir, else its "cwd", else the folder above it that
holds a saved session, up to the git work tree; else the current
directory) and prints one line on the newest live session there:

  kiln · build · Slices sealed 2/4 · paused 40m

source, resume point, progress, where it stands and since when. Nothing
saved prints nothing. It never writes a project's files, never waits on
a lock and always exits 0; its last answers are kept in pickup's state
folder and given again while the files they read are unchanged.`,
		Args:               takes(0, 0),
		FParseErrWhitelist: cobra.FParseErrWhitelist{UnknownFlags: true},
		RunE: func(_ *cobra.Command, _ []string) error {
			a.runStatusline()
			return nil
		},
	}
}

// runStatusline prints the status bar's line (nothing when there is no
// live session).
func (a *app) runStatusline() {
	signal.Ignore(syscall.SIGPIPE)
	in, _ := readHookInput(a.io.in)
	if in.Project != "" {
		in.Cwd = in.Project
	}
	ag, _ := hookAgentNamed("claude")
	cands, _ := quickline.Projects(in, ag.projectEnv)
	now := a.now()
	key := a.statuslineKey(cands)
	line, ok := a.cachedStatusline(key, cands, now)
	if !ok {
		stop := fsx.TrackReads()
		found := a.statuslineFound(cands)
		var st model.State
		line, st = a.statuslineNow(cands, now)
		a.keepStatusline(key, line, cands, found, stop(), st, now)
	}
	if line != "" {
		a.io.out.Write([]byte(line + "\n"))
	}
}

// statuslineNow is the line on the newest live session in cands at now
// (read afresh), and the state it was made from.
func (a *app) statuslineNow(cands []string, now time.Time) (string, model.State) {
	_, sessions := a.hookSessions(cands)
	if len(sessions) == 0 {
		return "", model.State{}
	}
	s := sessions[0]
	cfg := model.Config{CrashAfter: a.crashAfter, Words: &a.msg().Core}
	st, _ := model.Step(model.NewState(cfg), model.Loaded{Session: s, Now: now, Activity: activity.Lock(s.Path, &a.msg().Core)})
	return statusline(st, msg.For(runLang)), st
}

// statusline is the status bar's words for st: "kiln · build · Slices
// sealed 2/4 · paused 40m".
func statusline(st model.State, c *msg.Catalog) string {
	s := st.Session
	if s == nil {
		return ""
	}
	parts := []string{s.Source}
	switch {
	case s.ResumePoint.Phase != "":
		parts = append(parts, c.Phase(s.ResumePoint.Phase))
	case s.Stage != "":
		parts = append(parts, s.Stage)
	}
	if s.Units != nil && s.Units.Total > 0 {
		label := c.Word(s.UnitsLabel)
		if label == "" {
			label = c.UnitsDefault
		}
		parts = append(parts, strings.ToUpper(label[:1])+label[1:]+" "+strconv.Itoa(s.Units.Done)+"/"+strconv.Itoa(s.Units.Total))
	} else if len(s.Phases) > 0 {
		parts = append(parts, c.PhasesCount.F(s.PhasesDone(), len(s.Phases)))
	}
	std := model.StandingOf(s, st.Crash)
	where := standing(runLang, std)
	if s.HasLastUpdated && std != model.StandingCorrupted {
		where += " " + msg.SpanShort(st.Crash.MinutesSinceUpdate)
	}
	parts = append(parts, where)
	for i, p := range parts {
		parts[i] = strings.Join(strings.Fields(p), " ")
	}
	return ansi.Truncate(strings.Join(parts, " · "), statuslineWidth, "…")
}
