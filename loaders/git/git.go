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
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

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

// Status runs `git status --porcelain=v1 -z --untracked-files=all` in dir
// and reports the changed files (modified, staged, deleted, renamed,
// untracked) as paths relative to dir with forward slashes; files of the
// same repository outside dir get "../" paths. Paths are deduplicated and
// kept in git's order. A rename is reported by its new path.
//
// When git is missing, dir is not in a repository, or git fails,
// Available is false and Warning says why (seed 001's git_check_failed:
// warn and allow the restart).
//
// When git refuses the repository because another user owns it (its
// safe.directory check), Refused says so: VETO-2 then fails closed, as
// nothing about the work there can be known.
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
func Status(dir string) model.GitChecked {
	if _, err := exec.LookPath("git"); err != nil {
		return model.GitChecked{Warning: ErrNotInstalled.Error() + warnSuffix}
	}
	pre, entries, err := changes(dir, 0)
	if err != nil {
		return failed(dir, err)
	}
	files := []string{}
	var chs []model.Change
	seen := map[string]bool{}
	for _, e := range entries {
		p := relTo(pre, e.Path)
		if seen[p] {
			continue
		}
		seen[p] = true
		files = append(files, p)
		c := model.Change{Path: p, XY: e.XY, Own: fsx.IsOwn(p)}
		if c.Own {
			c.ArchiveOf = archiveOrigin(p)
		}
		if e.OrigPath != "" {
			c.OrigPath = relTo(pre, e.OrigPath)
		}
		if len(chs) < maxTimes {
			if st, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(p))); err == nil {
				c.ModTime = st.ModTime()
			}
		}
		chs = append(chs, c)
	}
	return model.GitChecked{Available: true, Files: files, Changes: chs}
}

// maxTimes bounds how many changed files Status looks at on disk for
// their time (a build's thousands of untracked files): the rest have no
// time, which leaves them the person's in VETO-2's classes.
const maxTimes = 4096

// maxSubmoduleDepth bounds how deep Status follows submodules.
const maxSubmoduleDepth = 8

// changes lists the changed files of the repository holding dir, paths
// relative to its top, submodules' own changes included, and dir's
// prefix in it (`git rev-parse --show-prefix`).
func changes(dir string, depth int) (prefix string, entries []Entry, err error) {
	out, err := run(dir, "rev-parse", "--show-toplevel", "--show-prefix")
	if err != nil {
		return "", nil, err
	}
	top, prefix, _ := strings.Cut(strings.TrimRight(string(out), "\r\n"), "\n")
	// dirty: git reports a submodule whose commit moved without running
	// anything in it; what changed inside is asked below.
	st, err := run(dir, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignore-submodules=dirty")
	if err != nil {
		return "", nil, err
	}
	entries = ParsePorcelainZ(st)
	if _, err := os.Lstat(filepath.Join(top, ".gitmodules")); err != nil || depth >= maxSubmoduleDepth {
		return prefix, entries, nil
	}
	ls, err := run(top, "ls-files", "-z", "--stage")
	if err != nil {
		return "", nil, err
	}
	for _, rec := range bytes.Split(ls, []byte{0}) {
		meta, path, ok := bytes.Cut(rec, []byte{'\t'})
		if !ok || !bytes.HasPrefix(meta, []byte("160000 ")) {
			continue // not a submodule
		}
		sub := filepath.Join(top, filepath.FromSlash(string(path)))
		if _, err := os.Lstat(filepath.Join(sub, ".git")); err != nil {
			continue // not checked out: nothing there to lose
		}
		_, inner, err := changes(sub, depth+1)
		if err != nil {
			return "", nil, err
		}
		for _, e := range inner {
			e.Path = string(path) + "/" + e.Path
			if e.OrigPath != "" {
				e.OrigPath = string(path) + "/" + e.OrigPath
			}
			entries = append(entries, e)
		}
	}
	return prefix, entries, nil
}

// Branch returns the current branch of the repository holding dir, or ""
// when it cannot tell (git missing, not a repository, detached HEAD).
func Branch(dir string) string {
	if _, err := exec.LookPath("git"); err != nil {
		return ""
	}
	out, err := run(dir, "symbolic-ref", "--quiet", "--short", "HEAD")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// run runs git in dir through Run, with nothing added to its
// environment.
func run(dir string, args ...string) ([]byte, error) { return Run(dir, nil, args...) }

// failed is Status's answer when git failed: refused (another user owns
// the repository), or a warning.
func failed(dir string, err error) model.GitChecked {
	if errors.Is(err, ErrUnsafeRepository) {
		return model.GitChecked{Refused: fmt.Sprintf(
			"git refuses to look at %s: the repository is owned by another user (git's safe.directory check), so pickup cannot tell whether uncommitted work would be lost",
			dir)}
	}
	return model.GitChecked{Warning: describe(dir, err)}
}

// describe turns a failed git run into Status's warning.
func describe(dir string, err error) string {
	var ge *Error
	if errors.As(err, &ge) {
		var exit *exec.ExitError
		if errors.As(ge.Err, &exit) && strings.Contains(strings.ToLower(ge.Stderr), "not a git repository") {
			return fmt.Sprintf("%s is not inside a git repository", dir) + warnSuffix
		}
		if !errors.As(ge.Err, &exit) {
			// git could not be started at all (e.g. dir does not exist).
			return fmt.Sprintf("could not run git in %s: %v", dir, ge.Err) + warnSuffix
		}
	}
	return fmt.Sprintf("git failed in %s: %v", dir, err) + warnSuffix
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

// Checkout reads the checkout of the repository holding dir, for the
// context guard: the current branch ("" on a detached HEAD) and HEAD's
// commit, in one `git rev-parse`; and, when commit (a session's recorded
// commit, hex) is given, whether HEAD's history holds it (`git
// merge-base --is-ancestor`). Repo is false when git is missing or dir
// is not in a repository. Nothing is written, no lock is taken.
func Checkout(dir, commit string) model.Checkout {
	co := model.Checkout{Dir: dir}
	out, err := run(dir, "rev-parse", "HEAD", "--symbolic-full-name", "HEAD")
	if err != nil {
		// A repository without a commit has a branch and no HEAD commit.
		ref, err := run(dir, "symbolic-ref", "-q", "HEAD")
		if err != nil {
			return co
		}
		co.Repo = true
		co.Branch = strings.TrimPrefix(strings.TrimSpace(string(ref)), "refs/heads/")
		if commit != "" {
			co.Commit = model.CommitUnknown
		}
		return co
	}
	head, ref, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	co.Repo, co.Head = true, head
	if b, ok := strings.CutPrefix(ref, "refs/heads/"); ok {
		co.Branch = b
	}
	if model.NullCommit(commit) || !isHex(commit) || strings.HasPrefix(head, strings.ToLower(commit)) {
		return co
	}
	_, err = run(dir, "merge-base", "--is-ancestor", commit, "HEAD")
	var ge *Error
	var exit *exec.ExitError
	switch {
	case err == nil:
		co.Commit = model.CommitInHistory
	case errors.As(err, &ge) && errors.As(ge.Err, &exit) && exit.ExitCode() == 1:
		co.Commit = model.CommitNotInTree
	case errors.As(err, &ge) && errors.As(ge.Err, &exit):
		co.Commit = model.CommitUnknown // "Not a valid commit name"
	}
	return co
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
