package tui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
)

// filterField is a list's filter (the picker's, the browser's): a
// bubbles textinput does the editing (← → move the cursor, ctrl+w
// deletes a word, ctrl+a/ctrl+e or home/end go to the ends, ctrl+u and
// ctrl+k delete before and after the cursor), and typing tells whether
// keys go to it. The zero value is an empty field, not being typed.
type filterField struct {
	in     textinput.Model
	ready  bool
	typing bool
}

// value is the filter's text.
func (f filterField) value() string {
	if !f.ready {
		return ""
	}
	return f.in.Value()
}

// start gives the keys to the field, its cursor at the end.
func (f *filterField) start() {
	if !f.ready {
		in := textinput.New()
		// The screen draws the field itself (filterLine): no blinking
		// cursor, no prompt; no suggestions, and ctrl+v does not run a
		// clipboard program (a terminal's paste arrives as a PasteMsg).
		in.SetVirtualCursor(false)
		in.Prompt = ""
		km := textinput.DefaultKeyMap()
		for _, b := range []*key.Binding{&km.Paste, &km.AcceptSuggestion, &km.NextSuggestion, &km.PrevSuggestion} {
			b.SetEnabled(false)
		}
		in.KeyMap = km
		f.in, f.ready = in, true
	}
	f.in.Focus()
	f.in.CursorEnd()
	f.typing = true
}

// clear empties the field and ends the typing.
func (f *filterField) clear() {
	if f.ready {
		f.in.SetValue("")
		f.in.Blur()
	}
	f.typing = false
}

// edit applies a key to the field being typed: enter ends the typing
// and keeps the filter, esc (or backspace in an empty field) ends it and
// clears it, any other key edits the text. ok is false for the keys the
// list keeps (the arrows up and down, the page keys): they move the
// highlight while the filter is typed.
func (f *filterField) edit(k tea.KeyPressMsg) (ok bool) {
	switch k.String() {
	case "enter":
		f.in.Blur()
		f.typing = false
		return true
	case "esc":
		f.clear()
		return true
	case "backspace", "ctrl+h":
		if f.value() == "" {
			f.clear()
			return true
		}
	case "up", "down", "pgup", "pgdown":
		return false
	case "space":
		// Bubble Tea names the space bar; the field wants its text.
		k.Text = " "
	}
	if k.Text != "" {
		k.Text = clean(k.Text)
	}
	f.in, _ = f.in.Update(k)
	return true
}

// paste puts a terminal's paste into the field being typed.
func (f *filterField) paste(p tea.PasteMsg) {
	p.Content = oneLine(p.Content)
	f.in, _ = f.in.Update(p)
}

// caret splits the filter at its cursor: the text before and after it.
func (f filterField) caret() (before, after string) {
	r := []rune(f.value())
	pos := min(max(f.in.Position(), 0), len(r))
	return string(r[:pos]), string(r[pos:])
}

// pasted puts a terminal's paste into the filter being typed; elsewhere
// a paste does nothing.
func (m Model) pasted(p tea.PasteMsg) (tea.Model, tea.Cmd) {
	switch {
	case m.view == viewPicker && m.pick.filter.typing:
		m.pick.filter.paste(p)
		m.keepSel()
	case m.view == viewBrowser && m.browse.filter.typing:
		m.browse.filter.paste(p)
		m.moveArt(0)
	default:
		return m, nil
	}
	m.sync(false)
	return m, m.previewCmd()
}
