package crucible

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// TestDispatchDirGuardsByEitherName: a folder named as the pipeline's
// dispatch directory is still refused when it holds the project or is
// $HOME, by its name or through a link to it; and it is the pipeline's
// only inside the scratch folder or the temp folder, named either way.
func TestDispatchDirGuardsByEitherName(t *testing.T) {
	tx := Catalogs.For(i18n.English)
	const sid = "1775430161"
	root := t.TempDir()
	dir := filepath.Join(root, "scratch", DispatchPrefix+sid)
	project := filepath.Join(dir, "shop")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", t.TempDir())
	for _, c := range []struct {
		name, dir, project, want string
	}{
		{"holds the project", dir, project, tx.IsProject},
		{"holds the project, named through a link", dir, filepath.Join(link, "shop"), tx.IsProject},
		{"is the project", dir, dir, tx.IsProject},
		{"elsewhere", dir, filepath.Join(root, "other"), ""},
	} {
		if ok, why := namedDispatchDir(tx, c.dir, sid, c.project); ok != (c.want == "") || why != c.want {
			t.Errorf("%s: %v %q, want %q", c.name, ok, why, c.want)
		}
	}
	t.Setenv("HOME", link)
	if ok, why := namedDispatchDir(tx, dir, sid, ""); ok || why != tx.IsHome {
		t.Errorf("$HOME through a link: %v %q", ok, why)
	}
	t.Setenv("HOME", t.TempDir())
	scratchLink := filepath.Join(root, "scratch-link")
	if err := os.Symlink(filepath.Join(root, "scratch"), scratchLink); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		scratch string
		want    string
	}{
		{filepath.Join(root, "scratch"), ""},
		{scratchLink, ""},
		{filepath.Join(root, "other"), tx.NotInScratch},
	} {
		if ok, why := dispatchDirOK(tx, dir, sid, c.scratch, filepath.Join(root, "p")); ok != (c.want == "") || why != c.want {
			t.Errorf("scratch %s: %v %q, want %q", c.scratch, ok, why, c.want)
		}
	}
}
