package tui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pickup-dev/pickup/model"
)

// reviewView is the progress dashboard (DISPLAY): the phases table, the
// counts, the branch, where a CONTINUE resumes and why, the handoff note
// and the loader's warnings. It scrolls when taller than the terminal.
func (m Model) reviewView(w, lv int) part {
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	s := m.state.Session
	top := newDoc(w, true)
	top.text(sg(c.ReviewTitle, st.Title))
	d := newDoc(w, lv >= lvCompact)
	d.gap()
	if s == nil {
		return part{sticky: top.lines, focus: [2]int{-1, -1}}
	}
	for _, f := range c.Facts(s) {
		if f[0] == c.PhaseLabel {
			continue // the table says it
		}
		d.hang([]seg{sg(f[0]+": ", st.Subtle)}, sg(f[1], st.Text))
	}
	d.blank()
	if len(s.Phases) == 0 {
		d.text(sg(c.NoPhases, st.Subtle))
	}
	for _, row := range m.phaseRows(s.Phases, w) {
		d.line(row)
	}
	d.blank()
	if p := c.ProgressLine(s); p != "" {
		d.text(sg(p, st.Text))
	}
	if s.Branch != "" {
		d.hang([]seg{sg(c.BranchLabel+": ", st.Subtle)}, sg(s.Branch, st.Text))
	}
	if rp := s.ResumePoint; rp.Phase != "" {
		d.text(sg(c.ResumeAt(rp.Phase, rp.Reason), st.Text))
	}
	if note := s.Handoff.Note; note != "" {
		d.hang([]seg{sg(c.HandoffLabel+": ", st.Subtle)}, sg(note, st.Text))
	}
	if ctx := s.Handoff.Context; ctx != "" && lv == lvRoomy {
		for _, l := range strings.Split(strings.TrimSpace(ctx), "\n") {
			d.hang([]seg{sg("  ", st.Text)}, sg(strings.TrimSpace(l), st.Subtle))
		}
	}
	for _, sec := range s.Sections {
		d.blank()
		d.text(sg(sec.Title, st.Title))
		for _, l := range sec.Lines {
			d.hang([]seg{sg("  ", st.Text)}, sg(l, st.Text))
		}
	}
	if len(s.Warnings) > 0 {
		d.blank()
		d.text(sg(c.WarningsHead, st.Warning))
		for _, wn := range s.Warnings {
			d.hang([]seg{sg(g.Warn+" ", st.Warning)}, sg(wn, st.Text))
		}
	}
	return part{sticky: top.lines, body: d.trimBlank(), focus: [2]int{-1, -1}}
}

// phaseRows lays the phases out as columns: mark, name, executor,
// duration, result. Columns drop from the right when the width is short,
// and the name is cut with an ellipsis as a last resort.
func (m Model) phaseRows(phases []model.Phase, w int) []string {
	st, g := m.styles, m.styles.Glyphs
	const gap = 2
	cols := [4]int{} // name, executor, duration, result widths
	for _, p := range phases {
		for i, v := range phaseCells(p) {
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
				total += gap + cols[i]
			}
		}
		if total <= w {
			break
		}
		keep--
	}
	rows := make([]string, 0, len(phases))
	for _, p := range phases {
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
		cells := phaseCells(p)
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
			b.WriteString(strings.Repeat(" ", gap))
			cs := st.Subtle
			if i == 3 {
				cs = st.Text
			}
			b.WriteString(cell(cs, cells[i], cols[i]))
		}
		rows = append(rows, strings.TrimRight(b.String(), " "))
	}
	return rows
}

func phaseCells(p model.Phase) [4]string {
	return [4]string{oneLine(p.Name), oneLine(p.Executor), oneLine(p.Duration), oneLine(p.Result)}
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
