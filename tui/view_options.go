package tui

import (
	"strconv"

	"github.com/pickup-dev/pickup/model"
)

// optionsView is the OPTIONS node: the welcome (or crash) message, the
// session's facts, any problem, and the numbered menu. The corrupted
// screen is the same menu under the file's problem.
func (m Model) optionsView(w, lv int) part {
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	s := m.state.Session
	top := newDoc(w, true)
	d := newDoc(w, lv >= lvCompact)
	// Reasons already explained above the menu are not repeated under
	// each option.
	said := map[string]bool{}

	switch {
	case m.state.Screen == model.ScreenCorrupted:
		top.hang([]seg{sg(g.Error+" ", st.Danger)}, sg(c.CorruptedTitle, st.Danger))
		d.gap()
		if s != nil {
			d.hang([]seg{sg(c.FileLabel+": ", st.Subtle)}, sg(s.Path, st.Text))
			if s.Problem != nil {
				d.hang([]seg{sg(c.ProblemLabel+": ", st.Subtle)}, sg(s.Problem.Error(), st.Text))
			}
		}
		d.blank()
		if !m.readOnly() {
			// Read-only, DISCARD is off too: the banner says why.
			d.text(sg(c.OnlyDiscard, st.Text))
		}
		said[model.ReasonCorruptedOnly] = true
	default:
		crash := m.state.Crash
		if crash.Detected {
			top.hang([]seg{sg(g.Warn+" ", st.Warning)}, sg(c.Crashed, st.Warning))
			d.gap()
			if s != nil && s.HasLastUpdated {
				d.text(sg(c.LastUpdate(c.Elapsed(crash.MinutesSinceUpdate)), st.Text))
			}
		} else {
			top.text(sg(c.Greeting(s, crash), st.Title))
			d.gap()
		}
		for _, f := range c.Facts(s) {
			d.hang([]seg{sg(f[0]+": ", st.Subtle)}, sg(f[1], st.Text))
		}
		if s != nil && s.Problem != nil && s.Problem.Kind == model.ErrPhaseNotFound {
			d.blank()
			d.hang([]seg{sg(g.Error+" ", st.Danger)}, sg(c.PhaseNotFound(s.Problem.Detail), st.Danger))
			d.text(sg(c.SuggestRestart, st.Text))
		}
		d.blank()
		if crash.Detected {
			d.text(sg(c.DataSafe, st.Text))
		} else {
			d.text(sg(c.Prompt, st.Text))
		}
	}
	if m.readOnly() {
		// Said once above the menu, not under each writing choice.
		top.hang([]seg{sg(g.Warn+" ", st.Warning)}, sg(c.Session.ReadOnlyBanner(m.hold.Owner.PID, m.hold.Owner.Since.Format("15:04")), st.Warning))
		said[m.ownerReason()] = true
	}
	d.blank()

	focus := [2]int{-1, -1}
	for i, o := range model.Visible(m.state.Options) {
		from := len(d.lines)
		m.optionLines(d, i, o, lv, said)
		if i == m.cursor {
			focus = [2]int{from, len(d.lines) - 1}
		}
	}
	return part{sticky: top.lines, body: d.trimBlank(), focus: focus}
}

// optionLines is one menu entry: cursor, number, name and hint, the
// recommended mark, then (roomy) its tradeoff and (disabled) why.
func (m Model) optionLines(d *doc, i int, o model.Option, lv int, said map[string]bool) {
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	cursor := " "
	if i == m.cursor {
		cursor = g.Cursor
	}
	body := st.Text
	switch {
	case !o.Enabled:
		body = st.Disabled
	case i == m.cursor:
		body = st.Selected
	}
	prefix := []seg{sg(cursor+" ", st.Selected), sg(strconv.Itoa(i+1)+". ", st.Number)}
	line := c.ChoiceLine(m.state.Session, o.Choice)
	if mk := c.Local.ChoiceMarks[o.Choice]; mk != "" && !m.ascii() && (m.state.Session == nil || m.state.Session.Policy[o.Choice].Label == "") {
		line = mk + line // the language's own mark (seed 001's "🚀 CONTINUE")
	}
	segs := []seg{sg(line, body)}
	if o.Recommended && o.Enabled {
		segs = append(segs, sg(" "+c.Recommends, st.Success))
	}
	d.hang(prefix, segs...)
	indent := []seg{sg("     ", st.Text)}
	if lv == lvRoomy && o.Enabled {
		t := c.Tradeoffs[o.Choice]
		if s := m.state.Session; s != nil && s.Policy[o.Choice].Label != "" {
			t = "" // a source's own menu line replaces the default tradeoff
		}
		if t != "" {
			d.hang(indent, sg(t, st.Subtle))
		}
	}
	if !o.Enabled && o.Reason != "" && !said[o.Reason] {
		said[o.Reason] = true
		d.hang(indent, sg(c.Unavailable(c.Reason(o.Reason)), st.Disabled))
	}
}
