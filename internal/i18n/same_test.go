package i18n

import "testing"

func TestSameFindsTheFieldAtTheSamePlace(t *testing.T) {
	type cat struct{ A, B M }
	en := cat{A: T("a {x}"), B: T("b {x}")}
	pt := cat{A: T("á {x}"), B: T("bê {x}")}
	if m, ok := Same(&en, &en.B, &pt); !ok || m.F("1") != "bê 1" {
		t.Errorf("&en.B: %q %v", m.F("1"), ok)
	}
	other := T("b {x}")
	if _, ok := Same(&en, &other, &pt); ok {
		t.Error("a message outside the catalog was found in it")
	}
}
