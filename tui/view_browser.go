package tui

import (
	"path/filepath"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/model"
)

// sideBySide is the narrowest terminal that gets the preview beside the
// list; narrower ones get it below.
const sideBySide = 100

// bgeom is the browser's layout at the current size.
type bgeom struct {
	side         bool
	listW, listH int
	prevW, prevH int
	top, footer  []string
	// details are the preview pane's first lines (path, facts, note);
	// a rule follows them, then the viewport's vpH lines.
	details []string
	vpH     int
}

func (m Model) browserGeom() bgeom {
	w, h := m.width, m.height
	st, c, b := m.styles, m.cat, &m.browse
	var g bgeom
	g.top = m.headerLines(w)[:1]
	title := st.Title.Render(c.Browser.Title.F(oneLine(sessionName(b.s))))
	shown := m.shownArtifacts()
	if b.items != nil {
		count := st.Subtle.Render(c.Browser.Count.F(len(shown), len(b.items)))
		room := w - ansi.StringWidth(count) - 1
		title = truncate(title, max(room, 1), st.Glyphs.Ellipsis)
		title += strings.Repeat(" ", max(w-ansi.StringWidth(title)-ansi.StringWidth(count), 1)) + count
	}
	g.top = append(g.top, truncate(title, w, st.Glyphs.Ellipsis))
	if b.notice != "" {
		d := m.newDoc(w, true)
		d.hang([]seg{sg(st.Glyphs.Warn+" ", &st.Warning)}, sg(b.notice, &st.Warning))
		g.footer = append(g.footer, d.lines...)
	}
	if b.filter.typing || b.filter.value() != "" {
		g.footer = append(g.footer, m.filterLine(w, b.filter))
	}
	if hv := m.helpView(w); hv != "" {
		g.footer = append(g.footer, strings.Split(hv, "\n")...)
	}
	bodyH := max(h-len(g.top)-len(g.footer), 2)
	g.side = w >= sideBySide
	if g.side {
		g.listW = min(max(w*2/5, 30), 60)
		g.prevW = w - g.listW - 3
		g.listH, g.prevH = bodyH, bodyH
	} else {
		rows := max(len(shown), 1)
		g.listH = min(rows, max(bodyH/3, 3))
		g.listW, g.prevW = w, w
		g.prevH = bodyH - g.listH - 1 // a blank line between list and preview
	}
	g.details = m.previewDetails(g.prevW)
	g.vpH = g.prevH - len(g.details) - 1
	if g.vpH < 1 && len(g.details) > 1 {
		g.details = g.details[:1]
		g.vpH = g.prevH - 2
	}
	g.vpH = max(g.vpH, 0)
	return g
}

// sessionName is how a session is named in the browser's title.
func sessionName(s *model.Session) string {
	if s == nil {
		return ""
	}
	if s.Title != "" {
		return s.Title
	}
	return s.Path
}

// displayPath shows a path relative to the project when it lies inside.
func displayPath(s *model.Session, p string) string {
	if s == nil || s.Project == "" {
		return p
	}
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(s.Project, p)
	}
	rel, err := filepath.Rel(s.Project, filepath.Clean(abs))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.Clean(abs)
	}
	return filepath.ToSlash(rel)
}

// artMark is the glyph before an artifact: present, missing, refused or
// changed since its hash was recorded.
func (m Model) artMark(a model.Artifact) string {
	st, g := m.styles, m.styles.Glyphs
	switch {
	case a.Refused != "":
		return st.Warning.Render(g.Warn)
	case !a.Exists:
		return st.Danger.Render(g.Error)
	case a.Integrity == model.IntegrityChanged:
		return st.Danger.Render("!")
	}
	return st.Success.Render(g.OK)
}

// previewDetails are the preview pane's head: the path, the facts (kind,
// phase, size, time, integrity, or why it is missing or refused) and the
// preview's note.
func (m Model) previewDetails(w int) []string {
	st, g := m.styles, m.styles.Glyphs
	a, ok := m.current()
	if !ok {
		return nil
	}
	out := []string{st.Title.Render(truncateLeft(oneLine(displayPath(m.browse.s, a.Path)), w, g.Ellipsis))}
	facts := m.cat.ArtifactFacts(a, m.now)
	fs := &st.Subtle
	switch {
	case a.Refused != "":
		fs = &st.Warning
	case !a.Exists || a.Integrity == model.IntegrityChanged:
		fs = &st.Danger
	}
	d := m.newDoc(w, true)
	d.text(sg(strings.Join(facts, " "+g.Dot+" "), fs))
	if len(d.lines) > 2 {
		d.lines = append(d.lines[:1], truncate(d.lines[1]+" "+g.Ellipsis, w, g.Ellipsis))
	}
	out = append(out, d.lines...)
	if n := m.browse.prev.note; n != "" && m.browse.prev.path == a.Path {
		out = append(out, st.Subtle.Render(truncate(n, w, g.Ellipsis)))
	}
	return out
}

// previewBody is what the viewport scrolls: the rendered preview, or a
// line saying why there is none.
func (m Model) previewBody() []string {
	st := m.styles
	b := &m.browse
	a, ok := m.current()
	switch {
	case !ok || a.Refused != "":
		return nil
	case !a.Exists:
		return m.panel(missingLines(m.cat, a), &st.Warning)
	case a.Dir && m.files != nil && m.files.Entries == nil:
		return m.panel([]string{m.cat.Browser.Folder}, &st.Subtle)
	}
	p := b.prev
	switch {
	case p.path != a.Path:
		return []string{st.Subtle.Render(m.cat.Browser.Loading)}
	case p.err != nil:
		return []string{st.Danger.Render(oneLine(p.err.Error()))}
	case len(p.lines) > 0 && a.Dir:
		return m.panel(p.lines, &st.Subtle)
	case len(p.lines) > 0:
		return p.lines
	case p.loading || p.stale:
		return []string{st.Subtle.Render(m.cat.Browser.Loading)}
	}
	return nil
}

// panel is an explanation in the preview pane (a missing file, a
// folder): its first line in head's style, the rest as text, wrapped to
// the pane.
func (m Model) panel(lines []string, head *lipgloss.Style) []string {
	d := newDoc(max(m.browserGeom().prevW, 1), false)
	for i, l := range lines {
		st := &m.styles.Text
		switch {
		case i == 0:
			d.text(sg(l, head))
		case l == "":
			d.blank()
		case strings.HasPrefix(l, "  "):
			d.hang([]seg{sg("  ", st)}, sg(l[2:], st))
		default:
			d.text(sg(l, st))
		}
	}
	return d.lines
}

// artifactRows draws the list's rows in view: top is the first.
func (m Model) artifactRows(g bgeom) []string {
	st, gl, c := m.styles, m.styles.Glyphs, m.cat
	b := &m.browse
	shown := m.shownArtifacts()
	switch {
	case b.items == nil:
		return []string{st.Subtle.Render(truncate(c.Browser.Looking, g.listW, gl.Ellipsis))}
	case len(b.items) == 0:
		return []string{st.Subtle.Render(truncate(c.Browser.None, g.listW, gl.Ellipsis))}
	case len(shown) == 0:
		return []string{st.Subtle.Render(truncate(c.Browser.NoMatch, g.listW, gl.Ellipsis))}
	}
	kindW := 0
	for _, a := range shown {
		kindW = max(kindW, ansi.StringWidth(oneLine(a.Kind)))
	}
	kindW = min(kindW, 16)
	if g.listW < 40 {
		kindW = 0 // narrow: the path needs the room
	}
	cur := m.artCursor(shown)
	top := listTop(b.top, cur, g.listH, len(shown))
	var out []string
	for i := top; i < len(shown) && i < top+g.listH; i++ {
		a := shown[i]
		cursor, pst := "  ", st.Text
		if i == cur {
			cursor, pst = gl.Cursor+" ", st.Selected
		}
		if a.Refused != "" || !a.Exists {
			if i != cur {
				pst = st.Disabled
			}
		}
		lead := st.Selected.Render(cursor) + m.artMark(a) + " "
		kind := ""
		if kindW > 0 {
			kind = " " + st.Subtle.Render(truncate(oneLine(a.Kind), kindW, gl.Ellipsis))
		}
		room := g.listW - 3
		if kindW > 0 {
			room -= kindW + 2
		}
		room = max(room, 1)
		p := oneLine(displayPath(b.s, a.Path))
		if a.Dir {
			p += "/"
		}
		p = truncateLeft(p, room, gl.Ellipsis)
		line := lead + pst.Render(p)
		if kind != "" {
			// Kinds line up in a column, left-aligned after the paths.
			line += strings.Repeat(" ", max(g.listW-kindW-1-ansi.StringWidth(line), 0)) + kind
		}
		out = append(out, line)
	}
	return out
}

// listTop is the first row to draw so the cursor stays in view, moving
// as little as possible from the previous top.
func listTop(prev, cur, rows, n int) int {
	top := min(max(prev, cur-rows+1), cur)
	return max(min(top, n-rows), 0)
}

// previewRule is the line between the details and the content; when the
// content scrolls it says which lines are in view.
func (m Model) previewRule(w int) string {
	st, g := m.styles, m.styles.Glyphs
	vp := m.browse.vp
	total := vp.TotalLineCount()
	label := ""
	if total > vp.Height() && vp.Height() > 0 {
		from := vp.YOffset() + 1
		to := min(vp.YOffset()+vp.Height(), total)
		label = " " + m.cat.Browser.Lines.F(from, to, total) + " "
	}
	n := max(w-ansi.StringWidth(label)-2, 0)
	return st.Subtle.Render(truncate(strings.Repeat(g.Rule, n)+label+strings.Repeat(g.Rule, 2), w, ""))
}

// browserLines draws the browser.
func (m Model) browserLines() []string {
	g := m.browserGeom()
	st := m.styles
	list := m.artifactRows(g)
	var pane []string
	pane = append(pane, g.details...)
	if len(g.details) > 0 || g.vpH > 0 {
		pane = append(pane, m.previewRule(g.prevW))
	}
	if g.vpH > 0 {
		vp := m.browse.vp
		for _, l := range strings.Split(vp.View(), "\n") {
			pane = append(pane, strings.TrimRight(l, " "))
		}
	}
	lines := append([]string(nil), g.top...)
	if g.side {
		sep := " " + st.Subtle.Render(st.Glyphs.VRule) + " "
		for i := 0; i < g.listH; i++ {
			l, p := "", ""
			if i < len(list) {
				l = list[i]
			}
			if i < len(pane) {
				p = pane[i]
			}
			row := padRight(truncate(l, g.listW, st.Glyphs.Ellipsis), g.listW) + sep + truncate(p, g.prevW, st.Glyphs.Ellipsis)
			lines = append(lines, strings.TrimRight(row, " "))
		}
	} else {
		for i := 0; i < g.listH; i++ {
			l := ""
			if i < len(list) {
				l = list[i]
			}
			lines = append(lines, l)
		}
		lines = append(lines, "")
		for i := 0; i < g.prevH; i++ {
			p := ""
			if i < len(pane) {
				p = pane[i]
			}
			lines = append(lines, p)
		}
	}
	return append(lines, g.footer...)
}
