package bookforge

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

func TestDiscoverProbesBooksAndResetArchives(t *testing.T) {
	dir := project(t, "real")
	l := New(opts())
	paths, err := l.Discover(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		history(dir, "demo"),
		filepath.Join(dir, "workspace/archives/demo/reset_20260210_101500_a1b2c3", filepath.FromSlash(HistoryDir)),
	}
	if !slices.Equal(paths, want) {
		t.Fatalf("Discover = %v\nwant %v", paths, want)
	}
	arch, err := l.Load(dir, paths[1])
	if err != nil {
		t.Fatal(err)
	}
	if !arch.Archived || !strings.Contains(arch.Title, "reset archive reset_20260210_101500_a1b2c3") || !strings.HasPrefix(arch.Title, "book demo") {
		t.Fatalf("archive: archived %v title %q", arch.Archived, arch.Title)
	}
	opts := model.Options(arch, model.CrashInfo{})
	for _, o := range opts {
		if o.Choice != model.Review && (o.Enabled || o.Reason != ReasonArchived) {
			t.Errorf("archive %s: enabled %v reason %q", o.Choice, o.Enabled, o.Reason)
		}
	}
	if a := l.Apply(arch, model.Discard, now); a.Err == nil {
		t.Fatal("discarding an archive was not refused")
	}
	if _, err := os.Stat(paths[1]); err != nil {
		t.Fatalf("archive touched: %v", err)
	}
}

func TestDiscoverNothing(t *testing.T) {
	dir := t.TempDir()
	// A book with an empty ledger folder and no marker is nothing to resume.
	if err := os.MkdirAll(history(dir, "fresh"), 0o755); err != nil {
		t.Fatal(err)
	}
	paths, err := New(opts()).Discover(dir)
	if err != nil || len(paths) != 0 {
		t.Fatalf("Discover = %v, %v", paths, err)
	}
	if m := New(opts()).NotFound(dir); !strings.Contains(m, "workspace/books/<book>/") || !strings.Contains(m, PauseFile) {
		t.Fatalf("NotFound = %q", m)
	}
}

func TestMarkerOnlyBook(t *testing.T) {
	dir := t.TempDir()
	marker := filepath.Join(bookDir(dir, "new"), filepath.FromSlash(PauseFile))
	if err := os.MkdirAll(filepath.Dir(marker), 0o755); err != nil {
		t.Fatal(err)
	}
	testkit.Write(t, marker, `{"book_id": "new", "phase": "plan_scene", "status_code": 429, "message": "quota", "retry_after_seconds": 5.0, "quota_violations": [], "created_at": "2026-02-15T12:29:00Z", "chapter": 1, "scene": 1}`)
	s := live(t, dir, opts())
	if s.Path != marker {
		t.Fatalf("path %s", s.Path)
	}
	p := planOf(t, s)
	if got := verdicts(t, p, "ch001_sc001"); got != "RRRRRRMR" {
		t.Fatalf("verdicts %s", got)
	}
	if c := cell(t, p, "ch001_sc001", "plan"); c.Reason != "no ledger entry: the run paused here (HTTP 429 quota pause in plan_scene)" {
		t.Fatalf("reason %q", c.Reason)
	}
}

func TestRealShapedBook(t *testing.T) {
	dir := project(t, "real")
	s := live(t, dir, opts())
	p := planOf(t, s)
	for _, sc := range []string{"ch001_sc001", "ch001_sc002"} {
		if got := verdicts(t, p, sc); got != "SSSSSSSS" {
			t.Errorf("%s: %s", sc, got)
		}
	}
	if got := verdicts(t, p, "ch001_sc003"); got != "SSSRRRMR" {
		t.Errorf("ch001_sc003: %s", got)
	}
	if c := cell(t, p, "ch001_sc003", "write"); c.Reason != "no ledger entry: the run paused here (HTTP 429 quota pause in write_scene)" {
		t.Errorf("write reason %q", c.Reason)
	}
	if c := cell(t, p, "ch001_sc003", "state_repair"); c.Reason != "after write, which reruns" {
		t.Errorf("state_repair reason %q", c.Reason)
	}
	// Repair is conditional: it runs only if the coming lint fails.
	if c := cell(t, p, "ch001_sc003", "repair"); c.Verdict != Maybe || c.Reason != "runs only if the coming lint fails" {
		t.Errorf("repair %+v", c)
	}
	// No state.json: the ledger scan, and it says so.
	if p.From != "ledgers" || !hasWarning(s, "no state.json in workspace/books/demo: the resume scene is taken from the ledgers") {
		t.Errorf("from %s warnings %q", p.From, s.Warnings)
	}
	if c := cell(t, p, "ch001_sc001", ApplyCommit); c.Reason != "committed: draft/chapters/ch_001/scene_001.md exists (apply/commit keeps no ledger entry)" {
		t.Errorf("apply reason %q", c.Reason)
	}
	if s.ResumePoint.Phase != "write" || s.Stage != "ch001_sc003" {
		t.Errorf("resume %+v stage %q", s.ResumePoint, s.Stage)
	}
	if *s.Units != (model.Progress{Done: 2, Total: 3}) || s.Progress != (model.Progress{Done: 3, Total: 8}) {
		t.Errorf("units %+v progress %+v", *s.Units, s.Progress)
	}
	if s.LastAction == nil || !s.LastAction.Clean || s.LastAction.Type != "PAUSE" {
		t.Errorf("last action %+v", s.LastAction)
	}
	if !s.LastUpdated.Equal(time.Date(2026, 2, 15, 12, 26, 0, 0, time.UTC)) {
		t.Errorf("last updated %v", s.LastUpdated)
	}
	if s.Problem != nil {
		t.Errorf("problem %v", s.Problem)
	}
	// The quota pause asks to wait 6 minutes: CONTINUE now is not
	// recommended (the alert says why).
	if pol := s.Policy[model.Continue]; pol.Writes || pol.Recommended {
		t.Errorf("continue policy %+v", pol)
	}
	// The artifacts CONTINUE hands over are the skipped phases' outputs.
	ctx := s.Context
	if ctx["scene"] != "ch001_sc003" || ctx["phase"] != "write" || ctx["book"] != "demo" ||
		ctx["command"] != "bookforge --workspace workspace run --book demo --resume" {
		t.Errorf("context %v", ctx)
	}
	arts := ctx["artifacts"].([]map[string]string)
	if len(arts) != 3 || arts[2]["path"] != "draft/context/phase_history/ch001_sc003/continuity_pack.json" || arts[2]["phase"] != "continuity_pack" {
		t.Errorf("artifacts %v", arts)
	}
	if !slices.Equal(ctx["skip_phases"].([]string), []string{"plan", "preflight", "continuity_pack"}) {
		t.Errorf("skip %v", ctx["skip_phases"])
	}
}

// The real ledger keeps keys in the order first written (repair after
// lint); verdicts always follow the pipeline.
func TestPipelineOrderWhateverTheKeyOrder(t *testing.T) {
	dir := project(t, "real")
	led := testkit.Read(t, filepath.Join(history(dir, "demo"), "ch001_sc001.json"))
	if strings.Index(led, `"repair"`) < strings.Index(led, `"lint"`) {
		t.Fatal("fixture: repair should come after lint in the file")
	}
	p := planOf(t, live(t, dir, opts()))
	var got []string
	for _, c := range p.Scenes[0].Cells {
		got = append(got, c.Phase)
	}
	if !slices.Equal(got, Phases) {
		t.Fatalf("order %v", got)
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	js := string(data)
	if strings.Index(js, `"phase":"repair"`) < strings.Index(js, `"phase":"lint"`) || strings.Index(js, `"phase":"lint"`) < strings.Index(js, `"phase":"state_repair"`) {
		t.Fatal("plan JSON not in the runner's order")
	}
}

func TestMissingArtifactReruns(t *testing.T) {
	dir := project(t, "missing_artifact")
	s := live(t, dir, opts())
	p := planOf(t, s)
	if got := verdicts(t, p, "ch001_sc002"); got != "SSSRRRMR" {
		t.Fatalf("verdicts %s", got)
	}
	if c := cell(t, p, "ch001_sc002", "write"); c.Reason != "artifact missing: draft/context/phase_history/ch001_sc002/write_prose.txt" {
		t.Fatalf("reason %q", c.Reason)
	}
	// The later outputs exist, but follow a rerun write: they rerun too,
	// as seed 002 asks; bookforge --resume would reuse them, so CONTINUE
	// moves their entries aside first (and asks, as it writes).
	if c := cell(t, p, "ch001_sc002", "state_repair"); c.Verdict != Rerun || c.Reason != "after write, which reruns" {
		t.Fatalf("state_repair %+v", c)
	}
	if len(p.Writes) != 1 || p.Writes[0].Kind != "rerun_archive" || !slices.Equal(p.Writes[0].Phases, []string{"write", "state_repair", "lint", "repair"}) {
		t.Fatalf("writes %+v", p.Writes)
	}
	if pol := s.Policy[model.Continue]; !pol.Writes || !strings.Contains(pol.Confirm, "moves 4 ledger entries of ch001_sc002 to an archive") {
		t.Fatalf("continue %+v", pol)
	}
	if s.LastAction == nil || s.LastAction.Clean {
		t.Fatalf("a half-done scene without a marker is not a clean stop: %+v", s.LastAction)
	}
	if s.Problem != nil {
		t.Fatal(s.Problem)
	}
}

func TestHashesMatchAndATemplateChanged(t *testing.T) {
	dir := project(t, "hashes")
	s := live(t, dir, opts())
	p := planOf(t, s)
	// state.json's cursor is on scene 2: scene 1 is committed history,
	// never checked again.
	if got := verdicts(t, p, "ch001_sc001"); got != "DDDDDDDD" {
		t.Fatalf("ch001_sc001 %s", got)
	}
	if c := cell(t, p, "ch001_sc002", "preflight"); !strings.HasSuffix(c.Reason, "patch present; hashes match") {
		t.Fatalf("preflight reason %q", c.Reason)
	}
	if got := verdicts(t, p, "ch001_sc002"); got != "SSSBRRMR" {
		t.Fatalf("ch001_sc002 %s", got)
	}
	c := cell(t, p, "ch001_sc002", "write")
	tmpl := filepath.Join(bookDir(dir, "glass"), "prompts/templates/write_scene_v2.md")
	old := p.Blocks[0].Old
	cur := sha(t, filepath.Join(bookDir(dir, "glass"), "prompts/system_v1.md"), tmpl)
	if !strings.HasPrefix(c.Reason, "template changed: prompts/templates/write_scene_v2.md with prompts/system_v1.md ("+old[:12]+" -> "+cur[:12]+")") {
		t.Fatalf("write reason %q", c.Reason)
	}
	if s.Problem == nil || s.Problem.Kind != model.ErrIntegrity || s.Problem.Path != tmpl {
		t.Fatalf("problem %+v", s.Problem)
	}
	for _, want := range []string{"prompts/templates/write_scene_v2.md", "recorded: " + old, "now:      " + cur, "--resume-allow-prompt-change --reason"} {
		if !strings.Contains(s.Problem.Message, want) {
			t.Errorf("message lacks %q:\n%s", want, s.Problem.Message)
		}
	}
	o, _ := model.Find(model.Options(s, model.CrashInfo{}), model.Continue)
	if o.Enabled {
		t.Fatal("CONTINUE enabled on an integrity problem")
	}
	if f := s.Fields[len(s.Fields)-1]; f.Key != "blocked" || !strings.Contains(f.Value, "ch001_sc002 write: template changed") {
		t.Fatalf("blocked field %+v", f)
	}
}

func TestTemplateMissing(t *testing.T) {
	dir := project(t, "hashes")
	// Both scenes' preflight used it; scene 1 is committed history.
	if err := os.Remove(filepath.Join(bookDir(dir, "glass"), "prompts/templates/preflight.md")); err != nil {
		t.Fatal(err)
	}
	s := live(t, dir, opts())
	p := planOf(t, s)
	c := cell(t, p, "ch001_sc002", "preflight")
	if c.Verdict != Blocked || !strings.HasPrefix(c.Reason, "template missing: prompts/templates/preflight.md (recorded ") {
		t.Fatalf("preflight %+v", c)
	}
	if s.Problem == nil || !strings.HasSuffix(s.Problem.Path, "preflight.md") || !strings.Contains(s.Problem.Message, "now:      (missing)") {
		t.Fatalf("problem %+v", s.Problem)
	}
	if c := cell(t, p, "ch001_sc001", "preflight"); c.Verdict != Done || len(p.Blocks) != 1 {
		t.Fatalf("history was checked: %+v, %d blocks", c, len(p.Blocks))
	}
}

func TestPreStateChangedIsBlocked(t *testing.T) {
	dir := project(t, "pre_state")
	s := live(t, dir, opts())
	p := planOf(t, s)
	if got := verdicts(t, p, "ch001_sc001"); got != "SSSBRRMR" {
		t.Fatalf("verdicts %s", got)
	}
	b := p.Blocks[0]
	if b.Kind != "pre_state_changed" || b.File != "draft/context/phase_history/ch001_sc001/pre_state_write.json" {
		t.Fatalf("block %+v", b)
	}
	want := "pre_state_hash changed (" + b.Old[:12] + " -> " + b.New[:12] + ") for draft/context/phase_history/ch001_sc001/pre_state_write.json; use --force-resume to accept"
	if c := cell(t, p, "ch001_sc001", "write"); c.Reason != want {
		t.Fatalf("reason %q\nwant   %q", c.Reason, want)
	}
	if s.Problem == nil || s.Problem.Kind != model.ErrIntegrity || !strings.Contains(s.Problem.Message, "--force-resume") {
		t.Fatalf("problem %+v", s.Problem)
	}

	// --force-resume accepts it, and the hand-edited repair prose too.
	s = live(t, dir, opts("force-resume"))
	p = planOf(t, s)
	// apply/commit never ran: the scene file is not there.
	if got := verdicts(t, p, "ch001_sc001"); got != "SSSSSSSR" {
		t.Fatalf("forced verdicts %s", got)
	}
	if s.Problem != nil {
		t.Fatal(s.Problem)
	}
	rp := cell(t, p, "ch001_sc001", "repair")
	if !strings.HasPrefix(rp.Reason, "forced by --force-resume: artifact changed: draft/context/phase_history/ch001_sc001/repair_prose.txt (") {
		t.Fatalf("repair %q", rp.Reason)
	}
	if len(p.Writes) != 1 || p.Writes[0].Kind != "force_audit" || len(p.Writes[0].Forced) != 2 {
		t.Fatalf("writes %+v", p.Writes)
	}
}

func TestQuotaPauseLeads(t *testing.T) {
	dir := project(t, "real")
	s := live(t, dir, opts())
	if s.Fields[1].Key != "paused" || s.Fields[1].Value != "HTTP 429 quota pause in write_scene; retry at 2026-02-15 12:36:00 UTC, in 6 minutes" {
		t.Fatalf("fields %+v", s.Fields)
	}
	if s.Fields[2].Value != "chapter 1, scene 3, phase write_scene" {
		t.Fatalf("paused at %+v", s.Fields[2])
	}
	if len(s.Alerts) == 0 || s.Alerts[0].Text != "quota pause: retrying is safe from 2026-02-15 12:36:00 UTC; CONTINUE now will likely hit the quota again: wait 6 minutes" {
		t.Fatalf("alerts %q", s.Alerts)
	}
	if s.Context["warning"] != s.Alerts[0].Text {
		t.Fatalf("context warning %v", s.Context["warning"])
	}
	pz := s.Context["pause"].(map[string]any)
	if pz["wait_seconds"] != 360 || pz["retry_at"] != "2026-02-15T12:36:00Z" || pz["status_code"] != 429 {
		t.Fatalf("pause context %v", pz)
	}
	if !strings.Contains(s.Policy[model.Continue].Hint, "wait 6 minutes") {
		t.Fatalf("hint %q", s.Policy[model.Continue].Hint)
	}
	lines := strings.Join(s.Sections[1].Lines, "\n")
	for _, want := range []string{
		"Quota pause: status 429 in phase write_scene (write), chapter 1, scene 3",
		"Quota: generativelanguage.googleapis.com/generate_content_free_tier_requests = 5 (id GenerateRequestsPerMinutePerProjectPerModel-FreeTier) [location=global, model=gemini-2.5-pro]",
		"Retry after: 10 minutes, safe from 2026-02-15 12:36:00 UTC: not yet, wait 6 minutes",
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("pause section lacks %q:\n%s", want, lines)
		}
	}

	// Later, it is safe: no warning.
	o := opts()
	o.Now = now.Add(10 * time.Minute)
	s = live(t, dir, o)
	if strings.HasPrefix(strings.Join(s.Warnings, "|"), "quota pause") || !strings.Contains(s.Fields[1].Value, "safe to retry since 2026-02-15 12:36:00 UTC") {
		t.Fatalf("after the retry time: warnings %q field %q", s.Warnings, s.Fields[1].Value)
	}
	if _, ok := s.Context["warning"]; ok {
		t.Fatal("context still warns")
	}
}

func TestReasonPause(t *testing.T) {
	dir := project(t, "reason_pause")
	s := live(t, dir, opts())
	if s.Fields[1].Value != "durable_chronology_conflict pause in durable_apply_preflight: Chronology conflict: item 'brass_key' moved before it was found." {
		t.Fatalf("paused %q", s.Fields[1].Value)
	}
	lines := s.Sections[1].Lines
	want := []string{
		"Paused: durable_chronology_conflict in phase durable_apply_preflight (preflight), chapter 1, scene 2",
		"Message: Chronology conflict: item 'brass_key' moved before it was found.",
		"Detail: chapter: 1",
		"Detail: scene: 2",
		"Detail: phase: preflight",
		"Paused at: 2026-02-15 10:05:00 UTC",
	}
	if !slices.Equal(lines, want) {
		t.Fatalf("pause lines\n%q\nwant\n%q", lines, want)
	}
	// The preflight entry was recorded before its durable apply paused:
	// the next run reuses it and applies it again.
	if s.ResumePoint.Phase != "preflight" || s.Context["pause"].(map[string]any)["reason_code"] != "durable_chronology_conflict" {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
}

func TestInvalidLedgersAreEmpty(t *testing.T) {
	dir := project(t, "invalid")
	s := live(t, dir, opts())
	p := planOf(t, s)
	for _, sc := range []string{"ch001_sc001", "ch001_sc002"} {
		if got := verdicts(t, p, sc); got != "RRRRRRMR" {
			t.Errorf("%s: %s", sc, got)
		}
	}
	want := []string{
		"no state.json in workspace/books/ash: the resume scene is taken from the ledgers (the first scene not complete); bookforge itself starts at state.json's cursor and cannot run without it",
		"draft/context/phase_history/ch001_sc001.json: invalid JSON at line 6: expected a quoted key; read as an empty ledger (every phase of ch001_sc001 reruns)",
		"draft/context/phase_history/ch001_sc002.json: the ledger is an array, not an object; read as an empty ledger (every phase of ch001_sc002 reruns)",
	}
	if !slices.Equal(withoutTotalNote(s.Warnings), want) {
		t.Fatalf("warnings\n%q\nwant\n%q", s.Warnings, want)
	}
	if s.ResumePoint.Phase != "plan" || s.Stage != "ch001_sc001" {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
}

func TestFlagsInThePlan(t *testing.T) {
	dir := project(t, "real")
	// --rerun-all reruns the resume scene only; the real command for it
	// is the run without --resume.
	p := planOf(t, live(t, dir, opts("rerun-all")))
	for sc, want := range map[string]string{"ch001_sc001": "SSSSSSSS", "ch001_sc002": "SSSSSSSS", "ch001_sc003": "RRRRRRMR"} {
		if got := verdicts(t, p, sc); got != want {
			t.Fatalf("%s: %s, want %s", sc, got, want)
		}
	}
	// Its entries move aside, so that a later --resume cannot mix them
	// with the new run's.
	if p.Resume.Scene != "ch001_sc003" || p.Resume.Phase != "plan" || len(p.Writes) != 1 || !slices.Equal(p.Writes[0].Phases, []string{"plan", "preflight", "continuity_pack"}) ||
		p.Command != "bookforge --workspace workspace run --book demo" {
		t.Fatalf("rerun-all: resume %+v writes %v command %q", p.Resume, p.Writes, p.Command)
	}

	s := live(t, dir, opts("rerun-from=preflight"))
	p = planOf(t, s)
	if got := verdicts(t, p, "ch001_sc003"); got != "SRRRRRMR" {
		t.Fatalf("rerun-from: %s", got)
	}
	if p.Command != "bookforge --workspace workspace run --book demo --resume" {
		t.Fatalf("the command carries a flag bookforge does not have: %q", p.Command)
	}
	if got := verdicts(t, p, "ch001_sc001"); got != "SSSSSSSS" {
		t.Fatalf("rerun-from touches only the resume scene: %s", got)
	}
	if c := cell(t, p, "ch001_sc003", "preflight"); c.Reason != "--rerun-from preflight: rerun on request; its ledger entry moves to an archive beside the ledger" {
		t.Fatalf("reason %q", c.Reason)
	}
	if len(p.Writes) != 1 || p.Writes[0].Kind != "rerun_archive" || !slices.Equal(p.Writes[0].Phases, []string{"preflight", "continuity_pack"}) {
		t.Fatalf("writes %+v", p.Writes)
	}
	if pol := s.Policy[model.Continue]; !pol.Writes || !strings.HasSuffix(pol.Hint, "; moves 2 ledger entries of ch001_sc003 to an archive") || pol.Confirm == "" {
		t.Fatalf("CONTINUE does not say it writes: %+v", pol)
	}

	s = live(t, dir, opts("rerun-from=drafting"))
	if !strings.Contains(strings.Join(s.Warnings, "\n"), `--rerun-from "drafting" is not a pipeline phase`) || len(planOf(t, s).Writes) != 0 {
		t.Fatalf("bad phase: %q", s.Warnings)
	}
}

func TestOpenAcceptsBookPaths(t *testing.T) {
	dir := project(t, "real")
	l := New(opts())
	want := live(t, dir, opts())
	for _, p := range []string{
		bookDir(dir, "demo"),
		history(dir, "demo"),
		filepath.Join(history(dir, "demo"), "ch001_sc002.json"),
		filepath.Join(bookDir(dir, "demo"), filepath.FromSlash(PauseFile)),
	} {
		s, ok, err := l.Open(p)
		if err != nil || !ok {
			t.Fatalf("Open(%s) = %v, %v", p, ok, err)
		}
		if s.ID != want.ID || s.Project != dir || s.Path != want.Path || s.Fingerprint != want.Fingerprint {
			t.Errorf("Open(%s): id %s project %s path %s", p, s.ID, s.Project, s.Path)
		}
	}
	if _, ok, _ := l.Open(filepath.Join(dir, "README.md")); ok {
		t.Fatal("Open took a file that is not a book's")
	}
}

func TestGridGlyphs(t *testing.T) {
	dir := project(t, "hashes")
	uni := live(t, dir, opts())
	o := opts()
	o.Plain = true
	plain := live(t, dir, o)
	if got := uni.Sections[0].Lines[3]; got != "ch001_sc002 ✓ ✓ ✓ ✗ ↻ ↻ ? ↻ ◀ resume" {
		t.Errorf("unicode row %q", got)
	}
	if got := plain.Sections[0].Lines[3]; got != "ch001_sc002 . . . X R R ? R < resume" || plain.Sections[0].Title != "Scenes x phases" {
		t.Errorf("plain row %q title %q", got, plain.Sections[0].Title)
	}
	for _, l := range plain.Sections[0].Lines {
		for _, r := range l {
			if r > 0x7e {
				t.Fatalf("plain grid has %q in %q", r, l)
			}
		}
	}
}

// A reset archive is history: its pause marker raises no wait and no
// block, whatever it says.
func TestArchivedMarkerIsHistory(t *testing.T) {
	dir := project(t, "real")
	arch := filepath.Join(dir, "workspace/archives/demo/reset_20260210_101500_a1b2c3")
	marker := filepath.Join(arch, filepath.FromSlash(PauseFile))
	testkit.Write(t, marker, testkit.Read(t, filepath.Join(bookDir(dir, "demo"), filepath.FromSlash(PauseFile))))
	s, err := New(opts()).Load(dir, filepath.Join(arch, filepath.FromSlash(HistoryDir)))
	if err != nil {
		t.Fatal(err)
	}
	if !s.Archived || s.Problem != nil || len(s.Warnings) != 0 || s.Context["warning"] != nil {
		t.Fatalf("archived %v problem %v warnings %q", s.Archived, s.Problem, s.Warnings)
	}
	if s.LastAction == nil || !s.LastAction.Clean {
		t.Fatalf("last action %+v", s.LastAction)
	}
}
