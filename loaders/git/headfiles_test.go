package git

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// TestHeadFromFilesAgreesWithGit: in every plain case the repository's
// files give what git's rev-parse gives, field by field, and every case
// out of the plain one is left to git. Each case is a real repository
// changed by real git commands; want says whether the files answer.
func TestHeadFromFilesAgreesWithGit(t *testing.T) {
	cases := []struct {
		name string
		// setup makes the repository and returns the folder asked about.
		setup func(t *testing.T) string
		want  bool
	}{
		{"top", func(t *testing.T) string { return newRepo(t) }, true},
		{"a subfolder", func(t *testing.T) string {
			dir := newRepo(t)
			writeFile(t, dir, "a/b/c.txt", "x")
			return filepath.Join(dir, "a", "b")
		}, true},
		{"another branch", func(t *testing.T) string {
			dir := newRepo(t)
			gitRun(t, dir, "checkout", "-q", "-b", "feature/x-1")
			return dir
		}, true},
		{"a detached HEAD", func(t *testing.T) string {
			dir := newRepo(t)
			gitRun(t, dir, "checkout", "-q", "--detach")
			return dir
		}, true},
		{"packed refs", func(t *testing.T) string {
			dir := newRepo(t)
			gitRun(t, dir, "pack-refs", "--all")
			if _, err := os.Stat(filepath.Join(dir, ".git", "refs", "heads", "main")); err == nil {
				t.Fatal("pack-refs left the loose ref")
			}
			return dir
		}, true},
		{"no commit yet", func(t *testing.T) string {
			testkit.Isolate(t)
			dir := t.TempDir()
			gitRun(t, dir, "init", "-q", "-b", "trunk")
			return dir
		}, true},
		{"a linked work tree", func(t *testing.T) string {
			dir := newRepo(t)
			wt := filepath.Join(t.TempDir(), "wt")
			gitRun(t, dir, "worktree", "add", "-q", "-b", "side", wt)
			return wt
		}, true},
		{"through a symlink", func(t *testing.T) string {
			dir := newRepo(t)
			writeFile(t, dir, "sub/f", "x")
			link := filepath.Join(t.TempDir(), "link")
			if err := os.Symlink(dir, link); err != nil {
				t.Fatal(err)
			}
			return filepath.Join(link, "sub")
		}, true},
		{"an include in the global config", func(t *testing.T) string {
			dir := newRepo(t)
			home := t.TempDir()
			writeFile(t, home, "work.gitconfig", "[user]\n\temail = w@example.com\n")
			writeFile(t, home, "global", "[includeIf \"gitdir:"+dir+"/\"]\n\tpath = work.gitconfig\n")
			t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "global"))
			return dir
		}, true},
		{"core.worktree in an included file", func(t *testing.T) string {
			dir := newRepo(t)
			home := t.TempDir()
			writeFile(t, home, "inc", "[core]\n\tworktree = /nowhere\n")
			writeFile(t, home, "global", "[include]\n\tpath = "+filepath.Join(home, "inc")+"\n")
			t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "global"))
			return dir
		}, false},
		{"an include from another user's home", func(t *testing.T) string {
			dir := newRepo(t)
			gitRun(t, dir, "config", "include.path", "~nobody/x.inc")
			return dir
		}, false},
		{"a reftable repository", func(t *testing.T) string {
			dir := newRepo(t)
			gitRun(t, dir, "config", "extensions.refStorage", "reftable")
			return dir
		}, false},
		{"bare = true continued on the next line", func(t *testing.T) string {
			dir := newRepo(t)
			cfg := filepath.Join(dir, ".git", "config")
			b, err := os.ReadFile(cfg)
			if err != nil {
				t.Fatal(err)
			}
			testkit.Write(t, cfg, strings.Replace(string(b), "bare = false", "bare = \\\n\t\tfalse", 1))
			return dir
		}, false},
		{"a symbolic branch", func(t *testing.T) string {
			dir := newRepo(t)
			gitRun(t, dir, "symbolic-ref", "refs/heads/alias", "refs/heads/main")
			gitRun(t, dir, "symbolic-ref", "HEAD", "refs/heads/alias")
			return dir
		}, false},
		{"a .git that is no repository", func(t *testing.T) string {
			dir := newRepo(t)
			inner := filepath.Join(dir, "inner")
			writeFile(t, inner, ".git/HEAD", "ref: refs/heads/main\n")
			return inner
		}, false},
		{"another owner's repository", func(t *testing.T) string {
			if os.Geteuid() != 0 {
				t.Skip("needs root to give the repository away")
			}
			dir := newRepo(t)
			if err := os.Chown(dir, 4242, 4242); err != nil {
				t.Fatal(err)
			}
			return dir
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := c.setup(t)
			Forget("")
			got, ok := headFromFiles(dir)
			if ok != c.want {
				t.Fatalf("answered from the files: %v, want %v (%+v)", ok, c.want, got)
			}
			if !ok {
				return
			}
			want := revParse(dir)
			if want.err != nil {
				t.Fatalf("git: %v", want.err)
			}
			if got.noFilter != true {
				t.Fatal("a filter found where no configuration names one")
			}
			if got.noFilter = false; got != want {
				t.Fatalf("from the files %+v\nfrom git       %+v", got, want)
			}
		})
	}
}

// TestHeadFromFilesTakesNoOtherRef: a hostile HEAD naming a path out of
// refs/ is never read; git is asked, and says what it says.
func TestHeadFromFilesTakesNoOtherRef(t *testing.T) {
	for _, ref := range []string{"refs/heads/../../config", "refs/heads/a..b", "refs/heads/.hidden", "refs/heads/x.lock", "HEAD", "refs/heads/a\x1bb", "refs/heads/"} {
		if plainRef(ref) {
			t.Errorf("%q taken as a plain ref", ref)
		}
	}
	for _, ref := range []string{"refs/heads/main", "refs/heads/feature/x-1", "refs/remotes/origin/v1.2"} {
		if !plainRef(ref) {
			t.Errorf("%q refused", ref)
		}
	}
}

// TestFilterWrittenInAnyConfigurationIsTurnedOff: a filter driver
// defined where the files answer (the repository's configuration, or a
// file the global one includes, in any case) is still found by asking
// git and turned off: its clean command never runs on `git status`,
// `git add` or `git checkout`.
func TestFilterWrittenInAnyConfigurationIsTurnedOff(t *testing.T) {
	for _, where := range []string{"repository", "included", "included through a linked configuration", "upper case"} {
		t.Run(where, func(t *testing.T) {
			dir := newRepo(t)
			script, file := marker(t)
			writeFile(t, dir, ".gitattributes", "* filter=evil\n")
			gitRun(t, dir, "add", "-A")
			gitRun(t, dir, "commit", "-q", "-m", "attributes")
			driver := "[filter \"evil\"]\n\tclean = " + script + "\n\tsmudge = " + script + "\n\trequired = true\n"
			switch where {
			case "repository":
				gitRun(t, dir, "config", "filter.evil.clean", script)
			case "included":
				home := t.TempDir()
				writeFile(t, home, "more/evil.inc", driver)
				writeFile(t, home, "global", "[includeIf \"gitdir:"+dir+"/\"]\n\tpath = more/evil.inc\n")
				t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "global"))
			case "included through a linked configuration":
				home, dots := t.TempDir(), t.TempDir()
				writeFile(t, dots, "evil.inc", driver)
				writeFile(t, dots, "gitconfig", "[include]\n\tpath = evil.inc\n")
				if err := os.Symlink(filepath.Join(dots, "gitconfig"), filepath.Join(home, "global")); err != nil {
					t.Fatal(err)
				}
				t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "global"))
			case "upper case":
				cfg := filepath.Join(dir, ".git", "config")
				b, err := os.ReadFile(cfg)
				if err != nil {
					t.Fatal(err)
				}
				testkit.Write(t, cfg, string(b)+strings.ToUpper(driver[:8])+driver[8:])
			}
			Forget("")
			if h, ok := headFromFiles(dir); !ok || h.noFilter {
				t.Fatalf("answered from the files %v, no filter %v", ok, h.noFilter)
			}
			runsNothing(t, dir, file, [][]string{{"add", "-A"}, {"checkout", "HEAD", "--", "README"}})
		})
	}
}
