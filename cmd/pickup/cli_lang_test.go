package main

import (
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// The language of a run: --lang, else PICKUP_LANG, else the first of
// LC_ALL, LC_MESSAGES, LANG that is set, else English. TestMain sets
// PICKUP_LANG=en; "PICKUP_LANG=" lets the locale decide.
func TestLanguageChoice(t *testing.T) {
	dir, _ := project(t, 2*time.Hour, "PAUSE", "development")
	const pt, en = "Bem-vindo de volta! Você pausou há 2 horas.", "Welcome back! You paused 2 hours ago."
	tests := []struct {
		name string
		env  []string
		args []string
		want string
	}{
		{"the default", []string{"PICKUP_LANG=", "LC_ALL=", "LC_MESSAGES=", "LANG="}, nil, en},
		{"LANG", []string{"PICKUP_LANG=", "LC_ALL=", "LC_MESSAGES=", "LANG=pt_BR.UTF-8"}, nil, pt},
		{"LANG pt", []string{"PICKUP_LANG=", "LC_ALL=", "LC_MESSAGES=", "LANG=pt"}, nil, pt},
		{"a Latin-1 locale", []string{"PICKUP_LANG=", "LC_ALL=", "LC_MESSAGES=", "LANG=pt_BR.ISO-8859-1"}, nil, pt},
		{"LC_MESSAGES before LANG", []string{"PICKUP_LANG=", "LC_ALL=", "LC_MESSAGES=en_US.UTF-8", "LANG=pt_BR.UTF-8"}, nil, en},
		{"LC_ALL before LC_MESSAGES", []string{"PICKUP_LANG=", "LC_ALL=pt_BR.UTF-8", "LC_MESSAGES=en_US.UTF-8"}, nil, pt},
		{"PICKUP_LANG before the locale", []string{"PICKUP_LANG=pt-BR", "LC_ALL=en_US.UTF-8"}, nil, pt},
		{"--lang before PICKUP_LANG", []string{"PICKUP_LANG=pt-BR"}, []string{"--lang", "en"}, en},
		{"--lang pt-BR", nil, []string{"--lang", "pt-BR"}, pt},
	}
	for _, tt := range tests {
		r := pickupEnv(t, dir, tt.env, append([]string{"status", "--long"}, tt.args...)...).want(t, exitOK)
		if !strings.Contains(r.stdout, tt.want) {
			t.Errorf("%s: status lacks %q:\n%s", tt.name, tt.want, r.stdout)
		}
	}
}

// A language pickup does not speak is a usage error when asked for with
// a flag, English when the locale names it.
func TestBadLanguage(t *testing.T) {
	dir, _ := project(t, 2*time.Hour, "PAUSE", "development")
	r := pickup(t, dir, "status", "--lang", "fr").want(t, exitUsage)
	if !strings.Contains(r.stderr, `--lang "fr": pickup speaks en, pt-BR`) || r.stdout != "" {
		t.Errorf("stdout %q stderr %q", r.stdout, r.stderr)
	}
	r = pickupEnv(t, dir, []string{"PICKUP_LANG=pt-BR"}, "status", "--lang", "xx-YY").want(t, exitUsage)
	if !strings.Contains(r.stderr, `o pickup fala en, pt-BR`) || !strings.Contains(r.stderr, "Rode 'pickup status --help' para ver o uso.") {
		t.Errorf("the usage error is in the environment's language: %q", r.stderr)
	}
	pickup(t, dir, "resume", "--choice", "continue", "--emit", "prompt", "--emit-lang", "fr").want(t, exitUsage)
	r = pickupEnv(t, dir, []string{"PICKUP_LANG=pt-BR"}, "status", "--source", "xx").want(t, exitUsage)
	if !strings.Contains(r.stderr, `pickup: --source "xx" desconhecido (conhecidos: `) {
		t.Errorf("a usage error in pt-BR: %q", r.stderr)
	}
	r = pickupEnv(t, dir, []string{"PICKUP_LANG=", "LC_ALL=fr_FR.UTF-8"}, "status", "--long").want(t, exitOK)
	if !strings.Contains(r.stdout, "Welcome back!") {
		t.Errorf("a French locale reads English:\n%s", r.stdout)
	}
}

// JSON keys, enum values and exit codes are the same in every language.
func TestJSONIsTheSameContract(t *testing.T) {
	dir, _ := project(t, 2*time.Hour, "GO", "development")
	for _, args := range [][]string{
		{"status", "--json"},
		{"resume", "--choice", "continue", "--json"},
		{"resume", "--choice", "restart", "--json"},
		{"resume", "--choice", "discard", "--json"},
	} {
		en := pickup(t, dir, args...)
		pt := pickupEnv(t, dir, []string{"PICKUP_LANG=pt-BR"}, args...)
		if en.code != pt.code {
			t.Errorf("%v: exit %d in English, %d in pt-BR", args, en.code, pt.code)
		}
		ej, pj := en.json(t), pt.json(t)
		if a, b := keyPaths("", ej), keyPaths("", pj); !reflect.DeepEqual(a, b) {
			t.Errorf("%v: keys differ:\nen %v\npt %v", args, a, b)
		}
		for _, k := range []string{"resume_action", "choice", "veto", "blocked"} {
			if !reflect.DeepEqual(ej[k], pj[k]) {
				t.Errorf("%v: %s = %v in English, %v in pt-BR", args, k, ej[k], pj[k])
			}
		}
		if args[0] == "status" {
			es, ps := ej["sessions"].([]any)[0].(map[string]any), pj["sessions"].([]any)[0].(map[string]any)
			for _, k := range []string{"standing", "crashed", "source", "id"} {
				if !reflect.DeepEqual(es[k], ps[k]) {
					t.Errorf("status: %s = %v in English, %v in pt-BR", k, es[k], ps[k])
				}
			}
		}
	}
}

// keyPaths lists every object key in a JSON value, by path.
func keyPaths(at string, v any) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			out = append(out, at+"."+k)
			out = append(out, keyPaths(at+"."+k, x)...)
		}
	case []any:
		for _, x := range v {
			out = append(out, keyPaths(at+"[]", x)...)
		}
	}
	sort.Strings(out)
	return slicesCompact(out)
}

func slicesCompact(s []string) []string {
	var out []string
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// The plain text of resume follows the language: VETO-2 in seed 001's
// words, the decision, --emit prompt (which --emit-lang en keeps in
// English for an agent that reads English).
func TestResumeTextInPortuguese(t *testing.T) {
	dir, _ := project(t, 2*time.Hour, "GO", "development")
	ptEnv := []string{"PICKUP_LANG=pt-BR"}
	r := pickupEnv(t, dir, ptEnv, "resume", "--choice", "continue").want(t, exitOK)
	if r.stdout != "Retomando story 12.3 na fase development\n" {
		t.Errorf("continue: %q", r.stdout)
	}
	r = pickupEnv(t, dir, ptEnv, "resume", "--choice", "continue", "--emit", "prompt").want(t, exitOK)
	for _, want := range []string{"# Retomar: «Authentication System", "Retomando story 12.3 na fase development", "## Contexto", "Arquivo de estado: «"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("pt-BR prompt lacks %q:\n%s", want, r.stdout)
		}
	}
	r = pickupEnv(t, dir, ptEnv, "resume", "--choice", "continue", "--emit", "prompt", "--emit-lang", "en").want(t, exitOK)
	for _, want := range []string{"# Resume: «Authentication System", "Resuming story 12.3 at phase development", "## Context", "State file: «",
		"recorded as the current phase"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--emit-lang en prompt lacks %q:\n%s", want, r.stdout)
		}
	}
	// The loader's own sentences follow --emit-lang too, both ways.
	r = pickup(t, dir, "resume", "--choice", "continue", "--emit", "prompt", "--emit-lang", "pt-BR").want(t, exitOK)
	for _, want := range []string{"# Retomar: «Authentication System", "registrada como a fase atual"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--emit-lang pt-BR prompt in an English run lacks %q:\n%s", want, r.stdout)
		}
	}

	testkit.Commit(t, dir, "state")
	testkit.Write(t, filepath.Join(dir, "src", "auth", "jwt-handler.js"), "// wip\n")
	r = pickupEnv(t, dir, ptEnv, "resume", "--choice", "restart", "--yes").want(t, exitBlocked)
	if !strings.HasPrefix(r.stdout, "bloqueado: Há 1 arquivo(s) com mudanças não commitadas") ||
		!strings.Contains(r.stderr, "Suas mudanças:") || !strings.Contains(r.stderr, "não rastreado src/") {
		t.Errorf("restart veto:\nstdout %s\nstderr %s", r.stdout, r.stderr)
	}
	r = pickupEnv(t, t.TempDir(), ptEnv, "status").want(t, exitNoSession)
	if !strings.Contains(r.stderr, "nenhuma sessão salva encontrada em") {
		t.Errorf("no session: %q", r.stderr)
	}
}

// Accessible mode speaks the run's language too: seed 001's words, and
// the typed answers of the language (s for sim).
func TestAccessibleInPortuguese(t *testing.T) {
	dir, _ := project(t, 2*time.Hour, "PHASE_CHANGE", "development")
	r := pickupIn(t, dir, "x\n3\ns\n", []string{"ACCESSIBLE=1", "PICKUP_LANG=pt-BR"}).want(t, exitOK)
	for _, want := range []string{"Sessão anterior crashou.", "Seus dados estão seguros. O que deseja fazer?",
		"1. CONTINUE - Retomar de onde parou", `"x" não é um número: digite um número de 1 a 3.`, "Descartar esta sessão? [s/N]"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("accessible pt-BR lacks %q:\n%s", want, r.stderr)
		}
	}
	if !strings.HasPrefix(r.stdout, "Sessão descartada: arquivada em ") {
		t.Errorf("decision: %q", r.stdout)
	}
}

// pickup undo speaks the run's language: the log, what it would do, the
// hint after a write.
func TestUndoInPortuguese(t *testing.T) {
	dir, _ := project(t, 2*time.Hour, "PAUSE", "development")
	pt := []string{"PICKUP_LANG=pt-BR"}
	r := pickupEnv(t, dir, pt, "undo", "--list").want(t, exitNoSession)
	if !strings.Contains(r.stdout, "o pickup não gravou nada aqui.") {
		t.Errorf("empty log: %q %q", r.stdout, r.stderr)
	}
	r = pickupEnv(t, dir, pt, "resume", "--choice", "discard", "--yes").want(t, exitOK)
	if !strings.Contains(r.stderr, "Para desfazer isto: pickup undo") {
		t.Errorf("the undo hint: %q", r.stderr)
	}
	r = pickupEnv(t, dir, pt, "undo").want(t, exitOK)
	if !strings.HasPrefix(r.stdout, "Desfaria a operação 1 (") || !strings.Contains(r.stdout, "DISCARD · aios ") ||
		!strings.Contains(r.stderr, "rode de novo com --yes para desfazê-la") {
		t.Errorf("undo without --yes:\nstdout %s\nstderr %s", r.stdout, r.stderr)
	}
}

// The compact status and the command line's own errors follow the
// language too.
func TestCompactStatusInPortuguese(t *testing.T) {
	dir, _ := project(t, 2*time.Hour, "GO", "development")
	pt := []string{"PICKUP_LANG=pt-BR"}
	r := pickupEnv(t, dir, pt, "status").want(t, exitOK)
	if !strings.Contains(r.stdout, "crashou há 2 horas · ") || !strings.Contains(r.stdout, "Fases 1/6 · ") || !strings.Contains(r.stdout, "retomar em development") {
		t.Errorf("compact status: %q", r.stdout)
	}
	r = pickupEnv(t, dir, pt, "sttaus").want(t, exitUsage)
	if !strings.Contains(r.stderr, `comando "sttaus" desconhecido (você quis dizer "status"?)`) {
		t.Errorf("unknown command: %q", r.stderr)
	}
	r = pickupEnv(t, dir, pt, "status", "--lang", "en").want(t, exitOK)
	if !strings.Contains(r.stdout, "crashed 2 hours ago") {
		t.Errorf("--lang en wins: %q", r.stdout)
	}
}

// A flag's refused value is said in the run's language; English keeps
// the flag library's own sentence.
func TestFlagValueErrorsInPortuguese(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		env  []string
		args []string
		want string
	}{
		{nil, []string{"design", "x", "--stage", "9"}, `pickup: invalid argument "9" for "--stage" flag: "9" is not a stage: want 0-7, 3a or 3b`},
		{[]string{"PICKUP_LANG=pt-BR"}, []string{"design", "x", "--stage", "9"}, `pickup: valor "9" inválido para a flag "--stage": "9" não é uma etapa: use 0-7, 3a ou 3b`},
		{nil, []string{"resume", "--from-phase", "0"}, `pickup: invalid argument "0" for "--from-phase" flag: want a whole number of at least 1, got "0"`},
		{[]string{"PICKUP_LANG=pt-BR"}, []string{"resume", "--from-phase", "0"}, `pickup: valor "0" inválido para a flag "--from-phase": espera um número inteiro de pelo menos 1, veio "0"`},
		{nil, []string{"status", "--crash-after"}, "pickup: flag needs an argument: --crash-after"},
		{[]string{"PICKUP_LANG=pt-BR"}, []string{"status", "--crash-after"}, "pickup: a flag --crash-after precisa de um valor"},
	} {
		r := pickupEnv(t, dir, c.env, c.args...).want(t, exitUsage)
		if first, _, _ := strings.Cut(r.stderr, "\n"); first != c.want {
			t.Errorf("%v %v: %q, want %q", c.env, c.args, first, c.want)
		}
	}
}
