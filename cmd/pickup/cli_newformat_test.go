package main

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// widgetry is a throwaway format that exists only in this test: its
// loader, its sentences (English here, pt-BR in
// testdata/widgetry/messages) and its words are its own, and it is
// registered the way a format's source_<name>.go registers itself. No
// shared file names it, yet status, the wizard, the hook, JSON, pt-BR
// and the completeness test all see it (issue 25: a format touches
// only its own package and its one registration file).

//go:embed testdata/widgetry/messages
var widgetryFiles embed.FS

const widgetryDir = "testdata/widgetry/messages"

type widgetryText struct {
	WidgetHeadline i18n.M
	WidgetsLeft    i18n.P
}

var widgetryCatalogs = i18n.NewBundle(&widgetryText{
	WidgetHeadline: i18n.T("Workshop {shop} stopped at bench {bench}"),
	WidgetsLeft:    i18n.Plural("{n} widget left unpolished in {shop}", "{n} widgets left unpolished in {shop}"),
}, widgetryFiles, widgetryDir)

var widgetryWords = i18n.NewWords(widgetryFiles, widgetryDir, "Bench", "widgets polished")

// widgetryLoader reads .widgetry/run.json: {"shop", "bench", "done",
// "total", "updated"}.
type widgetryLoader struct{ lang i18n.Lang }

func (widgetryLoader) Source() string { return "widgetry" }

func (widgetryLoader) Discover(project string) ([]string, error) {
	p := filepath.Join(project, ".widgetry", "run.json")
	if _, err := os.Stat(p); err != nil {
		return nil, nil
	}
	return []string{p}, nil
}

func (l widgetryLoader) Load(project, path string) (*model.Session, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var run struct {
		Shop, Bench string
		Done, Total int
		Updated     time.Time
	}
	if err := json.Unmarshal(data, &run); err != nil {
		return nil, err
	}
	t := widgetryCatalogs.For(l.lang)
	s := &model.Session{
		Source: "widgetry", ID: loaders.SessionID("widgetry", project, path), Path: path, Project: project,
		Title: "widgets of " + run.Shop, Status: "paused", LastUpdated: run.Updated, HasLastUpdated: true,
		Fields:      []model.Field{{Key: "bench", Label: "Bench", Value: run.Bench}},
		Phases:      []model.Phase{{Name: "polish", Status: model.PhaseInProgress}},
		Progress:    model.Progress{Done: run.Done, Total: run.Total},
		Units:       &model.Progress{Done: run.Done, Total: run.Total},
		UnitsLabel:  "widgets polished",
		ResumePoint: model.ResumePoint{Phase: "polish", Reason: t.WidgetHeadline.F(run.Shop, run.Bench)},
		Warnings:    []string{t.WidgetsLeft.N(run.Total-run.Done, run.Shop)},
		Fingerprint: "x",
	}
	return s, nil
}

func (widgetryLoader) Apply(s *model.Session, c model.Choice, _ time.Time) model.Applied {
	return model.Applied{Choice: c}
}

// registerWidgetry registers the throwaway format for this test only.
func registerWidgetry(t *testing.T) {
	t.Helper()
	saved := sourceSpecs
	registerSource(sourceSpec{
		name:    "widgetry",
		factory: func(o loaders.Options) loaders.Loader { return widgetryLoader{lang: o.Lang} },
		help:    "widgetry: a throwaway test format (.widgetry/run.json)",
		title:   "Widgetry",
		order:   99,
		demo:    "a widgetry workshop",
	})
	t.Cleanup(func() { sourceSpecs = saved })
}

// inProcess runs pickup in this test binary, where the throwaway format
// is registered.
func inProcess(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	t.Chdir(dir)
	var out, errb bytes.Buffer
	code := run(t.Context(), args, stdio{in: strings.NewReader(stdin), out: &out, err: &errb})
	return result{code, out.String(), errb.String()}
}

func TestAThrowawayFormatTouchesNoSharedFile(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	t.Setenv("CLAUDE_HOME", filepath.Join(home, ".claude"))
	t.Setenv("CODEX_HOME", filepath.Join(home, ".codex"))
	t.Setenv("NO_COLOR", "1")
	t.Setenv("PICKUP_LANG", "en")
	registerWidgetry(t)
	project := testkit.RealTempDir(t)
	testkit.Write(t, filepath.Join(project, ".widgetry", "run.json"),
		`{"shop": "north", "bench": "B7", "done": 3, "total": 4, "updated": "`+time.Now().Add(-90*time.Minute).UTC().Format(time.RFC3339)+`"}`)

	// status, text and JSON.
	r := inProcess(t, project, "", "status", "--long").want(t, exitOK)
	for _, want := range []string{"[widgetry ", "Workshop north stopped at bench B7", "1 widget left unpolished in north", "Bench"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("status --long lacks %q:\n%s", want, r.stdout)
		}
	}
	doc := inProcess(t, project, "", "status", "--json").want(t, exitOK).json(t)
	ss := doc["sessions"].([]any)
	if len(ss) != 1 || ss[0].(map[string]any)["source"] != "widgetry" {
		t.Fatalf("status --json: %v", doc)
	}
	// pt-BR: its own sentences and words, from its own message files.
	r = inProcess(t, project, "", "status", "--long", "--lang", "pt-BR").want(t, exitOK)
	for _, want := range []string{"A oficina north parou na bancada B7", "1 peça ficou sem polir em north", "Bancada"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("status --long --lang pt-BR lacks %q:\n%s", want, r.stdout)
		}
	}
	// The wizard (accessible: numbered prompts on stderr, answered on
	// stdin) shows the session and carries out CONTINUE.
	r = inProcess(t, project, "1\n", "--accessible", "--json").want(t, exitOK)
	for _, want := range []string{"(widgetry)", "Bench: B7", "Widgets polished 3/4", "Workshop north stopped at bench B7", "Warning: 1 widget left unpolished in north"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the wizard lacks %q:\n%s", want, r.stderr)
		}
	}
	if m := r.json(t); m["choice"] != "continue" || m["session"].(map[string]any)["source"] != "widgetry" {
		t.Errorf("wizard decision %v", m)
	}
	r = inProcess(t, project, "1\n", "--accessible", "--lang", "pt-BR").want(t, exitOK)
	for _, want := range []string{"Bancada: B7", "Peças polidas 3/4", "A oficina north parou na bancada B7"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the wizard in pt-BR lacks %q:\n%s", want, r.stderr)
		}
	}
	// The hook tells the agent about it.
	r = inProcess(t, project, payload("claude", project, "startup"), "hook", "--agent", "claude").want(t, exitOK)
	if !strings.Contains(r.stdout, "widgetry") || !strings.Contains(r.stdout, "widgets of north") {
		t.Errorf("hook output lacks the session:\n%s", r.stdout)
	}
	// Every list of formats pickup prints names it.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "formats"}, "widgetry: a throwaway test format"},
		{[]string{"demo", "--help"}, "widgetry workshop"},
		{[]string{"hook", "print-agents-md"}, ", Widgetry)"},
	} {
		if r := inProcess(t, project, "", c.args...).want(t, exitOK); !strings.Contains(r.stdout, c.want) {
			t.Errorf("%v lacks %q:\n%s", c.args, c.want, r.stdout)
		}
	}
}

// The completeness test checks the throwaway's bundles: they pass as
// they are, and a gap in them fails.
func TestAThrowawayFormatIsCheckedForCompleteness(t *testing.T) {
	var own []i18n.AnyBundle
	for _, b := range i18n.Bundles() {
		if strings.HasPrefix(b.FileName(i18n.PortugueseBR), widgetryDir+"/") {
			own = append(own, b)
		}
	}
	if len(own) != 2 {
		t.Fatalf("the throwaway's bundles (messages and words): %d found", len(own))
	}
	// Its messages are selected by this test's code only.
	opt := i18ntest.Options{Unused: []string{"WidgetHeadline", "WidgetsLeft"}}
	i18ntest.Complete(t, opt, own...)

	// A message added in Go without its pt-BR fails.
	type grown struct {
		WidgetHeadline, WidgetNew i18n.M
		WidgetsLeft               i18n.P
	}
	b := i18n.NewBundle(&grown{
		WidgetHeadline: i18n.T("Workshop {shop} stopped at bench {bench}"),
		WidgetNew:      i18n.T("A new sentence"),
		WidgetsLeft:    i18n.Plural("{n} widget left unpolished in {shop}", "{n} widgets left unpolished in {shop}"),
	}, widgetryFiles, widgetryDir)
	rec := &recorder{}
	i18ntest.Complete(rec, i18ntest.Options{Unused: []string{"WidgetHeadline", "WidgetsLeft", "WidgetNew"}}, b)
	if !slices.ContainsFunc(rec.errs, func(e string) bool { return strings.Contains(e, "WidgetNew has no pt-BR translation") }) {
		t.Errorf("a sentence without pt-BR passed the completeness test: %v", rec.errs)
	}
}

type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}
