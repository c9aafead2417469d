package i18n

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Lang
		ok   bool
	}{
		{"en", English, true},
		{"pt-BR", PortugueseBR, true},
		{"pt_BR.UTF-8", PortugueseBR, true},
		{"pt_BR", PortugueseBR, true},
		{"pt", PortugueseBR, true},
		{"pt_PT.UTF-8@euro", PortugueseBR, true}, // the Portuguese pickup has
		{"PT_br", PortugueseBR, true},
		{"en_GB.UTF-8", English, true},
		{"en-US", English, true},
		{"fr_FR.UTF-8", "", false},
		{"de", "", false},
		{"C", "", false},
		{"C.UTF-8", "", false},
		{"POSIX", "", false},
		{"", "", false},
		{"not a tag", "", false},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Parse(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		flag string
		env  func(string) string
		want Lang
	}{
		{"nothing set", "", env(), English},
		{"LANG", "", env("LANG", "pt_BR.UTF-8"), PortugueseBR},
		{"LC_MESSAGES before LANG", "", env("LC_MESSAGES", "en_US.UTF-8", "LANG", "pt_BR.UTF-8"), English},
		{"LC_ALL before LC_MESSAGES", "", env("LC_ALL", "pt_BR", "LC_MESSAGES", "en_US"), PortugueseBR},
		{"PICKUP_LANG before the locale", "", env("PICKUP_LANG", "en", "LC_ALL", "pt_BR.UTF-8"), English},
		{"the flag before everything", "pt-BR", env("PICKUP_LANG", "en", "LC_ALL", "en_US"), PortugueseBR},
		// The first one set decides, even in a language pickup does not
		// speak: French messages are asked for, English is what there is.
		{"first set decides", "", env("LC_ALL", "fr_FR.UTF-8", "LANG", "pt_BR.UTF-8"), English},
		{"C locale", "", env("LC_ALL", "C", "LANG", "pt_BR.UTF-8"), English},
		{"empty is not set", "", env("LC_ALL", "", "LANG", "pt"), PortugueseBR},
	}
	for _, tt := range tests {
		got, err := Detect(tt.flag, tt.env)
		if err != nil || got != tt.want {
			t.Errorf("%s: Detect = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
	if _, err := Detect("fr", env("LANG", "pt_BR")); err == nil || !strings.Contains(err.Error(), `--lang "fr"`) || !strings.Contains(err.Error(), "en and pt-BR") {
		t.Errorf("Detect(--lang fr) error = %v; want one naming the flag and the languages", err)
	}
}
