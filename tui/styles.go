package tui

import (
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
)

// palette holds the few semantic colour tokens every style is built from.
// It is the only place in the package that names a colour.
type palette struct {
	primary, subtle, warning, danger, success color.Color
	// row is the background of a highlighted list row.
	row color.Color
}

func newPalette(isDark bool) palette {
	ld := lipgloss.LightDark(isDark)
	return palette{
		primary: ld(lipgloss.Color("#5A3FD6"), lipgloss.Color("#9D8CFF")),
		subtle:  ld(lipgloss.Color("#6B6B6B"), lipgloss.Color("#8A8A8A")),
		warning: ld(lipgloss.Color("#A15C00"), lipgloss.Color("#F2B84B")),
		danger:  ld(lipgloss.Color("#C0262D"), lipgloss.Color("#FF6B6B")),
		success: ld(lipgloss.Color("#17803D"), lipgloss.Color("#5FD38D")),
		row:     ld(lipgloss.Color("#EEEAFF"), lipgloss.Color("#221C38")),
	}
}

// Glyphs are the symbols the screens use; NO_COLOR and dumb terminals get
// the ASCII set.
type Glyphs struct {
	Warn, Error, OK         string
	Done, Current, Pending  string
	Failed, Cursor, Bullet  string
	Ellipsis, Up, Down, Dot string
	// Caret marks where typed filter text goes; Rule draws the line
	// between the browser's panes.
	Caret, Rule, VRule string
}

var (
	unicodeGlyphs = Glyphs{
		Warn: "⚠", Error: "✗", OK: "✓",
		Done: "✓", Current: "▶", Pending: "·", Failed: "✗",
		Cursor: "›", Bullet: "-", Ellipsis: "…", Up: "↑", Down: "↓", Dot: "·",
		Caret: "▏", Rule: "─", VRule: "│",
	}
	asciiGlyphs = Glyphs{
		Warn: "!", Error: "x", OK: "+",
		Done: "+", Current: ">", Pending: ".", Failed: "x",
		Cursor: ">", Bullet: "-", Ellipsis: "...", Up: "^", Down: "v", Dot: "-",
		Caret: "_", Rule: "-", VRule: "|",
	}
)

// Styles is every style the views use, by meaning.
type Styles struct {
	Title    lipgloss.Style // app name, screen titles
	Subtle   lipgloss.Style // labels, secondary text
	Text     lipgloss.Style // plain body text
	Warning  lipgloss.Style // crash banner, veto, notices
	Danger   lipgloss.Style // errors, destructive prompts
	Success  lipgloss.Style // done marks, the recommended mark
	Selected lipgloss.Style // the highlighted option
	Disabled lipgloss.Style // options the core turned off
	Number   lipgloss.Style // option numbers
	Prompt   lipgloss.Style // a question waiting for an answer
	Inactive lipgloss.Style // a question not yet accepting keys (grace)
	Current  lipgloss.Style // the phase in progress
	Badge    lipgloss.Style // a session's source name in the picker
	// Row is laid under the picker's highlighted row, edge to edge.
	Row     lipgloss.Style
	Spinner lipgloss.Style
	Help    help.Styles
	Glyphs  Glyphs
}

// NewStyles builds the styles for a dark or light background. noColor gives
// attribute-only styles (bold, faint) and ASCII glyphs.
func NewStyles(isDark, noColor bool) Styles {
	plain := lipgloss.NewStyle()
	if noColor {
		return Styles{
			Title:    plain.Bold(true),
			Subtle:   plain,
			Text:     plain,
			Warning:  plain.Bold(true),
			Danger:   plain.Bold(true),
			Success:  plain,
			Selected: plain.Bold(true),
			Disabled: plain.Faint(true),
			Number:   plain,
			Prompt:   plain.Bold(true),
			Inactive: plain.Faint(true),
			Current:  plain.Bold(true),
			Badge:    plain.Bold(true),
			Row:      plain,
			Spinner:  plain,
			Help: help.Styles{
				Ellipsis: plain, ShortKey: plain.Bold(true), ShortDesc: plain, ShortSeparator: plain,
				FullKey: plain.Bold(true), FullDesc: plain, FullSeparator: plain,
			},
			Glyphs: asciiGlyphs,
		}
	}
	p := newPalette(isDark)
	hs := help.DefaultStyles(isDark)
	hs.ShortKey = hs.ShortKey.Foreground(p.primary)
	hs.FullKey = hs.FullKey.Foreground(p.primary)
	// Key descriptions in the subtle colour, which reads at 4.5:1 or
	// more on both backgrounds (styles_test.go has the figures); bubbles'
	// own grey reads at about 2.3:1.
	hs.ShortDesc = hs.ShortDesc.Foreground(p.subtle)
	hs.FullDesc = hs.FullDesc.Foreground(p.subtle)
	return Styles{
		Title:    plain.Bold(true).Foreground(p.primary),
		Subtle:   plain.Foreground(p.subtle),
		Text:     plain,
		Warning:  plain.Bold(true).Foreground(p.warning),
		Danger:   plain.Bold(true).Foreground(p.danger),
		Success:  plain.Foreground(p.success),
		Selected: plain.Bold(true).Foreground(p.primary),
		Disabled: plain.Faint(true).Foreground(p.subtle),
		Number:   plain.Foreground(p.subtle),
		Prompt:   plain.Bold(true).Foreground(p.warning),
		Inactive: plain.Faint(true).Foreground(p.subtle),
		Current:  plain.Bold(true).Foreground(p.primary),
		Badge:    plain.Bold(true).Foreground(p.success),
		Row:      plain.Background(p.row),
		Spinner:  plain.Foreground(p.primary),
		Help:     hs,
		Glyphs:   unicodeGlyphs,
	}
}
