package git

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// Each git fact once per repository per run. One `git rev-parse` tells a
// folder's repository top, the folder's prefix in it, the git folder,
// HEAD's commit and the branch; it is asked once per folder and kept
// (headOf) until Forget, so the checkout of every session, crucible's
// branch and HEAD and VETO-2's status of the same project share it.
// cmd forgets a folder before a check that must be fresh (VETO-2 at
// RESTART, the HEAD-moved guard before a write).

// head is what one rev-parse says about the repository holding a
// folder. err is set when git failed (a repository without a commit is
// no failure: commit is then "").
type head struct {
	top, prefix, gitDir string
	commit              string
	ref                 string // refs/heads/<branch>, or "HEAD" when detached
	// worktree is the folder holding the .git found at or above the
	// folder (dotGit): every command is given it as its work tree.
	worktree string
	// noFilter: read from the files (headFromFiles), no configuration
	// git reads for this folder mentions a filter, so Run need not ask
	// git which filter drivers to turn off.
	noFilter bool
	err      error
}

type headCall struct {
	once sync.Once
	h    head
}

var heads = struct {
	sync.Mutex
	by map[string]*headCall
	// slow are the folders whose rev-parse ran out of time: Forget
	// keeps their answer, so no run waits on the same named pipe twice.
	slow map[string]bool
}{by: map[string]*headCall{}, slow: map[string]bool{}}

// headOf is the rev-parse of the repository holding dir, asked once per
// folder until Forget. Concurrent callers share the one git process.
func headOf(dir string) head {
	heads.Lock()
	c, ok := heads.by[dir]
	if !ok {
		c = &headCall{}
		heads.by[dir] = c
	}
	heads.Unlock()
	c.once.Do(func() {
		c.h = readHead(dir)
		if errors.Is(c.h.err, ErrTimeout) {
			heads.Lock()
			heads.slow[dir] = true
			heads.Unlock()
		}
	})
	return c.h
}

// Forget drops what was read about dir (every folder when dir is ""), so
// the next question asks git again; except where git ran out of time.
func Forget(dir string) {
	heads.Lock()
	defer heads.Unlock()
	for d := range heads.by {
		if (dir == "" || d == dir) && !heads.slow[d] {
			delete(heads.by, d)
		}
	}
}

// readHead reads the repository's files where they say it exactly
// (headFromFiles), and otherwise asks git (revParse). Without git on
// PATH it says nothing (revParse fails as every git command does).
func readHead(dir string) head {
	if installed() {
		if h, ok := headFromFiles(dir); ok {
			return h
		}
	}
	return revParse(dir)
}

// revParse runs the one rev-parse. Without a commit git fails on HEAD
// after printing the rest; the branch is then read from the git folder's
// HEAD file, which says it exactly ("ref: refs/heads/main").
func revParse(dir string) head {
	h := head{worktree: dotGit(dir)}
	out, err := h.run(dir, "rev-parse", "--show-toplevel", "--show-prefix", "--absolute-git-dir", "HEAD", "--symbolic-full-name", "HEAD")
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) >= 3 {
		h.top, h.prefix, h.gitDir = lines[0], lines[1], lines[2]
	}
	if err == nil && len(lines) == 5 {
		h.commit, h.ref = lines[3], lines[4]
		return h
	}
	var ge *Error
	if err != nil && len(lines) >= 3 && errors.As(err, &ge) && strings.Contains(ge.Stderr, "ambiguous argument 'HEAD'") {
		// No commit yet: the branch is what HEAD names.
		b, _, rerr := fsx.ReadHead(filepath.Join(h.gitDir, "HEAD"), 512)
		if ref, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "ref: "); rerr == nil && ok {
			h.ref = ref
			return h
		}
	}
	if err == nil {
		err = &Error{Args: []string{"rev-parse"}, Stderr: "unexpected output: " + string(out), Err: errors.New("unexpected output")}
	}
	h.err = err
	return h
}

// branch is the current branch, "" when detached or unknown.
func (h head) branch() string {
	if h.err != nil {
		return ""
	}
	b, _ := strings.CutPrefix(h.ref, "refs/heads/")
	if b == h.ref {
		return ""
	}
	return b
}

// run runs git in dir through Run, on the work tree found by dotGit.
func (h head) run(dir string, args ...string) ([]byte, error) {
	out, err := Run(dir, nil, h.withWorktree(args)...)
	return out, h.named(err, args)
}

// named makes a failure name the command as pickup asked it, without
// the work tree setting.
func (h head) named(err error, args []string) error {
	var ge *Error
	if errors.As(err, &ge) {
		ge.Args = args
	}
	return err
}

// stream runs git in dir like run, handing each NUL-terminated record of
// its output to fn until fn returns false (git is then stopped).
func (h head) stream(dir string, fn func([]byte) bool, args ...string) error {
	return h.named(Stream(dir, nil, fn, h.withWorktree(args)...), args)
}

func (h head) withWorktree(args []string) []string {
	if h.worktree == "" {
		return args
	}
	// --work-tree, not -c core.worktree: git reads the repository's own
	// core.worktree while it finds the repository, before any -c.
	return append([]string{"--work-tree=" + h.worktree}, args...)
}

// Checkout reads the checkout of the repository holding dir, for the
// context guard: the current branch ("" on a detached HEAD) and HEAD's
// commit, from the run's one rev-parse of dir (headOf); and, when
// commit (a session's recorded commit, hex) is given, whether HEAD's
// history holds it (`git merge-base --is-ancestor`, once per folder and
// commit). Repo is false when git is missing or dir is not in a
// repository. Nothing is written, no lock is taken.
func Checkout(dir, commit string) model.Checkout {
	co := model.Checkout{Dir: dir}
	if !installed() {
		return co
	}
	h := headOf(dir)
	if h.err != nil {
		return co
	}
	co.Repo, co.Head, co.Branch = true, h.commit, h.branch()
	if h.commit == "" {
		if commit != "" {
			co.Commit = model.CommitUnknown
		}
		return co
	}
	if model.NullCommit(commit) || !isHex(commit) || strings.HasPrefix(h.commit, strings.ToLower(commit)) {
		return co
	}
	co.Commit = ancestry(dir, h, strings.ToLower(commit))
	return co
}

var ancestors = struct {
	sync.Mutex
	by map[[3]string]model.CommitCheck
}{by: map[[3]string]model.CommitCheck{}}

// ancestry is whether HEAD's history holds commit, asked once per
// folder, HEAD and commit.
func ancestry(dir string, h head, commit string) model.CommitCheck {
	key := [3]string{dir, h.commit, commit}
	ancestors.Lock()
	st, ok := ancestors.by[key]
	ancestors.Unlock()
	if ok {
		return st
	}
	_, err := h.run(dir, "merge-base", "--is-ancestor", commit, h.commit)
	var ge *Error
	var exit *exec.ExitError
	switch {
	case err == nil:
		st = model.CommitInHistory
	case errors.As(err, &ge) && errors.As(ge.Err, &exit) && exit.ExitCode() == 1:
		st = model.CommitNotInTree
	case errors.As(err, &ge) && errors.As(ge.Err, &exit):
		st = model.CommitUnknown // "Not a valid commit name"
	default:
		return st
	}
	ancestors.Lock()
	ancestors.by[key] = st
	ancestors.Unlock()
	return st
}

// Head is HEAD's commit and the current branch of the repository holding
// dir (the run's one rev-parse), and ok false when git cannot say (not a
// repository, git missing or failing). For crucible's project git.
func Head(dir string) (commit, branch string, ok bool) {
	if !installed() {
		return "", "", false
	}
	h := headOf(dir)
	return h.commit, h.branch(), h.err == nil
}
