package aios

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

var update = flag.Bool("update", false, "rewrite testdata/aios/restarted/ from the current output")

// restartNow is the clock every restart test uses.
var restartNow = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// restartFile loads fixture name from a temp project, applies RESTART
// and returns the session before, the written bytes and the reloaded
// session.
func restartFile(t *testing.T, name string) (before *model.Session, out string, after *model.Session) {
	t.Helper()
	project, path := place(t, "docs/stories/.session-state.yaml", fixture(t, name))
	before, err := New().Load(project, path)
	if err != nil {
		t.Fatal(err)
	}
	a := New().Apply(before, model.Restart, restartNow)
	if a.Err != nil {
		t.Fatalf("Apply(Restart): %v", a.Err)
	}
	if a.Choice != model.Restart || len(a.Changed) != 1 || a.Changed[0] != path || a.ArchivedTo != "" {
		t.Fatalf("applied %+v", a)
	}
	out = testkit.Read(t, path)
	after, err = New().Load(project, path)
	if err != nil {
		t.Fatal(err)
	}
	if after.Problem != nil {
		t.Fatalf("reloading the restarted file: %v", after.Problem)
	}
	return before, out, after
}

// golden compares out with testdata/aios/restarted/<name>.
func golden(t *testing.T, name, out string) {
	t.Helper()
	p := filepath.Join(fixtureDir, "restarted", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if want := testkit.Read(t, p); out != want {
		t.Fatalf("restarted %s differs from %s:\n--- got\n%s\n--- want\n%s", name, p, out, want)
	}
}

// untouched checks that every line of the original outside the
// rewritten entries is in the output, in the same order.
func untouched(t *testing.T, orig, out string, rewritten ...string) {
	t.Helper()
	var keep []string
	skipping := false
	for _, l := range strings.SplitAfter(orig, "\n") {
		if strings.HasPrefix(l, "  ") && !strings.HasPrefix(l, "   ") {
			skipping = false
			for _, k := range rewritten {
				if strings.HasPrefix(l, "  "+k+":") {
					skipping = true
				}
			}
		}
		if !skipping || strings.TrimSpace(l) == "" || strings.HasPrefix(strings.TrimSpace(l), "#") {
			keep = append(keep, l)
		}
	}
	rest := out
	for _, l := range keep {
		i := strings.Index(rest, l)
		if i < 0 {
			t.Fatalf("line %q of the original is missing or out of order in:\n%s", l, out)
		}
		rest = rest[i+len(l):]
	}
}

func mapping(t *testing.T, out string, path ...string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := yaml.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range path {
		v = v[k].(map[string]any)
	}
	return v
}

func TestRestartCoreLayout(t *testing.T) {
	before, out, after := restartFile(t, "core.yaml")
	orig := string(fixture(t, "core.yaml"))
	golden(t, "core.yaml", out)
	untouched(t, orig, out, "last_updated", "workflow", "last_action", "resume_instructions")

	// Comments, the epic and progress blocks and the free text survive
	// byte for byte.
	for _, block := range []string{
		"# AIOS Bob session state, as aios-core's session-state.js writes it.\n# Hand-annotated: these comments must survive a RESTART.\nsession_state:\n  version: '1.2'\n",
		"\n  # Epic context (AC2)\n  epic:\n    id: epic-11\n    title: Projeto Bob\n    total_stories: 6\n\n  # Progress tracking (AC3)\n  progress:\n    current_story: '11.3'\n    stories_done:\n      - '11.1'\n      - '11.2'\n",
		"\n  # Workflow state (ADR-011)\n  workflow:\n",
		"  resume_instructions: |-\n    Story 11.3 estava em fase de início.\n    @dev estava trabalhando no desenvolvimento.\n",
		"    educational_mode: null   # not overridden this session\n",
	} {
		if !strings.Contains(out, block) {
			t.Errorf("lost verbatim block %q", block)
		}
	}

	wf := mapping(t, out, "session_state", "workflow")
	if wf["current_phase"] != nil || wf["attempt_count"] != 0 || len(wf["phase_results"].(map[string]any)) != 0 || wf["started_at"] != "2026-03-01T12:00:00.000Z" {
		t.Fatalf("workflow %v", wf)
	}
	la := mapping(t, out, "session_state", "last_action")
	if la["type"] != "STORY_STARTED" || la["timestamp"] != "2026-03-01T12:00:00.000Z" || la["story"] != "11.3" || la["phase"] != nil {
		t.Fatalf("last_action %v", la)
	}
	if !strings.Contains(out, "  last_updated: '2026-03-01T12:00:00.000Z'\n") {
		t.Fatal("last_updated not stamped in the file's own style")
	}

	if !after.LastUpdated.Equal(restartNow) || after.LastAction.Type != "STORY_STARTED" || after.LastAction.Clean {
		t.Fatalf("after: %v %+v", after.LastUpdated, after.LastAction)
	}
	if after.CurrentPhase() != "" || after.Progress.Done != 0 || after.ResumePoint.Phase != "validation" {
		t.Fatalf("after phases %+v resume %+v", after.Phases, after.ResumePoint)
	}
	if *after.Units != *before.Units || after.Title != before.Title || after.Branch != before.Branch {
		t.Fatal("epic, progress and context must be kept")
	}
	// resume_instructions are written again, as aios-core's restart does.
	if want := "Story 11.3 estava em fase de início.\n@dev estava trabalhando no desenvolvimento.\nProgresso: 2 de 6 stories completas.\nPróximo passo: continuar implementação ou revisar o que foi feito."; after.Handoff.Note != want {
		t.Fatalf("resume_instructions %q, want %q", after.Handoff.Note, want)
	}
	if after.Context["attempt_count"] != 0 {
		t.Fatalf("context %v", after.Context)
	}
}

func TestRestartCoreFlowLayout(t *testing.T) {
	_, out, after := restartFile(t, "core_flow.yaml")
	golden(t, "core_flow.yaml", out)
	untouched(t, string(fixture(t, "core_flow.yaml")), out, "last_updated", "workflow", "last_action", "resume_instructions")
	if !strings.Contains(out, "\n  workflow: {current_phase: null, attempt_count: 0, phase_results: {}, started_at: '2026-03-01T12:00:00.000Z'}\n") {
		t.Fatalf("flow workflow not kept in flow style:\n%s", out)
	}
	if after.Progress.Done != 0 {
		t.Fatalf("%+v", after.Phases)
	}
}

func TestRestartSeedLayout(t *testing.T) {
	_, out, after := restartFile(t, "seed.yaml")
	golden(t, "seed.yaml", out)
	untouched(t, string(fixture(t, "seed.yaml")), out, "last_updated", "workflow")
	for _, line := range []string{
		"    current_story: 12.3 # unquoted on purpose: YAML reads it as a float\n",
		"    completed: [12.1, 12.2]\n",
		`  created_at: "2026-02-15T08:00:00Z"` + "\n",
		`  last_updated: "2026-03-01T12:00:00Z"` + "\n",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("missing %q", line)
		}
	}
	wf := mapping(t, out, "session_state", "workflow")
	if wf["current_phase"] != nil || len(wf["completed_phases"].([]any)) != 0 || len(wf["phase_results"].(map[string]any)) != 0 ||
		wf["current_executor"] != nil || len(wf["phase_attempts"].(map[string]any)) != 0 {
		t.Fatalf("workflow %v", wf)
	}
	if _, ok := wf["pr_url"]; !ok {
		t.Fatal("pr_url must be kept")
	}
	for _, k := range []string{"attempt_count", "started_at"} {
		if _, ok := wf[k]; ok {
			t.Fatalf("seed layout must not gain %s", k)
		}
	}
	if _, ok := mapping(t, out, "session_state")["last_action"]; ok {
		t.Fatal("seed layout must not gain last_action")
	}
	if after.Stage != "12.3" || *after.Units != (model.Progress{Done: 2, Total: 5}) || after.Progress.Done != 0 || after.LastAction != nil {
		t.Fatalf("after %+v", after)
	}
}

func TestFixturesAreSpliced(t *testing.T) {
	for _, name := range []string{"core.yaml", "core_flow.yaml", "seed.yaml", "paused.yaml", "zero_stories.yaml", "phase_not_found.yaml"} {
		if _, spliced, err := restartState(&english, fixture(t, name), restartNow); err != nil || !spliced {
			t.Errorf("%s: spliced=%v err=%v", name, spliced, err)
		}
	}
}

func TestRestartSeedClearsRecordedCrash(t *testing.T) {
	data := strings.Replace(string(fixture(t, "seed.yaml")), "is_crash: false", "is_crash: true", 1)
	s := load(t, []byte(data))
	if len(s.Warnings) != 1 {
		t.Fatalf("warnings %q", s.Warnings)
	}
	out, err := RestartState([]byte(data), restartNow)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "  crash_recovery:\n    is_crash: false\n    last_active_phase: development\n    uncommitted_files: []\n\n  locks: {}\n") {
		t.Fatalf("crash_recovery:\n%s", out)
	}
}

func TestRestartPhaseNotFound(t *testing.T) {
	before, _, after := restartFile(t, "phase_not_found.yaml")
	if before.Problem == nil || before.Problem.Kind != model.ErrPhaseNotFound {
		t.Fatal("fixture should have an unknown phase")
	}
	if after.Problem != nil || after.ResumePoint.Phase != "validation" {
		t.Fatalf("after restart: %v %+v", after.Problem, after.ResumePoint)
	}
}

func TestRestartStyles(t *testing.T) {
	tests := []struct {
		name, in string
		check    func(t *testing.T, out string)
	}{
		{"fallback: flow session_state", "session_state: {last_updated: '2026-02-05T10:00:00Z', progress: {current_story: 12.3}, workflow: {current_phase: push}}\n",
			func(t *testing.T, out string) {
				if !strings.Contains(out, "current_story: 12.3") || !strings.Contains(out, "current_phase: null") {
					t.Fatalf("out:\n%s", out)
				}
			}},
		{"CRLF line endings", "# c\r\nsession_state:\r\n  last_updated: '2026-02-05T10:00:00Z'\r\n  workflow:\r\n    current_phase: push\r\n    attempt_count: 3\r\n  epic:\r\n    title: T\r\n",
			func(t *testing.T, out string) {
				if strings.Count(out, "\n") != strings.Count(out, "\r\n") || !strings.HasPrefix(out, "# c\r\nsession_state:\r\n") || !strings.HasSuffix(out, "  epic:\r\n    title: T\r\n") {
					t.Fatalf("line endings changed: %q", out)
				}
			}},
		{"no newline at the end", "session_state:\n  epic: {title: T}\n  last_updated: 2026-02-05T10:00:00Z\n  workflow:\n    current_phase: push",
			func(t *testing.T, out string) {
				if strings.HasSuffix(out, "\n") || !strings.Contains(out, "  last_updated: 2026-03-01T12:00:00Z\n") {
					t.Fatalf("out %q", out)
				}
			}},
		{"indent of four", "session_state:\n    version: '1.2'\n    last_updated: \"2026-02-05T10:00:00.5Z\"\n    progress:\n        stories_done:\n            - '1.1'\n    workflow:\n        current_phase: push\n        phase_results:\n            push:\n                status: FAIL\n",
			func(t *testing.T, out string) {
				want := "session_state:\n    version: '1.2'\n    last_updated: \"2026-03-01T12:00:00.000Z\"\n    progress:\n        stories_done:\n            - '1.1'\n    workflow:\n        current_phase: null\n        phase_results: {}\n        attempt_count: 0\n        started_at: \"2026-03-01T12:00:00.000Z\"\n" +
					"    resume_instructions: |-\n        Progresso: 1 de ? stories completas.\n        Próximo passo: continuar implementação ou revisar o que foi feito.\n"
				if out != want {
					t.Fatalf("got:\n%s\nwant:\n%s", out, want)
				}
			}},
		{"compact lists", "session_state:\n  last_updated: '2026-02-05T10:00:00Z'\n  progress:\n    completed:\n    - 1.1\n  workflow:\n    current_phase: push\n    completed_phases:\n    - validation\n    extra:\n    - a\n",
			func(t *testing.T, out string) {
				want := "session_state:\n  last_updated: '2026-03-01T12:00:00Z'\n  progress:\n    completed:\n    - 1.1\n  workflow:\n    current_phase: null\n    completed_phases: []\n    extra:\n    - a\n    phase_results: {}\n"
				if out != want {
					t.Fatalf("got:\n%s\nwant:\n%s", out, want)
				}
			}},
		{"comments inside and after the workflow block", "session_state:\n  last_updated: '2026-02-05T10:00:00Z'\n  workflow:\n    # before the phase\n    current_phase: push # inline\n    pr_url: https://example.com/pr/1\n    # after the block\n\n  # head of next\n  epic: {title: T}\n",
			func(t *testing.T, out string) {
				for _, c := range []string{"# before the phase", "# inline", "# after the block", "# head of next"} {
					if strings.Count(out, c) != 1 {
						t.Fatalf("comment %q appears %d times:\n%s", c, strings.Count(out, c), out)
					}
				}
				if !strings.Contains(out, "    # after the block\n\n  # head of next\n  epic: {title: T}\n") {
					t.Fatalf("out:\n%s", out)
				}
			}},
		{"session_state not the last root key", "session_state:\n  last_updated: '2026-02-05T10:00:00Z'\n  workflow:\n    current_phase: push\n# notes\nother: 1\n",
			func(t *testing.T, out string) {
				if !strings.HasSuffix(out, "    completed_phases: []\n# notes\nother: 1\n") {
					t.Fatalf("out:\n%s", out)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, spliced, err := restartState(&english, []byte(tt.in), restartNow)
			if err != nil {
				t.Fatal(err)
			}
			if spliced == strings.HasPrefix(tt.name, "fallback") {
				t.Fatalf("spliced = %v", spliced)
			}
			tt.check(t, string(out))
			s := load(t, out)
			if s.Problem != nil || !s.LastUpdated.Equal(restartNow) || s.CurrentPhase() != "" {
				t.Fatalf("reload: %v %v %q", s.Problem, s.LastUpdated, s.CurrentPhase())
			}
		})
	}
}

func TestRestartRefusesCorrupted(t *testing.T) {
	data := fixture(t, "corrupted_bad_yaml.yaml")
	s := load(t, data)
	a := New().Apply(s, model.Restart, restartNow)
	if a.Err == nil || !strings.Contains(a.Err.Error(), s.Path) {
		t.Fatalf("restart of a corrupted file: %+v", a)
	}
	if testkit.Read(t, s.Path) != string(data) {
		t.Fatal("file changed")
	}
}

func TestRefuseWhenChanged(t *testing.T) {
	for _, c := range []model.Choice{model.Restart, model.Discard} {
		t.Run(string(c), func(t *testing.T) {
			s := load(t, fixture(t, "core.yaml"))
			other := string(fixture(t, "core.yaml")) + "# another writer was here\n"
			if err := os.WriteFile(s.Path, []byte(other), 0o644); err != nil {
				t.Fatal(err)
			}
			a := New().Apply(s, c, restartNow)
			if !errors.Is(a.Err, fsx.ErrChanged) {
				t.Fatalf("want fsx.ErrChanged, got %v", a.Err)
			}
			if len(a.Changed) != 0 || a.ArchivedTo != "" {
				t.Fatalf("applied %+v", a)
			}
			if testkit.Read(t, s.Path) != other {
				t.Fatal("the other writer's content was lost")
			}
			entries, _ := os.ReadDir(filepath.Dir(s.Path))
			if len(entries) != 1 {
				t.Fatalf("extra files: %v", entries)
			}
		})
		t.Run(string(c)+" after removal", func(t *testing.T) {
			s := load(t, fixture(t, "seed.yaml"))
			if err := os.Remove(s.Path); err != nil {
				t.Fatal(err)
			}
			a := New().Apply(s, c, restartNow)
			var ce *fsx.ChangedError
			if !errors.Is(a.Err, fsx.ErrChanged) || !errors.As(a.Err, &ce) || !ce.Gone {
				t.Fatalf("want a Gone ChangedError, got %v", a.Err)
			}
			if _, err := os.Stat(s.Path); !os.IsNotExist(err) {
				t.Fatal("a removed file must not come back")
			}
		})
	}
}

func TestDiscard(t *testing.T) {
	for _, name := range []string{"core.yaml", "corrupted_bad_yaml.yaml"} {
		t.Run(name, func(t *testing.T) {
			data := fixture(t, name)
			s := load(t, data)
			now := time.Date(2026, 3, 1, 12, 0, 0, 123e6, time.UTC)
			a := New().Apply(s, model.Discard, now)
			if a.Err != nil {
				t.Fatal(a.Err)
			}
			if a.Choice != model.Discard || len(a.Changed) != 1 || a.Changed[0] != s.Path {
				t.Fatalf("applied %+v", a)
			}
			if filepath.Dir(a.ArchivedTo) != filepath.Dir(s.Path) {
				t.Fatalf("archive %s not beside %s", a.ArchivedTo, s.Path)
			}
			base := filepath.Base(a.ArchivedTo)
			if !regexp.MustCompile(`^\.session-state\.yaml\.discarded\.\d{8}T\d{6}Z$`).MatchString(base) ||
				base != ".session-state.yaml.discarded."+fsx.Stamp(now) {
				t.Fatalf("archive name %s", base)
			}
			if testkit.Read(t, a.ArchivedTo) != string(data) {
				t.Fatal("archive must hold the original bytes")
			}
			if _, err := os.Stat(s.Path); !os.IsNotExist(err) {
				t.Fatalf("original still there: %v", err)
			}
			// The archive is not rediscovered as a session.
			if got, _ := New().Discover(s.Project); len(got) != 0 {
				t.Fatalf("Discover after discard: %q", got)
			}
		})
	}
}

func TestContinueAndReviewWriteNothing(t *testing.T) {
	data := fixture(t, "core.yaml")
	s := load(t, data)
	st, _ := os.Stat(s.Path)
	for _, c := range []model.Choice{model.Continue, model.Review} {
		a := New().Apply(s, c, restartNow)
		if a.Err != nil || a.Choice != c || len(a.Changed) != 0 || a.ArchivedTo != "" {
			t.Fatalf("%s: %+v", c, a)
		}
	}
	st2, _ := os.Stat(s.Path)
	if testkit.Read(t, s.Path) != string(data) || !st.ModTime().Equal(st2.ModTime()) {
		t.Fatal("file touched")
	}
	if a := New().Apply(s, model.Choice("bogus"), restartNow); a.Err == nil {
		t.Fatal("unknown choice accepted")
	}
}

// TestWizardRestart runs the core's flowchart against the real loader:
// the state file's own change does not trip VETO-2, and the restart
// lands on disk.
func TestWizardRestart(t *testing.T) {
	s := load(t, fixture(t, "core.yaml"))
	now := s.LastUpdated.Add(10 * time.Minute)
	st, _ := model.Step(model.NewState(model.Config{}), model.Loaded{Session: s, Now: now})
	if st.Screen != model.ScreenOptions {
		t.Fatalf("screen %s", st.Screen)
	}
	st, eff := model.Step(st, model.Chose{Choice: model.Restart})
	if len(eff) != 1 {
		t.Fatalf("effects %v", eff)
	}
	if _, ok := eff[0].(model.CheckGit); !ok {
		t.Fatalf("effect %T", eff[0])
	}
	st, eff = model.Step(st, model.GitChecked{Available: true, Files: []string{".aios/.session-state.yaml"}})
	ap, ok := eff[0].(model.Apply)
	if !ok {
		t.Fatalf("screen %s effects %v", st.Screen, eff)
	}
	st, eff = model.Step(st, New().Apply(ap.Session, ap.Choice, now))
	em, ok := eff[0].(model.Emit)
	if !ok || st.Screen != model.ScreenDone || em.Decision.Action != model.ActionRestart || em.Decision.Changed[0] != s.Path {
		t.Fatalf("screen %s failure %q effects %v", st.Screen, st.Failure, eff)
	}
	if !strings.Contains(testkit.Read(t, s.Path), "type: STORY_STARTED") {
		t.Fatal("restart not written")
	}
}
