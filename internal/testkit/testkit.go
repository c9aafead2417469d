// Package testkit holds the few helpers every package's tests need: real
// files in temporary folders and real git repositories with a private
// configuration. It is imported by _test.go files only.
package testkit

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
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

// RealTempDir is a new temporary folder by its real path, symbolic
// links resolved (as /tmp may be one), for code that hashes or compares
// a project's path.
func RealTempDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// Symlink makes the folder of link, then link as a symbolic link to
// target. It skips the test where symbolic links cannot be made.
func Symlink(t testing.TB, target, link string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
}

// Fixture copies the folder src into a new temporary folder and returns
// that folder: tests change the copy, never testdata.
func Fixture(t testing.TB, src string) string {
	t.Helper()
	dst := t.TempDir()
	CopyTree(t, src, dst)
	return dst
}

// CopyReplace copies the folder src into dst, applying the old, new
// string pairs of replace (as strings.NewReplacer) to every file. Unlike
// CopyTree it overwrites files already in dst, and every file is written
// with mode 0o644.
func CopyReplace(t testing.TB, src, dst string, replace ...string) {
	t.Helper()
	r := strings.NewReplacer(replace...)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, []byte(r.Replace(string(data))), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Snapshot returns the content of every file under dir by its slash
// separated path relative to dir, leaving out any .git folder: compare
// two snapshots to see what a step wrote.
func Snapshot(t testing.TB, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = Read(t, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TreeHash hashes everything under the roots that reading could change:
// each entry's path, mode and modification time, a symbolic link's
// target and a regular file's content (up to 1 MiB). Equal hashes before
// and after a step mean the step modified nothing there. Entries that
// cannot be read are left out rather than failing the test.
func TreeHash(t testing.TB, roots ...string) string {
	t.Helper()
	h := sha256.New()
	for _, root := range roots {
		var names []string
		_ = filepath.WalkDir(root, func(p string, _ fs.DirEntry, err error) error {
			if err == nil {
				names = append(names, p)
			}
			return nil
		})
		sort.Strings(names)
		for _, n := range names {
			st, err := os.Lstat(n)
			if err != nil {
				continue
			}
			fmt.Fprintf(h, "%s\x00%v\x00%d\x00", n, st.Mode(), st.ModTime().UnixNano())
			switch {
			case st.Mode()&fs.ModeSymlink != 0:
				l, _ := os.Readlink(n)
				h.Write([]byte(l))
			case st.Mode().IsRegular() && st.Size() < 1<<20:
				b, _ := os.ReadFile(n)
				h.Write(b)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Swap sets *p to v for the rest of the test and puts the old value back
// when it ends, for package variables such as a root folder.
func Swap[T any](t testing.TB, p *T, v T) {
	t.Helper()
	old := *p
	*p = v
	t.Cleanup(func() { *p = old })
}

// AddSeeds adds every file under root that matches one of the slash
// separated glob patterns to the fuzz target's seed corpus. Files that
// cannot be read are left out.
func AddSeeds(f *testing.F, root string, patterns ...string) {
	for _, pat := range patterns {
		paths, _ := filepath.Glob(filepath.Join(root, filepath.FromSlash(pat)))
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	}
}

// GitEnv is the environment that keeps git away from the machine's and
// the user's configuration.
var GitEnv = []string{"GIT_CONFIG_GLOBAL=" + os.DevNull, "GIT_CONFIG_NOSYSTEM=1"}

// Git runs git in dir with a private configuration, a fixed identity and
// main as the branch of a new repository, plus any extra environment
// (e.g. DateEnv), and returns its combined output. It fails the test when git fails, and skips it when
// git is not installed.
func Git(t testing.TB, dir string, env []string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), GitEnv...), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v in %s: %v\n%s", args, dir, err, out)
	}
	return string(out)
}

// DateEnv is the environment that dates a git commit's author and
// committer at when (in UTC); it is empty for the zero time.
func DateEnv(when time.Time) []string {
	if when.IsZero() {
		return nil
	}
	d := when.UTC().Format(time.RFC3339)
	return []string{"GIT_AUTHOR_DATE=" + d, "GIT_COMMITTER_DATE=" + d}
}

// GitAt is Git with the extra environment env plus DateEnv(when), and its
// output trimmed of surrounding space (a hash, a branch name).
func GitAt(t testing.TB, dir string, env []string, when time.Time, args ...string) string {
	t.Helper()
	return strings.TrimSpace(Git(t, dir, append(env[:len(env):len(env)], DateEnv(when)...), args...))
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
func Isolate(t testing.TB) {
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
