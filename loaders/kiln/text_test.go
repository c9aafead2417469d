package kiln

import (
	"reflect"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
)

func TestTextCatalogsComplete(t *testing.T) {
	i18ntest.Complete(t, i18ntest.Options{Same: []string{"Kiln", "CONTINUE", "REVIEW", "DISCARD", "pickup", "reset"}, SameFields: []string{"State.BrainstormTitle", "Mem.SubDebate"}, Empty: []string{"Mem.CompleteBlock[1]"}}, Catalogs)
}

// kiln's fixed words (messages/words.pt-BR.json) are complete too: the
// bundles this package declares besides Catalogs.
func TestWordsComplete(t *testing.T) {
	var words []i18n.AnyBundle
	for _, b := range i18n.Bundles() {
		if b.Source() == Catalogs.Source() && b != i18n.AnyBundle(Catalogs) {
			words = append(words, b)
		}
	}
	if len(words) == 0 {
		t.Fatal("kiln declares no words")
	}
	i18ntest.Complete(t, i18ntest.Options{Same: []string{"Kiln"}}, words...)
}

// Seed 000's banner in pt-BR keeps its structure: the same lines, the
// values lined up under the longest label; the prompt follows the
// language, its banner included.
func TestBannerInPortuguese(t *testing.T) {
	e := place(t, "execution", atProject)
	e.l.Lang = i18n.PortugueseBR
	s := e.load(t)
	want := []string{
		"=== Retomada do Kiln ===",
		"Projeto:  " + e.project,
		"Modo:     brownfield",
		"Etapa:    execution",
		"Fase:     3/4 Checkout flow",
		"Situação: in_progress",
		"Passagem: Phase 3 prompts sharpened; implementation of task 1 is next.",
		"=====================",
		"",
		"Contexto:",
	}
	if !reflect.DeepEqual(s.Report[:len(want)], want) {
		t.Fatalf("report:\n%s\nwant:\n%s", strings.Join(s.Report, "\n"), strings.Join(want, "\n"))
	}
	if got := strings.Join(s.Report, "\n"); !strings.Contains(got, "Próximo passo recomendado (do último reset): ") || !strings.Contains(got, "\nPróximo: fase 3/4 Checkout flow, Passo 4 (implement): último evento sharpen_complete em 2026-02-20 14:02\n") {
		t.Errorf("report:\n%s", got)
	}
	if !strings.HasPrefix(s.Prompt, "# Retomar o projeto do kiln: shop\n\n```text\n"+strings.Join(want[:8], "\n")+"\n```\n\nContexto:\n") {
		t.Errorf("the prompt's banner is the report's:\n%s", s.Prompt)
	}
	if !strings.Contains(s.Prompt, "\nRetomando a fase 3/4: Checkout flow — iniciando o Maestro.\n\nPonto de retomada: fase 3, Passo 4 (implement): ") {
		t.Errorf("prompt:\n%s", s.Prompt)
	}
}

// Counts in pt-BR take their form from CLDR's rules: "one" covers 0 and
// 1, so a count of 0 reads "0 tarefa terminada" (issue 25's one change
// of output); English keeps its own forms.
func TestCountsTakeCLDRForms(t *testing.T) {
	pt, en := Catalogs.For(i18n.PortugueseBR), Catalogs.For(i18n.English)
	for _, c := range []struct{ got, want string }{
		{pt.Mem.WhyTask.N(0, "task 1"), "a fase parou no meio da implementação; recomeçar da próxima tarefa incompleta (task 1; 0 tarefa terminada)"},
		{pt.Mem.WhyTask.N(1, "task 2"), "a fase parou no meio da implementação; recomeçar da próxima tarefa incompleta (task 2; 1 tarefa terminada)"},
		{pt.Mem.WhyTask.N(2, "task 3"), "a fase parou no meio da implementação; recomeçar da próxima tarefa incompleta (task 3; 2 tarefas terminadas)"},
		{en.Mem.WhyTask.N(0, "task 1"), "phase stopped mid-implementation; restart from the next incomplete task (task 1; 0 tasks finished)"},
		{en.Mem.WhyTask.N(1, "task 2"), "phase stopped mid-implementation; restart from the next incomplete task (task 2; 1 task finished)"},
		{pt.State.LedgerSummary.N(0, "seed", 4), "0 evento, o último seed (seq 4)"},
		{pt.State.LedgerSummary.N(5, "seed", 4), "5 eventos, o último seed (seq 4)"},
		{en.State.LedgerSummary.N(1, "seed", 4), "1 events, last seed (seq 4)"},
		{pt.Mem.PhaseTotalAdds.N(1, 5, "5"), "phase_total é 5, mas nada nomeia a fase 5; elas contam como pendentes"},
		{pt.Mem.PhaseTotalAdds.N(2, 6, "5, 6"), "phase_total é 6, mas nada nomeia as fases 5, 6; elas contam como pendentes"},
		{en.Mem.PhaseTotalAdds.N(2, 6, "5, 6"), "phase_total is 6, but nothing names phases 5, 6; they count as pending"},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
}
