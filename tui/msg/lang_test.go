package msg

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/loaders/design"
	"github.com/pickup-dev/pickup/model"
)

// checkOptions are what every language may keep as English has it:
// proper names, the developer's loanwords seed 001 keeps in Portuguese
// ("Epic", "Story", "Restart", "workflow"…), and fields that are only
// symbols or only their arguments.
var checkOptions = i18ntest.Options{
	Same: []string{
		"pickup", "git", "kiln", "Kiln", "JSON", "PRD", "Checkpoint", "Cursor", "Feature",
		"Epic", "Story", "Stories", "stories", "Tickets", "tickets", "Skill", "Pipeline", "Flags",
		"Branch", "branch", "editor", "pager", "pickup hook", "ok",
	},
	SameFields: []string{
		"Catalog.Unit",       // kind and id: "story 12.3"
		"Catalog.UnitsCount", // "Stories 2/6 (33%)": the label is an argument
		// Accessible mode's typed answers: n (não) and q (quit) serve
		// both languages.
		"Plain.NoWords[0]", "Plain.QuitWords[0]",
	},
	Empty: []string{
		"Catalog.Local.WarnMark",
		"Catalog.Local.ChoiceMarks[continue]", "Catalog.Local.ChoiceMarks[review]",
		"Catalog.Local.ChoiceMarks[restart]", "Catalog.Local.ChoiceMarks[discard]",
	},
}

// Every catalog has every message, with the same placeholders, and says
// it in its own language: a message added without its translation fails
// here.
func TestCatalogsComplete(t *testing.T) {
	if !Catalogs.Has(i18n.PortugueseBR) {
		t.Fatal("no pt-BR catalog")
	}
	for _, l := range i18n.Supported {
		if !Catalogs.Has(l) {
			t.Errorf("pickup speaks %s but tui/msg has no catalog for it", l)
		}
	}
	i18ntest.Check(t, Catalogs, checkOptions)
}

// The completeness check finds a message left out of the Portuguese
// catalog (the test above would fail on it).
func TestCatalogCheckFindsAMissingTranslation(t *testing.T) {
	pt := Portuguese
	pt.Keys.Quit = ""
	pt.Veto.Class = map[model.FileClass]string{model.ClassOther: "Suas outras mudanças"}
	pt.Hook.Cut = English.Hook.Cut
	r := &recorder{}
	i18ntest.Check(r, i18n.Catalogs[Catalog]{i18n.English: &English, i18n.PortugueseBR: &pt}, checkOptions)
	for _, want := range []string{"Catalog.Keys.Quit (pt-BR): empty", "Catalog.Veto.Class[run] (pt-BR): missing", "Catalog.Hook.Cut (pt-BR): still English"} {
		if !strings.Contains(strings.Join(r.errs, "\n"), want) {
			t.Errorf("want %q among:\n%s", want, strings.Join(r.errs, "\n"))
		}
	}
}

type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// Times, plurals and numbers follow the language.
func TestPortugueseTimesAndNumbers(t *testing.T) {
	c := For(i18n.PortugueseBR)
	for min, want := range map[int]string{0: "agora mesmo", 1: "há 1 minuto", 30: "há 30 minutos", 60: "há 1 hora", 120: "há 2 horas", 3 * 24 * 60: "há 3 dias"} {
		if got := c.Elapsed(min); got != want {
			t.Errorf("Elapsed(%d) = %q, want %q", min, got, want)
		}
	}
	if got := c.ElapsedShort(120); got != "há 2h" {
		t.Errorf("ElapsedShort(120) = %q", got)
	}
	if got := c.Size(1536); got != "1,5 KiB" {
		t.Errorf("Size(1536) = %q, want 1,5 KiB", got)
	}
	if got := English.Size(1536); got != "1.5 KiB" {
		t.Errorf("English Size(1536) = %q", got)
	}
	if got := c.PickerFooter(2, 6, 0, 0, false, false); got != "mostrando 2 de 6" {
		t.Errorf("PickerFooter = %q", got)
	}
	if got := c.Blocked(1); got != "Restart bloqueado por mudanças não commitadas (1 arquivo)" {
		t.Errorf("Blocked(1) = %q", got)
	}
	if got := c.DecisionText(model.Decision{Action: model.ActionContinue, Context: map[string]any{"scene": "ch001_sc003"}, ResumePoint: model.ResumePoint{Phase: "write"}}); got != "Retomando cena ch001_sc003 na fase write" {
		t.Errorf("DecisionText = %q", got)
	}
	if For("xx") != &English || For(i18n.English) != &English {
		t.Errorf("For falls back to English")
	}
}

// seed 001's texts, word for word, in the plain status.
func TestPortugueseStatusIsSeed001(t *testing.T) {
	c := For(i18n.PortugueseBR)
	s := session()
	s.Fields = append(s.Fields, model.Field{Key: "phase", Label: "Phase", Value: "development"})
	crash := model.DetectCrash(s, now, model.DefaultCrashAfter)
	got := c.StatusText(s, crash, model.Options(s, crash))
	want := `Bem-vindo de volta! Você pausou há 2 horas.
Epic: Authentication System
Story: 12.3 - Implement JWT handler
Fase: development (1/6 completas)
Fases 1/6 · Stories 2/6 (33%)
Retomar em: development (in progress)
Opções:
  1. CONTINUE - Retomar de onde parou
  2. REVIEW - Ver progresso detalhado
  3. RESTART - Recomeçar story do início
  4. DISCARD - Abandonar e começar nova
Avisos:
  ! something odd
`
	if got != want {
		t.Errorf("StatusText:\n%s\nwant:\n%s", got, want)
	}
	s.LastAction = nil
	crash = model.DetectCrash(s, now, model.DefaultCrashAfter)
	got = c.StatusText(s, crash, model.Options(s, crash))
	if !strings.HasPrefix(got, "! Sessão anterior crashou.\nÚltima atualização: há 2 horas\n") {
		t.Errorf("crash status:\n%s", got)
	}
}

// Phase names pickup builds itself stay English in JSON; the screens
// say them in the catalog's language. The names are the design loader's.
func TestPhaseNames(t *testing.T) {
	for n := range design.Stages {
		if got := For(i18n.PortugueseBR).Phase(design.PhaseName(n)); got == design.PhaseName(n) {
			t.Errorf("the design loader's %q has no pt-BR name", got)
		}
	}
	pt := For(i18n.PortugueseBR)
	for in, want := range map[string]string{
		"Stage 4: Contracts": "Etapa 4: Contratos", "Phase 3": "Fase 3", "Phase 2.5": "Fase 2.5",
		"Phase": "Phase", "Phase two": "Phase two", "development": "development", "": "",
	} {
		if got := pt.Phase(in); got != want {
			t.Errorf("pt-BR Phase(%q) = %q, want %q", in, got, want)
		}
		if got := English.Phase(in); got != in {
			t.Errorf("English Phase(%q) = %q", in, got)
		}
	}
}
