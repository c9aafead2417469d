package kiln

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// Era B on the files agents really wrote (testdata/kiln/moviedb): event
// lines in three shapes that are not the seed's, a zero-padded phase
// state file, "in-progress", and kiln's commented template tail under
// ## Resume Log.

// routeTo rewrites the moviedb MEMORY.md so that phase n is the one in
// progress (every other listed phase completed).
func routeTo(t *testing.T, e env, n int, name string) {
	t.Helper()
	for _, l := range []string{
		"- phase_number: 3 | phase_name: Audit test coverage | phase_status: in_progress",
	} {
		e.edit(t, l, strings.Replace(l, "in_progress", "completed", 1))
	}
	e.edit(t, "phase_number: 3\nphase_name: Audit test coverage", "phase_number: "+itoa(n)+"\nphase_name: "+name)
	if n == 2 {
		e.edit(t, "- phase_number: 2 | phase_name: Movie audit trail | phase_status: completed", "- phase_number: 2 | phase_name: Movie audit trail | phase_status: in_progress")
		return
	}
	e.edit(t, "## Resume Log", "- phase_number: "+itoa(n)+" | phase_name: "+name+" | phase_status: in_progress\n\n## Resume Log")
}

func itoa(n int) string { return string(rune('0' + n)) }

func TestMoviedbTimestampFirstEvents(t *testing.T) {
	// `- <ISO> — [Maestro] text`, `status: in-progress`: the phase
	// stopped just before review.
	e := place(t, "moviedb", atProject)
	s := e.load(t)
	if s.Problem != nil {
		t.Fatal(s.Problem)
	}
	if s.ResumePoint != (model.ResumePoint{Phase: "phase 3, Step 5 (review), round 1", Reason: "last event review_start at 2026-03-15 05:49"}) {
		t.Fatalf("resume point %+v", s.ResumePoint)
	}
	if !hasWarning(s, `.kiln/phase_3_state.md: status is written "in-progress"; read as "in_progress"`) {
		t.Fatalf("warnings %q", s.Warnings)
	}
	ev, _ := sectionOf(s, "Events: phase 3")
	want := []string{
		"2026-03-15 05:46  Maestro  branch (from its text) — Branch kiln/phase-03-tests created from main",
		"2026-03-15 05:46  Maestro  task_success (task_01) — succeeded — MovieAuditService unit specs (9 examples, 0 failures)",
		"2026-03-15 05:49  Maestro  review_start (from its text) — Proceeding to review",
	}
	joined := strings.Join(ev.Lines, "\n")
	for _, w := range want {
		if !strings.Contains(joined, w) {
			t.Errorf("events section lacks %q:\n%s", w, joined)
		}
	}
	if strings.Contains(joined, "Step 1") || strings.Contains(strings.Join(s.Report, "\n"), "Step 1 (setup)") {
		t.Fatal("routed to Step 1 (setup)")
	}
}

func TestMoviedbZeroPaddedCompleteHeaderFollowsHandoff(t *testing.T) {
	// Phase 2's file is phase_02_state.md, its header says complete, its
	// events are `- setup: text`: read, and routed by the handoff note,
	// with a warning.
	e := place(t, "moviedb", atProject)
	routeTo(t, e, 2, "Movie audit trail")
	s := e.load(t)
	if s.Problem != nil {
		t.Fatal(s.Problem)
	}
	if s.ResumePoint.Phase != "phase 2, where the handoff note says" || !strings.Contains(s.ResumePoint.Reason, "trust the handoff note") {
		t.Fatalf("resume point %+v", s.ResumePoint)
	}
	if !hasWarning(s, ".kiln/phase_02_state.md: the phase state file says status complete, but MEMORY.md still has this phase to resume") {
		t.Fatalf("warnings %q", s.Warnings)
	}
	if !contains(s.StateFiles, e.kiln("phase_02_state.md")) {
		t.Fatalf("state files %q", s.StateFiles)
	}
	ev, _ := sectionOf(s, "Events: phase 2 (.kiln/phase_02_state.md)")
	if len(ev.Lines) != 12 || !strings.Contains(ev.Lines[len(ev.Lines)-1], "merge — kiln/phase-02 merged into main via --no-ff") ||
		!strings.Contains(strings.Join(ev.Lines, "\n"), "review_approved (review) — round 1 -- approved") {
		t.Fatalf("events %q", ev.Lines)
	}
}

func TestMoviedbBracketWordEvents(t *testing.T) {
	// `- [setup] text` twice, in progress: the phase stopped during
	// setup, so it restarts from Step 2 (plan).
	e := place(t, "moviedb", atProject)
	routeTo(t, e, 7, "Kafka producer integration")
	s := e.load(t)
	if s.ResumePoint.Phase != "phase 7, Step 2 (plan)" || !strings.HasPrefix(s.ResumePoint.Reason, "last event setup") {
		t.Fatalf("resume point %+v", s.ResumePoint)
	}
	// The same file with a header saying complete, in `[task-N]` lines
	// (phase 1's shape): the handoff note, with a warning.
	testkit.Write(t, e.kiln("phase_7_state.md"), fixture(t, "moviedb/kiln/phase_1_state.md"))
	s = e.load(t)
	if s.ResumePoint.Phase != "phase 7, where the handoff note says" || !hasWarning(s, "says status complete") {
		t.Fatalf("resume point %+v, warnings %q", s.ResumePoint, s.Warnings)
	}
}

func TestEventWordPrefixTasks(t *testing.T) {
	// `- task_NN: succeeded (…)` lines in progress: the next task is the
	// one after the finished ones, each task counted once.
	p := parsePhaseState([]byte("# Phase 2 State\nstatus: in-progress\n\n## Events\n" +
		"- setup: branch kiln/phase-02 created from main\n" +
		"- task_01: succeeded (MovieAuditService created, syntax OK)\n" +
		"- task_02: started\n- task_02: succeeded (Kafka stub created)\n- task_03: started\n"))
	v := StepFor(p, 2)
	if v.Step.String() != "Step 4 (implement), task 3" || v.Last.Type != "task_start" || v.Last.Task != "3" {
		t.Fatalf("verdict %+v last %+v", v, v.Last)
	}
	if p.Status != "in_progress" || p.StatusRaw != "in-progress" {
		t.Fatalf("status %q %q", p.Status, p.StatusRaw)
	}
}

func TestEventsNewestFirstAndByTime(t *testing.T) {
	// Newest first: the first line is the latest.
	p := parsePhaseState([]byte("## Events\n" +
		"- [2026-02-20T14:02:00Z] [Scheherazade] [sharpen_complete] — done\n" +
		"- [2026-02-20T13:40:00Z] [Maestro] [sharpen_start] — go\n" +
		"- [2026-02-20T10:00:05Z] [Maestro] [setup] — init\n"))
	if last, _ := p.Last(); last.Type != "sharpen_complete" || p.Order != "newest-first" {
		t.Fatalf("last %+v order %q", last, p.Order)
	}
	if v := StepFor(p, 2); v.Step != stepImplement {
		t.Fatalf("verdict %+v", v)
	}
	// Out of order: sorted by time.
	p = parsePhaseState([]byte("## Events\n" +
		"- [2026-02-20T10:00:05Z] [Maestro] [setup] — init\n" +
		"- [2026-02-20T14:02:00Z] [Scheherazade] [sharpen_complete] — done\n" +
		"- [2026-02-20T13:40:00Z] [Maestro] [sharpen_start] — go\n"))
	if last, _ := p.Last(); last.Type != "sharpen_complete" || p.Order != "by-time" {
		t.Fatalf("last %+v order %q", last, p.Order)
	}
	// A line without a time: the file's order stands.
	p = parsePhaseState([]byte("## Events\n- [2026-02-20T14:02:00Z] [S] [sharpen_complete]\n- [setup] init\n"))
	if last, _ := p.Last(); last.Type != "setup" || p.Order != "" {
		t.Fatalf("last %+v order %q", last, p.Order)
	}
	// Through Load: a warning names the order.
	e := place(t, "execution", atProject)
	data := fixture(t, "execution/kiln/phase_3_state.md")
	head, evs, _ := strings.Cut(data, "## Events\n")
	lines := strings.Split(strings.TrimSuffix(evs, "\n"), "\n")
	for i, j := 0, len(lines)-1; i < j; i, j = i+1, j-1 {
		lines[i], lines[j] = lines[j], lines[i]
	}
	testkit.Write(t, e.kiln("phase_3_state.md"), head+"## Events\n"+strings.Join(lines, "\n")+"\n")
	s := e.load(t)
	if s.ResumePoint.Phase != "phase 3, Step 4 (implement)" || !hasWarning(s, "lists its events newest first") {
		t.Fatalf("resume point %+v warnings %q", s.ResumePoint, s.Warnings)
	}
}

func TestEventsThatNeverParseFollowTheHandoffNote(t *testing.T) {
	e := place(t, "execution", atProject)
	for _, body := range []string{
		// Lines, none an event.
		"# Phase 3 State\nstatus: in_progress\n\n## Events\nPhase 3 initialized.\nPlanning went fine.\n",
		// Events, none of kiln's types.
		"# Phase 3 State\nstatus: in_progress\n\n## Events\n- [verify] checks pass\n- [commit] e7268a4\n",
	} {
		testkit.Write(t, e.kiln("phase_3_state.md"), body)
		s := e.load(t)
		if s.ResumePoint.Phase != "phase 3, where the handoff note says" || !strings.Contains(strings.Join(s.Warnings, "\n"), "routing follows the handoff note") {
			t.Errorf("%q: resume point %+v warnings %q", body, s.ResumePoint, s.Warnings)
		}
	}
}

func TestCrashTimeIsTheNewestActivity(t *testing.T) {
	// MEMORY.md's last_updated is days old, but the phase's events are
	// minutes old: not a crash.
	e := place(t, "execution", atProject)
	now := time.Date(2026, 2, 22, 12, 0, 0, 0, time.UTC)
	s := e.load(t)
	if c := model.DetectCrash(s, now, model.DefaultCrashAfter); !c.Detected {
		t.Fatalf("the fixture is not stale: %+v", c)
	}
	recent := now.Add(-5 * time.Minute)
	e2 := place(t, "execution", atProject)
	testkit.Write(t, e2.kiln("phase_3_state.md"), fixture(t, "execution/kiln/phase_3_state.md")+
		"- ["+recent.Format(time.RFC3339)+"] [Maestro] [task_start] — task 1\n")
	ageTree(t, e2.kiln(""))
	s = e2.load(t)
	if !s.LastUpdated.Equal(recent) {
		t.Fatalf("last updated %v", s.LastUpdated)
	}
	if c := model.DetectCrash(s, now, model.DefaultCrashAfter); c.Detected {
		t.Fatalf("a phase with a 5-minute-old event crashed: %+v", c)
	}
	// The file's modification time counts too (events without times).
	e3 := place(t, "execution", atProject)
	if err := os.Chtimes(e3.kiln("phase_3_state.md"), recent, recent); err != nil {
		t.Fatal(err)
	}
	s = e3.load(t)
	if !s.LastUpdated.Equal(recent) || model.DetectCrash(s, now, model.DefaultCrashAfter).Detected {
		t.Fatalf("last updated %v", s.LastUpdated)
	}
}

func TestEnumLeniencyWarnsNeverCorrupts(t *testing.T) {
	for body, want := range map[string]string{
		"stage: execution\nstatus: in-progress\n":     `status is written "in-progress"; read as "in_progress"`,
		"stage: planning\nstatus: Paused\n":           `status is written "Paused"; read as "paused"`,
		"stage: \"Execution\"\nstatus: in_progress\n": `stage is written "Execution"; read as "execution"`,
	} {
		e := place(t, "empty", atProject)
		testkit.Write(t, e.path, body)
		s := e.load(t)
		if s.Problem != nil || !hasWarning(s, want) {
			t.Errorf("%q: problem %v warnings %q", body, s.Problem, s.Warnings)
		}
	}
	// Phase statuses follow the same rule.
	e := place(t, "execution", atProject)
	e.edit(t, "phase_name: Order history | phase_status: pending", "phase_name: Order history | phase_status: In-Progress")
	s := e.load(t)
	if s.Phases[3].Status != model.PhaseInProgress || !hasWarning(s, `phase 4's phase_status "in-progress" is read as in_progress`) {
		t.Fatalf("phase %+v warnings %q", s.Phases[3], s.Warnings)
	}
}

func TestResumeLogEntryGoesBeforeTheTemplateTail(t *testing.T) {
	e := place(t, "moviedb", atProject)
	before := testkit.Read(t, e.path)
	s := e.load(t)
	if a := e.l.Apply(s, model.Continue, t0); a.Err != nil {
		t.Fatal(a.Err)
	}
	want := strings.Replace(strings.Replace(before,
		"- 2026-03-14T06:00:00Z Initialized via /kiln:start\n",
		"- 2026-03-14T06:00:00Z Initialized via /kiln:start\n- Resumed: 2026-02-21T09:30:15Z\n", 1),
		"last_updated: 2026-03-15T05:46:00Z", "last_updated: 2026-02-21T09:30:15Z", 1)
	if got := testkit.Read(t, e.path); got != want {
		t.Fatalf("MEMORY.md after Step 7:\n%s", got)
	}
	// RESTART too.
	e = place(t, "moviedb", atProject)
	s = e.load(t)
	if a := e.l.Apply(s, model.Restart, t0); a.Err != nil {
		t.Fatal(a.Err)
	}
	got := testkit.Read(t, e.path)
	if !strings.Contains(got, "Initialized via /kiln:start\n- Restarted: 2026-02-21T09:30:15Z phase 3 from its beginning (pickup; phase state archived as phase_3_state.md.discarded.20260221T093015Z)\n\n# Optional sections") {
		t.Fatalf("MEMORY.md after RESTART:\n%s", got)
	}
	archive := filepath.Join(e.project, ".kiln", "phase_3_state.md.discarded.20260221T093015Z")
	if _, err := os.Stat(archive); err != nil {
		t.Fatal(err)
	}
	// The archive is the session's own state: named, so VETO-2 never
	// counts it as work at risk.
	if s = e.load(t); !contains(s.StateFiles, archive) {
		t.Fatalf("state files %q", s.StateFiles)
	}
}

func TestPhaseStateWithoutEventsSection(t *testing.T) {
	// Text with no ## Events at all is not kiln's phase state: the
	// handoff note, with a warning, never Step 1 silently.
	e := place(t, "execution", atProject)
	testkit.Write(t, e.kiln("phase_3_state.md"), "\x89PNG junk\nno events here\n")
	s := e.load(t)
	if s.ResumePoint.Phase != "phase 3, where the handoff note says" || !hasWarning(s, "has no ## Events section") {
		t.Fatalf("resume %+v warnings %q", s.ResumePoint, s.Warnings)
	}
}
