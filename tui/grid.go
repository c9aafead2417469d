package tui

import (
	"os"
	"strconv"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/model"
)

// The REVIEW grid: a session's table of verdicts (model.Grid, bookforge's
// scenes x phases) with one cell highlighted. The arrows (and h j k l)
// move the highlight; the cell's verdict and its whole reason show under
// the grid. Cells are coloured by kind through the style sheet, and a
// terminal that cannot show the glyphs gets each cell's ASCII mark.
//
// The body is three parts: what comes before the grid (facts, the
// grid's title and legends) and what comes after it (counts, sections,
// warnings) are laid out once per session, width and level and styled
// only where on screen, like every REVIEW body; the part that depends on
// the highlight (the column numbers, the rows on screen and the chosen
// cell's reason) is a screenful at most, and only the highlighted row is
// styled again when the highlight moves.

// gridCursor is the highlighted cell of the REVIEW grid of the session
// with id: another session (or none yet) starts on the grid's start.
type gridCursor struct {
	id       string
	set      bool
	row, col int
	top      int // the first row on screen
}

// gridOn reports whether the screen is a REVIEW that draws a grid.
func (m Model) gridOn() bool {
	s := m.state.Session
	return m.view == viewWizard && m.state.Screen == model.ScreenReview &&
		s != nil && s.Grid != nil && len(s.Grid.Rows) > 0 && len(s.Grid.Cols) > 0
}

// gridPerScreen is how many rows of an n-row grid are on screen: half the
// terminal, leaving room for the facts and the chosen cell's reason.
func (m Model) gridPerScreen(n int) int {
	return min(n, max(3, m.height/2-2))
}

// gridSel is the highlighted cell and the first row on screen.
func (m Model) gridSel(g *model.Grid) (row, col, top int) {
	n, per := len(g.Rows), m.gridPerScreen(len(g.Rows))
	if c := m.grid; c.set && c.id == m.state.Session.ID {
		row, col, top = c.row, c.col, c.top
	} else {
		// The start cell, a third of the way down the rows on screen.
		row, col = g.StartRow, g.StartCol
		top = row - per/3
	}
	row = min(max(row, 0), n-1)
	col = min(max(col, 0), len(g.Cols)-1)
	return row, col, listTop(top, row, per, n)
}

// gridMove moves the grid's highlight; ok is false for a key that is not
// a move.
func (m Model) gridMove(k tea.KeyPressMsg) (Model, bool) {
	g := m.state.Session.Grid
	row, col, top := m.gridSel(g)
	oldRow, oldCol := row, col
	km := &m.keys
	switch {
	case key.Matches(k, km.Up):
		row--
	case key.Matches(k, km.Down):
		row++
	case key.Matches(k, km.Left):
		col--
	case key.Matches(k, km.Right):
		col++
	default:
		return m, false
	}
	n := len(g.Rows)
	row = min(max(row, 0), n-1)
	col = min(max(col, 0), len(g.Cols)-1)
	top = listTop(top, row, m.gridPerScreen(n), n)
	m.grid = gridCursor{id: m.state.Session.ID, set: true, row: row, col: col, top: top}
	// A move changes the screen's length only when the two cells'
	// reasons take a different number of lines (or a notice goes): then
	// lay it all out again. Otherwise only keep the highlight in view, as
	// a scroll does: a move costs what a scroll costs.
	w := m.contentWidth()
	if m.state.Notice != "" || m.cellLines(g, oldRow, oldCol, w) != m.cellLines(g, row, col, w) {
		// The core's notice is one-off: moving on dismisses it.
		m.state.Notice = ""
		m.sync(false)
		return m, true
	}
	if m.scrolls {
		// A scrolling body is the scroll level's.
		p := m.reviewView(w, m.scrollLv)
		m.keepInView(p.focus[0], p.focus[1], m.vp.Height())
	}
	return m, true
}

// keepInView scrolls the viewport as little as needed to show body lines
// [from, to], or from when they do not all fit.
func (m *Model) keepInView(from, to, h int) {
	off := m.vp.YOffset()
	if to >= off+h {
		off = to - h + 1
	}
	if from < off {
		off = from
	}
	m.vp.SetYOffset(off)
}

// localeASCII reports whether the terminal cannot show Unicode marks: a
// dumb terminal, or a locale that does not say UTF-8. New reads it once
// (Model.gridASCII), so no view reads the environment. The locale is
// the first of LC_ALL, LC_CTYPE and LANG that is set, as the C library
// reads it; none set is the C locale, which is ASCII. NO_COLOR only
// drops the colours (the grid's marks are its content), where the rest
// of the wizard also turns to ASCII marks (Model.ascii).
func localeASCII() bool {
	if os.Getenv("TERM") == "dumb" {
		return true
	}
	for _, v := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if l := os.Getenv(v); l != "" {
			l = strings.ToLower(l)
			return !strings.Contains(l, "utf-8") && !strings.Contains(l, "utf8")
		}
	}
	return true
}

// gridReview is the REVIEW screen of a session with a grid.
func (m Model) gridReview(top *doc, k reviewKey) part {
	s := m.state.Session
	g := s.Grid
	gk := gridKey{reviewKey: k, ascii: m.gridASCII}
	row, col, first := m.gridSel(g)
	per := m.gridPerScreen(len(g.Rows))

	gridBodies.mu.Lock()
	defer gridBodies.mu.Unlock()
	e := gridBodies.get(gk, func() *gridBody { return m.gridBody(s, k.w, k.lv, gk.ascii) })
	ck := cursorKey{row: row, col: col, top: first, per: per, compact: noBlanks(k.lv), ascii: gk.ascii}
	pre, post := e.pre, e.post
	h := max(m.height, 1)
	if k.lv < lvPlain {
		// Taller than the terminal: layout moves on to a level that
		// scrolls, and only this body's length counts.
		if n := len(pre.lines) + m.cursorLen(g, ck, e.w) + len(post.lines); n > h {
			return part{sticky: top.lines, body: make([]string, n), focus: [2]int{-1, -1}}
		}
	}
	dyn, at := e.cursorBlock(m, g, ck)

	// Style the lines on screen (see reviewView).
	n := len(pre.lines) + len(dyn) + len(post.lines)
	off := min(m.vp.YOffset(), max(n-h, 0))
	from, to := off-h, off+2*h
	body := make([]string, 0, n)
	body = append(body, pre.render(from, to)...)
	body = append(body, dyn...)
	p := len(pre.lines) + len(dyn)
	body = append(body, post.render(from-p, to-p)...)
	// Keep the highlighted row and the reason under the grid in view.
	return part{sticky: top.lines, body: body, focus: [2]int{len(pre.lines) + at, p - 1}}
}

// gridBody lays out the parts of a grid REVIEW that do not depend on the
// highlight.
func (m Model) gridBody(s *model.Session, w, lv int, ascii bool) *gridBody {
	st, g := m.styles, s.Grid
	compact := noBlanks(lv)

	pre := m.newLazyDoc(w, compact)
	pre.gap()
	m.reviewFacts(pre, s, false)
	pre.blank()
	pre.text(sg(g.Title, &st.Title))
	sep := " · "
	if ascii {
		sep = ", "
	}
	// The columns' numbers and names, a line broken only between two
	// columns.
	var line string
	tail := strings.TrimRight(sep, " ") // ends a line that is not the last
	for i, c := range g.Cols {
		item := strconv.Itoa(i+1) + " " + oneLine(c)
		need := ansi.StringWidth(line + sep + item)
		if i < len(g.Cols)-1 {
			need += ansi.StringWidth(tail)
		}
		switch {
		case line == "":
			line = item
		case need > w-2:
			pre.lineFunc(subtleLine(st.Subtle, line+tail))
			line = item
		default:
			line += sep + item
		}
	}
	pre.lineFunc(subtleLine(st.Subtle, line))
	if len(g.Legend) > 0 {
		pre.lineFunc(func() string {
			parts := make([]string, len(g.Legend))
			for i, c := range g.Legend {
				parts[i] = m.gridStyle(c.Kind).Render(gridMark(c, ascii)) + " " + st.Subtle.Render(oneLine(c.Verdict))
			}
			return "  " + strings.Join(parts, st.Subtle.Render(sep))
		})
	}

	post := m.newLazyDoc(w, compact)
	post.gap()
	m.reviewTail(post, s, lv, g.Replaces)
	post.trimBlank()

	labelW := 0
	for _, r := range g.Rows {
		labelW = max(labelW, ansi.StringWidth(oneLine(r.Label)))
	}
	// A label never takes more than a third of the width.
	labelW = min(labelW, max(w/3, 4))
	return &gridBody{pre: pre, post: post, labelW: labelW, w: w, rows: make([]string, len(g.Rows))}
}

// subtleLine renders one indented line in st when asked.
func subtleLine(st lipgloss.Style, text string) func() string {
	return func() string { return "  " + st.Render(text) }
}

// gridKey is what a grid REVIEW's laid-out parts depend on.
type gridKey struct {
	reviewKey
	ascii bool
}

// cursorKey is what the highlight's part depends on, beside gridKey.
type cursorKey struct {
	row, col, top, per int
	compact, ascii     bool
}

// gridBody is a grid REVIEW laid out: the parts before and after the
// grid, the rows drawn so far without the highlight, and the last
// highlight part drawn.
type gridBody struct {
	pre, post *doc
	labelW, w int
	rows      []string // "" until drawn
	last      cursorKey
	lastLines []string
	lastAt    int
	hasLast   bool
}

// cursorBlock is the part that depends on the highlight: the column
// numbers, the rows on screen, then the chosen cell's verdict and
// reason. at is the highlighted row's line in it.
func (e *gridBody) cursorBlock(m Model, g *model.Grid, ck cursorKey) (lines []string, at int) {
	if e.hasLast && e.last == ck {
		return e.lastLines, e.lastAt
	}
	st, c := m.styles, m.cat
	n := len(g.Rows)
	var b strings.Builder
	// The column numbers, each over its cells' mark; the highlighted
	// column's stands out. Each run in one style is styled once.
	b.WriteString(strings.Repeat(" ", 2+e.labelW+1))
	nums := make([]string, len(g.Cols))
	for j := range nums {
		nums[j] = strconv.Itoa(j + 1)
		if len(nums[j]) == 1 {
			nums[j] = " " + nums[j]
		}
	}
	if ck.col > 0 {
		b.WriteString(st.Subtle.Render(strings.Join(nums[:ck.col], " ")) + " ")
	}
	b.WriteString(st.Selected.Render(nums[ck.col]) + " ")
	if ck.col+1 < len(nums) {
		b.WriteString(st.Subtle.Render(strings.Join(nums[ck.col+1:], " ")) + " ")
	}
	if ck.per < n {
		b.WriteString(" " + st.Subtle.Render(c.GridRows.F(ck.top+1, ck.top+ck.per, n)))
	}
	lines = append(lines, truncate(strings.TrimRight(b.String(), " "), e.w, st.Glyphs.Ellipsis))
	for i := ck.top; i < ck.top+ck.per && i < n; i++ {
		if i == ck.row {
			at = len(lines)
			lines = append(lines, m.gridRow(g, i, ck.col, e.labelW, e.w, ck.ascii))
			continue
		}
		if e.rows[i] == "" {
			e.rows[i] = m.gridRow(g, i, -1, e.labelW, e.w, ck.ascii)
		}
		lines = append(lines, e.rows[i])
	}
	if !ck.compact {
		lines = append(lines, "")
	}
	head, reason := m.cellSegs(g, ck.row, ck.col)
	d := newDoc(e.w, true)
	d.hang([]seg{sg(cellIndent, &st.Text)}, head...)
	if reason != nil {
		d.hang([]seg{sg(reasonIndent, &st.Text)}, reason...)
	}
	lines = append(lines, d.lines...)
	e.last, e.lastLines, e.lastAt, e.hasLast = ck, lines, at, true
	return lines, at
}

// The highlighted cell's verdict and reason are indented under the grid.
const (
	cellIndent   = "  "
	reasonIndent = "    "
)

// cellSegs are the words under the grid for cell (row, col): the row,
// the column and the verdict, then the reason (nil when there is none).
func (m Model) cellSegs(g *model.Grid, row, col int) (head, reason []seg) {
	st := m.styles
	r := g.Rows[row]
	c := gridCellAt(r, col)
	head = []seg{sg(oneLine(r.Label)+" "+oneLine(g.Cols[col])+":", &st.Selected)}
	if c.Verdict != "" {
		head = append(head, sg(" "+oneLine(c.Verdict), m.gridStyle(c.Kind)))
	}
	if c.Reason != "" {
		reason = []seg{sg(c.Reason, &st.Text)}
	}
	return head, reason
}

// cellLines is how many lines cellSegs take at width w (remembered:
// every move asks it for two cells, and every layout for one).
func (m Model) cellLines(g *model.Grid, row, col, w int) int {
	k := cellLinesKey{g: g, row: row, col: col, w: w}
	cellCounts.mu.Lock()
	defer cellCounts.mu.Unlock()
	if n, ok := cellCounts.n[k]; ok {
		return n
	}
	head, reason := m.cellSegs(g, row, col)
	n := hangLines(w, len(cellIndent), head)
	if reason != nil {
		n += hangLines(w, len(reasonIndent), reason)
	}
	if len(cellCounts.n) >= maxCellCounts {
		clear(cellCounts.n)
	}
	cellCounts.n[k] = n
	return n
}

type cellLinesKey struct {
	g           *model.Grid
	row, col, w int
}

// cellCounts remembers cellLines; it is emptied when full.
var cellCounts = struct {
	mu sync.Mutex
	n  map[cellLinesKey]int
}{n: map[cellLinesKey]int{}}

const maxCellCounts = 4096

// hangLines is how many lines doc.hang takes for segs after a prefix pw
// cells wide, without styling them.
func hangLines(w, pw int, segs []seg) int {
	w = max(w, 1)
	if pw >= w {
		return 1 + len(wrapSegs(segs, w, "…"))
	}
	return len(wrapSegs(segs, w-pw, "…"))
}

// cursorLen is how many lines cursorBlock draws for ck, without drawing
// them.
func (m Model) cursorLen(g *model.Grid, ck cursorKey, w int) int {
	n := 1 + min(ck.per, len(g.Rows)-ck.top) + m.cellLines(g, ck.row, ck.col, w)
	if !ck.compact {
		n++
	}
	return n
}

// gridRow draws row i; sel is the highlighted column, -1 for a row
// without the highlight.
func (m Model) gridRow(g *model.Grid, i, sel, labelW, w int, ascii bool) string {
	st, gl := m.styles, m.styles.Glyphs
	r := g.Rows[i]
	var b strings.Builder
	ls := st.Text
	if sel >= 0 {
		cur := gl.Cursor
		if ascii {
			cur = asciiGlyphs.Cursor
		}
		b.WriteString(st.Selected.Render(cur) + " ")
		ls = st.Selected
	} else {
		b.WriteString("  ")
	}
	b.WriteString(cell(ls, truncate(oneLine(r.Label), labelW, gl.Ellipsis), labelW))
	b.WriteString(" ")
	// Each cell is three columns, " m " or "[m]" when highlighted; a
	// run of cells of one kind is styled once.
	var run strings.Builder
	var runKind model.GridKind
	flush := func() {
		if run.Len() > 0 {
			b.WriteString(m.gridStyle(runKind).Render(run.String()) + " ")
			run.Reset()
		}
	}
	for j := range g.Cols {
		c := gridCellAt(r, j)
		mark := gridMark(c, ascii)
		switch {
		case j == sel:
			flush()
			b.WriteString(st.Selected.Render("[") + m.gridStyle(c.Kind).Bold(true).Render(mark) + st.Selected.Render("]"))
		case run.Len() > 0 && c.Kind == runKind:
			run.WriteString("  " + mark)
		default:
			flush()
			b.WriteString(" ")
			run.WriteString(mark)
			runKind = c.Kind
		}
	}
	flush()
	if r.Note != "" {
		arrow := "◀"
		if ascii {
			arrow = "<"
		}
		b.WriteString(" " + st.Current.Render(arrow+" "+oneLine(r.Note)))
	}
	return truncate(strings.TrimRight(b.String(), " "), w, gl.Ellipsis)
}

// gridCellAt is row r's cell in column j; a row shorter than the grid
// has empty cells.
func gridCellAt(r model.GridRow, j int) model.GridCell {
	if j < len(r.Cells) {
		return r.Cells[j]
	}
	return model.GridCell{Kind: model.GridNone}
}

// gridMark is a cell's mark, one column wide: its glyph, or its ASCII
// mark when the terminal cannot show glyphs (or the glyph is not one
// column wide).
func gridMark(c model.GridCell, ascii bool) string {
	mark := c.Glyph
	if ascii || ansi.StringWidth(mark) != 1 {
		mark = c.ASCII
	}
	if ansi.StringWidth(mark) != 1 {
		if c.Kind == model.GridNone && !ascii {
			return "·"
		}
		return "-"
	}
	return oneLine(mark)
}

// gridStyle is a cell kind's style: done in the success colour, to be
// done in the warning colour, blocked in the danger colour.
func (m Model) gridStyle(k model.GridKind) *lipgloss.Style {
	switch k {
	case model.GridOK:
		return &m.styles.Success
	case model.GridRerun:
		return &m.styles.Warning
	case model.GridBlocked:
		return &m.styles.Danger
	}
	return &m.styles.Subtle
}

// gridCache keeps the last few grid REVIEW bodies, like bodyCache. Its
// lock is held while a body is used, as rows are drawn into it.
type gridCache struct {
	mu      sync.Mutex
	entries []gridEntry // most recent first
}

type gridEntry struct {
	key  gridKey
	body *gridBody
}

var gridBodies = &gridCache{}

// get returns the body for k, laid out by build when missing. The
// caller holds mu.
func (c *gridCache) get(k gridKey, build func() *gridBody) *gridBody {
	for i, e := range c.entries {
		if e.key == k {
			copy(c.entries[1:i+1], c.entries[:i])
			c.entries[0] = e
			return e.body
		}
	}
	b := build()
	c.entries = append([]gridEntry{{k, b}}, c.entries...)
	if len(c.entries) > reviewBodyCacheSize {
		c.entries = c.entries[:reviewBodyCacheSize]
	}
	return b
}
