package kiln

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// reload reads the session's files again and refuses when MEMORY.md, the
// phase state file routing read, or the phase routing chose are not what
// the session was loaded from. It returns the fresh read, which is the
// same as the loaded one.
func reload(tx *Text, s *model.Session) (*memory, error) {
	tm := &tx.Mem
	if s.Path == "" {
		return nil, errors.New(tm.NoMemoryToWrite)
	}
	data, err := fsx.ReadFile(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &fsx.ChangedError{Path: s.Path, Gone: true}
	}
	if err != nil {
		return nil, err
	}
	if fsx.Fingerprint(data) != memoryFP(s.Fingerprint) {
		return nil, &fsx.ChangedError{Path: s.Path}
	}
	m, fresh := analyse(s.Project, s.Path, data, tx)
	if m == nil {
		return nil, errors.New(tm.CorruptedNoWrite.F(s.Path))
	}
	if fresh.Fingerprint != s.Fingerprint {
		return nil, changedSince(tm, s, m, fresh.Fingerprint)
	}
	return m, nil
}

// changedSince says what differs between the loaded and the fresh
// composite fingerprints: the phase routing picks, or the phase state
// file it read.
func changedSince(tm *MemText, s *model.Session, m *memory, now string) error {
	oldParts, newParts := strings.Split(s.Fingerprint, "|"), strings.Split(now, "|")
	if len(oldParts) < 2 || len(newParts) < 2 || oldParts[1] != newParts[1] {
		return &routeChangedError{tm.RouteChanged.F(s.Path, strings.TrimPrefix(part(oldParts, 1), "route="), strings.TrimPrefix(part(newParts, 1), "route="))}
	}
	return &fsx.ChangedError{Path: m.statePath, Gone: m.stateFP == absentFP}
}

// routeChangedError is a refusal because routing leads elsewhere than
// when the session was loaded: it is fsx.ErrChanged, in the session's
// words.
type routeChangedError struct{ msg string }

func (e *routeChangedError) Error() string        { return e.msg }
func (e *routeChangedError) Is(target error) bool { return target == fsx.ErrChanged }

func part(ps []string, i int) string {
	if i < len(ps) {
		return ps[i]
	}
	return ""
}

// applyContinue is Step 7, except for a complete project.
func applyContinue(tx *Text, s *model.Session, now time.Time) ([]string, error) {
	if s.Stage == "complete" {
		return []string{}, nil
	}
	m, err := reload(tx, s)
	if err != nil {
		return nil, err
	}
	out, err := step7(m.doc, now)
	if errors.Is(err, errNoStatusLine) {
		return nil, fmt.Errorf("%s: %s", s.Path, tx.Mem.NoStatusLine)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Path, err)
	}
	if err := fsx.ReplaceIfUnchanged(s.Path, memoryFP(s.Fingerprint), out); err != nil {
		return nil, err
	}
	return []string{s.Path}, nil
}

// afterArchive, when set (by the kill test), runs between a RESTART's
// two writes.
var afterArchive func()

// applyRestart restarts phase N (execution) or planning.
func applyRestart(tx *Text, s *model.Session, now time.Time) ([]string, error) {
	m, err := reload(tx, s)
	if err != nil {
		return nil, err
	}
	r := m.route
	switch r.Stage {
	case "planning":
		if err := fsx.ReplaceIfUnchanged(s.Path, memoryFP(s.Fingerprint), restartPlanning(m.doc, now)); err != nil {
			return nil, err
		}
		return []string{s.Path}, nil
	case "execution":
	default:
		return nil, &model.GuardError{Kind: "restart_unavailable", Message: tx.Mem.NoRestartStage.F(r.Stage)}
	}
	n := r.Phase.Number
	changed := []string{s.Path}
	note := " (pickup)"
	archived := ""
	if m.state != nil {
		// Two writes: the phase state file is archived, then MEMORY.md
		// records it. Killed between them, the next load finds the
		// archive that MEMORY.md does not name and says how to finish
		// or undo the restart (cutRestart).
		archived, err = fsx.Archive(m.statePath, m.stateFP, now)
		if err != nil {
			return nil, err
		}
		if afterArchive != nil {
			afterArchive()
		}
		note = " (pickup; phase state archived as " + filepath.Base(archived) + ")"
		changed = append(changed, m.statePath, archived)
	} else if m.cut != "" {
		// Finishing a RESTART cut between its writes: the log names the
		// archive it left, so the next load knows it is done.
		note = " (pickup; finishes a restart cut short; phase state archived as " + filepath.Base(m.cut) + ")"
	}
	out := restartPhase(m.doc, n, r.Phase.Name, now, note)
	if err := fsx.ReplaceIfUnchanged(s.Path, memoryFP(s.Fingerprint), out); err != nil {
		if archived != "" {
			// Put the phase state file back: the restart did not happen.
			if _, statErr := os.Lstat(m.statePath); errors.Is(statErr, fs.ErrNotExist) {
				if rbErr := fsx.RenameNoReplace(archived, m.statePath); rbErr != nil {
					return nil, fmt.Errorf("%w; %s", err, tx.Mem.MoveBackFailed.F(archived, m.statePath, rbErr.Error()))
				}
			}
		}
		return nil, err
	}
	return changed, nil
}

// archiveMemory archives the memory, provided MEMORY.md still holds the
// loaded bytes: the project's .kiln/memory folder is renamed to
// "<folder>.discarded.<ms>" beside itself; in the Claude home, whose
// folder is Claude Code's own memory folder too, only MEMORY.md is
// renamed beside itself, so nothing of Claude's ever moves. Nothing is
// deleted; Discover no longer finds it, so /kiln:start can begin again.
// It returns the archive's name and what moved.
func archiveMemory(tx *Text, s *model.Session, now time.Time) (string, []string, error) {
	if s.Path == "" {
		return "", nil, errors.New(tx.Mem.NoMemoryFolder)
	}
	if sharedMemory(s.Project, s.Path) {
		dst, err := fsx.Archive(s.Path, memoryFP(s.Fingerprint), now)
		if err != nil {
			return "", nil, err
		}
		return dst, []string{s.Path}, nil
	}
	if err := fsx.Verify(s.Path, memoryFP(s.Fingerprint)); err != nil {
		return "", nil, err
	}
	dir := filepath.Dir(s.Path)
	dst := fsx.ArchiveName(dir, now)
	if err := fsx.RenameNoReplace(dir, dst); err != nil {
		return "", nil, err
	}
	return dst, []string{dir}, nil
}
