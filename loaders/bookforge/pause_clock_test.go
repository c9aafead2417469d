package bookforge

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestPauseLinesOneTimeFormat: the pause panel says every time the same
// way ("2026-11-27 11:08:31 UTC"): "Paused at" as "safe since" does, not
// the marker's raw ISO text beside it.
func TestPauseLinesOneTimeFormat(t *testing.T) {
	data := []byte(`{"kind":"quota","phase":"write_scene","chapter":1,"scene":3,"status_code":429,"retry_after_seconds":600,"created_at":"2026-11-27T11:08:31Z"}`)
	p, _ := parsePause("draft/context/run_paused.json", data, &english)
	now := time.Date(2026, 11, 27, 16, 0, 0, 0, time.UTC)
	all := strings.Join(p.Lines(now), "\n")
	if !strings.Contains(all, "Paused at: 2026-11-27 11:08:31 UTC") || !strings.Contains(all, "safe since 2026-11-27 11:18:31 UTC") {
		t.Fatalf("pause lines:\n%s", all)
	}
	if regexp.MustCompile(`\dT\d`).MatchString(all) {
		t.Fatalf("an ISO time beside the panel's format:\n%s", all)
	}
}
