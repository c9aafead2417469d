package i18ntest

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// recorder is a TB that keeps the errors.
type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
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
