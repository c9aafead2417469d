package fsx

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/pickup-dev/pickup/internal/statedir"
)

// RecordPath is the file name in pickup's own state folder
// ($XDG_STATE_HOME/pickup, else ~/.local/state/pickup), where records
// of this account's runs are appended (the agent conversations the hook
// saw start).
func RecordPath(name string) string {
	base, rel := statedir.Base()
	return filepath.Join(base, rel, name)
}

// olderRecord is the name of the record file name's older generation:
// ".1" before its extension (conversations.jsonl: conversations.1.jsonl).
func olderRecord(name string) string {
	ext := filepath.Ext(name)
	return strings.TrimSuffix(name, ext) + ".1" + ext
}

// RecordGenerations are the paths of the record file name's
// generations, newest first: the file AppendRecord appends to, then the
// older one its last rotation left (either may be missing). Read in this
// order, no record that outlives the reading is missed: a rotation
// between the two reads moves the file already read to the older name,
// where it is read again.
func RecordGenerations(name string) []string {
	return []string{RecordPath(name), RecordPath(olderRecord(name))}
}

// How often AppendRecord opens the record file again when another
// appender rotated it meanwhile, and how long it tries for the rotation
// lock (recordLockTries, recordLockPause apart) before dropping the
// record: the hook never waits long.
const (
	recordTries     = 4
	recordLockTries = 50
	recordLockPause = 2 * time.Millisecond
)

// AppendRecord appends one line (a newline is added) to the record file
// name in pickup's own state folder: the folder private to this user
// (never a symbolic link, writable by nobody else), the file opened
// without following a link and never waiting on a named pipe, written
// with one O_APPEND write, so concurrent appenders never mix their
// lines; line may hold no line break.
//
// A file over limit bytes is rotated first: renamed to its older
// generation (name with ".1" before its extension, conversations.jsonl:
// conversations.1.jsonl; RecordGenerations names both), replacing the
// one there, and the line starts a fresh file. So the records of the
// last one to two limits are kept, and older ones are dropped. The
// rotation holds an advisory lock (flock) on the full file and checks,
// once it holds it, that the name still is that file and that it is
// still over limit: two appenders finding the file full rotate it once
// (the second one appends to the fresh file), and no appender renames a
// fresh file over the older generation. The rename replaces a link at
// the older name, never writing through it. The lock is tried for at
// most recordLockTries times recordLockPause; when it cannot be had,
// the record is dropped and the error says so.
func AppendRecord(name string, line []byte, limit int64) error {
	if strings.ContainsAny(string(line), "\n\r") || strings.ContainsAny(name, `/\`) {
		return fmt.Errorf("record %s: not one line", name)
	}
	base, rel := statedir.Base()
	dir, err := privateDir(base, rel, "pickup's state folder")
	if err != nil {
		return err
	}
	p, older := filepath.Join(dir, name), filepath.Join(dir, olderRecord(name))
	data := append(append([]byte(nil), line...), '\n')
	for range recordTries {
		f, st, err := openRecord(p)
		if err != nil {
			return err
		}
		if st.Size() > limit {
			if f, err = rotateRecord(f, p, older, limit); err != nil {
				return err
			}
			if f == nil {
				continue // another appender rotated it meanwhile
			}
		}
		_, err = f.Write(data)
		f.Close()
		return err
	}
	return fmt.Errorf("%s: kept being rotated by others; the record was not kept", p)
}

// openRecord opens the record file p for appending, made 0600 when
// missing: never through a symbolic link, never waiting on a named
// pipe, only a regular file owned by this user.
func openRecord(p string) (*os.File, os.FileInfo, error) {
	f, st, err := openFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NOFOLLOW, 0o600, "record file")
	if err != nil {
		return nil, nil, err
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != os.Geteuid() {
		f.Close()
		return nil, nil, fmt.Errorf("%s: is owned by another user (uid %d)", p, sys.Uid)
	}
	return f, st, nil
}

// rotateRecord rotates the full record file f, open as p, to older
// (see AppendRecord), and returns the file to append to: the fresh
// one; f itself when it is no longer over limit; nil when p no longer
// names f (another appender rotated it: open p again). It closes f
// unless it returns it, and on error.
func rotateRecord(f *os.File, p, older string, limit int64) (*os.File, error) {
	defer func() {
		if f != nil {
			f.Close() // drops the lock
		}
	}()
	if err := lockRecord(f); err != nil {
		return nil, fmt.Errorf("%s: over %d bytes and being rotated by another pickup; the record was not kept: %w", p, limit, err)
	}
	if !samePath(f, p) {
		return nil, nil
	}
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() <= limit {
		out := f
		f = nil
		return out, nil
	}
	if err := os.Rename(p, older); err != nil {
		return nil, fmt.Errorf("%s: over %d bytes and cannot be rotated; the record was not kept: %w", p, limit, err)
	}
	fresh, _, err := openRecord(p)
	return fresh, err
}

// lockRecord takes the rotation lock on f without ever blocking: a few
// tries, a short pause apart.
func lockRecord(f *os.File) error {
	var err error
	for i := range recordLockTries {
		if i > 0 {
			time.Sleep(recordLockPause)
		}
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			return err
		}
	}
	return err
}

// StateDir is pickup's own state folder (where RecordPath's files and
// the operation log's key live), made when missing: private to this
// user, never a symbolic link, writable by nobody else.
func StateDir() (string, error) {
	base, rel := statedir.Base()
	return privateDir(base, rel, "pickup's state folder")
}
