package gsd

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/model"
)

// Every message has its pt-BR, with the same placeholders and CLDR
// forms, and every message is used.
func TestMessagesComplete(t *testing.T) {
	i18ntest.Complete(t, i18ntest.Options{
		Same:       []string{"GSD", "HANDOFF.json", "STATE.md", "ROADMAP.md", "SUMMARY"},
		SameFields: []string{"ContinueHint"},
	}, Catalogs)
}

// A Portuguese session says no English of its own: the resume reason,
// the alerts, the choices' words and the REVIEW blocks.
func TestPortugueseSessionHasNoEnglish(t *testing.T) {
	for _, name := range []string{"in-progress-plan-without-summary", "milestone-complete", "stale-agent", "handoff-paused"} {
		dir := fixture(t, name)
		ss := loadAll(t, New(i18n.PortugueseBR), dir)
		s := ss[0]
		var parts []string
		parts = append(parts, s.ResumePoint.Phase, s.ResumePoint.Reason)
		for _, a := range s.Alerts {
			parts = append(parts, a.Text)
		}
		for _, c := range model.AllChoices {
			p := s.Policy[c]
			parts = append(parts, p.Disabled, p.Hint, p.Confirm, p.Why, s.Outcomes[c])
		}
		for _, sec := range s.Sections {
			parts = append(parts, sec.Title)
		}
		parts = append(parts, s.Warnings...)
		text := strings.Join(parts, "\n")
		if !strings.Contains(text, "retom") && !strings.Contains(text, "avance") {
			t.Fatalf("%s: not Portuguese:\n%s", name, text)
		}
		// GSD's own commands stay as GSD spells them.
		i18ntest.NoEnglish(t, name, text, append(projectText(t, dir), "/gsd:undo --last 1")...)
	}
}

// projectText is what a session may quote from the project: every file's
// path, and the text of the files it reads whole.
func projectText(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		r, _ := filepath.Rel(dir, p)
		out = append(out, r)
		switch filepath.Base(p) {
		case "HANDOFF.json", "STATE.md", "current-agent-id.txt", "agent-history.json":
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, string(data))
		}
		return nil
	})
	return out
}
