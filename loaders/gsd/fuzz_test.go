package gsd

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoad runs the whole reader (claim, STATE.md, ROADMAP.md, HANDOFF.json,
// agent marker) over arbitrary bytes: it must never panic, and a session
// that loads must have a resume reason.
func FuzzLoad(f *testing.F) {
	for _, name := range []string{"in-progress-plan-without-summary", "milestone-complete", "stale-agent", "handoff-paused"} {
		dir := filepath.Join("..", "..", "testdata", "gsd", name, ".planning")
		st, _ := os.ReadFile(filepath.Join(dir, "STATE.md"))
		rm, _ := os.ReadFile(filepath.Join(dir, "ROADMAP.md"))
		ho, _ := os.ReadFile(filepath.Join(dir, "HANDOFF.json"))
		f.Add(st, rm, ho)
	}
	f.Add([]byte("---\nstatus: [\n---\nPhase: 1 of 99999999999\n"), []byte("- [x] **Phase 1.2.3.4: x**\n<summary>✅ Phases 1–100000</summary>"), []byte(`{"blockers":"x","plan":null}`))
	f.Fuzz(func(t *testing.T, state, roadmap, handoff []byte) {
		dir := t.TempDir()
		pl := filepath.Join(dir, ".planning")
		os.MkdirAll(filepath.Join(pl, "phases", "01-a"), 0o755)
		os.WriteFile(filepath.Join(pl, "phases", "01-a", "01-01-PLAN.md"), []byte("x"), 0o644)
		os.WriteFile(filepath.Join(pl, "STATE.md"), state, 0o644)
		os.WriteFile(filepath.Join(pl, "ROADMAP.md"), roadmap, 0o644)
		os.WriteFile(filepath.Join(pl, "HANDOFF.json"), handoff, 0o644)
		l := Loader{}
		paths, err := l.Discover(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			s, err := l.Load(dir, p)
			if err != nil {
				t.Fatal(err)
			}
			if s.Problem == nil && s.ResumePoint.Reason == "" {
				t.Fatalf("no resume reason for %q", state)
			}
		}
	})
}
