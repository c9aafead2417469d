package crucible

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// causes are the texts of the errors err wraps: git's or the system's
// words, which pickup quotes and does not translate.
func causes(err error) []string {
	var out []string
	for e := errors.Unwrap(err); e != nil; e = errors.Unwrap(e) {
		out = append(out, e.Error())
	}
	return out
}

// The Replay Diff report (`pickup diff`) in pt-BR, on the manifests the
// diff tests read: seed 004's structure (the same lines, the same table
// columns), its words in Portuguese, its warnings too.
func TestNoEnglishInPortugueseDiff(t *testing.T) {
	isolate(t)
	dir := filepath.Join(t.TempDir(), DispatchPrefix+"1775430161")
	same := filepath.Join(dir, ManifestName)
	testkit.Write(t, same, testkit.Read(t, filepath.Join(fixtures, "replay", ManifestName)))

	repo := t.TempDir()
	testkit.GitAt(t, repo, nil, time.Time{}, "init", "-q", "-b", "main")
	testkit.Write(t, filepath.Join(repo, "a.go"), "package a\n")
	testkit.GitAt(t, repo, nil, time.Time{}, "add", "-A")
	testkit.GitAt(t, repo, nil, at("12:00:00"), "commit", "-q", "-m", "original final")
	a := testkit.GitAt(t, repo, nil, time.Time{}, "rev-parse", "HEAD")
	testkit.Write(t, filepath.Join(repo, "b.go"), "package a\n")
	testkit.GitAt(t, repo, nil, time.Time{}, "add", "-A")
	testkit.GitAt(t, repo, nil, at("13:00:00"), "commit", "-q", "-m", "replay final")
	b := testkit.GitAt(t, repo, nil, time.Time{}, "rev-parse", "HEAD")
	orig := filepath.Join(t.TempDir(), "original.jsonl")
	testkit.Write(t, orig, testkit.Read(t, filepath.Join(fixtures, "crash", ManifestName)))
	repl := filepath.Join(t.TempDir(), "replay.jsonl")
	testkit.Write(t, repl, `{"seq":11,"file":"11-inquisitor.md","role":"inquisitor","phase":"4","status":"completed","duration_s":200,"summary":"No findings","replay_of":10}
{"seq":12,"file":"12-quality-gate.md","role":"quality-gate","phase":"4","status":"completed","duration_s":40,"summary":"Impl gate: pass"}
{"seq": 13, "role": "quality-gate", "phase": "4", "status"
not json at all
`)
	noReplay := filepath.Join(t.TempDir(), "plain.jsonl")
	testkit.Write(t, noReplay, testkit.Read(t, filepath.Join(fixtures, "truncated", ManifestName)))

	for _, c := range []struct {
		name, orig, repl string
		o                DiffOptions
	}{
		{"same-manifest", same, same, DiffOptions{}},
		{"two-manifests", orig, repl, DiffOptions{OriginalSHA: a, ReplaySHA: b, Repo: repo}},
		{"no-replay-entry", orig, orig, DiffOptions{}},
		{"truncated", noReplay, noReplay, DiffOptions{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			en, err := Diff(c.orig, c.repl, c.o)
			if err != nil {
				t.Fatal(err)
			}
			po := c.o
			po.Lang = i18n.PortugueseBR
			pt, err := Diff(c.orig, c.repl, po)
			if err != nil {
				t.Fatal(err)
			}
			src := append(sourcesOf(t, filepath.Dir(c.orig), filepath.Dir(c.repl)), "unexpected end of JSON input", "invalid character", a, b)
			i18ntest.NoEnglish(t, c.name+": report", strings.Join(pt.Lines, "\n"), src...)
			i18ntest.NoEnglish(t, c.name+": warnings", strings.Join(pt.Warnings, "\n"), src...)
			if len(pt.Lines) != len(en.Lines) || len(pt.Warnings) != len(en.Warnings) {
				t.Fatalf("pt-BR has %d lines and %d warnings, English %d and %d:\n%s", len(pt.Lines), len(pt.Warnings), len(en.Lines), len(en.Warnings), strings.Join(pt.Lines, "\n"))
			}
			for i, l := range en.Lines {
				// Tables keep their columns.
				if strings.Count(l, "|") != strings.Count(pt.Lines[i], "|") {
					t.Errorf("line %d: %q has other columns than %q", i, pt.Lines[i], l)
				}
			}
			if !reflectEqualJSON(t, en.Signal, pt.Signal) {
				t.Errorf("the signal changed with the language:\n%v\n%v", en.Signal, pt.Signal)
			}
		})
	}

	// Targeted: seed 004's headings and table in Portuguese.
	pt, _ := Diff(same, same, DiffOptions{Lang: i18n.PortugueseBR})
	want := `# Diff do Replay: 1775430161 vs r-1775500000

## Mutações de template

- quality-gate-prompt.md -> strict-gate.md

## Comparação de resultados

| Métrica | Original | No replay | Diferença |
|---------|----------|-----------|-----------|
| Total de despachos | 5 | 2 | -3 |
| Rodadas de quality gate | 2 | 1 | -1 |
| Tempo de relógio | 0h 12m | 0h 3m | -9m |
| Testes de aceitação | PASS | FAIL | mudou |

## Comparação por despacho

| Seq | Papel | Status original | Status no replay | Diferença no resumo |
|-----|-------|-----------------|------------------|---------------------|
| 3 | quality-gate | completed | completed | Round 1: 3 findings → Round 1: 1 finding |
| 5 | acceptance-tester | completed | completed | Acceptance: 12/12 PASS → Acceptance: 11/12, 1 FAIL |
| 4 | quality-gate | completed | sem replay | - |

## Diff dos artefatos

- git diff <sha-final-do-original>..<sha-final-do-replay>
  os manifestos não registram os commits finais: passe --original-sha e --replay-sha`
	if got := strings.Join(pt.Lines, "\n"); got != want {
		t.Errorf("report:\n%s\n\nwant:\n%s", got, want)
	}
	two, _ := Diff(orig, repl, DiffOptions{OriginalSHA: a, ReplaySHA: b, Repo: repo, Lang: i18n.PortugueseBR})
	text := strings.Join(two.Lines, "\n")
	for _, w := range []string{"- nenhuma (um replay fiel)", "| novo 12 | quality-gate | - | completed | despacho novo: Impl gate: pass |",
		"| 10 | inquisitor | dispatched | completed | (nenhum) → No findings |", "\n  1 arquivo alterado, +1/-0 linhas"} {
		if !strings.Contains(text, w) {
			t.Errorf("report lacks %q:\n%s", w, text)
		}
	}

	// The refusal of an empty manifest.
	g := filepath.Join(fixtures, "garbage", ManifestName)
	_, err := Diff(orig, g, DiffOptions{Lang: i18n.PortugueseBR})
	var empty *EmptyError
	if !errors.As(err, &empty) || !strings.HasSuffix(err.Error(), "O manifesto está vazio ou todo corrompido. Não dá para retomar.") {
		t.Errorf("err %v", err)
	}
	i18ntest.NoEnglish(t, "empty manifest", err.Error())

	// A manifest over the size limit (a sparse file: nothing is written).
	huge := filepath.Join(t.TempDir(), ManifestName)
	if err := os.WriteFile(huge, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, fsx.MaxStreamFile+1); err != nil {
		t.Skip("no sparse file:", err)
	}
	_, err = Diff(huge, huge, DiffOptions{Lang: i18n.PortugueseBR})
	if err == nil || !strings.Contains(err.Error(), "passam do limite") {
		t.Fatalf("err %v", err)
	}
	i18ntest.NoEnglish(t, "too large", err.Error())
	if _, err := Diff(huge, huge, DiffOptions{}); err == nil || !strings.Contains(err.Error(), "bytes is over pickup's") {
		t.Errorf("English: %v", err)
	}
}

func reflectEqualJSON(t *testing.T, a, b any) bool {
	t.Helper()
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	return string(ja) == string(jb)
}

// DISCARD's question in pt-BR names a folder it refuses to move with the
// reason in Portuguese, whatever the reason.
func TestNoEnglishInPortugueseDiscardRefusals(t *testing.T) {
	for _, c := range []struct {
		name string
		dir  func(t *testing.T, w *world) string
	}{
		{"home", func(t *testing.T, w *world) string {
			home := t.TempDir()
			t.Setenv("HOME", home)
			return home
		}},
		{"project", func(t *testing.T, w *world) string { return w.project }},
		{"ancestor", func(t *testing.T, w *world) string { return filepath.Dir(w.project) }},
		{"elsewhere", func(t *testing.T, w *world) string {
			d := filepath.Join(t.TempDir(), "victim", DispatchPrefix+w.sid)
			testkit.Write(t, filepath.Join(d, "keep.txt"), "x\n")
			return d
		}},
		{"other-name", func(t *testing.T, w *world) string {
			d := filepath.Join(w.scratch, DispatchPrefix+"someone-else")
			mkdir(t, d)
			return d
		}},
		{"a-link", func(t *testing.T, w *world) string {
			d := filepath.Join(TmpRoot, DispatchPrefix+w.sid)
			mkdir(t, TmpRoot)
			if err := os.Symlink(t.TempDir(), d); err != nil {
				t.Skip(err)
			}
			return d
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, _ := crashWorld(t)
			dir := c.dir(t, w)
			testkit.Write(t, w.mark, strings.Replace(testkit.Read(t, w.mark), `"dispatch_dir": "/tmp/crucible-dispatch-`+w.sid+`/"`, `"dispatch_dir": "`+dir+`"`, 1))
			_, en := w.load()
			_, s := w.load(inPortuguese)
			q := s.Policy[model.Discard].Confirm
			if !strings.Contains(en.Policy[model.Discard].Confirm, "Not moved: "+filepath.Clean(dir)+" (") {
				t.Fatalf("English question %q", en.Policy[model.Discard].Confirm)
			}
			if !strings.Contains(q, "Não movido: "+filepath.Clean(dir)+" (") {
				t.Fatalf("question %q", q)
			}
			i18ntest.NoEnglish(t, c.name+": discard question", q, append(sourcesOf(t, w.home, w.ddir), dir, w.sid, w.scratch, w.ddir)...)
		})
	}
}

// A marker that cannot be read: its problem in pt-BR.
func TestNoEnglishInPortugueseCorruptedMarker(t *testing.T) {
	for name, body := range map[string]string{
		"truncated":   `{"pipeline_id": "abc", "skill": `,
		"not-json":    "{not json",
		"array":       `["a", "b"]`,
		"no-id":       `{"skill": "build", "phase": "2"}`,
		"not-session": `{"pipeline_id": "../x", "skill": "build"}`,
	} {
		t.Run(name, func(t *testing.T) {
			w := newWorld(t, "crash", "4", "main")
			testkit.Write(t, w.mark, body)
			_, en := w.load()
			_, s := w.load(inPortuguese)
			if s.Problem == nil || en.Problem == nil {
				t.Fatalf("no problem: %+v", s.Problem)
			}
			if s.Problem.Line != en.Problem.Line || s.Problem.Kind != en.Problem.Kind {
				t.Errorf("pt-BR problem %+v, English %+v", s.Problem, en.Problem)
			}
			src := sourcesOf(t, w.home, w.ddir)
			var raw map[string]any
			if err := json.Unmarshal([]byte(body), &raw); err != nil {
				src = append(src, err.Error()) // Go's own words, quoted
			}
			noEnglish(t, name, s, src)
			l, s := w.load(inPortuguese)
			if a := l.Apply(s, model.Discard, now); a.Err != nil {
				t.Fatal(a.Err)
			}
		})
	}
	pt := Catalogs.For(i18n.PortugueseBR)
	if _, err := parseMarker([]byte(`{"skill": "build"}`), pt); err == nil || err.Error() != "sem pipeline_id: a pasta de despachos não pode ser encontrada" {
		t.Errorf("no pipeline_id: %v", err)
	}
}

// The errors of a write, in pt-BR: those a test can bring about.
func TestNoEnglishInPortugueseWriteErrors(t *testing.T) {
	check := func(t *testing.T, what string, err error, src ...string) {
		t.Helper()
		if err == nil {
			t.Fatalf("%s: no error", what)
		}
		i18ntest.NoEnglish(t, what, err.Error(), append(src, causes(err)...)...)
	}
	t.Run("unknown-choice", func(t *testing.T) {
		w, _ := crashWorld(t)
		l, s := w.load(inPortuguese)
		check(t, "unknown choice", l.Apply(s, model.Choice("bogus"), now).Err, "bogus")
	})
	t.Run("safety-checkpoint", func(t *testing.T) {
		w, _ := crashWorld(t)
		l, s := w.load(inPortuguese)
		testkit.Write(t, filepath.Join(w.shadow, "index.lock"), "") // git add cannot run
		a := l.Apply(s, model.Continue, now)
		check(t, "safety checkpoint", a.Err, "pre-restore-safety")
		if !strings.HasPrefix(a.Err.Error(), "ao tirar o checkpoint pre-restore-safety em ") {
			t.Errorf("err %v", a.Err)
		}
	})
	t.Run("not-regular", func(t *testing.T) {
		w, _ := crashWorld(t)
		f := filepath.Join(w.project, "src", "auth.go")
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(w.project, "README.md"), f); err != nil {
			t.Skip(err)
		}
		l, s := w.load(inPortuguese)
		a := l.Apply(s, model.Continue, now)
		check(t, "not a regular file", a.Err)
		if !strings.Contains(a.Err.Error(), "não é um arquivo comum") {
			t.Errorf("err %v", a.Err)
		}
	})
	t.Run("archive-exists", func(t *testing.T) {
		w, _ := crashWorld(t)
		l, s := w.load(inPortuguese)
		mkdir(t, fsx.ArchiveName(w.ddir, now))
		check(t, "archive name taken", l.Apply(s, model.Discard, now).Err)
	})
	t.Run("mutate", func(t *testing.T) {
		w, _ := crashWorld(t)
		_, s := w.load(inPortuguese, listFlag(FlagMutate, "no-equals-sign"))
		if !hasWarning(s, `--mutate "no-equals-sign": use original=substituto`) {
			t.Errorf("warnings %q", s.Warnings)
		}
		noEnglish(t, "mutate", s, append(sourcesOf(t, w.home, w.ddir), "no-equals-sign"))
		if _, err := ParseMutation("x"); err == nil || !strings.Contains(err.Error(), "want original=replacement") {
			t.Errorf("English: %v", err)
		}
	})
	t.Run("project-not-a-folder", func(t *testing.T) {
		err := Shadow{Dir: t.TempDir(), Work: filepath.Join(t.TempDir(), "gone")}.Healthy()
		pt := Catalogs.For(i18n.PortugueseBR)
		if err == nil || !strings.HasSuffix(err.Error(), " is not a directory") || !strings.HasSuffix(pt.shadowNote(err), " não é uma pasta") {
			t.Fatalf("err %v", err)
		}
		i18ntest.NoEnglish(t, "project not a folder", pt.shadowNote(err))
	})
}
