package crucible

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

// crashWorld is the crash fixture with everything in place: a project
// repository on main with the implementers' commits, and the standard
// checkpoints.
func crashWorld(t *testing.T) (*world, map[string]string) {
	w := newWorld(t, "crash", "4", "main")
	w.repo("main", implementerCommits...)
	return w, w.standardCheckpoints()
}

func TestCrashMidPhaseResumesAtItsBoundary(t *testing.T) {
	w, ids := crashWorld(t)
	_, s := w.load()
	if s.Problem != nil {
		t.Fatalf("problem %v", s.Problem)
	}
	pl := planOf(t, s)
	if pl.Resume.Phase != "4" || pl.Resume.Automatic != "4" || pl.Resume.Boundary != "pre-code-review" || !pl.Resume.Verified {
		t.Fatalf("resume %+v", pl.Resume)
	}
	if pl.Resume.Restore == nil || pl.Resume.Restore.ID != ids["pre-code-review"] || pl.Resume.Restore.TakenAt != "2026-03-24 12:25:50" {
		t.Fatalf("restore %+v", pl.Resume.Restore)
	}
	if got := seqs(pl.Skip); !reflect.DeepEqual(got, []int{1, 2, 3, 4, 5, 6, 7, 8}) {
		t.Fatalf("skip %v", got)
	}
	if got := seqs(pl.ReExecute); !reflect.DeepEqual(got, []int{9, 10}) {
		t.Fatalf("re-execute %v", got)
	}
	if len(pl.Fallbacks) != 0 || pl.NextSeq != 11 {
		t.Fatalf("fallbacks %v next %d", pl.Fallbacks, pl.NextSeq)
	}
	// Every verdict says why, with its evidence.
	for _, r := range append(append([]Row{}, pl.Skip...), pl.ReExecute...) {
		if r.Why == "" {
			t.Errorf("seq %d has no why", r.Seq)
		}
	}
	whys := map[int]string{}
	for _, r := range pl.Skip {
		whys[r.Seq] = r.Why
	}
	for seq, want := range map[int]string{2: "output file 2-design-reviewer-output.md", 5: "commits in its window", 8: "quality-gate round", 3: "no artifact rule"} {
		if !strings.Contains(whys[seq], want) {
			t.Errorf("seq %d why %q lacks %q", seq, whys[seq], want)
		}
	}
	if !strings.Contains(pl.ReExecute[1].Why, "in flight at the crash") || pl.Crashed.Phase != "4" || !strings.Contains(pl.Crashed.Context, "seq 10 inquisitor") {
		t.Fatalf("re-exec %+v crashed %+v", pl.ReExecute[1], pl.Crashed)
	}
	// The session around it.
	if s.Source != "crucible" || s.Path != w.mark || s.Branch != "main" || s.Title != "build pipeline "+w.sid {
		t.Fatalf("session %s %s %s %q", s.Source, s.Path, s.Branch, s.Title)
	}
	if s.ResumePoint.Phase != "Phase 4" || s.Progress != (model.Progress{Done: 3, Total: 4}) || *s.Units != (model.Progress{Done: 9, Total: 10}) {
		t.Fatalf("resume %+v progress %+v units %+v", s.ResumePoint, s.Progress, s.Units)
	}
	if p := s.Phases[3]; p.Status != model.PhaseInProgress || p.Result != "1 completed, 1 in flight" {
		t.Fatalf("phase 4 %+v", p)
	}
	if s.LastAction == nil || s.LastAction.Clean || s.LastAction.Type != "dispatched" {
		t.Fatalf("last action %+v", s.LastAction)
	}
	cont := s.Policy[model.Continue]
	wantQ := "About to restore working directory to checkpoint pre-code-review (taken at 2026-03-24 12:25:50, branch main). This will reset uncommitted changes. Proceed? [yes / no]"
	if cont.Confirm != wantQ || !cont.Writes || !cont.Recommended {
		t.Fatalf("continue %+v", cont)
	}
	if len(s.Checkpoints) != 5 || s.Checkpoints[0].Reason != "pre-code-review" {
		t.Fatalf("checkpoints %+v", s.Checkpoints)
	}
	if len(s.Warnings) != 0 {
		t.Fatalf("warnings %v", s.Warnings)
	}
}

func TestCompressionStateAndContext(t *testing.T) {
	w, ids := crashWorld(t)
	_, s := w.load()
	want := []string{
		"===COMPRESSION_STATE===\nGoal: «Add token authentication with refresh to the API»\nSkill: build\nPhase: 4\nHealth: GREEN (reset on resume)\nProgress:\n- Phases 1 through 3 completed in prior session\n- Resuming from pre-code-review via replay\n",
		"Key Decisions (prior session):\n- «JWT with 15-minute access tokens»\n- «Task 3 deferred: rate limiting is out of scope»\n",
		"Active Constraints:\n- «No new runtime dependencies»\n- «Keep the public API unchanged»\n- Replay session -- prior work verified through Phase 3\n",
		"Files Modified:\n- docs/plan.md\n- src/auth.go\nScratch State:\n- Location: " + w.scratch + "\n- Recovery: pipeline-status.md, handoff manifests, manifest.jsonl\n",
		"Next Steps:\n1. Re-dispatch seq 9 (code-reviewer) for Phase 4\n2. «Diff of waves 1 and 2 against the baseline»\n",
		"from seq 11 with replay_of and replay_session set\n===END_COMPRESSION_STATE===\n",
	}
	for _, part := range want {
		if !strings.Contains(s.Prompt, part) {
			t.Errorf("compression state lacks %q:\n%s", part, s.Prompt)
		}
	}
	ctx := s.Context
	if ctx["compression_state"] != s.Prompt || ctx["next_seq"] != 11 || ctx["resume_phase"] != "4" || ctx["skill"] != "build" || ctx["pipeline_id"] != w.sid {
		t.Fatalf("context %v", ctx)
	}
	if cp := ctx["checkpoint"].(map[string]any); cp["id"] != ids["pre-code-review"] || cp["reason"] != "pre-code-review" {
		t.Fatalf("checkpoint %v", cp)
	}
	if !reflect.DeepEqual(ctx["re_execute"], []int{9, 10}) {
		t.Fatalf("re_execute %v", ctx["re_execute"])
	}
}

func TestCompressionStateFallsBackToPipelineStatus(t *testing.T) {
	w, _ := crashWorld(t)
	for _, h := range []string{"handoff-2-to-3.md", "handoff-3-to-4.md"} {
		if err := os.Rename(filepath.Join(w.scratch, h), filepath.Join(w.t.TempDir(), h)); err != nil {
			t.Fatal(err)
		}
	}
	_, s := w.load()
	for _, part := range []string{"Key Decisions (prior session):\n- «JWT with 15-minute access tokens»\n- «Refresh tokens stored hashed»\n",
		"Next Steps:\n1. Re-dispatch seq 9 (code-reviewer) for Phase 4\n2. «Finish the inquisitor pass»\n3. «Run the impl gate»\n"} {
		if !strings.Contains(s.Prompt, part) {
			t.Errorf("lacks %q:\n%s", part, s.Prompt)
		}
	}
}

func TestReviewSections(t *testing.T) {
	w, _ := crashWorld(t)
	_, s := w.load()
	titles := []string{}
	body := map[string]string{}
	for _, sec := range s.Sections {
		titles = append(titles, sec.Title)
		body[sec.Title] = strings.Join(sec.Lines, "\n")
	}
	want := []string{"Replay plan", "Verification", "Dispatch timeline", "Pipeline status (pipeline-status.md)", "Handoff manifests", "Checkpoints", "Files"}
	if !reflect.DeepEqual(titles, want) {
		t.Fatalf("sections %v", titles)
	}
	for title, part := range map[string]string{
		"Dispatch timeline":                    "#10 inquisitor · Phase 4 · in flight · -",
		"Pipeline status (pipeline-status.md)": "Health: YELLOW",
		"Handoff manifests":                    "handoff-3-to-4.md: Phase Handoff: 3 → 4",
		"Checkpoints":                          "pre-code-review  build  (restore target)",
		"Verification":                         "2 by commits, 3 reviews on their completion line, 1 quality-gate rounds",
	} {
		if !strings.Contains(body[title], part) {
			t.Errorf("%s lacks %q:\n%s", title, part, body[title])
		}
	}
}

func TestVerificationFallsBackWhenCommitsAreMissing(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	// Only the initial commit: the implementers left nothing in git.
	w.repo("main")
	ids := w.standardCheckpoints()
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "3" || pl.Resume.Restore == nil || pl.Resume.Restore.ID != ids["pre-wave-1"] {
		t.Fatalf("resume %+v restore %+v", pl.Resume, pl.Resume.Restore)
	}
	if len(pl.Fallbacks) != 1 {
		t.Fatalf("fallbacks %+v", pl.Fallbacks)
	}
	f := pl.Fallbacks[0]
	if f.From != "Phase 4 boundary (pre-code-review)" || f.To != "Phase 3 boundary (pre-wave-1)" ||
		!strings.Contains(f.Reason, "seq 5 (build-implementer) no commit in its window 12:14–12:31") || !strings.Contains(f.Reason, "and 1 more in Phase 3") {
		t.Fatalf("fallback %+v", f)
	}
	if !hasWarning(s, "Resume point moved back from Phase 4 boundary (pre-code-review) to Phase 3 boundary (pre-wave-1)") {
		t.Fatalf("warnings %v", s.Warnings)
	}
	if got := seqs(pl.ReExecute); !reflect.DeepEqual(got, []int{5, 6, 7, 8, 9, 10}) {
		t.Fatalf("re-execute %v", got)
	}
	text := strings.Join(pl.Lines(), "\n")
	if !strings.Contains(text, "## Verification fallbacks\n\n- Phase 4 boundary (pre-code-review) -> Phase 3 boundary (pre-wave-1): seq 5") {
		t.Fatalf("plan text:\n%s", text)
	}
}

// appendLine adds a manifest line written by hand.
func (w *world) appendLine(line string) {
	w.t.Helper()
	testkit.Write(w.t, w.manifest(), testkit.Read(w.t, w.manifest())+line+"\n")
}

func TestVerificationFallbackChain(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	w.repo("main")
	w.standardCheckpoints()
	// An implementer recorded in phase 2 left no commit either.
	w.appendLine(`{"seq":11,"file":"11-build-implementer.md","role":"build-implementer","phase":"2","task":9,"status":"completed","duration_s":60,"summary":"Task 9: schema migration","input_chars":100,"output_chars":10,"model_tier":"opus","tool_calls":1}`)
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "2" || pl.Resume.Restore.Reason != "pre-design-gate" || len(pl.Fallbacks) != 2 {
		t.Fatalf("resume %+v fallbacks %+v", pl.Resume, pl.Fallbacks)
	}
	if pl.Fallbacks[1].From != "Phase 3 boundary (pre-wave-1)" || pl.Fallbacks[1].To != "Phase 2 boundary (pre-design-gate)" ||
		!strings.Contains(pl.Fallbacks[1].Reason, "seq 11 (build-implementer) no commit mentioning task 9 since the pipeline start") {
		t.Fatalf("second fallback %+v", pl.Fallbacks[1])
	}
}

// A reviewer returns its findings in the conversation: no output file
// is not a failure, its completion line is the evidence.
func TestMissingReviewerOutputIsNotAFailure(t *testing.T) {
	w, _ := crashWorld(t)
	for _, f := range []string{"2-design-reviewer-output.md", "4-plan-reviewer-output.md", "7-build-reviewer-output.md"} {
		if err := os.Remove(filepath.Join(w.ddir, f)); err != nil {
			t.Fatal(err)
		}
	}
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "4" || len(pl.Fallbacks) != 0 || !pl.Resume.Verified {
		t.Fatalf("resume %+v fallbacks %+v", pl.Resume, pl.Fallbacks)
	}
	if why := pl.Skip[3].Why; why != "verified: completion line only: reviewers return their findings in the conversation (no receipt or findings file on disk)" {
		t.Fatalf("seq 4 why %q", why)
	}
	for _, c := range pl.Checks {
		if c.Seq == 4 && (c.Kind != KindReview || !c.OK || c.Verdict != VerdictVerified) {
			t.Fatalf("check %+v", c)
		}
	}
}

func TestNoVerifiedBoundaryOffersCurrentStateOrFresh(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	w.repo("main")
	w.standardCheckpoints()
	// An implementer recorded in phase 1 left no commit.
	w.appendLine(`{"seq":11,"file":"11-build-implementer.md","role":"build-implementer","phase":"1","task":7,"status":"completed","duration_s":60,"summary":"Task 7: spike","input_chars":100,"output_chars":10,"model_tier":"opus","tool_calls":1}`)
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "1" || pl.Resume.Verified || pl.Resume.Restore != nil {
		t.Fatalf("resume %+v", pl.Resume)
	}
	if !hasWarning(s, "No verified phase boundary: resume with the current disk state (CONTINUE) or start fresh (RESTART).") {
		t.Fatalf("warnings %v", s.Warnings)
	}
	cont, restart := s.Policy[model.Continue], s.Policy[model.Restart]
	if cont.Confirm != "" || cont.Recommended || !strings.Contains(cont.Hint, "resume with current disk state") || !restart.Recommended {
		t.Fatalf("continue %+v restart %+v", cont, restart)
	}
}

// Without a git repository the implementers' commits cannot be looked
// for: "cannot check" is said as such, the point does not move (the
// seed's fallback is for commits looked for and not found).
func TestProjectWithoutGitCannotVerifyImplementers(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	w.standardCheckpoints()
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "4" || len(pl.Fallbacks) != 0 || pl.Resume.Unchecked != 2 || !pl.Resume.Verified {
		t.Fatalf("resume %+v fallbacks %+v", pl.Resume, pl.Fallbacks)
	}
	want := "not verified: cannot check its commits: the project is not a git repository"
	if pl.Skip[4].Why != want || pl.Skip[5].Why != want {
		t.Fatalf("whys %q / %q", pl.Skip[4].Why, pl.Skip[5].Why)
	}
	for _, c := range pl.Checks {
		if c.Kind == KindCommit && (c.OK || c.Verdict != VerdictCannotCheck) {
			t.Fatalf("check %+v", c)
		}
	}
	if !hasWarning(s, "2 dispatches before the resume point could not be checked (seq 5 (build-implementer): cannot check its commits: the project is not a git repository;") {
		t.Fatalf("warnings %v", s.Warnings)
	}
	if !hasAlert(s, model.AlertBranch, "is not a git repository: the branch guard (pipeline branch main) cannot be checked") {
		t.Fatalf("alerts %v", s.Alerts)
	}
	if body := strings.Join(sectionLines(s, "Verification"), "\n"); !strings.Contains(body, "Cannot check: seq 5 build-implementer (Phase 3): cannot check its commits") {
		t.Fatalf("verification section:\n%s", body)
	}
}

func sectionLines(s *model.Session, title string) []string {
	for _, sec := range s.Sections {
		if sec.Title == title {
			return sec.Lines
		}
	}
	return nil
}

func TestTaskPatternWhenNoStartTimeIsKnown(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	w.repo("main", commit{at("13:40:00"), "Task 1: auth middleware"}, commit{at("13:41:00"), "feat(task-2): token refresh"})
	w.standardCheckpoints()
	for _, f := range []string{"5-build-implementer.md", "6-build-implementer.md"} {
		if err := os.Remove(filepath.Join(w.ddir, f)); err != nil {
			t.Fatal(err)
		}
	}
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "4" || len(pl.Fallbacks) != 0 {
		t.Fatalf("resume %+v fallbacks %+v", pl.Resume, pl.Fallbacks)
	}
	if !strings.Contains(pl.Skip[5].Why, "mentioning task 2 since the pipeline start") {
		t.Fatalf("why %q", pl.Skip[5].Why)
	}
}

func TestFromPhaseAndFromSeq(t *testing.T) {
	w, ids := crashWorld(t)
	_, s := w.load(flag(FlagFromPhase, "2"))
	pl := planOf(t, s)
	if pl.Resume.Phase != "2" || pl.Resume.Requested != "--from-phase 2" || pl.Resume.Restore.ID != ids["pre-design-gate"] {
		t.Fatalf("from-phase: %+v", pl.Resume)
	}
	if !hasWarning(s, "--from-phase 2 is earlier than the automatic resume point (Phase 4): verified work in Phase 2 through Phase 3 will be redone") {
		t.Fatalf("warnings %v", s.Warnings)
	}
	_, s = w.load(flag(FlagFromSeq, "6"))
	pl = planOf(t, s)
	if pl.Resume.Phase != "3" || pl.Resume.Restore.Reason != "pre-wave-1" || seqs(pl.ReExecute)[0] != 5 {
		t.Fatalf("from-seq 6: %+v %v", pl.Resume, seqs(pl.ReExecute))
	}
	_, s = w.load(flag(FlagFromSeq, "99"))
	if pl = planOf(t, s); pl.Resume.Phase != "4" || !hasWarning(s, "--from-seq 99: the manifest has no seq 99") {
		t.Fatalf("from-seq 99: %+v %v", pl.Resume, s.Warnings)
	}
	_, s = w.load(flag(FlagFromPhase, "9"))
	if pl = planOf(t, s); pl.Resume.Phase != "4" || !hasWarning(s, "--from-phase 9: the manifest records no phase 9") {
		t.Fatalf("from-phase 9: %+v %v", pl.Resume, s.Warnings)
	}
	// Later than the automatic point: the unfinished phase fails its
	// check and the point falls back.
	w2 := newWorld(t, "failed", "3", "main")
	_, s = w2.load(flag(FlagFromPhase, "3"))
	if pl = planOf(t, s); pl.Resume.Phase != "2" || len(pl.Fallbacks) != 1 || !strings.Contains(pl.Fallbacks[0].Reason, "status failed: not complete") {
		t.Fatalf("from-phase later: %+v %+v", pl.Resume, pl.Fallbacks)
	}
}

func TestMissingCheckpointFallsBackToAnEarlierOne(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	w.repo("main", implementerCommits...)
	w.checkpoint("pre-design-gate", at("12:09:30"), nil)
	wave := w.checkpoint("pre-wave-1", at("12:14:00"), nil)
	// A pre-code-review from an older pipeline does not count.
	w.checkpoint("pre-code-review", at("09:00:00"), nil)
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "3" || pl.Resume.Restore == nil || pl.Resume.Restore.ID != wave {
		t.Fatalf("resume %+v", pl.Resume)
	}
	if len(pl.Fallbacks) != 1 || !strings.Contains(pl.Fallbacks[0].Reason, "predates this pipeline's start") {
		t.Fatalf("fallbacks %+v", pl.Fallbacks)
	}
}

func TestRetriedCheckpointUsesTheMostRecent(t *testing.T) {
	w := newWorld(t, "crash", "3", "main")
	w.repo("main")
	w.checkpoint("pre-design-gate", at("12:09:30"), nil)
	w.checkpoint("pre-wave-1", at("12:13:00"), nil)
	last := w.checkpoint("pre-wave-1", at("12:14:00"), nil)
	_, s := w.load()
	if pl := planOf(t, s); pl.Resume.Restore == nil || pl.Resume.Restore.ID != last {
		t.Fatalf("restore %+v", pl.Resume.Restore)
	}
}

func TestCheckpointTableRows(t *testing.T) {
	w, ids := crashWorld(t)
	table := "| Hash     | Timestamp           | Reason | Source |\n|----------|---------------------|--------|--------|\n" +
		"| " + ids["pre-wave-1"][:8] + " | 2026-03-24 12:14:00 | pre-wave-1 | build |\n" +
		"| deadbeef | 2026-03-24 12:25:00 | pre-code-review | build |\n"
	testkit.Write(t, filepath.Join(w.shadow, CheckpointTable), table)
	_, s := w.load()
	pl := planOf(t, s)
	// The table is authoritative: its pre-code-review row names a commit
	// that is gone, so the restore falls back to pre-wave-1.
	if pl.Resume.Phase != "3" || pl.Resume.Restore.ID != ids["pre-wave-1"] || !strings.Contains(pl.Fallbacks[0].Reason, "its commit is gone") {
		t.Fatalf("resume %+v fallbacks %+v", pl.Resume, pl.Fallbacks)
	}
	if len(s.Checkpoints) != 2 || s.Checkpoints[0].ID != "deadbeef" {
		t.Fatalf("checkpoints %+v", s.Checkpoints)
	}
}

func TestNoShadowRepositoryMeansNoRestore(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	w.repo("main", implementerCommits...)
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "4" || pl.Resume.Restore != nil || !strings.Contains(pl.Resume.NoRestore, "no checkpoint pre-code-review") {
		t.Fatalf("resume %+v", pl.Resume)
	}
	cont := s.Policy[model.Continue]
	if cont.Confirm != "" || cont.Writes || !cont.Recommended {
		t.Fatalf("continue %+v", cont)
	}
	if !hasWarning(s, "No checkpoint restore:") {
		t.Fatalf("warnings %v", s.Warnings)
	}
	found := false
	for _, sec := range s.Sections {
		if sec.Title == "Checkpoints" && strings.Contains(sec.Lines[0], "no shadow checkpoint repository") {
			found = true
		}
	}
	if !found {
		t.Fatalf("sections %+v", s.Sections)
	}
}

func TestNoRestoreFlag(t *testing.T) {
	w, _ := crashWorld(t)
	_, s := w.load(flag(FlagNoRestore, "true"))
	pl := planOf(t, s)
	if pl.Resume.Phase != "4" || pl.Resume.Restore != nil || !strings.HasPrefix(pl.Resume.NoRestore, "--no-restore") || s.Policy[model.Continue].Confirm != "" {
		t.Fatalf("resume %+v", pl.Resume)
	}
}

func TestTruncatedTail(t *testing.T) {
	w := newWorld(t, "truncated", "4", "main")
	w.repo("main", implementerCommits...)
	w.standardCheckpoints()
	_, s := w.load()
	if !hasWarning(s, "manifest.jsonl line 5 skipped: not a JSON object") ||
		!hasWarning(s, "manifest.jsonl line 20 skipped: truncated (the writer stopped in the middle of it); a truncated last line is normal after a crash") {
		t.Fatalf("warnings %v", s.Warnings)
	}
	// Seq 10's only line was cut off: phase 4 still holds seq 9, which
	// completed, yet the marker still stands: the gap of a dispatch that
	// crashed before its first manifest line is named.
	pl := planOf(t, s)
	if !pl.Resume.End || !hasWarning(s, "crashed before its first manifest line was written would not show") {
		t.Fatalf("resume %+v warnings %v", pl.Resume, s.Warnings)
	}
}

func TestGarbageManifestIsCorrupted(t *testing.T) {
	w := newWorld(t, "garbage", "1", "main")
	_, s := w.load()
	if s.Problem == nil || s.Problem.Kind != model.ErrCorrupted || s.Problem.Message != "Manifest is empty or entirely corrupted. Cannot resume." || s.Problem.Path != w.manifest() {
		t.Fatalf("problem %+v", s.Problem)
	}
	if !hasWarning(s, "manifest.jsonl line 1 skipped: not a JSON object") || s.Plan != nil {
		t.Fatalf("warnings %v", s.Warnings)
	}
	empty := newWorld(t, "garbage", "1", "main")
	testkit.Write(t, empty.manifest(), "")
	if _, s := empty.load(); s.Problem == nil || s.Problem.Message != EmptyManifest {
		t.Fatalf("empty: %+v", s.Problem)
	}
}

func TestCorruptedMarker(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	testkit.Write(t, w.mark, `{"pipeline_id": "abc", "skill": `)
	_, s := w.load()
	if s.Problem == nil || s.Problem.Kind != model.ErrCorrupted || s.Problem.Path != w.mark || !strings.Contains(s.Problem.Detail, "not a JSON object") {
		t.Fatalf("problem %+v", s.Problem)
	}
}

func TestMarkerWithoutManifest(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	if err := os.Rename(w.manifest(), filepath.Join(t.TempDir(), "m")); err != nil {
		t.Fatal(err)
	}
	_, s := w.load()
	if s.Problem == nil || !strings.Contains(s.Problem.Detail, "no dispatch manifest found for pipeline "+w.sid) {
		t.Fatalf("problem %+v", s.Problem)
	}
}

func TestTmpFallback(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	w.repo("main", implementerCommits...)
	// The durable copy is gone; the live /tmp one (under TmpRoot) holds
	// the manifest.
	tmp := filepath.Join(TmpRoot, DispatchPrefix+w.sid)
	if err := os.Rename(w.ddir, tmp); err != nil {
		t.Fatal(err)
	}
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Source != filepath.Join(tmp, ManifestName) || pl.Resume.Phase != "4" {
		t.Fatalf("source %s resume %+v", pl.Source, pl.Resume)
	}
}

func TestRealTmpFallbackAndLargerLiveCopy(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	TmpRoot = "/tmp" // the real location; the sid is unique to this run
	tmp := filepath.Join("/tmp", DispatchPrefix+w.sid)
	mkdir(t, tmp)
	t.Cleanup(func() { os.RemoveAll(tmp) })
	testkit.Write(t, filepath.Join(tmp, ManifestName), testkit.Read(t, w.manifest())+`{"seq":11,"role":"quality-gate","phase":"4","status":"dispatched"}`+"\n")
	_, s := w.load()
	// The durable copy is preferred; the larger /tmp one is named.
	if planOf(t, s).Source != w.manifest() || !hasWarning(s, tmp+"/manifest.jsonl is larger than the manifest used") {
		t.Fatalf("source %s warnings %v", planOf(t, s).Source, s.Warnings)
	}
}

func TestFailedAndErrorDispatches(t *testing.T) {
	w := newWorld(t, "failed", "2", "main")
	w.repo("main")
	w.checkpoint("pre-design-gate", at("12:09:30"), nil)
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "2" || pl.Resume.Restore.Reason != "pre-design-gate" {
		t.Fatalf("resume %+v", pl.Resume)
	}
	if s.Phases[1].Status != model.PhaseFailed || s.Phases[1].Result != "1 skipped, 1 failed, 1 error" {
		t.Fatalf("phase 2 %+v", s.Phases[1])
	}
	whys := map[int]string{}
	for _, r := range pl.ReExecute {
		whys[r.Seq] = r.Why
	}
	if whys[2] != "ended failed: Plan rejected: tasks overlap" || whys[3] != "ended error: Subagent crashed: context limit" || !strings.Contains(whys[4], "skipped, but its phase is the resume point") {
		t.Fatalf("whys %v", whys)
	}
	if pl.Crashed.Context != "seq 3 plan-writer (3-plan-writer.md) ended with an error" {
		t.Fatalf("crashed %+v", pl.Crashed)
	}
}

func TestImpliedPhaseNamesCrucible521(t *testing.T) {
	// Phases 1-3 complete in the manifest, phase 4 has nothing: the marker
	// and a handoff say the pipeline got there.
	w := newWorld(t, "crash", "4", "main")
	w.repo("main", implementerCommits...)
	w.standardCheckpoints()
	lines := strings.SplitAfter(testkit.Read(t, w.manifest()), "\n")
	testkit.Write(t, w.manifest(), strings.Join(lines[:16], ""))
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "4" || pl.Resume.End || !reflect.DeepEqual(pl.Implied, []string{"4"}) {
		t.Fatalf("resume %+v implied %v", pl.Resume, pl.Implied)
	}
	if !hasWarning(s, "Phase 4 has no dispatch in the manifest, but the .pipeline-active marker says phase 4: the pipeline reached it. A dispatch that crashed before its first manifest line was written is invisible, so the phase starts fresh") {
		t.Fatalf("warnings %v", s.Warnings)
	}
	if s.Phases[3].Status != model.PhasePending || s.Phases[3].Name != "Phase 4" {
		t.Fatalf("phases %+v", s.Phases)
	}
	if !strings.Contains(strings.Join(pl.Lines(), "\n"), "| - | - | 4 | not recorded | - | the phase was reached but no dispatch was recorded") {
		t.Fatalf("plan:\n%s", strings.Join(pl.Lines(), "\n"))
	}
}

// Implied phases are listed in pipeline order, whatever evidence named
// them first (the marker says 4 before a handoff says 3).
func TestImpliedPhasesInPipelineOrder(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	w.repo("main", implementerCommits...)
	w.standardCheckpoints()
	lines := strings.SplitAfter(testkit.Read(t, w.manifest()), "\n")
	testkit.Write(t, w.manifest(), strings.Join(lines[:8], "")) // phases 1 and 2
	_, s := w.load()
	pl := planOf(t, s)
	if !reflect.DeepEqual(pl.Implied, []string{"3", "4"}) || pl.Resume.Phase != "3" {
		t.Fatalf("implied %v resume %+v", pl.Implied, pl.Resume)
	}
	text := strings.Join(pl.Lines(), "\n")
	if i, j := strings.Index(text, "| - | - | 3 | not recorded"), strings.Index(text, "| - | - | 4 | not recorded"); i < 0 || j < i {
		t.Fatalf("plan:\n%s", text)
	}
	first := -1
	for i, w := range s.Warnings {
		if strings.HasPrefix(w, "Phase 3 has no dispatch") {
			first = i
		}
		if strings.HasPrefix(w, "Phase 4 has no dispatch") && first < 0 {
			t.Fatalf("phase 4 warned before phase 3: %v", s.Warnings)
		}
	}
}

// A null phase takes its dispatch file header's phase; one whose header
// says no phase (or something that is not a phase) keeps the nearest
// earlier entry's.
func TestNullPhaseTakesTheHeaderPhase(t *testing.T) {
	w, _ := crashWorld(t)
	m := testkit.Read(t, w.manifest())
	// seq 9 (code review, phase 4) and seq 3 (plan writer, phase 2) lose
	// their phase on every line.
	m = strings.ReplaceAll(m, `"seq":9,"file":"9-code-reviewer.md","role":"code-reviewer","phase":"4"`, `"seq":9,"file":"9-code-reviewer.md","role":"code-reviewer","phase":null`)
	m = strings.ReplaceAll(m, `"seq":3,"file":"3-plan-writer.md","role":"plan-writer","phase":"2"`, `"seq":3,"file":"3-plan-writer.md","role":"plan-writer","phase":null`)
	testkit.Write(t, w.manifest(), m)
	hdr := filepath.Join(w.ddir, "3-plan-writer.md")
	testkit.Write(t, hdr, strings.Replace(testkit.Read(t, hdr), "**Phase:** 2", "**Phase:** design review, round 2", 1))
	_, s := w.load()
	pl := planOf(t, s)
	phase := map[int]string{}
	for _, r := range append(append([]Row{}, pl.Skip...), pl.ReExecute...) {
		phase[r.Seq] = r.Phase
	}
	// seq 9: its header says Phase 4 (the nearest earlier entry, seq 8,
	// is in phase 3). seq 3: its header's phase is not a phase, so the
	// nearest earlier entry's (seq 2, phase 1) stands.
	if phase[9] != "4" || phase[3] != "1" {
		t.Fatalf("phases %v", phase)
	}
	if pl.Resume.Phase != "4" || !reflect.DeepEqual(seqs(pl.ReExecute), []int{9, 10}) {
		t.Fatalf("resume %+v re-exec %v", pl.Resume, seqs(pl.ReExecute))
	}
}

func TestCleanCompletion(t *testing.T) {
	// Every dispatch completed but the marker is still there.
	w := newWorld(t, "clean", "4", "main")
	w.repo("main", implementerCommits...)
	_, s := w.load()
	pl := planOf(t, s)
	if !pl.Resume.End || len(pl.ReExecute) != 0 || len(pl.Skip) != 10 || s.ResumePoint.Phase != "" {
		t.Fatalf("resume %+v", pl.Resume)
	}
	if !hasWarning(s, "Every recorded dispatch finished, yet the .pipeline-active marker is still there") {
		t.Fatalf("warnings %v", s.Warnings)
	}
	if c := s.Policy[model.Continue]; c.Confirm != "" || c.Writes {
		t.Fatalf("continue %+v", c)
	}
	// Without the marker the pipeline finished: it is history.
	h := newWorld(t, "clean", "-", "")
	l := New(optsFor(h))
	paths, _ := l.Discover(h.project)
	if len(paths) != 1 || paths[0] != h.manifest() {
		t.Fatalf("paths %v", paths)
	}
	hs, err := l.Load(h.project, paths[0])
	if err != nil {
		t.Fatal(err)
	}
	if !hs.Archived || hs.Status != "history" || hs.LastAction == nil || !hs.LastAction.Clean || hs.Policy[model.Continue].Disabled == "" {
		t.Fatalf("history %+v", hs)
	}
}

func TestHistoryBesideALivePipeline(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	old := filepath.Join(w.scratch, DispatchPrefix+"1700000000")
	testkit.Write(t, filepath.Join(old, ManifestName), testkit.Read(t, filepath.Join(fixtures, "clean", ManifestName)))
	testkit.Write(t, filepath.Join(w.scratch, DispatchPrefix+"1600000000.discarded.1700000000000", ManifestName), "{}\n")
	l := New(optsFor(w))
	paths, _ := l.Discover(w.project)
	if len(paths) != 2 || paths[0] != w.mark || paths[1] != filepath.Join(old, ManifestName) {
		t.Fatalf("paths %v", paths)
	}
}

func TestNothingDiscovered(t *testing.T) {
	w := newWorld(t, "crash", "-", "")
	if err := os.RemoveAll(w.ddir); err != nil {
		t.Fatal(err)
	}
	l := New(optsFor(w))
	if paths, err := l.Discover(w.project); err != nil || len(paths) != 0 {
		t.Fatalf("paths %v err %v", paths, err)
	}
	if msg := l.NotFound(w.project); !strings.Contains(msg, "there is no .pipeline-active in "+w.scratch) {
		t.Fatalf("not found: %s", msg)
	}
}

func TestPipelineStatusAndHandoffParsing(t *testing.T) {
	ps := ParsePipelineStatus([]byte(testkit.Read(t, filepath.Join(fixtures, "crash", StatusFileName))))
	if ps.Get("health") != "YELLOW" || ps.Get("Suggested Action") != "wait for the inquisitor, then run the impl gate" || len(ps.Header) != 7 {
		t.Fatalf("header %+v", ps.Header)
	}
	if ps.Goal != "Add token authentication with refresh to the API" || len(ps.Decisions) != 2 || len(ps.Constraints) != 1 || len(ps.NextSteps) != 2 {
		t.Fatalf("%+v", ps)
	}
	// Plain fields and ### headings, in another order.
	alt := ParsePipelineStatus([]byte("# Pipeline Status\nHealth: RED\n## Compression State\n### Next Steps\n- a\n### Goal\nShip it\n"))
	if alt.Goal != "Ship it" || len(alt.NextSteps) != 1 || alt.Get("Health") != "" {
		t.Fatalf("alt %+v", alt)
	}
	h := ParseHandoff("handoff-3-to-4.md", []byte(testkit.Read(t, filepath.Join(fixtures, "crash", "handoff-3-to-4.md"))))
	if h.From != "3" || h.To != "4" || h.Title != "Phase Handoff: 3 → 4" || len(h.Items("decisions")) != 2 || len(h.Items("inputs for phase")) != 2 {
		t.Fatalf("handoff %+v", h)
	}
}

func TestBoundaryReasons(t *testing.T) {
	for key, want := range map[string]string{"1": "", "2": "pre-design-gate", "3": "pre-wave-1", "3.2": "pre-wave-2", "3-wave-4": "pre-wave-4", "4": "pre-code-review", "Phase 4": "pre-code-review", "5": "", "design": ""} {
		if got := BoundaryReason(key); got != want {
			t.Errorf("%q: %q want %q", key, got, want)
		}
	}
}

func TestRecentWriteWarnsThePipelineMayBeRunning(t *testing.T) {
	w, _ := crashWorld(t)
	_, s := w.load(func(o *loaders.Options) { o.Now = time.Now() })
	if !hasWarning(s, "it may still be running. Resuming it now could run it twice.") {
		t.Fatalf("warnings %v", s.Warnings)
	}
	old := time.Now().Add(-time.Hour)
	for _, p := range []string{w.manifest(), w.mark} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if _, s := w.load(func(o *loaders.Options) { o.Now = time.Now() }); hasWarning(s, "may still be running") {
		t.Fatalf("warnings %v", s.Warnings)
	}
}
