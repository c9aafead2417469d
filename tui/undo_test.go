package tui

import (
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/model"
)

// The done screen names the command that takes the write back, when the
// write gave one (cmd records every write in the operation log).
func TestDoneScreenNamesTheUndo(t *testing.T) {
	for _, undo := range []string{"pickup undo /home/ana/shop", ""} {
		r := &fakeRunner{applied: model.Applied{ArchivedTo: statePath + ".discarded.20260215T123000Z", Changed: []string{statePath}, Undo: undo}}
		m := newModel(t, normalState(t), r, 80, 24)
		m, _ = press(t, m, keyRune('4'))
		m = arm(t, m)
		m, _ = press(t, m, keyRune('y'))
		if m.Final().Screen != model.ScreenDone {
			t.Fatalf("screen %s", m.Final().Screen)
		}
		got := strings.Contains(flat(plain(m)), "To take this back: pickup undo /home/ana/shop")
		if got != (undo != "") {
			t.Fatalf("undo %q, done screen:\n%s", undo, plain(m))
		}
	}
}
