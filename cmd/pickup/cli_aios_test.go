package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

func init() {
	registerFormatTest("aios", formatTest{
		hostile: func(t *testing.T) hWorld {
			w := newHWorld(t)
			w.state = filepath.Join(w.project, ".aios", ".session-state.yaml")
			testkit.Write(t, w.state, testkit.Read(t, filepath.Join(hostileData, "aios", "core.yaml")))
			return w
		},
		hostileReview: true,
		demoArtifacts: []string{"story"},
		demoHook: []string{
			"aios session 5939d98f8774: «Authentication System / story 12.3»\n   State: crashed; last update 2 hours ago",
			"Resume point: «development» (recorded as the current phase).",
			"Guard: RESTART is blocked while git reports uncommitted changes (1 file).",
		},
	})
}

// aiosProducerFile is a session state aios-core's own code wrote
// (testdata/aios/producer).
func aiosProducerFile(t *testing.T, name string) string {
	t.Helper()
	return testkit.Read(t, filepath.Join("..", "..", "testdata", "aios", "producer", name))
}

// statusShowsOnly checks that status (JSON and text) lists the one
// session whose state file is real, names none of foreign, exits 0 and
// changes nothing in the project (issue 15: another tool's file at a
// known path is no session).
func statusShowsOnly(t *testing.T, dir, real string, foreign ...string) {
	t.Helper()
	before := testkit.TreeHash(t, dir)
	m := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)
	sessions := m["sessions"].([]any)
	if len(sessions) != 1 || sessions[0].(map[string]any)["path"] != real {
		t.Fatalf("sessions %v", sessions)
	}
	r := pickup(t, dir, "status").want(t, exitOK)
	for _, f := range foreign {
		if strings.Contains(r.stdout+r.stderr, f) {
			t.Fatalf("%s is mentioned:\n%s\n%s", f, r.stdout, r.stderr)
		}
	}
	if testkit.TreeHash(t, dir) != before {
		t.Fatal("status changed the project")
	}
}

// TestAIOSForeignFileIsNoSession: another tool's YAML and JSON sit at two
// of AIOS's known paths beside a real session. status lists only the
// real one (exit 0) and changes nothing; DISCARD archives only the real
// one.
func TestAIOSForeignFileIsNoSession(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "docs", "stories", ".session-state.yaml")
	testkit.Write(t, real, aiosProducerFile(t, "executor.yaml"))
	foreignYAML := filepath.Join(dir, ".aios", ".session-state.yaml")
	testkit.Write(t, foreignYAML, "# another tool's session list\nsessions:\n  - id: a1\n    started: 2026-02-05\nuser: ana\n")
	foreignJSON := filepath.Join(dir, ".aiox", ".session-state.yaml")
	testkit.Write(t, foreignJSON, `{"version": 2, "windows": [{"id": 1}], "last_session": "abc"}`+"\n")
	statusShowsOnly(t, dir, real, ".aios/", ".aiox/")

	d := pickup(t, dir, "resume", "--choice", "discard", "--yes", "--json").want(t, exitOK).json(t)
	if to, _ := d["archived_to"].(string); !strings.HasPrefix(to, real+".discarded.") {
		t.Fatalf("decision %v", d)
	}
	if testkit.Read(t, foreignYAML) == "" || testkit.Read(t, foreignJSON) == "" {
		t.Fatal("a foreign file was changed")
	}
	pickup(t, dir, "status").want(t, exitNoSession)
}

// TestAIOSGreenfieldResumes: a greenfield session the handler paused is
// resumed from its phase, not refused as phase_not_found.
func TestAIOSGreenfieldResumes(t *testing.T) {
	dir := t.TempDir()
	testkit.Write(t, filepath.Join(dir, "docs", "stories", ".session-state.yaml"), aiosProducerFile(t, "greenfield_paused.yaml"))
	m := pickup(t, dir, "status", "--json").want(t, exitOK).json(t)
	s := m["sessions"].([]any)[0].(map[string]any)
	if s["crash"].(map[string]any)["detected"] != false || s["resume_point"].(map[string]any)["phase"] != "greenfield_phase_2_sharding" {
		t.Fatalf("session %v", s)
	}
	d := pickup(t, dir, "resume", "--choice", "continue", "--json").want(t, exitOK).json(t)
	if d["next_step"] != "Resume the greenfield workflow from phase 2 (Document Sharding)." ||
		d["restored_context"].(map[string]any)["resume_from_phase"] != float64(2) {
		t.Fatalf("decision %v", d)
	}
}
