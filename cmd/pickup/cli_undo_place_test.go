package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// aiosRestarted is a project whose AIOS session pickup restarted: the
// project, its state file, and the file's bytes before and after.
func aiosRestarted(t *testing.T, dir string) (state, before, after string) {
	t.Helper()
	state = filepath.Join(dir, ".aios", ".session-state.yaml")
	before = testkit.Read(t, filepath.Join("..", "..", "testdata", "aios", "core.yaml"))
	testkit.Write(t, state, before)
	pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitOK)
	after = testkit.Read(t, state)
	if after == before {
		t.Fatal("RESTART wrote nothing")
	}
	return state, before, after
}

// The refusal of an undo that would write outside its project: exit 5,
// veto state_outside_project, nothing written.
func wantOutsideRefusal(t *testing.T, dir string) map[string]any {
	t.Helper()
	m := pickup(t, dir, "undo", "--yes", "--json").want(t, exitBlocked).json(t)
	if m["blocked"] != true || m["veto"] != VetoOutside || m["done"] != false {
		t.Fatalf("undo: %v", m)
	}
	return m
}

// TestUndoInCopiedProjectRefusesOriginal: `cp -a orig copy`, then
// `pickup undo --yes` in the copy. The copy's log holds orig's record,
// whose paths are orig's: before, the undo put orig's state file back.
func TestUndoInCopiedProjectRefusesOriginal(t *testing.T) {
	base := testkit.RealTempDir(t)
	orig, cp := filepath.Join(base, "orig"), filepath.Join(base, "copy")
	state, _, after := aiosRestarted(t, orig)
	if out, err := exec.Command("cp", "-a", orig, cp).CombinedOutput(); err != nil {
		t.Fatalf("cp -a: %v %s", err, out)
	}
	m := wantOutsideRefusal(t, cp)
	if !strings.Contains(m["reason"].(string), "recorded for the project "+orig) {
		t.Fatalf("reason %q", m["reason"])
	}
	if testkit.Read(t, state) != after {
		t.Fatal("the undo in the copy rewrote the original's state file")
	}
	copyState := filepath.Join(cp, ".aios", ".session-state.yaml")
	if testkit.Read(t, copyState) != after {
		t.Fatal("the copy's state file changed")
	}
	// The original's own undo still works.
	pickup(t, orig, "undo", "--yes").want(t, exitOK)
}

// TestUndoReplayedRecordFromAnotherProjectRefused: a signed record of
// project A (and its blob) put in project B's log, as B's newest
// operation. Before, B's undo wrote A's state file.
func TestUndoReplayedRecordFromAnotherProjectRefused(t *testing.T) {
	a, b := testkit.RealTempDir(t), testkit.RealTempDir(t)
	stateA, _, afterA := aiosRestarted(t, a)
	aiosRestarted(t, b)
	copyFile := func(from, to string) {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	// A's record in place of B's own operation 1, with A's blob.
	copyFile(filepath.Join(a, fsx.OwnDir, "ops", "000001.json"), filepath.Join(b, fsx.OwnDir, "ops", "000001.json"))
	blobs, _ := os.ReadDir(filepath.Join(a, fsx.OwnDir, "blobs"))
	for _, bl := range blobs {
		copyFile(filepath.Join(a, fsx.OwnDir, "blobs", bl.Name()), filepath.Join(b, fsx.OwnDir, "blobs", bl.Name()))
	}
	m := wantOutsideRefusal(t, b)
	if !strings.Contains(m["reason"].(string), "recorded for the project "+a) {
		t.Fatalf("reason %q", m["reason"])
	}
	if testkit.Read(t, stateA) != afterA {
		t.Fatal("the replayed record rewrote A's state file")
	}
}

// TestUndoThroughStateFolderLinkedOutsideRefused: after a RESTART, .aios
// is replaced by a link to a folder outside the project holding a file
// with the restarted bytes. Before, the undo followed the link and wrote
// the old bytes there.
func TestUndoThroughStateFolderLinkedOutsideRefused(t *testing.T) {
	dir, outside := testkit.RealTempDir(t), testkit.RealTempDir(t)
	_, _, after := aiosRestarted(t, dir)
	if err := os.Rename(filepath.Join(dir, ".aios"), filepath.Join(dir, "aios-moved")); err != nil {
		t.Fatal(err)
	}
	planted := filepath.Join(outside, ".session-state.yaml")
	testkit.Write(t, planted, after)
	testkit.Symlink(t, outside, filepath.Join(dir, ".aios"))
	m := wantOutsideRefusal(t, dir)
	if !strings.Contains(m["reason"].(string), "symbolic link") {
		t.Fatalf("reason %q", m["reason"])
	}
	if testkit.Read(t, planted) != after {
		t.Fatal("the undo wrote through the link, outside the project")
	}
	if names, _ := os.ReadDir(outside); len(names) != 1 {
		t.Fatalf("files appeared outside: %v", names)
	}
}
