package aios

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"

	"github.com/pickup-dev/pickup/model"
)

// fixtureDir holds the real example files.
const fixtureDir = "../../testdata/aios"

// fixture returns the bytes of testdata/aios/<name>.
func fixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtureDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// place writes data at rel (slash-separated) under a new temporary
// project and returns the project root and the file's absolute path.
func place(t *testing.T, rel string, data []byte) (project, path string) {
	t.Helper()
	project = t.TempDir()
	path = filepath.Join(project, filepath.FromSlash(rel))
	testkit.Write(t, path, string(data))
	return project, path
}

// load places data at the seed location and loads it.
func load(t *testing.T, data []byte) *model.Session {
	t.Helper()
	project, path := place(t, ".aios/.session-state.yaml", data)
	s, err := New().Load(project, path)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return s
}
