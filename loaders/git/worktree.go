package git

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pickup-dev/pickup/loaders/fsx"
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
	out, err := Run(dir, nil, "worktree", "list", "--porcelain", "-z")
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

// maxWorktrees bounds WorktreeDirs.
const maxWorktrees = 32

// WorktreeDirs lists the working trees of the repository holding dir
// from the repository's own files, without running git (for the hook,
// which counts its processes): the main tree, then every linked tree
// whose folder exists, at most maxWorktrees. nil outside a repository.
// The files are only read: a tree named there is only looked at.
func WorktreeDirs(dir string) []string {
	top := ""
	for d := filepath.Clean(dir); ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			top = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			return nil
		}
		d = parent
	}
	dotgit := filepath.Join(top, ".git")
	common := dotgit
	if st, err := os.Lstat(dotgit); err == nil && st.Mode().IsRegular() {
		// A linked tree: "gitdir: <common>/worktrees/<name>".
		data, _, err := fsx.ReadHead(dotgit, 4096)
		if err != nil {
			return nil
		}
		gd, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir: ")
		if !ok {
			return nil
		}
		if !filepath.IsAbs(gd) {
			gd = filepath.Join(top, gd)
		}
		common = filepath.Clean(gd)
		if cd, _, err := fsx.ReadHead(filepath.Join(gd, "commondir"), 4096); err == nil {
			c := strings.TrimSpace(string(cd))
			if !filepath.IsAbs(c) {
				c = filepath.Join(gd, c)
			}
			common = filepath.Clean(c)
		}
	}
	var out []string
	if filepath.Base(common) == ".git" {
		out = append(out, filepath.Dir(common))
	}
	d, err := fsx.OpenDir(filepath.Join(common, "worktrees"))
	if err != nil {
		return out
	}
	names, _ := d.Readdirnames(maxWorktrees)
	d.Close()
	sort.Strings(names)
	for _, n := range names {
		data, _, err := fsx.ReadHead(filepath.Join(common, "worktrees", n, "gitdir"), 4096)
		if err != nil {
			continue
		}
		wt := filepath.Dir(filepath.Clean(strings.TrimSpace(string(data))))
		if st, err := os.Stat(wt); err != nil || !st.IsDir() || !filepath.IsAbs(wt) {
			continue
		}
		// Only a tree that names this repository back (its .git file's
		// gitdir is this entry, as git checks): a gitdir file planted to
		// point at another folder does not make that folder a worktree.
		back, _, err := fsx.ReadHead(filepath.Join(wt, ".git"), 4096)
		gd, ok := strings.CutPrefix(strings.TrimSpace(string(back)), "gitdir: ")
		if err != nil || !ok {
			continue
		}
		if !filepath.IsAbs(gd) {
			gd = filepath.Join(wt, gd)
		}
		if filepath.Clean(gd) == filepath.Join(common, "worktrees", n) {
			out = append(out, wt)
		}
	}
	return out
}
