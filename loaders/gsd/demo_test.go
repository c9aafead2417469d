package gsd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// The demo sample reads as a pause at its checkpoint.
func TestDemoSample(t *testing.T) {
	dir := t.TempDir()
	testkit.CopyTree(t, filepath.Join("testdata", "demo"), dir)
	s := loadOne(t, dir)
	if s.ResumePoint.Phase != "Phase 2" || !strings.Contains(s.ResumePoint.Reason, "checkpoint .planning/phases/02-checkout/.continue-here.md") || s.LastAction == nil || !s.LastAction.Clean {
		t.Fatalf("%+v %+v", s.ResumePoint, s.LastAction)
	}
	if *s.Units != (model.Progress{Done: 3, Total: 4}) || len(s.Alerts) != 0 || s.Status != "paused" {
		t.Fatalf("units %+v alerts %v status %q", s.Units, s.Alerts, s.Status)
	}
	if !strings.Contains(s.Prompt, "## Checkpoint left by /gsd:pause-work (.planning/phases/02-checkout/.continue-here.md)\n> ---\n") ||
		!strings.Contains(s.Prompt, "> Finish the webhook handler in src/payments/webhook.ts") {
		t.Fatalf("prompt:\n%s", s.Prompt)
	}
}
