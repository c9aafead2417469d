// Package when reads the timestamps workflow files hold, in the shapes
// their writers use: RFC 3339 with or without a fraction, Python's
// isoformat() (microseconds, "+00:00", or no zone at all), a space for
// the "T", minutes without seconds, a bare date, and a trailing " UTC".
// A time written without a zone is UTC. Every loader reads its times
// through Parse, so a format accepts what the others accept.
package when

import (
	"strings"
	"time"
)

var layouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02 15:04Z07:00",
	"2006-01-02 15:04",
	"2006-01-02",
}

// Parse reads s (spaces around it ignored); ok is false when s is empty
// or in no shape Parse knows.
func Parse(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, false
	}
	if s[0] < '0' || s[0] > '9' {
		return time.Time{}, false
	}
	if t, ok := parse(s); ok {
		return t, true
	}
	if rest, ok := strings.CutSuffix(s, " UTC"); ok {
		return parse(rest)
	}
	return time.Time{}, false
}

func parse(s string) (time.Time, bool) {
	for _, l := range layouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
