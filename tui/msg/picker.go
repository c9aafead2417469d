package msg

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
)

// PickerText is the session picker's wording.
type PickerText struct {
	Title, Newest string
	// Words are the sessions' one word (model.Standing) in the status
	// column: the same word the options screen and status use.
	Words   map[model.Standing]string
	Updated i18n.M
	Branch  i18n.M
	// Worktree names the other worktree a session is in (the picker's w).
	Worktree                           i18n.M
	Showing                            i18n.M
	Rows                               i18n.M // the rows in view
	ArchivedN                          i18n.P // hidden archived sessions
	ArchivedIn                         i18n.P // archived sessions shown
	Unmatched                          i18n.P
	PressShowAll, PressHide, EscClears string
	FilterLabel                        string
	NoMatch, AllArchived               string
}

// BrowserText is the artifact browser's wording.
type BrowserText struct {
	Title                  i18n.M
	Count                  i18n.M
	Looking, None, NoMatch string
	Missing                string
	MissingPhase           i18n.M
	Outside, Loop          string
	IntegrityOK            string
	IntegrityChanged       string
	IntegrityUnchecked     string
	// PhaseOf is "phase 3" (Phase); a name that starts with one of
	// PhaseWords (space-separated, any case) is the source's own and
	// stays as it is ("Stage 4: Contracts").
	PhaseOf                i18n.M
	PhaseWords             string
	Modified               i18n.M
	Folder, Empty, NotJSON string
	Binary                 i18n.M
	Head                   i18n.M
	Loading                string
	Lines                  i18n.M
	ExecFailed             i18n.M
	EditorWord, PagerWord  string
	// The preview pane's panel for a file that is not there: what
	// should have produced it (MissingWhy: a phase, the session's kind
	// of file, or neither).
	MissingTitle      string
	WhyPhase, WhyKind i18n.M
	WhyNone           string
	// The panel for a folder: what it holds (n entries, the first
	// listed), or that it is empty.
	FolderHolds i18n.P
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
	Updated:    i18n.T("updated {ago}"),
	Branch:     i18n.T("branch {name}"),
	Worktree:   i18n.T("worktree {name}"),
	Showing:    i18n.T("showing {shown} of {total}"),
	Rows:       i18n.T("{from}-{to} of {total}"),
	ArchivedN:  i18n.Plural("{n} archived", "{n} archived"),
	ArchivedIn: i18n.Plural("{n} archived included", "{n} archived included"),
	Unmatched:  i18n.Plural("{n} not matching the filter", "{n} not matching the filter"),

	PressShowAll: "press a to show all",
	PressHide:    "press a to hide archived",
	EscClears:    "esc clears the filter",
	FilterLabel:  "filter: ",
	NoMatch:      "No session matches the filter.",
	AllArchived:  "Every session here is archived.",
}

var englishBrowser = BrowserText{
	Title:              i18n.T("Artifacts · {session}"),
	Count:              i18n.T("{shown} of {total}"),
	Looking:            "Looking at the files…",
	None:               "This session lists no artifacts.",
	NoMatch:            "No artifact matches the filter.",
	Missing:            "missing",
	MissingPhase:       i18n.T("missing: {phase} should have produced it"),
	Outside:            "outside the project: pickup never opens or previews it",
	Loop:               "a symlink loop: pickup never opens or previews it",
	IntegrityOK:        "integrity ok",
	IntegrityChanged:   "changed since its hash was recorded",
	IntegrityUnchecked: "integrity not checked",
	PhaseOf:            i18n.T("phase {p}"),
	PhaseWords:         "phase stage",
	Modified:           i18n.T("modified {ago}"),
	Folder:             "a folder",
	Empty:              "(empty file)",
	NotJSON:            "not valid JSON: shown as it is",
	Binary:             i18n.T("binary file ({kind}), {size}"),
	Head:               i18n.T("showing the first {shown} of {total}"),
	Loading:            "Loading the preview…",
	Lines:              i18n.T("lines {from}-{to} of {total}"),
	ExecFailed:         i18n.T("the {what} did not run: {err}"),
	EditorWord:         "editor",
	PagerWord:          "pager",

	MissingTitle: "This file is not there.",
	WhyPhase:     i18n.T("{phase} should have produced it: that step has not run yet, or what it wrote was moved or deleted since."),
	WhyKind:      i18n.T("The session refers to it ({kind}), but it has not been written yet, or it was moved or deleted since."),
	WhyNone:      "The session refers to it, but it has not been written yet, or it was moved or deleted since.",
	FolderHolds:  i18n.Plural("A folder holding {n} entry:", "A folder holding {n} entries:"),
	FolderEmpty:  "An empty folder.",
	PagerDone:    "Press any key to go back to pickup.",
}

// Phase is "phase 3", or the source's own name when it already says
// phase or stage ("Stage 4: Contracts"), in the language's words.
func (b BrowserText) Phase(p string) string {
	lp := strings.ToLower(p)
	for _, w := range strings.Fields(b.PhaseWords) {
		if strings.HasPrefix(lp, w) {
			return p
		}
	}
	return b.PhaseOf.F(p)
}

// MissingWhy says what should have produced a file that is not there:
// its phase, or the session's kind of file; either may be empty.
func (b BrowserText) MissingWhy(phase, kind string) string {
	switch {
	case phase != "":
		return b.WhyPhase.F(upperFirst(b.Phase(phase)))
	case kind != "":
		return b.WhyKind.F(kind)
	}
	return b.WhyNone
}

// ElapsedShort is Elapsed in few letters: "just now", "5m ago", "2h ago",
// "3d ago" (hours below 48 hours, as Elapsed).
func (c *Catalog) ElapsedShort(minutes int) string {
	if minutes <= 0 {
		return c.JustNow
	}
	return c.Ago.F(SpanShort(minutes))
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
	s := p.Showing.F(shown, total)
	var hidden, actions []string
	switch {
	case archived > 0 && !showAll:
		hidden = append(hidden, p.ArchivedN.N(archived))
		if !typing {
			actions = append(actions, p.PressShowAll)
		}
	case archived > 0:
		hidden = append(hidden, p.ArchivedIn.N(archived))
		if !typing {
			actions = append(actions, p.PressHide)
		}
	}
	if unmatched > 0 {
		hidden = append(hidden, p.Unmatched.N(unmatched))
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
			return append(out, b.MissingPhase.F(b.Phase(a.Phase)))
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
		out = append(out, b.Modified.F(c.Elapsed(int(now.Sub(a.ModTime).Minutes()))))
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
