//go:build !linux && !darwin

package quickline

import (
	"os"
	"time"
)

// canWait: no waitReadable here, so the early answer leaves stdin to
// the statusline command.
const canWait = false

func waitReadable(int, time.Duration) (bool, error) { return false, nil }

// statPath is os.Stat of p: its size and modification time in
// nanoseconds.
func statPath(p string) (size, mtime int64, ok bool) {
	st, err := os.Stat(p)
	if err != nil {
		return 0, 0, false
	}
	return st.Size(), st.ModTime().UnixNano(), true
}
