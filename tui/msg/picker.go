package msg

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/model"
)

// PickerText is the session picker's wording.
type PickerText struct {
	Title, Newest string
	// Words are the sessions' one word (model.Standing) in the status
	// column: the same word the options screen and status use.
	Words   map[model.Standing]string
	Updated func(ago string) string
	Branch  func(name string) string
	// Worktree names the other worktree a session is in (the picker's w).
	Worktree                           func(name string) string
	Showing                            func(shown, total int) string
	Rows                               func(from, to, total int) string // the rows in view
	ArchivedN                          func(n int) string               // hidden archived sessions
	ArchivedIn                         func(n int) string               // archived sessions shown
	Unmatched                          func(n int) string
	PressShowAll, PressHide, EscClears string
	FilterLabel                        string
	NoMatch, AllArchived               string
}

// BrowserText is the artifact browser's wording.
type BrowserText struct {
	Title                  func(session string) string
	Count                  func(shown, total int) string
	Looking, None, NoMatch string
	Missing                string
	MissingPhase           func(phase string) string
	Outside, Loop          string
	IntegrityOK            string
	IntegrityChanged       string
	IntegrityUnchecked     string
	Phase                  func(p string) string
	Modified               func(ago string) string
	Folder, Empty, NotJSON string
	Binary                 func(kind, size string) string
	Head                   func(shown, total string) string
	Loading                string
	Lines                  func(from, to, total int) string
	ExecFailed             func(what, err string) string
	EditorWord, PagerWord  string
	// The preview pane's panel for a file that is not there: what
	// should have produced it (phase, or the session's kind of file).
	MissingTitle string
	MissingWhy   func(phase, kind string) string
	// The panel for a folder: what it holds (n entries, the first
	// listed), or that it is empty.
	FolderHolds func(n int) string
	FolderEmpty string
	// PagerDone waits for a key after a pager that does not wait itself
	// (PAGER=cat), so its output stays on screen.
	PagerDone string
}

var englishPicker = PickerText{
	Title:  "Sessions",
	Newest: "newest first",
	Words: map[model.Standing]string{
		model.StandingRunning: "running", model.StandingCrashed: "crashed", model.StandingPaused: "paused",
		model.StandingInterrupted: "interrupted", model.StandingReady: "ready", model.StandingDone: "done",
		model.StandingArchived: "archived", model.StandingCorrupted: "corrupted",
	},
	Updated:    func(ago string) string { return "updated " + ago },
	Branch:     func(name string) string { return "branch " + name },
	Worktree:   func(name string) string { return "worktree " + name },
	Showing:    func(shown, total int) string { return fmt.Sprintf("showing %d of %d", shown, total) },
	Rows:       func(from, to, total int) string { return fmt.Sprintf("%d-%d of %d", from, to, total) },
	ArchivedN:  func(n int) string { return fmt.Sprintf("%d archived", n) },
	ArchivedIn: func(n int) string { return fmt.Sprintf("%d archived included", n) },
	Unmatched:  func(n int) string { return fmt.Sprintf("%d not matching the filter", n) },

	PressShowAll: "press a to show all",
	PressHide:    "press a to hide archived",
	EscClears:    "esc clears the filter",
	FilterLabel:  "filter: ",
	NoMatch:      "No session matches the filter.",
	AllArchived:  "Every session here is archived.",
}

var englishBrowser = BrowserText{
	Title:              func(session string) string { return "Artifacts · " + session },
	Count:              func(shown, total int) string { return fmt.Sprintf("%d of %d", shown, total) },
	Looking:            "Looking at the files…",
	None:               "This session lists no artifacts.",
	NoMatch:            "No artifact matches the filter.",
	Missing:            "missing",
	MissingPhase:       func(phase string) string { return "missing: " + phaseName(phase) + " should have produced it" },
	Outside:            "outside the project: pickup never opens or previews it",
	Loop:               "a symlink loop: pickup never opens or previews it",
	IntegrityOK:        "integrity ok",
	IntegrityChanged:   "changed since its hash was recorded",
	IntegrityUnchecked: "integrity not checked",
	Phase:              phaseName,
	Modified:           func(ago string) string { return "modified " + ago },
	Folder:             "a folder",
	Empty:              "(empty file)",
	NotJSON:            "not valid JSON: shown as it is",
	Binary:             func(kind, size string) string { return "binary file (" + kind + "), " + size },
	Head:               func(shown, total string) string { return "showing the first " + shown + " of " + total },
	Loading:            "Loading the preview…",
	Lines: func(from, to, total int) string {
		return fmt.Sprintf("lines %d-%d of %d", from, to, total)
	},
	ExecFailed: func(what, err string) string { return "the " + what + " did not run: " + err },
	EditorWord: "editor",
	PagerWord:  "pager",

	MissingTitle: "This file is not there.",
	MissingWhy: func(phase, kind string) string {
		switch {
		case phase != "":
			return upperFirst(phaseName(phase)) + " should have produced it: that step has not run yet, or what it wrote was moved or deleted since."
		case kind != "":
			return "The session refers to it (" + kind + "), but it has not been written yet, or it was moved or deleted since."
		}
		return "The session refers to it, but it has not been written yet, or it was moved or deleted since."
	},
	FolderHolds: func(n int) string { return "A folder holding " + plural(n, "entry", "entries") + ":" },
	FolderEmpty: "An empty folder.",
	PagerDone:   "Press any key to go back to pickup.",
}

// phaseName is "phase 3", or the source's own name when it already says
// phase or stage ("Stage 4: Contracts").
func phaseName(p string) string {
	if lp := strings.ToLower(p); strings.HasPrefix(lp, "phase") || strings.HasPrefix(lp, "stage") {
		return p
	}
	return "phase " + p
}

// ElapsedShort is Elapsed in few letters: "just now", "5m ago", "2h ago",
// "3d ago" (hours below 48 hours, as Elapsed).
func (c *Catalog) ElapsedShort(minutes int) string {
	if minutes <= 0 {
		return c.JustNow
	}
	return c.Ago(SpanShort(minutes))
}

// SpanShort is a span in few letters, "5m", "2h", "3d" (hours below 48
// hours): the picker's mark at 40 columns, "⚠ 2h".
func SpanShort(minutes int) string {
	switch {
	case minutes < 60:
		return strconv.Itoa(max(minutes, 0)) + "m"
	case minutes < 48*60:
		return strconv.Itoa(minutes/60) + "h"
	default:
		return strconv.Itoa(minutes/(24*60)) + "d"
	}
}

// PickerFooter says what the picker shows and what it hides: "showing 3
// of 5: 2 archived; press a to show all". archived counts the archived
// sessions, shown or not (showAll); unmatched those the filter hides.
// While a filter is typed (typing) letters are text, so the footer
// names no letter key.
func (c *Catalog) PickerFooter(shown, total, archived, unmatched int, showAll, typing bool) string {
	p := c.Picker
	s := p.Showing(shown, total)
	var hidden, actions []string
	switch {
	case archived > 0 && !showAll:
		hidden = append(hidden, p.ArchivedN(archived))
		if !typing {
			actions = append(actions, p.PressShowAll)
		}
	case archived > 0:
		hidden = append(hidden, p.ArchivedIn(archived))
		if !typing {
			actions = append(actions, p.PressHide)
		}
	}
	if unmatched > 0 {
		hidden = append(hidden, p.Unmatched(unmatched))
		actions = append(actions, p.EscClears)
	}
	if len(hidden) > 0 {
		s += ": " + strings.Join(hidden, ", ")
	}
	if len(actions) > 0 {
		s += "; " + strings.Join(actions, ", ")
	}
	return s
}

// Size is a byte count for people: "812 B", "1.4 KiB", "3.0 MiB".
func (c *Catalog) Size(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, exp := float64(n)/unit, 0
	for v >= unit && exp < 4 {
		v /= unit
		exp++
	}
	out := fmt.Sprintf("%.1f %ciB", v, "KMGTP"[exp])
	if d := c.Local.Decimal; d != "" && d != "." {
		out = strings.Replace(out, ".", d, 1)
	}
	return out
}

// ArtifactFacts are the facts about one inspected artifact, in order:
// its kind, the phase that produced it, then either why it is refused,
// that it is missing, or its size, modification time and integrity.
// now dates the modification time.
func (c *Catalog) ArtifactFacts(a model.Artifact, now time.Time) []string {
	b := c.Browser
	var out []string
	if a.Kind != "" {
		out = append(out, a.Kind)
	}
	switch {
	case a.Refused == model.ArtifactLoop:
		return append(out, b.Loop)
	case a.Refused != "":
		return append(out, b.Outside)
	case !a.Exists:
		if a.Phase != "" {
			return append(out, b.MissingPhase(a.Phase))
		}
		return append(out, b.Missing)
	}
	if a.Phase != "" {
		out = append(out, b.Phase(a.Phase))
	}
	if a.Dir {
		out = append(out, b.Folder)
	} else {
		out = append(out, c.Size(a.Size))
	}
	if !a.ModTime.IsZero() {
		out = append(out, b.Modified(c.Elapsed(int(now.Sub(a.ModTime).Minutes()))))
	}
	switch a.Integrity {
	case model.IntegrityOK:
		out = append(out, b.IntegrityOK)
	case model.IntegrityChanged:
		out = append(out, b.IntegrityChanged)
	case model.IntegrityUnchecked:
		out = append(out, b.IntegrityUnchecked)
	}
	return out
}
