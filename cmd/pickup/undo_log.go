package main

import (
	"path/filepath"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// Every write pickup makes belongs to an operation of the log
// (loaders/fsx/oplog.go, docs/undo.md): these open one around a loader's
// Apply and around a settings write. fsx refuses any write outside one.

// logProject is the folder whose operation log records a write to s:
// the session's project, else the folder of its state file.
func logProject(s *model.Session) string {
	if s.Project != "" {
		return s.Project
	}
	return filepath.Dir(s.Path)
}

// undoCommand is the command that takes back the newest operation of
// project's log.
func undoCommand(project string) string {
	return "pickup undo " + model.ShellQuote(project)
}

// applyLogged carries out e's choice with the session's loader inside one
// operation of the log, and names the undo when it wrote anything.
func (a *app) applyLogged(l loaders.Loader, e model.Apply) model.Applied {
	s := e.Session
	project := logProject(s)
	op, err := fsx.Begin(project, fsx.Record{Time: a.now(), Command: "resume", Choice: string(e.Choice),
		Session: &fsx.SessionRef{ID: s.ID, Source: s.Source, Path: s.Path}, Lock: s.Path,
		// kiln's and crucible's files under the Claude home.
		Outside: []string{a.claudeHome}})
	if err != nil {
		return model.Applied{Choice: e.Choice, Err: err}
	}
	res := l.Apply(s, e.Choice, a.now().UTC())
	if err := op.End(res.Err); err != nil && res.Err == nil {
		res.Err = said(err, &errs.RecordNotClosed, err)
	}
	if op.Recorded() {
		res.Undo = undoCommand(project)
	}
	return res
}

// logged runs write inside one operation of project's log.
func (a *app) logged(project string, r fsx.Record, write func() error) error {
	return a.loggedOp(project, r, func(*fsx.Op) error { return write() })
}

// loggedOp is logged, with the operation handed to write.
func (a *app) loggedOp(project string, r fsx.Record, write func(*fsx.Op) error) error {
	if r.Time.IsZero() {
		r.Time = a.now()
	}
	op, err := fsx.Begin(project, r)
	if err != nil {
		return err
	}
	werr := write(op)
	if err := op.End(werr); err != nil && werr == nil {
		return err
	}
	return werr
}
