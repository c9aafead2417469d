package design

import (
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// The reader's faults, said by the catalog: English word for word as
// the shared reader says them (the wording design's users have read),
// and pt-BR in Portuguese, one message per fault.
func TestReaderFaultsInEachLanguage(t *testing.T) {
	pt := Catalogs.For(i18n.PortugueseBR)
	cases := []struct{ in, pt string }{
		{"", "linha 1, coluna 1: o arquivo está vazio"},
		{"{\n  \"a\": 1\n  \"b\": 2\n}", "linha 3, coluna 3: '\"' inesperado: era esperada uma vírgula ou }"},
		{"{\"a\" 1}", "linha 1, coluna 6: '1' inesperado: eram esperados dois-pontos depois da chave \"a\""},
		{"{\"a\": tru}", "linha 1, coluna 7: 't' inesperado: era esperado um valor"},
		{"{\"a\": \"x\ny\"}", "linha 1, coluna 9: um texto não pode conter um caractere de controle cru (uma quebra de linha entre aspas?)"},
		{"{\"a\": [1, 2}", "linha 1, coluna 12: '}' inesperado: era esperada uma vírgula ou ]"},
		{"{\"a\": 1} x", "linha 1, coluna 10: texto inesperado depois do fim do valor JSON"},
		{"{\"a\": -}", "linha 1, coluna 7: número inválido"},
		{"{\"a\": \"\\x\"}", "linha 1, coluna 7: texto inválido: invalid character 'x' in string escape code"},
		{"[\"\\x", "linha 1, coluna 2: fim inesperado do arquivo: o texto não foi fechado"},
		{"{\n\"a\": {", "linha 2, coluna 7: fim inesperado do arquivo: o objeto aberto na linha 2 não foi fechado"},
		{"[1,\n", "linha 2, coluna 1: fim inesperado do arquivo: a lista aberta na linha 1 não foi fechada"},
		{"{\"a\":", "linha 1, coluna 6: fim inesperado do arquivo: falta um valor"},
		{"{\"a\": 1, \"b\"", "linha 1, coluna 13: fim inesperado do arquivo: eram esperados dois-pontos depois da chave \"b\""},
		{"{'a': 1}", "linha 1, coluna 2: '\\'' inesperado: era esperada uma chave entre aspas"},
		{"[1,", "linha 1, coluna 4: fim inesperado do arquivo: a lista aberta na linha 1 não foi fechada"},
		{"[1] ]", "linha 1, coluna 5: texto inesperado depois do fim do valor JSON"},
		{"[\"a\"\n", "linha 2, coluna 1: fim inesperado do arquivo: a lista aberta na linha 1 não foi fechada"},
		{strings.Repeat("[", 201), "linha 1, coluna 201: os valores se aninham a mais de 200 níveis"},
	}
	for _, tc := range cases {
		_, err := parseJSON([]byte(tc.in))
		if err == nil {
			t.Errorf("%q: no error", tc.in)
			continue
		}
		if got, want := err.in(&english), err.err.Error(); got != want {
			t.Errorf("%q in English: %q, want the reader's %q", tc.in, got, want)
		}
		if got := err.in(pt); got != tc.pt {
			t.Errorf("%q in pt-BR: %q, want %q", tc.in, got, tc.pt)
		}
	}
}

// What the reader read anyway, in each language: a byte order mark and
// trailing commas, counted by each language's plural rules.
func TestLeniencyWarningsInEachLanguage(t *testing.T) {
	for _, tc := range []struct {
		in       string
		en, ptBR []string
	}{
		{"\xEF\xBB\xBF{\"a\": [1,],}", []string{
			"the file starts with a byte order mark (U+FEFF), which JSON does not allow: read anyway",
			"the file has 2 trailing commas, which JSON does not allow: read anyway",
		}, []string{
			"o arquivo começa com uma marca de ordem de bytes (U+FEFF), que o JSON não permite: lido assim mesmo",
			"o arquivo tem 2 vírgulas sobrando, que o JSON não permite: lido assim mesmo",
		}},
		{"{\"a\": 1,}", []string{"the file has 1 trailing comma, which JSON does not allow: read anyway"},
			[]string{"o arquivo tem 1 vírgula sobrando, que o JSON não permite: lido assim mesmo"}},
	} {
		p, jerr := parseJSON([]byte(tc.in))
		if jerr != nil {
			t.Fatalf("%q: %v", tc.in, jerr)
		}
		for _, l := range []struct {
			t    *Text
			want []string
		}{{&english, tc.en}, {Catalogs.For(i18n.PortugueseBR), tc.ptBR}} {
			var got []string
			p.leniencyWarnings(func(w string) { got = append(got, w) }, l.t)
			if strings.Join(got, "\n") != strings.Join(l.want, "\n") {
				t.Errorf("%q: %q, want %q", tc.in, got, l.want)
			}
		}
	}
}
