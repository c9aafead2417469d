package design

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// /design sessions as agents really write them (issue 15, section 5).

func hasWarning(s *model.Session, part string) bool {
	return slices.ContainsFunc(s.Warnings, func(w string) bool { return strings.Contains(w, part) })
}

// hasAlert: the session alerts (above the menu) kind with a text
// containing sub.
func hasAlert(s *model.Session, kind model.AlertKind, sub string) bool {
	for _, a := range s.Alerts {
		if a.Kind == kind && strings.Contains(a.Text, sub) {
			return true
		}
	}
	return false
}

func statuses(s *model.Session) []model.PhaseStatus {
	var out []model.PhaseStatus
	for _, p := range s.Phases {
		out = append(out, p.Status)
	}
	return out
}

func TestStageStatusKeyedByNames(t *testing.T) {
	_, named := only(t, fixture(t, "stage_names"), opts(true))
	_, numbered := only(t, fixture(t, "listing"), opts(true))
	if !reflect.DeepEqual(statuses(named), statuses(numbered)) || named.Stage != "3a" {
		t.Fatalf("phases %v stage %q, want %v 3a", statuses(named), named.Stage, statuses(numbered))
	}
	if hasWarning(named, "stage_status key") || hasWarning(named, "no entry for stage") {
		t.Fatalf("warnings %q", named.Warnings)
	}
	// The listing is the one the numbered keys give.
	if strings.Join(named.Report, "\n") != strings.Join(numbered.Report, "\n") {
		t.Fatalf("report:\n%s\nwant:\n%s", strings.Join(named.Report, "\n"), strings.Join(numbered.Report, "\n"))
	}
}

func TestStatusKeyStage(t *testing.T) {
	type stage struct {
		n   int
		sub string
	}
	for key, want := range map[string]stage{
		"0": {0, ""}, "stage_3": {3, ""}, "3a": {3, "3a"}, "Stage 3b": {3, "3b"},
		"clarification": {0, ""}, "Business Rules": {1, ""}, "business-rules": {1, ""}, "rules": {1, ""},
		"analysis": {2, ""}, "design": {3, ""}, "alternatives": {3, "3a"}, "contracts": {4, ""},
		"BDD": {5, ""}, "tickets": {6, ""}, "review": {7, ""},
		"stage_1_rules": {1, ""}, "stage_0_clarity": {0, ""}, "3b_design": {3, "3b"}, "stage_5_bdd": {5, ""},
	} {
		n, sub, ok := statusKeyStage(key)
		if !ok || n != want.n || sub != want.sub {
			t.Errorf("%q: %d %q %v, want %v", key, n, sub, ok, want)
		}
	}
	for _, key := range []string{"8", "-1", "deploy", "stage_1_tickets", "notes", ""} {
		if n, sub, ok := statusKeyStage(key); ok {
			t.Errorf("%q read as stage %d%s", key, n, sub)
		}
	}
}

// current_stage moved on, stage_status did not, and the stages between
// have their checkpoints and outputs: current_stage is trusted.
func TestCurrentStageAheadAndConsistent(t *testing.T) {
	project := fixture(t, "stale_status")
	_, s := only(t, project, opts(true))
	want := []model.PhaseStatus{model.PhaseCompleted, model.PhaseCompleted, model.PhaseCompleted, model.PhaseCompleted,
		model.PhaseCompleted, model.PhaseInProgress, model.PhasePending, model.PhasePending}
	if got := statuses(s); !reflect.DeepEqual(got, want) || s.ResumePoint.Phase != "Stage 5: BDD" {
		t.Fatalf("phases %v resume %+v", got, s.ResumePoint)
	}
	if !hasAlert(s, model.AlertConflict, "stage_status says Stage 3 is in_progress but current_stage is 5, and Stages 3-4 have their checkpoints or outputs: pickup trusts current_stage and resumes at Stage 5") {
		t.Fatalf("alerts %q", s.Alerts)
	}
	if s.Policy[model.Continue].Label != "Resume from Stage 5" || s.Policy[model.Continue].Writes {
		t.Fatalf("continue %+v", s.Policy[model.Continue])
	}
	// A write records in stage_status what was read from current_stage.
	path := sessionPath(project, "user-export")
	l, s := only(t, project, opts(true, FlagStage, "5"))
	if a := apply(t, l, s, model.Restart); a.Err != nil {
		t.Fatal(a.Err)
	}
	out := testkit.Read(t, path)
	for _, want := range []string{`"3": "complete",`, `"4": "complete",`, `"5": "pending",`, `"current_stage": 5,`} {
		if !strings.Contains(out, want) {
			t.Fatalf("after restart from 5, %s missing:\n%s", want, out)
		}
	}
	if _, s = only(t, project, opts(true)); hasWarning(s, "current_stage") {
		t.Fatalf("still disagreeing: %q", s.Warnings)
	}
}

// current_stage is ahead but a stage it skips has nothing to show for
// it: stage_status is trusted.
func TestCurrentStageAheadButInconsistent(t *testing.T) {
	project := fixture(t, "stale_status")
	if err := os.Remove(filepath.Join(project, ".claude/design/user-export-contracts.md")); err != nil {
		t.Fatal(err)
	}
	_, s := only(t, project, opts(true))
	if s.Phases[3].Status != model.PhaseInProgress || s.Phases[4].Status != model.PhasePending {
		t.Fatalf("phases %v", statuses(s))
	}
	if !hasAlert(s, model.AlertConflict, "current_stage is 5 but stage_status says Stage 4 is pending and it has no checkpoint or output: pickup resumes at Stage 3") {
		t.Fatalf("alerts %q", s.Alerts)
	}
}

// stage_status moved on and current_stage did not: stage_status, the
// more advanced, is trusted, with a warning.
func TestStageStatusAhead(t *testing.T) {
	_, s := only(t, fixture(t, "status_ahead"), opts(true))
	if s.ResumePoint.Phase != "Stage 5: BDD" || s.Policy[model.Continue].Label != "Resume from Stage 5" {
		t.Fatalf("resume %+v continue %+v", s.ResumePoint, s.Policy[model.Continue])
	}
	if !hasAlert(s, model.AlertConflict, "current_stage is 3 but stage_status marks Stages 3-4 complete: pickup resumes at Stage 5") {
		t.Fatalf("alerts %q", s.Alerts)
	}
}

func TestByteOrderMarkWarning(t *testing.T) {
	_, s := only(t, fixture(t, "bom"), opts(true))
	_, plain := only(t, fixture(t, "listing"), opts(true))
	const w = "the file starts with a byte order mark (U+FEFF), which JSON does not allow: read anyway"
	if !hasWarning(s, w) || !slices.Contains(s.Report, "  [!] "+w) {
		t.Fatalf("warnings %q report %q", s.Warnings, s.Report)
	}
	if !reflect.DeepEqual(statuses(s), statuses(plain)) || s.Stage != plain.Stage {
		t.Fatalf("the BOM changed the reading: %v %q", statuses(s), s.Stage)
	}
	// The atelier state says the same.
	project := fixture(t, "atelier")
	state := filepath.Join(project, ".atelier", "state.json")
	testkit.Write(t, state, "\xef\xbb\xbf"+testkit.Read(t, state))
	as, err := NewAtelier(opts(true)).Load(project, state)
	if err != nil || as.Problem != nil || !hasWarning(as, w) {
		t.Fatalf("atelier: %v %v %q", err, as.Problem, as.Warnings)
	}
}

// TestDiscoverClaimsOnlyDesignSessions: another tool's file at
// .claude/design/sessions/*.session.json is no session; a damaged one of
// ours still is (rebuilt from the artifacts).
func TestDiscoverClaimsOnlyDesignSessions(t *testing.T) {
	project := fixture(t, "foreign")
	before := testkit.TreeHash(t, project)
	paths, err := New(opts(true)).Discover(project)
	if err != nil || len(paths) != 1 || filepath.Base(paths[0]) != "user-export.session.json" {
		t.Fatalf("Discover = %q, %v", paths, err)
	}
	if testkit.TreeHash(t, project) != before {
		t.Fatal("discovery changed the project")
	}
	dir := filepath.Join(project, ".claude/design/sessions")
	for name, data := range map[string]string{
		"a string":                `"user-export"`,
		"a number":                "42\n",
		"an object of other keys": `{"name": "x", "items": [1, 2]}`,
	} {
		testkit.Write(t, filepath.Join(dir, "other.session.json"), data)
		if paths, _ := New(opts(true)).Discover(project); len(paths) != 1 {
			t.Errorf("%s claimed: %q", name, paths)
		}
	}
	for name, data := range map[string]string{
		"empty":                "",
		"not JSON":             "stage_status: 3\n",
		"cut short":            `{"version": "1.0", "stage_status": {"0": "compl`,
		"damaged signature":    `{"stage_status": 5}`,
		"only a feature name":  `{"feature_name": "other"}`,
		"trailing commas, BOM": "\xef\xbb\xbf" + `{"current_stage": 2,}`,
	} {
		testkit.Write(t, filepath.Join(dir, "other.session.json"), data)
		paths, _ := New(opts(true)).Discover(project)
		if len(paths) != 2 {
			t.Errorf("%s not claimed: %q", name, paths)
			continue
		}
		s, err := New(opts(true)).Load(project, filepath.Join(dir, "other.session.json"))
		if err != nil || s.Source != SourceName {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestAtelierClaimsOnlyItsFiles(t *testing.T) {
	project := fixture(t, "atelier_foreign")
	paths, err := NewAtelier(opts(true)).Discover(project)
	if err != nil || len(paths) != 2 || slices.ContainsFunc(paths, func(p string) bool { return strings.HasSuffix(p, "index.json") }) {
		t.Fatalf("Discover = %q, %v", paths, err)
	}
	state := filepath.Join(project, ".atelier", "state.json")
	// Another tool's state.json is not atelier's...
	testkit.Write(t, state, `{"theme": "dark", "updated_at": "2026-02-15T10:30:00Z", "version": 1}`)
	if paths, _ := NewAtelier(opts(true)).Discover(project); len(paths) != 1 {
		t.Fatalf("a foreign state.json claimed: %q", paths)
	}
	// ...but one with atelier's keys and no phase is atelier's, damaged.
	testkit.Write(t, state, `{"version": 1, "feature": "user-auth", "locked_files": []}`)
	paths, _ = NewAtelier(opts(true)).Discover(project)
	if len(paths) != 2 {
		t.Fatalf("a damaged state.json not claimed: %q", paths)
	}
	s, err := NewAtelier(opts(true)).Load(project, state)
	if err != nil || s.Problem == nil || s.Problem.Kind != model.ErrCorrupted {
		t.Fatalf("problem %v %v", s.Problem, err)
	}
}

// TestDiscoveryHoldsItsMemoryBound: a sessions folder of thousands of
// session files is streamed; only MaxSessions (the newest) are kept, a
// note says how many were left out, and what discovery keeps does not
// grow with the folder (allocation figures, not timings).
func TestDiscoveryHoldsItsMemoryBound(t *testing.T) {
	testkit.Swap(t, &MaxSessions, 20)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	measure := func(n int) (paths []string, retained, allocated uint64, note error) {
		project := t.TempDir()
		writeSessions(t, project, n, base)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		paths, note = New(opts(true)).Discover(project)
		runtime.GC()
		runtime.ReadMemStats(&after)
		retained = after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
		return paths, retained, after.TotalAlloc - before.TotalAlloc, note
	}
	small, smallRetained, smallAlloc, _ := measure(200)
	paths, retained, alloc, note := measure(2000)
	var many *TooManyError
	if !errors.As(note, &many) || many.Found != 2000 || many.Kept != 20 || len(paths) != 20 || len(small) != 20 {
		t.Fatalf("%d paths, note %v", len(paths), note)
	}
	if !strings.Contains(note.Error(), "holds 2000 session files: only the 20 changed most recently are read (1980 left out") {
		t.Fatalf("note %q", note)
	}
	// The newest 20: f001980 ... f001999.
	if filepath.Base(paths[0]) != "f001980.session.json" || filepath.Base(paths[19]) != "f001999.session.json" {
		t.Fatalf("kept %s ... %s", filepath.Base(paths[0]), filepath.Base(paths[19]))
	}
	t.Logf("200 files: retained %d B, allocated %d B; 2000 files: retained %d B, allocated %d B", smallRetained, smallAlloc, retained, alloc)
	// Ten times the files: what is kept stays the same size (a margin for
	// the runtime's own noise), and streaming costs under 1 KiB a file.
	if retained > smallRetained+64<<10 || retained > 256<<10 {
		t.Fatalf("retained %d B for 2000 files, %d B for 200", retained, smallRetained)
	}
	if alloc > 2000*1024 {
		t.Fatalf("allocated %d B for 2000 files", alloc)
	}
	// Under the cap, no note.
	testkit.Swap(t, &MaxSessions, 1000)
	if paths, _, _, note := measure(20); note != nil || len(paths) != 20 {
		t.Fatalf("%d paths, note %v", len(paths), note)
	}
}

// TestFindLoadsTheKeptSessionsAndNotes: through the registry, the kept
// sessions load and the note is reported beside them.
func TestFindLoadsTheKeptSessionsAndNotes(t *testing.T) {
	testkit.Swap(t, &MaxSessions, 5)
	project := t.TempDir()
	writeSessions(t, project, 12, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	sessions, errs := loaders.Registry{New(opts(true))}.Find(project, "")
	var many *TooManyError
	if len(sessions) != 5 || len(errs) != 1 || !errors.As(errs[0], &many) || many.Found != 12 {
		t.Fatalf("%d sessions, errors %v", len(sessions), errs)
	}
}

// TestOpenLeavesForeignFiles: pickup plan FILE on another tool's file in
// the sessions folder does not take it for a session.
func TestOpenLeavesForeignFiles(t *testing.T) {
	project := fixture(t, "foreign")
	l := New(opts(true))
	if _, ok, err := l.Open(filepath.Join(project, ".claude/design/sessions/workspace.session.json")); ok || err != nil {
		t.Fatalf("opened a foreign file: %v %v", ok, err)
	}
	if s, ok, err := l.Open(sessionPath(project, "user-export")); !ok || err != nil || s == nil {
		t.Fatalf("the real session: %v %v", ok, err)
	}
}

// TestRejectedTDDInProgress: an agent that set Stage 3 back to
// in_progress after the rejection sees the TDD to revise, not the
// approval question.
func TestRejectedTDDInProgress(t *testing.T) {
	project := fixture(t, "spec_example")
	path := sessionPath(project, "user-export")
	testkit.Write(t, path, strings.Replace(testkit.Read(t, path), `"user_approved": true
    }
  },`, `"user_approved": false,
      "rejected_at": "2099-01-01T00:00:00.000Z"
    }
  },`, 1))
	_, s := only(t, project, opts(true))
	if r := strings.Join(s.Report, "\n"); !strings.Contains(r, "[~] Stage 3: Design - In Progress (TDD not approved, to be revised)") {
		t.Fatalf("report:\n%s", r)
	}
	if c := s.Policy[model.Continue]; c.Writes || c.Label != "Resume from Stage 3" {
		t.Fatalf("continue %+v", c)
	}
}
