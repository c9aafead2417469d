package git

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/pickup-dev/pickup/internal/quickline"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// headFromFiles is what readHead's rev-parse says, read from the
// repository's own files (.git, HEAD, the ref or packed-refs) when they
// say it exactly: a git process costs more CPU than all of pickup's
// work for a status. ok is false, and git is asked, whenever anything is
// out of the plain case in which git would find the same repository,
// accept it and resolve HEAD the same way:
//   - the folder and the repository's top are found on the physical
//     path (git runs in the folder, whose getcwd has no symlinks), on
//     one file system (git stops at a mount point), and the top, its
//     .git and the git folder belong to this user (git refuses another
//     owner's repository unless safe.directory says otherwise);
//   - the git folder is one git takes (HEAD, objects and refs);
//   - no configuration git would read (the repository's, the global
//     files and what they include) says anything about work trees, a
//     bare repository or an extension (reftable refs among them);
//   - HEAD names a branch by a plain name, or a commit, and the branch
//     is a loose ref holding a commit, in packed-refs, or not born yet.
//
// Nothing is run and nothing is written; every file is read through fsx
// with a small bound.
func headFromFiles(dir string) (head, bool) {
	h := head{worktree: dotGit(dir)}
	if h.worktree == "" || os.Getenv("GIT_TEST_ASSUME_DIFFERENT_OWNER") != "" {
		return h, false
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return h, false
	}
	phys, err1 := filepath.EvalSymlinks(abs)
	top, err2 := filepath.EvalSymlinks(h.worktree)
	if err1 != nil || err2 != nil || quickline.WorkTreeRoot(phys) != top || !sameDevice(phys, top) {
		return h, false
	}
	gitDir, ok := gitDirOf(top)
	if !ok {
		return h, false
	}
	common := gitDir
	if b, err := small(filepath.Join(gitDir, "commondir")); err == nil {
		c := strings.TrimSpace(string(b))
		if !filepath.IsAbs(c) {
			c = filepath.Join(gitDir, c)
		}
		common = filepath.Clean(c)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return h, false
	}
	if !isDir(filepath.Join(common, "objects")) || !isDir(filepath.Join(common, "refs")) {
		return h, false
	}
	if exists(filepath.Join(gitDir, "config.worktree")) {
		return h, false
	}
	plain, filters := plainConfigs(filepath.Join(common, "config"))
	if !plain {
		return h, false
	}
	h.noFilter = !filters
	b, err := small(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return h, false
	}
	s := strings.TrimSuffix(string(b), "\n")
	ref, symbolic := strings.CutPrefix(s, "ref: ")
	switch {
	case !symbolic && isOID(s):
		h.commit, h.ref = s, "HEAD"
	case symbolic && plainRef(ref):
		commit, ok := resolveRef(gitDir, common, ref)
		if !ok {
			return h, false
		}
		h.commit, h.ref = commit, ref
	default:
		return h, false
	}
	h.top, h.gitDir = top, gitDir
	if rel, err := filepath.Rel(top, phys); err == nil && rel != "." {
		h.prefix = filepath.ToSlash(rel) + "/"
	}
	return h, true
}

// gitDirOf is the git folder of the work tree top (physical): its .git
// folder, or the folder a .git file names (a linked work tree, a
// submodule), each owned by this user, as top is.
func gitDirOf(top string) (string, bool) {
	dotgit := filepath.Join(top, ".git")
	st, err := os.Lstat(dotgit)
	if err != nil || !ownDir(top) {
		return "", false
	}
	gitDir := dotgit
	if st.Mode().IsRegular() {
		b, err := small(dotgit)
		target, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: ")
		if err != nil || !ok || !owned(st) {
			return "", false
		}
		if !filepath.IsAbs(target) {
			target = filepath.Join(top, target)
		}
		if gitDir, err = filepath.EvalSymlinks(target); err != nil {
			return "", false
		}
	} else if !st.IsDir() {
		return "", false
	}
	if !ownDir(gitDir) || !isFile(filepath.Join(gitDir, "HEAD")) {
		return "", false
	}
	return gitDir, true
}

// resolveRef is the commit ref names: its loose file (per work tree
// for refs/worktree/, refs/bisect/ and refs/rewritten/, else in the
// common folder), else its line in packed-refs, else "" (a branch not
// born yet, as in a repository without a commit). ok is false for
// anything else (a symbolic ref, a file that holds no commit).
func resolveRef(gitDir, common, ref string) (string, bool) {
	base := common
	for _, p := range []string{"refs/worktree/", "refs/bisect/", "refs/rewritten/"} {
		if strings.HasPrefix(ref, p) {
			base = gitDir
		}
	}
	b, err := small(filepath.Join(base, filepath.FromSlash(ref)))
	if err == nil {
		s := strings.TrimSuffix(string(b), "\n")
		return s, isOID(s)
	}
	if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
		return "", false
	}
	packed, _, err := fsx.ReadHead(filepath.Join(common, "packed-refs"), maxPacked+1)
	if errors.Is(err, fs.ErrNotExist) {
		return "", true
	}
	if err != nil || len(packed) > maxPacked {
		return "", false
	}
	for line := range bytes.Lines(packed) {
		oid, name, ok := strings.Cut(strings.TrimSuffix(string(line), "\n"), " ")
		if ok && name == ref && isOID(oid) {
			return oid, true
		}
	}
	return "", true
}

// plainConfigs reports whether the repository's configuration and the
// global files git reads (GIT_CONFIG_GLOBAL, else the XDG file and
// ~/.gitconfig; never the system's: git runs with GIT_CONFIG_NOSYSTEM),
// with everything they include, leave discovery and HEAD alone; and
// whether any of them has the word "filter" anywhere (a filter driver
// can only be defined there, and Run turns off every one git names).
func plainConfigs(repo string) (plain, filters bool) {
	files := []string{repo}
	if g := os.Getenv("GIT_CONFIG_GLOBAL"); g != "" {
		files = append(files, g)
	} else {
		home, _ := os.UserHomeDir()
		xdg := os.Getenv("XDG_CONFIG_HOME")
		if xdg == "" && home != "" {
			xdg = filepath.Join(home, ".config")
		}
		if xdg != "" {
			files = append(files, filepath.Join(xdg, "git", "config"))
		}
		if home != "" {
			files = append(files, filepath.Join(home, ".gitconfig"))
		}
	}
	seen := 0
	for len(files) > 0 {
		f := files[0]
		files = files[1:]
		if seen++; seen > 20 {
			return false, true
		}
		more, ok, filter := plainConfig(f)
		if !ok {
			return false, true
		}
		filters = filters || filter
		files = append(files, more...)
	}
	return true, filters
}

// plainConfig reads one configuration file (a missing one is plain, as
// git ignores it) and says whether it is plain, with the files it
// includes (every include and includeIf, whatever its condition). Not
// plain: a section or key about work trees, bareness other than
// "bare = false", an extension, a file too large or unreadable. filter
// is whether "filter" is written anywhere in it, in any case.
func plainConfig(path string) (includes []string, ok, filter bool) {
	b, _, err := fsx.ReadHead(path, maxConfig+1)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) || path == os.DevNull {
		return nil, true, false
	}
	if err != nil || len(b) > maxConfig {
		return nil, false, true
	}
	filter = bytes.Contains(bytes.ToLower(b), []byte("filter"))
	section := ""
	for line := range strings.Lines(string(b)) {
		l := strings.ToLower(strings.TrimSpace(line))
		if l == "" || l[0] == '#' || l[0] == ';' {
			continue
		}
		if strings.HasSuffix(l, "\\") {
			return nil, false, true // a value going on to the next line
		}
		if strings.Contains(l, "worktree") || strings.Contains(l, "extensions") || strings.Contains(l, "refstorage") {
			return nil, false, true
		}
		if l[0] == '[' {
			end := strings.IndexByte(l, ']')
			if end < 0 || strings.TrimSpace(l[end+1:]) != "" {
				return nil, false, true // a key on the section's line
			}
			section = strings.TrimSpace(l[1:end])
			continue
		}
		key, value, _ := strings.Cut(l, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if strings.Contains(key, "bare") && (key != "bare" || value != "false") {
			return nil, false, true
		}
		if strings.HasPrefix(section, "include") && key == "path" {
			p := strings.TrimSpace(strings.TrimSpace(line)[strings.IndexByte(strings.TrimSpace(line), '=')+1:])
			if strings.ContainsAny(p, "\"\\;#") || strings.Contains(p, "%(") || strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "~/") {
				return nil, false, true
			}
			if rest, ok := strings.CutPrefix(p, "~/"); ok {
				home, err := os.UserHomeDir()
				if err != nil {
					return nil, false, true
				}
				p = filepath.Join(home, rest)
			} else if !filepath.IsAbs(p) {
				// Relative to the including file's folder: read from
				// both the folder named and, when the file is a link, the
				// one it is really in, so that whichever git means is read.
				if real, err := filepath.EvalSymlinks(path); err == nil && filepath.Dir(real) != filepath.Dir(path) {
					includes = append(includes, filepath.Join(filepath.Dir(real), p))
				}
				p = filepath.Join(filepath.Dir(path), p)
			}
			includes = append(includes, p)
		}
	}
	return includes, true, filter
}

const (
	maxConfig = 64 << 10
	maxPacked = 4 << 20
)

// small reads a file of git's own bookkeeping (HEAD, a ref, a .git
// file, commondir): at most 1 KiB, more is not plain.
func small(path string) ([]byte, error) {
	b, _, err := fsx.ReadHead(path, 1025)
	if err == nil && len(b) > 1024 {
		return nil, errors.New(path + ": too large")
	}
	return b, err
}

// plainRef reports whether ref is a full ref name under refs/ made of
// plain parts, none of them a path trick nor a character git refuses.
func plainRef(ref string) bool {
	if !strings.HasPrefix(ref, "refs/") || strings.HasSuffix(ref, "/") || strings.HasSuffix(ref, ".lock") {
		return false
	}
	for _, part := range strings.Split(ref, "/") {
		if part == "" || part[0] == '.' || strings.Contains(part, "..") || strings.Contains(part, "@{") {
			return false
		}
	}
	for _, r := range ref {
		if r <= ' ' || r == 0x7f || strings.ContainsRune("~^:?*[\\", r) || r >= 0x80 {
			return false
		}
	}
	return true
}

// isOID reports whether s is a full object id as git writes it: 40
// (SHA-1) or 64 (SHA-256) lower-case hex digits.
func isOID(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for i := range len(s) {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// sameDevice reports whether every folder from dir up to top (its
// ancestor) is on dir's file system, as git's search needs.
func sameDevice(dir, top string) bool {
	var st syscall.Stat_t
	if syscall.Stat(dir, &st) != nil {
		return false
	}
	dev := st.Dev
	for d := dir; d != top; {
		d = filepath.Dir(d)
		if syscall.Stat(d, &st) != nil || st.Dev != dev {
			return false
		}
		if d == "/" {
			return d == top
		}
	}
	return true
}

func ownDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir() && owned(st)
}

func owned(st fs.FileInfo) bool {
	sys, ok := st.Sys().(*syscall.Stat_t)
	return ok && int(sys.Uid) == os.Geteuid()
}

func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
