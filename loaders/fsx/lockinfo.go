package fsx

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// procLocks is the kernel's list of the file locks held on the system.
var procLocks = "/proc/locks"

// maxProcLocks bounds what is read of it.
const maxProcLocks = 4 << 20

// LockHolder reports the pickup that holds state's single-writer lock,
// without taking it: a look never makes another pickup's AcquireLock
// fail. On Linux the kernel's own list of locks (/proc/locks) must show
// a lock on that very lock file, so a lock file left by a pickup that
// died is never taken for a live one, whatever its pid is now. Without
// that list, a lock file whose pid is alive counts. The owner comes from
// the lock file (its pid from the kernel's list when the file has none).
func LockHolder(state string) (LockInfo, bool) {
	lp := LockPath(state)
	st, err := os.Lstat(lp)
	if err != nil || !st.Mode().IsRegular() {
		return LockInfo{}, false
	}
	var owner LockInfo
	if data, err := readLock(lp); err == nil {
		_ = json.Unmarshal(data, &owner)
	}
	pid, listed, err := kernelLock(st)
	if err != nil {
		// No kernel list: the pid's process must be alive.
		if owner.PID <= 0 || !alive(owner.PID) {
			return LockInfo{}, false
		}
		return owner, true
	}
	if !listed {
		return LockInfo{}, false
	}
	if owner.PID <= 0 {
		owner.PID = pid
	}
	return owner, true
}

// kernelLock looks for a flock on the file st describes in /proc/locks
// and returns the pid the kernel lists for it. An error means there is
// no list to look at.
func kernelLock(st fs.FileInfo) (pid int, listed bool, err error) {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false, errors.New("no device and inode")
	}
	dev := uint64(sys.Dev) //nolint:unconvert // a narrower type on some systems
	major := (dev>>8)&0xfff | (dev>>32)&^uint64(0xfff)
	minor := dev&0xff | (dev>>12)&^uint64(0xff)
	want := fmt.Sprintf("%02x:%02x:%d", major, minor, sys.Ino)
	f, err := Open(procLocks, maxProcLocks)
	if err != nil {
		return 0, false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// "1: FLOCK  ADVISORY  WRITE 4242 00:1f:1311033 0 EOF"; a waiter
		// has "->" after the number and holds nothing.
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 || fields[1] != "FLOCK" || fields[5] != want {
			continue
		}
		p, _ := strconv.Atoi(fields[4])
		return p, true, nil
	}
	return 0, false, sc.Err()
}

// alive reports whether a process with this pid exists (signal 0: a
// process of another user answers EPERM, and is alive too).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
