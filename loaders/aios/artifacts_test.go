package aios

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/pickup-dev/pickup/model"
)

// The state names story ids; their files are probed in docs/stories at
// the two known names. The current story is listed even when missing,
// done and pending ones only when their file exists.
func TestStoryArtifacts(t *testing.T) {
	state := []byte(`session_state:
  version: '1.2'
  last_updated: '2026-02-15T10:30:00Z'
  progress:
    current_story: 12.3
    stories_done: [12.1, 12.2, ../../etc/passwd]
    stories_pending: [12.3, 12.4, 12.5]
  workflow: {current_phase: development}
`)
	project, path := place(t, ".aios/.session-state.yaml", state)
	for _, f := range []string{"12.1.story.md", "12.2.jwt-basics.md", "12.5.story.md", "12.4.notes.txt"} {
		p := filepath.Join(project, "docs", "stories", f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("# story\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New().Load(project, path)
	if err != nil {
		t.Fatal(err)
	}
	want := []model.Artifact{
		{Path: "docs/stories/12.3.story.md", Kind: "story"},
		{Path: "docs/stories/12.1.story.md", Kind: "story", Exists: true},
		{Path: "docs/stories/12.2.jwt-basics.md", Kind: "story", Exists: true},
		{Path: "docs/stories/12.5.story.md", Kind: "story", Exists: true},
	}
	if !reflect.DeepEqual(s.Artifacts, want) {
		t.Fatalf("artifacts\n got %+v\nwant %+v", s.Artifacts, want)
	}
}

func TestStoryArtifactsCorruptedHasNone(t *testing.T) {
	s := load(t, fixture(t, "corrupted_bad_yaml.yaml"))
	if len(s.Artifacts) != 0 {
		t.Fatalf("%+v", s.Artifacts)
	}
}
