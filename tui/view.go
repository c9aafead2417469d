package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/model"
)

// Detail levels, tried in order until the screen fits the terminal:
// blank lines go first, then subtitles, and the header last.
const (
	lvRoomy   = iota // header, blank lines, subtitles
	lvTight          // no blank lines
	lvPlain          // no blank lines, no subtitles
	lvCompact        // no header either
)

// noBlanks reports whether level lv leaves out blank lines; subtitles
// whether it keeps subtitles (an option's tradeoff, a handoff's context).
func noBlanks(lv int) bool  { return lv >= lvTight }
func subtitles(lv int) bool { return lv <= lvTight }

// maxContentWidth caps the wizard's lines on a wide terminal: a line
// longer than this is hard to read.
const maxContentWidth = 110

// contentWidth is the width the screens lay their text out in.
func (m Model) contentWidth() int { return min(m.width, maxContentWidth) }

// part is one screen's body at one width and detail level.
type part struct {
	// sticky lines (a screen's title or banner) stay above the body when
	// it scrolls.
	sticky []string
	body   []string
	// focus is the body line range [from, to] to keep in view (the
	// highlighted option); from < 0 means none.
	focus [2]int
	// pinned lines sit under the body and never scroll away (a question).
	pinned []string
	// lead, when above 0, is the body line a screen shown anew starts
	// at, as long as the focus's first line still shows (the options
	// screen's warnings).
	lead int
}

// frame is a laid-out screen: what View prints, top to bottom.
type frame struct {
	header []string
	part
	bodyH  int  // rows the body gets
	scroll bool // the body is taller than bodyH (shown in a viewport)
	lv     int  // the detail level it was laid out at
	footer []string
}

// minScrollBody is the fewest body rows a scrolling screen keeps its
// header for.
const minScrollBody = 3

// layout fits the current screen into the terminal. It is pure: Update
// calls it to size the viewport, View to draw.
func (m Model) layout() frame {
	w, h := m.contentWidth(), m.frameHeight()
	build := func(lv int) frame {
		fr := frame{part: m.screenPart(w, lv), lv: lv}
		if lv < lvCompact {
			fr.header = m.headerLines(w)
			if noBlanks(lv) {
				fr.header = fr.header[:1]
			}
		}
		fr.footer = m.footerLines(w, lv)
		return fr
	}
	room := func(fr frame) int { return h - len(fr.header) - len(fr.sticky) - len(fr.pinned) - len(fr.footer) }
	fits := func(lv int) (frame, bool) {
		fr := build(lv)
		fr.bodyH = len(fr.body)
		return fr, len(fr.body) <= room(fr)
	}
	scrolls := func(lv int) frame {
		fr := build(lv)
		fr.scroll = true
		fr.bodyH = room(fr) - 1 // the scroll hint's line
		return fr
	}
	if m.state.Terminal() {
		// Leaving: the result and the next step, nothing around them.
		if fr, ok := fits(lvCompact); ok {
			return fr
		}
		return scrolls(lvCompact)
	}
	// Blank lines go first, then subtitles; then the body scrolls under
	// the header while it keeps a few rows; the header goes last.
	for lv := lvRoomy; lv <= lvPlain; lv++ {
		if fr, ok := fits(lv); ok {
			return fr
		}
	}
	if fr := scrolls(lvPlain); fr.bodyH >= minScrollBody {
		return fr
	}
	if fr, ok := fits(lvCompact); ok {
		return fr
	}
	fr := scrolls(lvCompact)
	fr.bodyH = max(fr.bodyH, 1)
	return fr
}

// sync sizes the viewport and the key bindings for the current state.
// reset scrolls back to the top (a new screen).
func (m *Model) sync(reset bool) {
	m.help.SetWidth(m.contentWidth())
	ks := keyState{
		screen: m.state.Screen, visible: model.Visible(m.state.Options),
		armed: m.armed, showAll: m.help.ShowAll, catalog: m.cat, ascii: m.ascii(),
		ownQuestion: m.state.Question() != "" && m.state.Pending != model.Discard,
		view:        m.view, hasPicker: m.hasPicker(), canBrowse: m.files != nil,
		grid:      m.gridOn(),
		canReload: (m.changed != nil || m.readOnly()) && m.sio != nil && m.sio.Reload != nil && !m.reloading,
	}
	switch m.view {
	case viewPicker:
		m.syncPicker(ks)
		return
	case viewBrowser:
		m.syncBrowser(ks, reset)
		return
	}
	m.keys.sync(ks)
	fr := m.layout()
	if fr.scroll != ks.scroll {
		ks.scroll = fr.scroll
		m.keys.sync(ks)
		fr = m.layout()
	}
	m.scrolls, m.scrollLv = fr.scroll, fr.lv
	m.vp.SetWidth(m.contentWidth())
	m.vp.SetHeight(fr.bodyH)
	m.vp.SetContentLines(fr.body)
	if reset {
		m.vp.GotoTop()
	}
	if from := fr.focus[0]; fr.scroll && fr.lead > 0 && from >= 0 {
		// Shown anew (and until the highlight moves): the warnings
		// first, down to the highlighted option's first line at least.
		lead := max(min(fr.lead, from), from-fr.bodyH+1)
		if reset || m.vp.YOffset() == lead {
			m.vp.SetYOffset(lead)
			return
		}
	}
	if from, to := fr.focus[0], fr.focus[1]; from >= 0 {
		off := m.vp.YOffset()
		if to >= off+fr.bodyH {
			off = to - fr.bodyH + 1
		}
		if from < off {
			off = from
		}
		m.vp.SetYOffset(off)
	}
}

// syncPicker sets the picker's keys and keeps the highlighted row in
// view.
func (m *Model) syncPicker(ks keyState) {
	r := m.pickerRows()
	ks.rows, ks.archived, ks.showAllOn = len(r.rows), r.archived, m.pick.showAll
	ks.others, ks.worktreesOn = len(m.others), m.pick.worktrees
	ks.filtering, ks.filtered = m.pick.filter.typing, m.pick.filter.value() != ""
	m.keys.sync(ks)
	if per := m.pickPage(); len(r.rows) > per != ks.scroll {
		ks.scroll = len(r.rows) > per
		m.keys.sync(ks)
	}
	per := m.pickPage()
	m.pick.top = listTop(m.pick.top, m.pickCursor(r.rows), per, len(r.rows))
}

// syncBrowser sets the browser's keys, sizes the preview's viewport and
// keeps the highlighted artifact in view.
func (m *Model) syncBrowser(ks keyState, reset bool) {
	shown := m.shownArtifacts()
	a, ok := m.current()
	ks.rows = len(shown)
	ks.filtering, ks.filtered = m.browse.filter.typing, m.browse.filter.value() != ""
	ks.openable = ok && a.Refused == "" && a.Exists && !a.Dir && m.files != nil
	for range 2 {
		// Twice: whether the preview scrolls decides the paging keys,
		// which change the help bar and so the room left.
		m.keys.sync(ks)
		g := m.browserGeom()
		b := &m.browse
		b.vp.SetWidth(g.prevW)
		b.vp.SetHeight(g.vpH)
		b.vp.SetContentLines(m.previewBody())
		if reset {
			b.vp.GotoTop()
		}
		b.top = listTop(b.top, m.artCursor(shown), g.listH, len(shown))
		scroll := b.vp.TotalLineCount() > g.vpH
		if scroll == ks.scroll {
			break
		}
		ks.scroll = scroll
	}
}

// View draws the frame. The program runs inline, so the view never has
// more lines than the terminal and the help bar always shows.
func (m Model) View() tea.View {
	if !m.sized {
		// Nothing until the terminal's size is known, so the first frame
		// is laid out for the real terminal.
		return tea.NewView("")
	}
	if m.view == viewBrowser {
		// The browser takes the whole screen and the mouse wheel; the
		// inline wizard comes back as it was when it closes.
		v := tea.NewView(m.forLocale(strings.Join(m.frameLines(), "\n")))
		v.AltScreen = true
		v.MouseMode = tea.MouseModeCellMotion
		return v
	}
	return tea.NewView(m.forLocale(m.content()))
}

// forLocale is a frame as the terminal's locale can show it: folded to
// ASCII when the locale is not UTF-8 (foldASCII).
func (m Model) forLocale(s string) string {
	if m.gridASCII {
		return foldASCII(s)
	}
	return s
}

// content is the frame as text: no taller than the screen it shows (the
// renderer, ultraviolet since its fix #162, moves up over a taller
// frame it drew before). The final frame (done, quit) ends with an empty
// line, because the renderer clears the last line on exit to make room
// for the shell prompt.
func (m Model) content() string {
	lines := m.frameLines()
	if len(lines) == 0 {
		return ""
	}
	s := strings.Join(lines, "\n")
	if m.state.Terminal() {
		s += "\n"
	}
	return s
}

// frameLines lays out and cuts the frame to the terminal.
func (m Model) frameLines() []string {
	h := m.frameHeight()
	if m.tooSmall() {
		return m.tooSmallLines(h)
	}
	switch m.view {
	case viewPicker:
		return m.fit(m.pickerLines(), h)
	case viewBrowser:
		return m.fit(m.browserLines(), h)
	}
	fr := m.layout()
	lines := append(append([]string(nil), fr.header...), fr.sticky...)
	if fr.scroll {
		vp := m.vp
		vp.SetWidth(m.contentWidth())
		vp.SetHeight(fr.bodyH)
		vp.SetContentLines(fr.body)
		for _, l := range strings.Split(vp.View(), "\n") {
			lines = append(lines, strings.TrimRight(l, " "))
		}
		lines = append(lines, m.scrollHint(vp.YOffset(), len(fr.body), fr.bodyH))
	} else {
		lines = append(lines, fr.body...)
	}
	lines = append(lines, fr.pinned...)
	// Keep the footer even when the terminal is tinier than any layout.
	if room := h - len(fr.footer); len(lines) > room {
		lines = lines[:max(room, 0)]
	}
	lines = append(lines, fr.footer...)
	if len(lines) > h {
		lines = lines[len(lines)-h:]
	}
	for i, l := range lines {
		lines[i] = truncate(l, m.width, m.styles.Glyphs.Ellipsis)
	}
	return lines
}

// fit cuts lines to the terminal, keeping the last ones (the footer).
func (m Model) fit(lines []string, h int) []string {
	if len(lines) > h {
		lines = lines[len(lines)-h:]
	}
	for i, l := range lines {
		lines[i] = truncate(l, m.width, m.styles.Glyphs.Ellipsis)
	}
	return lines
}

// frameHeight is the rows a frame may use: the final frame keeps one for
// its trailing empty line.
func (m Model) frameHeight() int {
	if m.state.Terminal() {
		return max(m.height-1, 1)
	}
	return m.height
}

// scrollHint says there is more above or below the scrolled body.
func (m Model) scrollHint(off, total, h int) string {
	g := m.styles.Glyphs
	var arrows []string
	if off > 0 {
		arrows = append(arrows, g.Up)
	}
	if off+h < total {
		arrows = append(arrows, g.Down)
	}
	if len(arrows) == 0 {
		return ""
	}
	return m.styles.Subtle.Render(strings.Join(arrows, " ") + " " + m.cat.More)
}

// headerLines is "pickup · ~/shop (aios)", then a blank line. The
// project's path is named from the home folder and, when long, shortened
// in the middle, so the source after it always shows.
func (m Model) headerLines(w int) []string {
	st, g := m.styles, m.styles.Glyphs
	t := st.Title.Render(m.cat.AppName)
	s := m.state.Session
	if m.view == viewBrowser {
		s = m.browse.s
	}
	tail := ""
	if s != nil && s.Source != "" {
		tail += st.Subtle.Render(" (" + oneLine(s.Source) + ")")
	}
	if m.view == viewWizard && m.readOnly() {
		tail += st.Warning.Render(" " + g.Dot + " " + m.cat.Session.ReadOnlyTag)
	}
	if m.project != "" {
		lead := " " + g.Dot + " "
		room := w - ansi.StringWidth(t) - ansi.StringWidth(lead) - ansi.StringWidth(tail)
		p := oneLine(newPathRoots("", "", m.home).label(m.project))
		t += st.Subtle.Render(lead + shortenPath(p, max(room, 1), g.Ellipsis))
	}
	return []string{truncate(t+tail, w, g.Ellipsis), ""}
}

// footerLines is the core's notice, if any, over the help bar, with a
// blank line above unless the layout is compact.
func (m Model) footerLines(w, lv int) []string {
	var out []string
	if !noBlanks(lv) {
		out = append(out, "")
	}
	if n := m.state.Notice; n != "" && !m.state.Terminal() {
		d := m.newDoc(w, true)
		d.hang([]seg{sg(m.styles.Glyphs.Warn+" ", &m.styles.Warning)}, sg(m.cat.Notice(n), &m.styles.Warning))
		out = append(out, d.lines...)
	}
	if m.note != "" && m.view == viewWizard && !m.state.Terminal() {
		d := m.newDoc(w, true)
		d.text(sg(m.note, &m.styles.Subtle))
		out = append(out, d.lines...)
	}
	if hv := m.helpView(w); hv != "" {
		out = append(out, strings.Split(hv, "\n")...)
	}
	if len(out) == 1 && out[0] == "" {
		return nil
	}
	return out
}

// screenPart dispatches to the screen's view.
func (m Model) screenPart(w, lv int) part {
	switch m.state.Screen {
	case model.ScreenOptions, model.ScreenCorrupted:
		return m.optionsView(w, lv)
	case model.ScreenReview:
		return m.reviewView(w, lv)
	case model.ScreenGitCheck:
		return m.busyView(w, m.cat.CheckingGit)
	case model.ScreenApplying:
		return m.busyView(w, m.cat.Writing)
	case model.ScreenVeto:
		return m.vetoView(w, lv)
	case model.ScreenConfirm:
		return m.confirmView(w, lv)
	case model.ScreenFailed:
		return m.failedView(w, lv)
	case model.ScreenDone, model.ScreenNoSession:
		return m.doneView(w, lv)
	case model.ScreenQuit:
		return m.quitView(w)
	}
	return part{focus: [2]int{-1, -1}}
}

// helpView is the help bar. The short form always ends with "? more"
// and "q quit" (PinnedHelp); before them go the bindings that fit, in
// order, a longer one left out for shorter ones after it (bubbles'
// help would let the last one overflow, or drop ? and q first).
func (m Model) helpView(w int) string {
	if m.help.ShowAll {
		return m.help.FullHelpView(m.keys.FullHelp())
	}
	sepW := ansi.StringWidth(m.help.ShortSeparator)
	width := func(b key.Binding) int { return ansi.StringWidth(b.Help().Key) + 1 + ansi.StringWidth(b.Help().Desc) }
	var pinned []key.Binding
	used := 0
	for _, b := range m.keys.PinnedHelp() {
		if b.Enabled() {
			if len(pinned) > 0 {
				used += sepW
			}
			pinned = append(pinned, b)
			used += width(b)
		}
	}
	fill := func(bs []key.Binding) (fit []key.Binding, dropped bool) {
		u := used
		for _, b := range bs {
			if !b.Enabled() {
				continue
			}
			bw := width(b)
			if u > 0 {
				bw += sepW
			}
			if u+bw > w {
				dropped = dropped || m.keys.isVerb(b)
				continue // try the next, shorter ones
			}
			fit = append(fit, b)
			u += bw
		}
		return fit, dropped
	}
	fit, dropped := fill(m.keys.ShortHelp())
	if dropped {
		// Not every choice's letter fits: all of them, in one entry
		// ("c/R/D choices"), rather than some.
		fit, _ = fill(m.keys.ShortHelpJoined())
	}
	return m.help.ShortHelpView(append(fit, pinned...))
}
