package i18n_test

import (
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
)

// The time units have every language's CLDR forms, and the system's
// words for errors are in every language.
func TestOwnMessagesComplete(t *testing.T) {
	i18ntest.Complete(t, i18ntest.Options{}, i18n.OwnBundle)
}
