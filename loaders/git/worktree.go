package git

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
)

// Worktree is one working tree of a repository, as `git worktree list
// --porcelain` gives it.
type Worktree struct {
	Path   string // absolute
	Branch string // short name; "" when detached or bare
	Head   string
	Main   bool // the main working tree (listed first)
	Bare   bool
	// Gone: its folder no longer exists (git calls it prunable).
	Gone bool
}

// Worktrees lists every working tree of the repository holding dir,
// the main one first. nil without git or outside a repository.
func Worktrees(dir string) []Worktree {
	out, err := run(dir, "worktree", "list", "--porcelain", "-z")
	if err != nil {
		return nil
	}
	return parseWorktrees(out)
}

// parseWorktrees reads the porcelain -z form: attribute lines ended by
// NUL, records ended by an empty one.
func parseWorktrees(out []byte) []Worktree {
	var list []Worktree
	var cur *Worktree
	for _, f := range bytes.Split(out, []byte{0}) {
		line := string(f)
		if line == "" {
			cur = nil
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		if key == "worktree" {
			list = append(list, Worktree{Path: filepath.Clean(val), Main: len(list) == 0})
			cur = &list[len(list)-1]
			continue
		}
		if cur == nil {
			continue
		}
		switch key {
		case "HEAD":
			cur.Head = val
		case "branch":
			cur.Branch = strings.TrimPrefix(val, "refs/heads/")
		case "bare":
			cur.Bare = true
		case "prunable":
			cur.Gone = true
		}
	}
	for i := range list {
		if st, err := os.Stat(list[i].Path); err != nil || !st.IsDir() {
			list[i].Gone = true
		}
	}
	return list
}
