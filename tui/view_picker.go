package tui

import (
	"path/filepath"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// pickGeom is the picker's layout at the current size.
type pickGeom struct {
	compact bool     // no header, no blank lines
	top     []string // header and title
	title   int      // the title's index in top
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
	r := m.pickerRows()
	var g pickGeom
	for _, compact := range []bool{false, true} {
		g = pickGeom{compact: compact}
		if !compact {
			g.top = append(g.top, m.headerLines(w)...)
		}
		g.title = len(g.top)
		g.top = append(g.top, m.pickerTitle(w, ""))
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

// pickerTitle is "Sessions · newest first", and where the list is
// scrolled to when it holds more than fits ("· 1-4 of 7").
func (m Model) pickerTitle(w int, pos string) string {
	st, c := m.styles, m.cat
	t := st.Title.Render(c.Picker.Title) + st.Subtle.Render(" "+st.Glyphs.Dot+" "+c.Picker.Newest)
	if pos != "" {
		t += st.Subtle.Render(" " + st.Glyphs.Dot + " " + pos)
	}
	return truncate(t, w, st.Glyphs.Ellipsis)
}

// pickPage is how many sessions fit on screen.
func (m Model) pickPage() int { return max(m.pickerGeom().rowsH/rowLines, 1) }

// pickerFooter is the line saying what is shown and hidden, and the
// filter being typed or in force.
func (m Model) pickerFooter(w int, r pickRows) []string {
	st, c := m.styles, m.cat
	var out []string
	if m.pick.filter.typing || m.pick.filter.value() != "" {
		out = append(out, m.filterLine(w, m.pick.filter))
	}
	d := m.newDoc(w, true)
	d.text(sg(c.PickerFooter(len(r.rows), r.total, r.archived, r.unmatched, m.pick.showAll, m.pick.filter.typing), &st.Subtle))
	return append(out, d.lines...)
}

// filterLine is "/au▏th" while typing (the caret at the field's
// cursor), "filter: auth" once applied.
func (m Model) filterLine(w int, f filterField) string {
	st := m.styles
	if f.typing {
		before, after := f.caret()
		line := st.Prompt.Render("/") + st.Text.Render(oneLine(before)) + st.Selected.Render(st.Glyphs.Caret)
		if after == "" {
			return truncateLeft(line, w, st.Glyphs.Ellipsis)
		}
		// The cursor stays on screen: cut on the left up to it, then
		// on the right.
		line = truncateLeft(line, max(w-1, 1), st.Glyphs.Ellipsis)
		return truncate(line+st.Text.Render(oneLine(after)), w, st.Glyphs.Ellipsis)
	}
	return truncate(st.Subtle.Render(m.cat.Picker.FilterLabel)+st.Text.Render(oneLine(f.value())), w, st.Glyphs.Ellipsis)
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
	if len(r.rows) > per {
		lines[g.title] = m.pickerTitle(w, m.cat.Picker.Rows.F(top+1, min(top+per, len(r.rows)), len(r.rows)))
	}
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
// its one word with when it was updated; then stage, phase, progress and
// branch. The selected row is highlighted edge to edge. Too narrow for
// the word, the mark keeps its short form ("⚠ 2h").
func (m Model) sessionRow(s *model.Session, selected bool, bw, w int) []string {
	st, g := m.styles, m.styles.Glyphs
	// On a wide terminal the mark stays near the title.
	w = min(w, maxRowWidth)
	bg := func(x lipgloss.Style) lipgloss.Style {
		if selected {
			return x.Background(st.Row.GetBackground())
		}
		return x
	}
	cursor := "  "
	title := st.Text
	if selected {
		cursor = g.Cursor + " "
		title = st.Selected
	}
	if s.Archived {
		title = st.Disabled
	}
	badge := bg(st.Badge).Render(padRight(truncate(oneLine(s.Source), bw, ""), bw))
	glyph, word, markSt := m.sessionMark(s)
	minutes := -1
	if s.HasLastUpdated {
		minutes = int(m.now.Sub(s.LastUpdated).Minutes())
	}
	right := m.rowMark(glyph, word, minutes, false, markSt, bg)
	lead := bg(st.Selected).Render(cursor) + badge + bg(st.Text).Render(" ")
	room := w - ansi.StringWidth(lead) - ansi.StringWidth(right) - 2
	if room < 8 {
		right = m.rowMark(glyph, word, minutes, true, markSt, bg)
		room = w - ansi.StringWidth(lead) - ansi.StringWidth(right) - 1
	}
	if room < 4 {
		// Too narrow for both: the title wins, the mark goes.
		right, room = "", w-ansi.StringWidth(lead)
	}
	name := oneLine(s.Title)
	if name == "" {
		name = oneLine(s.Path)
	}
	t := bg(title).Render(truncate(name, max(room, 1), g.Ellipsis))
	gap := w - ansi.StringWidth(lead) - ansi.StringWidth(t) - ansi.StringWidth(right)
	first := lead + t
	if right != "" {
		first += bg(st.Text).Render(strings.Repeat(" ", max(gap, 1))) + right
	}
	indent := strings.Repeat(" ", 2+bw+1)
	details := truncate(m.sessionDetails(s), max(w-len(indent), 1), g.Ellipsis)
	second := bg(st.Text).Render(indent) + bg(st.Subtle).Render(details)
	if selected {
		second += bg(st.Text).Render(strings.Repeat(" ", max(w-len(indent)-ansi.StringWidth(details), 0)))
		if pad := w - ansi.StringWidth(first); pad > 0 {
			first += bg(st.Text).Render(strings.Repeat(" ", pad))
		}
		return []string{first, second}
	}
	return []string{first, strings.TrimRight(second, " ")}
}

// rowMark is a row's right end: "⚠ crashed · updated 2h ago", or in
// short form "⚠ 2h".
func (m Model) rowMark(glyph, word string, minutes int, short bool, markSt lipgloss.Style, bg func(lipgloss.Style) lipgloss.Style) string {
	st, c := m.styles, m.cat
	if short {
		var parts []string
		if glyph != "" {
			parts = append(parts, glyph)
		}
		if minutes >= 0 {
			parts = append(parts, msg.SpanShort(minutes))
		}
		return bg(markSt).Render(strings.Join(parts, " "))
	}
	mark := word
	if glyph != "" {
		mark = glyph + " " + word
	}
	out := bg(markSt).Render(mark)
	if minutes >= 0 {
		out += bg(st.Subtle).Render(" " + st.Glyphs.Dot + " " + c.Picker.Updated.F(c.ElapsedShort(minutes)))
	}
	return out
}

// sessionMark is a row's one word (model.StandingOf, with the evidence
// in the session's own files), its glyph and colour.
func (m Model) sessionMark(s *model.Session) (glyph, word string, style lipgloss.Style) {
	st, g := m.styles, m.styles.Glyphs
	after := m.coreCfg.CrashAfter
	crash := model.DetectCrash(s, m.now, after).WithActivity(model.FilesActivity(s, m.now, after))
	standing := model.StandingOf(s, crash)
	word = m.cat.Picker.Words[standing]
	switch standing {
	case model.StandingCorrupted:
		return g.Error, word, st.Danger
	case model.StandingCrashed, model.StandingRunning:
		return g.Warn, word, st.Warning
	case model.StandingInterrupted:
		return "", word, st.Warning
	case model.StandingReady, model.StandingDone:
		return "", word, st.Success
	}
	return "", word, st.Subtle
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
	if m.isOther(s) {
		// First, so a cut line still says where the session is.
		add(m.cat.Picker.Worktree.F(filepath.Base(s.Project)))
	}
	add(m.cat.Word(s.Stage))
	if p := s.CurrentPhase(); p != "" && p != s.Stage {
		add(m.cat.Browser.Phase(m.cat.Phase(p)))
	}
	for _, p := range m.cat.ProgressParts(s) {
		add(p)
	}
	if s.Branch != "" {
		add(m.cat.Picker.Branch.F(s.Branch))
	}
	return strings.Join(parts, " "+m.styles.Glyphs.Dot+" ")
}

func padRight(s string, w int) string {
	if n := ansi.StringWidth(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}
