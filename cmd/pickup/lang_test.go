package main

import (
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
)

// The command line's own words are in every language, with the same
// placeholders.
func TestCLICatalogsComplete(t *testing.T) {
	i18ntest.Check(t, cliCatalogs, i18ntest.Options{
		Same: []string{"pickup", "--lang", "--emit-lang", "--yes", "--help", "dry-run"},
	})
}
