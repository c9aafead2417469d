package convo

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// procRoot is where the process table and the lock table are read.
var procRoot = "/proc"

// procStartOf is field 22 of /proc/<pid>/stat (the process's start, in
// clock ticks since boot), "" when it cannot be read. The command name
// in field 2 may hold spaces and parentheses: fields are counted after
// its last ")".
func procStartOf(pid int) string {
	data, _, err := fsx.ReadHead(filepath.Join(procRoot, strconv.Itoa(pid), "stat"), procSize)
	if err != nil {
		return ""
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return ""
	}
	f := strings.Fields(s[i+1:])
	// f[0] is field 3 (state); field 22 is f[19].
	if len(f) < 20 {
		return ""
	}
	return f[19]
}

// lockHeld says whether some process holds a lock on the file at path:
// Linux lists every held lock in /proc/locks by device and inode. Unknown
// where that table cannot be read.
func lockHeld(path string) Liveness {
	st, err := os.Stat(path)
	if err != nil {
		return Dead // a clean exit removes the file
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return Unknown
	}
	data, _, err := fsx.ReadHead(filepath.Join(procRoot, "locks"), lockSize)
	if err != nil {
		return Unknown
	}
	dev := uint64(sys.Dev)
	major, minor := (dev>>8)&0xfff|(dev>>32)&^0xfff, dev&0xff|(dev>>12)&^0xff
	want := strconv.FormatUint(major, 16) + ":" + strconv.FormatUint(minor, 16) + ":" + strconv.FormatUint(uint64(sys.Ino), 10)
	for _, l := range strings.Split(string(data), "\n") {
		for _, f := range strings.Fields(l) {
			if lockID(f) == want {
				return Alive
			}
		}
	}
	return Dead
}

// lockID normalises a /proc/locks "MAJ:MIN:INODE" field (its device
// numbers in hexadecimal, zero-padded) for comparison.
func lockID(f string) string {
	p := strings.Split(f, ":")
	if len(p) != 3 {
		return ""
	}
	maj, err1 := strconv.ParseUint(p[0], 16, 64)
	mn, err2 := strconv.ParseUint(p[1], 16, 64)
	ino, err3 := strconv.ParseUint(p[2], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return ""
	}
	return strconv.FormatUint(maj, 16) + ":" + strconv.FormatUint(mn, 16) + ":" + strconv.FormatUint(ino, 10)
}

// pidExists says whether a process with this pid exists (signal 0:
// delivered, or refused because it is another user's).
func pidExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
