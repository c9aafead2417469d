package when

import (
	"testing"
	"time"
)

func TestParseEveryShapeTheWritersUse(t *testing.T) {
	utc := func(s string) time.Time { v, _ := time.Parse(time.RFC3339Nano, s); return v }
	for in, want := range map[string]time.Time{
		"2026-11-24T13:45:12Z":             utc("2026-11-24T13:45:12Z"),
		"2026-11-24T13:45:12.123456+00:00": utc("2026-11-24T13:45:12.123456Z"),
		"2026-11-24T10:45:12-03:00":        utc("2026-11-24T13:45:12Z"),
		"2026-11-24T13:45:12.5":            utc("2026-11-24T13:45:12.5Z"),
		"2026-11-24T13:45:12":              utc("2026-11-24T13:45:12Z"),
		"2026-11-24T13:45Z":                utc("2026-11-24T13:45:00Z"),
		"2026-11-24T13:45":                 utc("2026-11-24T13:45:00Z"),
		"2026-11-24 13:45:12+01:00":        utc("2026-11-24T12:45:12Z"),
		"2026-11-24 13:45:12":              utc("2026-11-24T13:45:12Z"),
		"2026-11-24 13:45":                 utc("2026-11-24T13:45:00Z"),
		"2026-11-24":                       utc("2026-11-24T00:00:00Z"),
		"  2026-11-24 13:45:12 UTC ":       utc("2026-11-24T13:45:12Z"),
	} {
		got, ok := Parse(in)
		if !ok || !got.Equal(want) {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "yesterday", "2026-13-01", "24/11/2026", "T13:45", "2026-11-24 UTC UTC"} {
		if got, ok := Parse(in); ok {
			t.Errorf("Parse(%q) = %v, want no time", in, got)
		}
	}
}
