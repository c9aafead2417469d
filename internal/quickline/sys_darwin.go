package quickline

import (
	"syscall"
	"time"
)

// canWait: waitReadable works here.
const canWait = true

// waitReadable waits, at most left, for fd to have something to read
// (select(2); macOS's reports by the set alone).
func waitReadable(fd int, left time.Duration) (bool, error) {
	var set syscall.FdSet
	set.Bits[fd/32] |= 1 << (uint(fd) % 32)
	tv := syscall.NsecToTimeval(left.Nanoseconds())
	if err := syscall.Select(fd+1, &set, nil, nil, &tv); err != nil {
		return false, err
	}
	return set.Bits[fd/32]&(1<<(uint(fd)%32)) != 0, nil
}

// statPath is stat(2) of p, following links: its size and modification
// time in nanoseconds.
func statPath(p string) (size, mtime int64, ok bool) {
	var st syscall.Stat_t
	for {
		switch err := syscall.Stat(p, &st); err {
		case syscall.EINTR:
			continue
		case nil:
			return st.Size, st.Mtimespec.Nano(), true
		}
		return 0, 0, false
	}
}
