package design

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// FuzzLoad: any bytes in a session file give a session (never a panic),
// a file that is not JSON is reported with its name and the line, a
// file that reads as a session is one Discover claims, and the choices
// that write leave a session file that reads back.
func FuzzLoad(f *testing.F) {
	for _, name := range []string{"spec_example", "listing", "drift", "corrupted", "missing_artifact", "tickets", "all_complete",
		"stage_names", "stale_status", "status_ahead", "bom", "foreign"} {
		matches, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "design", name, ".claude", "design", "sessions", "*.session.json"))
		for _, m := range matches {
			if data, err := os.ReadFile(m); err == nil {
				f.Add(data)
			}
		}
	}
	f.Add([]byte(`{"current_stage": "3b", "stage_status": {"3a": true}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		project := t.TempDir()
		testkit.Write(t, filepath.Join(project, ".claude/design/fz-rules.md"), "# rules\n")
		testkit.Write(t, filepath.Join(project, "docs/design/fz.md"), "# TDD\n")
		path := sessionPath(project, "fz")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		l := New(opts(true))
		s, err := l.Load(project, path)
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Phases) != 8 || s.ResumePoint.Phase == "" || len(s.Report) == 0 {
			t.Fatalf("session %+v", s)
		}
		// Discover's signature check never hides a file that reads as a
		// session.
		if tree, jerr := parseJSON(data); jerr == nil {
			if _, serr := readSessionFile(tree, &english); serr == nil && !ClaimsSession(data) {
				t.Fatalf("a readable session is not claimed: %q", data)
			}
		}
		if _, jerr := parseJSON(data); jerr != nil {
			want := fmt.Sprintf(".claude/design/sessions/fz.session.json is corrupted (not valid JSON: line %d, column %d: ", jerr.Line, jerr.Col)
			if !slices.ContainsFunc(s.Warnings, func(w string) bool { return strings.HasPrefix(w, want) }) {
				t.Fatalf("warnings %q do not name the file and line (%s)", s.Warnings, want)
			}
		}
		for _, c := range []model.Choice{model.Continue, model.Restart} {
			if s.Policy[c].Disabled != "" || (c == model.Continue && !s.Policy[c].Writes) {
				continue
			}
			a := l.Apply(s, c, now)
			if a.Err != nil {
				t.Fatalf("%s: %v", c, a.Err)
			}
			out, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			tree, jerr := parseJSON(out)
			if jerr != nil {
				t.Fatalf("%s wrote a file that does not parse: %v\n%s", c, jerr, out)
			}
			if _, serr := readSessionFile(tree, &english); serr != nil {
				t.Fatalf("%s wrote a file without stages: %v\n%s", c, serr, out)
			}
			return
		}
	})
}
