package speckit

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// sessions discovers and loads every feature of a copy of a fixture.
func sessions(t *testing.T, project string, lang i18n.Lang) []*model.Session {
	t.Helper()
	l := Loader{Lang: lang}
	paths, err := l.Discover(project)
	if err != nil {
		t.Fatal(err)
	}
	var out []*model.Session
	for _, p := range paths {
		s, err := l.Load(project, p)
		if err != nil {
			t.Fatalf("Load(%s): %v", p, err)
		}
		out = append(out, s)
	}
	return out
}

func field(s *model.Session, key string) string {
	for _, f := range s.Fields {
		if f.Key == key {
			return f.Value
		}
	}
	return ""
}

func alerts(s *model.Session) string {
	var out []string
	for _, a := range s.Alerts {
		out = append(out, string(a.Kind)+": "+a.Text)
	}
	return strings.Join(out, "\n")
}

// The real mid-implementation example: spec-kit's rule resumes at the
// first unticked task id of the earliest unfinished phase, T090, though
// it is struck through and BLOCKED; the T-SB lines are not task ids its
// rule reads, and say so.
func TestMidImplementationResumesAtT090(t *testing.T) {
	ss := sessions(t, testkit.Fixture(t, "testdata/mid-implementation"), i18n.English)
	if len(ss) != 1 {
		t.Fatalf("%d sessions, want 1", len(ss))
	}
	s := ss[0]
	if s.Units == nil || *s.Units != (model.Progress{Done: 136, Total: 140}) {
		t.Errorf("units = %+v, want 136/140 (SOURCE.txt's count)", s.Units)
	}
	if !strings.HasPrefix(s.ResumePoint.Phase, "Phase 9: US6") || !strings.Contains(s.ResumePoint.Reason, "T090 is the first unticked task") {
		t.Errorf("resume = %+v", s.ResumePoint)
	}
	if got := field(s, "next_task"); !strings.HasPrefix(got, "T090 in Phase 9") {
		t.Errorf("next task = %q", got)
	}
	if s.Standing != model.StandingInterrupted || !s.NoCrash {
		t.Errorf("standing %q, NoCrash %v: spec-kit has no pause, a partly ticked feature is interrupted", s.Standing, s.NoCrash)
	}
	w := strings.Join(s.Warnings, "\n")
	for _, want := range []string{"4 unticked checkbox lines carry no task id", "line 293: «T-SB04", "T090 is struck through", "T103.1 is struck through"} {
		if !strings.Contains(w, want) {
			t.Errorf("warnings lack %q:\n%s", want, w)
		}
	}
	if !strings.Contains(field(s, "current"), "highest-numbered") {
		t.Errorf("current = %q", field(s, "current"))
	}
	if s.Policy[model.Restart].Disabled == "" {
		t.Error("RESTART must not be offered: spec-kit has none and done tasks are never unticked")
	}
	if !strings.Contains(s.Prompt, "Start at T090") || !strings.Contains(s.Prompt, "> T090 [US6] ~~Implement downloadFile") {
		t.Errorf("prompt:\n%s", s.Prompt)
	}
}

// Every feature done, and a folder spec-kit would not take for a
// feature: three done sessions, the stray named, not read.
func TestAllDoneAndAStrayFolder(t *testing.T) {
	ss := sessions(t, testkit.Fixture(t, "testdata/all-done-plus-stray"), i18n.English)
	var names []string
	for _, s := range ss {
		names = append(names, filepath.Base(filepath.Dir(s.Path)))
		if s.Standing != model.StandingDone {
			t.Errorf("%s: standing %q, want done", s.Title, s.Standing)
		}
	}
	if !slices.Equal(names, []string{"001-core-features", "002-windows-full-support", "003-docs-examples"}) {
		t.Errorf("features = %v", names)
	}
	if w := strings.Join(ss[0].Warnings, "\n"); !strings.Contains(w, "specs/core-features is not read") {
		t.Errorf("warnings:\n%s", w)
	}
	if u := ss[0].Units; u == nil || *u != (model.Progress{Done: 53, Total: 53}) {
		t.Errorf("001 units = %+v, want 53/53", u)
	}
}

// Two unfinished features and no feature.json: each is a session, each
// names the other, and the highest number is the current one.
func TestTwoUnfinishedFeaturesAreNeverPickedSilently(t *testing.T) {
	ss := sessions(t, testkit.Fixture(t, "testdata/aikit-two-features"), i18n.English)
	if len(ss) != 2 {
		t.Fatalf("%d sessions, want 2", len(ss))
	}
	one, two := ss[0], ss[1]
	if one.Stage != "specify" || !strings.Contains(one.ResumePoint.Reason, "/speckit.plan") {
		t.Errorf("001: stage %q, resume %+v", one.Stage, one.ResumePoint)
	}
	if !strings.Contains(strings.Join(one.Warnings, "\n"), "other unfinished features in specs/: 002-rust-spec-kit-complete") {
		t.Errorf("001 warnings: %q", one.Warnings)
	}
	if !strings.Contains(strings.Join(two.Warnings, "\n"), "001-rust-spec-kit-cli") {
		t.Errorf("002 warnings: %q", two.Warnings)
	}
	if *two.Units != (model.Progress{Done: 133, Total: 137}) || !strings.Contains(two.ResumePoint.Reason, "T126") || two.ResumePoint.Phase != "Phase 11: Polish & Cross-Cutting Concerns" {
		t.Errorf("002: units %+v, resume %+v", two.Units, two.ResumePoint)
	}
	if !strings.HasPrefix(field(two, "current"), "this one") || !strings.HasPrefix(field(one, "current"), "002-rust-spec-kit-complete") {
		t.Errorf("current: 001 %q, 002 %q", field(one, "current"), field(two, "current"))
	}
	// 001's checklist has an unchecked item, but only a feature at
	// implementation is gated on it.
	if alerts(one) != "" {
		t.Errorf("001 alerts:\n%s", alerts(one))
	}
}

// feature.json decides over the highest number (spec-kit 0.5.1 and
// later), and the git branch's prefix over the highest number (before).
func TestCurrentFeatureByTheToolsOwnOrder(t *testing.T) {
	dir := testkit.Fixture(t, "testdata/aikit-two-features")
	testkit.Write(t, filepath.Join(dir, ".git", "HEAD"), "ref: refs/heads/001-rust-spec-kit-cli\n")
	ss := sessions(t, dir, i18n.English)
	if got := field(ss[0], "current"); !strings.HasPrefix(got, "this one: the git branch") {
		t.Errorf("with branch 001: %q", got)
	}
	testkit.Write(t, filepath.Join(dir, ".specify", "feature.json"), `{"feature_directory":"specs/002-rust-spec-kit-complete"}`)
	ss = sessions(t, dir, i18n.English)
	if got := field(ss[1], "current"); !strings.HasPrefix(got, "this one: .specify/feature.json") {
		t.Errorf("with feature.json: %q", got)
	}
}

const evidenceTasks = `# Tasks: Evidence

## Phase 1: Setup

- [x] T001 Create ` + "`src/app.go`" + `
- [X] T002 [P] Write the config in docs/config.yaml
- [ ] **Checkpoint**: setup reviewed

## Phase 2: Core

- [ ] T003 Implement the core in src/core.go
- [x] T004 [P] Add tests in src/core_test.go

## Phase 3: Polish

- [x] T005 Write the README
`

// The ledger checked against itself and the disk: a checkpoint left
// open while later work is ticked, a task ticked before an earlier
// phase is finished, a ticked task whose file does not exist, and an
// open checklist spec-kit gates on.
func TestEvidenceBeforeDone(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "specs", "001-x")
	testkit.Write(t, filepath.Join(f, "tasks.md"), evidenceTasks)
	testkit.Write(t, filepath.Join(f, "checklists", "ux.md"), "# UX\n\n- [x] one\n- [ ] two\n- [ ] three\n")
	testkit.Write(t, filepath.Join(dir, "src", "app.go"), "package app\n")
	ss := sessions(t, dir, i18n.English)
	if len(ss) != 1 {
		t.Fatalf("%d sessions (a feature folder holding spec-kit's tasks.md, no .specify)", len(ss))
	}
	got := alerts(ss[0])
	for _, want := range []string{
		"conflict: «Phase 1: Setup»: its checkpoint is not ticked (line 7), yet T004, T005 after it are ticked",
		"conflict: T005 is ticked in «Phase 3: Polish», while «Phase 2: Core» still has unticked tasks (first T003)",
		"conflict: T002, T004 ticked, but files they name do not exist: docs/config.yaml, src/core_test.go",
		"decision: checklists/ux.md has 2 unchecked items",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("alerts lack %q:\n%s", want, got)
		}
	}
	if ss[0].ResumePoint.Phase != "Phase 2: Core" || !strings.Contains(ss[0].ResumePoint.Reason, "T003") {
		t.Errorf("resume %+v", ss[0].ResumePoint)
	}
}

// Real drift: bold ids, sub-ids, letter suffixes, localized headings,
// checkbox lines without ids, and task-like lines inside code blocks.
func TestDriftIsReadLeniently(t *testing.T) {
	d := parseTasks([]byte("\ufeff# Tasks: 漂移\n\n## フェーズ 1: セットアップ\n- [x] **T001** [P] [Setup] one\r\n- [ ] T001.1 two\n- [X] T068A three\n- [ ] acceptance: it works\n\n```\n- [ ] T999 not a task\n```\n## Fase 2\n* [ ] T002 four\n"))
	if d.Title != "Tasks: 漂移" {
		t.Errorf("title %q", d.Title)
	}
	ph := d.Phases()
	if len(ph) != 2 || ph[0].Name != "フェーズ 1: セットアップ" || len(ph[0].Tasks) != 3 || len(ph[1].Tasks) != 1 {
		t.Fatalf("phases %+v", ph)
	}
	if ph[0].Tasks[0].ID != "T001" || ph[0].Tasks[0].Text != "[P] [Setup] one" || ph[0].Tasks[1].ID != "T001.1" || ph[0].Tasks[2].ID != "T068A" || !ph[0].Tasks[2].Done {
		t.Errorf("tasks %+v", ph[0].Tasks)
	}
	if len(d.Loose) != 1 || d.Loose[0].Line != 7 {
		t.Errorf("loose %+v", d.Loose)
	}
	if i, task, ok := d.Next(); !ok || i != 0 || task.ID != "T001.1" {
		t.Errorf("next = %d %+v %v", i, task, ok)
	}
}

// Another tool's markdown in a specs/NNN folder of a project without
// .specify is not spec-kit's.
func TestAnotherToolsSpecsFolderIsNotClaimed(t *testing.T) {
	dir := t.TempDir()
	testkit.Write(t, filepath.Join(dir, "specs", "001-x", "spec.md"), "# Something else\n\nprose\n")
	if ss := sessions(t, dir, i18n.English); len(ss) != 0 {
		t.Errorf("%d sessions", len(ss))
	}
	testkit.Write(t, filepath.Join(dir, "specs", "001-x", "spec.md"), "# Feature Specification: X\n")
	if ss := sessions(t, dir, i18n.English); len(ss) != 1 {
		t.Errorf("spec-kit's spec.md: %d sessions", len(ss))
	}
}

// DISCARD sets tasks.md aside under fsx's archive name; CONTINUE and
// REVIEW write nothing; a changed file is refused.
func TestDiscardSetsTasksAside(t *testing.T) {
	dir := testkit.Fixture(t, "testdata/mid-implementation")
	ss := sessions(t, dir, i18n.English)
	before := testkit.Snapshot(t, dir)
	for _, c := range []model.Choice{model.Continue, model.Review} {
		if a := (Loader{}).Apply(ss[0], c, time.Now()); a.Err != nil || len(a.Changed) > 0 {
			t.Errorf("%s: %+v", c, a)
		}
	}
	if after := testkit.Snapshot(t, dir); len(after) != len(before) {
		t.Fatal("CONTINUE/REVIEW wrote")
	}
	_ = os.WriteFile(ss[0].Path, append([]byte("x"), testkit.Read(t, ss[0].Path)...), 0o644)
	if a := (Loader{}).Apply(ss[0], model.Discard, time.Now()); a.Err == nil {
		t.Error("DISCARD of a changed tasks.md should refuse")
	}
}

func TestPortugueseSaysNoEnglish(t *testing.T) {
	ss := sessions(t, testkit.Fixture(t, "testdata/mid-implementation"), i18n.PortugueseBR)
	s := ss[0]
	if !strings.Contains(s.ResumePoint.Reason, "T090 é a primeira tarefa não marcada") {
		t.Errorf("reason %q", s.ResumePoint.Reason)
	}
	if !strings.Contains(strings.Join(s.Warnings, "\n"), "4 linhas de checkbox") {
		t.Errorf("warnings %q", s.Warnings)
	}
}
