package design

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// freshSession is what RESTART from Stage 0 writes for user-export, byte
// for byte.
const freshSession = `{
  "version": "1.0",
  "feature_name": "user-export",
  "prd_source": ".claude/context/EPIC-123.md",
  "created_at": "2026-01-28T15:00:00Z",
  "updated_at": "2026-01-28T15:00:00Z",
  "current_stage": 0,
  "stage_status": {
    "0": "pending",
    "1": "pending",
    "2": "pending",
    "3": "pending",
    "4": "pending",
    "5": "pending",
    "6": "pending",
    "7": "pending"
  },
  "checkpoints": {},
  "artifacts": {
    "rules": null,
    "analysis": null,
    "tdd": null,
    "adrs": null,
    "bdd": null,
    "contracts": null,
    "tickets": null
  }
}
`

func archiveOf(project string) string {
	return filepath.Join(project, ".claude/design/sessions/archive/user-export."+nowStamp+".session.json")
}

// RESTART from Stage 0: the old session is archived under archive/ with
// a timestamp, byte for byte, and a new all-pending session replaces it.
func TestRestartFromStageZero(t *testing.T) {
	project := fixture(t, "listing")
	path := sessionPath(project, "user-export")
	before := testkit.Read(t, path)
	l, s := only(t, project, opts(false))
	a := apply(t, l, s, model.Restart)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	if got := testkit.Read(t, path); got != freshSession {
		t.Fatalf("new session:\n%s\nwant:\n%s", got, freshSession)
	}
	if got := testkit.Read(t, archiveOf(project)); got != before {
		t.Fatalf("archived copy differs from the old session")
	}
	if !reflect.DeepEqual(a.Changed, []string{archiveOf(project), path}) || a.ArchivedTo != "" {
		t.Fatalf("changed %v archived %q", a.Changed, a.ArchivedTo)
	}
	// The new session loads as all pending, resuming at Stage 0.
	_, s = only(t, project, opts(false))
	if s.ResumePoint.Phase != "Stage 0: Clarification" || s.PhasesDone() != 0 || len(s.Warnings) != 0 {
		t.Fatalf("after restart: %+v done %d warnings %v", s.ResumePoint, s.PhasesDone(), s.Warnings)
	}
	// A second restart in the same millisecond would reuse the archive
	// name: it is refused and nothing changes.
	l, s = only(t, project, opts(false))
	mid := testkit.Read(t, path)
	if a := apply(t, l, s, model.Restart); a.Err == nil || !errors.Is(a.Err, fs.ErrExist) {
		t.Fatalf("second restart: %v", a.Err)
	}
	if testkit.Read(t, path) != mid || testkit.Read(t, archiveOf(project)) != before {
		t.Fatal("a refused restart changed files")
	}
}

// "Found existing TDD. Is this approved?" yes: the session is updated
// (Stage 3 complete, current_stage 4, updated_at) and nothing else moves.
func TestApproveExistingTDD(t *testing.T) {
	project := fixture(t, "spec_example")
	path := sessionPath(project, "user-export")
	before := testkit.Read(t, path)
	l, s := only(t, project, opts(false))
	a := apply(t, l, s, model.Continue)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	want := replaceOnce(t, before, `"3": "in_progress"`, `"3": "complete"`)
	want = replaceOnce(t, want, `"current_stage": 3,`, `"current_stage": 4,`)
	want = replaceOnce(t, want, `"updated_at": "2026-01-28T14:30:00Z"`, `"updated_at": "2026-01-28T15:00:00Z"`)
	if got := testkit.Read(t, path); got != want {
		t.Fatalf("approved session:\n%s\nwant:\n%s", got, want)
	}
	if !reflect.DeepEqual(a.Changed, []string{path}) {
		t.Fatalf("changed %v", a.Changed)
	}
	if _, err := os.Stat(filepath.Join(project, ".claude/design/sessions/archive")); err == nil {
		t.Fatal("approval archived something")
	}
	// Now Stage 4 is where it resumes; the contracts file on disk is the
	// next question.
	_, s = only(t, project, opts(false))
	if s.Phases[3].Status != model.PhaseCompleted || !strings.HasPrefix(s.Policy[model.Continue].Confirm, "Found existing contracts. Are they approved?") {
		t.Fatalf("after approval: %+v %+v", s.Phases[3], s.Policy[model.Continue])
	}
}

// "If no: Re-run Stage 3": RESTART from Stage 3, the old session archived.
func TestRerunStageOfUnapprovedTDD(t *testing.T) {
	project := fixture(t, "spec_example")
	path := sessionPath(project, "user-export")
	before := testkit.Read(t, path)
	l, s := only(t, project, opts(false))
	a := apply(t, l, s, model.Restart)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	want := replaceOnce(t, before, `"3": "in_progress"`, `"3": "pending"`)
	want = replaceOnce(t, want, `"updated_at": "2026-01-28T14:30:00Z"`, `"updated_at": "2026-01-28T15:00:00Z"`)
	// The "no" is recorded on the TDD's checkpoint, in the file's layout.
	want = replaceOnce(t, want, `      "user_approved": true
    }
  },`, `      "user_approved": false,
      "rejected_at": "2026-01-28T15:00:00.000Z"
    }
  },`)
	if got := testkit.Read(t, path); got != want {
		t.Fatalf("session:\n%s\nwant:\n%s", got, want)
	}
	if testkit.Read(t, archiveOf(project)) != before {
		t.Fatal("archived copy differs")
	}
	if next := s.Context["restart_next_step"].(string); !strings.HasPrefix(next, "The user did not approve docs/design/user-export.md: re-run Stage 3 (Design)") {
		t.Fatalf("restart next step %q", next)
	}

	// The next look does not ask "Approve the existing TDD" again: the TDD
	// (last changed before the rejection) is to be revised at Stage 3b.
	tdd := filepath.Join(project, "docs/design/user-export.md")
	if err := os.Chtimes(tdd, now.Add(-time.Hour), now.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	_, s = only(t, project, opts(true))
	c := s.Policy[model.Continue]
	if c.Label != "Resume from Stage 3" || c.Writes || c.Confirm != "" || s.Stage != "3b" {
		t.Fatalf("after the re-run: %+v stage %q", c, s.Stage)
	}
	if next := s.Context["next_step"].(string); !strings.HasPrefix(next, "The user did not approve docs/design/user-export.md (Re-run Stage 3): revise or rewrite the TDD for alternative 2") {
		t.Fatalf("next step %q", next)
	}
	if r := strings.Join(s.Report, "\n"); strings.Contains(r, "Approve") || !strings.Contains(r, "Stage 3-7: Pending") {
		t.Fatalf("report:\n%s", r)
	}
	// A TDD written after the rejection is a new one: the question is back.
	if err := os.Chtimes(tdd, now.Add(time.Hour), now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	_, s = only(t, project, opts(true))
	if c := s.Policy[model.Continue]; c.Label != "Approve the existing TDD and proceed to Stage 4" {
		t.Fatalf("a TDD rewritten after the rejection: %+v", c)
	}
}

// A rejection recorded where the session has no checkpoints at all adds
// them; without rejected_at, user_approved false alone is the record.
func TestRejectionWithoutCheckpoints(t *testing.T) {
	project := fixture(t, "spec_example")
	path := sessionPath(project, "user-export")
	data := testkit.Read(t, path)
	start := strings.Index(data, `  "checkpoints": {`)
	end := strings.Index(data, `  "artifacts": {`)
	testkit.Write(t, path, data[:start]+data[end:])
	l, s := only(t, project, opts(true))
	if a := apply(t, l, s, model.Restart); a.Err != nil {
		t.Fatal(a.Err)
	}
	out := testkit.Read(t, path)
	if !strings.Contains(out, `"checkpoints": {"stage_3b_design": {"user_approved": false, "rejected_at": "2026-01-28T15:00:00.000Z"}}`) {
		t.Fatalf("no rejection recorded:\n%s", out)
	}
	if err := os.Chtimes(filepath.Join(project, "docs/design/user-export.md"), now.Add(-time.Hour), now.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	if _, s = only(t, project, opts(true)); s.Policy[model.Continue].Writes {
		t.Fatalf("asked again: %+v", s.Policy[model.Continue])
	}
	// Hand-written "user_approved": false, no rejected_at: no question.
	testkit.Write(t, path, strings.Replace(out, `, "rejected_at": "2026-01-28T15:00:00.000Z"`, "", 1))
	if _, s = only(t, project, opts(true)); s.Policy[model.Continue].Writes {
		t.Fatalf("asked again: %+v", s.Policy[model.Continue])
	}
}

// "Mark Stage 1 incomplete and restart from there": stages 1-7 pending,
// current_stage 1, the old session archived first.
func TestMarkIncompleteAndRestart(t *testing.T) {
	project := fixture(t, "missing_artifact")
	path := sessionPath(project, "user-export")
	before := testkit.Read(t, path)
	l, s := only(t, project, opts(false))
	// CONTINUE (re-run) writes nothing.
	if a := apply(t, l, s, model.Continue); a.Err != nil || a.Changed != nil {
		t.Fatalf("continue %+v", a)
	}
	a := apply(t, l, s, model.Restart)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	want := replaceOnce(t, before, `"1": "complete", "2": "in_progress"`, `"1": "pending", "2": "pending"`)
	want = replaceOnce(t, want, `"current_stage": 2,`, `"current_stage": 1,`)
	want = replaceOnce(t, want, `"updated_at": "2026-01-28T10:50:00Z"`, `"updated_at": "2026-01-28T15:00:00Z"`)
	if got := testkit.Read(t, path); got != want {
		t.Fatalf("session:\n%s\nwant:\n%s", got, want)
	}
	if testkit.Read(t, archiveOf(project)) != before {
		t.Fatal("archived copy differs")
	}
	_, s = only(t, project, opts(false))
	if s.ResumePoint.Phase != "Stage 1: Business Rules" || s.Policy[model.Continue].Label != "Resume from Stage 1" {
		t.Fatalf("after: %+v %+v", s.ResumePoint, s.Policy[model.Continue])
	}
}

// A corrupted session is rebuilt from the artifacts only on CONTINUE
// (after the confirmation), and the corrupted bytes are kept beside it.
func TestRebuildCorrupted(t *testing.T) {
	project := fixture(t, "corrupted")
	path := sessionPath(project, "user-export")
	before := testkit.Read(t, path)
	l, s := only(t, project, opts(false))
	if testkit.Read(t, path) != before {
		t.Fatal("loading wrote")
	}
	a := apply(t, l, s, model.Continue)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	kept := path + ".corrupted." + nowStamp
	if testkit.Read(t, kept) != before {
		t.Fatal("the corrupted file was not kept byte for byte")
	}
	want := `{
  "version": "1.0",
  "feature_name": "user-export",
  "prd_source": ".claude/context/EPIC-123.md",
  "created_at": "2026-01-28T10:00:00Z",
  "updated_at": "2026-01-28T15:00:00Z",
  "current_stage": 3,
  "stage_status": {
    "0": "complete",
    "1": "complete",
    "2": "complete",
    "3": "in_progress",
    "4": "pending",
    "5": "pending",
    "6": "pending",
    "7": "pending"
  },
  "checkpoints": {},
  "artifacts": {
    "rules": ".claude/design/user-export-rules.md",
    "analysis": ".claude/design/user-export-analysis.md",
    "tdd": "docs/design/user-export.md",
    "adrs": null,
    "bdd": null,
    "contracts": null,
    "tickets": null
  }
}
`
	if got := testkit.Read(t, path); got != want {
		t.Fatalf("rebuilt:\n%s\nwant:\n%s", got, want)
	}
	if !reflect.DeepEqual(a.Changed, []string{kept, path}) {
		t.Fatalf("changed %v", a.Changed)
	}
	// The rebuilt session asks the spec's question about the TDD next,
	// and the corrupted copy is not discovered.
	l, s = only(t, project, opts(false))
	if !strings.HasPrefix(s.Policy[model.Continue].Confirm, "Found existing TDD. Is this approved?") {
		t.Fatalf("after rebuild: %+v", s.Policy[model.Continue])
	}
	if a := apply(t, l, s, model.Continue); a.Err != nil {
		t.Fatal(a.Err)
	}
	_, s = only(t, project, opts(false))
	if s.ResumePoint.Phase != "Stage 4: Contracts" {
		t.Fatalf("after approval %+v", s.ResumePoint)
	}
}

func TestRestartCorruptedWithoutArtifacts(t *testing.T) {
	project := fixture(t, "corrupted_no_artifacts")
	path := sessionPath(project, "user-export")
	before := testkit.Read(t, path)
	l, s := only(t, project, opts(false))
	if a := apply(t, l, s, model.Restart); a.Err != nil {
		t.Fatal(a.Err)
	}
	if testkit.Read(t, archiveOf(project)) != before {
		t.Fatal("archived copy differs")
	}
	if got := testkit.Read(t, path); got != freshSession {
		t.Fatalf("new session:\n%s", got)
	}
}

// Migration: CONTINUE creates the session from the artifacts; RESTART
// creates an empty one; neither replaces a file that appeared meanwhile.
func TestMigrationCreatesSession(t *testing.T) {
	project := fixture(t, "migration")
	path := sessionPath(project, "user-export")
	l, s := only(t, project, opts(false))
	a := apply(t, l, s, model.Continue)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	got := testkit.Read(t, path)
	for _, w := range []string{`"prd_source": null,`, `"current_stage": 3,`, `"2": "complete",`, `"3": "in_progress",`,
		`"rules": ".claude/design/user-export-rules.md",`, `"analysis": ".claude/design/user-export-analysis.md",`, `"tdd": null,`} {
		if !strings.Contains(got, w) {
			t.Errorf("created session lacks %s:\n%s", w, got)
		}
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o644 {
		t.Fatalf("created file: %v %v", st, err)
	}
	// The same (stale) choice again must not replace what now exists.
	if a := apply(t, l, s, model.Continue); !errors.Is(a.Err, fsx.ErrChanged) {
		t.Fatalf("second create: %v", a.Err)
	}
	if a := apply(t, l, s, model.Restart); !errors.Is(a.Err, fsx.ErrChanged) {
		t.Fatalf("restart over an existing file: %v", a.Err)
	}
	if testkit.Read(t, path) != got {
		t.Fatal("the created session was replaced")
	}

	project = fixture(t, "migration")
	l, s = only(t, project, opts(false))
	if a := apply(t, l, s, model.Restart); a.Err != nil {
		t.Fatal(a.Err)
	}
	if got := testkit.Read(t, sessionPath(project, "user-export")); got != strings.Replace(freshSession, `"prd_source": ".claude/context/EPIC-123.md"`, `"prd_source": null`, 1) {
		t.Fatalf("fresh session:\n%s", got)
	}
}

// DISCARD moves the session into archive/ and creates nothing; its
// artifacts then belong to history (no migration is offered).
func TestDiscardArchives(t *testing.T) {
	project := fixture(t, "listing")
	path := sessionPath(project, "user-export")
	before := testkit.Read(t, path)
	l, s := only(t, project, opts(false))
	a := apply(t, l, s, model.Discard)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	gone(t, path)
	if a.ArchivedTo != archiveOf(project) || testkit.Read(t, archiveOf(project)) != before || !reflect.DeepEqual(a.Changed, []string{path}) {
		t.Fatalf("archived %q changed %v", a.ArchivedTo, a.Changed)
	}
	paths, err := New(opts(false)).Discover(project)
	if err != nil || len(paths) != 0 {
		t.Fatalf("after discard: %v %v", paths, err)
	}
	want := []string{".claude/design/sessions/archive/user-export." + nowStamp + ".session.json",
		".claude/design/user-export-analysis.md", ".claude/design/user-export-rules.md"}
	if got := files(t, project); !reflect.DeepEqual(got, want) {
		t.Fatalf("files %v", got)
	}
}

// Every write refuses when the file changed since it was loaded, and
// writes nothing.
func TestWritesRefuseAChangedFile(t *testing.T) {
	for _, c := range []model.Choice{model.Restart, model.Discard, model.Continue} {
		t.Run(string(c), func(t *testing.T) {
			project := fixture(t, "spec_example")
			path := sessionPath(project, "user-export")
			l, s := only(t, project, opts(false))
			edited := testkit.Read(t, path) + " "
			testkit.Write(t, path, edited)
			a := apply(t, l, s, c)
			if !errors.Is(a.Err, fsx.ErrChanged) {
				t.Fatalf("err %v", a.Err)
			}
			if testkit.Read(t, path) != edited {
				t.Fatal("the file was changed")
			}
			if _, err := os.Stat(filepath.Join(project, ".claude/design/sessions/archive")); err == nil {
				t.Fatal("something was archived")
			}
		})
	}
	// Gone.
	project := fixture(t, "listing")
	l, s := only(t, project, opts(false))
	if err := os.Rename(sessionPath(project, "user-export"), filepath.Join(project, "moved.json")); err != nil {
		t.Fatal(err)
	}
	var ce *fsx.ChangedError
	if a := apply(t, l, s, model.Restart); !errors.As(a.Err, &ce) || !ce.Gone {
		t.Fatalf("err %v", a.Err)
	}
}

// When the artifacts change between the menu and the write (the TDD
// removed), the menu the person chose from no longer holds: refused.
func TestWritesRefuseChangedArtifacts(t *testing.T) {
	project := fixture(t, "spec_example")
	path := sessionPath(project, "user-export")
	before := testkit.Read(t, path)
	l, s := only(t, project, opts(false))
	if err := os.Remove(filepath.Join(project, "docs/design/user-export.md")); err != nil {
		t.Fatal(err)
	}
	a := apply(t, l, s, model.Continue)
	var g *model.GuardError
	if !errors.As(a.Err, &g) || g.Kind != "state_changed" {
		t.Fatalf("err %v", a.Err)
	}
	if testkit.Read(t, path) != before {
		t.Fatal("the session was changed")
	}
}

// Edits keep everything they do not change: drift, trailing commas,
// string-typed current_stage, milliseconds in updated_at, CRLF.
func TestRestartFromForcedStageKeepsDrift(t *testing.T) {
	project := fixture(t, "drift")
	path := sessionPath(project, "billing")
	before := testkit.Read(t, path)
	l, s := only(t, project, opts(false, FlagStage, "2"))
	if s.Policy[model.Restart].Label != "Restart from Stage 2" {
		t.Fatalf("restart %+v", s.Policy[model.Restart])
	}
	if a := apply(t, l, s, model.Restart); a.Err != nil {
		t.Fatal(a.Err)
	}
	want := replaceOnce(t, before, `"2": "done"`, `"2": "pending"`)
	want = replaceOnce(t, want, `"3a": "complete"`, `"3a": "pending"`)
	want = replaceOnce(t, want, `"3b": "In Progress"`, `"3b": "pending"`)
	want = replaceOnce(t, want, `"5": "todo"`, `"5": "pending"`)
	want = replaceOnce(t, want, "\"7\": \"pending\",\n", "\"7\": \"pending\",\n    \"3\": \"pending\",\n")
	want = replaceOnce(t, want, `"current_stage": "3"`, `"current_stage": "2"`)
	want = replaceOnce(t, want, `"updated_at": "2026-02-01T09:15:00.250Z"`, `"updated_at": "2026-01-28T15:00:00.000Z"`)
	if got := testkit.Read(t, path); got != want {
		t.Fatalf("session:\n%s\nwant:\n%s", got, want)
	}
	_, s = only(t, project, opts(false))
	if s.ResumePoint.Phase != "Stage 2: Analysis" {
		t.Fatalf("after %+v", s.ResumePoint)
	}
}

func TestApproveRecordsTheArtifactAndKeepsCRLF(t *testing.T) {
	project := stageProject(t, 4, nil)
	path := sessionPath(project, "orders")
	crlf := strings.ReplaceAll(testkit.Read(t, path), "\n", "\r\n")
	testkit.Write(t, path, crlf)
	testkit.Write(t, filepath.Join(project, ".claude/design/orders-contracts.md"), "# contracts\n")
	l, s := only(t, project, opts(false))
	if !strings.HasPrefix(s.Policy[model.Continue].Confirm, "Found existing contracts. Are they approved?") {
		t.Fatalf("continue %+v", s.Policy[model.Continue])
	}
	if a := apply(t, l, s, model.Continue); a.Err != nil {
		t.Fatal(a.Err)
	}
	want := replaceOnce(t, crlf, `"4": "in_progress"`, `"4": "complete"`)
	want = replaceOnce(t, want, `"current_stage": 4,`, `"current_stage": 5,`)
	want = replaceOnce(t, want, `"updated_at": "2026-01-28T12:00:00Z"`, `"updated_at": "2026-01-28T15:00:00Z"`)
	want = replaceOnce(t, want, "\"tdd\": \"docs/design/orders.md\"\r\n", "\"tdd\": \"docs/design/orders.md\",\r\n    \"contracts\": \".claude/design/orders-contracts.md\"\r\n")
	if got := testkit.Read(t, path); got != want {
		t.Fatalf("session:\n%q\nwant:\n%q", got, want)
	}
}

func TestReviewWritesNothing(t *testing.T) {
	project := fixture(t, "spec_example")
	before := files(t, project)
	l, s := only(t, project, opts(false))
	if a := apply(t, l, s, model.Review); a.Err != nil || a.Changed != nil {
		t.Fatalf("review %+v", a)
	}
	if !reflect.DeepEqual(files(t, project), before) {
		t.Fatal("review changed files")
	}
}

func TestArchivedSessionsAreNotChanged(t *testing.T) {
	project := fixture(t, "listing")
	arch := archiveOf(project)
	testkit.Write(t, arch, testkit.Read(t, sessionPath(project, "user-export")))
	l := New(opts(false))
	s, _, err := l.Open(arch)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []model.Choice{model.Continue, model.Restart, model.Discard} {
		if a := l.Apply(s, c, now); a.Err == nil {
			t.Errorf("%s on an archived session: no error", c)
		}
	}
}

// The two fsx additions: CreateNew never replaces, ArchiveTo checks the
// fingerprint and never overwrites.
func TestFsxCreateNewAndArchiveTo(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a", "b", "new.json")
	if err := fsx.CreateNew(p, []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 || testkit.Read(t, p) != "one" {
		t.Fatalf("mode %v content %q", st.Mode(), testkit.Read(t, p))
	}
	if err := fsx.CreateNew(p, []byte("two"), 0o600); !errors.Is(err, fs.ErrExist) || testkit.Read(t, p) != "one" {
		t.Fatalf("second create: %v, content %q", err, testkit.Read(t, p))
	}
	if got := files(t, dir); !reflect.DeepEqual(got, []string{"a/b/new.json"}) {
		t.Fatalf("temporary files left: %v", got)
	}
	dst := filepath.Join(dir, "archive", "old.json")
	if err := fsx.ArchiveTo(p, fsx.Fingerprint([]byte("other")), dst); !errors.Is(err, fsx.ErrChanged) {
		t.Fatalf("stale archive: %v", err)
	}
	if err := fsx.ArchiveTo(p, fsx.Fingerprint([]byte("one")), dst); err != nil {
		t.Fatal(err)
	}
	gone(t, p)
	if testkit.Read(t, dst) != "one" {
		t.Fatal("archived content differs")
	}
	testkit.Write(t, p, "three")
	if err := fsx.ArchiveTo(p, fsx.Fingerprint([]byte("three")), dst); err == nil || testkit.Read(t, dst) != "one" || testkit.Read(t, p) != "three" {
		t.Fatalf("archive over an existing name: %v", err)
	}
}
