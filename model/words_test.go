package model_test

import (
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/model"
)

// The core's sentences have every language, placeholders matching, and
// every one is used.
func TestWordsComplete(t *testing.T) {
	i18ntest.Complete(t, i18ntest.Options{
		Same: []string{"HEAD", "REVIEW", "CONTINUE", "DISCARD", "RESTART", "pickup", "pid"},
	}, model.WordBundle)
}

// WordsIn says the core's sentences, time units included, in the run's
// language; a core reason follows it, a loader's own reason stays.
func TestWordsIn(t *testing.T) {
	pt := model.WordsIn(i18n.PortugueseBR)
	if model.WordsIn(i18n.English) != &model.EnglishWords || model.WordsIn("xx").NoTimestamp != model.EnglishWords.NoTimestamp {
		t.Errorf("English and unknown languages speak English")
	}
	for _, c := range []struct{ got, want string }{
		{pt.Recent.F(pt.Units.Elapsed(2*time.Minute), pt.Units.Elapsed(30*time.Minute)), "atualizada há 2 minutos, dentro do limite de 30 minutos"},
		{pt.LockHeld(42, ""), "outro pickup (pid 42) está com esta sessão aberta"},
		{pt.LockHeld(42, "15:04"), "outro pickup (pid 42) está com esta sessão aberta desde 15:04"},
		{model.EnglishWords.AgentRunning("claude", 7, "web"), "claude (pid 7) is running in this project (in web)"},
		{model.EnglishWords.ConversationLive("codex", "ab12", 0), "codex conversation ab12 is open in a living process (its writer lock is held)"},
		{pt.Reason(model.ReasonNothingToClear), "não há arquivo de estado para arquivar"},
		{model.EnglishWords.Reason(model.ReasonIntegrity), model.ReasonIntegrity},
		{pt.Reason("a loader's own"), "a loader's own"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
