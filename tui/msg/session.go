package msg

import "github.com/pickup-dev/pickup/internal/i18n"

// SessionText is the wording about the session as a file on disk: open
// in another pickup, changed on disk since it was read, read again; and
// about a terminal too small to draw on.
type SessionText struct {
	// OtherPickup names the other pickup that has the session open: its
	// pid and start ("15:04"), or nothing when its lock file could not be
	// read (OtherUnknown).
	OtherPickup  i18n.M
	OtherUnknown string
	// ReadOnlyIn is why the writing choices are off while another pickup
	// has the session open (ReadOnly); BannerIn says the same above the
	// menu (ReadOnlyBanner).
	ReadOnlyIn, BannerIn i18n.M
	// ReadOnlyTag marks the header while this pickup only looks.
	ReadOnlyTag string
	// Note introduces a one-off remark (a stale lock taken over).
	Note i18n.M
	// LockFailed: the lock could not be taken for another reason; a write
	// tries again.
	LockFailed i18n.M

	// A write refused because the state file changed on disk.
	ChangedTitle string
	GoneTitle    string
	WhenRead     string // label: the file as pickup read it
	OnDiskNow    string // label: the file now
	Stamp        i18n.M
	Unknown      string // a stamp pickup did not take
	Gone         string // the file is not there any more
	// Lines: where the file changed (LineAt, LinesAt) and how many lines
	// went and came (LineCount).
	ChangedAt       i18n.M
	LineAt, LinesAt i18n.M
	LineCount       i18n.P
	LinesMore       i18n.P
	SameLines       string // the state file reads the same: the change is elsewhere
	ReloadHint      string
	ReloadKey       string // help bar: r
	Reloaded        string
	// Writable: the other pickup let the session go and this one has it.
	Writable     string
	ReloadFailed i18n.M
	Stopping     string // a signal came during a write

	// TooSmall replaces the screen when the terminal is smaller than
	// pickup can draw on.
	TooSmall     i18n.M
	TooSmallQuit string
}

var englishSession = SessionText{
	OtherPickup:  i18n.T("another pickup (pid {pid}, since {since})"),
	OtherUnknown: "another pickup",
	ReadOnlyIn:   i18n.T("open in {other}; you can look but not write"),
	BannerIn:     i18n.T("This session is open in {other}; you can look but not write. Press r to try again."),
	ReadOnlyTag:  "read-only",
	Note:         i18n.T("Note: {text}"),
	LockFailed:   i18n.T("pickup could not note that it has this session open ({err}); a write will try again."),

	ChangedTitle: "The state file changed on disk since pickup read it.",
	GoneTitle:    "The state file was removed since pickup read it.",
	WhenRead:     "When read",
	OnDiskNow:    "Now",
	Stamp:        i18n.T("{size}, modified {modified}"),
	Unknown:      "not recorded",
	Gone:         "gone",
	ChangedAt:    i18n.T("Changed at {where}: {removed} removed, {added} added"),
	LineAt:       i18n.T("line {from}"),
	LinesAt:      i18n.T("lines {from}-{to}"),
	LineCount:    i18n.Plural("{n} line", "{n} lines"),
	LinesMore:    i18n.Plural("… and {n} more line", "… and {n} more lines"),
	SameLines:    "The file reads the same line for line: the change is in another of the session's files, or only its time.",
	ReloadHint:   "Nothing was written. Press r to read the session again from disk and choose again.",
	ReloadKey:    "reload",
	Reloaded:     "Read again from disk.",
	Writable:     "The other pickup has closed this session: you can write now.",
	ReloadFailed: i18n.T("Could not read the session again: {err}"),
	Stopping:     "Stopping once the write under way has finished.",

	TooSmall:     i18n.T("Terminal too small: {w}x{h}. pickup needs at least {minW}x{minH}."),
	TooSmallQuit: "Enlarge it, or press q to quit.",
}

// other is "another pickup (pid N, since 14:05)", or without the
// details when its lock file could not be read (pid 0).
func (t SessionText) other(pid int, since string) string {
	if pid <= 0 {
		return t.OtherUnknown
	}
	return t.OtherPickup.F(pid, since)
}

// ReadOnly is why the writing choices are off while another pickup has
// the session open; since is its start, "15:04".
func (t SessionText) ReadOnly(pid int, since string) string {
	return t.ReadOnlyIn.F(t.other(pid, since))
}

// ReadOnlyBanner says the same above the menu.
func (t SessionText) ReadOnlyBanner(pid int, since string) string {
	return t.BannerIn.F(t.other(pid, since))
}

// Lines says where the state file changed and how many lines went and
// came.
func (t SessionText) Lines(from, to, removed, added int) string {
	where := t.LineAt.F(from)
	if to > from {
		where = t.LinesAt.F(from, to)
	}
	return t.ChangedAt.F(where, t.LineCount.N(removed), t.LineCount.N(added))
}
