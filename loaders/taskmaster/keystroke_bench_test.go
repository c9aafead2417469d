package taskmaster

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/tuibench"
)

// benchTaskmaster loads a generated task-master project of n tasks,
// five subtasks each, the first third done and the next in progress.
func benchTaskmaster(b *testing.B, n int) *model.Session {
	b.Helper()
	var sb strings.Builder
	sb.WriteString("{\n  \"master\": {\n    \"tasks\": [\n")
	for i := 1; i <= n; i++ {
		status := "pending"
		switch {
		case i <= n/3:
			status = "done"
		case i == n/3+1:
			status = "in-progress"
		}
		var subs []string
		for j := 1; j <= 5; j++ {
			ss := status
			if status == "in-progress" && j > 1 {
				ss = "pending"
			}
			subs = append(subs, fmt.Sprintf(`{"id": %d, "title": "Subtask %d.%d", "dependencies": [], "status": %q}`, j, i, j, ss))
		}
		fmt.Fprintf(&sb, `      {"id": %d, "title": "Task %d", "priority": "medium", "dependencies": [%d], "status": %q, "subtasks": [%s]}`, i, i, max(i-1, 0), status, strings.Join(subs, ", "))
		if i < n {
			sb.WriteString(",")
		}
		sb.WriteString("\n")
	}
	sb.WriteString("    ]\n  }\n}\n")
	dir := b.TempDir()
	p := filepath.Join(dir, ".taskmaster", "tasks", "tasks.json")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	return loadOneForBench(b, Loader{}, dir)
}

// BenchmarkKeystrokeTaskmaster is BenchmarkKeystroke on task-master
// tags of 10 and of 2,000 tasks: the options screen and REVIEW with its
// grid of tasks by subtasks. A key on 2,000 tasks may cost at most
// twice a key on 10.
func BenchmarkKeystrokeTaskmaster(b *testing.B) {
	for _, sc := range []struct {
		name   string
		screen model.Screen
	}{{"menu", model.ScreenOptions}, {"review", model.ScreenReview}} {
		for _, n := range []int{10, 200, 2000} {
			b.Run(fmt.Sprintf("%s/taskmaster-%d-tasks", sc.name, n), func(b *testing.B) {
				s := benchTaskmaster(b, n)
				tuibench.Keystroke(b, s, sc.screen)
				b.ReportMetric(float64(len(s.Phases)), "phases")
			})
		}
	}
}

// loadOneForBench is the first session Discover finds in project.
func loadOneForBench(b *testing.B, l Loader, project string) *model.Session {
	b.Helper()
	paths, err := l.Discover(project)
	if err != nil || len(paths) == 0 {
		b.Fatalf("discover: %v %v", paths, err)
	}
	s, err := l.Load(project, paths[0])
	if err != nil {
		b.Fatal(err)
	}
	return s
}
