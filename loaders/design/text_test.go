package design

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

func TestTextCatalogsComplete(t *testing.T) {
	i18ntest.Check(t, Catalogs, i18ntest.Options{
		Same:       []string{"TDD", "BDD", "Design", "Tickets", "tickets", "ADRs", "Checkpoints", "null"},
		SameFields: []string{"Text.Say[Tickets: %s (%s)]"},
	})
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
