package kiln

import (
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// What must come back first is said from the template read, in the
// run's language: the gate tool at its path, and the LAW's codex
// sentence, neither found again by its English words.
func TestHeldRoutesInPortuguese(t *testing.T) {
	pt := &Catalogs.For(i18n.PortugueseBR).F
	facts := FactsF{Stage: "build", Project: "demo"}
	gate := routeF(pt, "Rerun stage build after restoring the gate tool at /opt/kiln/gate.", facts)
	if want := "a ferramenta de gate em /opt/kiln/gate"; holdF(pt, gate.Action) != want || !strings.Contains(gate.Why, want) {
		t.Errorf("gate tool: hold %q why %q, want %q", holdF(pt, gate.Action), gate.Why, want)
	}
	if en := RouteForF("Rerun stage build after restoring the gate tool at /opt/kiln/gate.", facts); en.Action.Hold != "the gate tool at /opt/kiln/gate" || holdF(&englishF, en.Action) != en.Action.Hold {
		t.Errorf("English hold %q", en.Action.Hold)
	}
	law := routeF(pt, "The LAW needs an opposite-family ratifier; restore codex, then rerun stage build.", facts)
	if want := "em espera até que o codex volte a responder: a LAW precisa de um ratificador da família oposta e o codex não está respondendo"; law.Why != want {
		t.Errorf("LAW codex: why %q, want %q", law.Why, want)
	}
}
