package crucible

import (
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// TestCountsSpeakOneLanguage: a phase's dispatch counts in pt-BR say
// every status in Portuguese ("2 concluídos, 1 em andamento"), never
// crucible's English word beside a translated one.
func TestCountsSpeakOneLanguage(t *testing.T) {
	pt := Catalogs.For(i18n.PortugueseBR)
	c := map[string]int{StatusCompleted: 2, StatusDispatched: 1}
	if got, want := pt.countText(c), "2 concluídos, 1 em andamento"; got != want {
		t.Errorf("pt-BR: %q, want %q", got, want)
	}
	if got, want := pt.countText(map[string]int{StatusCompleted: 1}), "1 concluído"; got != want {
		t.Errorf("pt-BR one: %q, want %q", got, want)
	}
	if got, want := CountText(c), "2 completed, 1 in flight"; got != want {
		t.Errorf("en: %q, want %q", got, want)
	}
}
