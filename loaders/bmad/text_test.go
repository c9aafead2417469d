package bmad

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/internal/testkit"
)

// TestMessagesComplete checks this package's bundles: its messages and
// its words (the test binary links tui's too, for the benchmark).
func TestMessagesComplete(t *testing.T) {
	var mine []i18n.AnyBundle
	for _, b := range i18n.Bundles() {
		if filepath.Base(b.Source()) == "bmad" {
			mine = append(mine, b)
		}
	}
	if len(mine) != 2 {
		t.Fatalf("%d bundles of this package, want its messages and its words", len(mine))
	}
	i18ntest.Complete(t, i18ntest.Options{
		Same: append([]string{"BMAD", "YAML"}, i18ntest.Verbs...),
		SameFields: []string{
			"TicksItem", "StoryLine", "CellReason", "Legend.done", "Legend.review",
			"Legend.in-progress", "Legend.ready-for-dev", "Legend.backlog",
			// The same words as aios's table (i18n.Word takes the first
			// package that declares a word).
			"Epic", "Story", "stories",
		},
	}, mine...)
}

// A Portuguese status of a real ledger says nothing in English but
// what it quotes from the files.
func TestPortugueseSessionHasNoEnglish(t *testing.T) {
	root := testkit.RealTempDir(t)
	testkit.CopyTree(t, "testdata/review-with-ledger-drift", root)
	paths, _ := Loader{}.Discover(root)
	s, err := Loader{Lang: i18n.PortugueseBR}.Load(root, paths[0])
	if err != nil {
		t.Fatal(err)
	}
	ledgerText := testkit.Read(t, paths[0])
	var texts []string
	texts = append(texts, s.ResumePoint.Reason)
	texts = append(texts, s.Warnings...)
	for _, a := range s.Alerts {
		texts = append(texts, a.Text)
	}
	for _, p := range s.Policy {
		texts = append(texts, p.Hint, p.Disabled, p.Why)
	}
	texts = append(texts, s.Sections[0].Lines...)
	srcs := []string{ledgerText, "bmad-sprint-status", "code-review", "dev-story", "create-story", "sprint-planning", "review", "in-progress", "ready-for-dev", "backlog", "done", "optional", "Status", "Senior Developer Review (AI)"}
	i18ntest.NoEnglish(t, "pt-BR session", strings.Join(texts, "\n"), srcs...)
	i18ntest.NoEnglish(t, "pt-BR prompt", s.Prompt, srcs...)
}
