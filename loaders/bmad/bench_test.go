package bmad

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// BenchmarkLoad400Stories loads a ledger of 40 epics of 10 stories, each
// story with its file of 12 tasks (issue 27's size), made here.
func BenchmarkLoad400Stories(b *testing.B) {
	root, path := writeSprint(b, 40)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := Loader{}.Load(root, path)
		if err != nil || s.Stage != "30-4-story-number-4-of-epic-30" || s.Units.Total != 400 {
			b.Fatalf("%v %q %+v", err, s.Stage, s.Units)
		}
	}
}

// writeSprint writes a sprint of epics epics of 10 stories: epics from
// 30 on are open (story 30-4 in progress), the others done; and returns
// the project and its ledger. With fewer than 30 epics the last epic's
// story 4 is the one in progress.
func writeSprint(b *testing.B, epics int) (string, string) {
	b.Helper()
	root := b.TempDir()
	open := min(30, epics)
	var led strings.Builder
	led.WriteString("generated: 2026-05-01\nproject: Bench\n\ndevelopment_status:\n")
	dir := filepath.Join(root, filepath.FromSlash(implDir))
	for e := 1; e <= epics; e++ {
		fmt.Fprintf(&led, "  # Epic %d\n  epic-%d: %s\n", e, e, map[bool]string{true: "done", false: "in-progress"}[e < open])
		for s := 1; s <= 10; s++ {
			key := fmt.Sprintf("%d-%d-story-number-%d-of-epic-%d", e, s, s, e)
			st := "done"
			switch {
			case e == open && s == 4:
				st = "in-progress"
			case e >= open:
				st = "backlog"
			}
			fmt.Fprintf(&led, "  %s: %s\n", key, st)
			if st == "backlog" {
				continue
			}
			var sb strings.Builder
			fmt.Fprintf(&sb, "# Story %d.%d: Bench\n\nStatus: %s\n\n## Story\n\nAs a user…\n\n## Tasks / Subtasks\n\n", e, s, st)
			for k := 1; k <= 12; k++ {
				fmt.Fprintf(&sb, "- [x] Task %d (AC: %d)\n  - [x] Subtask %d.1\n", k, k, k)
			}
			sb.WriteString("\n## Dev Notes\n\n## Dev Agent Record\n\n### File List\n")
			testkit.Write(b, filepath.Join(dir, key+".md"), sb.String())
		}
		fmt.Fprintf(&led, "  epic-%d-retrospective: optional\n", e)
	}
	path := filepath.Join(dir, "sprint-status.yaml")
	testkit.Write(b, path, led.String())
	return root, path
}
