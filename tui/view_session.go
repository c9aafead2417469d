package tui

import (
	"time"
)

// The smallest terminal pickup draws its screens on. Below it the screen
// says so (tooSmallLines) and only q and ctrl+c work, so no key acts on a
// choice the person cannot see.
const (
	minWidth  = 30
	minHeight = 8
)

// tooSmall reports whether the terminal is below the minimum. The final
// frame (done, quit) is one or two lines and is always drawn.
func (m Model) tooSmall() bool {
	return m.sized && (m.width < minWidth || m.height < minHeight) && !m.state.Terminal()
}

// tooSmallLines is the whole screen on a terminal below the minimum.
func (m Model) tooSmallLines(h int) []string {
	c, st := m.cat.Session, m.styles
	d := m.newDoc(m.width, true)
	d.text(sg(c.TooSmall.F(m.width, m.height, minWidth, minHeight), &st.Warning))
	d.text(sg(c.TooSmallQuit, &st.Subtle))
	return m.fit(d.lines, h)
}

// changedView is the failure screen of a write refused because the state
// file changed on disk: which file, its size and time when pickup read it
// and now, the changed lines, and r to read the session again.
func (m Model) changedView(w, lv int) part {
	st, g, c, sc := m.styles, m.styles.Glyphs, m.cat, m.cat.Session
	ch := m.changed
	top := m.newDoc(w, true)
	top.hang([]seg{sg(g.Error+" ", &st.Danger)}, sg(c.FailedTitle, &st.Danger))
	title := sc.ChangedTitle
	if ch.Gone {
		title = sc.GoneTitle
	}
	d := m.newDoc(w, noBlanks(lv))
	d.text(sg(title, &st.Warning))
	d.gap()
	ref := time.Time{}
	if ch.After.Known {
		ref = ch.After.ModTime
	} else if ch.Before.Known {
		ref = ch.Before.ModTime
	}
	d.hang([]seg{sg(c.FileLabel+": ", &st.Subtle)}, sg(oneLine(ch.Path), &st.Text))
	d.hang([]seg{sg(sc.WhenRead+": ", &st.Subtle)}, sg(m.stamp(ch.Before, false, ref), &st.Text))
	d.hang([]seg{sg(sc.OnDiskNow+": ", &st.Subtle)}, sg(m.stamp(ch.After, ch.Gone, ref), &st.Text))
	if df := ch.Diff; df != nil && !ch.Gone {
		d.blank()
		if df.Same {
			d.text(sg(sc.SameLines, &st.Text))
		} else {
			d.text(sg(sc.Lines(df.From, df.To, df.RemovedN, df.AddedN), &st.Text))
			limit := [...]int{lvRoomy: 6, lvTight: 4, lvPlain: 3, lvCompact: 2}[lv]
			shown := 0
			for i, l := range df.Removed {
				if i >= limit {
					break
				}
				d.line(st.Danger.Render("- ") + st.Text.Render(oneLine(l)))
				shown++
			}
			for i, l := range df.Added {
				if i >= limit {
					break
				}
				d.line(st.Success.Render("+ ") + st.Text.Render(oneLine(l)))
				shown++
			}
			if rest := df.RemovedN + df.AddedN - shown; rest > 0 {
				d.text(sg(sc.LinesMore.N(rest), &st.Subtle))
			}
		}
	}
	d.blank()
	if m.sio != nil && m.sio.Reload != nil {
		d.text(sg(sc.ReloadHint, &st.Text))
	} else {
		d.text(sg(c.NothingWritten, &st.Text))
		d.text(sg(c.FailedBack, &st.Subtle))
	}
	return part{sticky: top.lines, body: d.trimBlank(), focus: [2]int{-1, -1}}
}

// stamp is "812 B, modified 14:05:09" (with the date when it is not the
// day of ref), "gone", or "not recorded".
func (m Model) stamp(s Stamp, gone bool, ref time.Time) string {
	sc := m.cat.Session
	switch {
	case gone:
		return sc.Gone
	case !s.Known:
		return sc.Unknown
	}
	layout := "15:04:05"
	if y1, d1 := s.ModTime.Year(), s.ModTime.YearDay(); y1 != ref.Year() || d1 != ref.YearDay() {
		layout = "2006-01-02 15:04:05"
	}
	return sc.Stamp.F(m.cat.Size(s.Size), s.ModTime.Format(layout))
}
