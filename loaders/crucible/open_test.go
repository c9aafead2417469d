package crucible

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// TestPlanAndResumeCannotDisagree computes the plan three ways (the dry
// run on the manifest path, the dry run on the project, the session the
// resume acts on) and checks they are the same value, then that the
// restore carries out exactly that plan's checkpoint.
func TestPlanAndResumeCannotDisagree(t *testing.T) {
	w, ids := crashWorld(t)
	t.Chdir(w.project)
	l, s := w.load()
	opened, ok, err := New(optsFor(w)).Open(w.manifest())
	if err != nil || !ok {
		t.Fatalf("open: %v %v", ok, err)
	}
	viaMarker, ok, err := New(optsFor(w)).Open(w.scratch)
	if err != nil || !ok {
		t.Fatalf("open scratch: %v %v", ok, err)
	}
	enc := func(s *model.Session) string {
		b, err := json.Marshal(s.Plan.Data)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if enc(s) != enc(opened) || enc(s) != enc(viaMarker) {
		t.Fatalf("plans differ:\n%s\n%s\n%s", enc(s), enc(opened), enc(viaMarker))
	}
	if !reflect.DeepEqual(s.Plan.Text(), opened.Plan.Text()) {
		t.Fatal("plan text differs")
	}
	// The resume hands off what the plan says and restores its checkpoint.
	pl := planOf(t, s)
	a := l.Apply(s, model.Continue, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	if s.Context["resume_phase"] != pl.Resume.Phase || s.Context["next_seq"] != pl.NextSeq || !reflect.DeepEqual(s.Context["re_execute"], seqs(pl.ReExecute)) {
		t.Fatalf("context %v", s.Context)
	}
	if got := strings.TrimSpace(testkit.GitAt(t, w.project, w.shadowEnv(), time.Time{}, "diff", "--name-only", ids["pre-code-review"], "--", "src")); got != "" {
		t.Fatalf("work tree differs from the planned checkpoint: %s", got)
	}
}

func TestOpenPathRules(t *testing.T) {
	w, _ := crashWorld(t)
	t.Chdir(w.project)
	l := New(optsFor(w))
	mine := func(p string) *model.Session {
		t.Helper()
		s, ok, err := l.Open(p)
		if err != nil || !ok {
			t.Fatalf("%s: ok %v err %v", p, ok, err)
		}
		return s
	}
	// A manifest file is used directly.
	if s := mine(w.manifest()); planOf(t, s).Source != w.manifest() || s.Path != w.mark {
		t.Fatalf("manifest: %s %s", planOf(t, s).Source, s.Path)
	}
	// A directory holding manifest.jsonl.
	if s := mine(w.ddir); planOf(t, s).Source != w.manifest() {
		t.Fatal("dispatch dir")
	}
	// A directory with dispatch-*/manifest.jsonl under it.
	loose := t.TempDir()
	testkit.Write(t, filepath.Join(loose, "dispatch-1775430161", ManifestName), testkit.Read(t, w.manifest()))
	if s := mine(loose); planOf(t, s).Source != filepath.Join(loose, "dispatch-1775430161", ManifestName) || planOf(t, s).Session != "" && planOf(t, s).Session != "1775430161" {
		t.Fatalf("dispatch-* dir: %s", planOf(t, s).Source)
	}
	// A scratch directory: its marker leads to the manifest.
	if s := mine(w.scratch); planOf(t, s).Source != w.manifest() || s.Path != w.mark {
		t.Fatal("scratch dir")
	}
	// The marker itself.
	if s := mine(w.mark); planOf(t, s).Session != w.sid {
		t.Fatal("marker")
	}
	// Any .jsonl file, even outside crucible's folders.
	other := filepath.Join(t.TempDir(), "copy.jsonl")
	testkit.Write(t, other, testkit.Read(t, w.manifest()))
	if s := mine(other); s.Path != other || planOf(t, s).Source != other {
		t.Fatal("loose jsonl")
	}
	// Not crucible's: a project directory, a YAML file.
	for _, p := range []string{t.TempDir(), filepath.Join(fixtures, "..", "aios")} {
		if _, ok, _ := l.Open(p); ok {
			t.Errorf("%s claimed", p)
		}
	}
}

func TestOpenWarnsAboutAnotherProject(t *testing.T) {
	w, _ := crashWorld(t)
	t.Chdir(t.TempDir())
	s, ok, err := New(optsFor(w)).Open(w.manifest())
	if err != nil || !ok {
		t.Fatal(err)
	}
	if !hasWarning(s, "is not the project this pipeline ran in (its scratch hash is "+ProjectHash(w.project)+")") {
		t.Fatalf("warnings %v", s.Warnings)
	}
}

func TestOpenGarbage(t *testing.T) {
	w := newWorld(t, "garbage", "1", "main")
	t.Chdir(w.project)
	s, ok, err := New(optsFor(w)).Open(w.manifest())
	if err != nil || !ok || s.Problem == nil || s.Problem.Message != EmptyManifest || s.Plan != nil {
		t.Fatalf("ok %v err %v problem %+v", ok, err, s.Problem)
	}
}

func TestMutationsInThePlan(t *testing.T) {
	w := newWorld(t, "replay", "4", "main")
	w.repo("main")
	t.Chdir(w.project)
	// The replacement exists; the original template was edited after the
	// original run (the marker's start, 2026-03-24 12:00).
	testkit.Write(t, filepath.Join(w.project, "templates", "strict-gate.md"), "strict\n")
	orig := filepath.Join(w.project, "templates", "quality-gate-prompt.md")
	testkit.Write(t, orig, "edited later\n")
	if err := os.Chtimes(orig, at("13:00:00"), at("13:00:00")); err != nil {
		t.Fatal(err)
	}
	_, s := w.load(flag(FlagFromPhase, "3"), listFlag(FlagMutate, "templates/quality-gate-prompt.md=templates/strict-gate.md", "missing.md=nowhere.md"))
	pl := planOf(t, s)
	if pl.Resume.Phase != "3" {
		t.Fatalf("resume %+v", pl.Resume)
	}
	var mutated []int
	for _, r := range pl.ReExecute {
		if r.Mutation != "" {
			mutated = append(mutated, r.Seq)
			if r.Template != "quality-gate-prompt.md -> templates/strict-gate.md" {
				t.Fatalf("template %q", r.Template)
			}
		}
	}
	if !reflect.DeepEqual(mutated, []int{3, 4, 6}) {
		t.Fatalf("mutated %v", mutated)
	}
	if len(pl.Mutations) != 2 || !pl.Mutations[0].Exists || pl.Mutations[0].Dispatches != 3 || !pl.Mutations[0].Stale || pl.Mutations[1].Exists {
		t.Fatalf("mutations %+v", pl.Mutations)
	}
	for _, want := range []string{
		"Warning: Template quality-gate-prompt.md was modified after the original pipeline run. A/B comparison may be confounded by template changes unrelated to the mutation.",
		"--mutate missing.md=nowhere.md: the replacement template nowhere.md does not exist",
		"--mutate missing.md: no re-executed dispatch uses the template missing.md",
	} {
		if !hasWarning(s, want) {
			t.Errorf("no warning %q in %v", want, s.Warnings)
		}
	}
	text := strings.Join(pl.Lines(), "\n")
	if !strings.HasSuffix(text, "## Template Mutations\n\n- templates/quality-gate-prompt.md -> templates/strict-gate.md\n- missing.md -> nowhere.md") {
		t.Fatalf("plan:\n%s", text)
	}
	if got := s.Context["mutations"].([]string); len(got) != 2 {
		t.Fatalf("context mutations %v", got)
	}
}

func TestReplayManifestProvenance(t *testing.T) {
	w := newWorld(t, "replay", "4", "main")
	_, s := w.load()
	var tl []string
	for _, sec := range s.Sections {
		if sec.Title == "Dispatch timeline" {
			tl = sec.Lines
		}
	}
	if len(tl) != 7 || !strings.Contains(tl[2], "#3 quality-gate · Phase 3 · completed · 1m 0s · replayed as #6") ||
		!strings.Contains(tl[5], "replay of #3 · mutation quality-gate-prompt.md -> strict-gate.md") {
		t.Fatalf("timeline %v", tl)
	}
}

func TestPlanTextFormat(t *testing.T) {
	w, ids := crashWorld(t)
	_, s := w.load()
	text := strings.Join(s.Plan.Text(), "\n")
	want := "# Replay Plan (dry-run)\n\n" +
		"**Source:** " + w.manifest() + "\n" +
		"**Original pipeline:** build | Session: " + w.sid + " | Started: 2026-03-24T12:00:00Z\n" +
		"**Crashed at:** Phase 4, seq 10 inquisitor (10-inquisitor.md) was in flight\n" +
		"**Resume point:** Phase 4 boundary (pre-code-review, checkpoint " + ids["pre-code-review"][:8] + " taken 2026-03-24 12:25:50)\n" +
		"**Work preserved:** 24m 38s (phases 1 through 3)\n\n" +
		"## Dispatches to skip (verified complete)\n\n" +
		"| Seq | Role | Phase | Summary | Why |\n|-----|------|-------|---------|-----|\n" +
		"| 1 | design-writer | 1 | Design doc drafted: token auth with refresh | verified: completion line only (no artifact rule for role design-writer) |\n"
	if !strings.HasPrefix(text, want) {
		t.Fatalf("plan text:\n%s\n\nwant prefix:\n%s", text, want)
	}
	if !strings.HasSuffix(text, "## Dispatches to re-execute\n\n| Seq | Role | Phase | Original Status | Template | Why |\n|-----|------|-------|-----------------|----------|-----|\n"+
		"| 9 | code-reviewer | 4 | completed | code-reviewer.md | completed, but its phase is the resume point: the phase is redone from its boundary |\n"+
		"| 10 | inquisitor | 4 | dispatched | inquisitor.md | in flight at the crash (no completion line) |") {
		t.Fatalf("plan text:\n%s", text)
	}
}

func TestPartialCommitsOfAnInFlightImplementer(t *testing.T) {
	w := newWorld(t, "crash", "3", "main")
	lines := strings.SplitAfter(testkit.Read(t, w.manifest()), "\n")
	// Keep phases 1-2 and seq 5/6 dispatched only (lines 1-10).
	testkit.Write(t, w.manifest(), strings.Join(lines[:10], ""))
	w.repo("main", commit{at("12:20:00"), "task 1: half of the middleware"})
	w.standardCheckpoints()
	_, s := w.load()
	pl := planOf(t, s)
	if pl.Resume.Phase != "3" || len(pl.ReExecute) != 2 {
		t.Fatalf("resume %+v rows %v", pl.Resume, seqs(pl.ReExecute))
	}
	if !strings.Contains(pl.ReExecute[0].Why, "1 partial commit in its window: the restore puts back the checkpoint's version of the files they changed, and files they created stay") {
		t.Fatalf("why %q", pl.ReExecute[0].Why)
	}
}
