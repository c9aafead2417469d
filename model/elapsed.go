package model

import (
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Elapsed renders a duration the way a person says it, in English
// (i18n.Units.Elapsed): "30 minutes", "2 hours", "3 days".
func Elapsed(d time.Duration) string { return i18n.UnitsIn(i18n.English).Elapsed(d) }

// Span renders a wait or a length of time in English words, to the
// second and rounded up (i18n.Units.Span): "1 minute 30 seconds".
func Span(d time.Duration) string { return i18n.UnitsIn(i18n.English).Span(d) }
