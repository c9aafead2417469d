package i18n

import (
	"embed"
	"time"
)

// ownText is internal/i18n's own messages: the time units as counts,
// one plural message per unit, for Elapsed and Span ("{n} minute", "{n}
// minutes"), and the system's words for errors (OSWords).
type ownText struct {
	Second, Minute, Hour, Day P
	OS                        osText
}

var englishOwn = ownText{
	Second: Plural("{n} second", "{n} seconds"),
	Minute: Plural("{n} minute", "{n} minutes"),
	Hour:   Plural("{n} hour", "{n} hours"),
	Day:    Plural("{n} day", "{n} days"),
	OS:     englishOS,
}

//go:embed messages
var messages embed.FS

// OwnBundle is internal/i18n's own messages in every language
// (messages/<lang>.json): the time units and the system's error words.
var OwnBundle = NewBundle(&englishOwn, messages, "messages")

// Units say spans of time in one language ("2 hours", "2 horas"), with
// the language's CLDR plural forms. The zero value speaks English.
type Units struct{ t *ownText }

// UnitsIn are l's time units (English's for a language pickup does not
// speak).
func UnitsIn(l Lang) Units { return Units{t: OwnBundle.For(l)} }

func (u Units) text() *ownText {
	if u.t == nil {
		return &englishOwn
	}
	return u.t
}

// Elapsed renders a duration the way a person says it: "30 minutes",
// "2 hours", "3 days". It rounds down to the largest whole unit.
func (u Units) Elapsed(d time.Duration) string {
	t := u.text()
	if d < 0 {
		d = 0
	}
	switch {
	case d < time.Minute:
		return t.Second.N(int(d / time.Second))
	case d < time.Hour:
		return t.Minute.N(int(d / time.Minute))
	case d < 48*time.Hour:
		return t.Hour.N(int(d / time.Hour))
	default:
		return t.Day.N(int(d / (24 * time.Hour)))
	}
}

// Span renders a wait or a length of time in words, to the second and
// rounded up: "45 seconds", "6 minutes", "1 minute 30 seconds", "2 hours
// 5 minutes". It never says "6m0s".
func (u Units) Span(d time.Duration) string {
	t := u.text()
	if d < 0 {
		d = 0
	}
	s := int((d + time.Second - 1) / time.Second)
	sizes := []struct {
		size int
		p    P
	}{{86400, t.Day}, {3600, t.Hour}, {60, t.Minute}, {1, t.Second}}
	for i, x := range sizes {
		if s < x.size && x.size > 1 {
			continue
		}
		out := x.p.N(s / x.size)
		if i+1 < len(sizes) {
			if r := s % x.size / sizes[i+1].size; r > 0 {
				out += " " + sizes[i+1].p.N(r)
			}
		}
		return out
	}
	return t.Second.N(0)
}
