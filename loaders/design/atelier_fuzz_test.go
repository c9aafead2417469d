package design_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/design"
)

// FuzzLoadAtelier feeds arbitrary bytes as .atelier/state.json (beside
// the atelier fixture's saved sessions) to the public Discover and Load
// (issue 9). The property: no panic, no hang; a state file that cannot
// be used is a Problem naming it, with a line inside it when it gives
// one; Load never fails on a file it could read; a state file Discover
// leaves out is not atelier's (issue 15) and does not read as a session.
func FuzzLoadAtelier(f *testing.F) {
	project := testkit.Fixture(f, filepath.Join("..", "..", "testdata", "design", "atelier"))
	state := filepath.Join(project, filepath.FromSlash(design.AtelierState))
	if data, err := os.ReadFile(state); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"version": 99, "phase": ["x"], "feature": "../../etc", "locked_files": "src/a.py", "updated_at": 1}`))
	f.Add([]byte(`{"phase": "design", "locked_files": [null, 1, "/etc/passwd", "../x"]}`))
	f.Add([]byte("\xef\xbb\xbf{\"phase\": \"build\"}\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(state, data, 0o644); err != nil {
			t.Fatal(err)
		}
		a := design.NewAtelier(loaders.Options{Now: time.Date(2026, 2, 16, 9, 0, 0, 0, time.UTC), Plain: true,
			Flags: map[string]string{}, Lists: map[string][]string{}})
		paths, err := a.Discover(project)
		if err != nil {
			t.Fatalf("Discover: %v", err)
		}
		// A state file is left out only when it is not atelier's: then
		// it is valid JSON without atelier's keys.
		if !slices.Contains(paths, state) {
			if design.ClaimsAtelier(data, true) {
				t.Fatalf("a claimed state file was not discovered: %q", data)
			}
			if s, err := a.Load(project, state); err == nil && s.Problem == nil {
				t.Fatalf("an unclaimed state file reads as a session: %q", data)
			}
		}
		for _, p := range paths {
			s, err := a.Load(project, p)
			if err != nil {
				t.Fatalf("Load failed on a readable file: %v", err)
			}
			if s == nil {
				t.Fatal("nil session")
			}
			if pr := s.Problem; pr != nil {
				if !strings.Contains(pr.Error(), project) {
					t.Fatalf("problem does not name the file: %+v", pr)
				}
				if pr.Path == state {
					if n := bytes.Count(data, []byte("\n")) + 1; pr.Line < 0 || pr.Line > n {
						t.Fatalf("problem line %d outside the file's %d lines", pr.Line, n)
					}
				}
			}
		}
	})
}
