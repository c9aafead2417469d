package i18n

import (
	"testing"
	"time"
)

func TestUnits(t *testing.T) {
	pt, en := UnitsIn(PortugueseBR), UnitsIn(English)
	for _, c := range []struct{ got, want string }{
		{pt.Elapsed(2 * time.Hour), "2 horas"},
		{pt.Elapsed(90 * time.Second), "1 minuto"},
		{pt.Span(90 * time.Second), "1 minuto 30 segundos"},
		{en.Span(6 * time.Minute), "6 minutes"},
		{en.Elapsed(72 * time.Hour), "3 days"},
		{UnitsIn("fr").Elapsed(time.Second), "1 second"},
		{Units{}.Elapsed(2 * time.Minute), "2 minutes"},
		// CLDR: English says other for 0, Portuguese one.
		{en.Elapsed(0), "0 seconds"},
		{pt.Elapsed(0), "0 segundo"},
		{pt.Span(0), "0 segundo"},
		{en.Span(0), "0 seconds"},
		{en.Span(2*time.Hour + 5*time.Minute), "2 hours 5 minutes"},
		{pt.Elapsed(30 * 24 * time.Hour), "30 dias"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
