package msg

import (
	"testing"
	"time"

	"github.com/pickup-dev/pickup/model"
)

func TestPickerFooter(t *testing.T) {
	c := &English
	tests := []struct {
		shown, total, archived, unmatched int
		showAll, typing                   bool
		want                              string
	}{
		{5, 5, 0, 0, false, false, "showing 5 of 5"},
		{3, 5, 2, 0, false, false, "showing 3 of 5: 2 archived; press a to show all"},
		{5, 5, 2, 0, true, false, "showing 5 of 5: 2 archived included; press a to hide archived"},
		{1, 5, 2, 2, false, false, "showing 1 of 5: 2 archived, 2 not matching the filter; press a to show all, esc clears the filter"},
		{0, 4, 0, 4, false, false, "showing 0 of 4: 4 not matching the filter; esc clears the filter"},
		// Typing a filter, a is text: the footer does not offer it.
		{3, 5, 2, 0, false, true, "showing 3 of 5: 2 archived"},
		{1, 5, 2, 2, true, true, "showing 1 of 5: 2 archived included, 2 not matching the filter; esc clears the filter"},
	}
	for _, tt := range tests {
		if got := c.PickerFooter(tt.shown, tt.total, tt.archived, tt.unmatched, tt.showAll, tt.typing); got != tt.want {
			t.Errorf("PickerFooter%v = %q, want %q", tt, got, tt.want)
		}
	}
}

func TestElapsedShortAndSize(t *testing.T) {
	c := &English
	for min, want := range map[int]string{0: "just now", 5: "5m ago", 59: "59m ago", 60: "1h ago", 47*60 + 59: "47h ago", 48 * 60: "2d ago"} {
		if got := c.ElapsedShort(min); got != want {
			t.Errorf("ElapsedShort(%d) = %q, want %q", min, got, want)
		}
	}
	for n, want := range map[int64]string{0: "0 B", 1023: "1023 B", 1024: "1.0 KiB", 1536: "1.5 KiB", 64 << 10: "64.0 KiB", 3 << 20: "3.0 MiB", 5 << 30: "5.0 GiB"} {
		if got := c.Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestArtifactFacts(t *testing.T) {
	c := &English
	now := time.Date(2026, 2, 15, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		a    model.Artifact
		want string
	}{
		{model.Artifact{Kind: "tdd", Phase: "3", Exists: true, Size: 1536, ModTime: now.Add(-2 * time.Hour), Integrity: model.IntegrityOK},
			"tdd|phase 3|1.5 KiB|modified 2 hours ago|integrity ok"},
		{model.Artifact{Kind: "scene", Phase: "write", Exists: true, Size: 10, Integrity: model.IntegrityChanged},
			"scene|phase write|10 B|changed since its hash was recorded"},
		{model.Artifact{Kind: "tdd", Phase: "Stage 3: Design"}, "tdd|missing: Stage 3: Design should have produced it"},
		{model.Artifact{Kind: "memory"}, "memory|missing"},
		{model.Artifact{Kind: "x", Exists: true, Refused: model.ArtifactOutside}, "x|outside the project: pickup never opens or previews it"},
		{model.Artifact{Kind: "x", Refused: model.ArtifactLoop}, "x|a symlink loop: pickup never opens or previews it"},
		{model.Artifact{Kind: "prompts", Exists: true, Dir: true}, "prompts|a folder"},
	}
	for _, tt := range tests {
		got := ""
		for i, f := range c.ArtifactFacts(tt.a, now) {
			if i > 0 {
				got += "|"
			}
			got += f
		}
		if got != tt.want {
			t.Errorf("ArtifactFacts(%+v) = %q, want %q", tt.a, got, tt.want)
		}
	}
}
