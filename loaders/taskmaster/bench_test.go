package taskmaster

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTasks writes a tagged tasks.json of n tasks in task-master's own
// layout (two-space indentation, its key order), each with subs
// subtasks: the first third done, then one in progress, the rest
// pending, each task depending on the one before.
func writeTasks(tb testing.TB, project string, n, subs int) {
	tb.Helper()
	var b strings.Builder
	b.WriteString("{\n  \"master\": {\n    \"tasks\": [\n")
	for i := 1; i <= n; i++ {
		status := "pending"
		switch {
		case i <= n/3:
			status = "done"
		case i == n/3+1:
			status = "in-progress"
		}
		deps := "[]"
		if i > 1 {
			deps = fmt.Sprintf("[\n          %d\n        ]", i-1)
		}
		fmt.Fprintf(&b, "      {\n        \"id\": %d,\n        \"title\": \"Task %d of the generated project\",\n        \"description\": \"Generated task %d.\",\n        \"details\": \"Details of task %d.\",\n        \"testStrategy\": \"Run the tests.\",\n        \"priority\": \"medium\",\n        \"dependencies\": %s,\n        \"status\": %q,\n        \"subtasks\": [", i, i, i, i, deps, status)
		for j := 1; j <= subs; j++ {
			ss := status
			if status == "in-progress" && j > 1 {
				ss = "pending"
			}
			fmt.Fprintf(&b, "\n          {\n            \"id\": %d,\n            \"title\": \"Subtask %d.%d\",\n            \"description\": \"Step %d.\",\n            \"dependencies\": [],\n            \"details\": \"\",\n            \"status\": %q,\n            \"parentTaskId\": %d\n          }", j, i, j, j, ss, i)
			if j < subs {
				b.WriteString(",")
			}
		}
		if subs > 0 {
			b.WriteString("\n        ")
		}
		b.WriteString("]\n      }")
		if i < n {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("    ],\n    \"metadata\": {\n      \"created\": \"2026-01-01T00:00:00.000Z\",\n      \"updated\": \"2026-01-02T00:00:00.000Z\",\n      \"description\": \"Tasks for master context\"\n    }\n  }\n}\n")
	p := filepath.Join(project, ".taskmaster", "tasks", "tasks.json")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkLoad2000Tasks discovers and loads a tasks.json of 2,000
// tasks with 5 subtasks each (about 4 MB), as task-master writes it.
func BenchmarkLoad2000Tasks(b *testing.B) {
	dir := b.TempDir()
	writeTasks(b, dir, 2000, 5)
	l := Loader{}
	b.ReportAllocs()
	for b.Loop() {
		paths, err := l.Discover(dir)
		if err != nil || len(paths) != 1 {
			b.Fatalf("discover %v %v", paths, err)
		}
		s, err := l.Load(dir, paths[0])
		if err != nil || s.Problem != nil || s.Progress.Total != 2000 || s.ResumePoint.Phase != "667.1" {
			b.Fatalf("load: %v %+v %+v %+v", err, s.Problem, s.Progress, s.ResumePoint)
		}
	}
}
