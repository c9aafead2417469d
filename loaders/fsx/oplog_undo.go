package fsx

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Reversing an operation. Each recorded step is undone in reverse order
// by the write that takes its "after" back to its "before": a rewritten
// file gets its kept bytes back, a created file is taken away (its bytes
// kept), a renamed file or folder moves back, a folder made is taken
// away when still empty. Those writes go through this package, so they
// are recorded in the undo's own operation, and undoing that one redoes.
// Everything is checked before the first write (PlanUndo): a file that
// changed since, or an old place that is taken, refuses the whole undo.

// UndoAction is one write an undo makes.
type UndoAction struct {
	// Kind: "restore" (a file gets its old bytes back), "remove" (a file
	// the operation made is taken away), "recreate" (a file the operation
	// took away comes back), "move" (Path moves back from To), "rmdir"
	// and "mkdir" (a folder), "tidy" (a temporary file a write cut
	// short left is taken away), "skip" (already as it was before: nothing
	// to do).
	Kind string `json:"kind"`
	Path string `json:"path"`
	To   string `json:"from,omitempty"`
	step Step
}

// ErrUndoRefused is matched by errors.Is when an undo is refused.
var ErrUndoRefused = errors.New("undo refused")

// UndoRefusedError says which file stops an undo, and why (Why in
// English; Reason in a language).
type UndoRefusedError struct {
	Path string
	Why  string
	// msg (a field of the English catalog) and args make Why, and
	// Reason in another language.
	msg  *i18n.M
	args []any
	// Outside: the undo would write outside the project whose log holds
	// the record, or through a folder that is a symbolic link, or the
	// record was written for another project.
	Outside bool
}

func (e *UndoRefusedError) Error() string {
	return fmt.Sprintf("%s: %s; nothing was undone", e.Path, e.Why)
}

func (e *UndoRefusedError) Is(target error) bool { return target == ErrUndoRefused }

// Reason is why, in l.
func (e *UndoRefusedError) Reason(l i18n.Lang) string {
	if m, ok := i18n.Same(&english, e.msg, Catalogs.For(l)); ok {
		return m.F(e.args...)
	}
	return e.Why
}

// refuse is the refusal of an undo at path for the reason msg
// (&english.X), its placeholders filled with args in the English
// order.
func refuse(path string, msg *i18n.M, args ...any) *UndoRefusedError {
	return &UndoRefusedError{Path: path, Why: msg.F(args...), msg: msg, args: args}
}

func refuseOutside(path string, msg *i18n.M, args ...any) *UndoRefusedError {
	r := refuse(path, msg, args...)
	r.Outside = true
	return r
}

// bases are the folders an undo of e may write in: the project whose log
// holds it and the folders outside it the record names (signed). A
// record from before records were bound (no Root) is taken as bound to
// the project, with nothing outside.
func (e Entry) bases(project string) []string {
	if e.Root == "" {
		return []string{filepath.Clean(project)}
	}
	return append([]string{filepath.Clean(e.Root)}, e.Outside...)
}

// inPlace refuses a path an undo of e would write that lies outside
// every folder it may write in, or that is reached through a folder that
// is a symbolic link (or not a folder) below the one it lies in: every
// folder on the way is looked at without following links, as the
// archive and create paths do.
func (e Entry) inPlace(project, path string) error {
	if path == "" {
		return nil
	}
	path = filepath.Clean(path)
	base := ""
	for _, b := range e.bases(project) {
		if within(b, path) && len(b) > len(base) {
			base = b
		}
	}
	if base == "" || !filepath.IsAbs(path) {
		return refuseOutside(path, &english.Outside, project, e.ID)
	}
	rel, _ := filepath.Rel(base, filepath.Dir(path))
	if rel == "." {
		return nil
	}
	cur := base
	for _, name := range strings.Split(rel, string(filepath.Separator)) {
		cur = filepath.Join(cur, name)
		st, err := os.Lstat(cur)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil // nothing goes through it; the write makes it, or reports it
		case err != nil:
			return refuse(path, &english.Unreachable, err.Error())
		case st.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(cur)
			return refuseOutside(path, &english.LinkedFolder, cur, target)
		case !st.IsDir():
			return refuseOutside(path, &english.NotAFolder, cur)
		}
	}
	return nil
}

// absent is the hash PlanUndo tracks for a path that does not exist.
const absent = "-"

// PlanUndo checks that e can be reversed on disk as it is now and
// returns the writes that would do it, in order. It writes nothing.
func PlanUndo(project string, e Entry) ([]UndoAction, error) {
	if e.Problem != "" {
		r := refuse(e.File, &english.CannotUndo, e.ID, e.Problem)
		r.Outside = e.Elsewhere
		return nil, r
	}
	if e.Writing() {
		return nil, refuse(e.File, &english.StillWriting, e.ID, e.PID)
	}
	for i := len(e.Steps) - 1; i >= 0; i-- {
		for _, p := range []string{e.Steps[i].Path, e.Steps[i].To} {
			if err := e.inPlace(project, p); err != nil {
				return nil, err
			}
		}
	}
	pl := undoPlanner{project: project, e: e, state: map[string]string{}}
	// Temporary files first: one may sit in a folder the plan takes away.
	var plan []UndoAction
	for _, t := range e.LeftTemps(project) {
		plan = append(plan, UndoAction{Kind: "tidy", Path: t})
	}
	for i := len(e.Steps) - 1; i >= 0; i-- {
		a, err := pl.step(e.Steps[i])
		if err != nil {
			return nil, err
		}
		plan = append(plan, a)
	}
	return plan, nil
}

// undoPlanner plans the reversal of one operation's steps, last first,
// keeping what each file holds as the plan leaves it.
type undoPlanner struct {
	project string
	e       Entry
	state   map[string]string // path -> content hash as the plan leaves it
}

// now is what p holds as the plan leaves it: its content hash, or
// absent.
func (pl *undoPlanner) now(p string) (string, error) {
	if h, ok := pl.state[p]; ok {
		return h, nil
	}
	h, _, err := ContentHash(p)
	if errors.Is(err, fs.ErrNotExist) {
		return absent, nil
	}
	if err != nil {
		return "", refuse(p, &english.Unreadable, err.Error())
	}
	return h, nil
}

// step is the action that reverses s.
func (pl *undoPlanner) step(s Step) (UndoAction, error) {
	a := UndoAction{Path: s.Path, step: s}
	var err error
	switch s.Kind {
	case StepReplace:
		err = pl.replace(s, &a)
	case StepCreate:
		err = pl.create(s, &a)
	case StepRemove:
		err = pl.remove(s, &a)
	case StepRename:
		err = pl.rename(s, &a)
	case StepMkdir:
		a.Kind = "rmdir"
		if st, err := os.Lstat(s.Path); err != nil || !st.IsDir() {
			a.Kind = "skip"
		}
	case StepRmdir:
		a.Kind = "mkdir"
		if _, err := os.Lstat(s.Path); err == nil {
			a.Kind = "skip"
		}
	default:
		err = refuse(pl.e.File, &english.UnknownStep, pl.e.ID, strconv.Quote(s.Kind))
	}
	return a, err
}

func (pl *undoPlanner) replace(s Step, a *UndoAction) error {
	cur, err := pl.now(s.Path)
	if err != nil {
		return err
	}
	switch {
	case cur == s.Before:
		a.Kind = "skip"
	case cur == s.After || s.After == "" && cur != absent:
		// No After: a write outside this package cut short before its
		// result was recorded (see FillAfter).
		if _, err := blob(pl.project, s.Before); err != nil {
			return refuse(s.Path, &english.CannotPutBack, err.Error())
		}
		a.Kind, a.step.After = "restore", cur
		pl.state[s.Path] = s.Before
	case cur == absent:
		return refuse(s.Path, &english.GoneSinceRewrote, pl.e.ID)
	default:
		return refuse(s.Path, &english.ChangedSinceWrote, pl.e.ID)
	}
	return nil
}

func (pl *undoPlanner) create(s Step, a *UndoAction) error {
	cur, err := pl.now(s.Path)
	if err != nil {
		return err
	}
	switch {
	case cur == absent:
		a.Kind = "skip"
	case cur == s.After || s.After == "":
		a.Kind, a.step.After = "remove", cur
		pl.state[s.Path] = absent
	default:
		return refuse(s.Path, &english.ChangedSinceMade, pl.e.ID)
	}
	return nil
}

func (pl *undoPlanner) remove(s Step, a *UndoAction) error {
	cur, err := pl.now(s.Path)
	if err != nil {
		return err
	}
	switch cur {
	case s.Before:
		a.Kind = "skip"
	case absent:
		if _, err := blob(pl.project, s.Before); err != nil {
			return refuse(s.Path, &english.CannotPutBack, err.Error())
		}
		a.Kind = "recreate"
		pl.state[s.Path] = s.Before
	default:
		return refuse(s.Path, &english.PlaceTaken, pl.e.ID)
	}
	return nil
}

func (pl *undoPlanner) rename(s Step, a *UndoAction) error {
	from, err := pl.now(s.Path)
	if err != nil {
		return err
	}
	to, err := pl.now(s.To)
	if err != nil {
		return err
	}
	switch {
	case from == s.Before && to == absent:
		a.Kind = "skip"
	case to == absent:
		return refuse(s.To, &english.GoneSinceMoved, pl.e.ID, s.Path)
	case to != s.Before:
		return refuse(s.To, &english.ChangedSinceMoved, pl.e.ID)
	case from != absent:
		return refuse(s.Path, &english.OldPlaceTaken, pl.e.ID, s.To)
	default:
		a.Kind, a.To = "move", s.To
		pl.state[s.Path], pl.state[s.To] = s.Before, absent
	}
	return nil
}

// Undo reverses e: PlanUndo, then each write, recorded in the open
// operation (begun by the caller with Undoes: e.ID).
func Undo(project string, e Entry) ([]UndoAction, error) {
	plan, err := PlanUndo(project, e)
	if err != nil {
		return nil, err
	}
	return UndoPlan(project, e, plan)
}

// UndoPlan makes the writes of plan, which PlanUndo made for e (and the
// caller may have added "tidy" actions to).
func UndoPlan(project string, e Entry, plan []UndoAction) ([]UndoAction, error) {
	for i, a := range plan {
		if a.Kind != "tidy" {
			if err := e.inPlace(project, a.Path); err != nil {
				return plan[:i], err
			}
			if err := e.inPlace(project, a.To); err != nil {
				return plan[:i], err
			}
		}
		if err := undoStep(project, a); err != nil {
			return plan[:i], err
		}
	}
	return plan, nil
}

// LeftTemps are the temporary files e's writes went through that are
// still there (a write cut short left them): regular files at the very
// names the log recorded, in folders an undo of e may write in, never
// through a link.
func (e Entry) LeftTemps(project string) []string {
	if e.Problem != "" || e.Writing() {
		return nil
	}
	var out []string
	for _, s := range e.Steps {
		if s.Temp == "" || !strings.Contains(filepath.Base(s.Temp), TempMark) || e.inPlace(project, s.Temp) != nil {
			continue
		}
		if st, err := os.Lstat(s.Temp); err == nil && st.Mode().IsRegular() {
			out = append(out, s.Temp)
		}
	}
	return out
}

func undoStep(project string, a UndoAction) error {
	s := a.step
	switch a.Kind {
	case "restore":
		data, err := blob(project, s.Before)
		if err != nil {
			return err
		}
		return RestoreFile(s.Path, s.After, data, ParseMTime(s.MTime))
	case "remove":
		return RemoveIfUnchanged(s.Path, s.After)
	case "recreate":
		data, err := blob(project, s.Before)
		if err != nil {
			return err
		}
		return Recreate(s.Path, data, parseMode(s.Mode), ParseMTime(s.MTime))
	case "move":
		return RenameNoReplace(s.To, s.Path)
	case "rmdir":
		_, err := RemoveEmptyDir(s.Path)
		return err
	case "mkdir":
		return MakeDir(s.Path)
	case "tidy":
		return removeTemp(a.Path)
	}
	return nil
}

// parseMode reads a permission the log wrote ("0644"); 0644 when none.
func parseMode(s string) fs.FileMode {
	m, err := strconv.ParseUint(s, 8, 32)
	if err != nil || s == "" {
		return 0o644
	}
	return fs.FileMode(m).Perm()
}
