package git

import (
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// newRepo makes a real repository in a temporary directory, on branch
// main, with one committed file (README) so HEAD exists.
func newRepo(t *testing.T) string {
	t.Helper()
	testkit.Isolate(t)
	dir := t.TempDir()
	writeFile(t, dir, "README", "hello\n")
	testkit.Commit(t, dir, "init")
	return dir
}

// gitRun runs git in dir and fails the test on error. What the run
// read about any folder is forgotten (headOf keeps it for a whole run,
// and a test changes repositories as a run never does).
func gitRun(t *testing.T, dir string, args ...string) string {
	t.Helper()
	defer Forget("")
	return testkit.Git(t, dir, nil, args...)
}

// writeFile writes rel (slash-separated) under dir, making parents.
func writeFile(t *testing.T, dir, rel, content string) {
	t.Helper()
	testkit.Write(t, filepath.Join(dir, filepath.FromSlash(rel)), content)
}
