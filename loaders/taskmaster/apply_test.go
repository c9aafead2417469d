package taskmaster

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// statusLines are the lines of data that hold a "status" key.
func statusLines(data string) []string {
	var out []string
	for _, l := range strings.Split(data, "\n") {
		if strings.Contains(l, `"status"`) {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return out
}

// The edit changes the status values of the named items and nothing
// else: every other byte of the file is as it was.
func TestRestartSetsInProgressPendingInPlace(t *testing.T) {
	dir := testkit.Fixture(t, filepath.Join(fixtures, "in-progress-parent"))
	path := filepath.Join(dir, ".taskmaster/tasks/tasks.json")
	before := testkit.Read(t, path)
	s := loadOne(t, dir)
	a := (Loader{}).Apply(s, model.Restart, time.Now())
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	after := testkit.Read(t, path)
	// Task 2 was the only in-progress item: its one status value moves.
	want := strings.Replace(before, "\"status\": \"in-progress\"", "\"status\": \"pending\"", 1)
	if after != want {
		t.Fatalf("file after RESTART differs from the one-value edit")
	}
	if strings.Count(before, "in-progress") != 1 {
		t.Fatalf("fixture changed: %d in-progress", strings.Count(before, "in-progress"))
	}
	// With nothing in progress task-master next goes back to the
	// top-level rule: tasks 2 and 3 are both high with one dependency
	// done; 2 comes first by id.
	if s2 := loadOne(t, dir); s2.ResumePoint.Phase != "2" || s2.Policy[model.Restart].Disabled == "" {
		t.Errorf("after restart, next %q, restart %+v", s2.ResumePoint.Phase, s2.Policy[model.Restart])
	}
}

func TestDiscardCancelsUnfinishedNeverDoneOrReview(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".taskmaster/tasks/tasks.json")
	src := "{\n  \"master\": {\n    \"tasks\": [\n" +
		"      {\"id\": 1, \"status\": \"done\", \"subtasks\": [{\"id\": 1, \"status\": \"review\"}]},\n" +
		"      {\"id\": 2, \"status\" :  \"in-progress\", \"subtasks\": [{\"id\": 1, \"status\": \"done\"}, {\"id\": 2, \"status\": \"pending\"}]},\n" +
		"      {\"id\": 3, \"status\": \"review\"},\n" +
		"      {\"id\": 4, \"status\": \"blocked\", \"x\": {\"status\": \"pending\"}},\n" +
		"      {\"id\": 5, \"status\": \"deferred\"},\n" +
		"      {\"id\": 6}\n" +
		"    ]\n  },\n  \"other\": {\"tasks\": [{\"id\": 1, \"status\": \"pending\"}]}\n}\n"
	testkit.Write(t, path, src)
	var s *model.Session
	for _, x := range loadAll(t, dir) {
		if x.Title == "master" {
			s = x
		}
	}
	if c := s.Policy[model.Discard].Confirm; !strings.Contains(c, "Mark 3 unfinished items of tag master cancelled in .taskmaster/tasks/tasks.json (2, 2.2, 4)?") {
		t.Errorf("confirm %q", c)
	}
	a := (Loader{}).Apply(s, model.Discard, time.Now())
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	got := testkit.Read(t, path)
	want := strings.NewReplacer(
		`"status" :  "in-progress"`, `"status" :  "cancelled"`,
		`{"id": 2, "status": "pending"}`, `{"id": 2, "status": "cancelled"}`,
		`{"id": 4, "status": "blocked"`, `{"id": 4, "status": "cancelled"`,
	).Replace(src)
	if got != want {
		t.Fatalf("after DISCARD:\n%s\nwant:\n%s", got, want)
	}
	// The other tag and the key that only looks like a status are as
	// they were.
	if !strings.Contains(got, `"other": {"tasks": [{"id": 1, "status": "pending"}]}`) || !strings.Contains(got, `"x": {"status": "pending"}`) {
		t.Error("DISCARD touched what it should not")
	}
}

// A file changed since it was read is refused, untouched.
func TestApplyRefusesAChangedFile(t *testing.T) {
	dir := testkit.Fixture(t, filepath.Join(fixtures, "in-progress-parent"))
	path := filepath.Join(dir, ".taskmaster/tasks/tasks.json")
	s := loadOne(t, dir)
	changed := strings.Replace(testkit.Read(t, path), "\"status\": \"pending\"", "\"status\": \"done\"", 1)
	testkit.Write(t, path, changed)
	a := (Loader{}).Apply(s, model.Discard, time.Now())
	if !errors.Is(a.Err, fsx.ErrChanged) {
		t.Fatalf("err %v, want fsx.ErrChanged", a.Err)
	}
	if testkit.Read(t, path) != changed {
		t.Error("a changed file was written")
	}
}

// RESTART is off when nothing is in progress, with task-master's reason.
func TestRestartOffWithNothingInProgress(t *testing.T) {
	s := loadOne(t, testkit.Fixture(t, filepath.Join(fixtures, "legacy-tasks-json")))
	if d := s.Policy[model.Restart].Disabled; d != "nothing is in-progress: the open work is already pending" {
		t.Errorf("restart %+v", s.Policy[model.Restart])
	}
	if _, err := os.Stat(s.Path); err != nil {
		t.Fatal(err)
	}
	if a := (Loader{}).Apply(s, model.Restart, time.Now()); a.Err == nil {
		t.Error("RESTART with nothing in progress wrote")
	}
}
