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
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}
