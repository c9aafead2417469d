package taskmaster

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// Every message has its pt-BR text, with the same placeholders and the
// CLDR forms, and every message is used by some code.
func TestMessagesComplete(t *testing.T) {
	i18ntest.Complete(t, i18ntest.Options{
		Same: append([]string{"task-master", "pickup", "Tag", "Tags", "tasks.json"}, i18ntest.Verbs...),
		SameFields: []string{
			"JSONAt", "CellTask", "TagLine", "PromptItem",
		},
	}, Catalogs)
}

// A Portuguese session says nothing of its own in English: only what it
// quotes from tasks.json, and task-master's own words.
func TestNoEnglishInPortuguese(t *testing.T) {
	dir := testkit.Fixture(t, filepath.Join(fixtures, "in-progress-parent"))
	path := filepath.Join(dir, ".taskmaster/tasks/tasks.json")
	l := Loader{Lang: i18n.PortugueseBR}
	paths, err := l.Discover(dir)
	if err != nil || len(paths) != 1 {
		t.Fatalf("discover %v %v", paths, err)
	}
	s, err := l.Load(dir, paths[0])
	if err != nil {
		t.Fatal(err)
	}
	src := []string{testkit.Read(t, path), testkit.Read(t, filepath.Join(dir, ".taskmaster/state.json")),
		"task-master next", "task-master set-status", "task-master show", "task-master list", "in-progress", "pending", "done"}
	check := func(what, text string) {
		t.Helper()
		i18ntest.NoEnglish(t, what, text, src...)
	}
	check("reason", s.ResumePoint.Reason)
	check("prompt", s.Prompt)
	for c, p := range s.Policy {
		check(string(c)+" hint", p.Hint)
		check(string(c)+" confirm", p.Confirm)
		check(string(c)+" disabled", p.Disabled)
	}
	for _, sec := range s.Sections {
		check("section "+sec.Title, sec.Title+"\n"+strings.Join(sec.Lines, "\n"))
	}
	if !strings.Contains(s.Prompt, "# Continuar a tag «master» do task-master") {
		t.Errorf("prompt not in Portuguese:\n%s", s.Prompt)
	}
	if a := l.Apply(s, model.Choice("x"), time.Now()); a.Err == nil || !strings.Contains(a.Err.Error(), "escolha desconhecida") {
		t.Errorf("unknown choice: %v", a.Err)
	}
}
