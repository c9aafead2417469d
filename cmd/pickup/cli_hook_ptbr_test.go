package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/internal/testkit"
)

// Why a settings file cannot be edited is said in the run's language:
// in pt-BR no English clause is left around the file's path (only the
// JSON reader's own words, which are Go's).
func TestHookInstallRefusalsInPortuguese(t *testing.T) {
	var syntax error
	if err := json.Unmarshal([]byte("{\n  \"model\": \"opus\",\n}\n"), new(any)); err != nil {
		syntax = err
	}
	for name, tc := range map[string]struct{ data, want string }{
		"trailing comma":  {"{\n  \"model\": \"opus\",\n}\n", "não é JSON válido: "},
		"byte order mark": {"\xef\xbb\xbf{\"model\": \"opus\"}\n", "começa com uma marca de ordem de bytes"},
		"not an object":   {"[1, 2]\n", "é JSON válido, mas não é um objeto"},
		"key twice":       {"{\"model\": \"a\",\n \"model\": \"b\"}\n", `tem a chave "model" duas vezes num mesmo objeto (linhas 1 e 2)`},
		"hooks a list":    {`{"hooks": []}`, `tem "hooks" que não é um objeto`},
		"event a string":  {`{"hooks": {"SessionStart": "x"}}`, `tem "hooks.SessionStart" que não é uma lista`},
	} {
		t.Run(name, func(t *testing.T) {
			h := newHookHome(t)
			path := h.settingsPath("claude", "project")
			testkit.Write(t, path, tc.data)
			r := h.runEnv(t, []string{"PICKUP_LANG=pt-BR"}, "hook", "install", "--agent", "claude", "--scope", "project").want(t, exitCorrupted)
			if !strings.Contains(r.stderr, path+" "+tc.want) || !strings.Contains(r.stderr, "nada foi alterado") {
				t.Errorf("stderr %q, want %q", r.stderr, tc.want)
			}
			i18ntest.NoEnglish(t, name, r.stderr, path, syntax.Error())
		})
	}
}
