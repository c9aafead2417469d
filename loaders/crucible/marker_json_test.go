package crucible

import (
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// A marker that is not JSON says why in the run's language, from what
// went wrong (Go's syntax error stays Go's words, at a byte in the
// language's words), not from its English text.
func TestMarkerJSONFaultsInEachLanguage(t *testing.T) {
	pt := Catalogs.For(i18n.PortugueseBR)
	for _, tc := range []struct{ in, en, ptBR string }{
		{`{"pipeline_id": }`, "not a JSON object: invalid character '}' looking for beginning of value at byte 17",
			"não é um objeto JSON: invalid character '}' looking for beginning of value (byte 17)"},
		{`"just a string"`, "not a JSON object: field  has the wrong type", "não é um objeto JSON: o valor tem o tipo errado"},
		{`[1, 2]`, "not a JSON object: field  has the wrong type", "não é um objeto JSON: o valor tem o tipo errado"},
	} {
		for _, l := range []struct {
			t    *Text
			want string
		}{{&english, tc.en}, {pt, tc.ptBR}} {
			_, err := parseMarker([]byte(tc.in), l.t)
			if err == nil || err.Error() != l.want {
				t.Errorf("%s: %v, want %q", tc.in, err, l.want)
			}
		}
	}
}
