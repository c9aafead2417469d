package bookforge_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/bookforge"
)

// Fuzz targets over bookforge's public Discover and Load (issue 9): a
// phase ledger or the pause marker holds arbitrary bytes, in a copy of
// the reason_pause fixture. The property: no panic, no hang; Load either
// fails with an error naming the file, or gives a session whose Problem
// names a file of the book, with the damage said in a warning or a
// Problem rather than ignored.

func fuzzBook(tb testing.TB) (project, book string) {
	tb.Helper()
	project = testkit.Fixture(tb, filepath.Join("..", "..", "testdata", "bookforge", "reason_pause"))
	return project, filepath.Join(project, "workspace", "books", "tide")
}

func fuzzLoad(t *testing.T, project, file string, data []byte) {
	t.Helper()
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	l := bookforge.New(loaders.Options{Now: time.Date(2026, 2, 16, 9, 0, 0, 0, time.UTC), Plain: true,
		Flags: map[string]string{}, Lists: map[string][]string{}})
	paths, err := l.Discover(project)
	if err != nil {
		t.Fatalf("Discover: %v", err)
	}
	for _, p := range paths {
		s, err := l.Load(project, p)
		if err != nil {
			if !strings.Contains(err.Error(), project) {
				t.Fatalf("error does not name the file: %v", err)
			}
			continue
		}
		if s == nil {
			t.Fatal("nil session without an error")
		}
		if s.Problem != nil && (s.Problem.Path == "" || !strings.Contains(s.Problem.Error(), project)) {
			t.Fatalf("problem does not name a file of the book: %+v", s.Problem)
		}
		if s.Problem != nil && s.Problem.Path == file {
			if n := bytes.Count(data, []byte("\n")) + 1; s.Problem.Line < 0 || s.Problem.Line > n {
				t.Fatalf("problem line %d outside the file's %d lines", s.Problem.Line, n)
			}
		}
	}
}

// FuzzLoadLedger: draft/context/phase_history/ch001_sc001.json.
func FuzzLoadLedger(f *testing.F) {
	project, book := fuzzBook(f)
	ledger := filepath.Join(book, filepath.FromSlash(bookforge.HistoryDir), "ch001_sc001.json")
	if data, err := os.ReadFile(ledger); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"scene_id": "ch001_sc001", "phases": {"plan": {"status": "success", "artifacts": {"x": "../../../../etc/passwd"}}}}`))
	f.Add([]byte(`{"phases": {"write": {"status": 7, "timestamp": [], "artifacts": null}}, "phases": 1}`))
	f.Add([]byte("\xef\xbb\xbf{\"phases\": {}}\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzLoad(t, project, ledger, data) })
}

// FuzzLoadPause: draft/context/run_paused.json.
func FuzzLoadPause(f *testing.F) {
	project, book := fuzzBook(f)
	pause := filepath.Join(book, filepath.FromSlash(bookforge.PauseFile))
	f.Add([]byte(`{"book_id": "tide", "phase": "write_scene", "chapter": 1, "scene": 1, "reason_code": "needs_review", "details": {"why": "x"}, "created_at": "2026-02-10T10:00:00Z"}`))
	f.Add([]byte(`{"status_code": 429, "retry_after_seconds": 1e308, "created_at": "2026-02-10T10:00:00Z", "quota_violations": [{"quota_metric": 1}]}`))
	f.Add([]byte(`{"retry_after_seconds": -1, "chapter": 99999999999999999999, "scene": "x"}`))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzLoad(t, project, pause, data) })
}

// FuzzLoadState: state.json, whose cursor picks the resume scene (and
// can name a scene far before, after or between the ledgers).
func FuzzLoadState(f *testing.F) {
	project, book := fuzzBook(f)
	state := filepath.Join(book, bookforge.StateFile)
	f.Add([]byte(`{"schema_version": "1.0", "status": "DRAFTING", "cursor": {"chapter": 1, "scene": 2}, "plan": {"scene_card": "draft/context/phase_history/ch001_sc002/scene_card.json"}}`))
	f.Add([]byte(`{"status": "COMPLETE", "cursor": {"chapter": "3", "scene": 1.0}}`))
	f.Add([]byte(`{"cursor": {"chapter": -4, "scene": 99999999999999999999}, "plan": {"scene_card": "/dev/zero"}}`))
	f.Add([]byte(`{"cursor": [], "plan": "x"}`))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzLoad(t, project, state, data) })
}
