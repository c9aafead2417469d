package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// An operation cut short (loaders/fsx/oplog_open.go): pickup was killed
// while it wrote, and its record in the log is still open. Every command
// that shows a session names it on that session: an alert
// (model.AlertInterrupted) on the options screen, in status and in
// resume, a line in the hook, and "interrupted" in JSON. One whose
// session is not found any more (a DISCARD that moved it) is named for
// the project. Nothing else changes: exit codes are those of the
// sessions, and a choice still goes ahead.

// interruptedJSON is one operation cut short, as JSON carries it.
type interruptedJSON struct {
	Operation int             `json:"operation"`
	Time      time.Time       `json:"time"`
	Command   string          `json:"command"`
	Choice    string          `json:"choice,omitempty"`
	Undoes    int             `json:"undoes,omitempty"`
	Session   *fsx.SessionRef `json:"session,omitempty"`
	Writes    int             `json:"writes"`
	// TemporaryFiles are the temporary files its writes left.
	TemporaryFiles []string `json:"temporary_files,omitempty"`
	// Undo is the command that puts it back (or finishes an undo).
	Undo string `json:"undo"`
	Text string `json:"text"`
	// alert is Text on the session it names (which it leaves out).
	alert string
}

// cutShort is what a run found of the operations cut short: per log, and
// per session shown.
type cutShort struct {
	mu   sync.Mutex
	logs map[string][]interruptedJSON
	by   map[*model.Session]*interruptedJSON
	// shown are the operations attached to a session (by log and id).
	shown map[string]bool
	// homes are logHome's answers, by folder: every session of a
	// project asks for the same few, each a walk up to the root.
	homes map[string]string
}

// logHome is logHome(dir), walked once per folder per run.
func (a *app) logHome(dir string) string {
	c := &a.cut
	c.mu.Lock()
	home, ok := c.homes[dir]
	c.mu.Unlock()
	if ok {
		return home
	}
	home = logHome(dir)
	c.mu.Lock()
	if c.homes == nil {
		c.homes = map[string]string{}
	}
	c.homes[dir] = home
	c.mu.Unlock()
	return home
}

// interruptedIn are the operations cut short in the log of project (the
// nearest folder at or above it holding one), read once per run.
func (a *app) interruptedIn(dir string) []interruptedJSON {
	project := a.logHome(dir)
	c := &a.cut
	c.mu.Lock()
	if got, ok := c.logs[project]; ok {
		c.mu.Unlock()
		return got
	}
	c.mu.Unlock()
	var out []interruptedJSON
	if log, err := fsx.ReadRecentLog(project); err == nil {
		for _, e := range fsx.Interrupted(log) {
			out = append(out, a.describeCut(project, log, e))
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.logs == nil {
		c.logs = map[string][]interruptedJSON{}
	}
	c.logs[project] = out
	return out
}

// describeCut says e in words and JSON.
func (a *app) describeCut(project string, log []fsx.Entry, e fsx.Entry) interruptedJSON {
	u := &a.cli().Undo
	cmd := undoCommand(project)
	if log[0].ID != e.ID {
		cmd += fmt.Sprintf(" --op %d", e.ID)
	}
	what := e.Command
	switch {
	case e.Undoes != 0:
		what = u.UndoOf.F(e.Undoes)
	case e.Choice != "":
		what = strings.ToUpper(e.Choice)
	}
	whatOf := what
	if e.Session != nil {
		whatOf += " (" + e.Session.Source + " " + e.Session.ID + ")"
	}
	when, layout := e.Time.Local(), "15:04"
	if when.Format("2006-01-02") != a.now().Local().Format("2006-01-02") {
		layout = "2006-01-02 15:04"
	}
	j := interruptedJSON{Operation: e.ID, Time: e.Time, Command: e.Command, Choice: e.Choice, Undoes: e.Undoes,
		Session: e.Session, Writes: len(e.Steps), TemporaryFiles: e.LeftTemps(project), Undo: cmd}
	stopped := u.StoppedWrite
	if e.Undoes != 0 {
		stopped = u.StoppedUndo
	}
	j.Text = stopped.F(whatOf, when.Format(layout), e.ID, cmd)
	j.alert = stopped.F(what, when.Format(layout), e.ID, cmd)
	if len(j.TemporaryFiles) > 0 {
		temps := "; " + u.Temps.F(strings.Join(j.TemporaryFiles, ", "))
		j.Text += temps
		j.alert += temps
	}
	return j
}

// markInterrupted attaches to each session the operation cut short that
// wrote it (an alert, and interrupted in JSON), and returns the ones of
// the logs of project and the sessions that no session shown here wrote.
func (a *app) markInterrupted(project string, sessions []*model.Session) (rest []interruptedJSON) {
	dirs := map[string]bool{a.logHome(project): true}
	for _, s := range sessions {
		dirs[a.logHome(logProject(s))] = true
	}
	names := make([]string, 0, len(dirs))
	for d := range dirs {
		names = append(names, d)
	}
	sort.Strings(names)
	c := &a.cut
	for _, d := range names {
		for _, j := range a.interruptedIn(d) {
			key := fmt.Sprintf("%s\x00%d", d, j.Operation)
			attached := false
			for _, s := range sessions {
				if !cutWrote(j, s) {
					continue
				}
				attached = true
				c.mu.Lock()
				if c.by == nil {
					c.by, c.shown = map[*model.Session]*interruptedJSON{}, map[string]bool{}
				}
				_, had := c.by[s]
				if !had {
					jj := j
					c.by[s] = &jj
				}
				c.shown[key] = true
				c.mu.Unlock()
				if !had {
					// First of the session's own: the compact status shows one.
					s.Alerts = append([]model.Alert{{Kind: model.AlertInterrupted, Text: j.alert}}, s.Alerts...)
				}
			}
			if !attached {
				rest = append(rest, j)
			}
		}
	}
	return rest
}

// cutWrote reports whether operation j wrote session s.
func cutWrote(j interruptedJSON, s *model.Session) bool {
	r := j.Session
	return r != nil && s.Path != "" && (r.Path == s.Path || r.ID == s.ID && r.Source == s.Source)
}

// interruptedOf is the operation cut short attached to s, or nil.
func (a *app) interruptedOf(s *model.Session) *interruptedJSON {
	a.cut.mu.Lock()
	defer a.cut.mu.Unlock()
	return a.cut.by[s]
}

// allInterrupted are the operations cut short in the logs read for
// project and its sessions.
func (a *app) allInterrupted(project string, sessions []*model.Session) []interruptedJSON {
	seen := map[string]bool{}
	var out []interruptedJSON
	add := func(d string) {
		d = a.logHome(d)
		if seen[d] {
			return
		}
		seen[d] = true
		out = append(out, a.interruptedIn(d)...)
	}
	add(project)
	for _, s := range sessions {
		add(logProject(s))
	}
	return out
}

// sayInterrupted prints, on stderr, the operations cut short that no
// session shown carries.
func (a *app) sayInterrupted(rest []interruptedJSON) {
	for _, j := range rest {
		fmt.Fprintf(a.io.err, "pickup: %s\n", j.Text)
	}
}

// hookInterrupted are the hook's lines for the operations cut short in
// the log of dir that no session shown carries.
func (a *app) hookInterrupted(rest []interruptedJSON) []string {
	var out []string
	for _, j := range rest {
		out = append(out, a.cli().Undo.HookStopped.F(clip(j.Text, 3*hookFieldMax)))
	}
	return out
}

// forget drops the logs read, so the next look reads them again (a
// session read again from disk).
func (c *cutShort) forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.logs = nil
}
