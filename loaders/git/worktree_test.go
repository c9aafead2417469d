package git

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

func TestWorktreesListsEveryTreeAndTheGoneOnes(t *testing.T) {
	testkit.Isolate(t)
	root := testkit.RealTempDir(t)
	main := filepath.Join(root, "shop")
	testkit.Write(t, filepath.Join(main, "a.txt"), "a\n")
	testkit.Git(t, main, nil, "init", "-q", "-b", "main")
	testkit.Commit(t, main, "first")
	feat, gone := filepath.Join(root, "feat x"), filepath.Join(root, "old")
	testkit.Git(t, main, nil, "worktree", "add", "-q", "-b", "feat-x", feat)
	testkit.Git(t, main, nil, "worktree", "add", "-q", "-b", "old", gone)
	if err := os.RemoveAll(gone); err != nil {
		t.Fatal(err)
	}

	for _, from := range []string{main, feat} {
		got := Worktrees(from)
		if len(got) != 3 {
			t.Fatalf("from %s: %+v", from, got)
		}
		if !got[0].Main || got[0].Path != main || got[0].Branch != "main" || got[0].Gone {
			t.Errorf("main tree %+v", got[0])
		}
		byPath := map[string]Worktree{}
		for _, w := range got {
			byPath[w.Path] = w
		}
		if w := byPath[feat]; w.Branch != "feat-x" || w.Gone || w.Main || len(w.Head) != 40 {
			t.Errorf("feature tree %+v", w)
		}
		if w := byPath[gone]; !w.Gone || w.Branch != "old" {
			t.Errorf("removed tree %+v", w)
		}
	}
	for _, from := range []string{main, filepath.Join(feat, "sub")} {
		os.MkdirAll(from, 0o755)
		if got := WorktreeDirs(from); len(got) != 2 || got[0] != main || got[1] != feat {
			t.Errorf("WorktreeDirs from %s: %v", from, got)
		}
	}
	if got := Worktrees(t.TempDir()); got != nil {
		t.Errorf("outside a repository: %+v", got)
	}
}

// A gitdir file planted in .git/worktrees/ that points at another
// folder (one that does not name the repository back) is no worktree.
func TestWorktreeDirsIgnoresAPlantedGitdir(t *testing.T) {
	testkit.Isolate(t)
	root := testkit.RealTempDir(t)
	main := filepath.Join(root, "shop")
	testkit.Write(t, filepath.Join(main, "a.txt"), "a\n")
	testkit.Git(t, main, nil, "init", "-q", "-b", "main")
	testkit.Commit(t, main, "first")
	other := filepath.Join(root, "someone-else")
	testkit.Write(t, filepath.Join(other, "README"), "not a worktree\n")
	testkit.Write(t, filepath.Join(main, ".git", "worktrees", "evil", "gitdir"), filepath.Join(other, ".git")+"\n")
	if got := WorktreeDirs(main); len(got) != 1 || got[0] != main {
		t.Errorf("WorktreeDirs %v", got)
	}
}
