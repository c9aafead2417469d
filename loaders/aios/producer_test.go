package aios

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// Fixtures written by aios-core's own code (testdata/aios/producer, see
// its README): each must give the answer the producer acts on.

func phaseStatuses(s *model.Session) map[string]model.PhaseStatus {
	out := map[string]model.PhaseStatus{}
	for _, p := range s.Phases {
		out[p.Name] = p.Status
	}
	return out
}

func TestExecutorPhaseIDs(t *testing.T) {
	s := load(t, fixture(t, "producer/executor.yaml"))
	if s.Problem != nil {
		t.Fatalf("problem %v", s.Problem)
	}
	want := map[string]model.PhaseStatus{"validation": model.PhaseCompleted, "development": model.PhaseCompleted,
		"self_healing": model.PhaseInProgress, "quality_gate": model.PhasePending, "push": model.PhasePending, "checkpoint": model.PhasePending}
	if got := phaseStatuses(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("phases %v, want %v", got, want)
	}
	if s.Phases[0].Result != "completed" || s.Phases[2].Result != "skipped" {
		t.Fatalf("results %+v", s.Phases)
	}
	// aios-core's CONTINUE returns workflow.current_phase: self_healing.
	if s.ResumePoint.Phase != "self_healing" || !strings.Contains(s.ResumePoint.Reason, "its result (skipped) is recorded") {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
	for _, w := range s.Warnings {
		if strings.Contains(w, "unknown phase") {
			t.Fatalf("executor ids read as unknown phases: %q", s.Warnings)
		}
	}
	// last_action.story is the story file's path there; the story is 11.3.
	if s.Title != "Projeto Bob / story 11.3" || s.Stage != "11.3" {
		t.Fatalf("title %q stage %q", s.Title, s.Stage)
	}
}

func TestMigratedSession(t *testing.T) {
	s := load(t, fixture(t, "producer/migrated.yaml"))
	if s.Problem != nil {
		t.Fatalf("current_phase 2_development is development, not %v", s.Problem)
	}
	if s.CurrentPhase() != "development" || s.ResumePoint.Phase != "development" || s.Phases[0].Status != model.PhaseCompleted {
		t.Fatalf("phases %+v resume %+v", s.Phases, s.ResumePoint)
	}
	if !strings.Contains(s.ResumePoint.Reason, "recorded as the current phase (as 2_development)") {
		t.Fatalf("reason %q", s.ResumePoint.Reason)
	}
	// The migrated story is the legacy state's story path: shown as its
	// id, handed over as the producer has it.
	if s.Stage != "11.3" || s.Title != "Migrated from Workflow State / story 11.3" ||
		s.Context["story"] != "/home/ana/shop/docs/stories/11.3.story.md" {
		t.Fatalf("stage %q title %q story %v", s.Stage, s.Title, s.Context["story"])
	}
	// A plain YAML timestamp (js-yaml dumped a Date) is read as UTC.
	if !s.HasLastUpdated || !s.LastUpdated.Equal(time.Date(2026, 2, 5, 10, 20, 0, 0, time.UTC)) {
		t.Fatalf("last updated %v", s.LastUpdated)
	}
}

func TestPhaseIDsMapToPhases(t *testing.T) {
	for raw, want := range map[string]string{
		"1_validation": "validation", "2_development": "development", "3_self_healing": "self_healing",
		"4_quality_gate": "quality_gate", "5_push": "push", "6_checkpoint": "checkpoint",
		"phase_2": "development", "Phase 4": "quality_gate", "Self-Healing": "self_healing",
	} {
		if got, ok := normPhase(raw); !ok || got != want {
			t.Errorf("%q: %q %v, want %q", raw, got, ok, want)
		}
	}
	for _, raw := range []string{"1_development", "7_push", "0_validation", "phase_7", "2_", "workflow_paused"} {
		if got, ok := normPhase(raw); ok {
			t.Errorf("%q read as %q", raw, got)
		}
	}
}

func TestGreenfieldRunning(t *testing.T) {
	s := load(t, fixture(t, "producer/greenfield_running.yaml"))
	if s.Problem != nil {
		t.Fatalf("greenfield is its own workflow, not %v", s.Problem)
	}
	if len(s.Phases) != len(GreenfieldPhases) || s.CurrentPhase() != "greenfield_phase_1_discovery" ||
		s.Phases[0].Status != model.PhaseCompleted || s.Phases[2].Status != model.PhasePending {
		t.Fatalf("phases %+v", s.Phases)
	}
	if s.ResumePoint.Phase != "greenfield_phase_1_discovery" || s.Context["resume_from_phase"] != 1 || s.Context["workflow"] != "greenfield" {
		t.Fatalf("resume %+v context %v", s.ResumePoint, s.Context)
	}
	// Recorded with PHASE_CHANGE and silent for hours: a crash, as the
	// producer's detectCrash says.
	crash := model.DetectCrash(s, time.Date(2026, 2, 6, 12, 0, 0, 0, time.UTC), model.DefaultCrashAfter)
	if !crash.Detected {
		t.Fatalf("crash %+v", crash)
	}
	opts := model.Options(s, crash)
	if o, _ := model.Find(opts, model.Continue); !o.Enabled {
		t.Fatalf("CONTINUE must be allowed: %+v", opts)
	}
	if got := s.Outcomes[model.Continue]; got != "Resume the greenfield workflow from phase 1 (Discovery & Planning)." {
		t.Fatalf("outcome %q", got)
	}
}

func TestGreenfieldPaused(t *testing.T) {
	s := load(t, fixture(t, "producer/greenfield_paused.yaml"))
	if s.Problem != nil {
		t.Fatalf("problem %v", s.Problem)
	}
	if s.ResumePoint.Phase != "greenfield_phase_2_sharding" || s.Context["resume_from_phase"] != 2 ||
		!strings.Contains(s.ResumePoint.Reason, "paused before phase 2 (Document Sharding) on 2026-02-06T09:15:00.000Z") {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
	if s.Fields[2].Value != "greenfield_phase_2 (greenfield phase 2: Document Sharding)" {
		t.Fatalf("phase field %q", s.Fields[2].Value)
	}
	if s.Phases[1].Status != model.PhaseCompleted || s.Phases[2].Status != model.PhasePending || s.Progress.Done != 2 {
		t.Fatalf("phases %+v", s.Phases)
	}
	// The handler wrote greenfield_resume because the person chose PAUSE:
	// days of silence are not a crash, and REVIEW is offered.
	crash := model.DetectCrash(s, time.Date(2026, 2, 9, 12, 0, 0, 0, time.UTC), model.DefaultCrashAfter)
	if crash.Detected || s.LastAction == nil || !s.LastAction.Clean {
		t.Fatalf("crash %+v last action %+v", crash, s.LastAction)
	}
	for _, c := range []model.Choice{model.Continue, model.Review, model.Restart, model.Discard} {
		if o, _ := model.Find(model.Options(s, crash), c); !o.Enabled {
			t.Fatalf("%s disabled", c)
		}
	}
}

func TestGreenfieldPhaseNames(t *testing.T) {
	for raw, want := range map[string][2]int{
		"greenfield_phase_0_bootstrap": {0, 0}, "greenfield_phase_3_dev_cycle": {3, 0}, "greenfield_phase_2": {2, 1},
		"greenfield_detection": {-1, 0}, "greenfield_phase_9": {-1, 0}, "greenfield_phase_1_sharding": {-1, 0},
	} {
		n, bare, ok := greenfieldPhase(raw)
		if !ok || n != want[0] || bare != (want[1] == 1) {
			t.Errorf("%q: %d %v %v", raw, n, bare, ok)
		}
	}
	if _, _, ok := greenfieldPhase("development"); ok {
		t.Error("development read as greenfield")
	}
	// An unknown greenfield phase still resumes: from the first phase.
	s := load(t, []byte("session_state:\n  last_updated: '2026-02-06T09:00:00.000Z'\n  workflow: {current_phase: greenfield_detection}\n"))
	if s.Problem != nil || s.Context["resume_from_phase"] != 0 || s.CurrentPhase() != "" {
		t.Fatalf("problem %v context %v", s.Problem, s.Context)
	}
}

// TestRestartMatchesTheProducer: RESTART of the executor's file gives the
// data aios-core's own handleResumeOption('restart') wrote at the same
// time (its output is committed beside it): the same workflow, last
// action and Portuguese resume_instructions.
func TestRestartMatchesTheProducer(t *testing.T) {
	at := time.Date(2026, 2, 5, 12, 0, 0, 0, time.UTC)
	out, spliced, err := restartState(&english, fixture(t, "producer/executor.yaml"), at)
	if err != nil || !spliced {
		t.Fatalf("restart: %v (spliced %v)", err, spliced)
	}
	var got, want any
	if err := yaml.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(fixture(t, "producer/executor_restarted_by_producer.yaml"), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("pickup's restart:\n%s\ndiffers from aios-core's:\n%s", out, fixture(t, "producer/executor_restarted_by_producer.yaml"))
	}
	// The percentage the producer's progress summary shows: Math.round.
	s := load(t, out)
	if s.Units.Percent() != 33 {
		t.Fatalf("percent %d", s.Units.Percent())
	}
	if p := (load(t, []byte("session_state:\n  last_updated: '2026-02-05T10:00:00Z'\n  epic: {total_stories: 3}\n  progress: {stories_done: ['1', '2']}\n  workflow: {}\n"))).Units.Percent(); p != 67 {
		t.Fatalf("2 of 3 is %d%%, Math.round gives 67", p)
	}
}

// TestRestartKeepsCommentSpacing: the squad template's comments sit two
// spaces after their values; RESTART changes the values and nothing
// else on their lines, nor any other line.
func TestRestartKeepsCommentSpacing(t *testing.T) {
	orig := string(fixture(t, "producer/squad_template.yaml"))
	_, out, after := restartFile(t, "producer/squad_template.yaml")
	changed := map[string]string{
		`  last_updated: "2026-02-15T10:30:00Z"`: `  last_updated: "2026-03-01T12:00:00Z"`,
		`    current_phase: quality_gate  # validation | development | self_healing | quality_gate | push | checkpoint`: `    current_phase: null  # validation | development | self_healing | quality_gate | push | checkpoint`,
		`    completed_phases: [validation, development, self_healing]  # Array of phase names`:                         `    completed_phases: []  # Array of phase names`,
		`    current_executor: "@architect"  # @dev | @data-engineer | @architect | etc.`:                               `    current_executor: null  # @dev | @data-engineer | @architect | etc.`,
	}
	// phase_results and phase_attempts were blocks: each becomes one line.
	var want []string
	lines := strings.Split(orig, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case changed[l] != "":
			want = append(want, changed[l])
		case l == "    phase_results:":
			want = append(want, "    phase_results: {}")
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "      ") {
				i++
			}
		case l == "    phase_attempts:":
			want = append(want, "    phase_attempts: {}")
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "      ") {
				i++
			}
		default:
			want = append(want, l)
		}
	}
	if got := strings.Join(want, "\n"); out != got {
		t.Fatalf("restarted:\n%s\nwant:\n%s", out, got)
	}
	if after.CurrentPhase() != "" || after.Progress.Done != 0 {
		t.Fatalf("after %+v", after.Phases)
	}
}

func TestSquadLayoutCountsWhatItCan(t *testing.T) {
	s := load(t, fixture(t, "producer/squad_readme.yaml"))
	if s.Problem != nil || *s.Units != (model.Progress{Done: 2, Total: 0}) {
		t.Fatalf("problem %v units %+v", s.Problem, s.Units)
	}
	i := slices.IndexFunc(s.Fields, func(f model.Field) bool { return f.Key == "stories" })
	if i < 0 || s.Fields[i].Value != "2 stories done (12.1, 12.2), 12.3 in progress; the epic's total is not recorded" {
		t.Fatalf("fields %+v", s.Fields)
	}
	// With a total, the count is the units line's: no extra field.
	s = load(t, fixture(t, "producer/squad_template.yaml"))
	if slices.ContainsFunc(s.Fields, func(f model.Field) bool { return f.Key == "stories" }) || *s.Units != (model.Progress{Done: 2, Total: 5}) {
		t.Fatalf("fields %+v units %+v", s.Fields, s.Units)
	}
	// The template's phase_attempts are keyed phase_2...phase_5.
	if s.Phases[2].Detail != "2 attempts" || s.Phases[1].Detail != "1 attempt" || s.CurrentPhase() != "quality_gate" {
		t.Fatalf("phases %+v", s.Phases)
	}
}

func TestTimesAsTheProducerReadsThem(t *testing.T) {
	// Local time is São Paulo's (UTC-3) here, so local and UTC differ.
	testkit.Swap(t, &time.Local, time.FixedZone("BRT", -3*3600))
	local := func(h, m int) time.Time { return time.Date(2026, 2, 15, h, m, 0, 0, time.Local) }
	utc := func(h, m int) time.Time { return time.Date(2026, 2, 15, h, m, 0, 0, time.UTC) }
	for v, want := range map[string]struct {
		at   time.Time
		note string
	}{
		`'2026-02-15T10:30'`:       {local(10, 30), "no seconds and no time zone: read as local time"},
		`2026-02-15T10:30`:         {local(10, 30), "no seconds and no time zone"},
		`'2026-02-15T10:30:00'`:    {local(10, 30), "no time zone: read as local time"},
		`2026-02-15T10:30:00`:      {utc(10, 30), ""}, // a YAML timestamp: js-yaml reads UTC
		`'2026-02-15T10:30Z'`:      {utc(10, 30), "no seconds: read as 2026-02-15T10:30:00Z"},
		`'2026-02-15T12:30+02:00'`: {utc(10, 30), "no seconds"},
		`'2026-02-15'`:             {utc(0, 0), ""},
	} {
		s := load(t, []byte("session_state:\n  last_updated: "+v+"\n  workflow: {}\n"))
		if s.Problem != nil || !s.HasLastUpdated || !s.LastUpdated.Equal(want.at) {
			t.Errorf("%s: %v %v, want %v", v, s.Problem, s.LastUpdated, want.at)
			continue
		}
		hasNote := slices.ContainsFunc(s.Warnings, func(w string) bool { return strings.Contains(w, "last_updated") })
		if want.note == "" && hasNote || want.note != "" && !slices.ContainsFunc(s.Warnings, func(w string) bool { return strings.Contains(w, want.note) }) {
			t.Errorf("%s: warnings %q, want %q", v, s.Warnings, want.note)
		}
	}
}

func TestRestartWritesAMissingWorkflow(t *testing.T) {
	for _, in := range []string{
		"session_state:\n  last_updated: '2026-02-05T10:00:00.000Z'\n  epic: {title: T}\n",
		"session_state:\n  last_updated: '2026-02-05T10:00:00.000Z'\n  workflow: [validation]\n  epic: {title: T}\n",
		"session_state:\n  last_updated: ontem\n  workflow: {current_phase: push}\n",
	} {
		out, err := RestartState([]byte(in), restartNow)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		s := load(t, out)
		if s.Problem != nil || len(s.Warnings) != 0 || !s.LastUpdated.Equal(restartNow) || s.CurrentPhase() != "" {
			t.Fatalf("%q restarted to:\n%s\nproblem %v warnings %q", in, out, s.Problem, s.Warnings)
		}
	}
}

// TestDiscoverClaimsOnlyAIOSFiles: a file at a known path that is
// clearly another tool's is no session; one carrying the signature but
// damaged still is (session_corrupted).
func TestDiscoverClaimsOnlyAIOSFiles(t *testing.T) {
	foreign := map[string]string{
		"another tool's YAML":   "sessions:\n  - id: 1\n    started: 2026-02-05\nuser: ana\n",
		"a list":                "- a\n- b\n",
		"a scalar":              "just a note\n",
		"JSON of another shape": `{"version": 2, "last_session": "abc", "windows": []}`,
		"one own key only":      "progress: 40%\nowner: ana\n",
	}
	for name, data := range foreign {
		t.Run("foreign/"+name, func(t *testing.T) {
			project, _ := place(t, ".aios/.session-state.yaml", []byte(data))
			real := testkit.Fixture(t, fixtureDir)
			testkit.Write(t, project+"/docs/stories/.session-state.yaml", testkit.Read(t, real+"/producer/executor.yaml"))
			got, err := New().Discover(project)
			if err != nil || len(got) != 1 || !strings.HasSuffix(got[0], "docs/stories/.session-state.yaml") {
				t.Fatalf("Discover = %q, %v; want only the real session", got, err)
			}
		})
	}
	ours := map[string]string{
		"empty (a write cut short)": "",
		"comments only":             "# session\n",
		"YAML that does not parse":  "session_state:\n  workflow:\n\tcurrent_phase: x\n",
		"garbage":                   "\x00\x01\x02 not yaml: [",
		"duplicate key":             "version: 1\nversion: 2\n",
		"session_state damaged":     "session_state: yes\n",
		"flow style":                "{session_state: {last_updated: '2026-02-05T10:00:00Z', workflow: {}}}",
		"root missing":              string(fixture(t, "corrupted_no_session_state.yaml")),
	}
	for name, data := range ours {
		t.Run("ours/"+name, func(t *testing.T) {
			project, path := place(t, ".aios/.session-state.yaml", []byte(data))
			got, err := New().Discover(project)
			if err != nil || len(got) != 1 || got[0] != path {
				t.Fatalf("Discover = %q, %v; want %s", got, err, path)
			}
			s, err := New().Load(project, path)
			if err != nil {
				t.Fatal(err)
			}
			if name != "flow style" && (s.Problem == nil || s.Problem.Kind != model.ErrCorrupted) {
				t.Fatalf("problem %v, want session_corrupted", s.Problem)
			}
		})
	}
}

func TestStoryPathIsTheStoryArtifact(t *testing.T) {
	project, path := place(t, "docs/stories/.session-state.yaml",
		[]byte(strings.ReplaceAll(string(fixture(t, "producer/migrated.yaml")), "/home/ana/shop", "PROJECT")))
	data := strings.ReplaceAll(testkit.Read(t, path), "PROJECT", project)
	testkit.Write(t, path, data)
	testkit.Write(t, project+"/docs/stories/11.3.story.md", "# 11.3\n")
	s, err := New().Load(project, path)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Artifacts) != 1 || s.Artifacts[0] != (model.Artifact{Path: "docs/stories/11.3.story.md", Kind: "story", Exists: true}) {
		t.Fatalf("artifacts %+v", s.Artifacts)
	}
	// A path outside the project is not probed nor listed as a story.
	s = load(t, []byte("session_state:\n  last_updated: '2026-02-05T10:00:00Z'\n  progress: {current_story: /etc/11.3.story.md}\n  workflow: {}\n"))
	if len(s.Artifacts) != 0 || s.Stage != "11.3" {
		t.Fatalf("artifacts %+v stage %q", s.Artifacts, s.Stage)
	}
}
