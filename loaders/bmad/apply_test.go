package bmad

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

var applyNow = time.Date(2026, 5, 2, 10, 0, 0, 0, time.UTC)

// A ledger as real ones are: comments, a blank line, keys in any
// script, a trailing comment after a value.
const commentedLedger = `# generated: 2026-05-01
# STATUS DEFINITIONS: (kept)
generated: 2026-05-01
last_updated: 2026-05-01
project: Demo
story_location: _bmad-output/implementation-artifacts

development_status:
  # Epic 1: 权限门
  epic-1: in-progress
  1-1-权限门-a: done  # 2026-04-30
  1-2-b: in-progress   # picked up by dev-story
  1-3-c: backlog
  epic-1-retrospective: optional
`

func applyProject(t *testing.T, storyStatus string) (root, ledgerPath, storyPath string) {
	t.Helper()
	root = project(t, map[string]string{
		implDir + "sprint-status.yaml": commentedLedger,
		implDir + "1-1-权限门-a.md":       story("done", true),
		implDir + "1-2-b.md":           story(storyStatus, true, false),
	})
	return root, filepath.Join(root, implDir+"sprint-status.yaml"), filepath.Join(root, implDir+"1-2-b.md")
}

func TestRestartEditsOnlyTheStatusWords(t *testing.T) {
	root, lp, sp := applyProject(t, "in-progress")
	s := loadOne(t, root)
	if s.Stage != "1-2-b" || s.Policy[model.Restart].Disabled != "" {
		t.Fatalf("stage %q restart %+v", s.Stage, s.Policy[model.Restart])
	}
	a := Loader{}.Apply(s, model.Restart, applyNow)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	if strings.Join(a.Changed, ",") != lp+","+sp {
		t.Errorf("changed %v", a.Changed)
	}
	want := strings.Replace(commentedLedger, "1-2-b: in-progress   #", "1-2-b: ready-for-dev   #", 1)
	if got := testkit.Read(t, lp); got != want {
		t.Errorf("ledger:\n%s\nwant:\n%s", got, want)
	}
	if got, want := testkit.Read(t, sp), story("ready-for-dev", true, false); got != want {
		t.Errorf("story:\n%s\nwant:\n%s", got, want)
	}
	after := loadOne(t, root)
	if after.Stage != "1-2-b" || after.Status != StReady || len(after.Alerts) != 0 {
		t.Errorf("after: %q %q %s", after.Stage, after.Status, alertTexts(after))
	}
}

func TestDiscardLeavesTheStoryInBacklog(t *testing.T) {
	root, lp, sp := applyProject(t, "in-progress")
	s := loadOne(t, root)
	if s.Policy[model.Discard].Confirm == "" || len(s.Moves[model.Discard]) != 2 {
		t.Fatalf("discard policy %+v moves %v", s.Policy[model.Discard], s.Moves)
	}
	storyBytes := testkit.Read(t, sp)
	a := Loader{}.Apply(s, model.Discard, applyNow)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	want := strings.Replace(commentedLedger, "1-2-b: in-progress   #", "1-2-b: backlog   #", 1)
	if got := testkit.Read(t, lp); got != want {
		t.Errorf("ledger:\n%s", got)
	}
	if _, err := os.Stat(sp); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("story file still there: %v", err)
	}
	if a.ArchivedTo == "" || testkit.Read(t, a.ArchivedTo) != storyBytes {
		t.Errorf("archive %q does not hold the story", a.ArchivedTo)
	}
	after := loadOne(t, root)
	if after.Stage != "1-2-b" || after.Status != StBacklog || field(after, "next") != "/bmad-create-story 1-2-b" {
		t.Errorf("after: %q %q %q", after.Stage, after.Status, field(after, "next"))
	}
}

// Work in review or done is never reset (bmad-loop#99): the choices
// are disabled and Apply refuses even when called.
func TestReviewAndDoneWorkIsNeverReset(t *testing.T) {
	root := project(t, map[string]string{
		implDir + "sprint-status.yaml": ledger("epic-1: in-progress", "1-1-a: done", "1-2-b: review"),
		implDir + "1-2-b.md":           story("review", true),
	})
	before := testkit.Snapshot(t, root)
	s := loadOne(t, root)
	for _, c := range []model.Choice{model.Restart, model.Discard} {
		if s.Policy[c].Disabled == "" || !strings.Contains(s.Policy[c].Disabled, "in review") {
			t.Errorf("%s offered: %+v", c, s.Policy[c])
		}
		a := Loader{}.Apply(s, c, applyNow)
		var g *model.GuardError
		if !errors.As(a.Err, &g) {
			t.Errorf("%s: err %v", c, a.Err)
		}
	}
	if after := testkit.Snapshot(t, root); len(after) != len(before) {
		t.Fatal("files changed")
	} else {
		for k, v := range before {
			if after[k] != v {
				t.Errorf("%s changed", k)
			}
		}
	}
}

func TestApplyRefusesFilesChangedSinceLoad(t *testing.T) {
	root, lp, sp := applyProject(t, "in-progress")
	s := loadOne(t, root)
	testkit.Write(t, sp, story("in-progress", true, true))
	a := Loader{}.Apply(s, model.Restart, applyNow)
	if !errors.Is(a.Err, fsx.ErrChanged) {
		t.Fatalf("story changed: err %v", a.Err)
	}
	if testkit.Read(t, lp) != commentedLedger {
		t.Error("ledger written")
	}
	s = loadOne(t, root)
	testkit.Write(t, lp, commentedLedger+"\n")
	if a := (Loader{}).Apply(s, model.Discard, applyNow); !errors.Is(a.Err, fsx.ErrChanged) {
		t.Fatalf("ledger changed: err %v", a.Err)
	}
	if _, err := os.Stat(sp); err != nil {
		t.Error("story archived")
	}
}

func TestDiscardArchivesAnUnreadableLedger(t *testing.T) {
	root := project(t, map[string]string{implDir + "sprint-status.yaml": "development_status:\n  epic-1: [unclosed\n"})
	s := loadOne(t, root)
	a := Loader{}.Apply(s, model.Discard, applyNow)
	if a.Err != nil || a.ArchivedTo == "" {
		t.Fatalf("%+v", a)
	}
	if testkit.Read(t, a.ArchivedTo) != "development_status:\n  epic-1: [unclosed\n" {
		t.Error("archive differs")
	}
}

func TestSetValueKeepsEveryOtherByte(t *testing.T) {
	in := []byte("a:\n  k1: 'in-progress' # c\n  权限: in-progress\n")
	out, ok := setValue(in, 2, 7, "in-progress", "review")
	if !ok || string(out) != "a:\n  k1: 'review' # c\n  权限: in-progress\n" {
		t.Errorf("%q %v", out, ok)
	}
	out, ok = setValue(in, 3, 7, "in-progress", "done")
	if !ok || string(out) != "a:\n  k1: 'in-progress' # c\n  权限: done\n" {
		t.Errorf("%q %v", out, ok)
	}
	if _, ok := setValue(in, 3, 7, "review", "done"); ok {
		t.Error("edited a value that is not there")
	}
}
