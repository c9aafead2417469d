package model

import "time"

// Elapsed renders a duration the way a person says it, in English
// (EnglishUnits.Elapsed): "30 minutes", "2 hours", "3 days".
func Elapsed(d time.Duration) string { return EnglishUnits.Elapsed(d) }

// Span renders a wait or a length of time in English words, to the
// second and rounded up (EnglishUnits.Span): "1 minute 30 seconds".
func Span(d time.Duration) string { return EnglishUnits.Span(d) }
