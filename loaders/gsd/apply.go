package gsd

import (
	"errors"
	"path/filepath"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// Apply carries out a choice's write. CONTINUE and REVIEW write nothing.
// RESTART archives the checkpoint files and the agent marker (GSD's
// "start fresh"); DISCARD archives HANDOFF.json too ("discard handoff
// and reassess"), and for gsd-2 the stale auto.lock. A corrupted
// STATE.md is archived whole by DISCARD (GSD reconstructs STATE.md from
// its other files). Each archive is a rename beside the file
// (fsx.Archive), never a delete, made only when the files still hold
// what the session was loaded from.
func (l Loader) Apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	a := model.Applied{Choice: c}
	t := l.t()
	switch c {
	case model.Continue, model.Review:
		return a
	case model.Restart, model.Discard:
	default:
		a.Err = errors.New(t.UnknownChoice.F(string(c)))
		return a
	}
	if s.Problem != nil && s.Problem.Kind == model.ErrCorrupted {
		if c != model.Discard || s.Fingerprint == "" {
			a.Err = errors.New(t.NothingToArchive)
			return a
		}
		dst, err := fsx.Archive(s.Path, s.Fingerprint, now)
		if err != nil {
			a.Err = err
			return a
		}
		a.Changed, a.ArchivedTo = []string{s.Path}, dst
		return a
	}
	files, err := l.reloadMoves(s, c)
	if err != nil {
		a.Err = err
		return a
	}
	if len(files) == 0 {
		a.Err = errors.New(t.NothingToArchive)
		return a
	}
	var done [][2]string // (file, archive) moved so far
	for _, f := range files {
		fp := ""
		if d, rerr := fsx.ReadFile(f); rerr == nil {
			fp = fsx.Fingerprint(d)
		}
		dst, err := fsx.Archive(f, fp, now)
		if err != nil {
			a.Err = moveBack(err, done)
			a.Changed, a.ArchivedTo = nil, ""
			return a
		}
		done = append(done, [2]string{f, dst})
		a.Changed = append(a.Changed, f)
		if a.ArchivedTo == "" {
			a.ArchivedTo = dst
		}
	}
	return a
}

// moveBack puts the markers already archived back when a later one
// could not be: the choice happens whole or not at all.
func moveBack(err error, done [][2]string) error {
	for i := len(done) - 1; i >= 0; i-- {
		if rerr := fsx.RenameNoReplace(done[i][1], done[i][0]); rerr != nil {
			return errors.Join(err, rerr)
		}
	}
	return err
}

// reloadMoves reads the session again and returns the files the choice
// archives, refusing (fsx.ErrChanged) when the state or any marker
// changed since the session was loaded.
func (l Loader) reloadMoves(s *model.Session, c model.Choice) ([]string, error) {
	fresh, err := l.Load(s.Project, s.Path)
	if err != nil {
		return nil, err
	}
	if fresh.Fingerprint != s.Fingerprint {
		return nil, &fsx.ChangedError{Path: s.Path}
	}
	var out []string
	for _, m := range fresh.Moves[c] {
		out = append(out, filepath.Join(s.Project, filepath.FromSlash(m)))
	}
	return out, nil
}
