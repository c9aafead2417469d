package aios

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

func TestSource(t *testing.T) {
	if New().Source() != "aios" {
		t.Fatal(New().Source())
	}
}

func TestDiscoverEachLocation(t *testing.T) {
	for _, rel := range Locations {
		t.Run(rel, func(t *testing.T) {
			project, path := place(t, rel, fixture(t, "core.yaml"))
			got, err := New().Discover(project)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, []string{path}) {
				t.Fatalf("Discover = %q, want %q", got, path)
			}
			s, err := New().Load(project, got[0])
			if err != nil || s.Problem != nil {
				t.Fatalf("Load: %v %+v", err, s.Problem)
			}
			if s.Context["state_file"] != rel {
				t.Fatalf("state_file = %v, want %s", s.Context["state_file"], rel)
			}
		})
	}
}

func TestDiscoverAllInProbeOrder(t *testing.T) {
	project := t.TempDir()
	var want []string
	// Write them in reverse to show the order is the probe order.
	for i := len(Locations) - 1; i >= 0; i-- {
		p := filepath.Join(project, filepath.FromSlash(Locations[i]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, fixture(t, "seed.yaml"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, rel := range Locations {
		want = append(want, filepath.Join(project, filepath.FromSlash(rel)))
	}
	got, err := New().Discover(project)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("Discover = %q, %v; want %q", got, err, want)
	}
	// Relative project paths are made absolute.
	t.Chdir(project)
	got, err = New().Discover(".")
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("Discover(.) = %q, %v", got, err)
	}
}

func TestDiscoverNone(t *testing.T) {
	project := t.TempDir()
	// Things that are not state files: a directory where the file would
	// be, a file where a directory would be, and a state file elsewhere.
	if err := os.MkdirAll(filepath.Join(project, ".aios", ".session-state.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, ".aiox"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(project, "sub", "docs", "stories")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other, ".session-state.yaml"), fixture(t, "core.yaml"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The directory is returned (issue 9: a state file that is a
	// directory is a clear error, not "no session"), and Load says what
	// it is.
	dir := filepath.Join(project, ".aios", ".session-state.yaml")
	got, err := New().Discover(project)
	if err != nil || len(got) != 1 || got[0] != dir {
		t.Fatalf("Discover = %q, %v; want only %s", got, err, dir)
	}
	if s, err := New().Load(project, dir); err == nil || !strings.Contains(err.Error(), dir+": is a directory") {
		t.Fatalf("Load of a directory: %v, %v", s, err)
	}
	got, err = New().Discover(t.TempDir())
	if err != nil || len(got) != 0 {
		t.Fatalf("empty project: %q, %v", got, err)
	}
}

func TestLoadCoreLayout(t *testing.T) {
	data := fixture(t, "core.yaml")
	project, path := place(t, "docs/stories/.session-state.yaml", data)
	s, err := New().Load(project, path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Problem != nil {
		t.Fatalf("problem: %v", s.Problem)
	}
	check := func(name string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %#v, want %#v", name, got, want)
		}
	}
	check("Source", s.Source, "aios")
	check("ID", s.ID, loaders.SessionID("aios", project, path))
	check("Path", s.Path, path)
	check("Project", s.Project, project)
	check("Fingerprint", s.Fingerprint, fsx.Fingerprint(data))
	check("Title", s.Title, "Projeto Bob / story 11.3")
	check("Stage", s.Stage, "11.3")
	check("Status", s.Status, "development")
	check("Branch", s.Branch, "feature/bob")
	check("LastUpdated", s.LastUpdated.Equal(time.Date(2026, 2, 5, 10, 0, 0, 0, time.UTC)), true)
	check("HasLastUpdated", s.HasLastUpdated, true)
	check("LastAction", s.LastAction, &model.LastAction{Type: "PHASE_CHANGE", Clean: false})
	check("Fields", s.Fields, []model.Field{
		{Key: "epic", Label: "Epic", Value: "Projeto Bob"},
		{Key: "story", Label: "Story", Value: "11.3"},
		{Key: "phase", Label: "Phase", Value: "development"},
	})
	check("Phases", s.Phases, []model.Phase{
		{Name: "validation", Status: model.PhaseCompleted, Label: "PASS", Executor: "@po", Duration: "2345", Result: "PASS"},
		{Name: "development", Status: model.PhaseInProgress, Label: "current", Detail: "attempt 1"},
		{Name: "self_healing", Status: model.PhasePending, Label: "pending"},
		{Name: "quality_gate", Status: model.PhasePending, Label: "pending"},
		{Name: "push", Status: model.PhasePending, Label: "pending"},
		{Name: "checkpoint", Status: model.PhasePending, Label: "pending"},
	})
	check("Progress", s.Progress, model.Progress{Done: 1, Total: 6})
	check("Units", s.Units, &model.Progress{Done: 2, Total: 6})
	check("UnitsLabel", s.UnitsLabel, "stories")
	check("ResumePoint", s.ResumePoint, model.ResumePoint{Phase: "development", Reason: "recorded as the current phase"})
	check("CurrentPhase", s.CurrentPhase(), "development")
	if !strings.HasPrefix(s.Handoff.Note, "Story 11.3 estava em fase de development.\n") || strings.HasSuffix(s.Handoff.Note, "\n") {
		t.Errorf("Handoff.Note = %q", s.Handoff.Note)
	}
	check("Warnings", s.Warnings, []string{})
	// Only seed 001's own rule: REVIEW is hidden after a crash.
	check("Policy", s.Policy, map[model.Choice]model.ChoicePolicy{model.Review: {HiddenAfterCrash: true}})
	check("Context", s.Context, map[string]any{
		"story":               "11.3",
		"epic":                "Projeto Bob",
		"epic_id":             "epic-11",
		"phase":               "development",
		"completed_phases":    []string{"validation"},
		"attempt_count":       1,
		"branch":              "feature/bob",
		"resume_instructions": s.Handoff.Note,
		"state_file":          "docs/stories/.session-state.yaml",
	})
}

func TestLoadCoreFlowLayout(t *testing.T) {
	s := load(t, fixture(t, "core_flow.yaml"))
	if s.Problem != nil {
		t.Fatal(s.Problem)
	}
	if s.Progress != (model.Progress{Done: 3, Total: 6}) || s.CurrentPhase() != "quality_gate" {
		t.Fatalf("progress %+v current %q", s.Progress, s.CurrentPhase())
	}
	if s.Phases[1].Executor != "dev" || s.Phases[1].Label != "PASS" {
		t.Fatalf("development phase: %+v", s.Phases[1])
	}
	if *s.Units != (model.Progress{Done: 2, Total: 6}) {
		t.Fatalf("units %+v", *s.Units)
	}
	if s.Context["attempt_count"] != 2 {
		t.Fatalf("attempt_count %v", s.Context["attempt_count"])
	}
}

func TestLoadSeedLayout(t *testing.T) {
	s := load(t, fixture(t, "seed.yaml"))
	if s.Problem != nil {
		t.Fatal(s.Problem)
	}
	if s.Title != "Authentication System / story 12.3" || s.Stage != "12.3" {
		t.Fatalf("title %q stage %q", s.Title, s.Stage)
	}
	if s.Fields[1] != (model.Field{Key: "story", Label: "Story", Value: "12.3"}) {
		t.Fatalf("story field %+v", s.Fields[1])
	}
	if s.LastAction != nil {
		t.Fatalf("seed layout has no last_action: %+v", s.LastAction)
	}
	if !s.LastUpdated.Equal(time.Date(2026, 2, 15, 10, 30, 0, 0, time.UTC)) {
		t.Fatalf("last updated %v", s.LastUpdated)
	}
	if *s.Units != (model.Progress{Done: 2, Total: 5}) {
		t.Fatalf("units %+v", *s.Units)
	}
	want := model.Phase{Name: "validation", Status: model.PhaseCompleted, Label: "approved", Executor: "@po", Duration: "10min", Result: "approved", Detail: "1 attempt"}
	if s.Phases[0] != want {
		t.Fatalf("validation %+v", s.Phases[0])
	}
	if s.Phases[1].Status != model.PhaseInProgress || s.Phases[1].Detail != "2 attempts" {
		t.Fatalf("development %+v", s.Phases[1])
	}
	if s.Progress != (model.Progress{Done: 1, Total: 6}) {
		t.Fatalf("progress %+v", s.Progress)
	}
	if s.ResumePoint.Phase != "development" || s.Status != "development" || s.Branch != "" {
		t.Fatalf("resume %+v status %q branch %q", s.ResumePoint, s.Status, s.Branch)
	}
	if len(s.Warnings) != 0 {
		t.Fatalf("warnings %q", s.Warnings)
	}
	if _, ok := s.Context["attempt_count"]; ok {
		t.Fatal("seed layout has no attempt_count")
	}
	if !reflect.DeepEqual(s.Context["completed_phases"], []string{"validation"}) || s.Context["story"] != "12.3" {
		t.Fatalf("context %v", s.Context)
	}
}

func TestSeedLayoutVariants(t *testing.T) {
	// The seed's own example: no stories_total/completed, unquoted ids,
	// a double-digit float-looking id, a crash recorded.
	data := []byte(`# .aios/.session-state.yaml
session_state:
  epic:
    id: epic-12
    title: Authentication System
  progress:
    current_story: 12.10
    completed: [12.1, 12.2, 12.3]
  workflow:
    current_phase: development
    completed_phases: [validation]
    phase_results:
      validation:
        executor: "@po"
        duration: 10min
        result: approved
  last_updated: "2026-02-15T10:30:00Z"
  crash_recovery:
    is_crash: true
    last_active_phase: development
    uncommitted_files: [src/auth/jwt.js]
`)
	s := load(t, data)
	if s.Problem != nil {
		t.Fatal(s.Problem)
	}
	if s.Stage != "12.10" {
		t.Fatalf("story 12.10 read as %q", s.Stage)
	}
	if *s.Units != (model.Progress{Done: 3, Total: 0}) || s.Units.Percent() != 0 {
		t.Fatalf("units %+v", *s.Units)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "crash_recovery.is_crash: true") || !strings.Contains(s.Warnings[0], "development") {
		t.Fatalf("warnings %q", s.Warnings)
	}
}

func TestZeroStories(t *testing.T) {
	s := load(t, fixture(t, "zero_stories.yaml"))
	if s.Problem != nil {
		t.Fatal(s.Problem)
	}
	if *s.Units != (model.Progress{Done: 0, Total: 0}) || s.Units.Percent() != 0 {
		t.Fatalf("units %+v percent %d", *s.Units, s.Units.Percent())
	}
	if s.Fields[1].Value != "Unknown" || s.Fields[2].Value != "none" {
		t.Fatalf("fields %+v", s.Fields)
	}
	if s.Title != "Empty Epic" || s.Status != "EPIC_STARTED" {
		t.Fatalf("title %q status %q", s.Title, s.Status)
	}
	want := model.ResumePoint{Phase: "validation", Reason: "no current_phase and no phase completed: the story starts at validation"}
	if s.ResumePoint != want {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
	if s.Progress != (model.Progress{Done: 0, Total: 6}) {
		t.Fatalf("progress %+v", s.Progress)
	}
}

func TestPausedIsNotACrash(t *testing.T) {
	s := load(t, fixture(t, "paused.yaml"))
	if s.LastAction == nil || s.LastAction.Type != "PAUSE" || !s.LastAction.Clean {
		t.Fatalf("last action %+v", s.LastAction)
	}
	c := model.DetectCrash(s, s.LastUpdated.Add(72*time.Hour), model.DefaultCrashAfter)
	if c.Detected || c.ReasonCode != model.CrashCleanStop {
		t.Fatalf("paused three days ago: %+v", c)
	}
	if s.Phases[0].Status != model.PhaseCompleted || s.Phases[1].Status != model.PhaseCompleted || s.CurrentPhase() != "self_healing" {
		t.Fatalf("phases %+v", s.Phases)
	}
	if s.Branch != "feature/bob-11-4" || *s.Units != (model.Progress{Done: 3, Total: 6}) {
		t.Fatalf("branch %q units %+v", s.Branch, *s.Units)
	}
}

func TestCrashRule(t *testing.T) {
	clean := map[string]bool{"PAUSE": true, "STORY_COMPLETED": true, "ABORT": true}
	offsets := []struct {
		after time.Duration
		stale bool
	}{{29 * time.Minute, false}, {30 * time.Minute, false}, {31 * time.Minute, true}}
	core := string(fixture(t, "core.yaml"))
	for _, typ := range ActionTypes {
		data := strings.Replace(core, "type: PHASE_CHANGE", "type: "+typ, 1)
		s := load(t, []byte(data))
		if s.LastAction == nil || s.LastAction.Type != typ {
			t.Fatalf("%s: last action %+v", typ, s.LastAction)
		}
		for _, o := range offsets {
			c := model.DetectCrash(s, s.LastUpdated.Add(o.after), model.DefaultCrashAfter)
			want := o.stale && !clean[typ]
			if c.Detected != want {
				t.Errorf("core %s at +%v: crash=%v, want %v (%s)", typ, o.after, c.Detected, want, c.Reason)
			}
		}
	}
	seed := load(t, fixture(t, "seed.yaml"))
	for _, o := range offsets {
		c := model.DetectCrash(seed, seed.LastUpdated.Add(o.after), model.DefaultCrashAfter)
		if c.Detected != o.stale {
			t.Errorf("seed at +%v: crash=%v, want %v (%s)", o.after, c.Detected, o.stale, c.Reason)
		}
	}
}

func TestLastUpdatedForms(t *testing.T) {
	want := time.Date(2026, 2, 15, 10, 30, 0, 0, time.UTC)
	for _, v := range []string{
		`"2026-02-15T10:30:00Z"`,
		`'2026-02-15T10:30:00.000Z'`,
		`2026-02-15T10:30:00Z`,
		`2026-02-15T10:30:00.000Z`,
		`2026-02-15T12:30:00+02:00`,
		`"2026-02-15T07:30:00.123456-03:00"`,
		`2026-02-15 10:30:00`,
		`2026-02-15T10:30:00`,
	} {
		data := "session_state:\n  last_updated: " + v + "\n  workflow: {current_phase: null}\n"
		s := load(t, []byte(data))
		if s.Problem != nil || !s.HasLastUpdated {
			t.Errorf("%s: %v", v, s.Problem)
			continue
		}
		if d := s.LastUpdated.Sub(want); d < 0 || d >= time.Second {
			t.Errorf("%s read as %v", v, s.LastUpdated)
		}
	}
}

func TestCorrupted(t *testing.T) {
	tests := []struct {
		name   string
		data   []byte
		line   int
		detail string
	}{
		{"bad YAML", fixture(t, "corrupted_bad_yaml.yaml"), 8, "invalid YAML"},
		{"no session_state", fixture(t, "corrupted_no_session_state.yaml"), 0, "no session_state"},
		{"empty file", []byte(""), 0, "empty"},
		{"comments only", []byte("# nothing\n"), 0, "empty"},
		{"top level is a list", []byte("- session_state\n"), 1, "no session_state mapping"},
		{"session_state is a scalar", []byte("session_state: yes\n"), 1, "not a mapping"},
		{"session_state is null", []byte("session_state:\n"), 1, "not a mapping"},
		{"session_state holds no session", []byte("session_state:\n  last_updated: '2026-02-05T10:00:00Z'\n  k: {k: 1}\n"), 1, "session_state has no workflow, epic or progress"},
		{"duplicate key", []byte("session_state:\n  last_updated: '2026-02-05T10:00:00Z'\n  workflow: {}\n  progress:\n    current_story: '1.1'\n    current_story: '1.2'\n"), 6, `duplicate key "current_story"`},
		{"unclosed quote", []byte("session_state:\n  last_updated: '2026-02-05T10:00:00Z'\n  epic: {title: \"Bob}\n  workflow: {}\n"), 0, "invalid YAML"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			project, path := place(t, "docs/stories/.session-state.yaml", tt.data)
			s, err := New().Load(project, path)
			if err != nil {
				t.Fatalf("a readable file must not give an error: %v", err)
			}
			p := s.Problem
			if p == nil || p.Kind != model.ErrCorrupted {
				t.Fatalf("problem %+v", p)
			}
			if p.Path != path || !strings.Contains(p.Error(), path) {
				t.Fatalf("problem must name the file: %q", p.Error())
			}
			if tt.line != 0 && p.Line != tt.line {
				t.Fatalf("line %d, want %d (%s)", p.Line, tt.line, p.Error())
			}
			if !strings.Contains(p.Detail, tt.detail) {
				t.Fatalf("detail %q, want %q in it", p.Detail, tt.detail)
			}
			if s.Source != "aios" || s.ID != loaders.SessionID("aios", project, path) || s.Path != path || s.Project != project ||
				s.Fingerprint != fsx.Fingerprint(tt.data) || s.Title != "docs/stories/.session-state.yaml" || s.Warnings == nil {
				t.Fatalf("corrupted session fields: %+v", s)
			}
			opts := model.Options(s, model.CrashInfo{})
			for _, o := range opts {
				if o.Enabled != (o.Choice == model.Discard) {
					t.Fatalf("corrupted file must allow only DISCARD: %+v", opts)
				}
			}
		})
	}
	// The bad YAML's error names file and line.
	project, path := place(t, ".aios/.session-state.yaml", fixture(t, "corrupted_bad_yaml.yaml"))
	s, _ := New().Load(project, path)
	if !strings.HasPrefix(s.Problem.Error(), path+":8: session_corrupted: invalid YAML") {
		t.Fatalf("error %q", s.Problem.Error())
	}
}

// TestDamagedValuesAreWarnings: what aios-core's own code still reads
// (it loads the file with js-yaml and calls new Date() on last_updated)
// is a warning with what pickup could not know, never session_corrupted.
// Corruption is kept for YAML that does not parse and a missing root.
func TestDamagedValuesAreWarnings(t *testing.T) {
	tests := []struct {
		name    string
		data    []byte
		when    bool // the time is known
		warning string
	}{
		{"missing last_updated", fixture(t, "missing_last_updated.yaml"), false, "last_updated is missing: the time of the last update is unknown"},
		{"last_updated unparseable", fixture(t, "producer/hand_time_unparseable.yaml"), false, `last_updated is the value "ontem às 10h", not an ISO 8601 time: the time of the last update is unknown`},
		{"last_updated null", []byte("session_state:\n  workflow: {}\n  last_updated: null\n"), false, "last_updated is null"},
		{"last_updated a list", []byte("session_state:\n  workflow: {}\n  last_updated: [1]\n"), false, "last_updated is a list"},
		{"time without seconds", fixture(t, "producer/hand_time_no_seconds.yaml"), true, `"2026-02-05T10:30" has no seconds and no time zone: read as local time`},
		{"workflow missing", []byte("session_state:\n  last_updated: '2026-02-05T10:00:00Z'\n  epic: {title: T}\n"), true, "workflow is missing: no phase is recorded"},
		{"workflow a list", []byte("session_state:\n  last_updated: '2026-02-05T10:00:00Z'\n  workflow: [validation]\n"), true, "workflow is a list, not a mapping"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := load(t, tt.data)
			if s.Problem != nil {
				t.Fatalf("problem %v, want a warning", s.Problem)
			}
			if s.HasLastUpdated != tt.when {
				t.Fatalf("HasLastUpdated %v, want %v (%v)", s.HasLastUpdated, tt.when, s.LastUpdated)
			}
			if !slices.ContainsFunc(s.Warnings, func(w string) bool { return strings.Contains(w, tt.warning) }) {
				t.Fatalf("warnings %q lack %q", s.Warnings, tt.warning)
			}
			if len(s.Phases) != len(Phases) || s.ResumePoint.Phase == "" {
				t.Fatalf("phases %+v resume %+v", s.Phases, s.ResumePoint)
			}
			opts := model.Options(s, model.DetectCrash(s, time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), model.DefaultCrashAfter))
			for _, c := range []model.Choice{model.Continue, model.Restart, model.Discard} {
				if o, _ := model.Find(opts, c); !o.Enabled {
					t.Fatalf("%s disabled: %+v", c, opts)
				}
			}
		})
	}
	// The time without seconds is the producer's: new Date() reads it
	// as local time.
	testkit.Swap(t, &time.Local, time.FixedZone("BRT", -3*3600))
	s := load(t, fixture(t, "producer/hand_time_no_seconds.yaml"))
	if want := time.Date(2026, 2, 5, 10, 30, 0, 0, time.Local); !s.LastUpdated.Equal(want) {
		t.Fatalf("read as %v, want %v", s.LastUpdated, want)
	}
}

func TestPhaseNotFound(t *testing.T) {
	project, path := place(t, ".aios/.session-state.yaml", fixture(t, "phase_not_found.yaml"))
	s, err := New().Load(project, path)
	if err != nil {
		t.Fatal(err)
	}
	p := s.Problem
	if p == nil || p.Kind != model.ErrPhaseNotFound || p.Path != path || p.Line != 13 {
		t.Fatalf("problem %+v", p)
	}
	for _, want := range append([]string{`"deploying"`}, Phases...) {
		if !strings.Contains(p.Detail, want) {
			t.Fatalf("detail %q lacks %s", p.Detail, want)
		}
	}
	// Still a full session.
	if s.Title != "Projeto Bob / story 11.3" || s.Fields[2].Value != "deploying" || *s.Units != (model.Progress{Done: 2, Total: 6}) {
		t.Fatalf("session %+v", s)
	}
	if s.CurrentPhase() != "" || s.Phases[0].Status != model.PhaseCompleted || s.ResumePoint.Phase != "" || !strings.Contains(s.ResumePoint.Reason, "deploying") {
		t.Fatalf("phases %+v resume %+v", s.Phases, s.ResumePoint)
	}
	opts := model.Options(s, model.CrashInfo{})
	if o, _ := model.Find(opts, model.Continue); o.Enabled {
		t.Fatal("CONTINUE must be disabled")
	}
	if o, _ := model.Find(opts, model.Restart); !o.Enabled || !o.Recommended {
		t.Fatal("RESTART must be recommended")
	}
}

func TestPhaseNamesAsAgentsWriteThem(t *testing.T) {
	data := `session_state:
  last_updated: '2026-02-05T10:00:00Z'
  workflow:
    current_phase: Quality-Gate
    completed_phases: [Validation, development, self healing, deploy]
    phase_results:
      development: {result: approved}
      push: {result: FAILED}
`
	s := load(t, []byte(data))
	if s.Problem != nil {
		t.Fatal(s.Problem)
	}
	if s.CurrentPhase() != "quality_gate" || s.Progress.Done != 3 {
		t.Fatalf("current %q phases %+v", s.CurrentPhase(), s.Phases)
	}
	if s.Phases[4].Status != model.PhaseFailed || s.Phases[4].Label != "FAILED" {
		t.Fatalf("push %+v", s.Phases[4])
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], `"deploy"`) {
		t.Fatalf("warnings %q", s.Warnings)
	}
}

func TestResumePointWithoutCurrentPhase(t *testing.T) {
	tests := []struct{ workflow, phase, reason string }{
		{"{current_phase: null, completed_phases: [validation, development]}", "self_healing", "development completed; self_healing is next"},
		{"{current_phase: null, phase_results: {validation: {status: PASS}, development: {status: rejected}}}", "development", `no current_phase; development recorded "rejected", so it runs again`},
		{"{completed_phases: [validation, development, self_healing, quality_gate, push, checkpoint]}", "", "all six phases are completed: the story is finished"},
	}
	for _, tt := range tests {
		s := load(t, []byte("session_state:\n  last_updated: '2026-02-05T10:00:00Z'\n  workflow: "+tt.workflow+"\n"))
		if s.ResumePoint != (model.ResumePoint{Phase: tt.phase, Reason: tt.reason}) {
			t.Errorf("%s: %+v", tt.workflow, s.ResumePoint)
		}
	}
}

func TestWarnings(t *testing.T) {
	data := `session_state:
  version: '2.0'
  last_updated: '2026-02-05T10:00:00Z'
  epic: Projeto Bob
  workflow: {current_phase: development}
  last_action: {type: SLEEPING}
`
	s := load(t, []byte(data))
	joined := strings.Join(s.Warnings, "\n")
	for _, want := range []string{`version "2.0"`, "session_state.epic is", `last_action.type "SLEEPING"`} {
		if !strings.Contains(joined, want) {
			t.Errorf("warnings lack %q:\n%s", want, joined)
		}
	}
	if s.LastAction == nil || s.LastAction.Clean {
		t.Fatalf("unknown action %+v", s.LastAction)
	}
	if s.Fields[0].Value != "Unknown Epic" {
		t.Fatalf("epic field %+v", s.Fields[0])
	}
}

func TestLoadUnreadable(t *testing.T) {
	project := t.TempDir()
	dir := filepath.Join(project, ".aios", ".session-state.yaml")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if s, err := New().Load(project, dir); err == nil || s != nil || !strings.Contains(err.Error(), dir) {
		t.Fatalf("directory: %v %v", s, err)
	}

	big := filepath.Join(project, "docs", "stories", ".session-state.yaml")
	if err := os.MkdirAll(filepath.Dir(big), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(fsx.MaxStateFile + 1); err != nil { // sparse
		t.Fatal(err)
	}
	f.Close()
	if s, err := New().Load(project, big); err == nil || s != nil || !strings.Contains(err.Error(), big) {
		t.Fatalf("oversize: %v %v", s, err)
	}

	missing := filepath.Join(project, ".aiox", ".session-state.yaml")
	if s, err := New().Load(project, missing); err == nil || s != nil || !strings.Contains(err.Error(), missing) {
		t.Fatalf("missing: %v %v", s, err)
	}

	if os.Geteuid() == 0 {
		t.Log("running as root: the permission case cannot be tested")
		return
	}
	_, locked := place(t, ".aios/.session-state.yaml", fixture(t, "core.yaml"))
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	if s, err := New().Load(filepath.Dir(filepath.Dir(locked)), locked); err == nil || s != nil || !strings.Contains(err.Error(), locked) {
		t.Fatalf("permission: %v %v", s, err)
	}
}

func TestRegistryFind(t *testing.T) {
	project, path := place(t, ".aiox/.session-state.yaml", fixture(t, "seed.yaml"))
	sessions, errs := loaders.Registry{New()}.Find(project, "aios")
	if len(errs) != 0 || len(sessions) != 1 || sessions[0].Path != path {
		t.Fatalf("Find: %v %v", sessions, errs)
	}
}
