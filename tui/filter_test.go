package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

var (
	keyCtrlW = tea.KeyPressMsg{Code: 'w', Mod: tea.ModCtrl}
	keyCtrlA = tea.KeyPressMsg{Code: 'a', Mod: tea.ModCtrl}
)

// filterShown is the filter line as the screen shows it.
func filterShown(t *testing.T, m Model) string {
	t.Helper()
	for _, l := range strings.Split(plain(m), "\n") {
		if strings.HasPrefix(l, "/") {
			return strings.TrimSpace(l)
		}
	}
	t.Fatalf("no filter line on screen:\n%s", plain(m))
	return ""
}

// TestFilterIsATextField: the picker's filter edits as a text field
// does: ← and → move the cursor (the caret shows where), typing inserts
// there, ctrl+w deletes the word before the cursor, ctrl+a goes to the
// start; the rows follow what the field holds.
func TestFilterIsATextField(t *testing.T) {
	m := newPicker(t, pickerSessions(), 80, 24, nil)
	m, _ = press(t, m, keyRune('/'))
	m = typeText(t, m, "kin")
	m, _ = press(t, m, keyLeft)
	if got := filterShown(t, m); got != "/ki▏n" {
		t.Fatalf("after ←: filter line %q, want the caret before n", got)
	}
	m = typeText(t, m, "l")
	if got := filterShown(t, m); got != "/kil▏n" {
		t.Fatalf("typing at the cursor: %q, want /kil▏n", got)
	}
	if got := strings.Join(shownSources(m), " "); got != "kiln" {
		t.Fatalf("filter kiln: rows %q, want kiln", got)
	}
	m, _ = press(t, m, keyRight)
	m = typeText(t, m, " crash")
	m, _ = press(t, m, keyCtrlW)
	if got := filterShown(t, m); got != "/kiln ▏" {
		t.Fatalf("ctrl+w: %q, want the last word gone", got)
	}
	m, _ = press(t, m, keyCtrlA)
	m = typeText(t, m, "shop ")
	if got := filterShown(t, m); got != "/shop ▏kiln" {
		t.Fatalf("ctrl+a then typing: %q", got)
	}
	m, _ = press(t, m, keyEnter)
	if !strings.Contains(plain(m), "filter: shop kiln") {
		t.Fatalf("enter keeps the filter:\n%s", plain(m))
	}
	// / again edits the kept filter, cursor at its end.
	m, _ = press(t, m, keyRune('/'))
	if got := filterShown(t, m); got != "/shop kiln ▏" {
		t.Fatalf("/ again: %q", got)
	}
	// A terminal's paste goes in at the cursor, on one line.
	m = update(t, m, tea.PasteMsg{Content: "checkout"})
	if got := filterShown(t, m); !strings.HasPrefix(got, "/shop kiln checkout▏") {
		t.Fatalf("paste: %q", got)
	}
}

// TestBrowserFilterIsATextField: the artifact browser's filter is the
// same field.
func TestBrowserFilterIsATextField(t *testing.T) {
	w := newBrowserWorld(t, false)
	m := newBrowser(t, w, 80, 24, nil)
	m, _ = keys(t, m, keyRune('/'))
	for _, r := range "son" {
		m, _ = keys(t, m, keyRune(r))
	}
	m, _ = keys(t, m, keyLeft, keyLeft, keyLeft, keyRune('j'))
	if got := filterShown(t, m); got != "/j▏son" {
		t.Fatalf("filter line %q", got)
	}
	if got := len(m.shownArtifacts()); got != 2 {
		t.Fatalf("filter json: %d shown", got)
	}
}
