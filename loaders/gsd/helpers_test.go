package gsd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// fixture copies testdata/gsd/<name> into a temporary project.
func fixture(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	testkit.CopyTree(t, filepath.Join("..", "..", "testdata", "gsd", name), dir)
	return dir
}

// write writes files (path -> content) under dir.
func write(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// loadAll discovers and loads every GSD session under dir.
func loadAll(t *testing.T, l Loader, dir string) []*model.Session {
	t.Helper()
	paths, err := l.Discover(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []*model.Session
	for _, p := range paths {
		s, err := l.Load(dir, p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// loadOne is the one session under dir.
func loadOne(t *testing.T, dir string) *model.Session {
	t.Helper()
	ss := loadAll(t, Loader{}, dir)
	if len(ss) != 1 {
		t.Fatalf("%d sessions under %s, want 1", len(ss), dir)
	}
	return ss[0]
}

func alertTexts(s *model.Session) string {
	var b []string
	for _, a := range s.Alerts {
		b = append(b, string(a.Kind)+": "+a.Text)
	}
	return strings.Join(b, "\n")
}

func hasAlert(s *model.Session, kind model.AlertKind, part string) bool {
	for _, a := range s.Alerts {
		if a.Kind == kind && strings.Contains(a.Text, part) {
			return true
		}
	}
	return false
}
