// Package statedir names pickup's own state folder (the operation log,
// its key, the statusline's cache) and says when a folder on the way to
// it cannot be trusted. loaders/fsx makes and writes it; the
// statusline's early answer (internal/quickline) only reads it. It
// imports only standard packages that Go initialises early (not fmt nor
// strings), so that the early answer can use it before the rest of
// pickup is initialised.
package statedir

import (
	"io/fs"
	"os"
	"path"
	"strconv"
	"syscall"
)

// Base splits the state folder into the folder it lives in and the
// folders pickup makes there: $XDG_STATE_HOME/pickup, else
// ~/.local/state/pickup, else pickup-state-<uid> in the temporary folder.
func Base() (base, rel string) {
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && path.IsAbs(d) {
		return d, "pickup"
	}
	if h, err := os.UserHomeDir(); err == nil && path.IsAbs(h) {
		return h, path.Join(".local", "state", "pickup")
	}
	return os.TempDir(), "pickup-state-" + strconv.Itoa(os.Getuid())
}

// Unsafe says why a folder pickup keeps private state in cannot be
// trusted ("" when it can): a symbolic link, not a folder, writable by
// others, or owned by another user.
func Unsafe(st fs.FileInfo) string {
	switch {
	case st.Mode()&fs.ModeSymlink != 0:
		return "is a symbolic link"
	case !st.IsDir():
		return "is not a folder"
	case st.Mode().Perm()&0o022 != 0:
		return "is writable by others (" + st.Mode().Perm().String() + ")"
	}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok && int(sys.Uid) != os.Geteuid() {
		return "is owned by another user (uid " + strconv.FormatUint(uint64(sys.Uid), 10) + ")"
	}
	return ""
}

// Existing is the state folder when it is there and every folder pickup
// makes on the way to it can be trusted; it never creates anything.
func Existing() (string, bool) {
	base, rel := Base()
	for i := 0; i <= len(rel); i++ {
		if i == len(rel) || rel[i] == '/' {
			st, err := os.Lstat(path.Join(base, rel[:i]))
			if err != nil || Unsafe(st) != "" {
				return "", false
			}
		}
	}
	return path.Join(base, rel), true
}
