package aios

import (
	"os"
	"path/filepath"
	"testing"
)

// storyDir answers from one listing what storyFile answers with a stat
// and a glob per story.
func TestStoryDirMatchesStoryFile(t *testing.T) {
	project := t.TempDir()
	dir := filepath.Join(project, filepath.FromSlash(StoriesDir))
	files := []string{"1.1.story.md", "1.2.auth-flow.md", "1.2.zeta.md", "1.3..md", "1.4.md", "1.5.story.txt",
		"1.6.a.b.md", "1.10.story.md", "1.1x.story.md", "[1].story.md", "2.*.x.md", "3.1.story.md.bak"}
	for _, f := range files {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(dir, "4.1.story.md"), 0o755)            // a folder where the exact name is
	os.Mkdir(filepath.Join(dir, "4.2.folder.md"), 0o755)           // a folder the glob matches
	os.Symlink("1.1.story.md", filepath.Join(dir, "5.1.story.md")) // a link to a file
	os.Symlink("missing", filepath.Join(dir, "5.2.story.md"))      // a dangling link
	os.Symlink("4.1.story.md", filepath.Join(dir, "5.3.story.md")) // a link to a folder
	d := &storyDir{project: project}
	for _, id := range []string{"1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "1.10", "1.1x", "[1]", "2", "2.*", "3.1",
		"4.1", "4.2", "5.1", "5.2", "5.3", "9.9", "1", "1.", ""} {
		wp, wok := storyFile(project, id)
		gp, gok := d.find(id)
		if wp != gp || wok != gok {
			t.Errorf("story %q: storyDir gives %q %v, storyFile %q %v", id, gp, gok, wp, wok)
		}
	}
	gone := &storyDir{project: filepath.Join(project, "nope")}
	if p, ok := gone.find("1.1"); ok || p != "" {
		t.Errorf("no stories folder: %q %v", p, ok)
	}
}
