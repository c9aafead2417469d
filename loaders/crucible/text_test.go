package crucible

import (
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/loaders"
)

// Every sentence has its translation in messages/pt-BR.json, with the
// same placeholders, and every message is used.
func TestTextCatalogsComplete(t *testing.T) {
	i18ntest.Complete(t, i18ntest.Options{
		Same: []string{"dry-run", "checkpoint", "git checkout", "pickup plan --json", "Seq", "Template", "Status", "Checkpoints", "Scratch", "Skill"},
		// Values around the word checkpoint, a seq or a commit.
		SameFields: []string{"ResumeCheckpoint", "SeqWhy", "OneCommit", "CrashContext"},
	}, Catalogs)
}

// Seed 004's replay plan in pt-BR keeps its structure: the same lines,
// the same table columns, the headings and labels in Portuguese.
func TestPlanTextInPortuguese(t *testing.T) {
	w, ids := crashWorld(t)
	_, en := w.load()
	_, pt := w.load(func(o *loaders.Options) { o.Lang = i18n.PortugueseBR })
	el, pl := en.Plan.Text(), pt.Plan.Text()
	if len(el) != len(pl) {
		t.Fatalf("%d lines in English, %d in pt-BR:\n%s", len(el), len(pl), strings.Join(pl, "\n"))
	}
	text := strings.Join(pl, "\n")
	want := "# Plano de Replay (dry-run)\n\n" +
		"**Origem:** " + w.manifest() + "\n" +
		"**Pipeline original:** build | Sessão: " + w.sid + " | Início: 2026-03-24T12:00:00Z\n" +
		"**Crashou em:** Fase 4, seq 10 inquisitor (10-inquisitor.md) estava em andamento\n" +
		"**Ponto de retomada:** fronteira da Fase 4 (pre-code-review, checkpoint " + ids["pre-code-review"][:8] + " tirado em 2026-03-24 12:25:50)\n" +
		"**Trabalho preservado:** 24m 38s (fases 1 a 3)\n\n" +
		"## Despachos a pular (verificados completos)\n\n" +
		"| Seq | Papel | Fase | Resumo | Por quê |\n|-----|------|-------|---------|-----|\n"
	if !strings.HasPrefix(text, want) {
		t.Fatalf("plan text:\n%s\n\nwant prefix:\n%s", text, want)
	}
	if !strings.Contains(text, "## Despachos a executar de novo\n\n| Seq | Papel | Fase | Status original | Template | Por quê |") {
		t.Errorf("plan text:\n%s", text)
	}
	var compact []string
	for _, sec := range pt.Sections {
		if sec.Title == "Plano de replay" {
			compact = sec.Lines
		}
	}
	if len(compact) == 0 || !strings.HasPrefix(compact[0], "Crashou em: ") || !strings.Contains(strings.Join(compact, "\n"), "Pular 8 despachos, executar 2 de novo:") {
		t.Errorf("dashboard plan: %q", compact)
	}
}
