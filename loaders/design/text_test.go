package design

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// Every sentence has its translation in messages/pt-BR.json, with the
// same placeholders, and every message is used.
func TestTextCatalogsComplete(t *testing.T) {
	i18ntest.Complete(t, i18ntest.Options{
		Same:       []string{"TDD", "BDD", "Design", "Tickets", "tickets", "ADR", "ADRs", "Checkpoints", "null"},
		SameFields: []string{"TicketsSummary"},
	}, Catalogs)
}

// Seed 003's listing in pt-BR keeps its structure: the same lines, the
// same marks, the stages and the menu in Portuguese.
func TestListingInPortuguese(t *testing.T) {
	project, err := filepath.Abs(filepath.Join("..", "..", "testdata", "design", "listing"))
	if err != nil {
		t.Fatal(err)
	}
	load := func(l i18n.Lang) *model.Session {
		t.Helper()
		ld := New(loaders.Options{Lang: l, Plain: true})
		paths, err := ld.Discover(project)
		if err != nil || len(paths) == 0 {
			t.Fatalf("Discover: %v %v", paths, err)
		}
		s, err := ld.Load(project, paths[0])
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	en, pt := load(i18n.English), load(i18n.PortugueseBR)
	if len(en.Report) != len(pt.Report) {
		t.Fatalf("the listing has %d lines in English, %d in pt-BR:\n%s\n---\n%s", len(en.Report), len(pt.Report),
			strings.Join(en.Report, "\n"), strings.Join(pt.Report, "\n"))
	}
	got := strings.Join(pt.Report, "\n")
	for _, want := range []string{`Sessão de design existente encontrada para "user-export"`, "Progresso:",
		"[x] Etapa 0: Esclarecimento - Completa", "[~] Etapa 3: Design - Em andamento", "Etapa 4-7: Pendente",
		"Opções:", "1. Retomar da Etapa 3", "(recomendado)", "Ver os artefatos atuais"} {
		if !strings.Contains(got, want) {
			t.Errorf("pt-BR listing lacks %q:\n%s", want, got)
		}
	}
	if !strings.Contains(strings.Join(en.Report, "\n"), `Found existing design session for "user-export"`) {
		t.Errorf("English listing:\n%s", strings.Join(en.Report, "\n"))
	}
}

// The menu, the REVIEW sections, the plan, the prompt and the results of
// a /design session in pt-BR: seed 003's structure in Portuguese, the
// same session as in English otherwise.
func TestSessionInPortuguese(t *testing.T) {
	project := fixture(t, "listing")
	_, en := only(t, project, loaders.Options{})
	_, pt := only(t, project, loaders.Options{Lang: i18n.PortugueseBR})
	if pt.ID != en.ID || pt.Stage != en.Stage || pt.Status != en.Status || len(pt.Phases) != len(en.Phases) || len(pt.Warnings) != len(en.Warnings) {
		t.Errorf("the language changed more than the words: %+v\nvs %+v", pt, en)
	}
	// Stage names are seed 003's in every language: the machine
	// contract (JSON); the screens translate them.
	if en.ResumePoint.Phase != "Stage 3: Design" || pt.ResumePoint.Phase != "Stage 3: Design" {
		t.Errorf("resume phase: en %q, pt %q", en.ResumePoint.Phase, pt.ResumePoint.Phase)
	}
	for i, ph := range pt.Phases {
		if want := PhaseName(i); ph.Name != want || en.Phases[i].Name != want {
			t.Errorf("phase %d is %q in pt-BR, %q in English, want %q", i, ph.Name, en.Phases[i].Name, want)
		}
	}
	var sections []string
	for _, s := range pt.Sections {
		sections = append(sections, s.Title+"\n"+strings.Join(s.Lines, "\n"))
	}
	for what, c := range map[string]struct {
		got  string
		want []string
	}{
		"continue": {pt.Policy[model.Continue].Label + " - " + pt.Policy[model.Continue].Hint,
			[]string{"Retomar da Etapa 3 - alternativas geradas, aguardando escolha"}},
		"restart": {pt.Policy[model.Restart].Hint, []string{"a sessão é arquivada; uma nova começa com todas as etapas pendentes"}},
		"discard": {pt.Policy[model.Discard].Confirm, []string{"Mover .claude/design/sessions/user-export.session.json para .claude/design/sessions/archive/user-export.<timestamp>.session.json?",
			"Nada é apagado: mova de volta para retomar a sessão. Nenhuma sessão nova é criada."}},
		"reason":   {pt.ResumePoint.Reason, []string{"a Etapa 3 é a primeira etapa não completa"}},
		"sections": {strings.Join(sections, "\n"), []string{"Artefatos", "Próximo passo", "CONTINUE: Leia .claude/design/user-export-analysis.md e apresente todas as alternativas.", `Pergunte: "Com qual alternativa você quer seguir?"`, "Checkpoints"}},
		"plan":     {strings.Join(pt.Plan.Lines, "\n"), []string{`Sessão de design "user-export"`, "CONTINUE retoma na Etapa 3: Design (3a): ", "Etapas:", "  completa     Etapa 0: Esclarecimento", "  em andamento Etapa 3: Design", "RESTART recomeçaria na Etapa 0: Esclarecimento: "}},
		"prompt":   {pt.Prompt, []string{"# Retomar /design: «user-export»\n", "Retome a sessão de design de **«user-export»** na **Etapa 3: Design** (3a).", "## Próximo passo", "## Progresso", "- [x] Etapa 0: Esclarecimento", "Arquivo de sessão: `.claude/design/sessions/user-export.session.json`."}},
		"outcome":  {pt.Outcomes[model.Continue], []string{"Retomando /design user-export na Etapa 3: Design (3a): Leia "}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.got, w) {
				t.Errorf("%s lacks %q:\n%s", what, w, c.got)
			}
		}
	}
	if !strings.Contains(strings.Join(en.Plan.Lines, "\n"), "  in_progress Stage 3: Design") {
		t.Errorf("English plan:\n%s", strings.Join(en.Plan.Lines, "\n"))
	}
}

// atelier's state in pt-BR: its menu and its counts agree in number.
func TestAtelierInPortuguese(t *testing.T) {
	project := t.TempDir()
	p := filepath.Join(project, ".atelier", "state.json")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(`{"phase": "design", "feature": "user-auth", "locked_files": ["a.py", "b.py"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := NewAtelier(loaders.Options{Lang: i18n.PortugueseBR}).Load(project, p)
	if err != nil {
		t.Fatal(err)
	}
	c := s.Policy[model.Continue]
	if c.Label != "Retomar a fase design" || c.Hint != "/design de user-auth" {
		t.Errorf("continue: %q - %q", c.Label, c.Hint)
	}
	if got := strings.Join(s.Warnings, "\n"); !strings.Contains(got, "2 arquivos travados (state_manager.sh lock): a.py, b.py") ||
		!strings.Contains(got, "nenhum updated_at legível") {
		t.Errorf("warnings:\n%s", got)
	}
	if s.ResumePoint.Reason != "state.json registra a fase design" {
		t.Errorf("reason %q", s.ResumePoint.Reason)
	}
}
