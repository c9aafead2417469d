package design

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// sources are the contents of every file under dir: the values a text
// quotes from them may be English.
func sources(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if data, err := os.ReadFile(p); err == nil {
				out = append(out, string(data))
			}
		}
		return nil
	})
	return out
}

// sessionTexts are the user-facing texts the loader put in a session,
// each named for a failure.
func sessionTexts(s *model.Session) map[string]string {
	out := map[string]string{
		"title": s.Title, "resume reason": s.ResumePoint.Reason, "resume phase": s.ResumePoint.Phase,
		"report": strings.Join(s.Report, "\n"), "prompt": s.Prompt,
		"warnings": strings.Join(s.Warnings, "\n"),
	}
	for i, a := range s.Alerts {
		out["alert "+string(rune('0'+i))] = a.Text
	}
	for _, ph := range s.Phases {
		out["phase "+ph.Name] = ph.Name + "\n" + ph.Result + "\n" + ph.Detail
	}
	for _, f := range s.Fields {
		out["field "+f.Key] = f.Value
	}
	for c, p := range s.Policy {
		out["policy "+string(c)] = strings.Join([]string{p.Label, p.Hint, p.Confirm, p.Disabled, p.Why}, "\n")
	}
	for c, o := range s.Outcomes {
		out["outcome "+string(c)] = o
	}
	for _, sec := range s.Sections {
		out["section "+sec.Title] = sec.Title + "\n" + strings.Join(sec.Lines, "\n")
	}
	if s.Plan != nil {
		out["plan"] = strings.Join(s.Plan.Lines, "\n")
	}
	if s.Problem != nil {
		out["problem"] = s.Problem.Text()
	}
	for _, a := range s.Artifacts {
		out["artifact "+a.Path] = a.Phase
	}
	return out
}

// noEnglish checks every text of s, and what each choice's Apply says
// (carried out on a copy of project, when ok), against the files read.
func noEnglish(t *testing.T, name string, s *model.Session, src []string) {
	t.Helper()
	for what, text := range sessionTexts(s) {
		i18ntest.NoEnglish(t, name+": "+what, text, src...)
	}
}

// applyAll carries out every choice on a fresh copy of a project and
// checks what Apply said (its error), in pt-BR.
func applyAll(t *testing.T, name string, load func(project string) (loaders.Loader, []*model.Session), copyOf func() string, src []string) {
	t.Helper()
	for _, c := range []model.Choice{model.Continue, model.Review, model.Restart, model.Discard} {
		project := copyOf()
		l, ss := load(project)
		for _, s := range ss {
			if a := l.Apply(s, c, now); a.Err != nil {
				i18ntest.NoEnglish(t, name+": apply "+string(c), a.Err.Error(), append(src, s.Path, project)...)
			}
		}
	}
}

// portuguese loads every session of project in pt-BR: design's and
// atelier's.
func loadInPortuguese(t *testing.T, project string) (loaders.Loader, loaders.Loader, []*model.Session, []*model.Session) {
	t.Helper()
	o := loaders.Options{Lang: i18n.PortugueseBR, Flags: map[string]string{}}
	d, a := New(o), NewAtelier(o)
	load := func(l loaders.Loader) []*model.Session {
		paths, _ := l.Discover(project)
		var out []*model.Session
		for _, p := range paths {
			s, err := l.Load(project, p)
			if err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			out = append(out, s)
		}
		return out
	}
	return d, a, load(d), load(a)
}

// TestNoEnglishInPortuguese is the guard against a sentence left
// untranslated: every fixture the package's tests load (testdata/design,
// the demo's sample project, atelier's problem files), read in pt-BR,
// holds no English of pickup's own in any text the loaders build, in
// Apply's messages, or in what they say when nothing is found.
func TestNoEnglishInPortuguese(t *testing.T) {
	root := filepath.Join("..", "..", "testdata", "design")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	projects := map[string]func() string{}
	for _, e := range entries {
		if e.IsDir() {
			name := e.Name()
			projects[name] = func() string { return fixture(t, name) }
		}
	}
	projects["demo"] = func() string {
		return testkit.Fixture(t, filepath.Join("..", "..", "cmd", "pickup", "sample", "project"))
	}
	for i, body := range []string{
		"{\n  \"phase\": \"design\"\n  \"feature\": \"x\"\n}", `["design"]`, "{\n  \"feature\": \"x\"\n}",
		"{\n  \"phase\": \"deploying\"\n}", "{\"phase\": \"design\", \"locked_files\": [\"a.go\"],}",
	} {
		projects["atelier problem "+string(rune('a'+i))] = func() string {
			dir := t.TempDir()
			testkit.Write(t, filepath.Join(dir, ".atelier", "state.json"), body)
			return dir
		}
	}
	names := make([]string, 0, len(projects))
	for n := range projects {
		names = append(names, n)
	}
	sort.Strings(names)
	seen := 0
	for _, name := range names {
		project := projects[name]()
		src := sources(t, project)
		d, a, ds, as := loadInPortuguese(t, project)
		for _, s := range ds {
			noEnglish(t, name, s, src)
		}
		for _, s := range as {
			noEnglish(t, name, s, src)
		}
		seen += len(ds) + len(as)
		if len(ds) == 0 {
			i18ntest.NoEnglish(t, name+": not found", d.(*Loader).NotFound(project), project)
		}
		if len(as) == 0 {
			i18ntest.NoEnglish(t, name+": atelier not found", a.(*Atelier).NotFound(project), project)
		}
		for _, which := range []string{"design", "atelier"} {
			applyAll(t, name+" "+which, func(p string) (loaders.Loader, []*model.Session) {
				d, a, ds, as := loadInPortuguese(t, p)
				if which == "design" {
					return d, ds
				}
				return a, as
			}, projects[name], src)
		}
	}
	if seen < 20 {
		t.Errorf("only %d sessions were read: the fixtures are not where this test looks", seen)
	}
}

// TestNoEnglishInPortugueseErrors: the rarer sentences said where no
// session is at hand, in pt-BR: the --stage and --feature values that
// do not parse (cmd's flags and the loader's warning), the note on a
// sessions folder holding too many files, an unknown choice.
func TestNoEnglishInPortugueseErrors(t *testing.T) {
	pt := i18n.PortugueseBR
	texts := map[string]string{}
	if _, err := ParseStage(pt, "9"); err != nil {
		texts["--stage 9"] = err.Error()
	}
	for _, f := range []string{"", "a/b", ".."} {
		if err := ValidFeature(pt, f); err != nil {
			texts["--feature "+f] = err.Error()
		}
	}
	if len(texts) != 4 {
		t.Fatalf("a bad --stage or --feature value was taken: %v", texts)
	}
	if got, want := texts["--stage 9"], `"9" não é uma etapa: use 0-7, 3a ou 3b`; got != want {
		t.Errorf("--stage 9:\n got %q\nwant %q", got, want)
	}
	// The loader's warning on a --stage that does not parse.
	project := fixture(t, "spec_example")
	o := loaders.Options{Lang: pt, Flags: map[string]string{FlagStage: "nine"}}
	l := New(o)
	paths, _ := l.Discover(project)
	if len(paths) == 0 {
		t.Fatal("no session in the spec_example fixture")
	}
	s, err := l.Load(project, paths[0])
	if err != nil {
		t.Fatal(err)
	}
	texts["--stage nine warnings"] = strings.Join(s.Warnings, "\n")
	if !strings.Contains(texts["--stage nine warnings"], `--stage: "nine" não é uma etapa`) {
		t.Errorf("no warning on --stage nine: %q", texts["--stage nine warnings"])
	}
	texts["unknown choice"] = l.Apply(s, model.Choice("bogus"), now).Err.Error()
	// A --feature the loader is given by hand.
	if _, err := New(loaders.Options{Lang: pt, Flags: map[string]string{FlagFeature: "a/b"}}).Discover(project); err != nil {
		texts["Discover --feature a/b"] = err.Error()
	} else {
		t.Error("Discover took --feature a/b")
	}
	// The note on a folder holding more sessions than are read.
	testkit.Swap(t, &MaxSessions, 2)
	many := t.TempDir()
	writeSessions(t, many, 3, now)
	if _, note := New(loaders.Options{Lang: pt, Flags: map[string]string{}}).Discover(many); note != nil {
		texts["too many"] = note.Error()
	} else {
		t.Error("no note on 3 sessions with MaxSessions 2")
	}
	src := append(sources(t, project), many, project)
	for what, text := range texts {
		i18ntest.NoEnglish(t, what, text, src...)
	}
	// English is unchanged.
	if _, err := ParseStage(i18n.English, "9"); err == nil || err.Error() != `"9" is not a stage: want 0-7, 3a or 3b` {
		t.Errorf("English --stage 9: %v", err)
	}
	if err := ValidFeature(i18n.English, "a/b"); err == nil || err.Error() != `"a/b" is not a feature name (no path separators)` {
		t.Errorf("English --feature a/b: %v", err)
	}
}
