package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/pickup-dev/pickup/loaders/artifacts"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/plain"
)

// accessibleEnv reports whether ACCESSIBLE asks for accessible mode (huh's
// convention): set to anything but "", "0" or "false".
func accessibleEnv() bool {
	v := strings.TrimSpace(os.Getenv("ACCESSIBLE"))
	return v != "" && v != "0" && !strings.EqualFold(v, "false")
}

// accessibleWizard is the wizard in accessible mode: the same sessions,
// core, effects runner and exit codes, shown as plain lines on stderr and
// answered on stdin by typing a number (or y/n) and Enter; it needs no
// terminal. The decision goes to stdout, as the wizard's does.
func (a *app) accessibleWizard(project string) error {
	sessions, err := a.find(project)
	if err != nil {
		return err
	}
	var open []*model.Session
	if a.sessionID != "" {
		s, err := a.pick(project, sessions)
		if err != nil {
			return err
		}
		open = []*model.Session{s}
	} else if len(liveOnly(sessions)) == 0 {
		return a.notFound(project)
	} else {
		// Archived ones too: the list shows them when asked (a), as
		// the wizard's picker does.
		open = sessions
	}
	c, now := a.msg(), a.now()
	res := plain.Run(plain.Config{
		In: a.io.in, Out: a.io.err, Catalog: c, Project: project,
		Sessions: open, Load: a.load, Run: a.perform, Now: now,
		// The artifact browser's list, as pickup artifacts prints it.
		Artifacts: func(s *model.Session) []string {
			return strings.Split(strings.TrimRight(artifactsText(c, s, artifacts.Inspect(s), now, true), "\n"), "\n")
		},
	})
	switch {
	case res.EOF:
		return quiet(exitCancelled)
	case res.Session == nil || res.State.Decision == nil:
		fmt.Fprintln(a.io.err, a.msg().QuitText)
		return quiet(exitCancelled)
	case res.State.Decision.Blocked() && !a.jsonOut:
		// The veto's files and commands were just printed above its
		// question: the outcome is said once, in one line.
		fmt.Fprintln(a.io.out, a.msg().DecisionText(*res.State.Decision))
		return quiet(exitBlocked)
	}
	return a.finish(res.State, res.Session)
}
