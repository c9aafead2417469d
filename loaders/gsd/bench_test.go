package gsd

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchProject writes a GSD project of n phases, four plans each, every
// plan summarized but the last one's last, with STATE.md and ROADMAP.md.
func benchProject(b *testing.B, n int) string {
	b.Helper()
	dir := b.TempDir()
	pl := filepath.Join(dir, ".planning")
	var rm strings.Builder
	rm.WriteString("# Roadmap\n\n## Phases\n\n")
	for i := 1; i <= n; i++ {
		box := "x"
		if i == n {
			box = " "
		}
		fmt.Fprintf(&rm, "- [%s] **Phase %d: Feature %d** - build feature %d\n", box, i, i, i)
		ph := filepath.Join(pl, "phases", fmt.Sprintf("%02d-feature-%d", i, i))
		if err := os.MkdirAll(ph, 0o755); err != nil {
			b.Fatal(err)
		}
		os.WriteFile(filepath.Join(ph, fmt.Sprintf("%02d-CONTEXT.md", i)), []byte("# context\n"), 0o644)
		for j := 1; j <= 4; j++ {
			os.WriteFile(filepath.Join(ph, fmt.Sprintf("%02d-%02d-PLAN.md", i, j)), []byte("---\nphase: x\n---\n# plan\n"), 0o644)
			if i < n || j < 4 {
				os.WriteFile(filepath.Join(ph, fmt.Sprintf("%02d-%02d-SUMMARY.md", i, j)), []byte("# summary\n"), 0o644)
			}
		}
	}
	os.WriteFile(filepath.Join(pl, "ROADMAP.md"), []byte(rm.String()), 0o644)
	state := fmt.Sprintf("---\ngsd_state_version: 1.0\nstatus: executing\nlast_updated: \"2026-05-16T00:00:00.000Z\"\n---\n# Project State\n\n## Current Position\n\nPhase: %d of %d (Feature %d)\nPlan: 4 of 4 in current phase\nStatus: In progress\n\n## Session Continuity\n\nLast session: 2026-05-16 10:00\nStopped at: Completed %02d-03-PLAN.md\nResume file: None\n", n, n, n, n)
	os.WriteFile(filepath.Join(pl, "STATE.md"), []byte(state), 0o644)
	return dir
}

// BenchmarkLoad60Phases: the scale, 60 phases (240 plans).
func BenchmarkLoad60Phases(b *testing.B) {
	dir := benchProject(b, 60)
	l := Loader{}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		paths, _ := l.Discover(dir)
		s, err := l.Load(dir, paths[0])
		if err != nil || s.ResumePoint.Phase != "Phase 60" || !strings.Contains(s.ResumePoint.Reason, "60-04-PLAN.md has no SUMMARY") {
			b.Fatalf("%v %+v", err, s.ResumePoint)
		}
	}
}
