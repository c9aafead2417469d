package fsx

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// The single-writer lock. One pickup at a time may write a session: it
// takes the session's lock before any write, and a second pickup that
// finds the lock held says so and only looks.
//
// The lock is a file holding its owner's pid and start time, locked with
// flock(2) for as long as the owner runs. The kernel drops a flock when
// its process dies, however it dies (SIGKILL included), so "is the owner
// alive" needs no pid guessing and pid reuse cannot fake a live owner.
// A lock file left behind by a dead owner is stale: the next pickup takes
// it over and says so.
//
// Lock files live outside the project, in LockDir, named by a hash of the
// state file's real path: a lock beside the state file would show up in
// git status (and so in another pickup's RESTART veto), and would be
// carried into the archive when a source archives a whole memory folder.

// LockInfo is what a lock file records about its owner.
type LockInfo struct {
	PID   int       `json:"pid"`
	Since time.Time `json:"since"`
	State string    `json:"state"`
}

// ErrLocked is matched by errors.Is on a LockedError.
var ErrLocked = errors.New("session open in another pickup")

// LockedError says another running pickup holds a session's lock.
type LockedError struct {
	State string
	Owner LockInfo // zero PID when the lock file could not be read
}

func (e *LockedError) Error() string {
	m, args := e.said()
	return m.F(args...)
}

// SayIn is the error in l.
func (e *LockedError) SayIn(l i18n.Lang) string {
	m, args := e.said()
	return sayIn(l, m, args)
}

func (e *LockedError) said() (*i18n.M, []any) {
	if e.Owner.PID > 0 {
		return &english.LockedBy, []any{e.State, e.Owner.PID, e.Owner.Since.Local().Format("2006-01-02 15:04:05")}
	}
	return &english.Locked, []any{e.State}
}

func (e *LockedError) Is(target error) bool { return target == ErrLocked }

// Lock is a held single-writer lock.
type Lock struct {
	// Path is the lock file.
	Path string
	// State is the state file it guards.
	State string
	// TookOver describes the stale lock this one replaced, or "" (in
	// English; TookOverIn says it in a language).
	TookOver string
	tookOver *Error
	f        *os.File
}

// TookOverIn is TookOver said in l.
func (l *Lock) TookOverIn(lang i18n.Lang) string {
	if l.tookOver == nil {
		return l.TookOver
	}
	return l.tookOver.SayIn(lang)
}

// LockDir is where lock files live: $XDG_RUNTIME_DIR/pickup/locks (a
// per-user folder emptied at boot, as pids are), else the user's cache
// folder, else the system's temporary folder.
func LockDir() string {
	base, rel := lockBase()
	return filepath.Join(base, rel)
}

// lockBase splits LockDir into the folder it lives in (the user's, or the
// system's temporary folder) and the folders pickup makes there.
func lockBase() (base, rel string) {
	if d := os.Getenv("XDG_RUNTIME_DIR"); d != "" && filepath.IsAbs(d) {
		return d, filepath.Join("pickup", "locks")
	}
	if d, err := os.UserCacheDir(); err == nil {
		return d, filepath.Join("pickup", "locks")
	}
	return os.TempDir(), "pickup-locks-" + strconv.Itoa(os.Getuid())
}

// privateLockDir makes the lock folder (0700), or checks the one there:
// each folder pickup makes below the base must be a real folder (not a
// symbolic link), owned by this user and writable by nobody else, so no
// one else can plant a file, a link or a pipe at a lock path.
func privateLockDir() (string, error) {
	base, rel := lockBase()
	return privateDir(base, rel, &english.LockFolder)
}

// maxLockFile bounds what is read of a lock file (its owner's pid, time
// and state path: well under a kilobyte).
const maxLockFile = 64 << 10

// openLock opens the lock file at lp with flag (O_CREATE to make it):
// never through a symbolic link, never waiting on a named pipe, only a
// regular file owned by this user.
func openLock(lp string, flag int) (*os.File, error) {
	f, st, err := openFile(lp, flag|syscall.O_NOFOLLOW, 0o600, &english.LockFile)
	if err != nil {
		return nil, err
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != os.Geteuid() {
		f.Close()
		return nil, newError(&english.LockOwnedByOther, lp, sys.Uid)
	}
	return f, nil
}

// canonical is state's absolute path with symbolic links resolved (of
// its folder when the file itself is gone), so every name of one file
// maps to one lock.
func canonical(state string) string {
	abs, err := filepath.Abs(state)
	if err != nil {
		abs = filepath.Clean(state)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(dir, filepath.Base(abs))
	}
	return abs
}

// LockPath is the lock file guarding state.
func LockPath(state string) string {
	c := canonical(state)
	sum := sha256.Sum256([]byte(c))
	return filepath.Join(LockDir(), filepath.Base(c)+"."+hex.EncodeToString(sum[:12])+".lock")
}

// AcquireLock takes the single-writer lock on state for this process.
// When another live process holds it, the error is a *LockedError
// naming that process. A lock file left by a process that has ended is
// taken over, and Lock.TookOver says so.
func AcquireLock(state string, now time.Time) (*Lock, error) {
	lp := LockPath(state)
	if _, err := privateLockDir(); err != nil {
		return nil, fmt.Errorf("%s: %w", state, err)
	}
	// A few rounds: the file at lp may be removed by an owner releasing
	// it between our open and our flock; then we start again.
	for range 8 {
		f, err := openLock(lp, os.O_RDWR|os.O_CREATE)
		if err != nil {
			return nil, wrapError(err, &english.CannotUseLock, state, err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, &LockedError{State: state, Owner: readOwner(lp)}
			}
			return nil, wrapError(err, &english.CannotLock, state, lp, err)
		}
		if !samePath(f, lp) {
			f.Close() // released and removed by its owner meanwhile
			continue
		}
		l := &Lock{Path: lp, State: state, f: f}
		if old, err := io.ReadAll(io.LimitReader(f, maxLockFile)); err == nil && len(old) > 0 {
			var o LockInfo
			if json.Unmarshal(old, &o) == nil && o.PID > 0 {
				l.tookOver = phrase(&english.TookOverFrom, state, o.PID, o.Since.Local().Format("2006-01-02 15:04:05"))
			} else {
				l.tookOver = phrase(&english.TookOverStale, state, lp)
			}
			l.TookOver = l.tookOver.Error()
		}
		info, _ := json.Marshal(LockInfo{PID: os.Getpid(), Since: now.UTC().Truncate(time.Second), State: canonical(state)})
		if err := writeOwner(f, append(info, '\n')); err != nil {
			l.Release()
			return nil, wrapError(err, &english.CannotWriteLock, state, lp, err)
		}
		return l, nil
	}
	return nil, newError(&english.LockKeepsChanging, state, lp)
}

// samePath reports whether f is still the file named p.
func samePath(f *os.File, p string) bool {
	a, err1 := f.Stat()
	b, err2 := os.Stat(p)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

func writeOwner(f *os.File, data []byte) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		return err
	}
	return f.Sync()
}

// readOwner reads a held lock's owner. The owner writes it just after
// taking the lock, so an empty or partial read is retried briefly.
func readOwner(lp string) LockInfo {
	var o LockInfo
	for range 20 {
		if data, err := readLock(lp); err == nil && json.Unmarshal(data, &o) == nil && o.PID > 0 {
			return o
		}
		time.Sleep(5 * time.Millisecond)
	}
	return LockInfo{}
}

// readLock reads a lock file as openLock opens it, bounded.
func readLock(lp string) ([]byte, error) {
	f, err := openLock(lp, os.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxLockFile))
}

// Release removes the lock file and drops the lock. It is safe to call
// more than once.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	var err error
	// Remove while still holding the flock, so nobody takes over a file
	// that is about to disappear (AcquireLock checks the name after
	// locking, for the same reason).
	if samePath(l.f, l.Path) {
		if rerr := os.Remove(l.Path); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
			err = rerr
		}
	}
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	l.f = nil
	return err
}
