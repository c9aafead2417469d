// Package testkit holds the few helpers every package's tests need: real
// files in temporary folders and real git repositories with a private
// configuration. It is imported by _test.go files only.
package testkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Read returns the content of path, failing the test when it cannot be
// read.
func Read(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Write writes data to path, making the parent folders first.
func Write(t testing.TB, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// CopyTree copies the folder src into dst (which may exist; files in it
// may not).
func CopyTree(t testing.TB, src, dst string) {
	t.Helper()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
}

// GitEnv is the environment that keeps git away from the machine's and
// the user's configuration.
var GitEnv = []string{"GIT_CONFIG_GLOBAL=" + os.DevNull, "GIT_CONFIG_NOSYSTEM=1"}

// Git runs git in dir with a private configuration and a fixed identity,
// plus any extra environment (e.g. GIT_AUTHOR_DATE), and returns its
// combined output. It fails the test when git fails, and skips it when
// git is not installed.
func Git(t testing.TB, dir string, env []string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), GitEnv...), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v in %s: %v\n%s", args, dir, err, out)
	}
	return string(out)
}

// Commit makes dir a git repository on branch main (when it is not one
// yet) and commits everything in it.
func Commit(t testing.TB, dir, message string) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		Git(t, dir, nil, "init", "-q", "-b", "main")
	}
	Git(t, dir, nil, "add", "-A")
	Git(t, dir, nil, "commit", "-q", "--allow-empty", "-m", message)
}

// Isolate points the whole test process's git at the private
// configuration, for code under test that runs git itself.
func Isolate(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_AUTHOR_NAME", "t")
	t.Setenv("GIT_AUTHOR_EMAIL", "t@t")
	t.Setenv("GIT_COMMITTER_NAME", "t")
	t.Setenv("GIT_COMMITTER_EMAIL", "t@t")
}
