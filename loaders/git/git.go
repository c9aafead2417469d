// Package git is pickup's read-only view of a git work tree: VETO-2's
// "are there uncommitted changes?" and the current branch name.
//
// It only ever runs `git rev-parse`, `git status` and `git symbolic-ref`.
// It never runs clean, reset, checkout, stash or anything else that
// changes the work tree, the index or the refs.
package git

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

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
func Status(dir string) model.GitChecked {
	if _, err := exec.LookPath("git"); err != nil {
		return model.GitChecked{Warning: "git is not installed (not found on PATH)" + warnSuffix}
	}
	prefix, err := run(dir, "rev-parse", "--show-prefix")
	if err != nil {
		return model.GitChecked{Warning: describe(dir, err)}
	}
	out, err := run(dir, "status", "--porcelain=v1", "-z", "--untracked-files=all")
	if err != nil {
		return model.GitChecked{Warning: describe(dir, err)}
	}
	pre := strings.TrimRight(string(prefix), "\r\n")
	files := []string{}
	seen := map[string]bool{}
	for _, e := range ParsePorcelainZ(out) {
		p := relTo(pre, e.Path)
		if !seen[p] {
			seen[p] = true
			files = append(files, p)
		}
	}
	return model.GitChecked{Available: true, Files: files}
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

// gitError is a git command that failed.
type gitError struct {
	args   []string
	stderr string
	err    error
}

func (e *gitError) Error() string {
	msg := strings.TrimSpace(e.stderr)
	if msg == "" {
		msg = e.err.Error()
	}
	return fmt.Sprintf("git %s: %s", strings.Join(e.args, " "), msg)
}

func (e *gitError) Unwrap() error { return e.err }

// run runs git with args in dir and returns its stdout. Optional locks
// are off so that even `git status` does not rewrite the index, and the
// C locale keeps git's messages recognizable.
func run(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", "LANGUAGE=C", "GIT_TERMINAL_PROMPT=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, &gitError{args: args, stderr: stderr.String(), err: err}
	}
	return stdout.Bytes(), nil
}

// describe turns a failed git run into Status's warning.
func describe(dir string, err error) string {
	var ge *gitError
	if errors.As(err, &ge) {
		var exit *exec.ExitError
		if errors.As(ge.err, &exit) && strings.Contains(strings.ToLower(ge.stderr), "not a git repository") {
			return fmt.Sprintf("%s is not inside a git repository", dir) + warnSuffix
		}
		if !errors.As(ge.err, &exit) {
			// git could not be started at all (e.g. dir does not exist).
			return fmt.Sprintf("could not run git in %s: %v", dir, ge.err) + warnSuffix
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
