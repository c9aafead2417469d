package fsx

import (
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
)

func TestUndoTextComplete(t *testing.T) {
	i18ntest.Complete(t, i18ntest.Options{}, UndoCatalogs)
}

// A refusal says its reason in English (Error, Why) and in the run's
// language (Reason), with the same values.
func TestUndoRefusalSaysItsReasonInALanguage(t *testing.T) {
	r := refuse("/p/a.md", &undoEnglish.ChangedSinceWrote, 7)
	if r.Why != "changed since operation 7 wrote it" || r.Error() != "/p/a.md: changed since operation 7 wrote it; nothing was undone" {
		t.Errorf("English: %q / %q", r.Why, r.Error())
	}
	if got := r.Reason(i18n.Lang("pt-BR")); got != "mudou desde que a operação 7 o escreveu" {
		t.Errorf("pt-BR: %q", got)
	}
	if got := (&UndoRefusedError{Path: "/p", Why: "plain"}).Reason(i18n.Lang("pt-BR")); got != "plain" {
		t.Errorf("a refusal made elsewhere: %q", got)
	}
}
