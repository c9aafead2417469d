package main

import (
	"strings"
	"testing"
)

// TestUsageErrorsFollowLangFlag: a usage error says itself in --lang's
// language, as it does in PICKUP_LANG's, wherever --lang stands among
// the arguments (the flags are parsed before --lang is read); --lang
// wins over the environment.
func TestUsageErrorsFollowLangFlag(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		env  []string
		args []string
		want string
	}{
		{nil, []string{"--lang", "pt-BR", "--bogus"}, "pickup: flag --bogus desconhecida"},
		{nil, []string{"--bogus", "--lang=pt-BR"}, "pickup: flag --bogus desconhecida"},
		{nil, []string{"status", "--lang", "pt-BR", "--crash-after"}, "pickup: a flag --crash-after precisa de um valor"},
		{[]string{"PICKUP_LANG=pt-BR"}, []string{"--lang", "en", "--bogus"}, "pickup: unknown flag --bogus"},
		{nil, []string{"status", "--", "--lang", "pt-BR", "--bogus"}, ""},
	} {
		r := pickupEnv(t, dir, c.env, c.args...)
		first, _, _ := strings.Cut(r.stderr, "\n")
		if c.want == "" {
			// After "--", --lang is an argument, not the flag.
			if strings.Contains(r.stderr, "desconhecid") || strings.Contains(r.stderr, "Rode") {
				t.Errorf("%v: --lang after -- was read: %q", c.args, r.stderr)
			}
			continue
		}
		if r.code != exitUsage || first != c.want {
			t.Errorf("%v %v: exit %d %q, want %q", c.env, c.args, r.code, first, c.want)
		}
	}
}
