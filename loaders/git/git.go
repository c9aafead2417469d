// Package git is pickup's read-only view of a git work tree (VETO-2's
// "are there uncommitted changes?" and the current branch name) and the
// one way pickup runs git at all (Run), with every program a repository
// could name turned off.
//
// Status and Branch only run `git rev-parse`, `git status` and `git
// symbolic-ref`. They never run clean, reset, checkout, stash or
// anything else that changes the work tree, the index or the refs.
package git

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/quickline"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// Entry is one record of `git status --porcelain=v1 -z`.
type Entry struct {
	// XY is the two-letter status: index (X) and work tree (Y).
	XY string
	// Path is the file's path relative to the repository root, with
	// forward slashes. For a rename or copy it is the new path.
	Path string
	// OrigPath is the path a rename or copy came from, or "".
	OrigPath string

	modTime time.Time // known already (an ignored file's)
}

// ParsePorcelainZ parses the output of `git status --porcelain=v1 -z`.
// Records are "XY PATH\x00"; a rename or copy (R or C in X or Y) is
// followed by a second NUL-terminated field holding the original path.
// Malformed records are skipped. Paths are kept byte for byte: -z output
// is never quoted, so spaces, quotes and non-ASCII names come through as
// they are.
func ParsePorcelainZ(out []byte) []Entry {
	var entries []Entry
	fields := bytes.Split(out, []byte{0})
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if len(f) == 0 {
			continue // the empty field after the final NUL
		}
		if len(f) < 4 || f[2] != ' ' {
			continue // not "XY path"
		}
		e := Entry{XY: string(f[:2]), Path: string(f[3:])}
		if strings.ContainsAny(e.XY, "RC") && i+1 < len(fields) {
			i++
			e.OrigPath = string(fields[i])
		}
		entries = append(entries, e)
	}
	return entries
}

// warnSuffix ends every warning Status gives when it cannot check, so the
// person knows RESTART goes ahead unguarded.
const warnSuffix = ": RESTART is allowed without the uncommitted-changes check (VETO-2)"

// Status is StatusSince without the scan of ignored files.
func Status(dir string) model.GitChecked { return StatusSince(dir, time.Time{}) }

// StatusSince runs `git status --porcelain=v1 -z --untracked-files=all`
// in dir and reports the changed files (modified, staged, deleted,
// renamed, untracked) as paths relative to dir with forward slashes;
// files of the same repository outside dir get "../" paths. Paths are
// deduplicated and kept in git's order. A rename is reported by its new
// path.
//
// git always works on the folder that holds the .git found at or above
// dir: `--work-tree=<that folder>` on every command, so a
// repository whose core.worktree names a clean decoy cannot hide the
// project's changes.
//
// When since is not zero, the files git ignores are looked at too
// (`git ls-files -o -i --exclude-standard`, at most maxIgnored of them):
// those that changed on disk at or after since come back with the
// letters "!!" (model.GitIgnored), and IgnoredCut says when the scan was
// cut short. A `*` in .git/info/exclude cannot hide the run's files.
//
// Only two failures warn and allow the restart (seed 001's
// git_check_failed): git is not installed, or there is no repository
// (no .git at or above dir and git agrees). Any other failure of any
// git call (a corrupt index, a bad config line, a .git that loops or
// points nowhere, a configuration that never
// finishes reading) is Failed: VETO-2 fails closed, and the files
// already found (the main tree's, when a submodule fails) are kept.
// When git refuses the repository because another user owns it (its
// safe.directory check), Refused says so and Repo names the folder.
//
// A submodule is looked into the same way (Run, its own configuration
// neutralised in turn), not by git itself, which would run the
// submodule's own filters: its changed files are reported by their path
// through it ("lib/x.go"), and a submodule whose commit moved by its
// path ("lib").
//
// Changes carry each file's two status letters, a rename's origin,
// whether the file is pickup's own (fsx.IsOwn: its archives and its
// folder) and, for the first maxTimes files, when it last changed on
// disk: the facts VETO-2 classifies them by (model.Classify).
func StatusSince(dir string, since time.Time) model.GitChecked {
	if !installed() {
		return model.GitChecked{Warning: ErrNotInstalled.Error() + warnSuffix}
	}
	top := dotGit(dir)
	h := headOf(dir)
	if h.err != nil {
		return failed(dir, top, h.err)
	}
	entries, err := changes(dir, h, 0)
	var ignoredCut bool
	if err == nil && !since.IsZero() {
		var ign []Entry
		ign, ignoredCut, err = ignoredSince(dir, h, since)
		entries = append(entries, ign...)
	}
	g := model.GitChecked{Available: true, Files: []string{}, Repo: h.top, IgnoredCut: ignoredCut}
	seen := map[string]bool{}
	for _, e := range entries {
		p := relTo(h.prefix, e.Path)
		if seen[p] {
			continue
		}
		seen[p] = true
		g.Files = append(g.Files, p)
		c := model.Change{Path: p, XY: e.XY, Own: fsx.IsOwn(p), ModTime: e.modTime}
		if c.Own {
			c.ArchiveOf = archiveOrigin(p)
		}
		if e.OrigPath != "" {
			c.OrigPath = relTo(h.prefix, e.OrigPath)
		}
		if c.ModTime.IsZero() && len(g.Changes) < maxTimes {
			if st, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(p))); err == nil {
				c.ModTime = st.ModTime()
			}
		}
		g.Changes = append(g.Changes, c)
	}
	if err != nil {
		g.Failed = describeFailure(dir, err)
	}
	return g
}

// maxTimes bounds how many changed files Status looks at on disk for
// their time (a build's thousands of untracked files): the rest have no
// time, which leaves them the person's in VETO-2's classes.
const maxTimes = 4096

// maxIgnored bounds the scan of ignored files (a node_modules of a
// hundred thousand files): git is stopped after this many, and the
// veto says the scan was cut short.
var maxIgnored = model.MaxIgnored

// maxSubmoduleDepth bounds how deep Status follows submodules.
const maxSubmoduleDepth = 8

// changes lists the changed files of the repository holding dir, paths
// relative to its top, submodules' own changes included. When a
// submodule fails, what was found so far is returned with the error.
func changes(dir string, h head, depth int) (entries []Entry, err error) {
	// dirty: git reports a submodule whose commit moved without running
	// anything in it; what changed inside is asked below.
	st, err := h.run(dir, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignore-submodules=dirty")
	if err != nil {
		return nil, err
	}
	entries = ParsePorcelainZ(st)
	if _, err := os.Lstat(filepath.Join(h.top, ".gitmodules")); err != nil || depth >= maxSubmoduleDepth {
		return entries, nil
	}
	ls, err := h.run(h.top, "ls-files", "-z", "--stage")
	if err != nil {
		return entries, err
	}
	for _, rec := range bytes.Split(ls, []byte{0}) {
		meta, path, ok := bytes.Cut(rec, []byte{'\t'})
		if !ok || !bytes.HasPrefix(meta, []byte("160000 ")) {
			continue // not a submodule
		}
		sub := filepath.Join(h.top, filepath.FromSlash(string(path)))
		if _, err := os.Lstat(filepath.Join(sub, ".git")); err != nil {
			continue // not checked out: nothing there to lose
		}
		sh := headOf(sub)
		if sh.err != nil {
			return entries, fmt.Errorf("submodule %s: %w", path, sh.err)
		}
		inner, err := changes(sub, sh, depth+1)
		for _, e := range inner {
			e.Path = string(path) + "/" + e.Path
			if e.OrigPath != "" {
				e.OrigPath = string(path) + "/" + e.OrigPath
			}
			entries = append(entries, e)
		}
		if err != nil {
			return entries, fmt.Errorf("submodule %s: %w", path, err)
		}
	}
	return entries, nil
}

// ignoredSince lists the files git ignores under dir that changed on
// disk at or after since, as entries "!!" relative to the top; cut is
// true when more than maxIgnored ignored files were there to look at.
func ignoredSince(dir string, h head, since time.Time) (entries []Entry, cut bool, err error) {
	n := 0
	err = h.stream(dir, func(rec []byte) bool {
		if n >= maxIgnored {
			cut = true
			return false
		}
		n++
		st, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(string(rec))))
		if err != nil || st.IsDir() || st.ModTime().Before(since) {
			return true
		}
		p := string(rec)
		if h.prefix != "" {
			p = h.prefix + p
		}
		entries = append(entries, Entry{XY: "!!", Path: p, modTime: st.ModTime()})
		return true
	}, "ls-files", "-z", "--others", "--ignored", "--exclude-standard")
	return entries, cut, err
}

// Branch returns the current branch of the repository holding dir, or ""
// when it cannot tell (git missing, not a repository, detached HEAD).
func Branch(dir string) string {
	return headOf(dir).branch()
}

// failed is Status's answer when git failed before anything was found:
// refused (another user owns the repository), a warning when there is
// no repository at all, else Failed.
func failed(dir, top string, err error) model.GitChecked {
	repo := top
	if repo == "" {
		repo = dir
	}
	if errors.Is(err, ErrUnsafeRepository) {
		return model.GitChecked{Repo: repo, Refused: fmt.Sprintf(
			"git refuses to look at %s: the repository is owned by another user (git's safe.directory check), so pickup cannot tell whether uncommitted work would be lost",
			repo)}
	}
	if top == "" {
		if w, ok := noRepository(dir, err); ok {
			return model.GitChecked{Warning: w}
		}
	}
	return model.GitChecked{Repo: repo, Failed: describeFailure(dir, err)}
}

// noRepository is the warning for a folder git finds no repository in
// (or cannot start in: the folder is gone); ok is false for any other
// failure.
func noRepository(dir string, err error) (string, bool) {
	var ge *Error
	if !errors.As(err, &ge) {
		return "", false
	}
	var exit *exec.ExitError
	switch {
	case errors.As(ge.Err, &exit) && strings.Contains(strings.ToLower(ge.Stderr), "not a git repository"):
		return fmt.Sprintf("%s is not inside a git repository", dir) + warnSuffix, true
	case !errors.As(ge.Err, &exit) && !errors.Is(ge.Err, context.DeadlineExceeded):
		// git could not be started at all (e.g. dir does not exist).
		return fmt.Sprintf("could not run git in %s: %v", dir, ge.Err) + warnSuffix, true
	}
	return "", false
}

// describeFailure is git's failure in words, for the veto that fails
// closed.
func describeFailure(dir string, err error) string {
	return fmt.Sprintf("git failed in %s, so pickup cannot tell whether uncommitted work would be lost: %v", dir, err)
}

// dotGit is the folder holding the .git (folder, file or link, even a
// broken one) found at dir or above it, "" when there is none. It is the
// work tree git is run on: whatever the repository's core.worktree says.
func dotGit(dir string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	return quickline.WorkTreeRoot(d)
}

// relTo converts a repository-root-relative path into one relative to the
// directory whose `git rev-parse --show-prefix` is prefix. Both use
// forward slashes; a trailing slash (an untracked nested repository) is
// kept.
func relTo(prefix, p string) string {
	if prefix == "" {
		return p
	}
	trailing := strings.HasSuffix(p, "/")
	rel, err := filepath.Rel(filepath.FromSlash("/"+prefix), filepath.FromSlash("/"+p))
	if err != nil {
		return p
	}
	rel = filepath.ToSlash(rel)
	if trailing && !strings.HasSuffix(rel, "/") {
		rel += "/"
	}
	return rel
}

// isHex reports whether s looks like a commit id (4 to 64 hex digits):
// anything else is never handed to git as a revision.
func isHex(s string) bool {
	if len(s) < 4 || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F') {
			return false
		}
	}
	return true
}

// archiveOrigin is where a file in one of pickup's archives came from:
// rel with each archive name in it ("<name>.discarded.<stamp>") put back
// to its original name; "" when rel is in no archive.
func archiveOrigin(rel string) string {
	parts := strings.Split(rel, "/")
	moved := false
	for i, part := range parts {
		if orig, ok := fsx.IsArchiveName(part); ok {
			parts[i], moved = orig, true
		}
	}
	if !moved {
		return ""
	}
	return strings.Join(parts, "/")
}
