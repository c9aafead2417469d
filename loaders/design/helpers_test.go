package design

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// now is the clock every write in these tests is stamped with.
var now = time.Date(2026, 1, 28, 15, 0, 0, 0, time.UTC)

const nowStamp = "20260128T150000.000Z"

// fixture copies testdata/design/<name> into a fresh folder and returns
// it: tests write there, never into testdata. The fixture's README (where
// its shape comes from) is not part of the project.
func fixture(t *testing.T, name string) string {
	t.Helper()
	dir := testkit.Fixture(t, filepath.Join("..", "..", "testdata", "design", name))
	if err := os.Remove(filepath.Join(dir, "README.md")); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return dir
}

// opts are loader options; flags as name, value pairs.
func opts(plain bool, flags ...string) loaders.Options {
	o := loaders.Options{Plain: plain, Flags: map[string]string{}}
	for i := 0; i+1 < len(flags); i += 2 {
		o.Flags[flags[i]] = flags[i+1]
	}
	return o
}

// only discovers and loads the single design session of a project.
func only(t *testing.T, project string, o loaders.Options) (*Loader, *model.Session) {
	t.Helper()
	l := New(o)
	paths, err := l.Discover(project)
	if err != nil {
		t.Fatalf("Discover: %v", err)
	}
	if len(paths) != 1 {
		t.Fatalf("Discover found %d sessions, want 1: %v", len(paths), paths)
	}
	s, err := l.Load(project, paths[0])
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return l, s
}

func gone(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Lstat(path); err == nil {
		t.Fatalf("%s exists, want it gone", path)
	}
}

// sessionPath is a feature's session file in project.
func sessionPath(project, feature string) string {
	return filepath.Join(project, ".claude", "design", "sessions", feature+".session.json")
}

// replaceOnce replaces old, which must occur exactly once, in s.
func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	if n := strings.Count(s, old); n != 1 {
		t.Fatalf("%q occurs %d times, want once", old, n)
	}
	return strings.Replace(s, old, new, 1)
}

// apply carries out a choice as the core would after its guards.
func apply(t *testing.T, l loaders.Loader, s *model.Session, c model.Choice) model.Applied {
	t.Helper()
	a := l.Apply(s, c, now)
	if a.Choice != c {
		t.Fatalf("Applied.Choice %q, want %q", a.Choice, c)
	}
	return a
}

// files lists the regular files under dir, relative and sorted.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	return out
}
