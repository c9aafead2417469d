package quickline

import (
	"syscall"
	"time"
)

// canWait: waitReadable works here.
const canWait = true

// waitReadable waits, at most left, for fd to have something to read
// (select(2)).
func waitReadable(fd int, left time.Duration) (bool, error) {
	var set syscall.FdSet
	set.Bits[fd/64] |= 1 << (uint(fd) % 64)
	tv := syscall.NsecToTimeval(left.Nanoseconds())
	n, err := syscall.Select(fd+1, &set, nil, nil, &tv)
	return n > 0, err
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
			return st.Size, st.Mtim.Nano(), true
		}
		return 0, 0, false
	}
}
