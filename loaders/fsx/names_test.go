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

func TestStamps(t *testing.T) {
	now := time.Date(2026, 11, 24, 13, 45, 12, 345e6, time.FixedZone("BRT", -3*3600))
	if got := Stamp(now); got != "20261124T164512Z" {
		t.Fatalf("Stamp = %s", got)
	}
	for st, want := range map[string]time.Time{
		"20261124T164512Z":     time.Date(2026, 11, 24, 16, 45, 12, 0, time.UTC),
		"20261124T164512Z-3":   time.Date(2026, 11, 24, 16, 45, 12, 2, time.UTC),
		"20261124T164512.345Z": time.Date(2026, 11, 24, 16, 45, 12, 345e6, time.UTC),
		"1775430161000":        time.UnixMilli(1775430161000).UTC(),
	} {
		if got, ok := ParseStamp(st); !ok || !got.Equal(want) {
			t.Errorf("ParseStamp(%s) = %v, %v; want %v", st, got, ok, want)
		}
	}
	for _, bad := range []string{"", "2026-11", "20261124T164512Z-1", "20261124T164512Z-x", "x1"} {
		if _, ok := ParseStamp(bad); ok {
			t.Errorf("ParseStamp(%q) accepted", bad)
		}
	}
	// FreeStamp: the first stamp none of whose names exists.
	dir := t.TempDir()
	a, b := dir+"/a", dir+"/b"
	write(t, a+".x."+Stamp(now), "", 0o644)
	write(t, b+".x."+Stamp(now)+"-2", "", 0o644)
	names := func(st string) []string { return []string{a + ".x." + st, b + ".x." + st} }
	if got := FreeStamp(now, names); got != Stamp(now)+"-3" {
		t.Fatalf("FreeStamp = %s", got)
	}
}
