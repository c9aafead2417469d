package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/pickup-dev/pickup/internal/quickline"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// Which folder a command works on, as git finds its repository:
//
//   - DIR given: that folder, as it is (an explicit choice is never
//     second-guessed, and never walked up from).
//   - No DIR: the current folder when it holds a session of any format
//     (or pickup's own .pickup log); else the nearest folder above it
//     that does, up to the git top-level of the work tree holding it;
//     else that top-level. Outside a git work tree: the current folder.
//
// When the folder used is not the current one, a note on stderr names
// it (stdout, where the JSON goes, is left alone).

// findProject is the search for the project of a command run without
// DIR, given the current folder; set by run for its app.
var findProject func(cwd string) string

// nearestProject is findProject for a: it names the folder it chose
// when that is not cwd.
func (a *app) nearestProject(cwd string) string {
	top := quickline.WorkTreeRoot(cwd)
	chosen := cwd
	if top != "" {
		chosen = top
		for d := cwd; within(top, d); d = filepath.Dir(d) {
			if a.holdsSession(d) {
				chosen = d
				break
			}
			if d == top {
				break
			}
		}
	}
	if chosen != cwd {
		fmt.Fprintln(a.io.err, words().ProjectFound.F(chosen, cwd))
	}
	return chosen
}

// holdsSession reports whether some format finds a state file in dir
// (its known places only, as every command probes them), or dir holds
// pickup's operation log.
func (a *app) holdsSession(dir string) bool {
	if st, err := os.Lstat(fsx.LogDir(dir)); err == nil && st.IsDir() {
		return true
	}
	for _, l := range a.registry() {
		if a.source != "" && l.Source() != a.source {
			continue
		}
		if paths, _ := l.Discover(dir); len(paths) > 0 {
			return true
		}
	}
	return false
}
