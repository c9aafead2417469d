package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/loaders/git"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui"
)

// perform carries out one effect of the core and returns the event that
// answers it. It is the only place where the core's requests meet I/O.
func (a *app) perform(e model.Effect) model.Event {
	switch e := e.(type) {
	case model.CheckGit:
		// VETO-2 is asked fresh, never from what an earlier look kept.
		git.Forget(e.Dir)
		gc := git.StatusSince(e.Dir, e.Since)
		gc.Cwd = workingDir()
		if a.allowUnchecked {
			// Asked for: what could not be checked goes ahead unguarded,
			// with a warning; files git did report still block.
			past := words().UncheckedGoesAhead
			switch {
			case gc.Refused != "":
				gc = model.GitChecked{Warning: gc.Refused + past, Cwd: gc.Cwd}
			case gc.Failed != "":
				gc.Warning, gc.Failed = gc.Failed+past, ""
			}
		}
		return gc
	case model.Apply:
		l, ok := a.registry().For(e.Session.Source)
		if !ok {
			return model.Applied{Choice: e.Choice, Err: fmt.Errorf("no loader for source %q", e.Session.Source)}
		}
		if err := stateInPlace(e.Session); err != nil {
			return model.Applied{Choice: e.Choice, Err: err}
		}
		release, err := a.lockSession(e.Session)
		if err != nil {
			return model.Applied{Choice: e.Choice, Err: err}
		}
		defer release()
		// Every git fact read during the write is read anew (crucible's
		// HEAD and branch guards among them).
		git.Forget("")
		if err := headMoved(e.Checkout); err != nil {
			return model.Applied{Choice: e.Choice, Err: err}
		}
		return a.applyLogged(l, e)
	}
	return nil
}

// VetoOutside is the guard kind of a write refused because the state
// file is a symbolic link, or lies in the project by name but resolves
// outside it.
const VetoOutside = "state_outside_project"

// stateInPlace refuses, before anything is written, a write to a state
// file that is a symbolic link (fsx refuses it too, but this says so as a
// guard, exit 5) or that the project names but that a linked folder puts
// outside the project. State files that live outside the project by
// design (kiln's and crucible's under the Claude home) are not named by
// the project, so they pass.
func stateInPlace(s *model.Session) error {
	if s == nil || s.Path == "" {
		return nil
	}
	if st, err := os.Lstat(s.Path); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		target, _ := os.Readlink(s.Path)
		return &model.GuardError{Kind: VetoOutside, Message: Catalogs.For(runLang).Errors.StateIsLink.F(s.Path, target)}
	}
	if s.Project == "" {
		return nil
	}
	rel, err := filepath.Rel(s.Project, s.Path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil // not in the project by name
	}
	project, err1 := filepath.EvalSymlinks(s.Project)
	dir, err2 := filepath.EvalSymlinks(filepath.Dir(s.Path))
	if err1 != nil || err2 != nil {
		return nil // gone: the loader's own fingerprint check reports it
	}
	if r, err := filepath.Rel(project, dir); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return &model.GuardError{Kind: VetoOutside, Message: Catalogs.For(runLang).Errors.StateOutside.F(
			s.Path, filepath.Join(dir, filepath.Base(s.Path)), project)}
	}
	return nil
}

// VetoLocked is the guard kind of a write refused because another pickup
// holds the session's single-writer lock.
const VetoLocked = "session_locked"

// sessionLocks are the single-writer locks this process holds, by state
// file. A lock belongs to the process (its pid is in the lock file), so
// the table is too.
var sessionLocks = struct {
	sync.Mutex
	held  map[string]*fsx.Lock
	notes []string // stale locks taken over, not yet told
}{held: map[string]*fsx.Lock{}}

// lockSession takes the single-writer lock on s's state file, unless
// this process holds it already, and returns what lets it go again.
// Another pickup holding it is a guard refusal (exit 5, nothing written);
// a stale lock left by a pickup that died is taken over with a note,
// printed on stderr when no UI is drawing there.
func (a *app) lockSession(s *model.Session) (release func(), err error) {
	if s == nil || s.Path == "" {
		return func() {}, nil
	}
	sessionLocks.Lock()
	defer sessionLocks.Unlock()
	if _, ok := sessionLocks.held[s.Path]; ok {
		return func() {}, nil
	}
	l, err := fsx.AcquireLock(s.Path, a.now())
	var locked *fsx.LockedError
	switch {
	case errors.As(err, &locked):
		return nil, &model.GuardError{Kind: VetoLocked, Message: i18n.ErrorIn(a.language(), locked)}
	case err != nil:
		return nil, said(err, &errs.LockUnavailable, err)
	}
	if took := l.TookOverIn(a.language()); took != "" {
		if a.interactive() {
			sessionLocks.notes = append(sessionLocks.notes, took)
		} else {
			fmt.Fprintf(a.io.err, "pickup: %s%s\n", a.cli().Note, took)
		}
	}
	sessionLocks.held[s.Path] = l
	return func() {
		sessionLocks.Lock()
		defer sessionLocks.Unlock()
		delete(sessionLocks.held, s.Path)
		_ = l.Release()
	}, nil
}

// lockNotes returns (and forgets) the notes about stale locks taken over
// while the UI was drawing, for the caller to print once it has stopped.
func lockNotes() []string {
	sessionLocks.Lock()
	defer sessionLocks.Unlock()
	n := sessionLocks.notes
	sessionLocks.notes = nil
	return n
}

// holdSession takes s's single-writer lock when the wizard opens s and
// keeps it (lockSession then finds it held) until letGo or releaseHeld.
// Another pickup holding it makes this one read-only; a stale lock is
// taken over, and the note is kept for stderr once the UI has closed.
func (a *app) holdSession(s *model.Session) tui.Hold {
	if s == nil || s.Path == "" {
		return tui.Hold{}
	}
	sessionLocks.Lock()
	defer sessionLocks.Unlock()
	if _, ok := sessionLocks.held[s.Path]; ok {
		return tui.Hold{}
	}
	l, err := fsx.AcquireLock(s.Path, a.now())
	var locked *fsx.LockedError
	switch {
	case errors.As(err, &locked):
		return tui.Hold{Owner: &tui.Owner{PID: locked.Owner.PID, Since: locked.Owner.Since.Local()}}
	case err != nil:
		return tui.Hold{Err: i18n.ErrorIn(a.language(), err)}
	}
	sessionLocks.held[s.Path] = l
	took := l.TookOverIn(a.language())
	if took != "" {
		sessionLocks.notes = append(sessionLocks.notes, took)
	}
	return tui.Hold{TookOver: took}
}

// letGo releases the lock holdSession took on s (the wizard went back to
// the picker). It does nothing when this pickup does not hold it.
func letGo(s *model.Session) {
	if s == nil {
		return
	}
	sessionLocks.Lock()
	defer sessionLocks.Unlock()
	if l, ok := sessionLocks.held[s.Path]; ok {
		delete(sessionLocks.held, s.Path)
		_ = l.Release()
	}
}

// releaseHeld releases every lock this process still holds (the wizard
// has ended), removing their files so no later pickup reports them stale.
func releaseHeld() {
	sessionLocks.Lock()
	defer sessionLocks.Unlock()
	for p, l := range sessionLocks.held {
		delete(sessionLocks.held, p)
		_ = l.Release()
	}
}
