package gsd

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

var now = time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)

// snapshot is every file under dir with its bytes.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			d, _ := os.ReadFile(p)
			r, _ := filepath.Rel(dir, p)
			out[r] = string(d)
		}
		return err
	})
	return out
}

// DISCARD archives HANDOFF.json beside itself and touches nothing else:
// GSD then finds no handoff and reassesses from its files.
func TestDiscardArchivesHandoffOnly(t *testing.T) {
	dir := fixture(t, "handoff-paused")
	before := snapshot(t, dir)
	s := loadOne(t, dir)
	a := Loader{}.Apply(s, model.Discard, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	hp := filepath.Join(dir, ".planning", "HANDOFF.json")
	if len(a.Changed) != 1 || a.Changed[0] != hp || a.ArchivedTo != hp+".discarded.20261127T180000Z" {
		t.Fatalf("applied %+v", a)
	}
	after := snapshot(t, dir)
	if after[".planning/HANDOFF.json.discarded.20261127T180000Z"] != before[".planning/HANDOFF.json"] {
		t.Fatal("the archive does not hold the handoff's bytes")
	}
	delete(before, ".planning/HANDOFF.json")
	delete(after, ".planning/HANDOFF.json.discarded.20261127T180000Z")
	if len(before) != len(after) {
		t.Fatalf("%d files before, %d after", len(before), len(after))
	}
	for k, v := range before {
		if after[k] != v {
			t.Errorf("%s changed", k)
		}
	}
	// Reloaded: no handoff any more, so the rule goes on to the phases.
	if s2 := loadOne(t, dir); strings.HasPrefix(s2.ResumePoint.Phase, "handoff") {
		t.Errorf("still resumes from the handoff: %+v", s2.ResumePoint)
	}
}

// RESTART archives the checkpoint and the agent marker, never the
// handoff, the plans or the summaries.
func TestRestartArchivesCheckpointAndAgent(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		".planning/STATE.md":                  "## Current Position\n\nPhase: 1 of 1\nStatus: In progress\n",
		".planning/phases/01-a/01-01-PLAN.md": "p1", ".planning/phases/01-a/01-01-SUMMARY.md": "s1",
		".planning/phases/01-a/01-02-PLAN.md":     "p2",
		".planning/phases/01-a/.continue-here.md": "---\nstatus: in_progress\n---\n",
		".planning/current-agent-id.txt":          "agent-7\n",
		".planning/HANDOFF.json":                  `{"status":"paused","phase":"01-a"}`,
	})
	s := loadOne(t, dir)
	a := Loader{}.Apply(s, model.Restart, now)
	if a.Err != nil {
		t.Fatal(a.Err)
	}
	got := snapshot(t, dir)
	for _, gone := range []string{".planning/phases/01-a/.continue-here.md", ".planning/current-agent-id.txt"} {
		if _, ok := got[gone]; ok {
			t.Errorf("%s still there", gone)
		}
		if _, ok := got[gone+".discarded.20261127T180000Z"]; !ok {
			t.Errorf("%s not archived: %v", gone, got)
		}
	}
	for _, kept := range []string{".planning/HANDOFF.json", ".planning/phases/01-a/01-01-SUMMARY.md", ".planning/phases/01-a/01-02-PLAN.md"} {
		if _, ok := got[kept]; !ok {
			t.Errorf("%s was moved", kept)
		}
	}
}

// A marker changed since the load: nothing is written.
func TestApplyRefusesChangedMarker(t *testing.T) {
	dir := fixture(t, "stale-agent")
	s := loadOne(t, dir)
	id := filepath.Join(dir, ".planning", "current-agent-id.txt")
	if err := os.WriteFile(id, []byte("other-agent\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := Loader{}.Apply(s, model.Discard, now)
	if !errors.Is(a.Err, fsx.ErrChanged) {
		t.Fatalf("err %v", a.Err)
	}
	if d, _ := os.ReadFile(id); string(d) != "other-agent\n" {
		t.Fatal("the changed marker was moved")
	}
}

// CONTINUE and REVIEW write nothing; with no marker, RESTART and
// DISCARD have nothing to archive and say so.
func TestNothingToWrite(t *testing.T) {
	dir := fixture(t, "in-progress-plan-without-summary")
	before := snapshot(t, dir)
	s := loadOne(t, dir)
	for _, c := range []model.Choice{model.Continue, model.Review} {
		if a := (Loader{}).Apply(s, c, now); a.Err != nil || len(a.Changed) != 0 {
			t.Errorf("%s: %+v", c, a)
		}
	}
	for _, c := range []model.Choice{model.Restart, model.Discard} {
		if a := (Loader{}).Apply(s, c, now); a.Err == nil {
			t.Errorf("%s wrote: %+v", c, a)
		}
	}
	after := snapshot(t, dir)
	if len(before) != len(after) {
		t.Fatal("files changed")
	}
}

// gsd-2: DISCARD archives the dead auto.lock.
func TestGSD2DiscardArchivesDeadLock(t *testing.T) {
	dir := fixture(t, "gsd2-executing")
	write(t, dir, map[string]string{".gsd/auto.lock": `{"pid": 4242, "startedAt": "2026-03-01T10:00:00Z"}`})
	l := Loader{alive: func(int) bool { return false }}
	s := loadAll(t, l, dir)[0]
	a := l.Apply(s, model.Discard, now)
	if a.Err != nil || a.ArchivedTo != filepath.Join(dir, ".gsd", "auto.lock.discarded.20261127T180000Z") {
		t.Fatalf("%+v", a)
	}
}

// A marker that cannot be archived (a symbolic link) leaves every marker
// where it was: the ones already moved go back.
func TestRestartIsWholeOrNothing(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, map[string]string{
		".planning/STATE.md":                      "## Current Position\n\nPhase: 1 of 1\nStatus: In progress\n",
		".planning/phases/01-a/01-01-PLAN.md":     "p1",
		".planning/phases/01-a/.continue-here.md": "---\nstatus: in_progress\n---\n",
		"agent.txt": "agent-7\n",
	})
	if err := os.Symlink(filepath.Join(dir, "agent.txt"), filepath.Join(dir, ".planning", "current-agent-id.txt")); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	s := loadOne(t, dir)
	a := Loader{}.Apply(s, model.Restart, now)
	if !errors.Is(a.Err, fsx.ErrLink) || len(a.Changed) != 0 {
		t.Fatalf("%+v", a)
	}
	after := snapshot(t, dir)
	if len(after) != len(before) || after[".planning/phases/01-a/.continue-here.md"] != before[".planning/phases/01-a/.continue-here.md"] {
		t.Fatalf("before %v\nafter %v", before, after)
	}
}
