package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// aiosState writes an AIOS session under dir, updated ago before now.
func aiosState(t *testing.T, dir string, ago time.Duration) {
	t.Helper()
	body := strings.NewReplacer("%LAST%", time.Now().Add(-ago).UTC().Format("2006-01-02T15:04:05.000Z"),
		"%ACTION%", "PHASE_CHANGE", "%PHASE%", "development").Replace(stateTmpl)
	testkit.Write(t, filepath.Join(dir, ".aios", ".session-state.yaml"), body)
}

// twoTrees makes a repository at root/shop (branch main) with a linked
// worktree at root/shop-feat (branch feat-x), an AIOS session in each.
func twoTrees(t *testing.T) (root, main, feat string) {
	t.Helper()
	testkit.Isolate(t)
	root = testkit.RealTempDir(t)
	main = filepath.Join(root, "shop")
	testkit.Write(t, filepath.Join(main, "README"), "shop\n")
	testkit.Git(t, main, nil, "init", "-q", "-b", "main")
	testkit.Commit(t, main, "first")
	feat = filepath.Join(root, "shop-feat")
	testkit.Git(t, main, nil, "worktree", "add", "-q", "-b", "feat-x", feat)
	aiosState(t, main, 2*time.Hour)
	aiosState(t, feat, 3*time.Hour)
	return root, main, feat
}

func TestStatusWorktreesListsSessionsOfEveryTreeAndTheOrphaned(t *testing.T) {
	root, main, feat := twoTrees(t)
	gone := filepath.Join(root, "shop-old")
	testkit.Git(t, main, nil, "worktree", "add", "-q", "-b", "old", gone)
	if err := os.RemoveAll(gone); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	claude := filepath.Join(home, ".claude")
	claudeTranscriptFor(t, claude, gone, "44444444-lost", time.Now().Add(-5*time.Hour), time.Now().Add(-4*time.Hour))
	env := []string{"HOME=" + home, "CLAUDE_HOME=" + claude}

	// From the feature worktree, every tree is listed.
	m := pickupEnv(t, feat, env, "status", "--worktrees", "--json").want(t, exitOK).json(t)
	ss := m["sessions"].([]any)
	if len(ss) != 2 {
		t.Fatalf("sessions %v", ss)
	}
	trees := map[string]string{}
	for _, s := range ss {
		w := s.(map[string]any)["worktree"].(map[string]any)
		trees[w["path"].(string)] = w["branch"].(string)
	}
	if trees[main] != "main" || trees[feat] != "feat-x" {
		t.Errorf("session worktrees %v", trees)
	}
	var orphan map[string]any
	for _, w := range m["worktrees"].([]any) {
		if w := w.(map[string]any); w["path"] == gone {
			orphan = w
		}
	}
	if orphan == nil || orphan["gone"] != true {
		t.Fatalf("gone worktree %v in %v", orphan, m["worktrees"])
	}
	if cs, _ := orphan["conversations"].([]any); len(cs) != 1 || cs[0].(map[string]any)["id"] != "44444444-lost" {
		t.Errorf("orphaned conversations %v", orphan["conversations"])
	}

	out := pickupEnv(t, feat, env, "status", "--worktrees").want(t, exitOK).stdout
	for _, want := range []string{
		"worktree main (main) · " + main + "\n  aios ",
		"worktree feat-x · " + feat + "\n  aios ",
		"worktree old · " + gone + " · orphaned",
		"claude conversation 44444444-lost, last active 4h ago",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	// Without --worktrees only the folder's own session is listed.
	if m := pickupEnv(t, feat, env, "status", "--json").want(t, exitOK).json(t); len(m["sessions"].([]any)) != 1 {
		t.Errorf("plain status %v", m["sessions"])
	}
}

func TestHookNamesTheSessionsOfAnotherWorktree(t *testing.T) {
	_, main, feat := twoTrees(t)
	m := pickup(t, feat, "status", "--json").want(t, exitOK).json(t)
	featID := m["sessions"].([]any)[0].(map[string]any)["id"].(string)

	cmd := exec.Command(bin, "hook", "--agent", "claude")
	cmd.Dir = main
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "CLAUDE_PROJECT_DIR=")
	cmd.Stdin = strings.NewReader(payload("claude", main, "startup"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	ctx := hookContext(t, "claude", string(out))
	want := "1 other worktree of this repository also holds saved sessions: «" + feat + "»: aios " + featID + "; `pickup status --worktrees` lists them."
	if !strings.Contains(ctx, want) {
		t.Errorf("no %q in:\n%s", want, ctx)
	}
}
