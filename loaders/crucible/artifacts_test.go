package crucible

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/model"
)

// A pipeline lists its manifest, pipeline-status.md, the handoffs and
// every dispatch file with its phase; a dispatch file that is gone is
// listed as missing.
func TestArtifacts(t *testing.T) {
	w := newWorld(t, "crash", "4", "main")
	if err := os.Remove(filepath.Join(w.ddir, "10-inquisitor.md")); err != nil {
		t.Fatal(err)
	}
	_, s := w.load()
	if s.Artifacts != nil {
		t.Fatal("the artifact list was made before it was asked for")
	}
	arts := s.ArtifactList()
	by := map[string]model.Artifact{}
	kinds := map[string]int{}
	for _, a := range arts {
		by[a.Path] = a
		kinds[a.Kind]++
	}
	if kinds["manifest"] != 1 || kinds["pipeline_status"] != 1 || kinds["handoff"] != 2 || kinds["dispatch"] != 10 {
		t.Fatalf("kinds %v", kinds)
	}
	if arts[0].Path != w.manifest() || arts[0].Kind != "manifest" {
		t.Fatalf("first %+v", arts[0])
	}
	if a := by[filepath.Join(w.scratch, "handoff-2-to-3.md")]; a.Kind != "handoff" || a.Phase != "2" || !a.Exists {
		t.Fatalf("handoff %+v", a)
	}
	if a := by[filepath.Join(w.ddir, "3-plan-writer.md")]; a.Kind != "dispatch" || a.Phase != "2" || !a.Exists {
		t.Fatalf("dispatch %+v", a)
	}
	gone := by[filepath.Join(w.ddir, "10-inquisitor.md")]
	if gone.Kind != "dispatch" || gone.Exists || gone.Phase == "" {
		t.Fatalf("missing dispatch %+v", gone)
	}
}
