package kiln

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// The sessions of kiln's project-side state (eras C to F): how one is
// loaded by its file, the parts they share, and their writes. None of
// these eras writes anything back when it resumes, so neither does
// CONTINUE; RESTART is only kiln's own brainstorm-ledger rule; DISCARD
// archives what the era's fresh start needs out of the way.

// stateSession is the skeleton every project-side session starts from.
// .kiln is the run's own state: VETO-2 never counts it.
func stateSession(root, path string, data []byte, era string) *model.Session {
	return &model.Session{
		Source: SourceName, ID: loaders.SessionID(SourceName, root, path), Path: path, Project: root,
		Title: filepath.Base(root), Fingerprint: fsx.Fingerprint(data), Warnings: []string{},
		StateFiles: []string{filepath.Join(root, ".kiln")},
		Context:    map[string]any{"era": era},
	}
}

// loadState loads a .kiln/STATE.md (or a .STATE.tmp left without one)
// by the era its content shows.
func loadState(tx *Text, root, path string, data []byte) *model.Session {
	switch e := stateEra(data); e {
	case eraF:
		return loadF(tx, root, path, data, filepath.Base(path) == StateTmp)
	case eraC:
		return loadC(tx, root, path, data)
	case eraD, eraE:
		return loadDE(tx, root, path, data, e)
	case eraA:
		return corruptState(tx, root, path, data, tx.State.EraADetail, tx.State.EraAMessage)
	}
	return corruptState(tx, root, path, data, tx.State.UnknownDetail, tx.State.UnknownMessage)
}

// corruptState is a STATE.md that cannot be read: only DISCARD, which
// archives the file beside itself.
func corruptState(tx *Text, root, path string, data []byte, detail, message string) *model.Session {
	s := stateSession(root, path, data, "")
	s.Problem = &model.LoadError{Kind: model.ErrCorrupted, Path: path, Detail: detail, Message: message}
	s.Policy = map[model.Choice]model.ChoicePolicy{model.Discard: archiveFilePolicy(tx, path, tx.State.TheStateMD)}
	return s
}

// discardKilnPolicy archives the whole .kiln folder: kiln 3.1 resumes
// whenever .kiln exists, so only its absence starts a fresh run.
func discardKilnPolicy(tx *Text, root string) model.ChoicePolicy {
	dir := filepath.Join(root, ".kiln")
	q := tx.State.ArchiveRunQ.F(dir)
	if _, err := os.Stat(filepath.Join(dir, "memory", MemoryFile)); err == nil {
		q += tx.State.ArchiveRunMemory
	}
	return model.ChoicePolicy{Hint: tx.State.ArchiveRunHint, Confirm: q}
}

// archiveFilePolicy archives one file beside itself.
func archiveFilePolicy(tx *Text, path, what string) model.ChoicePolicy {
	return model.ChoicePolicy{Hint: tx.State.ArchiveFileHint.F(what), Confirm: tx.State.ArchiveFileQ.F(what, path, filepath.Base(path))}
}

// applyState carries out a choice on a project-side session.
func applyState(tx *Text, s *model.Session, c model.Choice, now time.Time) ([]string, string, error) {
	base := filepath.Base(s.Path)
	switch c {
	case model.Review:
		return nil, "", nil
	case model.Continue:
		// kiln from 1.x on resumes from its files as they are.
		return []string{}, "", nil
	case model.Restart:
		if base == LedgerFile {
			return restartLedger(s, now)
		}
		return nil, "", &model.GuardError{Kind: "restart_unavailable", Message: tx.State.NoReset}
	case model.Discard:
		return discardState(s, now)
	}
	return nil, "", errors.New(tx.State.UnknownChoice.F(strconv.Quote(string(c))))
}

// discardState archives what the session's era needs out of the way for
// a fresh start, after checking its file still holds the loaded bytes:
//   - era F (and a .STATE.tmp left alone): the .kiln folder;
//   - a brainstorm ledger, or a STATE.md of era C, D or A: the file;
//   - era E: events.jsonl and its state.json projection (kiln 3.0
//     refuses to onboard over a live ledger), then STATE.md last, so a
//     kill between them leaves the session found and the rest archived.
func discardState(s *model.Session, now time.Time) ([]string, string, error) {
	data, err := fsx.ReadFile(s.Path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "", &fsx.ChangedError{Path: s.Path, Gone: true}
	}
	if err != nil {
		return nil, "", err
	}
	if fsx.Fingerprint(data) != s.Fingerprint {
		return nil, "", &fsx.ChangedError{Path: s.Path}
	}
	kilnDir := filepath.Join(s.Project, ".kiln")
	base := filepath.Base(s.Path)
	era := stateEra(data)
	if base == StateTmp || (base == StateFile && era == eraF) {
		dst := fsx.ArchiveName(kilnDir, now)
		if err := fsx.RenameNoReplace(kilnDir, dst); err != nil {
			return nil, "", err
		}
		return []string{kilnDir}, dst, nil
	}
	var changed []string
	if base == StateFile && era == eraE {
		for _, name := range []string{"events.jsonl", "state.json"} {
			p := filepath.Join(kilnDir, name)
			st, err := os.Lstat(p)
			if err != nil || !st.Mode().IsRegular() {
				continue
			}
			if err := fsx.RenameNoReplace(p, fsx.ArchiveName(p, now)); err != nil {
				return changed, "", err
			}
			changed = append(changed, p)
		}
	}
	dst, err := fsx.Archive(s.Path, s.Fingerprint, now)
	if err != nil {
		return changed, "", err
	}
	return append(changed, s.Path), dst, nil
}

// restartLedger is kiln's own rule for an abandoned brainstorm: the
// ledger is renamed .kiln/brainstorm-ledger.abandoned-<utc>.jsonl (kept,
// never resumed), and the next bare /kiln-fire begins a fresh one.
func restartLedger(s *model.Session, now time.Time) ([]string, string, error) {
	if err := fsx.Verify(s.Path, s.Fingerprint); err != nil {
		return nil, "", err
	}
	dst := filepath.Join(filepath.Dir(s.Path), "brainstorm-ledger.abandoned-"+now.UTC().Format("20060102T150405Z")+".jsonl")
	if err := fsx.RenameNoReplace(s.Path, dst); err != nil {
		return nil, "", err
	}
	return []string{s.Path, dst}, dst, nil
}

// pickupFire is how a CONTINUE outcome names kiln's resume command.
func pickupFire(tx *Text, project string) string {
	return tx.State.Fire.F(project)
}

// eraName is the kiln versions an era covers, for the REVIEW title.
func eraName(e era) string {
	switch e {
	case eraC:
		return "kiln 1.x (era C)"
	case eraD:
		return "kiln 2.0 (era D)"
	case eraE:
		return "kiln 3.0 (era E)"
	case eraF:
		return "kiln 3.1 (era F)"
	}
	return "kiln"
}

// joinNonEmpty joins the non-empty parts with sep.
func joinNonEmpty(sep string, parts ...string) string {
	var keep []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, sep)
}
