package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
)

// demoSources are the demo's files and their paths, as text: what
// pickup quotes from them (names, notes, next actions) may be English in
// a pt-BR run.
func demoSources(t *testing.T, dirs ...string) []string {
	t.Helper()
	var out []string
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == ".git" {
				return filepath.SkipDir
			}
			out = append(out, p) // a path is a name, not a sentence
			if !d.Type().IsRegular() {
				return nil
			}
			b, err := os.ReadFile(p)
			if err == nil && utf8.Valid(b) {
				out = append(out, string(b))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// Every session of the demo, in pt-BR, through every command that
// prints sentences for a person (status, plan, artifacts, REVIEW,
// CONTINUE's prompt for the agent): nothing English is left of pickup's
// own words. What the demo's files say is quoted as written. A sentence
// added in English only fails here.
func TestDemoSpeaksPortuguese(t *testing.T) {
	project, home := demoWorld(t)
	// The command lines pickup writes out for a tool, and the status
	// words of its files, are the tool's words: each format declares
	// its own (formatTest.toolWords).
	sources := demoSources(t, project, home)
	for _, f := range registeredFormats(t) {
		sources = append(sources, f.toolWords...)
	}
	pt := []string{"PICKUP_LANG=pt-BR"}
	run := func(args ...string) string {
		t.Helper()
		r := pickupEnv(t, project, pt, append(args, "--claude-home", home)...)
		if r.code != exitOK && r.code != exitBlocked && (args[0] != "plan" || r.code != exitUsage) {
			t.Errorf("%v: exit %d\n%s%s", args, r.code, r.stdout, r.stderr)
		}
		return r.stdout + r.stderr
	}
	check := func(what, text string) {
		t.Helper()
		i18ntest.NoEnglish(t, what, text, sources...)
	}
	check("status", run("status"))
	check("status --long", run("status", "--long"))
	for _, s := range sessionsOf(t, pickup(t, project, "status", "--json", "--claude-home", home).want(t, exitOK)) {
		name := s.source + " " + s.id
		check(name+": plan", run("plan", "--session", s.id))
		check(name+": artifacts", run("artifacts", "--session", s.id))
		if s.archived {
			continue
		}
		check(name+": review", run("resume", "--choice", "review", "--session", s.id))
		check(name+": the prompt", run("resume", "--choice", "continue", "--emit", "prompt", "--session", s.id))
	}
}

// JSON is the machine contract: in pt-BR the same keys, the same
// numbers, booleans and enum values as in English, on every session of
// the demo; only the sentences meant for a person differ (personText,
// and a source's own in personTextOf).
func TestDemoJSONIsTheSameInPortuguese(t *testing.T) {
	project, home := demoWorld(t)
	compare := func(source string, args ...string) {
		t.Helper()
		args = append(args, "--json", "--claude-home", home)
		en := pickup(t, project, args...)
		pt := pickupEnv(t, project, []string{"PICKUP_LANG=pt-BR"}, args...)
		if en.code != pt.code {
			t.Fatalf("%v: exit %d in English, %d in pt-BR", args, en.code, pt.code)
		}
		if en.code == exitUsage {
			return // no plan for this format: said on stderr, no JSON
		}
		ej, pj := en.json(t), pt.json(t)
		diffs := map[string]string{} // path -> source
		es, _ := ej["sessions"].([]any)
		ps, _ := pj["sessions"].([]any)
		if len(es) != len(ps) {
			t.Fatalf("%v: %d sessions in English, %d in pt-BR", args, len(es), len(ps))
		}
		for i := range es {
			src, _ := es[i].(map[string]any)["source"].(string)
			d := map[string]bool{}
			jsonDiff(".sessions[]", es[i], ps[i], d)
			for p := range d {
				diffs[p] = src
			}
		}
		delete(ej, "sessions")
		delete(pj, "sessions")
		d := map[string]bool{}
		jsonDiff("", ej, pj, d)
		for p := range d {
			diffs[p] = source
		}
		var bad []string
		for p, src := range diffs {
			if !slices.Contains(personText, p) && !slices.Contains(personTextOf[src], p) {
				bad = append(bad, p+" ("+src+")")
			}
		}
		sort.Strings(bad)
		if len(bad) > 0 {
			t.Errorf("%v: these differ between English and pt-BR but are not sentences for a person:\n%s", args, strings.Join(bad, "\n"))
		}
	}
	compare("", "status")
	for _, s := range sessionsOf(t, pickup(t, project, "status", "--json", "--claude-home", home).want(t, exitOK)) {
		compare(s.source, "plan", "--session", s.id)
		compare(s.source, "artifacts", "--session", s.id)
	}
}

// personText are the JSON paths (docs/json.md) whose strings are
// sentences for a person, which follow the run's language.
var personText = []string{
	".sessions[].title",
	".sessions[].alerts[].text",
	".sessions[].warnings[]",
	".sessions[].report[]",
	".sessions[].resume_point.reason",
	".sessions[].options[].reason",
	".sessions[].options[].why",
	".sessions[].phases[].result",
	".sessions[].sections[].lines[]",
	".sessions[].sections[].title",
	".sessions[].crash.reason",
	".sessions[].crash.activity[].detail",
	".warnings[]",
	".plan.next_step",
	".plan.reason",
}

// personTextOf are the sentences of one source's JSON: its plan's
// reasons, and what it says in place of a name.
var personTextOf = map[string][]string{
	// kiln's resume point is a description of where the run stands
	// ("stage build, slice payment-webhook, waiting for a ruling"), and
	// its plan is routing sentences.
	"kiln": {".sessions[].resume_point.phase", ".plan.route.continue", ".plan.route.question", ".plan.route.where",
		".plan.route.why", ".plan.slices[]"},
	// The files activity names what changed ("the dispatch manifest
	// (manifest.jsonl)"); the plan's reasons and evidence.
	"crucible": {".sessions[].crash.activity[].name", ".plan.crashed_at.context", ".plan.fallbacks[].from",
		".plan.fallbacks[].to", ".plan.fallbacks[].reason", ".plan.re_execute[].why", ".plan.skip[].why",
		".plan.resume_point.no_restore", ".plan.verification[].evidence"},
	"bookforge": {".plan.lint.why", ".plan.resume.reason", ".plan.scenes[].phases[].reason"},
	"design":    {".plan.conflict.question", ".plan.restart.next_step", ".plan.stages[].fact"},
}

// jsonDiff records the paths where a and b differ: a key one has and
// the other lacks, a different length or type, a different value.
func jsonDiff(at string, a, b any, out map[string]bool) {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok {
			out[at] = true
			return
		}
		for k, v := range a {
			if w, ok := bm[k]; ok {
				jsonDiff(at+"."+k, v, w, out)
			} else {
				out[at+"."+k+" (English only)"] = true
			}
		}
		for k := range bm {
			if _, ok := a[k]; !ok {
				out[at+"."+k+" (pt-BR only)"] = true
			}
		}
	case []any:
		bl, ok := b.([]any)
		if !ok || len(bl) != len(a) {
			out[at+" (length)"] = true
			return
		}
		for i := range a {
			jsonDiff(at+"[]", a[i], bl[i], out)
		}
	default:
		if !reflect.DeepEqual(a, b) {
			out[at] = true
		}
	}
}

// An error from the system ends in the run's words: the folder a
// command is given that does not exist, or is a file, is said in
// pt-BR to the end; English keeps the system's words.
func TestSystemErrorsSpeakTheRunsLanguage(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, en, pt string }{
		{filepath.Join(dir, "missing"), "no such file or directory", "arquivo ou pasta inexistente"},
		{filepath.Join(file, "x"), "not a directory", "não é uma pasta"},
	} {
		pt := pickupEnv(t, dir, []string{"PICKUP_LANG=pt-BR"}, "status", c.path).want(t, exitUsage)
		if want := "pasta do projeto " + c.path + ": stat " + c.path + ": " + c.pt + "\n"; !strings.Contains(pt.stderr, want) {
			t.Errorf("pt-BR: %q, want %q", pt.stderr, want)
		}
		en := pickup(t, dir, "status", c.path).want(t, exitUsage)
		if want := "project directory " + c.path + ": stat " + c.path + ": " + c.en + "\n"; !strings.Contains(en.stderr, want) {
			t.Errorf("English: %q, want %q", en.stderr, want)
		}
	}
}
