package fsx

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

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

// AppendRecord appends one line (a newline is added) to the record file
// name in pickup's own state folder: the folder private to this user
// (never a symbolic link, writable by nobody else), the file opened
// without following a link and never waiting on a named pipe, written
// with one O_APPEND write, so concurrent appenders never mix their
// lines. A file already over limit bytes is left as it is (the record
// is dropped, and the error says so); line may hold no line break.
func AppendRecord(name string, line []byte, limit int64) error {
	if strings.ContainsAny(string(line), "\n\r") || strings.ContainsAny(name, `/\`) {
		return fmt.Errorf("record %s: not one line", name)
	}
	base, rel := statedir.Base()
	dir, err := privateDir(base, rel, "pickup's state folder")
	if err != nil {
		return err
	}
	p := filepath.Join(dir, name)
	f, st, err := openFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE|syscall.O_NOFOLLOW, 0o600, "record file")
	if err != nil {
		return err
	}
	defer f.Close()
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != os.Geteuid() {
		return fmt.Errorf("%s: is owned by another user (uid %d)", p, sys.Uid)
	}
	if st.Size() > limit {
		return fmt.Errorf("%s: over %d bytes; the record was not kept", p, limit)
	}
	_, err = f.Write(append(append([]byte(nil), line...), '\n'))
	return err
}

// StateDir is pickup's own state folder (where RecordPath's files and
// the operation log's key live), made when missing: private to this
// user, never a symbolic link, writable by nobody else.
func StateDir() (string, error) {
	base, rel := statedir.Base()
	return privateDir(base, rel, "pickup's state folder")
}
