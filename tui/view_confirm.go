package tui

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/model"
)

// vetoView is VETO-2's block message: the files that block, grouped by
// class with their git status (the person's other changes, then what the
// interrupted run wrote), what was not counted, the risk, the commands
// that clear the way, and "back to the resume menu?" pinned under it.
func (m Model) vetoView(w, lv int) part {
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	v := m.state.Veto
	if v.FailsClosed() {
		return m.gitRefusedView(w, lv, v)
	}
	if v == nil {
		v = &model.Veto{}
	}
	top := m.newDoc(w, true)
	top.hang([]seg{sg(g.Warn+" ", &st.Warning)}, sg(c.VetoTitle, &st.Warning))
	d := m.newDoc(w, noBlanks(lv))
	d.gap()
	d.text(sg(c.VetoFiles.N(len(v.Files)), &st.Text))
	limit := [...]int{lvRoomy: 10, lvTight: 8, lvPlain: 5, lvCompact: 3}[lv]
	bullet := func(text string) {
		d.hang([]seg{sg(g.Bullet+" ", &st.Subtle)}, sg(text, &st.Text))
	}
	if len(v.Changes) == 0 {
		// Paths alone (a caller that gave no statuses).
		shown := v.Files
		if len(shown) > limit {
			shown = shown[:limit-1]
		}
		for _, f := range shown {
			bullet(model.ShowName(f))
		}
		if len(shown) < len(v.Files) {
			d.text(sg(c.AndMore.F(len(v.Files)-len(shown)), &st.Subtle))
		}
	}
	left := limit
	for _, cl := range model.Classes {
		files := v.OfClass(cl)
		if !cl.Blocks() || len(files) == 0 {
			continue
		}
		d.blank()
		d.text(sg(c.VetoClassHead(v, cl)+" ("+strconv.Itoa(len(files))+"):", &st.Subtle))
		shown := files
		if len(shown) > max(left, 1) {
			shown = shown[:max(left-1, 1)]
		}
		for _, f := range shown {
			bullet(c.VetoFileLine(f))
		}
		if len(shown) < len(files) {
			d.text(sg(c.AndMore.F(len(files)-len(shown)), &st.Subtle))
		}
		left -= len(shown)
	}
	if nc := c.Veto.NotCounted(v.CountClass(model.ClassState), v.CountClass(model.ClassPickup)); nc != "" {
		d.blank()
		d.text(sg(nc, &st.Subtle))
	}
	d.blank()
	d.text(sg(c.VetoRisk, &st.Text))
	d.blank()
	d.text(sg(c.VetoRecommend, &st.Text))
	steps := []string{c.Veto.Stash, c.Veto.Commit}
	n := 0
	for i, cmd := range v.Advice {
		if i >= len(steps) {
			break
		}
		n++
		d.hang([]seg{sg(strconv.Itoa(n)+". ", &st.Number)}, sg(steps[i], &st.Text))
		// The command under its step, laid out to be copied.
		d.command("   ", "     ", cmd, &st.Text)
	}
	n++
	d.hang([]seg{sg(strconv.Itoa(n)+". ", &st.Number)}, sg(c.Veto.Again, &st.Text))
	return part{sticky: top.lines, body: d.trimBlank(), focus: [2]int{-1, -1}, pinned: m.question(w, lv, c.VetoQuestion)}
}

// gitRefusedView is VETO-2 failing closed: git refused or failed to
// look at the repository, so RESTART is blocked; the files git reported
// before it failed, then the ways on (repair, the flag), said here.
func (m Model) gitRefusedView(w, lv int, v *model.Veto) part {
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	title, suggestion := c.FailClosed(v)
	top := m.newDoc(w, true)
	top.hang([]seg{sg(g.Warn+" ", &st.Warning)}, sg(title, &st.Warning))
	d := m.newDoc(w, noBlanks(lv))
	d.gap()
	d.text(sg(v.Reason, &st.Text))
	if len(v.Files) > 0 {
		d.blank()
		d.text(sg(c.VetoFiles.N(len(v.Files)), &st.Text))
		for _, l := range c.VetoLines(v) {
			d.text(sg(l, &st.Text))
		}
	}
	d.blank()
	d.text(sg(suggestion, &st.Text))
	return part{sticky: top.lines, body: d.trimBlank(), focus: [2]int{-1, -1}, pinned: m.question(w, lv, c.VetoQuestion)}
}

// confirmView asks before DISCARD: what is archived, where it goes, and
// that nothing is deleted. The default answer is No.
func (m Model) confirmView(w, lv int) part {
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	if q := m.state.Question(); q != "" {
		// A source's own question (a checkpoint restore, a rebuild…).
		top := m.newDoc(w, true)
		top.hang([]seg{sg(g.Warn+" ", &st.Warning)}, sg(c.ConfirmTitle(m.state.Pending), &st.Warning))
		d := m.newDoc(w, noBlanks(lv))
		d.gap()
		for _, l := range strings.Split(q, "\n") {
			d.text(sg(l, &st.Text))
		}
		// Whatever else the write moves, when the question does not
		// name it: the person sees every folder before saying yes.
		if also := m.state.MovesUnnamed(); len(also) > 0 {
			d.blank()
			d.text(sg(c.DiscardAlso, &st.Text))
			for _, mv := range also {
				d.hang([]seg{sg("  ", &st.Text)}, sg(mv, &st.Text))
			}
		}
		return part{sticky: top.lines, body: d.trimBlank(), focus: [2]int{-1, -1}, pinned: m.question(w, lv, c.ConfirmYN)}
	}
	top := m.newDoc(w, true)
	top.hang([]seg{sg(g.Warn+" ", &st.Warning)}, sg(c.DiscardTitle, &st.Warning))
	d := m.newDoc(w, noBlanks(lv))
	d.gap()
	if moves := m.state.Moves(); len(moves) > 0 {
		d.text(sg(c.DiscardMoves, &st.Text))
		for _, mv := range moves {
			d.hang([]seg{sg("  ", &st.Text)}, sg(mv, &st.Text))
		}
	} else if s := m.state.Session; s != nil && s.Path != "" {
		d.text(sg(c.DiscardWhat, &st.Text))
		d.hang([]seg{sg("  ", &st.Text)}, sg(s.Path, &st.Text))
		d.text(sg(c.DiscardRename.F(filepath.Base(s.Path)+".discarded.<timestamp>"), &st.Text))
	}
	if subtitles(lv) {
		restore := c.DiscardRestore
		if len(m.state.Moves()) > 1 {
			restore = c.DiscardRestoreAll
		}
		d.text(sg(restore, &st.Subtle))
	}
	return part{sticky: top.lines, body: d.trimBlank(), focus: [2]int{-1, -1}, pinned: m.question(w, lv, c.DiscardQuestion)}
}

// question renders a pinned y/n prompt, dimmed while its grace period
// runs and answers are ignored.
func (m Model) question(w, lv int, q string) []string {
	style := &m.styles.Prompt
	if !m.armed {
		style = &m.styles.Inactive
	}
	d := m.newDoc(w, true)
	if !noBlanks(lv) {
		d.lines = append(d.lines, "")
	}
	d.text(sg(q, style))
	return d.lines
}

// busyView waits for git or for a write.
func (m Model) busyView(w int, what string) part {
	d := m.newDoc(w, true)
	d.hang([]seg{sg(m.spin.View()+" ", &m.styles.Text)}, sg(what, &m.styles.Text))
	return part{body: d.lines, focus: [2]int{-1, -1}}
}

// failedView reports a write the loader refused or could not make.
func (m Model) failedView(w, lv int) part {
	if m.changed != nil {
		return m.changedView(w, lv)
	}
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	d := m.newDoc(w, noBlanks(lv))
	d.hang([]seg{sg(g.Error+" ", &st.Danger)}, sg(c.FailedTitle, &st.Danger))
	d.blank()
	if f := m.state.Failure; f != "" {
		d.text(sg(f, &st.Text))
	}
	// Writers replace files atomically or not at all; say so unless the
	// failure already does.
	if !containsFold(m.state.Failure, "nothing was") {
		d.text(sg(c.NothingWritten, &st.Text))
	}
	d.blank()
	d.text(sg(c.FailedBack, &st.Subtle))
	return part{body: d.trimBlank(), focus: [2]int{-1, -1}}
}

// doneView is the final frame after a decision.
func (m Model) doneView(w, lv int) part {
	st, g, c := m.styles, m.styles.Glyphs, m.cat
	d := m.newDoc(w, noBlanks(lv))
	dec := m.state.Decision
	if dec == nil {
		dec = m.decision
	}
	if dec == nil {
		return part{focus: [2]int{-1, -1}}
	}
	next := ""
	if dec.Action == model.ActionContinue && m.state.Session != nil {
		next = c.NextPrompt.F(m.state.Session.ID)
	}
	if m.printed {
		// The caller prints the decision (and a veto's reason) and the
		// next step: the frame leaves nothing behind.
		return part{focus: [2]int{-1, -1}}
	}
	if dec.Action == model.ActionRestartBlocked {
		d.hang([]seg{sg(g.Warn+" ", &st.Warning)}, sg(c.DecisionText(*dec), &st.Warning))
		if dec.Veto.FailsClosed() {
			_, suggestion := c.FailClosed(dec.Veto)
			d.text(sg(suggestion, &st.Text))
		} else {
			d.text(sg(c.VetoSuggestion, &st.Text))
		}
	} else {
		d.hang([]seg{sg(g.OK+" ", &st.Success)}, sg(c.DecisionText(*dec), &st.Title))
	}
	if len(dec.Changed) > 0 {
		d.text(sg(c.ChangedHead+":", &st.Subtle))
		for _, f := range dec.Changed {
			d.line(st.Subtle.Render(g.Bullet+" ") + st.Text.Render(truncateLeft(oneLine(f), max(w-2, 1), g.Ellipsis)))
		}
	}
	for _, wn := range dec.Warnings {
		d.hang([]seg{sg(g.Warn+" ", &st.Warning)}, sg(wn, &st.Text))
	}
	if dec.Undo != "" {
		d.sentenceCommand(c.UndoHint.F(dec.Undo), dec.Undo, &st.Subtle) // a command: never shortened
	}
	if next != "" {
		// The next step's command starts at "pickup ".
		cmd := ""
		if i := strings.Index(next, "pickup "); i >= 0 {
			cmd = next[i:]
		}
		d.sentenceCommand(next, cmd, &st.Subtle)
	}
	return part{body: d.trimBlank(), focus: [2]int{-1, -1}}
}

// quitView is the final frame when the person left.
func (m Model) quitView(w int) part {
	d := m.newDoc(w, true)
	t := m.cat.QuitText
	if m.interrupted {
		t = m.cat.Interrupted
	}
	d.text(sg(t, &m.styles.Subtle))
	return part{body: d.lines, focus: [2]int{-1, -1}}
}
