package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// pickup undo: the operation log read back (docs/undo.md).

func (a *app) undoCommand() *cobra.Command {
	var list bool
	c := &cobra.Command{
		Use:   "undo [DIR] [--yes] [--list] [--json]",
		Short: "Take back pickup's last write in a project, byte for byte (--list: the log)",
		Long: `undo reverses the newest operation in the project's log (DIR/.pickup,
looked for in DIR and then its parent folders): a file a RESTART or a
CONTINUE rewrote gets its old bytes back, an archive a DISCARD made moves
back to its place, a checkpoint restore puts back the files as the
safety checkpoint holds them, a hook install or uninstall puts the
settings file back. Without --yes it only says what it would do.

It refuses (exit 5, naming the file) when a file changed since the
operation, or when an archive's old place is taken: nothing is written
then. Undo is itself an operation, so a second undo redoes.

--list shows the log, newest first. Exit 3 when the log is empty.`,
		Example: strings.Join([]string{
			"  pickup undo                # what the last operation here would be undone by",
			"  pickup undo --yes          # undo it",
			"  pickup undo --list --json  # the log, for scripts",
		}, "\n"),
		Args: cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			dir, err := projectDir(args)
			if err != nil {
				return err
			}
			if list {
				return a.undoList(dir)
			}
			return a.undo(dir)
		},
	}
	c.Flags().BoolVar(&a.yes, "yes", false, "make the writes (without it undo only says what it would do)")
	c.Flags().BoolVar(&list, "list", false, "show the operation log, newest first, and change nothing")
	return c
}

// opJSON is one operation of the log as --list and undo show it.
type opJSON struct {
	ID      int              `json:"id"`
	Time    time.Time        `json:"time"`
	Command string           `json:"command"`
	Choice  string           `json:"choice,omitempty"`
	Session *fsx.SessionRef  `json:"session,omitempty"`
	Undoes  int              `json:"undoes,omitempty"`
	State   string           `json:"state"`
	Error   string           `json:"error,omitempty"`
	Problem string           `json:"problem,omitempty"`
	Writes  int              `json:"writes"`
	Steps   []fsx.Step       `json:"steps,omitempty"`
	Actions []fsx.UndoAction `json:"-"`
}

func opOf(e fsx.Entry, steps bool) opJSON {
	o := opJSON{ID: e.ID, Time: e.Time, Command: e.Command, Choice: e.Choice, Session: e.Session,
		Undoes: e.Undoes, State: e.State, Error: e.Error, Problem: e.Problem, Writes: len(e.Steps)}
	if steps {
		o.Steps = e.Steps
	}
	return o
}

// undoDoc is what undo prints with --json.
type undoDoc struct {
	FormatVersion int              `json:"format_version"`
	Project       string           `json:"project"`
	Operation     *opJSON          `json:"operation,omitempty"`
	Done          bool             `json:"done"`
	Actions       []fsx.UndoAction `json:"actions"`
	Blocked       bool             `json:"blocked"`
	Path          string           `json:"path,omitempty"`
	Reason        string           `json:"reason,omitempty"`
	// Undo is the command that takes this undo back (a redo), once done.
	Undo string `json:"undo,omitempty"`
}

type undoListDoc struct {
	FormatVersion int      `json:"format_version"`
	Project       string   `json:"project"`
	Operations    []opJSON `json:"operations"`
}

// logHome is the folder whose log undo reads: dir, or the nearest parent
// with a .pickup folder (dir when there is none).
func logHome(dir string) string {
	for d := dir; ; {
		if st, err := os.Lstat(fsx.LogDir(d)); err == nil && (st.IsDir() || st.Mode()&os.ModeSymlink != 0) {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return dir
		}
		d = up
	}
}

func (a *app) readLog(dir string) (string, []fsx.Entry, error) {
	project := logHome(dir)
	log, err := fsx.ReadLog(project)
	if err != nil {
		return project, nil, fail(exitError, "%v", err)
	}
	return project, log, nil
}

func (a *app) undoList(dir string) error {
	project, log, err := a.readLog(dir)
	if err != nil {
		return err
	}
	if a.jsonOut {
		doc := undoListDoc{FormatVersion: formatVersion, Project: project, Operations: []opJSON{}}
		for _, e := range log {
			doc.Operations = append(doc.Operations, opOf(e, true))
		}
		if err := writeJSON(a.io.out, doc); err != nil {
			return fail(exitError, "writing JSON: %v", err)
		}
	} else {
		if len(log) == 0 {
			fmt.Fprintf(a.io.out, "No operation in %s's log: pickup has written nothing here.\n", project)
		}
		for _, e := range log {
			fmt.Fprintf(a.io.out, "%4d  %s  %s\n", e.ID, e.Time.UTC().Format("2006-01-02 15:04:05Z"), opTitle(e))
		}
	}
	if len(log) == 0 {
		return quiet(exitNoSession)
	}
	return nil
}

// opTitle says in a line what an operation was.
func opTitle(e fsx.Entry) string {
	var b strings.Builder
	switch {
	case e.Problem != "":
		return "(cannot be undone: " + e.Problem + ")"
	case e.Undoes != 0:
		fmt.Fprintf(&b, "undo of operation %d", e.Undoes)
	case e.Choice != "":
		b.WriteString(strings.ToUpper(e.Choice))
	default:
		b.WriteString(e.Command)
	}
	if e.Session != nil {
		fmt.Fprintf(&b, " · %s %s", e.Session.Source, e.Session.Path)
	}
	fmt.Fprintf(&b, " · %s", i18n.Count(len(e.Steps), "write", "writes"))
	switch e.State {
	case fsx.OpFailed:
		b.WriteString(" · failed: " + e.Error)
	case fsx.OpOpen:
		b.WriteString(" · cut short")
	}
	return b.String()
}

func (a *app) undo(dir string) error {
	project, log, err := a.readLog(dir)
	if err != nil {
		return err
	}
	doc := undoDoc{FormatVersion: formatVersion, Project: project, Actions: []fsx.UndoAction{}}
	if len(log) == 0 {
		doc.Reason = "pickup has written nothing in " + project + ": there is nothing to undo"
		return a.undoOut(doc, exitNoSession)
	}
	e := log[0]
	op := opOf(e, false)
	doc.Operation = &op
	plan, err := fsx.PlanUndo(project, e)
	if err != nil {
		return a.undoRefused(doc, err)
	}
	doc.Actions = plan
	if !a.yes {
		doc.Reason = "run again with --yes to undo it (nothing was changed)"
		return a.undoOut(doc, exitOK)
	}
	if e.Lock != "" {
		release, err := a.lockSession(&model.Session{Path: e.Lock})
		if err != nil {
			return a.undoRefused(doc, err)
		}
		defer release()
	}
	var done []fsx.UndoAction
	err = a.logged(project, fsx.Record{Command: "undo", Choice: e.Choice, Session: e.Session, Lock: e.Lock, Undoes: e.ID}, func() error {
		var err error
		done, err = fsx.Undo(project, e)
		return err
	})
	doc.Actions = done
	if err != nil {
		return a.undoRefused(doc, err)
	}
	doc.Done, doc.Undo = true, undoCommand(project)
	return a.undoOut(doc, exitOK)
}

// undoRefused reports an undo that could not be made: a refusal (exit 5,
// naming the file) or another error (exit 1).
func (a *app) undoRefused(doc undoDoc, err error) error {
	doc.Blocked, doc.Reason = true, err.Error()
	var r *fsx.UndoRefusedError
	var g *model.GuardError
	switch {
	case errors.As(err, &r):
		doc.Path = r.Path
		return a.undoOut(doc, exitBlocked)
	case errors.As(err, &g):
		return a.undoOut(doc, exitBlocked)
	}
	return a.undoOut(doc, exitError)
}

func (a *app) undoOut(doc undoDoc, code int) error {
	if a.jsonOut {
		if err := writeJSON(a.io.out, doc); err != nil {
			return fail(exitError, "writing JSON: %v", err)
		}
		return quiet(code)
	}
	out := a.io.out
	if doc.Blocked || doc.Operation == nil {
		fmt.Fprintf(a.io.err, "pickup: %s\n", doc.Reason)
		return quiet(code)
	}
	e := doc.Operation
	head := "Would undo"
	if doc.Done {
		head = "Undid"
	}
	fmt.Fprintf(out, "%s operation %d (%s, %s):\n", head, e.ID, e.Time.UTC().Format("2006-01-02 15:04:05Z"),
		opTitle(fsx.Entry{Record: fsx.Record{Command: e.Command, Choice: e.Choice, Session: e.Session, Undoes: e.Undoes, State: fsx.OpDone, Steps: make([]fsx.Step, e.Writes)}}))
	shown := 0
	for _, x := range doc.Actions {
		if line := actionLine(x); line != "" {
			fmt.Fprintln(out, "  "+line)
			shown++
		}
	}
	if shown == 0 {
		fmt.Fprintln(out, "  (every file is already as it was before)")
	}
	if doc.Done {
		fmt.Fprintf(a.io.err, "To redo it: %s --yes\n", doc.Undo)
	} else {
		fmt.Fprintln(a.io.err, doc.Reason)
	}
	return quiet(code)
}

// actionLine says what one undo write does ("" for none).
func actionLine(x fsx.UndoAction) string {
	switch x.Kind {
	case "restore":
		return "put back the old bytes of " + x.Path
	case "remove":
		return "take away " + x.Path + " (its bytes stay in the log)"
	case "recreate":
		return "put back " + x.Path
	case "move":
		return "move " + x.To + " back to " + x.Path
	case "rmdir":
		return "take away the folder " + x.Path + " if still empty"
	case "mkdir":
		return "make the folder " + x.Path
	}
	return ""
}
