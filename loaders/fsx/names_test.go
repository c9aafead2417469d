package fsx

import (
	"testing"
	"time"
)

func TestIsArchiveName(t *testing.T) {
	now := time.Date(2026, 11, 24, 13, 45, 12, 0, time.UTC)
	for _, tc := range []struct {
		name, orig string
		ok         bool
	}{
		{ArchiveName(".aios/.session-state.yaml", now), ".session-state.yaml", true},
		{"phase_history.discarded.1775430161000", "phase_history", true},
		{"MEMORY.md.discarded.20261124T134512Z", "MEMORY.md", true},
		{"notes.discarded.md", "", false},
		{".discarded.123", "", false},
		{"state.yaml", "", false},
		{"x.discarded.", "", false},
	} {
		orig, ok := IsArchiveName(tc.name)
		if ok != tc.ok || orig != tc.orig {
			t.Errorf("IsArchiveName(%q) = %q, %v; want %q, %v", tc.name, orig, ok, tc.orig, tc.ok)
		}
	}
}

func TestIsOwn(t *testing.T) {
	for rel, want := range map[string]bool{
		".pickup":                                true,
		".pickup/ops.jsonl":                      true,
		".pickupx/a":                             false,
		".claude/design/sessions/a.session.json": false,
		".claude/design/sessions/a.session.json.discarded.1775430161000":             true,
		"workspace/books/b/draft/context/phase_history.discarded.1/ch001_sc001.json": true,
		"src/main.go": false,
	} {
		if got := IsOwn(rel); got != want {
			t.Errorf("IsOwn(%q) = %v, want %v", rel, got, want)
		}
	}
}
