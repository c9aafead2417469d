package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// killedAt runs the kill loop's pickup with args in dir, killing it at
// the point of its writes that pick chooses among the points a traced run
// passes ("killloop: point N what path" lines). The roots (the project,
// its log included) are put back as they were between the two runs.
func killedAt(t *testing.T, dir string, roots []string, pick func(points []string) int, args ...string) {
	t.Helper()
	kb := killBin(t)
	reset := keepRoots(t, roots)
	run := func(env ...string) (string, error) {
		c, errb := killCmd(kb, dir, env, args...)
		err := c.Run()
		return errb.String(), err
	}
	trace, err := run("PICKUP_KILLLOOP_TRACE=1")
	if err != nil {
		t.Fatalf("%v: %v\n%s", args, err, trace)
	}
	var points []string
	for _, l := range strings.Split(trace, "\n") {
		if strings.HasPrefix(l, "killloop: point ") {
			points = append(points, l)
		}
	}
	at := pick(points)
	if at < 1 {
		t.Fatalf("no point to kill at among:\n%s", strings.Join(points, "\n"))
	}
	reset()
	if out, err := run("PICKUP_KILLLOOP_AT=" + strconv.Itoa(at)); err == nil {
		t.Fatalf("not killed at point %d:\n%s", at, out)
	}
}

// nth is the point number of the n-th point (1-based) whose line holds
// all of words.
func nth(n int, words ...string) func([]string) int {
	return func(points []string) int {
		for i, p := range points {
			ok := true
			for _, w := range words {
				ok = ok && strings.Contains(p, w)
			}
			if ok {
				if n--; n == 0 {
					return i + 1
				}
			}
		}
		return 0
	}
}

// TestStatusNamesARestartKilledBetweenItsWrites: kiln era B's RESTART is
// killed once the phase state is archived and before MEMORY.md is
// rewritten. Before, status, its JSON, the hook and resume said nothing
// of pickup's half-made write.
func TestStatusNamesARestartKilledBetweenItsWrites(t *testing.T) {
	e := kilnFixture(t, "execution", false)
	home := []string{"--claude-home", e.home}
	before := filesOf(t, e.project)
	killedAt(t, e.project, []string{e.project, e.home}, nth(1, " written "), append(home, "resume", "--choice", "restart", "--yes")...)
	if _, err := os.Stat(filepath.Join(e.project, ".kiln", "phase_3_state.md")); err == nil {
		t.Fatal("killed before the archive")
	}

	r := pickup(t, e.project, append(home, "status")...)
	if !strings.Contains(r.stdout, "! pickup stopped during RESTART at ") || !strings.Contains(r.stdout, "`pickup undo "+e.project+"` puts it back") {
		t.Fatalf("status:\n%s\n%s", r.stdout, r.stderr)
	}
	m := pickup(t, e.project, append(home, "status", "--json")...).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	cut, _ := s["interrupted"].(map[string]any)
	if cut == nil || cut["operation"] != 1.0 || cut["choice"] != "restart" || cut["undo"] != "pickup undo "+e.project || len(m["interrupted"].([]any)) != 1 {
		t.Fatalf("status --json: %v / %v", s["interrupted"], m["interrupted"])
	}
	alerted := false
	for _, a := range s["alerts"].([]any) {
		alerted = alerted || a.(map[string]any)["kind"] == string(model.AlertInterrupted)
	}
	if !alerted {
		t.Fatalf("no %s alert: %v", model.AlertInterrupted, s["alerts"])
	}
	h := pickup(t, e.project, append(home, "hook")...).want(t, exitOK)
	if !strings.Contains(h.stdout, "Interrupted write: pickup stopped during RESTART") {
		t.Fatalf("hook:\n%s", h.stdout)
	}
	rv := pickup(t, e.project, append(home, "resume", "--choice", "review")...)
	if !strings.Contains(rv.stderr, "pickup stopped during RESTART") {
		t.Fatalf("resume:\n%s\n%s", rv.stdout, rv.stderr)
	}
	rj := pickup(t, e.project, append(home, "resume", "--choice", "review", "--json")...).json(t)
	if rj["interrupted"] == nil {
		t.Fatalf("resume --json: %v", rj)
	}

	pickup(t, e.project, "undo", "--yes").want(t, exitOK)
	sameFiles(t, "after the undo", before, filesOf(t, e.project))
	if r := pickup(t, e.project, append(home, "status")...); strings.Contains(r.stdout+r.stderr, "pickup stopped") {
		t.Fatalf("still named after the undo:\n%s", r.stdout)
	}
}

// TestUndoKilledMidwayIsFinishedNotReversed: the undo of a bookforge
// DISCARD (two renames back) is killed after the first. The next
// `pickup undo --yes` finishes it: the book is as before the DISCARD.
// Before, it reversed the half undo, redoing the DISCARD's first move.
func TestUndoKilledMidwayIsFinishedNotReversed(t *testing.T) {
	dir := bookforgeProject(t, "real")
	before := filesOf(t, dir)
	pickup(t, dir, "resume", "--choice", "discard", "--yes").want(t, exitOK)
	discarded := filesOf(t, dir)
	killedAt(t, dir, []string{dir}, nth(1, " written "), "undo", "--yes")
	r := pickup(t, dir, "status")
	if !strings.Contains(r.stdout+r.stderr, "pickup stopped during undo of operation") || !strings.Contains(r.stdout+r.stderr, "finishes it") {
		t.Fatalf("status:\n%s\n%s", r.stdout, r.stderr)
	}
	u := pickup(t, dir, "undo", "--yes", "--json").want(t, exitOK).json(t)
	if u["finishes"] == nil || u["done"] != true {
		t.Fatalf("undo: %v", u)
	}
	sameFiles(t, "after the undo that finishes", before, filesOf(t, dir))
	// And an undo of that one redoes the whole DISCARD.
	pickup(t, dir, "undo", "--yes").want(t, exitOK)
	sameFiles(t, "after the redo", discarded, filesOf(t, dir))
}

// TestRestartKilledAfterItsTemporaryFileNamesAndRemovesIt: an AIOS
// RESTART killed with its temporary file whole, not yet renamed into
// place. The file is named (status --json, the text) and the undo takes
// it away. Before, it was left beside the state file without a word.
func TestRestartKilledAfterItsTemporaryFileNamesAndRemovesIt(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, ".aios", ".session-state.yaml")
	body := testkit.Read(t, filepath.Join("..", "..", "testdata", "aios", "core.yaml"))
	testkit.Write(t, state, body)
	killedAt(t, dir, []string{dir}, nth(1, " temp ", ".aios"), "resume", "--choice", "restart", "--yes")
	temps := tempsIn(t, dir)
	if len(temps) != 1 || testkit.Read(t, state) != body {
		t.Fatalf("temporary files %v; state changed: %v", temps, testkit.Read(t, state) != body)
	}
	m := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)
	cut := m["interrupted"].([]any)[0].(map[string]any)
	if tf := cut["temporary_files"].([]any); len(tf) != 1 || tf[0] != temps[0] {
		t.Fatalf("temporary files named: %v, on disk: %v", cut["temporary_files"], temps)
	}
	if r := pickup(t, dir, "status"); !strings.Contains(r.stdout, temps[0]) {
		t.Fatalf("status does not name %s:\n%s", temps[0], r.stdout)
	}
	pickup(t, dir, "undo", "--yes").want(t, exitOK)
	if left := tempsIn(t, dir); len(left) != 0 {
		t.Fatalf("left: %v", left)
	}
}
