package bookforge

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// The fixtures of make_fixtures.py are laid out byte for byte as
// bookforge writes them: json.dumps(indent=2, ensure_ascii=True), no
// final newline.
func TestRealFixturesAreWhatBookforgeWrites(t *testing.T) {
	n := 0
	for _, fx := range []string{"cursor", "finished", "lint_off", "durable_preflight", "durable_scene"} {
		err := filepath.WalkDir(filepath.Join(fixtureDir, fx), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			n++
			laid, err := layOut(nil, data, "  ", "")
			if err != nil || !bytes.Equal(laid, data) {
				t.Errorf("%s is not laid out as json.dumps(indent=2) writes it (%v)", p, err)
			}
			if i := bytes.IndexFunc(data, func(r rune) bool { return r > 0x7e }); i >= 0 {
				t.Errorf("%s: a character json.dumps(ensure_ascii=True) escapes, at byte %d", p, i)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 60 {
		t.Fatalf("only %d JSON files checked", n)
	}
}

// The real-shaped book: state.json's cursor is the resume scene, the
// scenes before it are committed, a scene whose lint passed first time
// has no repair and is complete, and the lint report decides repair.
func TestCursorIsTheResumeScene(t *testing.T) {
	dir := project(t, "cursor")
	s := live(t, dir, opts())
	p := planOf(t, s)
	if p.From != StateFile || p.Committed != 3 || p.Resume.Scene != "ch001_sc004" || p.Resume.Phase != "repair" {
		t.Fatalf("from %s committed %d resume %+v", p.From, p.Committed, p.Resume)
	}
	for sc, want := range map[string]string{
		"ch001_sc001": "DDDDDDDD", // repaired once, recorded after lint
		"ch001_sc002": "DDDDDDND", // lint passed first time: no repair, complete
		"ch001_sc003": "DDDDDDDD", // committed with a failing lint (warn mode)
		"ch001_sc004": "SSSSSSRR", // the lint report says fail: repair next
	} {
		if got := verdicts(t, p, sc); got != want {
			t.Errorf("%s: %s, want %s", sc, got, want)
		}
	}
	if *s.Units != (model.Progress{Done: 3, Total: 4}) || s.Stage != "ch001_sc004" || s.ResumePoint.Phase != "repair" {
		t.Errorf("units %+v stage %s resume %+v", *s.Units, s.Stage, s.ResumePoint)
	}
	if s.Grid.Rows[3].Note != "resume" || s.Grid.StartRow != 3 || s.Grid.Cols[s.Grid.StartCol] != "repair (if lint fails)" || s.Grid.Cols[4] != "state_repair" {
		t.Errorf("grid start %d,%d cols %v", s.Grid.StartRow, s.Grid.StartCol, s.Grid.Cols)
	}
	if s.Context["command"] != "bookforge --workspace workspace run --book quill --resume" || s.Context["committed"] != 3 {
		t.Errorf("context %v", s.Context)
	}
	// No live marker: a scene left half done, which is a crash after 30
	// minutes, and says so before that.
	if s.LastAction == nil || s.LastAction.Clean || s.LastAction.Type != "ch001_sc004 lint success" {
		t.Errorf("last action %+v", s.LastAction)
	}
	if !model.DetectCrash(s, now, model.DefaultCrashAfter).Detected {
		t.Error("a half-done scene long after is not a crash")
	}
	if s.Headline != "The last run stopped after ch001_sc004 lint, without a pause marker." {
		t.Errorf("headline %q", s.Headline)
	}
}

// A marker behind the cursor (and older than later entries) is stale:
// named in a warning, never leading: not the status, not a fact, not the
// crash rule, no wait, no "paused here" reason.
func TestStaleMarkerNeverLeads(t *testing.T) {
	dir := project(t, "cursor")
	s := live(t, dir, opts())
	p := planOf(t, s)
	want := "draft/context/run_paused.json is stale (durable_apply_validation_failed pause in durable_apply_scene, created 2026-02-12T09:55:58Z): it names ch001_sc002, behind state.json's cursor (ch001_sc004): that scene was committed since; it is not why the last run stopped, and bookforge removes it only in `bookforge book reset`"
	if len(s.Alerts) != 1 || s.Alerts[0] != (model.Alert{Kind: model.AlertStale, Text: want}) {
		t.Fatalf("alerts %q", s.Alerts)
	}
	if p.Pause == nil || p.live() != nil || strings.HasPrefix(s.Status, "paused") || s.Fields[1].Key != "cursor" {
		t.Fatalf("status %q fields %+v", s.Status, s.Fields)
	}
	if s.Context["pause"].(map[string]any)["stale"] == nil || s.Context["warning"] != nil {
		t.Fatalf("pause context %v", s.Context["pause"])
	}
	var titles []string
	for _, sec := range s.Sections {
		titles = append(titles, sec.Title)
	}
	if !slices.Contains(titles, "Stale pause marker ("+PauseFile+")") {
		t.Fatalf("sections %v", titles)
	}
	if strings.Contains(s.Prompt, "## Why the last run stopped") || !strings.Contains(s.Prompt, "## A stale pause marker (not why the last run stopped)") {
		t.Fatalf("prompt:\n%s", s.Prompt)
	}

	// The same marker moved to the cursor scene, still older than its
	// later entries: stale for that reason.
	marker := filepath.Join(bookDir(dir, "quill"), filepath.FromSlash(PauseFile))
	testkit.Write(t, marker, strings.NewReplacer(`"chapter": 1,
  "scene": 2,
  "details"`, `"chapter": 1,
  "scene": 4,
  "details"`, "2026-02-12T09:55:58Z", "2026-02-12T11:31:00Z").Replace(testkit.Read(t, marker)))
	s = live(t, dir, opts())
	if !hasAlert(s, model.AlertStale, "is stale (durable_apply_validation_failed pause in durable_apply_scene, created 2026-02-12T11:31:00Z): a later run recorded ch001_sc004 lint at 2026-02-12T11:45:35Z") {
		t.Fatalf("alerts %q", s.Alerts)
	}

	// A quota pause of the cursor scene after its last entry is live: it
	// leads, and the run is a clean stop.
	testkit.Write(t, marker, `{
  "book_id": "quill",
  "phase": "repair_scene",
  "status_code": 429,
  "message": "quota",
  "retry_after_seconds": 60.0,
  "quota_violations": [],
  "created_at": "2026-02-12T11:50:00Z",
  "chapter": 1,
  "scene": 4
}`)
	s = live(t, dir, opts())
	if s.Fields[1].Key != "paused" || s.Status != "paused: HTTP 429 quota pause in repair_scene" || !s.LastAction.Clean || len(withoutTotalNote(s.Warnings)) != 0 || s.Headline != "" {
		t.Fatalf("live: fields %+v status %q last %+v warnings %q", s.Fields, s.Status, s.LastAction, s.Warnings)
	}
	if c := cell(t, planOf(t, s), "ch001_sc004", "repair"); c.Verdict != Rerun {
		t.Fatalf("repair %+v", c)
	}
}

// A normal `bookforge run` ends with exit 0 and no marker: the cursor is
// on a scene without a ledger. Neither crashed nor paused.
func TestFinishedRunIsReadyForTheNextStep(t *testing.T) {
	dir := project(t, "finished")
	o := opts()
	o.Now = time.Date(2026, 2, 20, 9, 0, 0, 0, time.UTC) // days later
	s := live(t, dir, o)
	p := planOf(t, s)
	if p.Resume.Scene != "ch001_sc003" || p.Resume.Phase != "plan" || p.Committed != 2 || *s.Units != (model.Progress{Done: 2, Total: 3}) {
		t.Fatalf("resume %+v committed %d units %+v", p.Resume, p.Committed, *s.Units)
	}
	// state.json's plan.scene_card names scene 2's card: not reused.
	if got := verdicts(t, p, "ch001_sc003"); got != "RRRRRRMR" {
		t.Fatalf("ch001_sc003 %s", got)
	}
	if s.Status != "ready for the next step: ch001_sc003" || s.LastAction == nil || !s.LastAction.Clean || s.LastAction.Type != "STEP_COMPLETED" {
		t.Fatalf("status %q last %+v", s.Status, s.LastAction)
	}
	if c := model.DetectCrash(s, o.Now, model.DefaultCrashAfter); c.Detected {
		t.Fatalf("a finished step is a crash: %+v", c)
	}
	if s.Headline != "The book is ready for the next step, ch001_sc003." || s.Standing != model.StandingReady {
		t.Fatalf("headline %q", s.Headline)
	}
	if pol := s.Policy[model.Continue]; pol.Writes || !pol.Recommended || pol.Hint != "start ch001_sc003, the next step: bookforge --workspace workspace run --book fern --resume" {
		t.Fatalf("continue %+v", pol)
	}
	if pol := s.Policy[model.Restart]; !strings.HasPrefix(pol.Disabled, "nothing to restart: ch001_sc003 has no ledger and there is no pause marker") {
		t.Fatalf("restart %+v", pol)
	}
	if len(withoutTotalNote(s.Warnings)) != 0 {
		t.Fatalf("warnings %q", s.Warnings)
	}
}

// With BOOKFORGE_LINT_MODE=off bookforge writes no lint or repair entry:
// known from the committed scenes, or from the environment.
func TestLintOffBook(t *testing.T) {
	t.Setenv(LintModeEnv, "")
	dir := project(t, "lint_off")
	s := live(t, dir, opts())
	p := planOf(t, s)
	if !p.Lint.Off || p.Lint.Explicit || p.Resume.Phase != ApplyCommit {
		t.Fatalf("lint %+v resume %+v", p.Lint, p.Resume)
	}
	if verdicts(t, p, "ch001_sc001") != "DDDDDNND" || verdicts(t, p, "ch001_sc002") != "SSSSSNNR" {
		t.Fatalf("rows %s %s", verdicts(t, p, "ch001_sc001"), verdicts(t, p, "ch001_sc002"))
	}
	if c := cell(t, p, "ch001_sc001", "lint"); c.Reason != "no lint entry: the scene ran with lint off" {
		t.Fatalf("committed lint %q", c.Reason)
	}
	// The resume scene's phases leave out those it does not need.
	if len(s.Phases) != 6 || s.Progress != (model.Progress{Done: 5, Total: 6}) {
		t.Fatalf("phases %d progress %+v", len(s.Phases), s.Progress)
	}
	// A quota pause in the commit's appearance refresh: live, it leads.
	if s.Fields[1].Value != "HTTP 429 quota pause in appearance_projection; safe to retry since 2026-02-14 09:31:33 UTC" {
		t.Fatalf("paused %+v", s.Fields[1])
	}

	// The environment says lint is on: the scene lints before it commits.
	t.Setenv(LintModeEnv, "strict")
	p = planOf(t, live(t, dir, opts()))
	if p.Lint.Off || !p.Lint.Explicit || p.Resume.Phase != "lint" || verdicts(t, p, "ch001_sc002") != "SSSSSRMR" {
		t.Fatalf("strict: lint %+v resume %+v row %s", p.Lint, p.Resume, verdicts(t, p, "ch001_sc002"))
	}
}

// The durable-state apply pauses: after preflight (its entry recorded
// first) and in the commit. The next run applies the output again.
func TestDurableApplyPauses(t *testing.T) {
	s := live(t, project(t, "durable_preflight"), opts())
	p := planOf(t, s)
	if p.Resume.Scene != "ch002_sc001" || p.Resume.Phase != "preflight" || verdicts(t, p, "ch002_sc001") != "SSRRRRMR" {
		t.Fatalf("preflight: resume %+v row %s", p.Resume, verdicts(t, p, "ch002_sc001"))
	}
	if s.Phases[1].Status != model.PhaseInProgress || s.Phases[1].Label != "apply again" || len(p.Writes) != 0 {
		t.Fatalf("phase %+v writes %+v", s.Phases[1], p.Writes)
	}
	if h := s.Policy[model.Continue].Hint; h != "resume ch002_sc001 at preflight, which applies its recorded output again" {
		t.Fatalf("hint %q", h)
	}
	if !strings.Contains(s.Prompt, "Resume scene **ch002_sc001** at phase **preflight**: ch002_sc001 preflight: reused, and its durable-state apply paused the last run (durable_chronology_conflict:") {
		t.Fatalf("prompt:\n%s", s.Prompt)
	}

	s = live(t, project(t, "durable_scene"), opts())
	p = planOf(t, s)
	c := cell(t, p, "ch001_sc002", ApplyCommit)
	if p.Resume.Phase != ApplyCommit || verdicts(t, p, "ch001_sc002") != "SSSSSSNR" ||
		c.Reason != "not committed yet: state.json's cursor is on this scene; its durable-state apply paused the last run (durable_apply_validation_failed: Scope policy violation: plot_device_updates in a non-present scope need a reason_category.); the next run applies it again and pauses again unless that is fixed" {
		t.Fatalf("scene: resume %+v row %s commit %q", p.Resume, verdicts(t, p, "ch001_sc002"), c.Reason)
	}
}

// A DISCARD cut between its two moves (the ledger folder moved, the
// marker not) is named on the next load, and DISCARD again finishes it.
func TestDiscardCutShortIsNamed(t *testing.T) {
	dir := project(t, "real")
	stamp := fsx.Stamp(now)
	if err := os.Rename(history(dir, "demo"), history(dir, "demo")+".discarded."+stamp); err != nil {
		t.Fatal(err)
	}
	s := live(t, dir, opts())
	want := "a DISCARD at 2026-02-15 12:30:00 UTC was cut short: it moved draft/context/phase_history to draft/context/phase_history.discarded." + stamp +
		" but left the pause marker draft/context/run_paused.json in place (from before the DISCARD, so it is not why anything stopped). Choose DISCARD again to finish it (it archives the marker), or move draft/context/phase_history.discarded." + stamp + " back to draft/context/phase_history to undo it"
	if len(s.Alerts) == 0 || s.Alerts[0] != (model.Alert{Kind: model.AlertCutShort, Text: want}) {
		t.Fatalf("alerts %q", s.Alerts)
	}
	if a := New(opts()).Apply(s, model.Discard, now.Add(time.Minute)); a.Err != nil {
		t.Fatal(a.Err)
	}
	if paths, _ := New(opts()).Discover(dir); len(paths) != 1 || !strings.Contains(paths[0], "archives") {
		t.Fatalf("after discard, Discover = %v", paths)
	}
}
