package fsx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync/atomic"
)

// Entry is one operation read back from a project's log.
type Entry struct {
	Record
	// File is the record's file in the log.
	File string
	// Problem says why the record cannot be undone (it is not signed by
	// this account's key, cannot be read, or was written for another
	// project); "" when it can.
	Problem string
	// Elsewhere: the record was written for another project (Root is not
	// the folder whose log holds it).
	Elsewhere bool
}

// ReadLog reads project's operation log, newest first: the records in
// ops/ and those compacted into ops/archive/. A project with no log has
// an empty one. A record this account did not sign, or that is not
// JSON, is listed with its Problem and never undone.
func ReadLog(project string) ([]Entry, error) {
	live, err := readLogDir(project, opsDir(project))
	if err != nil {
		return nil, err
	}
	old, err := readLogDir(project, archiveDir(project))
	if err != nil {
		return nil, err
	}
	if len(old) == 0 {
		return live, nil
	}
	// A record moved while the folders were read is in both, or in ops/
	// as a file gone before it was read: the one that reads is kept.
	at := make(map[int]int, len(live))
	for i, e := range live {
		at[e.ID] = i
	}
	for _, e := range old {
		if i, ok := at[e.ID]; !ok {
			live = append(live, e)
		} else if live[i].Problem != "" && e.Problem == "" {
			live[i] = e
		}
	}
	sort.Slice(live, func(i, j int) bool { return live[i].ID > live[j].ID })
	return live, nil
}

// ReadRecentLog reads the records left in ops/, newest first: the
// newest operations, every one Interrupted finds and any that cannot be
// read (compactLog moves only the others). Interrupted says of them
// what it says of the whole log, at a cost that does not grow with the
// project's history: this is what status, the hook and the wizard read.
func ReadRecentLog(project string) ([]Entry, error) {
	return readLogDir(project, opsDir(project))
}

// readLogDir reads the records in dir, one of project's log folders.
func readLogDir(project, dir string) ([]Entry, error) {
	if err := checkLogDir(project); err != nil {
		return nil, err
	}
	names, err := listDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, wrapError(err, &english.ReadingLog, dir, err)
	}
	key, keyErr := loadKey(false)
	var out []Entry
	for _, n := range names {
		id, ok := opID(n)
		if !ok {
			continue
		}
		e := Entry{File: filepath.Join(dir, n)}
		e.ID = id
		data, err := ReadFile(e.File)
		var body []byte
		switch {
		case err != nil:
			e.Problem = err.Error()
		case keyErr != nil:
			e.Problem = "it cannot be checked: " + keyErr.Error()
		default:
			if body, err = unseal(key, data); err != nil {
				e.Problem = "not recorded by pickup on this account: " + err.Error()
			}
		}
		if body != nil {
			if err := json.Unmarshal(body, &e.Record); err != nil {
				e.Problem = "not an operation record: " + err.Error()
			} else if e.Record.ID != id {
				e.Problem = fmt.Sprintf("it says it is operation %d", e.Record.ID)
				e.Record.ID = id
			} else if e.Root != "" && !sameDir(e.Root, project) {
				e.Problem = fmt.Sprintf("it was recorded for the project %s, not this one (a copied project, or a record carried over): pickup undoes it only there", e.Root)
				e.Elsewhere = true
			}
		}
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID > out[j].ID })
	return out, nil
}

// sameDir reports whether a and b name the same folder: the same path,
// or the same folder reached through a link (a project opened by another
// name). A copy is another folder.
func sameDir(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// checkLogDir refuses a .pickup (or its ops folder) that is a symbolic
// link, so reading never follows one either.
func checkLogDir(project string) error {
	for _, p := range []string{LogDir(project), opsDir(project), archiveDir(project)} {
		if err := notALink(p); err != nil {
			return wrapError(err, &english.InOperationLog, err)
		}
	}
	return nil
}

// blob reads the bytes kept under hash, checking them.
func blob(project, hash string) ([]byte, error) {
	p := filepath.Join(blobsDir(project), hash)
	if err := notALink(p); err != nil {
		return nil, err
	}
	data, err := ReadFile(p)
	if err != nil {
		return nil, wrapError(err, &english.KeptBytes, p, err)
	}
	if Fingerprint(data) != hash {
		return nil, newError(&english.KeptBytesChanged, p)
	}
	return data, nil
}

// unlogged lets writes happen outside an operation: tests of one
// loader's writes alone set it (WithoutLog); shipped code never does.
var unlogged atomic.Bool

// WithoutLog lets this package write outside an operation, recording
// nothing, until the returned function is called. It exists for the
// tests of a loader's own writes; a test in cmd fails when shipped code
// calls it.
func WithoutLog() (restore func()) {
	unlogged.Store(true)
	return func() { unlogged.Store(false) }
}
