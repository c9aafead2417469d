package crucible

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

func inPortuguese(o *loaders.Options) { o.Lang = i18n.PortugueseBR }

// sourcesOf is every file under the folders, as text: the values a
// session quotes from them may hold English.
func sourcesOf(t *testing.T, dirs ...string) []string {
	t.Helper()
	out := []string{"build", "main", "other", "feature/token-auth", "dry-run",
		// encoding/json's own error text, quoted after "JSON inválido:".
		"unexpected end of JSON input"}
	for _, d := range dirs {
		_ = filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err != nil || !e.Type().IsRegular() || strings.Contains(p, string(filepath.Separator)+"objects"+string(filepath.Separator)) {
				return nil
			}
			out = append(out, e.Name())
			if data, err := os.ReadFile(p); err == nil && len(data) < 1<<20 {
				out = append(out, string(data))
			}
			return nil
		})
	}
	return out
}

// sessionTexts are the user-facing texts the loader put on a session.
func sessionTexts(s *model.Session) map[string]string {
	out := map[string]string{"title": s.Title, "headline": s.Headline, "touched": s.TouchedWhat,
		"resume": s.ResumePoint.Phase + " " + s.ResumePoint.Reason, "prompt": s.Prompt, "handoff": s.Handoff.Note}
	add := func(k, v string) {
		if v != "" {
			out[k] += v + "\n"
		}
	}
	for _, w := range s.Warnings {
		add("warnings", w)
	}
	for _, a := range s.Alerts {
		add("alerts", a.Text)
	}
	for c, p := range s.Policy {
		add("policy "+string(c), p.Label+"\n"+p.Hint+"\n"+p.Why+"\n"+p.Confirm+"\n"+p.Disabled)
	}
	for c, o := range s.Outcomes {
		add("outcome "+string(c), o)
	}
	for _, f := range s.Fields {
		add("fields", f.Value)
	}
	for _, p := range s.Phases {
		add("phases", p.Name+" "+p.Result+" "+p.Detail)
	}
	for _, sec := range s.Sections {
		add("section", sec.Title)
		add("section "+sec.Title, strings.Join(sec.Lines, "\n"))
	}
	if s.Plan != nil && s.Plan.LinesFunc != nil {
		add("plan", strings.Join(s.Plan.LinesFunc(), "\n"))
	}
	if s.Problem != nil {
		add("problem", s.Problem.Message+"\n"+s.Problem.Detail)
	}
	return out
}

func noEnglish(t *testing.T, name string, s *model.Session, sources []string) {
	t.Helper()
	for k, v := range sessionTexts(s) {
		i18ntest.NoEnglish(t, name+": "+k, v, sources...)
	}
}

// TestNoEnglishInPortuguese loads every fixture the package's tests
// load, in pt-BR, and fails on any English sentence of pickup's own left
// in what the loader says (values quoted from the files aside), and in
// Apply's results where a temp dir lets them run.
func TestNoEnglishInPortuguese(t *testing.T) {
	worlds := map[string]func(t *testing.T) *world{
		"crash": func(t *testing.T) *world { w, _ := crashWorld(t); return w },
		"fallback": func(t *testing.T) *world {
			w := newWorld(t, "crash", "4", "main")
			w.repo("main")
			w.standardCheckpoints()
			return w
		},
		"no-checkpoints": func(t *testing.T) *world {
			w := newWorld(t, "crash", "4", "main")
			w.repo("main", implementerCommits...)
			return w
		},
		"branch": func(t *testing.T) *world {
			w := newWorld(t, "crash", "4", "other")
			w.repo("main", implementerCommits...)
			w.standardCheckpoints()
			return w
		},
		"real": func(t *testing.T) *world { return newRealWorld(t).world },
	}
	for _, fx := range []string{"clean", "failed", "garbage", "truncated", "replay"} {
		worlds[fx] = func(t *testing.T) *world {
			w := newWorld(t, fx, "4", "main")
			w.repo("main", implementerCommits...)
			return w
		}
	}
	for name, mk := range worlds {
		t.Run(name, func(t *testing.T) {
			w := mk(t)
			l, s := w.load(inPortuguese)
			src := sourcesOf(t, w.home, w.ddir) // the files the loader read, as the world laid them out
			noEnglish(t, name, s, src)
			if name == "branch" {
				if a := l.Apply(s, model.Continue, at("14:31:00")); a.Err != nil {
					i18ntest.NoEnglish(t, name+": continue refused", a.Err.Error(), src...)
				}
				return
			}
			if s.Problem == nil && s.Plan != nil {
				if a := l.Apply(s, model.Continue, at("14:31:00")); a.Err == nil {
					i18ntest.NoEnglish(t, name+": continue result", s.Outcomes[model.Continue], append(src, sourcesOf(t, w.project)...)...)
				}
				_, s = w.load(inPortuguese)
				if a := l.Apply(s, model.Restart, at("14:32:00")); a.Err == nil {
					i18ntest.NoEnglish(t, name+": restart result", s.Outcomes[model.Restart], src...)
				}
			}
		})
	}
}

// Seed 004's questions in pt-BR keep their structure: the branch guard's
// refusal, the restore question with its [yes / no] answer.
func TestPortugueseQuestions(t *testing.T) {
	pt := Catalogs.For(i18n.PortugueseBR)
	if got, want := pt.BranchMismatch.F("main", "dev"), "O pipeline estava rodando no branch main, mas você está em dev. Mude para main antes de retomar — restaurar um checkpoint de outro branch contaminaria seu diretório de trabalho."; got != want {
		t.Errorf("branch mismatch:\n%s\nwant\n%s", got, want)
	}
	got := pt.restoreQuestion("pre-wave-1", "2026-03-24 12:14:00", "main", []string{"a.go"})
	want := "Prestes a restaurar o diretório de trabalho para o checkpoint pre-wave-1 (tirado em 2026-03-24 12:14:00, branch main). Isso desfaz as mudanças não commitadas. Este arquivo foi criado depois do checkpoint pre-wave-1 e fica (a restauração não apaga nada): a.go. Prosseguir? [sim / não]"
	if got != want {
		t.Errorf("restore question:\n%s\nwant\n%s", got, want)
	}
	w, _ := crashWorld(t)
	_, s := w.load(inPortuguese)
	// The resume phase is the machine's name in every language (the
	// screens translate it).
	for _, want := range []string{"Este pipeline do crucible foi interrompido (o crucible não registra pausas).", "Phase 4"} {
		if !strings.Contains(s.Headline+s.ResumePoint.Phase, want) {
			t.Errorf("headline %q / resume %q lacks %q", s.Headline, s.ResumePoint.Phase, want)
		}
	}
	if h := s.Policy[model.Restart].Hint; h != "recomeçar o pipeline do zero (o marcador e as passagens antigas são arquivados, o manifesto fica)" {
		t.Errorf("restart hint %q", h)
	}
	if !strings.HasPrefix(s.Prompt, "===COMPRESSION_STATE===\nObjetivo: ") || !strings.Contains(s.Prompt, "\nSaúde: GREEN (zerada na retomada)\n") || !strings.HasSuffix(s.Prompt, "===END_COMPRESSION_STATE===\n") {
		t.Errorf("prompt:\n%s", s.Prompt)
	}
}
