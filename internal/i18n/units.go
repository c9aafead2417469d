package i18n

import "time"

// Units are the names of time units in one language, singular and
// plural, for Elapsed and Span.
type Units struct {
	Second, Seconds, Minute, Minutes, Hour, Hours, Day, Days string
}

var units = map[Lang]Units{
	English:      {"second", "seconds", "minute", "minutes", "hour", "hours", "day", "days"},
	PortugueseBR: {"segundo", "segundos", "minuto", "minutos", "hora", "horas", "dia", "dias"},
}

// UnitsIn are l's time units (English's for a language pickup does not
// speak).
func UnitsIn(l Lang) Units {
	if u, ok := units[l]; ok {
		return u
	}
	return units[English]
}

// Elapsed renders a duration the way a person says it: "30 minutes",
// "2 hours", "3 days". It rounds down to the largest whole unit.
func (u Units) Elapsed(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	switch {
	case d < time.Minute:
		return Count(int(d/time.Second), u.Second, u.Seconds)
	case d < time.Hour:
		return Count(int(d/time.Minute), u.Minute, u.Minutes)
	case d < 48*time.Hour:
		return Count(int(d/time.Hour), u.Hour, u.Hours)
	default:
		return Count(int(d/(24*time.Hour)), u.Day, u.Days)
	}
}

// Span renders a wait or a length of time in words, to the second and
// rounded up: "45 seconds", "6 minutes", "1 minute 30 seconds", "2 hours
// 5 minutes". It never says "6m0s".
func (u Units) Span(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int((d + time.Second - 1) / time.Second)
	sizes := []struct {
		size      int
		one, many string
	}{{86400, u.Day, u.Days}, {3600, u.Hour, u.Hours}, {60, u.Minute, u.Minutes}, {1, u.Second, u.Seconds}}
	for i, x := range sizes {
		if s < x.size && x.size > 1 {
			continue
		}
		out := Count(s/x.size, x.one, x.many)
		if i+1 < len(sizes) {
			if r := s % x.size / sizes[i+1].size; r > 0 {
				out += " " + Count(r, sizes[i+1].one, sizes[i+1].many)
			}
		}
		return out
	}
	return Count(0, u.Second, u.Seconds)
}
