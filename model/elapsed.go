package model

import (
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Elapsed renders a duration the way a person says it: "30 minutes",
// "2 hours", "3 days". It rounds down to the largest whole unit.
func Elapsed(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	switch {
	case d < time.Minute:
		return i18n.Count(int(d/time.Second), "second", "seconds")
	case d < time.Hour:
		return i18n.Count(int(d/time.Minute), "minute", "minutes")
	case d < 48*time.Hour:
		return i18n.Count(int(d/time.Hour), "hour", "hours")
	default:
		return i18n.Count(int(d/(24*time.Hour)), "day", "days")
	}
}

// Span renders a wait or a length of time in words, to the second and
// rounded up: "45 seconds", "6 minutes", "1 minute 30 seconds", "2 hours
// 5 minutes". It never says "6m0s".
func Span(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int((d + time.Second - 1) / time.Second)
	units := []struct {
		size      int
		one, many string
	}{{86400, "day", "days"}, {3600, "hour", "hours"}, {60, "minute", "minutes"}, {1, "second", "seconds"}}
	for i, u := range units {
		if s < u.size && u.size > 1 {
			continue
		}
		out := i18n.Count(s/u.size, u.one, u.many)
		if i+1 < len(units) {
			if r := s % u.size / units[i+1].size; r > 0 {
				out += " " + i18n.Count(r, units[i+1].one, units[i+1].many)
			}
		}
		return out
	}
	return i18n.Count(0, "second", "seconds")
}
