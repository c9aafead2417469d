package tui

import (
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
)

// picker is the session list's UI state. The sessions themselves live in
// Model.sessions, newest first.
type picker struct {
	// sel is the id of the highlighted session; the cursor follows it
	// when the filter or the archived toggle changes the rows.
	sel string
	// showAll shows archived sessions too.
	showAll bool
	// filter narrows the rows.
	filter filterField
	// top is the first row drawn (render only what is visible).
	top int
}

// sortSessions orders sessions newest first; sessions without a
// timestamp go last, in the order given.
func sortSessions(in []*model.Session) []*model.Session {
	out := append([]*model.Session(nil), in...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.HasLastUpdated != b.HasLastUpdated {
			return a.HasLastUpdated
		}
		return a.LastUpdated.After(b.LastUpdated)
	})
	return out
}

func liveSessions(ss []*model.Session) []*model.Session {
	var out []*model.Session
	for _, s := range ss {
		if !s.Archived {
			out = append(out, s)
		}
	}
	return out
}

// matches reports whether every word of the filter appears (ignoring
// case) in one of the texts.
func matches(filter string, texts ...string) bool {
	hay := strings.ToLower(strings.Join(texts, "\x00"))
	for _, w := range strings.Fields(strings.ToLower(filter)) {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// sessionText is what the picker's filter looks in.
func sessionText(s *model.Session) []string {
	return []string{s.Source, s.Title, s.Stage, s.CurrentPhase(), s.Branch, s.ID, s.Path}
}

// pickRows are the sessions the picker shows, and the counts its footer
// gives: archived sessions (hidden unless showAll) and those the filter
// leaves out.
type pickRows struct {
	rows                       []*model.Session
	total, archived, unmatched int
}

func (m Model) pickerRows() pickRows {
	r := pickRows{total: len(m.sessions)}
	for _, s := range m.sessions {
		if s.Archived {
			r.archived++
			if !m.pick.showAll {
				continue
			}
		}
		if !matches(m.pick.filter.value(), sessionText(s)...) {
			r.unmatched++
			continue
		}
		r.rows = append(r.rows, s)
	}
	return r
}

// pickCursor is the highlighted row's index (0 when the highlighted
// session is not shown).
func (m Model) pickCursor(rows []*model.Session) int {
	for i, s := range rows {
		if s.ID == m.pick.sel {
			return i
		}
	}
	return 0
}

// moveSel moves the highlight by delta rows, clamped.
func (m *Model) moveSel(delta int) {
	rows := m.pickerRows().rows
	if len(rows) == 0 {
		return
	}
	i := min(max(m.pickCursor(rows)+delta, 0), len(rows)-1)
	m.pick.sel = rows[i].ID
}

// keepSel puts the highlight on a shown row after the rows changed.
func (m *Model) keepSel() {
	rows := m.pickerRows().rows
	if len(rows) > 0 {
		m.pick.sel = rows[m.pickCursor(rows)].ID
	}
}

// pickerKey handles a key on the picker.
func (m Model) pickerKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	km := &m.keys
	if m.pick.filter.typing {
		if m.pick.filter.edit(k) {
			m.keepSel()
			m.sync(false)
			return m, nil
		}
	}
	rows := m.pickerRows().rows
	switch {
	case key.Matches(k, km.Up):
		m.moveSel(-1)
	case key.Matches(k, km.Down):
		m.moveSel(1)
	case key.Matches(k, km.PageUp):
		m.moveSel(-m.pickPage())
	case key.Matches(k, km.PageDown):
		m.moveSel(m.pickPage())
	case key.Matches(k, km.Top):
		m.moveSel(-len(rows))
	case key.Matches(k, km.Bottom):
		m.moveSel(len(rows))
	case key.Matches(k, km.Filter):
		m.pick.filter.start()
	case key.Matches(k, km.Back):
		// esc clears the filter; with none it does nothing.
		m.pick.filter.clear()
		m.keepSel()
	case key.Matches(k, km.ShowAll):
		m.pick.showAll = !m.pick.showAll
		m.keepSel()
	case key.Matches(k, km.Browse):
		if len(rows) > 0 {
			return m.openBrowser(rows[m.pickCursor(rows)])
		}
	case key.Matches(k, km.Choose):
		if len(rows) > 0 {
			m.load(rows[m.pickCursor(rows)])
			m.sync(true)
			return m, tea.Batch(m.enterCmd(), m.openCmd(m.state.Session))
		}
	}
	m.sync(false)
	return m, nil
}

// backToPicker leaves the core's options screen for the picker. The core
// starts again on whichever session is chosen next.
func (m Model) backToPicker() (tea.Model, tea.Cmd) {
	s := m.state.Session
	if s != nil {
		m.pick.sel = s.ID
	}
	m.state = model.NewState(m.coreCfg)
	m.view = viewPicker
	m.hold, m.holdID, m.note, m.changed = Hold{}, "", "", nil
	m.sync(true)
	return m, m.closeCmd(s)
}
