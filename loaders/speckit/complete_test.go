package speckit

import (
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
)

func TestEverySentenceHasItsTranslation(t *testing.T) {
	i18ntest.Complete(t, i18ntest.Options{
		Same:       []string{"spec-kit", "pickup", "tasks.md", "spec.md", "plan.md", "/speckit.plan", "/speckit.tasks", "/speckit.implement", "Feature", "Checklists"},
		SameFields: []string{"NextPlan", "NextTasks", "NotCurrent", "PhaseLine", "PromptFeature", "Feature", "Checklists"},
	}, Catalogs, words.Bundle())
}
