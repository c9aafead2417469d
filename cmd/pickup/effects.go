package main

import (
	"fmt"

	"github.com/pickup-dev/pickup/loaders/git"
	"github.com/pickup-dev/pickup/model"
)

// perform carries out one effect of the core and returns the event that
// answers it. It is the only place where the core's requests meet I/O.
func (a *app) perform(e model.Effect) model.Event {
	switch e := e.(type) {
	case model.CheckGit:
		return git.Status(e.Dir)
	case model.Apply:
		l, ok := a.registry().For(e.Session.Source)
		if !ok {
			return model.Applied{Choice: e.Choice, Err: fmt.Errorf("no loader for source %q", e.Session.Source)}
		}
		return l.Apply(e.Session, e.Choice, a.now().UTC())
	}
	return nil
}
