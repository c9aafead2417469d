// Package quickline is what the statusline needs before pickup's other
// packages are initialised: the agent's stdin JSON, the folders it
// names, the statusline's cache file, and the early answer that gives a
// kept line again without starting the rest of pickup (early.go).
//
// Go initialises a program's packages one at a time: of those whose
// imports are all initialised, the first by import path. So that this
// package is initialised among the first twenty-odd (before the
// formats, the views, their libraries, and also before encoding/json,
// fmt, strings, crypto/sha256 and path/filepath, which come late in that
// order), it imports only os, io/fs, syscall, time, bytes, strconv,
// unicode, hash/fnv, path, slices, errors and internal/statedir (the
// same): TestQuicklineInitialisesEarly (cmd/pickup) fails when an import
// pulls it later. Hence its own reader of the agent's JSON (ScanInput,
// held to encoding/json by a fuzz test), its own cache file format
// (strconv's quoting), and "path" for file paths (pickup runs on Unix).
package quickline

import (
	"os"
	"path"
	"time"
)

const (
	// InputMax and InputWait bound the read of the agent's JSON on
	// stdin: a stdin that never closes, or sends garbage forever, cannot
	// hold pickup.
	InputMax  = 1 << 20
	InputWait = time.Second
)

// Input is what pickup reads from an agent's stdin JSON.
type Input struct {
	Cwd, Source string
	// Project is Claude Code's workspace.project_dir (statusLine's JSON).
	Project string
	// SessionID and Transcript name the agent's conversation.
	SessionID, Transcript string
	Roots                 []string // Cursor's workspace_roots
}

// Projects lists the folders to look in, nearest first: the stdin's cwd
// (Cursor: its first workspace root) and the folders above it up to the
// agent's project folder or the git work tree holding it, else the
// agent's project variable (the first of projectEnv set to a folder),
// else the current directory. where names the first, for notes.
func Projects(in Input, projectEnv []string) (cands []string, where string) {
	envDir := ""
	for _, v := range projectEnv {
		if d := usableDir(os.Getenv(v)); d != "" {
			envDir = d
			break
		}
	}
	start := usableDir(in.Cwd)
	if start == "" && len(in.Roots) > 0 {
		start = usableDir(in.Roots[0])
	}
	if start == "" {
		start = envDir
	}
	if start == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, "."
		}
		start = wd
	}
	stop := WorkTreeRoot(start)
	if envDir != "" && within(envDir, start) {
		stop = envDir
	}
	cands = []string{start}
	for d := start; d != stop && stop != ""; {
		parent := path.Dir(d)
		if parent == d || !within(stop, parent) {
			break
		}
		cands = append(cands, parent)
		d = parent
	}
	return cands, start
}

// usableDir is p when it is an absolute path to a folder, else "".
func usableDir(p string) string {
	if p == "" || !path.IsAbs(p) {
		return ""
	}
	if st, err := os.Stat(p); err != nil || !st.IsDir() {
		return ""
	}
	return path.Clean(p)
}

// WorkTreeRoot is the nearest folder at or above dir holding .git (a
// folder, or a git worktree's file), else "".
func WorkTreeRoot(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(path.Join(d, ".git")); err == nil {
			return d
		}
		parent := path.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// within reports whether p is root or inside it; both are clean
// absolute paths.
func within(root, p string) bool {
	return p == root || root == "/" || len(p) > len(root) && p[len(root)] == '/' && p[:len(root)] == root
}
