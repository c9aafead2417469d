package kiln

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

func TestSource(t *testing.T) {
	if New("").Source() != "kiln" {
		t.Fatal(New("").Source())
	}
}

func TestDiscoverBothLocations(t *testing.T) {
	for _, loc := range []string{atProject, atClaude} {
		t.Run(loc, func(t *testing.T) {
			e := place(t, "execution", loc)
			got, err := e.l.Discover(e.project)
			if err != nil || !reflect.DeepEqual(got, []string{e.path}) {
				t.Fatalf("Discover = %q, %v; want %q", got, err, e.path)
			}
			s := e.load(t)
			if s.Problem != nil || s.Path != e.path || s.Project != e.project || s.Source != "kiln" {
				t.Fatalf("session %+v problem %v", s, s.Problem)
			}
			if s.ID != loaders.SessionID("kiln", e.project, e.path) || len(s.ID) != 12 {
				t.Fatalf("id %q", s.ID)
			}
			if s.Context["MEMORY_DIR"] != e.memDir || s.Context["PROJECT_PATH"] != e.project {
				t.Fatalf("context dirs %v %v", s.Context["MEMORY_DIR"], s.Context["PROJECT_PATH"])
			}
			if len(s.Warnings) != 0 {
				t.Fatalf("warnings %q", s.Warnings)
			}
		})
	}
}

func TestDiscoverBothAtOnceInProbeOrder(t *testing.T) {
	e := place(t, "execution", atClaude)
	testkit.CopyTree(t, filepath.Join(fixtureDir, "planning", "memory"), filepath.Join(e.project, ".kiln", "memory"))
	got, err := e.l.Discover(e.project)
	want := []string{filepath.Join(e.project, ".kiln", "memory", MemoryFile), e.path}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("Discover = %q, %v", got, err)
	}
	// Without a Claude home only the project's folder is probed.
	got, _ = New("").Discover(e.project)
	if !reflect.DeepEqual(got, want[:1]) {
		t.Fatalf("Discover without claude home = %q", got)
	}
	// A relative project path is made absolute first.
	t.Chdir(e.project)
	got, _ = e.l.Discover(".")
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Discover(.) = %q", got)
	}
}

func TestDiscoverNothing(t *testing.T) {
	e := place(t, "empty", atProject)
	got, err := e.l.Discover(e.project)
	if err != nil || len(got) != 0 {
		t.Fatalf("an empty MEMORY.md was found: %q %v", got, err)
	}
	testkit.Write(t, e.path, " \n\n\t\n")
	if got, _ := e.l.Discover(e.project); len(got) != 0 {
		t.Fatalf("a blank MEMORY.md was found: %q", got)
	}
	// A file where .kiln should be.
	other := t.TempDir()
	testkit.Write(t, filepath.Join(other, ".kiln"), "x")
	if got, err := e.l.Discover(other); err != nil || len(got) != 0 {
		t.Fatalf("%s: %q %v", other, got, err)
	}
	// A folder named MEMORY.md is found (issue 9: a state file that is a
	// directory is a clear error, not "no memory"), and Load says what
	// it is.
	os.Remove(e.path)
	os.Mkdir(e.path, 0o755)
	if got, err := e.l.Discover(e.project); err != nil || len(got) != 1 || got[0] != e.path {
		t.Fatalf("a folder named MEMORY.md: %q %v", got, err)
	}
	if s, err := e.l.Load(e.project, e.path); err == nil || !strings.Contains(err.Error(), e.path+": is a directory") {
		t.Fatalf("Load of a folder: %v %v", s, err)
	}
}

func TestNotFoundMessages(t *testing.T) {
	home := t.TempDir()
	project := filepath.Join(t.TempDir(), "DEV", "myproject")
	os.MkdirAll(project, 0o755)
	l := New(home)
	want := "[kiln:resume] No memory found at " + filepath.Join(home, "projects", Encode(project), "memory") + ".\n" +
		"Memory may not have been initialized. Run /kiln:start to begin a new project session."
	if got := l.NotFound(project); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// A project with a .kiln folder keeps its memory there.
	os.Mkdir(filepath.Join(project, ".kiln"), 0o755)
	if got := l.NotFound(project); got != NoMemoryMessage(filepath.Join(project, ".kiln", "memory")) {
		t.Fatalf("got %q", got)
	}
	if New("").NotFound(project) != NoMemoryMessage(filepath.Join(project, ".kiln", "memory")) {
		t.Fatal("without claude home")
	}
}

func TestCorruptedExactMessages(t *testing.T) {
	for _, tc := range []struct {
		name, fixture, list string
		line                int
		detail              []string
	}{
		{"stage missing", "corrupted_missing", "stage", 0, []string{"stage is missing"}},
		{"both outside the enums", "corrupted_values", "stage, status", 4,
			[]string{`stage is "deploying", not one of brainstorm, planning, execution, validation, complete`, `status is "waiting on ops", not one of in_progress, paused, blocked, complete`}},
	} {
		for _, loc := range []string{atProject, atClaude} {
			t.Run(tc.name+"/"+loc, func(t *testing.T) {
				e := place(t, tc.fixture, loc)
				s := e.load(t)
				p := s.Problem
				if p == nil || p.Kind != model.ErrCorrupted || p.Path != e.path || p.Line != tc.line {
					t.Fatalf("problem %+v", p)
				}
				want := "[kiln:resume] MEMORY.md is corrupted or incomplete (missing required fields: " + tc.list + ").\n" +
					"Run /kiln:start to reinitialize, or manually repair " + e.path + "."
				if p.Message != want {
					t.Fatalf("message\n%s\nwant\n%s", p.Message, want)
				}
				for _, d := range tc.detail {
					if !strings.Contains(p.Detail, d) {
						t.Errorf("detail %q lacks %q", p.Detail, d)
					}
				}
				// Nothing is reconstructed, and DISCARD can still archive it.
				if len(s.Phases) != 0 || s.ResumePoint.Phase != "" || s.Report != nil || s.Fingerprint == "" {
					t.Fatalf("state reconstructed: %+v", s)
				}
				if q := s.Policy[model.Discard].Confirm; !strings.Contains(q, e.memDir) {
					t.Fatalf("discard question %q", q)
				}
			})
		}
	}
	// null, and values with only a different case, a comment or quotes.
	for body, bad := range map[string]bool{
		"stage: null\nstatus: paused\n":                       true,
		"stage:\nstatus: paused\n":                            true,
		"stage: complete\nstatus: completed\n":                false, // the other form of the same word: a warning
		"stage: Execution\nstatus: in-progress\n":             false,
		"stage: execution\nstatus: waiting\n":                 true,
		"stage: \"planning\"\nstatus: 'paused'\n":             false,
		"stage: planning   # comment\nstatus: paused\n":       false,
		"stage: Planning\nstatus: PAUSED\n":                   false,
		"stage: \"planning # not a comment\"\nstatus: paused": true,
	} {
		e := place(t, "empty", atProject)
		testkit.Write(t, e.path, body)
		s := e.load(t)
		if (s.Problem != nil) != bad {
			t.Errorf("%q: problem %v", body, s.Problem)
		}
	}
}

func TestCaseDriftWarns(t *testing.T) {
	e := place(t, "empty", atProject)
	testkit.Write(t, e.path, "stage: Planning\nstatus: paused\n")
	s := e.load(t)
	if s.Stage != "planning" || !hasWarning(s, `stage is written "Planning"`) {
		t.Fatalf("stage %q warnings %q", s.Stage, s.Warnings)
	}
}

func TestProjectPathMismatchWarns(t *testing.T) {
	// Another project whose path encodes the same: /x/001/shop and
	// /x/001-shop share the folder name.
	e := place(t, "execution", atClaude)
	other := filepath.Dir(e.project) + "-shop"
	e.edit(t, "project_path: "+e.project, "project_path: "+other)
	s := e.load(t)
	if !hasWarning(s, "MEMORY.md's project_path is "+other+", but the project opened is "+e.project) || !hasWarning(s, "lossy") {
		t.Fatalf("warnings %q", s.Warnings)
	}
	if !strings.Contains(strings.Join(s.Report, "\n"), "  ! MEMORY.md's project_path is "+other) {
		t.Fatal("the status text does not show the warning")
	}
	e = place(t, "execution", atClaude)
	e.edit(t, "project_path: "+e.project, "project_path: /old/place")
	if s := e.load(t); !hasWarning(s, "was the project moved?") || hasWarning(s, "lossy") {
		t.Fatalf("warnings %q", s.Warnings)
	}
	e = place(t, "execution", atProject)
	e.edit(t, "project_path: "+e.project, "project_path: /old/place")
	if s := e.load(t); !hasWarning(s, "was the project moved?") {
		t.Fatalf("warnings %q", s.Warnings)
	}
}

// TestExecutionSession checks the whole status text and the facts of the
// main fixture.
func TestExecutionSession(t *testing.T) {
	e := place(t, "execution", atProject)
	s := e.load(t)
	want := []string{
		"=== Kiln Resume ===",
		"Project: " + e.project,
		"Mode:    brownfield",
		"Stage:   execution",
		"Phase:   3/4 Checkout flow",
		"Status:  in_progress",
		"Handoff: Phase 3 prompts sharpened; implementation of task 1 is next.",
		"=====================",
		"",
		"Context:",
		"  Cart and catalog are merged (phases 1-2).",
		"  Checkout flow plan approved after one debate round.",
		"  Stripe test keys live in .env.local, not committed.",
		"",
		"Recommended next step (from last reset): Run /kiln:resume to implement phase 3 task 1.",
		"",
		"Next: phase 3/4 Checkout flow, Step 4 (implement): last event sharpen_complete at 2026-02-20 14:02",
		"sharpen_complete: prompts generated; restart from Step 4 (implement).",
	}
	if !reflect.DeepEqual(s.Report, want) {
		t.Fatalf("report:\n%s\nwant:\n%s", strings.Join(s.Report, "\n"), strings.Join(want, "\n"))
	}
	if s.Title != "shop" || s.Stage != "execution" || s.Status != "in_progress" || s.Branch != "kiln/phase-3-checkout-flow" {
		t.Fatalf("facts %q %q %q %q", s.Title, s.Stage, s.Status, s.Branch)
	}
	if !s.HasLastUpdated || !s.LastUpdated.Equal(time.Date(2026, 2, 20, 14, 5, 0, 0, time.UTC)) {
		t.Fatalf("last updated %v", s.LastUpdated)
	}
	if s.LastAction == nil || s.LastAction.Clean {
		t.Fatalf("in_progress must count as a possible crash: %+v", s.LastAction)
	}
	if s.ResumePoint != (model.ResumePoint{Phase: "phase 3, Step 4 (implement)", Reason: "last event sharpen_complete at 2026-02-20 14:02"}) {
		t.Fatalf("resume point %+v", s.ResumePoint)
	}
	gotPhases := []string{}
	for _, p := range s.Phases {
		gotPhases = append(gotPhases, p.Name+"|"+string(p.Status)+"|"+p.Label+"|"+p.Result)
	}
	if !reflect.DeepEqual(gotPhases, []string{
		"1. Foundation setup|completed|completed|archived", "2. API integration|completed|completed|archived",
		"3. Checkout flow|in_progress|in_progress|next", "4. Order history|pending|pending|"}) {
		t.Fatalf("phases %q", gotPhases)
	}
	if s.Progress != (model.Progress{Done: 2, Total: 4}) {
		t.Fatalf("progress %+v", s.Progress)
	}
	if s.Outcomes[model.Continue] != "Resuming phase 3/4: Checkout flow — spawning Maestro." {
		t.Fatalf("continue outcome %q", s.Outcomes[model.Continue])
	}
	// What the phase executor gets.
	for k, v := range map[string]any{
		"phase_number": 3, "phase_name": "Checkout flow", "phase_total": 4, "resume_step": "Step 4 (implement)",
		"phase_section":   "## Phase 3: Checkout flow\n### Goal\nPay for the cart with Stripe.\n### Steps\n1. Checkout session endpoint\n2. Payment webhook",
		"memory_md":       testkit.Read(t, e.path),
		"vision_md":       fixture(t, "execution/memory/vision.md"),
		"handoff_context": "Cart and catalog are merged (phases 1-2).\nCheckout flow plan approved after one debate round.\nStripe test keys live in .env.local, not committed.",
		"KILN_DIR":        filepath.Join(e.project, ".kiln"),
		"stage":           "execution",
	} {
		if !reflect.DeepEqual(s.Context[k], v) {
			t.Errorf("context[%s] = %#v, want %#v", k, s.Context[k], v)
		}
	}
	if !reflect.DeepEqual(s.Context["absent_files"], []string{"PATTERNS.md", "tech-stack.md"}) {
		t.Errorf("absent files %v", s.Context["absent_files"])
	}
	if !strings.Contains(s.Fingerprint, "|route=execution:3|state=") || strings.HasSuffix(s.Fingerprint, absentFP) {
		t.Fatalf("fingerprint %q", s.Fingerprint)
	}
}

func TestExecutionReviewSections(t *testing.T) {
	e := place(t, "execution", atProject)
	s := e.load(t)
	ev, ok := sectionOf(s, "Events: phase 3 (.kiln/phase_3_state.md)")
	if !ok || len(ev.Lines) != 9 {
		t.Fatalf("events section %+v", ev)
	}
	if ev.Lines[0] != "status in_progress, branch kiln/phase-3-checkout-flow, started 2026-02-20T10:00:00Z, start commit 4f1c2d9" ||
		ev.Lines[8] != "2026-02-20 14:02  Scheherazade  sharpen_complete — 5 task prompts in .kiln/prompts" {
		t.Fatalf("events %q", ev.Lines)
	}
	ar, ok := sectionOf(s, "Archive")
	if !ok || !reflect.DeepEqual(ar.Lines, []string{
		"phase 1 Foundation setup: .kiln/archive/phase_01/phase_summary.md (tasks 4/4, review approved, completed 2026-02-19T13:00:00Z)",
		"phase 2 API integration: .kiln/archive/phase_02/phase_summary.md (tasks 5/5, review approved, completed 2026-02-20T09:40:00Z)"}) {
		t.Fatalf("archive %+v", ar)
	}
	hc, _ := sectionOf(s, "Handoff context")
	if len(hc.Lines) != 3 || s.Handoff.Note == "" || s.Handoff.Context != "" {
		t.Fatalf("handoff %+v / %+v", hc, s.Handoff)
	}
	rt, _ := sectionOf(s, "Routing")
	if rt.Lines[0] != "Next: phase 3/4 Checkout flow, Step 4 (implement): last event sharpen_complete at 2026-02-20 14:02" ||
		rt.Lines[1] != "Recommended next step (from last reset): Run /kiln:resume to implement phase 3 task 1." {
		t.Fatalf("routing %q", rt.Lines)
	}
	files, _ := sectionOf(s, "Supporting files")
	if !reflect.DeepEqual(files.Lines, []string{
		"MEMORY.md: .kiln/memory/MEMORY.md", "vision.md: .kiln/memory/vision.md",
		"master-plan.md: .kiln/memory/master-plan.md", "decisions.md: .kiln/memory/decisions.md",
		"pitfalls.md: .kiln/memory/pitfalls.md", "PATTERNS.md: absent", "tech-stack.md: absent"}) {
		t.Fatalf("files %q", files.Lines)
	}
	log, _ := sectionOf(s, "Resume log")
	if len(log.Lines) != 3 {
		t.Fatalf("resume log %q", log.Lines)
	}
	kinds := map[string]int{}
	for _, a := range s.Artifacts {
		kinds[a.Kind]++
		if a.Kind == "phase_summary" && (!a.Exists || !strings.HasSuffix(a.Path, "phase_summary.md")) {
			t.Errorf("artifact %+v", a)
		}
	}
	if kinds["memory"] != 6 || kinds["phase_summary"] != 2 || kinds["phase_state"] != 1 {
		t.Fatalf("artifacts %v", kinds)
	}
}

// Each stage's session: where it resumes, the spec's words, what the
// menu allows, and what a CONTINUE writes.
func TestStageSessions(t *testing.T) {
	for _, tc := range []struct {
		fixture     string
		where       string
		say         string
		restartOff  string
		writes      bool
		reportLines []string
	}{
		{"brainstorm", "brainstorm", "Resuming brainstorming session. Here is the current vision:", "RESTART restarts an execution phase or planning", true,
			[]string{"Next: brainstorm: the vision is still being explored", "Resuming brainstorming session. Here is the current vision:",
				"  # Vision: notes", "  ## Open Questions", "What would you like to explore or refine next?"}},
		{"planning", "planning (debate)", "Resuming planning stage (debate).", "", true,
			[]string{"Next: planning (debate): planning_sub_stage is debate; debate_mode 3", "Resuming planning stage (debate).",
				"debate: plans are being debated; check debate_mode.", "  # Master Plan: shop (draft)", "Continue planning from debate."}},
		{"validation", "validation", "Resuming validation stage.", "in validation", true,
			[]string{"Resuming validation stage.", "Spawn Argus to run validation (Step 14 in start.md)."}},
		{"validation_blocked", "validation", "Validation failed after 2 correction cycles. Here is the validation report:", "in validation", true,
			[]string{"Correction: cycle 2/3", "Validation failed after 2 correction cycles. Here is the validation report:",
				"  - payment webhook e2e: FAIL (signature mismatch)",
				"How would you like to proceed? Options: retry validation, fix manually, or mark complete."}},
		{"validation_correcting", "validation", "Resuming validation — correction cycle 1/3 in progress.", "in validation", true,
			[]string{"Correction: cycle 1/3", "Resuming validation — correction cycle 1/3 in progress.",
				"Continue the validation-correction loop from Step 14 in start.md."}},
		{"execution_failed", "phase 2, Step 1 (setup)", "", "", true,
			[]string{"Next: phase 2/4 API integration, Step 1 (setup): phase 2 failed, so it is retried; no phase state file yet: the phase starts from its beginning, with its master-plan.md section as the plan"}},
		{"execution_pending", "phase 3, Step 1 (setup)", "", "", true, []string{"Phase:   3/4 Checkout flow"}},
		{"execution_done", "validation", "Resuming validation stage.", "every phase is completed", true,
			[]string{"Next: validation: all 4 phases are completed: stage moves to validation; no correction cycle in progress: run validation"}},
		{"execution_archive", "phase 3, Step 1 (setup)", "", "", true, []string{"  ! the archive proves phase 2 complete (.kiln/archive/phase_02/phase_summary.md), though MEMORY.md has in_progress"}},
		{"complete", "complete", "This project is marked complete.", "the project is marked complete", false,
			append(append([]string{"Next: complete: the project is marked complete; no work is resumed", ""}, CompleteBlock...),
				"", "In pickup: 1 is CONTINUE, 2 and 3 are REVIEW (one screen shows both logs), 4 is DISCARD.")},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			e := place(t, tc.fixture, atProject)
			s := e.load(t)
			if s.Problem != nil {
				t.Fatalf("problem %v", s.Problem)
			}
			if s.ResumePoint.Phase != tc.where || s.ResumePoint.Reason == "" {
				t.Fatalf("resume point %+v", s.ResumePoint)
			}
			if tc.say != "" && s.Outcomes[model.Continue] != tc.say && !strings.HasPrefix(tc.say, "This project") {
				t.Errorf("continue outcome %q", s.Outcomes[model.Continue])
			}
			if missing := notInOrder(s.Report, tc.reportLines); missing != "" {
				t.Errorf("report lacks %q (in order):\n%s", missing, strings.Join(s.Report, "\n"))
			}
			rp := s.Policy[model.Restart]
			if (tc.restartOff == "") != (rp.Disabled == "") || !strings.Contains(rp.Disabled, tc.restartOff) {
				t.Errorf("restart policy %+v", rp)
			}
			if s.Policy[model.Continue].Writes != tc.writes {
				t.Errorf("continue writes %v", s.Policy[model.Continue].Writes)
			}
			if s.Plan == nil || len(s.Plan.Lines) == 0 || s.Plan.Data == nil || s.Prompt == "" {
				t.Errorf("plan/prompt missing")
			}
		})
	}
}

func TestArchiveOverride(t *testing.T) {
	e := place(t, "execution_archive", atProject)
	s := e.load(t)
	if s.Phases[1].Status != model.PhaseCompleted || s.Phases[1].Label != "in_progress" || s.Phases[1].Result != "archived" {
		t.Fatalf("phase 2 %+v", s.Phases[1])
	}
	// Unpadded archive folders count too.
	e = place(t, "execution_pending", atProject)
	testkit.Write(t, e.kiln("archive/phase_3/phase_summary.md"), "status: complete\n")
	s = e.load(t)
	if s.ResumePoint.Phase != "phase 4, Step 1 (setup)" || !hasWarning(s, "proves phase 3 complete") {
		t.Fatalf("resume %+v warnings %q", s.ResumePoint, s.Warnings)
	}
	// Every phase archived: on to validation.
	for n := 1; n <= 4; n++ {
		testkit.Write(t, e.kiln("archive/phase_0"+string(rune('0'+n))+"/phase_summary.md"), "status: complete\n")
	}
	if s := e.load(t); s.ResumePoint.Phase != "validation" {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
}

func TestInventorySources(t *testing.T) {
	// No Phase Statuses line for the runtime phase: it is the one in
	// progress; master-plan.md names the rest.
	e := place(t, "execution_pending", atProject)
	e.edit(t, "- phase_number: 3 | phase_name: Checkout flow | phase_status: pending\n", "")
	e.edit(t, "- phase_number: 4 | phase_name: Order history | phase_status: pending\n", "")
	s := e.load(t)
	if s.ResumePoint.Phase != "phase 3, Step 1 (setup)" || len(s.Phases) != 4 || s.Phases[3].Name != "4. Order history" {
		t.Fatalf("resume %+v phases %+v", s.ResumePoint, s.Phases)
	}
	if s.Phases[2].Status != model.PhaseInProgress || !hasWarning(s, "no line for phase 3") {
		t.Fatalf("phase 3 %+v warnings %q", s.Phases[2], s.Warnings)
	}
	// phase_total beyond anything named: placeholders, pending.
	e = place(t, "execution_done", atProject)
	os.Remove(filepath.Join(e.memDir, "master-plan.md"))
	e.edit(t, "phase_total: 4", "phase_total: 5")
	s = e.load(t)
	if s.ResumePoint.Phase != "phase 5, Step 1 (setup)" || s.Phases[4].Name != "5. Phase 5" || !hasWarning(s, "nothing names phase 5") {
		t.Fatalf("resume %+v phases %+v", s.ResumePoint, s.Phases)
	}
	// Drifted phase words and duplicates.
	e = place(t, "execution_pending", atProject)
	e.edit(t, "phase_name: API integration | phase_status: completed", "phase_name: API integration | phase_status: Complete")
	e.edit(t, "- phase_number: 4 | phase_name: Order history | phase_status: pending", "- phase_number: 4 | phase_name: Order history | phase_status: someday\n- phase_number: 1 | phase_name: again | phase_status: pending\nnot a phase line")
	s = e.load(t)
	for _, w := range []string{`phase 2's phase_status "complete" is read as completed`, `phase 4's phase_status "someday"`, "lists phase 1 twice", "line 27 under ## Phase Statuses"} {
		if !hasWarning(s, w) {
			t.Errorf("no warning %q in %q", w, s.Warnings)
		}
	}
	if s.ResumePoint.Phase != "phase 3, Step 1 (setup)" {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
}

func TestFieldDefaultsAndWarnings(t *testing.T) {
	e := place(t, "planning", atProject)
	e.edit(t, "debate_mode: 3\n", "")
	e.edit(t, "planning_sub_stage: debate", "planning_sub_stage: null")
	s := e.load(t)
	if s.ResumePoint.Phase != "planning (dual_plan)" || s.Context["debate_mode"] != 2 {
		t.Fatalf("defaults: %+v debate %v", s.ResumePoint, s.Context["debate_mode"])
	}
	e = place(t, "validation", atProject)
	e.edit(t, "debate_mode: 2", "debate_mode: 7")
	e.edit(t, "phase_total: 4", "phase_total: four\ncorrection_cycle: x")
	e.edit(t, "last_updated: 2026-02-22T09:00:00Z", "last_updated: yesterday")
	s = e.load(t)
	for _, w := range []string{`debate_mode "7"`, `phase_total "four"`, `correction_cycle "x"`, `last_updated "yesterday"`} {
		if !hasWarning(s, w) {
			t.Errorf("no warning %q in %q", w, s.Warnings)
		}
	}
	if s.HasLastUpdated {
		t.Fatal("a bad last_updated was used")
	}
}

// The banner's omission rules.
func TestBannerRules(t *testing.T) {
	banner := func(s *model.Session) string {
		end := 0
		for i, l := range s.Report {
			if l == "=====================" {
				end = i
				break
			}
		}
		return strings.Join(s.Report[:end+1], "\n")
	}
	e := place(t, "brainstorm", atProject)
	s := e.load(t)
	want := "=== Kiln Resume ===\nProject: " + e.project + "\nStage:   brainstorm\nStatus:  paused\nHandoff: (none)\n====================="
	if got := banner(s); got != want {
		t.Fatalf("no mode, no phase, no handoff:\n%s\nwant\n%s", got, want)
	}
	for _, tc := range []struct {
		fixture, old, new string
		has, lacks        []string
	}{
		{"execution", "phase_total: 4", "phase_total: null", []string{"Phase:   3/? Checkout flow"}, nil},
		{"execution", "phase_number: 3\n", "phase_number: null\n", nil, []string{"Phase:"}},
		{"execution", "correction_cycle: 0", "correction_cycle: 2", []string{"Correction: cycle 2/3\nStatus:"}, nil},
		{"execution", "correction_cycle: 0\n", "", nil, []string{"Correction"}},
		{"planning", "stage: planning", "stage: planning\nphase_number: 2", nil, []string{"Phase:"}},
		{"execution", "project_mode: brownfield\n", "", nil, []string{"Mode:"}},
		{"execution", "handoff_context: |\n", "handoff_context:\nnot_context: |\n", nil, []string{"Context:"}},
		{"execution", "next_action: Run /kiln:resume to implement phase 3 task 1.", "next_action:", nil, []string{"Recommended next step"}},
	} {
		e := place(t, tc.fixture, atProject)
		e.edit(t, tc.old, tc.new)
		s := e.load(t)
		r := strings.Join(s.Report, "\n")
		for _, h := range tc.has {
			if !strings.Contains(r, h) {
				t.Errorf("%q -> %q: report lacks %q:\n%s", tc.old, tc.new, h, r)
			}
		}
		for _, l := range tc.lacks {
			if strings.Contains(r, l) {
				t.Errorf("%q -> %q: report has %q:\n%s", tc.old, tc.new, l, r)
			}
		}
	}
}

func TestCompleteMenu(t *testing.T) {
	s := place(t, "complete", atProject).load(t)
	want := map[model.Choice]model.ChoicePolicy{
		model.Continue: {Label: "Start a new project in this directory (/kiln:start)"},
		model.Review:   {Label: "Review the decisions log", Hint: "and the pitfalls log, on one screen"},
		model.Restart:  {Hint: restartHint, Disabled: "the project is marked complete: there is no phase or plan to restart"},
	}
	for c, p := range want {
		if s.Policy[c] != p {
			t.Errorf("%s: %+v", c, s.Policy[c])
		}
	}
	if d := s.Policy[model.Discard]; d.Label != "Archive this project's memory" || d.Confirm == "" {
		t.Errorf("discard %+v", d)
	}
	if !s.LastAction.Clean {
		t.Error("a complete project is a clean stop")
	}
	dec, ok := sectionOf(s, "Decisions log")
	pit, ok2 := sectionOf(s, "Pitfalls log")
	if !ok || !ok2 || dec.Lines[0] != "# Decisions" || pit.Lines[0] != "# Pitfalls" || s.Sections[0].Title != dec.Title {
		t.Fatalf("sections %+v", s.Sections)
	}
	if _, has := s.Context["memory_md"]; !has || s.Context["decisions_md"] == nil || s.Context["pitfalls_md"] == nil {
		t.Fatalf("context %v", s.Context)
	}
}

func TestPromptAndPlan(t *testing.T) {
	e := place(t, "execution", atProject)
	s := e.load(t)
	for _, want := range []string{
		"# Resume kiln project: shop", "=== Kiln Resume ===", "Resuming phase 3/4: Checkout flow — spawning Maestro.",
		"Resume point: phase 3, Step 4 (implement): last event sharpen_complete at 2026-02-20 14:02.",
		"Spawn `kiln-phase-executor` via the Task tool now (name: Maestro, subagent_type: kiln-phase-executor)",
		"## Phase 3 section of master-plan.md\n\n```markdown\n## Phase 3: Checkout flow\n",
		"## MEMORY.md\n\n```markdown\n# Kiln Project Memory\n", "## vision.md\n\n```markdown\n# Vision\n",
		"## handoff_context\n\n```markdown\nCart and catalog", "PROJECT_PATH: " + e.project, "MEMORY_DIR: " + e.memDir,
	} {
		if !strings.Contains(s.Prompt, want) {
			t.Errorf("prompt lacks %q", want)
		}
	}
	doc := s.Plan.Data.(PlanDoc)
	if doc.Route.Phase.Number != 3 || len(doc.Events) != 8 || doc.ResumePoint != s.ResumePoint || doc.ContinueWrites[0] != e.path {
		t.Fatalf("plan %+v", doc)
	}
	if !strings.Contains(strings.Join(s.Plan.Lines, "\n"), "  3. Checkout flow: in_progress  (next)") {
		t.Fatalf("plan lines %q", s.Plan.Lines)
	}
	// A fence in a file does not break the prompt's fences.
	if got := fence("a\n```go\nx\n```\n"); !strings.HasPrefix(got, "````markdown\n") || !strings.HasSuffix(got, "\n````\n") {
		t.Fatalf("fence %q", got)
	}
}

func TestUnreadableFiles(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads everything")
	}
	e := place(t, "execution", atProject)
	os.Chmod(e.kiln("phase_3_state.md"), 0)
	s := e.load(t)
	if !hasWarning(s, "cannot read") || s.ResumePoint.Phase != "phase 3, Step 1 (setup)" {
		t.Fatalf("resume %+v warnings %q", s.ResumePoint, s.Warnings)
	}
	os.Chmod(e.path, 0)
	if _, err := e.l.Load(e.project, e.path); err == nil || !strings.Contains(err.Error(), e.path) {
		t.Fatalf("unreadable MEMORY.md: %v", err)
	}
}

func TestOpen(t *testing.T) {
	e := place(t, "execution", atProject)
	for _, p := range []string{e.path, e.memDir} {
		s, ok, err := e.l.Open(p)
		if err != nil || !ok || s.Project != e.project || s.Path != e.path {
			t.Fatalf("Open(%s) = %v %v %v", p, s, ok, err)
		}
	}
	if _, ok, _ := e.l.Open(e.kiln("phase_3_state.md")); ok {
		t.Fatal("a phase state file was taken for a MEMORY.md")
	}
	c := place(t, "execution", atClaude)
	s, ok, err := c.l.Open(c.path)
	if err != nil || !ok || s.Project != c.project {
		t.Fatalf("Open claude = %v %v %v", s, ok, err)
	}
	c.edit(t, "project_path: "+c.project+"\n", "")
	if _, ok, err := c.l.Open(c.path); !ok || err == nil {
		t.Fatalf("no project_path: %v %v", ok, err)
	}
}

// notInOrder returns the first of want that does not follow the previous
// one in lines, or "".
func notInOrder(lines, want []string) string {
	i := 0
	for _, w := range want {
		for i < len(lines) && lines[i] != w {
			i++
		}
		if i == len(lines) {
			return w
		}
		i++
	}
	return ""
}

// After DISCARD kiln says what was archived, the folder or the file,
// and what to run next; never "Starting fresh".
func TestDiscardOutcomeNamesWhatIsArchived(t *testing.T) {
	root := t.TempDir()
	for _, c := range []struct {
		path string
		data string
		want string
	}{
		{filepath.Join(root, ".kiln", "memory", MemoryFile), "", "The memory folder is archived (renamed beside itself; nothing was deleted). Next: /kiln:start begins again."},
		{filepath.Join(t.TempDir(), "memory", MemoryFile), "", "kiln's MEMORY.md is archived (renamed beside itself; nothing was deleted). Next: /kiln:start begins again."},
		{filepath.Join(root, ".kiln", StateTmp), "", "The .kiln folder is archived (renamed beside itself; nothing was deleted). Next: /kiln-fire starts a new run."},
		{filepath.Join(root, ".kiln", LedgerFile), "", "The brainstorm ledger is archived (renamed beside itself; nothing was deleted). Next: /kiln-fire starts a fresh brainstorm."},
	} {
		if got := discardOutcome(&english, root, c.path, []byte(c.data)); got != c.want {
			t.Errorf("%s: %q, want %q", c.path, got, c.want)
		}
	}
}
