package tui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/model"
)

// pickGeom is the picker's layout at the current size.
type pickGeom struct {
	compact bool     // no header, no blank lines
	top     []string // header and title
	footer  []string // hidden-count line, filter line, help
	rowsH   int      // lines for session rows (two per session)
}

// rowLines is how many lines one session takes; maxRowWidth is the
// widest a row gets.
const (
	rowLines    = 2
	maxRowWidth = 110
)

func (m Model) pickerGeom() pickGeom {
	w, h := m.width, m.height
	c, st := m.cat, m.styles
	r := m.pickerRows()
	var g pickGeom
	for _, compact := range []bool{false, true} {
		g = pickGeom{compact: compact}
		if !compact {
			g.top = append(g.top, m.headerLines(w)...)
		}
		g.top = append(g.top, truncate(st.Title.Render(c.Picker.Title)+st.Subtle.Render(" "+m.styles.Glyphs.Dot+" "+c.Picker.Newest),
			w, st.Glyphs.Ellipsis))
		if !compact {
			g.top = append(g.top, "")
			g.footer = append(g.footer, "")
		}
		g.footer = append(g.footer, m.pickerFooter(w, r)...)
		if hv := m.helpView(w); hv != "" {
			g.footer = append(g.footer, strings.Split(hv, "\n")...)
		}
		g.rowsH = h - len(g.top) - len(g.footer)
		if g.rowsH >= rowLines*max(min(len(r.rows), 3), 1) {
			break
		}
	}
	g.rowsH = max(g.rowsH, rowLines)
	return g
}

// pickPage is how many sessions fit on screen.
func (m Model) pickPage() int { return max(m.pickerGeom().rowsH/rowLines, 1) }

// pickerFooter is the line saying what is shown and hidden, and the
// filter being typed or in force.
func (m Model) pickerFooter(w int, r pickRows) []string {
	st, c := m.styles, m.cat
	var out []string
	if m.pick.filtering || m.pick.filter != "" {
		out = append(out, m.filterLine(w, m.pick.filter, m.pick.filtering))
	}
	d := m.newDoc(w, true)
	d.text(sg(c.PickerFooter(len(r.rows), r.total, r.archived, r.unmatched, m.pick.showAll), st.Subtle))
	return append(out, d.lines...)
}

// filterLine is "/auth▏" while typing, "filter: auth" once applied.
func (m Model) filterLine(w int, f string, typing bool) string {
	st := m.styles
	if typing {
		return truncateLeft(st.Prompt.Render("/")+st.Text.Render(oneLine(f))+st.Selected.Render(st.Glyphs.Caret), w, st.Glyphs.Ellipsis)
	}
	return truncate(st.Subtle.Render(m.cat.Picker.FilterLabel)+st.Text.Render(oneLine(f)), w, st.Glyphs.Ellipsis)
}

// pickerLines draws the picker: only the rows in view are rendered.
func (m Model) pickerLines() []string {
	w := m.width
	g := m.pickerGeom()
	r := m.pickerRows()
	lines := append([]string(nil), g.top...)
	switch {
	case len(r.rows) == 0 && r.unmatched > 0:
		lines = append(lines, m.styles.Subtle.Render(m.cat.Picker.NoMatch))
	case len(r.rows) == 0:
		lines = append(lines, m.styles.Subtle.Render(m.cat.Picker.AllArchived))
	}
	cur := m.pickCursor(r.rows)
	per := max(g.rowsH/rowLines, 1)
	top := min(max(m.pick.top, cur-per+1), cur)
	top = max(min(top, len(r.rows)-per), 0)
	bw := badgeWidth(m.sessions)
	for i := top; i < len(r.rows) && i < top+per; i++ {
		lines = append(lines, m.sessionRow(r.rows[i], i == cur, bw, w)...)
	}
	lines = append(lines, g.footer...)
	return lines
}

func badgeWidth(ss []*model.Session) int {
	n := 4
	for _, s := range ss {
		n = max(n, ansi.StringWidth(s.Source))
	}
	return min(n, 12)
}

// sessionRow is one session in two lines: cursor, source badge, title and
// its state mark with when it was updated; then stage, phase, progress
// and branch.
func (m Model) sessionRow(s *model.Session, selected bool, bw, w int) []string {
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	// On a wide terminal the mark stays near the title.
	w = min(w, maxRowWidth)
	cursor := "  "
	title := st.Text
	if selected {
		cursor = g.Cursor + " "
		title = st.Selected
	}
	if s.Archived {
		title = st.Disabled
	}
	badge := st.Badge.Render(padRight(truncate(oneLine(s.Source), bw, ""), bw))
	mark, markSt := m.sessionMark(s)
	right := ""
	if mark != "" {
		right = markSt.Render(mark)
	}
	if s.HasLastUpdated {
		ago := c.Picker.Updated(c.ElapsedShort(int(m.now.Sub(s.LastUpdated).Minutes())))
		if right != "" {
			right += st.Subtle.Render(" " + g.Dot + " ")
		}
		right += st.Subtle.Render(ago)
	}
	lead := st.Selected.Render(cursor) + badge + " "
	room := w - ansi.StringWidth(lead) - ansi.StringWidth(right) - 2
	name := oneLine(s.Title)
	if name == "" {
		name = oneLine(s.Path)
	}
	if room < 8 {
		// Too narrow for both: the title wins, the mark goes.
		right, room = "", w-ansi.StringWidth(lead)
	}
	t := title.Render(truncate(name, max(room, 1), g.Ellipsis))
	gap := w - ansi.StringWidth(lead) - ansi.StringWidth(t) - ansi.StringWidth(right)
	first := lead + t
	if right != "" {
		first += strings.Repeat(" ", max(gap, 1)) + right
	}
	indent := strings.Repeat(" ", 2+bw+1)
	second := indent + st.Subtle.Render(truncate(m.sessionDetails(s), max(w-len(indent), 1), g.Ellipsis))
	return []string{first, strings.TrimRight(second, " ")}
}

// sessionMark is a row's crash or pause mark.
func (m Model) sessionMark(s *model.Session) (string, lipgloss.Style) {
	st, g, p := m.styles, m.styles.Glyphs, m.cat.Picker
	switch {
	case s.Archived:
		return p.Archived, st.Subtle
	case s.Problem != nil && s.Problem.Kind == model.ErrCorrupted:
		return g.Error + " " + p.Unreadable, st.Danger
	case s.LastAction != nil && s.LastAction.Clean:
		return p.Paused, st.Subtle
	}
	if model.DetectCrash(s, m.now, m.coreCfg.CrashAfter).Detected {
		return g.Warn + " " + p.Crashed, st.Warning
	}
	if s.HasLastUpdated {
		return p.Active, st.Success
	}
	return "", st.Subtle
}

// sessionDetails is the second line: stage, phase, progress, branch.
func (m Model) sessionDetails(s *model.Session) string {
	var parts []string
	add := func(v string) {
		v = oneLine(strings.TrimSpace(v))
		for _, p := range parts {
			if p == v {
				return
			}
		}
		if v != "" {
			parts = append(parts, v)
		}
	}
	add(s.Stage)
	if p := s.CurrentPhase(); p != "" && p != s.Stage {
		add(m.cat.Browser.Phase(p))
	}
	for _, p := range m.cat.ProgressParts(s) {
		add(p)
	}
	if s.Branch != "" {
		add(m.cat.Picker.Branch(s.Branch))
	}
	return strings.Join(parts, " "+m.styles.Glyphs.Dot+" ")
}

func padRight(s string, w int) string {
	if n := ansi.StringWidth(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}
