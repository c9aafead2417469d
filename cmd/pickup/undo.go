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
	var opID int
	c := &cobra.Command{
		Use:   "undo [DIR] [--yes] [--list] [--op N] [--json]",
		Short: "Take back pickup's last write in a project, byte for byte (--list: the log)",
		Long: `undo reverses the newest operation in the project's log (DIR/.pickup,
looked for in DIR and then its parent folders): a file a RESTART or a
CONTINUE rewrote gets its old bytes back, an archive a DISCARD made moves
back to its place, a checkpoint restore puts back the files as the
safety checkpoint holds them, a hook install or uninstall puts the
settings file back. Without --yes it only says what it would do.

It refuses (exit 5, naming the file) when a file changed since the
operation, or when an archive's old place is taken: nothing is written
then. Undo is itself an operation, so a second undo redoes; an undo
that was cut short (pickup killed while it wrote) is finished by the next
one instead. --op N undoes operation N rather than the newest (status
names it when pickup was killed while writing it and more came after).

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
			return a.undo(dir, opID)
		},
	}
	c.Flags().BoolVar(&a.yes, "yes", false, "make the writes (without it undo only says what it would do)")
	c.Flags().BoolVar(&list, "list", false, "show the operation log, newest first, and change nothing")
	c.Flags().IntVar(&opID, "op", 0, "undo operation N (see --list) instead of the newest")
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
	// Finishes is the undo cut short that this one finishes (it undoes
	// the same operation, from where that one stopped).
	Finishes int    `json:"finishes,omitempty"`
	Blocked  bool   `json:"blocked"`
	Veto     string `json:"veto,omitempty"`
	Path     string `json:"path,omitempty"`
	Reason   string `json:"reason,omitempty"`
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
		return project, nil, failErr(exitError, err)
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
			return fail(exitError, &errs.WritingJSON, err)
		}
	} else {
		if len(log) == 0 {
			fmt.Fprintln(a.io.out, a.cli().Undo.Empty.F(project))
		}
		for _, e := range log {
			fmt.Fprintf(a.io.out, "%4d  %s  %s\n", e.ID, e.Time.UTC().Format("2006-01-02 15:04:05Z"), opTitle(&a.cli().Undo, e))
		}
	}
	if len(log) == 0 {
		return quiet(exitNoSession)
	}
	return nil
}

// opTitle says in a line what an operation was.
func opTitle(u *undoText, e fsx.Entry) string {
	var b strings.Builder
	switch {
	case e.Problem != "":
		return u.CannotUndo.F(e.Problem)
	case e.Undoes != 0:
		b.WriteString(u.UndoOf.F(e.Undoes))
	case e.Choice != "":
		b.WriteString(strings.ToUpper(e.Choice))
	default:
		b.WriteString(e.Command)
	}
	if e.Session != nil {
		fmt.Fprintf(&b, " · %s %s", e.Session.Source, e.Session.Path)
	}
	b.WriteString(" · " + u.Writes.N(len(e.Steps)))
	switch e.State {
	case fsx.OpFailed:
		b.WriteString(" · " + u.Failed.F(e.Error))
	case fsx.OpOpen:
		b.WriteString(" · " + u.CutShort)
	}
	return b.String()
}

func (a *app) undo(dir string, opID int) error {
	project, log, err := a.readLog(dir)
	if err != nil {
		return err
	}
	doc := undoDoc{FormatVersion: formatVersion, Project: project, Actions: []fsx.UndoAction{}}
	if len(log) == 0 {
		doc.Reason = a.cli().Undo.NothingToUndo.F(project)
		return a.undoOut(doc, exitNoSession)
	}
	e := log[0]
	if opID != 0 {
		var ok bool
		if e, ok = entryByID(log, opID); !ok {
			doc.Reason = a.cli().Undo.NoSuchOp.F(opID, project)
			return a.undoOut(doc, exitNoSession)
		}
	}
	op := opOf(e, false)
	doc.Operation = &op
	// An undo cut short is finished: the operation it was reversing is
	// undone again from where it stopped (what is already back is
	// skipped), and the new undo takes over the steps the cut one made.
	rec := fsx.Record{Command: "undo", Choice: e.Choice, Session: e.Session, Lock: e.Lock, Undoes: e.ID, Outside: e.Outside}
	finishing := e
	if e.Undoes != 0 && e.CutShort() {
		target, ok := entryByID(log, e.Undoes)
		if !ok {
			return a.undoRefused(doc, &fsx.UndoRefusedError{Path: e.File, Why: a.cli().Undo.CutUndoGone.F(e.ID, e.Undoes)})
		}
		rec.Undoes, rec.Resumes, rec.Outside = target.ID, e.ID, append(target.Outside, e.Outside...)
		doc.Finishes = e.ID
		e = target
	}
	plan, err := fsx.PlanUndo(project, e)
	if err != nil {
		return a.undoRefused(doc, err)
	}
	if doc.Finishes != 0 {
		// The cut undo's own temporary files go too, first.
		var tidy []fsx.UndoAction
		for _, t := range finishing.LeftTemps(project) {
			tidy = append(tidy, fsx.UndoAction{Kind: "tidy", Path: t})
		}
		plan = append(tidy, plan...)
	}
	doc.Actions = plan
	if !a.yes {
		doc.Reason = a.cli().Undo.RunWithYes
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
	err = a.loggedOp(project, rec, func(op *fsx.Op) error {
		switch {
		case doc.Finishes != 0:
			if err := op.Adopt(finishing); err != nil {
				return err
			}
		case e.CutShort():
			// Recorded even if every file is already back: the record
			// settles the operation cut short.
			if err := op.Write(e.File); err != nil {
				return err
			}
		}
		var err error
		done, err = fsx.UndoPlan(project, e, plan)
		return err
	})
	doc.Actions = done
	if err != nil {
		return a.undoRefused(doc, err)
	}
	doc.Done, doc.Undo = true, undoCommand(project)
	return a.undoOut(doc, exitOK)
}

// undoRefusedKind is the veto of an undo refused because a file changed
// since, an archive's place is taken, or the record cannot be undone.
const undoRefusedKind = "undo_refused"

// entryByID is operation id of log.
func entryByID(log []fsx.Entry, id int) (fsx.Entry, bool) {
	for _, e := range log {
		if e.ID == id {
			return e, true
		}
	}
	return fsx.Entry{}, false
}

// undoRefused reports an undo that could not be made: a refusal (exit 5,
// naming the file) or another error (exit 1).
func (a *app) undoRefused(doc undoDoc, err error) error {
	doc.Blocked, doc.Reason = true, i18n.ErrorIn(a.language(), err)
	var r *fsx.UndoRefusedError
	var g *model.GuardError
	switch {
	case errors.As(err, &r):
		doc.Reason = a.cli().Undo.Refused.F(r.Path, r.Reason(a.language()))
		doc.Path, doc.Veto = r.Path, undoRefusedKind
		if r.Outside {
			doc.Veto = VetoOutside
		}
		return a.undoOut(doc, exitBlocked)
	case errors.As(err, &g):
		doc.Veto = g.Kind
		return a.undoOut(doc, exitBlocked)
	case errors.Is(err, fsx.ErrLink):
		// A folder on the way became a link between the check and the
		// write: refused before that write.
		doc.Veto = VetoOutside
		return a.undoOut(doc, exitBlocked)
	}
	return a.undoOut(doc, exitError)
}

func (a *app) undoOut(doc undoDoc, code int) error {
	if a.jsonOut {
		if err := writeJSON(a.io.out, doc); err != nil {
			return fail(exitError, &errs.WritingJSON, err)
		}
		return quiet(code)
	}
	out := a.io.out
	if doc.Blocked || doc.Operation == nil {
		fmt.Fprintf(a.io.err, "pickup: %s\n", doc.Reason)
		return quiet(code)
	}
	e, u := doc.Operation, &a.cli().Undo
	head := u.WouldUndo
	if doc.Done {
		head = u.Undid
	}
	fmt.Fprintln(out, head.F(e.ID, e.Time.UTC().Format("2006-01-02 15:04:05Z"),
		opTitle(u, fsx.Entry{Record: fsx.Record{Command: e.Command, Choice: e.Choice, Session: e.Session, Undoes: e.Undoes, State: fsx.OpDone, Steps: make([]fsx.Step, e.Writes)}})))
	if doc.Finishes != 0 {
		fmt.Fprintln(out, "  "+u.Finishing.F(doc.Finishes, e.Undoes))
	}
	shown := 0
	for _, x := range doc.Actions {
		if line := actionLine(u, x); line != "" {
			fmt.Fprintln(out, "  "+line)
			shown++
		}
	}
	if shown == 0 {
		fmt.Fprintln(out, "  "+u.AllAsBefore)
	}
	if doc.Done {
		fmt.Fprintln(a.io.err, u.Redo.F(doc.Undo))
	} else {
		fmt.Fprintln(a.io.err, doc.Reason)
	}
	return quiet(code)
}

// actionLine says what one undo write does ("" for none).
func actionLine(u *undoText, x fsx.UndoAction) string {
	switch x.Kind {
	case "restore":
		return u.Restore.F(x.Path)
	case "remove":
		return u.Remove.F(x.Path)
	case "recreate":
		return u.Recreate.F(x.Path)
	case "move":
		return u.Move.F(x.To, x.Path)
	case "rmdir":
		return u.Rmdir.F(x.Path)
	case "mkdir":
		return u.Mkdir.F(x.Path)
	case "tidy":
		return u.Tidy.F(x.Path)
	}
	return ""
}
