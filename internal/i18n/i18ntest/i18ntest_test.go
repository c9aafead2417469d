package i18ntest

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
)

type keys struct{ Up, Quit string }

type text struct {
	Title   string
	Files   func(n int) string
	Resume  func(unit, phase string) string
	Writes  func(confirm bool) string
	Format  string // a printf format
	Choices map[string]string
	Steps   []string
	Keys    keys
	Sub     *keys
	Symbol  string
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func english() *text {
	return &text{
		Title:  "Sessions",
		Files:  func(n int) string { return plural(n, "file", "files") + " changed" },
		Resume: func(unit, phase string) string { return "Resuming " + unit + " at phase " + phase },
		Writes: func(confirm bool) string {
			if confirm {
				return "CONTINUE writes after a question"
			}
			return "CONTINUE writes"
		},
		Format:  "%d of %d",
		Choices: map[string]string{"continue": "CONTINUE - pick up where it stopped", "review": "REVIEW - see progress"},
		Steps:   []string{"Commit your changes", "Then run restart again"},
		Keys:    keys{Up: "up", Quit: "quit"},
		Sub:     &keys{Up: "up", Quit: "quit"},
		Symbol:  "…",
	}
}

func portuguese() *text {
	return &text{
		Title:  "Sessões",
		Files:  func(n int) string { return plural(n, "arquivo alterado", "arquivos alterados") },
		Resume: func(unit, phase string) string { return "Retomando " + unit + " na fase " + phase },
		Writes: func(confirm bool) string {
			if confirm {
				return "CONTINUE grava após uma pergunta"
			}
			return "CONTINUE grava"
		},
		Format:  "%d de %d",
		Choices: map[string]string{"continue": "CONTINUE - retomar de onde parou", "review": "REVIEW - ver o progresso"},
		Steps:   []string{"Faça commit das alterações", "Depois rode o restart de novo"},
		Keys:    keys{Up: "cima", Quit: "sair"},
		Sub:     &keys{Up: "cima", Quit: "sair"},
		Symbol:  "…",
	}
}

// recorder is a TB that keeps the errors.
type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func check(pt *text) []string {
	r := &recorder{}
	Check(r, i18n.Catalogs[text]{i18n.English: english(), i18n.PortugueseBR: pt}, Options{})
	return r.errs
}

func TestCompleteCatalogsPass(t *testing.T) {
	if errs := check(portuguese()); len(errs) > 0 {
		t.Errorf("a complete translation failed:\n%s", strings.Join(errs, "\n"))
	}
	r := &recorder{}
	Check(r, i18n.Catalogs[text]{i18n.English: english()}, Options{})
	if len(r.errs) > 0 {
		t.Errorf("a complete English catalog alone failed:\n%s", strings.Join(r.errs, "\n"))
	}
}

func TestEachDefectIsFound(t *testing.T) {
	tests := []struct {
		name  string
		spoil func(*text)
		want  string
	}{
		{"an empty string", func(c *text) { c.Title = "" }, "text.Title (pt-BR): empty"},
		{"a nil function", func(c *text) { c.Files = nil }, "text.Files (pt-BR): not set"},
		{"a missing map entry", func(c *text) { delete(c.Choices, "review") }, "text.Choices[review] (pt-BR): missing"},
		{"an extra map entry", func(c *text) { c.Choices["discard"] = "DISCARD - arquivar" }, "text.Choices[discard] (pt-BR): not in English"},
		{"a shorter list", func(c *text) { c.Steps = c.Steps[:1] }, "text.Steps (pt-BR): 1 entries, English has 2"},
		{"a nested field", func(c *text) { c.Keys.Quit = "" }, "text.Keys.Quit (pt-BR): empty"},
		{"a nil pointer", func(c *text) { c.Sub = nil }, "text.Sub (pt-BR): not set"},
		{"a dropped placeholder", func(c *text) {
			c.Resume = func(unit, phase string) string { return "Retomando " + unit }
		}, "text.Resume (pt-BR): with (\"‹s1›\", \"‹s2›\") uses [‹s1›], English uses [‹s1› ‹s2›]"},
		{"a dropped number", func(c *text) {
			c.Files = func(n int) string { return "arquivos alterados" }
		}, "text.Files (pt-BR): with (37) uses [], English uses [37]"},
		{"a changed printf verb", func(c *text) { c.Format = "%s de %d" }, "text.Format (pt-BR): printf verbs"},
		{"a string left in English", func(c *text) { c.Keys.Up = "up" }, `text.Keys.Up (pt-BR): still English: "up"`},
		{"a function left in English", func(c *text) {
			c.Resume = func(unit, phase string) string { return "Resuming " + unit + " at phase " + phase }
		}, "text.Resume (pt-BR): still English"},
		{"a bool branch left in English", func(c *text) {
			c.Writes = func(confirm bool) string {
				if confirm {
					return "CONTINUE writes after a question"
				}
				return "CONTINUE grava"
			}
		}, `text.Writes (pt-BR): still English: "CONTINUE writes after a question"`},
		{"a panicking function", func(c *text) {
			c.Files = func(n int) string { panic("no") }
		}, "text.Files (pt-BR): panics"},
	}
	for _, tt := range tests {
		pt := portuguese()
		tt.spoil(pt)
		errs := check(pt)
		found := false
		for _, e := range errs {
			if strings.Contains(e, tt.want) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want an error containing %q, got:\n%s", tt.name, tt.want, strings.Join(errs, "\n"))
		}
	}
}

func TestAllowLists(t *testing.T) {
	pt := portuguese()
	pt.Choices["continue"] = "CONTINUE" // only a verb: kept in every language
	pt.Title = "pickup"                 // a proper name
	pt.Keys.Up = "up"                   // allowed by path
	r := &recorder{}
	Check(r, i18n.Catalogs[text]{i18n.English: func() *text { e := english(); e.Choices["continue"] = "CONTINUE"; e.Title = "pickup"; return e }(), i18n.PortugueseBR: pt},
		Options{Same: []string{"pickup"}, SameFields: []string{"Keys.Up"}})
	if len(r.errs) > 0 {
		t.Errorf("allowed sameness reported:\n%s", strings.Join(r.errs, "\n"))
	}
	r = &recorder{}
	e := english()
	e.Symbol = ""
	Check(r, i18n.Catalogs[text]{i18n.English: e}, Options{Empty: []string{"Symbol"}})
	if len(r.errs) > 0 {
		t.Errorf("an allowed empty field reported:\n%s", strings.Join(r.errs, "\n"))
	}
}

func TestNoEnglishCatalog(t *testing.T) {
	r := &recorder{}
	Check(r, i18n.Catalogs[text]{i18n.PortugueseBR: portuguese()}, Options{})
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "no English catalog") {
		t.Errorf("errors = %v; want the missing English catalog", r.errs)
	}
}

func TestEnglish(t *testing.T) {
	src := "next_action: Operator ruling: gate blocked for slice payment-webhook\nstatus: in_progress\nnote: the end"
	for _, c := range []struct {
		text string
		want []string
	}{
		// pickup's own sentence around a quoted value: the value may be
		// English, the sentence may not.
		{"Próxima ação: Operator ruling: gate blocked for slice payment-webhook", nil},
		{"Situação: in_progress", nil},
		{"resume at the gate blocked for slice payment-webhook", []string{"at", "the"}},
		// A lone word from a source is not enough to quote it: "for"
		// and "the" are in the source, but not here in its order.
		{"espera for the operador", []string{"for", "the"}},
		// A source of two words is quoted whole.
		{"Nota: the end", nil},
		{"Arquivo de estado não encontrado", nil},
		{"The file is missing", []string{"the", "file", "is", "missing"}},
		// Capitals are enum values and verbs; a hyphenated word is one.
		{"write  DONE  histórico; # Plano de Replay (dry-run)", nil},
		{"THE file IS here", []string{"file", "here"}},
	} {
		if got := English(c.text, src, "the end"); !reflect.DeepEqual(got, c.want) {
			t.Errorf("English(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestNoEnglishFails(t *testing.T) {
	var rec recorder
	NoEnglish(&rec, "status", "Fases 1/4 · resume at design")
	if len(rec.errs) != 1 || !strings.Contains(rec.errs[0], "English left (at)") {
		t.Fatalf("errors: %q", rec.errs)
	}
	rec = recorder{}
	NoEnglish(&rec, "status", "Fases 1/4 · retomar em design")
	if len(rec.errs) != 0 {
		t.Fatalf("errors: %q", rec.errs)
	}
}
