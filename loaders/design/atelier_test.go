package design

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// atelierLoader is the atelier loader for --feature feature. (The
// branch is compared by the core, against the checkout cmd reads:
// the loader itself never runs git.)
func atelierLoader(feature, _ string) *Atelier {
	return NewAtelier(opts(false, FlagFeature, feature))
}

func loadAll(t *testing.T, a *Atelier, project string) map[string]*model.Session {
	t.Helper()
	paths, err := a.Discover(project)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*model.Session{}
	for _, p := range paths {
		s, err := a.Load(project, p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(project, p)
		out[filepath.ToSlash(rel)] = s
	}
	return out
}

func TestAtelierState(t *testing.T) {
	project := fixture(t, "atelier")
	all := loadAll(t, atelierLoader("", "feature/user-auth"), project)
	if len(all) != 3 {
		t.Fatalf("found %v", all)
	}
	s := all[".atelier/state.json"]
	var st []string
	for _, p := range s.Phases {
		st = append(st, p.Name+"="+string(p.Status))
	}
	want := []string{"gather=completed", "specify=completed", "design=in_progress", "plan=pending", "build=pending", "review=pending", "deploy=pending"}
	if !reflect.DeepEqual(st, want) {
		t.Fatalf("phases %v", st)
	}
	if s.Source != "atelier" || s.Title != "atelier: user-auth" || s.Archived || s.Problem != nil {
		t.Fatalf("session %+v", s)
	}
	if s.ResumePoint != (model.ResumePoint{Phase: "design", Reason: "state.json records phase design"}) {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
	fields := map[string]string{}
	for _, f := range s.Fields {
		fields[f.Key] = f.Value
	}
	if fields["feature"] != "user-auth" || fields["phase"] != "design" || fields["locked"] != "2" {
		t.Fatalf("fields %v", fields)
	}
	if !reflect.DeepEqual(s.Warnings, []string{"2 files are locked (state_manager.sh lock): src/auth.py, src/models.py"}) {
		t.Fatalf("warnings %v", s.Warnings)
	}
	if c := s.Policy[model.Continue]; c.Label != "Resume the design phase" || c.Hint != "/design for user-auth" {
		t.Fatalf("continue %+v", c)
	}
	if r := s.Policy[model.Restart]; !strings.Contains(r.Disabled, "scripts/state_manager.sh transition gather") {
		t.Fatalf("restart %+v", r)
	}
	if s.Context["next_command"] != "/design" || !s.LastAction.Clean {
		t.Fatalf("context %v action %+v", s.Context, s.LastAction)
	}
}

func TestAtelierSavedSessions(t *testing.T) {
	project := fixture(t, "atelier")
	all := loadAll(t, atelierLoader("", "main"), project)
	s := all[".atelier/sessions/2026-02-15-feature-user-auth.json"]
	if s.Archived || s.Title != "atelier snapshot: user-auth" || s.Branch != "feature/user-auth" || s.Handoff.Note != "Alternatives drafted; waiting for the choice between JWT and sessions." {
		t.Fatalf("newest %+v", s)
	}
	fields := map[string]string{}
	for _, f := range s.Fields {
		fields[f.Key] = f.Value
	}
	if fields["last_commit"] != "a1b2c3d Add auth models" || fields["uncommitted"] != "3" || fields["workstream"] != "auth-revamp" || fields["locked"] != "1" {
		t.Fatalf("fields %v", fields)
	}
	for _, w := range []string{"3 files had uncommitted changes when the session was saved: check them before going on",
		"1 file is locked (state_manager.sh lock): src/auth.py"} {
		if !slices.Contains(s.Warnings, w) {
			t.Errorf("warnings %q lack %q", s.Warnings, w)
		}
	}
	if !strings.Contains(s.Policy[model.Restart].Disabled, "snapshot written by /worklog") {
		t.Fatalf("restart %+v", s.Policy[model.Restart])
	}
	old := all[".atelier/sessions/2026-02-14-feature-user-auth.json"]
	if !old.Archived || old.Handoff.Note != "Spec drafted.\nNext: design." || old.ResumePoint.Phase != "specify" {
		t.Fatalf("older %+v", old)
	}
	if !slices.Contains(old.Warnings, "a newer saved session exists (2026-02-15-feature-user-auth.json): this one is history") {
		t.Fatalf("older warnings %v", old.Warnings)
	}
	// What the context guard compares: the branch, and the commit
	// "a1b2c3d Add auth models" records first; no warning of its own.
	if want := (model.Recorded{Branch: "feature/user-auth", Commit: "a1b2c3d", CommitField: "last_commit"}); s.Recorded != want {
		t.Fatalf("recorded %+v, want %+v", s.Recorded, want)
	}
	for _, w := range s.Warnings {
		if strings.Contains(w, "branch") {
			t.Fatalf("warning %q", w)
		}
	}
	// --feature narrows.
	if got := loadAll(t, atelierLoader("billing", ""), project); len(got) != 0 {
		t.Fatalf("--feature billing found %v", got)
	}
	if got := loadAll(t, atelierLoader("user-auth", ""), project); len(got) != 3 {
		t.Fatalf("--feature user-auth found %d", len(got))
	}
}

func TestAtelierProblems(t *testing.T) {
	project := t.TempDir()
	a := atelierLoader("", "")
	cases := []struct {
		body string
		kind model.ErrorKind
		line int
	}{
		{"{\n  \"phase\": \"design\"\n  \"feature\": \"x\"\n}", model.ErrCorrupted, 3},
		{`["design"]`, model.ErrCorrupted, 1},
		{"{\n  \"feature\": \"x\"\n}", model.ErrCorrupted, 1},
		{"{\n  \"phase\": \"deploying\"\n}", model.ErrPhaseNotFound, 2},
	}
	for _, tc := range cases {
		p := filepath.Join(project, ".atelier", "state.json")
		testkit.Write(t, p, tc.body)
		s, err := a.Load(project, p)
		if err != nil {
			t.Fatal(err)
		}
		if s.Problem == nil || s.Problem.Kind != tc.kind || s.Problem.Line != tc.line || s.Problem.Path != p {
			t.Errorf("%q: problem %+v", tc.body, s.Problem)
		}
	}
	if msg := a.NotFound(project); !strings.Contains(msg, ".atelier/state.json") {
		t.Fatalf("not found %q", msg)
	}
}

func TestAtelierDiscardArchivesBeside(t *testing.T) {
	project := fixture(t, "atelier")
	a := atelierLoader("", "")
	p := filepath.Join(project, ".atelier", "state.json")
	before := testkit.Read(t, p)
	s, err := a.Load(project, p)
	if err != nil {
		t.Fatal(err)
	}
	if ap := a.Apply(s, model.Restart, now); ap.Err == nil {
		t.Fatal("restart wrote")
	}
	ap := a.Apply(s, model.Discard, now)
	if ap.Err != nil {
		t.Fatal(ap.Err)
	}
	gone(t, p)
	if ap.ArchivedTo != p+".discarded.20260128T150000Z" || testkit.Read(t, ap.ArchivedTo) != before {
		t.Fatalf("archived to %q", ap.ArchivedTo)
	}
	for _, rel := range files(t, project) {
		if strings.HasPrefix(rel, ".atelier/state.json.discarded") {
			continue
		}
		if !strings.HasPrefix(rel, ".atelier/sessions/") {
			t.Fatalf("unexpected file %s", rel)
		}
	}
	if paths, _ := a.Discover(project); len(paths) != 2 {
		t.Fatalf("after discard %v", paths)
	}
}

// TestAtelierNotAFileIsNamed: something that is not a regular file where
// an atelier state or session file belongs (a folder, a named pipe, a
// symlink loop) is an error naming it, never a silent "no session", and
// a named pipe never makes the loader wait for a writer.
func TestAtelierNotAFileIsNamed(t *testing.T) {
	project := t.TempDir()
	state := filepath.Join(project, ".atelier", "state.json")
	sessions := filepath.Join(project, ".atelier", "sessions")
	if err := os.MkdirAll(state, 0o755); err != nil { // a folder named state.json
		t.Fatal(err)
	}
	if err := os.MkdirAll(sessions, 0o755); err != nil {
		t.Fatal(err)
	}
	pipe := filepath.Join(sessions, "s1.json")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("named pipes unavailable: %v", err)
	}
	loop := filepath.Join(sessions, "s2.json")
	if err := os.Symlink(loop, loop); err != nil {
		t.Fatal(err)
	}
	a := atelierLoader("", "main")
	paths, err := a.Discover(project)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{state: "is a directory", pipe: "is a named pipe", loop: "too many levels of symbolic links"}
	if len(paths) != len(want) {
		t.Fatalf("discovered %v, want the three", paths)
	}
	for _, p := range paths {
		_, err := a.Load(project, p)
		if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), want[p]) {
			t.Errorf("%s: %v, want an error naming it with %q", p, err, want[p])
		}
	}
}
