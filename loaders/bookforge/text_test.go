package bookforge

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

func TestTextCatalogsComplete(t *testing.T) {
	i18ntest.Complete(t, i18ntest.Options{
		Same: []string{"bookforge", "pickup", "Lint", "Flags", "Cursor", "HTTP", "JSON", "UTF-8"},
		// Words, symbols and commands that are the same in Portuguese:
		// the bookforge command, a flag's name, an id, a value read.
		SameFields: []string{"WhoResume", "LineQuotaID", "PlanFlags", "CausePause"},
	}, Catalogs)
}

// machineWords are what pickup's pt-BR sentences quote as they are:
// flags, commands, the verdict words, bookforge's own messages.
var machineWords = []string{
	"--rerun-from", "--rerun-all", "--force-resume", "--resume-allow-prompt-change", "--reason", "--resume", "--yes",
	`"Scene already exists"`, "bookforge book reset", "pickup plan",
	"SKIP", "RERUN", "BLOCKED", "DONE", "NONE", "MAYBE",
	// bookforge's own refusals and run command, quoted.
	"`run`", "Missing outline.json",
	"WRITE GATED: outline pipeline report is missing or unreadable. Run outline generation first, or use --force-outline-gate-bypass for testing.",
	"WRITE GATED: outline report requires attention. Re-run with --ack-outline-attention-items only after review.",
	"WRITE GATED: outline report requires strict attention handling; resolve outline issues before writing.",
	"WRITE GATED: latest outline pipeline status is", "Resolve outline pipeline issues before writing. Report:",
	"No resumable outline pipeline run found.", "Drafted scene outputs exist. Use --force-rerun-with-draft to proceed with outline rerun.",
	"Resume fingerprint mismatch", "--ack-outline-attention-items", "--force-outline-gate-bypass",
	"overall_status", "phase_failed", "reason_codes", "requires_user_attention", "strict_blocking",
}

// sourcesOf are the contents of every file under dir, and the words
// pickup quotes as they are: what a pt-BR text may hold in English.
func sourcesOf(t *testing.T, dir string) []string {
	t.Helper()
	out := append([]string{dir}, machineWords...)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out = append(out, string(data), filepath.Base(p))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// texts are every user-facing text the loader put on a session, named.
func texts(s *model.Session) map[string]string {
	out := map[string]string{"title": s.Title, "headline": s.Headline, "prompt": s.Prompt}
	add := func(k, v string) {
		if v != "" {
			out[k] = v
		}
	}
	for i, w := range s.Warnings {
		add("warning "+string(rune('0'+i%10)), w)
		out["warnings"] += w + "\n"
	}
	for _, a := range s.Alerts {
		out["alerts"] += a.Text + "\n"
	}
	for _, f := range s.Fields {
		add("field "+f.Key, f.Value)
	}
	for _, ph := range s.Phases {
		// ph.Label is the verdict's English word in every language
		// (the machine contract; the screens translate it).
		out["phases"] += ph.Detail + "\n"
	}
	for c, p := range s.Policy {
		add("policy "+string(c), strings.Join([]string{p.Hint, p.Why, p.Disabled, p.Confirm}, "\n"))
	}
	for c, o := range s.Outcomes {
		add("outcome "+string(c), o)
	}
	for _, sec := range s.Sections {
		add("section "+sec.Title, sec.Title+"\n"+strings.Join(sec.Lines, "\n"))
	}
	if g := s.Grid; g != nil {
		all := []string{g.Title, strings.Join(g.Cols, "\n"), strings.Join(g.Replaces, "\n")}
		for _, r := range g.Rows {
			all = append(all, r.Note)
			for _, c := range r.Cells {
				all = append(all, c.Reason)
			}
		}
		for _, c := range g.Legend {
			all = append(all, c.Verdict)
		}
		add("grid", strings.Join(all, "\n"))
	}
	if s.Plan != nil {
		add("plan", strings.Join(s.Plan.Lines, "\n"))
	}
	if p := s.Problem; p != nil {
		add("problem", p.Detail+"\n"+p.Message)
	}
	return out
}

// flagSets are the option sets every fixture is loaded with, so that the
// flags' notes and reasons are said too.
var flagSets = [][]string{
	nil,
	{"rerun-from=write"},
	{"rerun-from=repair", "rerun-all"},
	{"rerun-from=bogus"},
	{"force-resume"},
	{"resume-allow-prompt-change"},
	{"resume-allow-prompt-change", "reason=template v2"},
	{"reason=template v2"},
}

// TestNoEnglishInPortuguese loads every fixture the package's tests load
// (the real producer's books under testdata/bookforge/ and the demo's
// book) in pt-BR, with every flag set, and checks every text the loader
// builds (title, headline, warnings, alerts, facts, phases, choices,
// outcomes, sections, grid, plan, prompt, problem, Apply's errors) for
// English words of pickup's own: a sentence added without going
// through the catalog fails here.
func TestNoEnglishInPortuguese(t *testing.T) {
	ents, err := os.ReadDir(fixtureDir)
	if err != nil {
		t.Fatal(err)
	}
	dirs := map[string]string{"demo": "../../cmd/pickup/sample/project"}
	for _, e := range ents {
		if e.IsDir() {
			dirs[e.Name()] = filepath.Join(fixtureDir, e.Name())
		}
	}
	names := make([]string, 0, len(dirs))
	for n := range dirs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			dir := testkit.Fixture(t, dirs[name])
			src := sourcesOf(t, dir)
			checked := 0
			for _, fs := range flagSets {
				o := opts(fs...)
				o.Lang = i18n.PortugueseBR
				for _, s := range allSessions(t, dir, o) {
					for _, p := range [][]string{{s.Context["command"].(string), s.Context["restart_command"].(string), s.Context["reset_command"].(string)}} {
						src = append(src, p...)
					}
					for what, text := range texts(s) {
						i18ntest.NoEnglish(t, strings.Join(fs, " ")+" "+what, text, src...)
						checked++
					}
				}
			}
			if checked == 0 {
				t.Fatal("no text checked")
			}
			o := opts()
			o.Lang = i18n.PortugueseBR
			i18ntest.NoEnglish(t, "not found", New(o).NotFound(dir), src...)
		})
	}
}

// allSessions loads every book of dir, reset archives too.
func allSessions(t *testing.T, dir string, o loaders.Options) []*model.Session {
	t.Helper()
	l := New(o)
	paths, err := l.Discover(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []*model.Session
	for _, p := range paths {
		s, err := l.Load(dir, p)
		if err != nil {
			t.Fatalf("Load(%s): %v", p, err)
		}
		out = append(out, s)
	}
	return out
}

// Apply's errors in pt-BR: a CONTINUE on a blocked book, a choice on a
// reset archive, a RESTART and a DISCARD that find nothing to move.
func TestApplyErrorsInPortuguese(t *testing.T) {
	o := opts()
	o.Lang = i18n.PortugueseBR
	l := New(o)
	for _, name := range []string{"hashes", "finished", "real"} {
		dir := project(t, name)
		src := sourcesOf(t, dir)
		for _, s := range allSessions(t, dir, o) {
			for _, c := range []model.Choice{model.Continue, model.Restart, model.Discard} {
				if s.Policy[c].Disabled != "" && !s.Archived {
					continue
				}
				a := l.Apply(s, c, now)
				var changed *fsx.ChangedError
				if errors.As(a.Err, &changed) {
					continue // fsx's words (an earlier choice moved the files)
				}
				if a.Err != nil {
					i18ntest.NoEnglish(t, name+" "+string(c)+" error", a.Err.Error(), src...)
				}
			}
		}
	}
}

// The demo's main screen in pt-BR: the choices, the pause, the grid.
func TestPortugueseSentences(t *testing.T) {
	o := opts()
	o.Lang = i18n.PortugueseBR
	s := live(t, project(t, "real"), o)
	want := map[string]string{
		"continue": "retomar ch001_sc003 em write, pulando 3 fases já feitas (a pausa de cota pede esperar 6 minutos)",
		"restart":  "arquivar o registro de ch001_sc003 e o marcador de pausa e rodar ch001_sc003 de novo desde a primeira fase",
		"review":   "a grade cena x fase, com o motivo de cada veredito",
	}
	for c, w := range want {
		if got := s.Policy[model.Choice(c)].Hint; got != w {
			t.Errorf("%s hint:\n got %q\nwant %q", c, got, w)
		}
	}
	if got := s.Alerts[0].Text; !strings.HasPrefix(got, "pausa de cota: tentar de novo é seguro a partir de 2026-02-15 12:36:00 UTC; CONTINUE agora") || !strings.HasSuffix(got, "espere 6 minutos") {
		t.Errorf("alert: %q", got)
	}
	if !strings.HasPrefix(s.Prompt, "# Retomar o livro «demo» do bookforge\n\nRetome a cena **«ch001_sc003»** na fase **write**: ") {
		t.Errorf("prompt:\n%s", s.Prompt)
	}
	var why []string
	for _, sec := range s.Sections {
		if sec.Title == "Por quê" {
			why = sec.Lines
		}
	}
	if len(why) == 0 || !strings.Contains(strings.Join(why, "\n"), ": SKIP: sucesso em ") {
		t.Errorf("the reasons keep the verdict words and say the rest in pt-BR:\n%s", strings.Join(why, "\n"))
	}
	if s.Status != "paused: HTTP 429 quota pause in write_scene" {
		t.Errorf("the JSON status stays English: %q", s.Status)
	}
	if s.Grid == nil || s.Grid.Replaces[0] != "Cenas × fases" || s.Grid.Replaces[1] != "Por quê" {
		t.Errorf("the grid replaces the pt-BR sections: %+v", s.Grid)
	}
}

// TestNoEnglishInPortugueseRare: the rarer sentences, in pt-BR: the
// repeated-key warning (with its line), an unknown choice, a session
// whose path is no book's, and the words around the errors met halfway
// through a write (which tests cannot provoke on a real file system:
// their catalog entries are said with sample values).
func TestNoEnglishInPortugueseRare(t *testing.T) {
	o := opts()
	o.Lang = i18n.PortugueseBR
	pt := Catalogs.For(i18n.PortugueseBR)
	dir := project(t, "finished")
	ledger := filepath.Join(history(dir, "fern"), "ch001_sc001.json")
	data, err := os.ReadFile(ledger)
	if err != nil {
		t.Fatal(err)
	}
	testkit.Write(t, ledger, strings.Replace(string(data), `"scene_id": "ch001_sc001",`, `"scene_id": "ch001_sc001", "scene_id": "ch001_sc001",`, 1))
	src := sourcesOf(t, dir)
	s := live(t, dir, o)
	texts := map[string]string{"warnings": strings.Join(s.Warnings, "\n")}
	if want := `a chave "scene_id" (linha 2) se repete; vale a última`; !strings.Contains(texts["warnings"], want) {
		t.Errorf("no %q in the warnings:\n%s", want, texts["warnings"])
	}
	l := New(o)
	texts["unknown choice"] = l.Apply(s, model.Choice("bogus"), now).Err.Error()
	odd := *s
	odd.Path = filepath.Join(dir, "elsewhere.json")
	texts["not a book"] = l.Apply(&odd, model.Continue, now).Err.Error()
	if v, err := ParseRerunFrom(i18n.PortugueseBR, "Commit"); v != ApplyCommit || err != nil {
		t.Errorf("--rerun-from Commit: %q %v", v, err)
	}
	if _, err := ParseRerunFrom(i18n.PortugueseBR, "bogus"); err != nil {
		texts["--rerun-from bogus"] = err.Error()
	} else {
		t.Error("--rerun-from bogus was taken")
	}
	if _, err := ParseRerunFrom(i18n.English, "bogus"); err == nil || !strings.HasPrefix(err.Error(), `"bogus" is not a bookforge phase (plan, `) {
		t.Errorf("English --rerun-from bogus: %v", err)
	}
	oops := errors.New("EIO")
	texts["halfway"] = strings.Join([]string{
		fmt.Errorf("bookforge: %s: %w%s", ledger, oops, pt.NothingMoreWritten).Error(),
		fmt.Errorf("bookforge: %s: %s: %w%s", ledger, pt.Entry.F(strconv.Quote("write")), oops, pt.NothingMoreWritten).Error(),
		pt.EntryGone.F(ledger, strconv.Quote("write")), pt.CannotRemove.F(strconv.Quote("write")), pt.CannotDropRepeats.F(strconv.Quote("write")),
		"bookforge: " + pt.BuildingJSON, "bookforge: " + pt.LayingOutJSON, "bookforge: " + pt.Project.F(dir),
		"EIO" + pt.LedgerMovedAlready.F("ch001_sc001", ledger+".restart.1"),
		"EIO" + pt.MovedAlready.F(history(dir, "fern"), history(dir, "fern")+".discarded.1"),
	}, "\n")
	src = append(src, ledger, history(dir, "fern"), "EIO")
	for what, text := range texts {
		i18ntest.NoEnglish(t, what, text, src...)
	}
	// English is unchanged.
	if got := english.KeyRepeated.F(strconv.Quote("scene_id"), 2); got != `key "scene_id" (line 2) is repeated; the last one counts` {
		t.Errorf("English: %q", got)
	}
}
