package main

import (
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
)

// Every language's command-line catalog is complete (only English for
// now: a second language is a catalog value, checked here).
func TestCLICatalogs(t *testing.T) {
	i18ntest.Check(t, cliCatalogs, i18ntest.Options{Same: []string{"pickup", "Flags"}})
}

func TestWorktreeCatalogs(t *testing.T) {
	i18ntest.Check(t, worktreeCatalogs, i18ntest.Options{Same: []string{"worktree"}})
}

func TestConvoCatalogs(t *testing.T) {
	i18ntest.Check(t, convoCatalogs, i18ntest.Options{Same: []string{"Codex"}})
}
