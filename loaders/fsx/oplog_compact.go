package fsx

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/pickup-dev/pickup/internal/statedir"
)

// The log is compacted when an operation ends and ops/ holds more than
// compactAt records: all but the newest liveOps move to ops/archive/,
// except those Interrupted reports (cut short, and nothing settled them)
// and any that cannot be read; while an older record is still being
// written by another pickup, nothing moves. ReadLog reads both folders,
// so undo and its list see every record; ReadRecentLog reads ops/ alone.
//
// Why Interrupted of ops/ is Interrupted of the whole log: whether a
// record is reported depends only on newer records (an undo or a resume
// settling it, a later write of its session superseding it). A record
// left in ops/ is either among the newest, whose newer records are all
// there too, or reported, so that no newer record settled it; and a
// record moved was not reported when it moved: newer records can only
// settle or supersede it further, never bring it back. The newest
// record always stays, so a new operation's number (the highest in ops/
// plus one) is still the log's highest plus one.
const (
	liveOps   = 25
	compactAt = 50
)

// compactLog moves the records it may from ops/ to ops/archive/, best
// effort: a record is moved (never copied, never replaced) or left where
// it is, and nothing outside pickup's own folder is touched.
func compactLog(project string) {
	dir := opsDir(project)
	names, err := listDir(dir)
	if err != nil {
		return
	}
	n := 0
	for _, name := range names {
		if _, ok := opID(name); ok {
			n++
		}
	}
	if n <= compactAt {
		return
	}
	log, err := ReadRecentLog(project)
	if err != nil {
		return
	}
	moves := compactMoves(log)
	if len(moves) == 0 {
		return
	}
	archive := archiveDir(project)
	if err := intoDir(archive, project, true, &english.OperationLog, &english.Written, nil); err != nil {
		return
	}
	if st, err := os.Lstat(archive); err != nil || statedir.Unsafe(st) != "" {
		return
	}
	moved := false
	for _, e := range moves {
		to := filepath.Join(archive, filepath.Base(e.File))
		if _, err := os.Lstat(to); !errors.Is(err, fs.ErrNotExist) {
			break // never over another file; the newer ones stay too
		}
		if os.Rename(e.File, to) != nil {
			break
		}
		moved = true
	}
	if moved {
		syncDir(archive)
		syncDir(dir)
	}
}

// compactMoves are the records of log (ops/, newest first) that
// compactLog moves, oldest first; none while an older record is still
// being written by another pickup (it may yet be cut short). Oldest
// first: a compaction cut short, or stopped at a record it cannot move,
// has moved only records older than every one left, so no record left
// lost a newer one that settles it.
func compactMoves(log []Entry) []Entry {
	stay := make(map[int]bool, liveOps)
	for i, e := range log {
		switch {
		case i < liveOps || e.Problem != "":
			// The newest, and any record that cannot be read (it
			// settles nothing, so it changes no other's standing).
			stay[e.ID] = true
		case e.Writing():
			return nil
		}
	}
	for _, e := range Interrupted(log) {
		stay[e.ID] = true
	}
	var moves []Entry
	for _, e := range slices.Backward(log) {
		if !stay[e.ID] {
			moves = append(moves, e)
		}
	}
	return moves
}
