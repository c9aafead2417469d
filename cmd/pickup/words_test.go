package main

import (
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
)

func TestWorktreeCatalogs(t *testing.T) {
	i18ntest.Check(t, worktreeCatalogs, i18ntest.Options{Same: []string{"worktree"}})
}

func TestConvoCatalogs(t *testing.T) {
	i18ntest.Check(t, convoCatalogs, i18ntest.Options{Same: []string{"Codex"}})
}
