package aios

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/model"
)

// FuzzParse feeds arbitrary bytes to the parser. Properties: no panic; a
// file is either a Problem naming the file or a session with the six
// phases (four for the greenfield workflow) and sane counts; Discover's
// signature check (Claims) accepts every file that reads as a session;
// and RESTART on a readable session produces a file that reads back as
// readable, with the workflow reset.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "aios", "*.yaml"))
	producer, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "aios", "producer", "*.yaml"))
	seeds = append(seeds, producer...)
	for _, p := range seeds {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("session_state: &a [*a, *a]\n"))
	f.Add([]byte("\xef\xbb\xbfsession_state:\r\n  last_updated: '2026-01-01T00:00:00Z'\r\n  workflow: {}\r\n"))
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	const path = "/p/.aios/.session-state.yaml"
	f.Fuzz(func(t *testing.T, data []byte) {
		s := parseSession("/p", path, data)
		if s == nil {
			t.Fatal("nil session")
		}
		// Discover's signature check never hides a file pickup reads as
		// a session.
		if (s.Problem == nil || s.Problem.Kind != model.ErrCorrupted) && !Claims(data) {
			t.Fatalf("a readable session is not claimed:\n%s", data)
		}
		if s.Problem != nil {
			if s.Problem.Path != path {
				t.Fatalf("problem does not name the file: %+v", s.Problem)
			}
			if n := yamlLines(data); s.Problem.Line < 0 || s.Problem.Line > n {
				t.Fatalf("problem line %d outside the file's %d lines: %+v", s.Problem.Line, n, s.Problem)
			}
			if s.Problem.Kind == model.ErrCorrupted {
				return
			}
		}
		if len(s.Phases) != len(Phases) && len(s.Phases) != len(GreenfieldPhases) {
			t.Fatalf("%d phases", len(s.Phases))
		}
		if s.Progress.Done < 0 || s.Progress.Done > s.Progress.Total {
			t.Fatalf("progress %+v", s.Progress)
		}
		out, err := RestartState(data, now)
		if err != nil {
			return
		}
		again := parseSession("/p", path, out)
		if again.Problem != nil && again.Problem.Kind == model.ErrCorrupted {
			t.Fatalf("restart made a readable file unreadable: %v\n--- in\n%s\n--- out\n%s", again.Problem, data, out)
		}
		if cur := again.CurrentPhase(); cur != "" {
			t.Fatalf("after restart the current phase is %q", cur)
		}
	})
}

// yamlLines counts lines as YAML does: "\n", "\r\n" and a lone "\r" each
// end one (the seed be7c7ba4200ae910 has a lone "\r", and the parser
// rightly reports its line 2).
func yamlLines(data []byte) int {
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	return bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte("\r")) + 1
}
