package crucible

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/artifacts"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// realSID is the real-wave2 fixture's pipeline id.
const realSID = "build-20260324-120000"

// realWorld is testdata/crucible/real-wave2 laid out as crucible leaves
// it after a crash in wave 2 of phase 3: the manifest, dispatch files and
// receipt ledger only in the temp folder's dispatch directory (a crash
// skips the cleanup that copies them to the scratch folder), the marker
// and hand-off files in the scratch folder, the project a repository with
// the implementers' "feat: implement …" commits, and the shadow
// repository with the checkpoints taken at each boundary.
type realWorld struct {
	*world
	ids map[string]string // checkpoint reason -> commit
}

func newRealWorld(t *testing.T) *realWorld {
	t.Helper()
	isolate(t)
	w := &world{t: t, home: t.TempDir(), sid: realSID}
	w.project = testkit.RealTempDir(t)
	w.scratch = ScratchDir(w.home, w.project)
	w.ddir = filepath.Join(TmpRoot, DispatchPrefix+realSID)
	w.shadow = ShadowDir(w.home, w.project)
	w.mark = filepath.Join(w.scratch, MarkerName)
	src := filepath.Join(fixtures, "real-wave2")
	testkit.CopyTree(t, filepath.Join(src, "dispatch"), w.ddir)
	testkit.CopyTree(t, filepath.Join(src, "scratch"), w.scratch)

	rw := &realWorld{world: w, ids: map[string]string{}}
	git := func(when string, args ...string) string {
		var stamp time.Time
		if when != "" {
			stamp = at(when)
		}
		return testkit.GitAt(t, w.project, nil, stamp, args...)
	}
	commit := func(when, msg string, files map[string]string) {
		for name, body := range files {
			testkit.Write(t, filepath.Join(w.project, name), body)
		}
		git("", "add", "-A")
		git(when, "commit", "-q", "-m", msg)
	}
	git("", "init", "-q", "-b", "feature/token-auth")
	commit("11:50:00", "initial", map[string]string{"README.md": "api\n", "src/app.go": "package src\n"})
	baseline := strings.TrimSpace(git("", "rev-parse", "HEAD"))
	commit("12:18:00", "test: add acceptance tests for token auth (RED)", map[string]string{"tests/acceptance/token_auth_test.go": "package acceptance\n"})
	rw.ids["pre-design-gate"] = w.checkpoint("pre-design-gate", at("12:19:00"), nil)
	commit("12:23:40", "docs: token auth implementation plan", map[string]string{"docs/plans/2026-03-24-token-auth-implementation-plan.md": "# Plan\n"})
	rw.ids["pre-plan-gate"] = w.checkpoint("pre-plan-gate", at("12:30:30"), nil)
	rw.ids["pre-wave-1"] = w.checkpoint("pre-wave-1", at("12:31:30"), nil)
	// Wave 1: each implementer commits "feat: implement <thing>".
	commit("12:38:10", "feat: implement auth middleware", map[string]string{"src/auth/middleware.go": "package auth\n", "src/auth/middleware_test.go": "package auth\n"})
	commit("12:39:40", "feat: implement token refresh endpoint with rotation", map[string]string{"src/auth/refresh.go": "package auth\n"})
	commit("12:44:00", "refactor: cleanup task 1 implementation", map[string]string{"src/auth/middleware.go": "package auth // clean\n"})
	rw.ids["pre-wave-2"] = w.checkpoint("pre-wave-2", at("12:54:30"), nil)
	// Wave 2 crashed: task 3 committed part of its work, task 4 left an
	// uncommitted file.
	commit("13:01:00", "feat: implement rate limiter", map[string]string{"src/ratelimit/limiter.go": "package ratelimit\n"})
	testkit.Write(t, filepath.Join(w.project, "src/metrics/counter.go"), "package metrics\n")

	marker := strings.NewReplacer("{{SCRATCH}}", w.scratch, "{{DISPATCH_DIR}}", w.ddir, "{{BASELINE}}", baseline).
		Replace(testkit.Read(t, filepath.Join(src, "marker.json")))
	testkit.Write(t, w.mark, marker)
	return rw
}

// The manifest is what scripts/dispatch.py writes: compact lines, its
// key order, no timestamps, null phases, raw UTF-8.
func TestRealManifestIsDispatchPyOutput(t *testing.T) {
	data := testkit.Read(t, filepath.Join(fixtures, "real-wave2", "dispatch", ManifestName))
	keys := []string{"seq", "file", "role", "phase", "task", "status", "duration_s", "summary", "input_chars", "output_chars", "model_tier", "tool_calls"}
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	if !strings.HasSuffix(data, "\n") || len(lines) != 30 {
		t.Fatalf("%d lines, final newline %v", len(lines), strings.HasSuffix(data, "\n"))
	}
	for i, line := range lines {
		dec := json.NewDecoder(strings.NewReader(line))
		if _, err := dec.Token(); err != nil {
			t.Fatal(err)
		}
		var got []string
		for dec.More() {
			k, _ := dec.Token()
			got = append(got, k.(string))
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, []byte(line)); err != nil || compact.String() != line || !reflect.DeepEqual(got, keys) {
			t.Fatalf("line %d is not dispatch.py's shape: %s", i+1, line)
		}
	}
	if !strings.Contains(data, `"summary":"Plan approved — 0 issues"`) || !strings.Contains(data, `"phase":null`) {
		t.Fatal("raw UTF-8 or null phases missing")
	}
}

// The case: a real build crashed in wave 2 of phase 3, headers
// and commits present. It resumes at the Phase 3 boundary, offers the
// pre-wave-1 restore, and does not recommend RESTART.
func TestRealWave2CrashResumesAtPhase3(t *testing.T) {
	rw := newRealWorld(t)
	_, s := rw.load()
	if s.Problem != nil {
		t.Fatalf("problem %v", s.Problem)
	}
	pl := planOf(t, s)
	if pl.Resume.Phase != "3" || pl.Resume.Boundary != "pre-wave-1" || !pl.Resume.Verified || len(pl.Fallbacks) != 0 || pl.Resume.Unchecked != 0 {
		t.Fatalf("resume %+v fallbacks %+v", pl.Resume, pl.Fallbacks)
	}
	if r := pl.Resume.Restore; r == nil || r.ID != rw.ids["pre-wave-1"] {
		t.Fatalf("restore %+v", r)
	}
	cont, restart := s.Policy[model.Continue], s.Policy[model.Restart]
	if !cont.Recommended || !cont.Writes || restart.Recommended {
		t.Fatalf("continue %+v restart %+v", cont, restart)
	}
	// Null phases took their headers' phase: design-stage dispatches are
	// phase 1, not the next recorded phase.
	var names []string
	for _, p := range s.Phases {
		names = append(names, p.Name+": "+p.Result)
	}
	if want := []string{"Phase 1: 4 completed", "Phase 2: 4 completed", "Phase 3: 6 completed, 2 in flight"}; !reflect.DeepEqual(names, want) {
		t.Fatalf("phases %v", names)
	}
	if got := seqs(pl.Skip); !reflect.DeepEqual(got, []int{1, 2, 3, 4, 5, 6, 7, 8}) {
		t.Fatalf("skip %v", got)
	}
	if got := seqs(pl.ReExecute); !reflect.DeepEqual(got, []int{9, 10, 11, 12, 13, 14, 15, 16}) {
		t.Fatalf("re-execute %v", got)
	}
	// Each verdict with its evidence: reviewers on their completion line
	// (with the receipt where there is one).
	whys := map[int]string{}
	for _, r := range append(append([]Row{}, pl.Skip...), pl.ReExecute...) {
		whys[r.Seq] = r.Why
	}
	for seq, want := range map[int]string{
		2:  "verified: completion line only: reviewers return their findings in the conversation",
		6:  "verified: completion line; receipt PASS in receipt-ledger.jsonl",
		1:  "verified: completion line only (no artifact rule for role innovate)",
		15: "in flight at the crash (no completion line); 1 partial commit in its window",
	} {
		if !strings.HasPrefix(whys[seq], want) {
			t.Errorf("seq %d why %q, want %q…", seq, whys[seq], want)
		}
	}
	if pl.Crashed.Phase != "3" || !strings.Contains(pl.Crashed.Context, "seq 16 build-implementer (16-build-implementer.md, task 4) was in flight") {
		t.Fatalf("crashed %+v", pl.Crashed)
	}
	// The restore deletes nothing: the files created after pre-wave-1
	// stay, and the plan and the question say so.
	stay := []string{"src/auth/middleware.go", "src/auth/middleware_test.go", "src/auth/refresh.go", "src/metrics/counter.go", "src/ratelimit/limiter.go"}
	if got := pl.Resume.Restore.Staying; !reflect.DeepEqual(got, stay) {
		t.Fatalf("staying %v", got)
	}
	if !strings.Contains(cont.Confirm, "These 5 files were created after checkpoint pre-wave-1 and stay (the restore deletes nothing): src/auth/middleware.go, src/auth/middleware_test.go, src/auth/refresh.go, src/metrics/counter.go, src/ratelimit/limiter.go. Proceed? [yes / no]") ||
		!strings.HasPrefix(cont.Confirm, "About to restore working directory to checkpoint pre-wave-1 (taken at 2026-03-24 12:31:30, branch feature/token-auth).") {
		t.Fatalf("confirm %q", cont.Confirm)
	}
	text := strings.Join(pl.Lines(), "\n")
	if !strings.Contains(text, "## Files the restore leaves in place\n\n`git checkout "+pl.Resume.Restore.Short+" -- .` writes checkpoint pre-wave-1's files and deletes nothing: these 5 files created after it stay as they are.\n- src/auth/middleware.go\n") {
		t.Fatalf("plan text:\n%s", text)
	}
	// Crucible never pauses.
	if strings.Contains(s.Headline, "paused") || !strings.Contains(s.Headline, "interrupted") {
		t.Fatalf("headline %q", s.Headline)
	}
}

// Implementers with no start time are matched by the words of their
// task in commit subjects ("feat: implement …"), not by "task N".
func TestRealImplementersMatchedByTaskWords(t *testing.T) {
	rw := newRealWorld(t)
	// Wave 1 done: the crash is in phase 4, so phase 3's implementers are
	// verified; their dispatch files have no header time.
	for _, f := range []string{"9-build-implementer.md", "10-build-implementer.md"} {
		p := filepath.Join(rw.ddir, f)
		body := testkit.Read(t, p)
		testkit.Write(t, p, strings.Replace(body, "**Timestamp:**", "**Written:**", 1))
	}
	m := testkit.Read(t, rw.manifest())
	var keep []string
	for _, l := range strings.SplitAfter(m, "\n") {
		if !strings.Contains(l, `"seq":15,`) && !strings.Contains(l, `"seq":16,`) {
			keep = append(keep, l)
		}
	}
	testkit.Write(t, rw.manifest(), strings.Join(keep, "")+
		`{"seq":15,"file":"15-code-reviewer.md","role":"code-reviewer","phase":"4","task":null,"status":"dispatched","duration_s":null,"summary":null,"input_chars":100,"output_chars":null,"model_tier":"opus","tool_calls":null}`+"\n")
	testkit.Write(t, rw.mark, strings.Replace(testkit.Read(t, rw.mark), `"phase": "3"`, `"phase": "4"`, 1))
	rw.checkpoint("pre-code-review", at("13:05:00"), nil)
	// No task number to match: the task words are the evidence.
	testkit.Write(t, rw.manifest(), strings.NewReplacer(`"task":1,`, `"task":null,`, `"task":2,`, `"task":null,`).Replace(testkit.Read(t, rw.manifest())))
	_, s := rw.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "4" || len(pl.Fallbacks) != 0 {
		t.Fatalf("resume %+v fallbacks %+v", pl.Resume, pl.Fallbacks)
	}
	for _, c := range pl.Checks {
		switch c.Seq {
		case 9:
			if !c.OK || !strings.Contains(c.Evidence, "sharing the words auth, middleware of its task") {
				t.Fatalf("seq 9 %+v", c)
			}
		case 10:
			if !c.OK || !strings.Contains(c.Evidence, "sharing the words") || !strings.Contains(c.Evidence, "refresh") {
				t.Fatalf("seq 10 %+v", c)
			}
		}
	}
}

// After RESTART, a pipeline whose manifest is only in the temp folder's
// dispatch directory stays visible as history, and its stale hand-offs
// are archived with the marker.
func TestRealRestartKeepsTheTmpManifestAsHistory(t *testing.T) {
	rw := newRealWorld(t)
	l, s := rw.load()
	now := time.Date(2026, 3, 24, 14, 0, 0, 0, time.UTC)
	a := l.Apply(s, model.Restart, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	for _, f := range []string{"handoff-1-to-2.md", "handoff-2-to-3.md", ".dispatch-active-" + realSID} {
		p := filepath.Join(rw.scratch, f)
		if isFile(p) || !isFile(fsx.ArchiveName(p, now)) {
			t.Fatalf("%s not archived with the marker (changed %v)", f, a.Changed)
		}
	}
	if !isDir(rw.ddir) {
		t.Fatal("restart moved the dispatch directory")
	}
	l2 := New(optsFor(rw.world))
	paths, err := l2.Discover(rw.project)
	if err != nil || len(paths) != 1 || paths[0] != rw.manifest() {
		t.Fatalf("paths %v %v", paths, err)
	}
	h, err := l2.Load(rw.project, paths[0])
	if err != nil || !h.Archived || h.Status != "history" || h.Policy[model.Continue].Disabled == "" {
		t.Fatalf("history %+v %v", h, err)
	}
	if len(h.Phases) != 3 || h.Phases[0].Name != "Phase 1" || h.Phases[0].Result != "4 completed" {
		t.Fatalf("history phases %+v", h.Phases)
	}
	// A new pipeline started after the RESTART does not read them.
	if hs := readHandoffs(rw.scratch); len(hs) != 0 {
		t.Fatalf("handoffs %v", hs)
	}
}

// The artifact browser may open the live manifest and dispatch files in
// the marker's dispatch_dir: it is named crucible-dispatch-<id>.
func TestRealDispatchDirIsAnArtifactRoot(t *testing.T) {
	rw := newRealWorld(t)
	_, s := rw.load()
	if !reflect.DeepEqual(s.ArtifactRoots, []string{rw.ddir}) {
		t.Fatalf("roots %v", s.ArtifactRoots)
	}
	opened := 0
	for _, a := range s.ArtifactList() {
		if a.Kind != "manifest" && a.Path != filepath.Join(rw.ddir, "9-build-implementer.md") {
			continue
		}
		p, err := artifacts.Path(s, a)
		if err != nil || p != a.Path {
			t.Fatalf("%s: %q %v", a.Path, p, err)
		}
		opened++
	}
	if opened != 2 {
		t.Fatalf("opened %d", opened)
	}
}

// A marker whose dispatch_dir is the project's parent gives the browser
// nothing beyond the project and the scratch folder: the manifest found
// there is refused.
func TestArtifactBrowserHostileMarkerDispatchDirIsAnAncestor(t *testing.T) {
	rw := newRealWorld(t)
	parent := filepath.Dir(rw.project)
	testkit.Write(t, filepath.Join(parent, ManifestName), testkit.Read(t, rw.manifest()))
	testkit.Write(t, filepath.Join(parent, "9-build-implementer.md"), testkit.Read(t, filepath.Join(rw.ddir, "9-build-implementer.md")))
	if err := os.RemoveAll(rw.ddir); err != nil {
		t.Fatal(err)
	}
	testkit.Write(t, rw.mark, strings.Replace(testkit.Read(t, rw.mark), rw.ddir+"/", parent, 1))
	_, s := rw.load()
	if len(s.ArtifactRoots) != 0 {
		t.Fatalf("roots %v", s.ArtifactRoots)
	}
	for _, a := range s.ArtifactList() {
		if a.Kind != "manifest" {
			continue
		}
		if _, err := artifacts.Path(s, a); !errors.Is(err, artifacts.ErrRefused) {
			t.Fatalf("%s: %v, want refused", a.Path, err)
		}
		return
	}
	t.Fatal("no manifest listed")
}

// The headline never says "paused": recent files mean the pipeline may
// still be running.
func TestRealHeadlineWhenRecent(t *testing.T) {
	rw := newRealWorld(t)
	o := optsFor(rw.world)
	recent := o.Now.Add(-5 * time.Minute)
	for _, p := range []string{rw.mark, rw.manifest()} {
		if err := os.Chtimes(p, recent, recent); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(o).Load(rw.project, rw.mark)
	if err != nil {
		t.Fatal(err)
	}
	if s.Headline != "This crucible pipeline may still be running: it wrote its files 5 minutes ago (crucible records no pause)." {
		t.Fatalf("headline %q", s.Headline)
	}
}

// CONTINUE restores pre-wave-1 with `git checkout <ckpt> -- .`: the files
// created after it stay (named in the outcome and the context), nothing
// is deleted.
func TestRealRestoreLeavesNewFilesAndSaysSo(t *testing.T) {
	rw := newRealWorld(t)
	l, s := rw.load()
	before := testkit.Snapshot(t, rw.project)
	a := l.Apply(s, model.Continue, time.Date(2026, 3, 24, 14, 0, 0, 0, time.UTC))
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	after := testkit.Snapshot(t, rw.project)
	for f := range before {
		if _, ok := after[f]; !ok {
			t.Fatalf("the restore deleted %s", f)
		}
	}
	stay := []string{"src/auth/middleware.go", "src/auth/middleware_test.go", "src/auth/refresh.go", "src/metrics/counter.go", "src/ratelimit/limiter.go"}
	if got := s.Context["files_staying"]; !reflect.DeepEqual(got, stay) {
		t.Fatalf("files_staying %v", got)
	}
	if out := s.Outcomes[model.Continue]; !strings.Contains(out, "These 5 files were created after checkpoint pre-wave-1 and stay (the restore deletes nothing)") {
		t.Fatalf("outcome %q", out)
	}
	if got := testkit.Read(t, filepath.Join(rw.project, "src/ratelimit/limiter.go")); got != "package ratelimit\n" {
		t.Fatalf("limiter.go %q", got)
	}
}

// A quality-gate round's findings file in the gate's scratch folder is
// named as evidence beside a red-team dispatch's completion line.
func TestRealRedTeamNamesQualityGateFindings(t *testing.T) {
	rw := newRealWorld(t)
	testkit.Write(t, filepath.Join(rw.scratch, "quality-gate", "scratch", "2026-03-24T12-07-00", "round-1-findings.md"), "# Round 1\n")
	_, s := rw.load()
	pl := planOf(t, s)
	for _, c := range pl.Checks {
		if c.Seq == 2 && (!c.OK || c.Evidence != "completion line; quality-gate findings on disk (2026-03-24T12-07-00/round-1-findings.md)") {
			t.Fatalf("seq 2 %+v", c)
		}
		if c.Seq == 6 && c.Evidence != "completion line; receipt PASS in receipt-ledger.jsonl" {
			t.Fatalf("seq 6 %+v", c)
		}
	}
}

// A project someone else prepared may put a named pipe where crucible
// keeps a file: the receipt ledger, a dispatch file whose header is read
// for its phase. Loading never waits on one.
func TestRealHostileFIFOsInTheDispatchFolderDoNotHang(t *testing.T) {
	rw := newRealWorld(t)
	for _, name := range []string{ReceiptLedger, "2-red-team.md"} {
		p := filepath.Join(rw.ddir, name)
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	type loaded struct {
		s   *model.Session
		err error
	}
	done := make(chan loaded, 1)
	go func() {
		s, err := New(optsFor(rw.world)).Load(rw.project, rw.mark)
		done <- loaded{s, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatal(r.err)
		}
		pl := planOf(t, r.s)
		if pl.Resume.Phase != "3" {
			t.Fatalf("resume %+v", pl.Resume)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("loading waited on a named pipe")
	}
}
