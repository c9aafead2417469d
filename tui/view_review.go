package tui

import (
	"slices"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// reviewView is the progress dashboard (DISPLAY): the phases table, the
// counts, the branch, where a CONTINUE resumes and why, the handoff note
// and the loader's warnings. It scrolls when taller than the terminal.
//
// A session can have hundreds of phases and long sections, and every key
// lays the screen out again, so the body is laid out once per session,
// width and detail level (reviewBodies), and only the rows on screen are
// styled: the rest of the body is empty lines that only count.
func (m Model) reviewView(w, lv int) part {
	st, c := m.styles, m.cat
	s := m.state.Session
	top := m.newDoc(w, true)
	top.text(sg(c.ReviewTitle, &st.Title))
	if s == nil {
		return part{sticky: top.lines, focus: [2]int{-1, -1}}
	}
	k := reviewKey{s: s, w: w, lv: lv, dark: m.isDark, noColor: m.noColor, ascii: m.ascii(), cat: c}
	if m.gridOn() {
		return m.gridReview(top, k)
	}
	h := max(m.height, 1)
	body := reviewBodies.window(k, func() *doc { return m.reviewBody(s, w, lv) }, func(n int) (int, int) {
		if lv < lvPlain && n > h {
			// Taller than the terminal: layout moves on to the compact
			// level, which scrolls. Only this body's length counts.
			return 0, 0
		}
		// The rows on screen: from the viewport's offset, a screen's
		// height (the body's room is less), with a screen of margin each
		// side, and the last screen when the offset is past the end (the
		// viewport then shows the bottom). The window moves a screen at
		// a time, so a key that scrolls by a line gets the body it had
		// (doc.render keeps it) and writes nothing new.
		off := min(m.vp.YOffset(), max(n-h, 0))
		base := off / h * h
		return base - h, base + 3*h
	})
	return part{sticky: top.lines, body: body, focus: [2]int{-1, -1}}
}

// reviewBody lays out the REVIEW body of s (a lazy doc).
func (m Model) reviewBody(s *model.Session, w, lv int) *doc {
	st, c := m.styles, m.cat
	d := m.newLazyDoc(w, noBlanks(lv))
	d.gap()
	m.reviewFacts(d, s, true)
	d.blank()
	if len(s.Phases) == 0 {
		d.text(sg(c.NoPhases, &st.Subtle))
	}
	for _, row := range m.phaseRows(s.Phases, w) {
		d.lineFunc(row)
	}
	d.blank()
	m.reviewTail(d, s, lv, nil)
	d.trimBlank()
	return d
}

// reviewFacts adds the session's facts; noPhase leaves out the phase,
// which the phases table says.
func (m Model) reviewFacts(d *doc, s *model.Session, noPhase bool) {
	st, c := m.styles, m.cat
	for _, f := range c.Facts(s) {
		if noPhase && f[0] == c.PhaseLabel {
			continue
		}
		d.hang([]seg{sg(f[0]+": ", &st.Subtle)}, sg(f[1], &st.Text))
	}
	m.conversationFacts(d)
}

// reviewTail adds what follows the phases: the counts, the branch,
// where a CONTINUE resumes, the handoff, the source's sections (but
// those titled in skip) and the warnings.
func (m Model) reviewTail(d *doc, s *model.Session, lv int, skip []string) {
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	if p := strings.Join(c.ProgressParts(s), " "+g.Dot+" "); p != "" {
		d.text(sg(p, &st.Text))
	}
	if s.Branch != "" {
		d.hang([]seg{sg(c.BranchLabel+": ", &st.Subtle)}, sg(s.Branch, &st.Text))
	}
	if rp := s.ResumePoint; rp.Phase != "" {
		d.text(sg(c.ResumeAt(c.Phase(rp.Phase), rp.Reason), &st.Text))
	}
	if note := s.Handoff.Note; note != "" {
		d.hang([]seg{sg(c.HandoffLabel+": ", &st.Subtle)}, sg(note, &st.Text))
	}
	if ctx := s.Handoff.Context; ctx != "" && subtitles(lv) {
		for _, l := range strings.Split(strings.TrimSpace(ctx), "\n") {
			d.hang([]seg{sg("  ", &st.Text)}, sg(strings.TrimSpace(l), &st.Subtle))
		}
	}
	for _, sec := range s.Sections {
		if slices.Contains(skip, sec.Title) {
			continue
		}
		d.blank()
		d.text(sg(sec.Title, &st.Title))
		for _, l := range sec.Lines {
			d.hang([]seg{sg("  ", &st.Text)}, sg(l, &st.Text))
		}
	}
	if len(s.Warnings) > 0 {
		d.blank()
		d.text(sg(c.WarningsHead, &st.Warning))
		for _, wn := range s.Warnings {
			d.hang([]seg{sg(g.Warn+" ", &st.Warning)}, sg(wn, &st.Text))
		}
	}
}

// phaseRows lays the phases out as columns: mark, name, executor,
// duration, result. Columns drop from the right when the width is short,
// and the name is cut with an ellipsis as a last resort. The widths are
// measured here; each row is styled when its function is called.
func (m Model) phaseRows(phases []model.Phase, w int) []func() string {
	g := m.styles.Glyphs
	cols := [4]int{} // name, executor, duration, result widths
	for _, p := range phases {
		for i, v := range m.phaseCells(p) {
			cols[i] = max(cols[i], ansi.StringWidth(v))
		}
	}
	markW := 0
	for _, gl := range []string{g.Done, g.Current, g.Pending, g.Failed} {
		markW = max(markW, ansi.StringWidth(gl))
	}
	// Keep as many columns as fit, right to left.
	keep := 4
	for keep > 1 {
		total := markW + 1 + cols[0]
		for i := 1; i < keep; i++ {
			if cols[i] > 0 {
				total += phaseGap + cols[i]
			}
		}
		if total <= w {
			break
		}
		keep--
	}
	rows := make([]func() string, 0, len(phases))
	for _, p := range phases {
		rows = append(rows, func() string { return m.phaseRow(p, cols, markW, keep, w) })
	}
	return rows
}

// phaseGap is the space between the phases table's columns.
const phaseGap = 2

// phaseRow styles one row of the phases table.
func (m Model) phaseRow(p model.Phase, cols [4]int, markW, keep, w int) string {
	st, g := m.styles, m.styles.Glyphs
	mark, ms, ns := g.Pending, st.Subtle, st.Text
	switch p.Status {
	case model.PhaseCompleted:
		mark, ms = g.Done, st.Success
	case model.PhaseInProgress:
		mark, ms, ns = g.Current, st.Current, st.Current
	case model.PhaseFailed:
		mark, ms, ns = g.Failed, st.Danger, st.Danger
	case model.PhasePending:
		ns = st.Subtle
	}
	cells := m.phaseCells(p)
	var b strings.Builder
	b.WriteString(cell(ms, mark, markW) + " ")
	nameW := cols[0]
	if keep == 1 {
		nameW = min(nameW, max(w-markW-1, 1))
	}
	b.WriteString(cell(ns, truncate(cells[0], nameW, g.Ellipsis), nameW))
	for i := 1; i < keep; i++ {
		if cols[i] == 0 {
			continue
		}
		b.WriteString(strings.Repeat(" ", phaseGap))
		cs := st.Subtle
		if i == 3 {
			cs = st.Text
		}
		b.WriteString(cell(cs, cells[i], cols[i]))
	}
	return strings.TrimRight(b.String(), " ")
}

// phaseCells are a phase's name (in the screen's language), executor,
// duration and result.
func (m Model) phaseCells(p model.Phase) [4]string {
	return [4]string{oneLine(m.cat.Phase(p.Name)), oneLine(p.Executor), oneLine(p.Duration), oneLine(p.Result)}
}

// cell styles v and pads it with plain spaces to w cells, so trailing
// padding can be trimmed and carries no escapes.
func cell(st lipgloss.Style, v string, w int) string {
	out := ""
	if v != "" {
		out = st.Render(v)
	}
	if n := w - ansi.StringWidth(v); n > 0 {
		out += strings.Repeat(" ", n)
	}
	return out
}

// reviewKey is what a REVIEW body depends on: the session (never changed
// once loaded), the width, the detail level, the styles and the wording.
type reviewKey struct {
	s       *model.Session
	w, lv   int
	dark    bool
	noColor bool
	ascii   bool
	cat     *msg.Catalog
}

// bodyCache keeps the last few REVIEW bodies laid out. The Model is a
// value copied on every message, so the cache lives beside it; it is
// small and keyed by everything the body depends on.
type bodyCache struct {
	mu      sync.Mutex
	entries []bodyEntry // most recent first
}

type bodyEntry struct {
	key reviewKey
	doc *doc
}

// reviewBodyCacheSize holds a session's three detail levels at two widths.
const reviewBodyCacheSize = 6

var reviewBodies = &bodyCache{}

// window returns the body for k (laid out by build when missing) with
// the lines rows(n) chooses rendered, n being its line count. Rows are
// rendered once and kept, under the lock.
func (c *bodyCache) window(k reviewKey, build func() *doc, rows func(n int) (from, to int)) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var d *doc
	for i, e := range c.entries {
		if e.key == k {
			copy(c.entries[1:i+1], c.entries[:i])
			c.entries[0] = e
			d = e.doc
			break
		}
	}
	if d == nil {
		d = build()
		c.entries = append([]bodyEntry{{k, d}}, c.entries...)
		if len(c.entries) > reviewBodyCacheSize {
			c.entries = c.entries[:reviewBodyCacheSize]
		}
	}
	return d.render(rows(len(d.lines)))
}
