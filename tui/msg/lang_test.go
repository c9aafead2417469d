package msg

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/loaders/design"
	"github.com/pickup-dev/pickup/model"
)

// checkOptions are what every language may keep as English has it:
// proper names, the developer's loanwords seed 001 keeps in Portuguese
// ("Epic", "Story", "Restart", "workflow"…), and messages that are only
// symbols or only their values.
var checkOptions = i18ntest.Options{
	Same: []string{
		"pickup", "git", "kiln", "Kiln", "JSON", "PRD", "Checkpoint", "Cursor", "Feature",
		"Epic", "Story", "Stories", "stories", "story", "Tickets", "tickets", "Skill", "Pipeline", "Flags",
		"Branch", "branch", "editor", "pager", "pickup hook", "ok",
		"CONTINUE", "REVIEW", "RESTART", "DISCARD",
	},
	SameFields: []string{
		"UnitsCount",                                // "Stories 2/6 (33%)": the label is a value
		"Plain.HeaderProject", "Plain.HeaderSource", // "pickup: project (source)"
		"Plain.Phase",                      // "name: status"
		"UnitKinds.Story", "Picker.Branch", // seed 001's loanwords, and a value
		// Accessible mode's typed answers: n (não) and q (quit) serve
		// both languages.
		"Plain.NoWords[0]", "Plain.QuitWords[0]",
	},
	Empty: []string{
		"Local.WarnMark",
		"Local.ChoiceMarks.continue", "Local.ChoiceMarks.review",
		"Local.ChoiceMarks.restart", "Local.ChoiceMarks.discard",
	},
}

// Every catalog has every message, with the same placeholders and the
// language's plural forms, and says it in its own language; every
// message is used: a message added without its translation fails here.
func TestCatalogsComplete(t *testing.T) {
	for _, l := range i18n.Supported {
		if !Catalogs.Has(l) {
			t.Errorf("pickup speaks %s but tui/msg has no message file for it", l)
		}
	}
	i18ntest.Complete(t, checkOptions, Catalogs)
}

// The completeness check finds a message left out of the Portuguese
// file, one left in English, a placeholder lost and a plural form
// missing (the test above would fail on each).
func TestCatalogCheckFindsAMissingTranslation(t *testing.T) {
	data, err := messages.ReadFile("messages/pt-BR.json")
	if err != nil {
		t.Fatal(err)
	}
	var pt map[string]any
	if err := json.Unmarshal(data, &pt); err != nil {
		t.Fatal(err)
	}
	delete(pt["Keys"].(map[string]any), "Quit")
	delete(pt["Veto"].(map[string]any)["Class"].(map[string]any), "run")
	pt["Hook"].(map[string]any)["Cut"] = English.Hook.Cut
	pt["Unavailable"] = "indisponível"
	pt["Minutes"] = map[string]any{"other": "{n} minutos"}
	broken, err := json.Marshal(pt)
	if err != nil {
		t.Fatal(err)
	}
	files := fstest.MapFS{"m/pt-BR.json": {Data: broken}}
	r := &recorder{}
	i18ntest.Complete(r, checkOptions, i18n.NewBundle(&English, files, "m"))
	for _, want := range []string{"Keys.Quit has no pt-BR translation", "Veto.Class.run has no pt-BR translation",
		"Hook.Cut is still English", "Unavailable has placeholders [], English has [reason]", `Minutes lacks the "one" form`} {
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
	// CLDR: Portuguese says "one" for 0 as for 1.
	if got := c.Session.Lines(3, 3, 0, 2); got != "Mudou na linha 3: 0 linha removida(s), 2 linhas adicionada(s)" {
		t.Errorf("Session.Lines = %q", got)
	}
	if got := English.Session.Lines(3, 4, 0, 1); got != "Changed at lines 3-4: 0 lines removed, 1 line added" {
		t.Errorf("English Session.Lines = %q", got)
	}
	if For("xx") != &English || For(i18n.English) != &English {
		t.Errorf("For falls back to English")
	}
}

// For gives a language's catalog its Lang and the core's sentences in
// that language.
func TestForSetsLangAndCore(t *testing.T) {
	pt := For(i18n.PortugueseBR)
	if pt.Lang != i18n.PortugueseBR || Portuguese().Lang != i18n.PortugueseBR || English.Lang != i18n.English {
		t.Errorf("Lang: pt %q, Portuguese %q, English %q", pt.Lang, Portuguese().Lang, English.Lang)
	}
	if pt.Core.MismatchAsk != "Continuar aqui mesmo assim?" || English.Core.MismatchAsk != "Continue here anyway?" {
		t.Errorf("Core: %q / %q", pt.Core.MismatchAsk, English.Core.MismatchAsk)
	}
	if got := pt.Reason(model.ReasonNothingToClear); got != "não há arquivo de estado para arquivar" {
		t.Errorf("Reason = %q", got)
	}
	if got := pt.Core.Units.Elapsed(2 * time.Hour); got != "2 horas" {
		t.Errorf("Core.Units = %q", got)
	}
	if pt.Word("Phase") != "Fase" {
		t.Errorf("Word(Phase) = %q", pt.Word("Phase"))
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
