package tui

import (
	"strconv"

	"charm.land/lipgloss/v2"

	"github.com/pickup-dev/pickup/model"
)

// optionsView is the OPTIONS node: where the session stands in one word,
// its facts, any problem, the warnings that bear on the choice, then the
// question and the menu. The corrupted screen is the same menu under the
// file's problem.
func (m Model) optionsView(w, lv int) part {
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	s := m.state.Session
	top := m.newDoc(w, true)
	d := m.newDoc(w, noBlanks(lv))
	// Reasons already explained above the menu are not repeated under
	// each option.
	said := map[string]bool{}
	crash := m.state.Crash

	switch {
	case m.state.Screen == model.ScreenCorrupted:
		top.hang([]seg{sg(g.Error+" ", &st.Danger)}, sg(c.Greeting(s, crash), &st.Danger))
		d.gap()
		if s != nil {
			d.hang([]seg{sg(c.FileLabel+": ", &st.Subtle)}, sg(s.Path, &st.Text))
			if s.Problem != nil {
				d.hang([]seg{sg(c.ProblemLabel+": ", &st.Subtle)}, sg(s.Problem.Text(), &st.Text))
			}
		}
		d.blank()
		if !m.readOnly() {
			// Read-only, DISCARD is off too: the warning says why.
			d.text(sg(c.OnlyDiscard, &st.Text))
		}
		said[model.ReasonCorruptedOnly] = true
	default:
		standing := model.StandingOf(s, crash)
		switch standing {
		case model.StandingCrashed, model.StandingRunning:
			top.hang([]seg{sg(g.Warn+" ", &st.Warning)}, sg(c.Greeting(s, crash), &st.Warning))
		case model.StandingArchived:
			top.text(sg(c.Greeting(s, crash), &st.Subtle))
		default:
			top.text(sg(c.Greeting(s, crash), &st.Title))
		}
		d.gap()
		if s != nil && s.Headline != "" && !crash.Detected && standing != model.StandingRunning {
			// (Running: the warnings below give the evidence.)
			d.text(sg(s.Headline, &st.Text))
		}
		if crash.Detected && s != nil && s.HasLastUpdated {
			d.text(sg(c.LastUpdate.F(c.Elapsed(crash.MinutesSinceUpdate)), &st.Text))
		}
		for _, f := range c.Facts(s) {
			d.hang([]seg{sg(f[0]+": ", &st.Subtle)}, sg(f[1], &st.Text))
		}
		m.conversationFacts(d)
		if s != nil && s.Problem != nil && s.Problem.Kind == model.ErrPhaseNotFound {
			d.blank()
			d.hang([]seg{sg(g.Error+" ", &st.Danger)}, sg(c.PhaseNotFound.F(s.Problem.Detail), &st.Danger))
			d.text(sg(c.SuggestRestart, &st.Text))
		}
	}

	// The warnings that bear on the choice, above the question.
	alerts := m.alerts()
	lead := 0
	if len(alerts) > 0 {
		d.blank()
		lead = len(d.lines)
		for _, a := range alerts {
			d.hang([]seg{sg(g.Warn+" ", &st.Warning)}, sg(a.Text, &st.Warning))
		}
	}
	if m.readOnly() {
		// Said once, in the warnings, not under each writing choice.
		said[m.ownerReason()] = true
	}
	if m.state.Screen != model.ScreenCorrupted {
		d.blank()
		if crash.Detected {
			d.text(sg(c.DataSafe, &st.Text))
		} else {
			d.text(sg(c.Prompt, &st.Text))
		}
	}
	d.blank()

	focus := [2]int{-1, -1}
	for i, o := range model.Visible(m.state.Options) {
		from := len(d.lines)
		m.optionLines(d, i, o, lv, said, len(alerts) > 0)
		if i == m.cursor {
			focus = [2]int{from, len(d.lines) - 1}
		}
	}
	return part{sticky: top.lines, body: d.trimBlank(), focus: focus, lead: lead}
}

// alerts are the facts that bear on the choice: the core's and the
// session's (model.State.Alerts), and that another pickup has the
// session open.
func (m Model) alerts() []model.Alert {
	out := m.state.Alerts()
	if m.readOnly() {
		out = append(out, model.Alert{Kind: model.AlertReadOnly,
			Text: m.cat.Session.ReadOnlyBanner(m.hold.Owner.PID, m.hold.Owner.Since.Format("15:04"))})
	}
	return out
}

// verbStyle is a choice's word: RESTART in the warning colour and
// DISCARD in the danger colour (they throw state away), the others as
// text; the highlighted one bold.
func (m Model) verbStyle(c model.Choice, enabled, selected bool) *lipgloss.Style {
	st := m.styles
	if !enabled {
		return &st.Disabled
	}
	switch c {
	case model.Restart:
		return &st.Warning
	case model.Discard:
		return &st.Danger
	}
	if selected {
		return &st.Selected
	}
	return &st.Text
}

// optionLines is one menu entry: cursor, number, the choice's word and
// letter key, the recommended mark (with its reason while a warning
// stands); then what it does, in the format's words; then (roomy) its
// tradeoff and (disabled) why it is off.
func (m Model) optionLines(d *doc, i int, o model.Option, lv int, said map[string]bool, alerted bool) {
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	s := m.state.Session
	cursor := " "
	if i == m.cursor {
		cursor = g.Cursor
	}
	words := &st.Text
	if !o.Enabled {
		words = &st.Disabled
	}
	prefix := []seg{sg(cursor+" ", &st.Selected), sg(strconv.Itoa(i+1)+". ", &st.Number)}
	segs := []seg{
		sg(c.ChoiceName(o.Choice), m.verbStyle(o.Choice, o.Enabled, i == m.cursor)),
		sg(" ["+VerbKeys[o.Choice]+"]", &st.Number),
	}
	if mk := c.Local.ChoiceMarks[o.Choice]; mk != "" && !m.ascii() {
		// The language's own mark before the verb (seed 001's "🚀 CONTINUE").
		segs = append([]seg{sg(mk, words)}, segs...)
	}
	if o.Recommended && o.Enabled {
		segs = append(segs, sg(" "+c.RecommendMark(o, alerted), &st.Success))
	}
	d.hang(prefix, segs...)
	indent := []seg{sg("     ", &st.Text)}
	if w := c.ChoiceWords(s, o.Choice); w != "" {
		d.hang(indent, sg(w, words))
	}
	own := s != nil && (s.Policy[o.Choice].Label != "" || s.Policy[o.Choice].Hint != "")
	if subtitles(lv) && o.Enabled && !own {
		// The catalog's tradeoff, where the format says nothing of its own.
		if t := c.Tradeoff(s, o.Choice); t != "" {
			d.hang(indent, sg(t, &st.Subtle))
		}
	}
	if !o.Enabled && o.Reason != "" && !said[o.Reason] {
		said[o.Reason] = true
		d.hang(indent, sg(c.Unavailable.F(c.Reason(o.Reason)), &st.Disabled))
	}
}

// conversationFacts adds the agent conversation behind the session and
// the command back into it (nothing when none was found).
func (m Model) conversationFacts(d *doc) {
	cv := m.state.Conversation
	if cv == nil {
		return
	}
	st, c := m.styles, m.cat
	id := cv.ID
	if len(id) > 8 {
		id = id[:8]
	}
	ago := c.ElapsedShort(int(m.now.Sub(cv.Last).Minutes()))
	d.hang([]seg{sg(c.ConversationLabel+": ", &st.Subtle)}, sg(c.ConversationValue(cv.Agent, id, cv.Title, ago, cv.Link == model.LinkRecorded), &st.Text))
	if cv.Command != "" {
		// Laid out as the veto's commands are: what a terminal copies runs
		// as shown.
		d.text(sg(c.BackLabel+":", &st.Subtle))
		d.command("  ", "    ", cv.Command, &st.Text)
	}
}
