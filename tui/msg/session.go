package msg

import "fmt"

// SessionText is the wording about the session as a file on disk: open
// in another pickup, changed on disk since it was read, read again; and
// about a terminal too small to draw on.
type SessionText struct {
	// ReadOnly is why the writing choices are off while another pickup
	// has the session open; since is its start, "15:04".
	ReadOnly func(pid int, since string) string
	// ReadOnlyBanner says the same above the menu.
	ReadOnlyBanner func(pid int, since string) string
	// ReadOnlyTag marks the header while this pickup only looks.
	ReadOnlyTag string
	// Note introduces a one-off remark (a stale lock taken over).
	Note func(text string) string
	// LockFailed: the lock could not be taken for another reason; a write
	// tries again.
	LockFailed func(err string) string

	// A write refused because the state file changed on disk.
	ChangedTitle string
	GoneTitle    string
	WhenRead     string // label: the file as pickup read it
	OnDiskNow    string // label: the file now
	Stamp        func(size, modified string) string
	Unknown      string // a stamp pickup did not take
	Gone         string // the file is not there any more
	Lines        func(from, to, removed, added int) string
	LinesMore    func(n int) string
	SameLines    string // the state file reads the same: the change is elsewhere
	ReloadHint   string
	ReloadKey    string // help bar: r
	Reloaded     string
	// Writable: the other pickup let the session go and this one has it.
	Writable     string
	ReloadFailed func(err string) string
	Stopping     string // a signal came during a write

	// TooSmall replaces the screen when the terminal is smaller than
	// pickup can draw on.
	TooSmall     func(w, h, minW, minH int) string
	TooSmallQuit string
}

var englishSession = SessionText{
	ReadOnly: func(pid int, since string) string {
		return "open in " + otherPickup(pid, since) + "; you can look but not write"
	},
	ReadOnlyBanner: func(pid int, since string) string {
		return "This session is open in " + otherPickup(pid, since) + "; you can look but not write. Press r to try again."
	},
	ReadOnlyTag: "read-only",
	Note:        func(text string) string { return "Note: " + text },
	LockFailed: func(err string) string {
		return "pickup could not note that it has this session open (" + err + "); a write will try again."
	},

	ChangedTitle: "The state file changed on disk since pickup read it.",
	GoneTitle:    "The state file was removed since pickup read it.",
	WhenRead:     "When read",
	OnDiskNow:    "Now",
	Stamp:        func(size, modified string) string { return size + ", modified " + modified },
	Unknown:      "not recorded",
	Gone:         "gone",
	Lines: func(from, to, removed, added int) string {
		where := fmt.Sprintf("line %d", from)
		if to > from {
			where = fmt.Sprintf("lines %d-%d", from, to)
		}
		return fmt.Sprintf("Changed at %s: %s removed, %s added", where, plural(removed, "line", "lines"), plural(added, "line", "lines"))
	},
	LinesMore:    func(n int) string { return fmt.Sprintf("… and %s more", plural(n, "line", "lines")) },
	SameLines:    "The file reads the same line for line: the change is in another of the session's files, or only its time.",
	ReloadHint:   "Nothing was written. Press r to read the session again from disk and choose again.",
	ReloadKey:    "reload",
	Reloaded:     "Read again from disk.",
	Writable:     "The other pickup has closed this session: you can write now.",
	ReloadFailed: func(err string) string { return "Could not read the session again: " + err },
	Stopping:     "Stopping once the write under way has finished.",

	TooSmall: func(w, h, minW, minH int) string {
		return fmt.Sprintf("Terminal too small: %dx%d. pickup needs at least %dx%d.", w, h, minW, minH)
	},
	TooSmallQuit: "Enlarge it, or press q to quit.",
}

// otherPickup is "another pickup (pid N, since 14:05)", or without the
// details when its lock file could not be read (pid 0).
func otherPickup(pid int, since string) string {
	if pid <= 0 {
		return "another pickup"
	}
	return fmt.Sprintf("another pickup (pid %d, since %s)", pid, since)
}
