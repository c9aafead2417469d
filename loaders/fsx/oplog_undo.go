package fsx

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
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
	// and "mkdir" (a folder), "skip" (already as it was before: nothing to
	// do).
	Kind string `json:"kind"`
	Path string `json:"path"`
	To   string `json:"from,omitempty"`
	step Step
}

// ErrUndoRefused is matched by errors.Is when an undo is refused.
var ErrUndoRefused = errors.New("undo refused")

// UndoRefusedError says which file stops an undo, and why.
type UndoRefusedError struct {
	Path string
	Why  string
}

func (e *UndoRefusedError) Error() string {
	return fmt.Sprintf("%s: %s; nothing was undone", e.Path, e.Why)
}

func (e *UndoRefusedError) Is(target error) bool { return target == ErrUndoRefused }

func refuse(path, format string, args ...any) error {
	return &UndoRefusedError{Path: path, Why: fmt.Sprintf(format, args...)}
}

// absent is the hash PlanUndo tracks for a path that does not exist.
const absent = "-"

// PlanUndo checks that e can be reversed on disk as it is now and
// returns the writes that would do it, in order. It writes nothing.
func PlanUndo(project string, e Entry) ([]UndoAction, error) {
	if e.Problem != "" {
		return nil, refuse(e.File, "operation %d cannot be undone: %s", e.ID, e.Problem)
	}
	if e.State == OpOpen && e.PID != os.Getpid() && alive(e.PID) {
		return nil, refuse(e.File, "operation %d is still being written by pickup (pid %d)", e.ID, e.PID)
	}
	state := map[string]string{} // path -> content hash as the plan leaves it
	now := func(p string) (string, error) {
		if h, ok := state[p]; ok {
			return h, nil
		}
		h, _, err := ContentHash(p)
		if errors.Is(err, fs.ErrNotExist) {
			return absent, nil
		}
		if err != nil {
			return "", refuse(p, "cannot be read: %v", err)
		}
		return h, nil
	}
	var plan []UndoAction
	for i := len(e.Steps) - 1; i >= 0; i-- {
		s := e.Steps[i]
		a := UndoAction{Path: s.Path, step: s}
		switch s.Kind {
		case StepReplace:
			cur, err := now(s.Path)
			if err != nil {
				return nil, err
			}
			switch {
			case cur == s.Before:
				a.Kind = "skip"
			case cur == s.After || s.After == "" && cur != absent:
				// No After: a write outside this package cut short
				// before its result was recorded (see FillAfter).
				if _, err := blob(project, s.Before); err != nil {
					return nil, refuse(s.Path, "its old bytes cannot be put back: %v", err)
				}
				a.Kind, a.step.After = "restore", cur
				state[s.Path] = s.Before
			case cur == absent:
				return nil, refuse(s.Path, "is gone since operation %d rewrote it", e.ID)
			default:
				return nil, refuse(s.Path, "changed since operation %d wrote it", e.ID)
			}
		case StepCreate:
			cur, err := now(s.Path)
			if err != nil {
				return nil, err
			}
			switch {
			case cur == absent:
				a.Kind = "skip"
			case cur == s.After || s.After == "":
				a.Kind, a.step.After = "remove", cur
				state[s.Path] = absent
			default:
				return nil, refuse(s.Path, "changed since operation %d made it", e.ID)
			}
		case StepRemove:
			cur, err := now(s.Path)
			if err != nil {
				return nil, err
			}
			switch cur {
			case s.Before:
				a.Kind = "skip"
			case absent:
				if _, err := blob(project, s.Before); err != nil {
					return nil, refuse(s.Path, "its old bytes cannot be put back: %v", err)
				}
				a.Kind = "recreate"
				state[s.Path] = s.Before
			default:
				return nil, refuse(s.Path, "its place is taken since operation %d took it away", e.ID)
			}
		case StepRename:
			from, err := now(s.Path)
			if err != nil {
				return nil, err
			}
			to, err := now(s.To)
			if err != nil {
				return nil, err
			}
			switch {
			case from == s.Before && to == absent:
				a.Kind = "skip"
			case to == absent:
				return nil, refuse(s.To, "is gone since operation %d moved %s there", e.ID, s.Path)
			case to != s.Before:
				return nil, refuse(s.To, "changed since operation %d moved it there", e.ID)
			case from != absent:
				return nil, refuse(s.Path, "its old place is taken: something is there since operation %d moved it to %s", e.ID, s.To)
			default:
				a.Kind, a.To = "move", s.To
				state[s.Path], state[s.To] = s.Before, absent
			}
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
			return nil, refuse(e.File, "operation %d has a step pickup does not know (%q)", e.ID, s.Kind)
		}
		plan = append(plan, a)
	}
	return plan, nil
}

// Undo reverses e: PlanUndo, then each write, recorded in the open
// operation (begun by the caller with Undoes: e.ID).
func Undo(project string, e Entry) ([]UndoAction, error) {
	plan, err := PlanUndo(project, e)
	if err != nil {
		return nil, err
	}
	for i, a := range plan {
		if err := undoStep(project, a); err != nil {
			return plan[:i], err
		}
	}
	return plan, nil
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
