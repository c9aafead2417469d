package bmad

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// loadCase copies testdata/<name> to a temp project and loads its one
// ledger.
func loadCase(t *testing.T, name string) (string, *model.Session) {
	t.Helper()
	project := testkit.RealTempDir(t)
	testkit.CopyTree(t, filepath.Join("testdata", name), project)
	return project, loadOne(t, project)
}

func loadOne(t *testing.T, project string) *model.Session {
	t.Helper()
	paths, err := Loader{}.Discover(project)
	if err != nil || len(paths) != 1 {
		t.Fatalf("Discover: %v %v", paths, err)
	}
	s, err := Loader{}.Load(project, paths[0])
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// project writes files (slash paths relative to the project) into a new
// temp project.
func project(t *testing.T, files map[string]string) string {
	t.Helper()
	root := testkit.RealTempDir(t)
	for p, data := range files {
		testkit.Write(t, filepath.Join(root, filepath.FromSlash(p)), data)
	}
	return root
}

const implDir = "_bmad-output/implementation-artifacts/"

// ledger is a sprint-status.yaml with development_status lines.
func ledger(lines ...string) string {
	return "# generated: 2026-05-01\ngenerated: 2026-05-01\nproject: Demo\nstory_location: _bmad-output/implementation-artifacts\n\ndevelopment_status:\n  " + strings.Join(lines, "\n  ") + "\n"
}

// story is a story file with a Status line and task checkboxes.
func story(status string, ticks ...bool) string {
	var b strings.Builder
	b.WriteString("# Story 1.1: Something\n\nStatus: " + status + "\n\n## Story\n\nAs a user…\n\n## Tasks / Subtasks\n\n")
	for i, tk := range ticks {
		mark := " "
		if tk {
			mark = "x"
		}
		b.WriteString("- [" + mark + "] Task " + string(rune('1'+i)) + "\n")
	}
	b.WriteString("\n## Dev Notes\n\n## Dev Agent Record\n")
	return b.String()
}

func alertTexts(s *model.Session) string {
	var out []string
	for _, a := range s.Alerts {
		out = append(out, string(a.Kind)+": "+a.Text)
	}
	return strings.Join(out, "\n")
}

func field(s *model.Session, key string) string {
	for _, f := range s.Fields {
		if f.Key == key {
			return f.Value
		}
	}
	return ""
}
