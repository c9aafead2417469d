package speckit

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// Feature is one folder under specs/ that spec-kit made: NNN-name, or
// YYYYMMDD-HHMMSS-name with --timestamp.
type Feature struct {
	Dir    string // absolute
	Name   string // the folder's name
	Number int    // NNN, or the timestamp's digits
	// Files that exist in it.
	Spec, Plan, Tasks bool
}

var (
	numberedRe = lazyre.New(`^(\d{3,})-[^.]`)
	stampedRe  = lazyre.New(`^(\d{8})-(\d{6})-[^.]`)
	// numberPrefixRe is a branch name's feature number (spec-kit's
	// scripts before 0.5.1).
	numberPrefixRe = lazyre.New(`^(\d{3,})-`)
)

// featureNumber reads a folder name as spec-kit names feature folders.
func featureNumber(name string) (int, bool) {
	if m := stampedRe.FindStringSubmatch(name); m != nil {
		n, err := strconv.Atoi(m[1] + m[2])
		return n, err == nil
	}
	if m := numberedRe.FindStringSubmatch(name); m != nil {
		n, err := strconv.Atoi(m[1])
		return n, err == nil
	}
	return 0, false
}

// maxFeatures caps how many feature folders are read.
const maxFeatures = 1000

// features lists specs/'s feature folders, in number order, and the
// folders there that spec-kit would not take for a feature (strays).
func features(root string) (out []Feature, strays []string) {
	dir := filepath.Join(root, "specs")
	f, err := fsx.OpenDir(dir)
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	entries, _ := f.ReadDir(maxFeatures * 2)
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		n, ok := featureNumber(e.Name())
		if !ok {
			if has(filepath.Join(dir, e.Name()), "tasks.md") || has(filepath.Join(dir, e.Name()), "spec.md") {
				strays = append(strays, e.Name())
			}
			continue
		}
		p := filepath.Join(dir, e.Name())
		ft := Feature{Dir: p, Name: e.Name(), Number: n, Spec: has(p, "spec.md"), Plan: has(p, "plan.md"), Tasks: has(p, "tasks.md")}
		if ft.Spec || ft.Plan || ft.Tasks {
			out = append(out, ft)
		}
		if len(out) >= maxFeatures {
			break
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Number != out[j].Number {
			return out[i].Number < out[j].Number
		}
		return out[i].Name < out[j].Name
	})
	sort.Strings(strays)
	return out, strays
}

// has reports whether dir holds something named name: a file, or
// anything else there (a folder, a pipe, a link), which Load then names
// in its error rather than pickup passing over it.
func has(dir, name string) bool {
	_, err := os.Lstat(filepath.Join(dir, name))
	return err == nil
}

// Current is how spec-kit itself resolves the feature it works on.
type Current struct {
	Name string // the feature folder's name, "" when none resolves
	// How: "feature.json", "branch" or "highest" (see Catalog.CurrentFrom).
	How string
}

// current resolves the feature the way spec-kit's scripts do: 0.5.1 and
// later read .specify/feature.json's feature_directory; older ones take
// the git branch's number prefix; without either, the highest-numbered
// folder.
func current(root string, list []Feature) Current {
	if data, err := fsx.ReadFile(filepath.Join(root, ".specify", "feature.json")); err == nil {
		var fj struct {
			Dir string `json:"feature_directory"`
		}
		if json.Unmarshal(data, &fj) == nil && fj.Dir != "" {
			name := filepath.Base(filepath.Clean(filepath.FromSlash(fj.Dir)))
			for _, f := range list {
				if f.Name == name {
					return Current{Name: name, How: "feature.json"}
				}
			}
		}
	}
	if b := branch(root); b != "" {
		if m := numberPrefixRe.FindStringSubmatch(b); m != nil {
			var hits []Feature
			for _, f := range list {
				if strings.HasPrefix(f.Name, m[1]+"-") {
					hits = append(hits, f)
				}
			}
			if len(hits) == 1 {
				return Current{Name: hits[0].Name, How: "branch"}
			}
		}
	}
	if len(list) > 0 {
		return Current{Name: list[len(list)-1].Name, How: "highest"}
	}
	return Current{}
}

// branch is the branch .git/HEAD names, read as a file (no git process:
// a ref is all spec-kit's old scripts read).
func branch(root string) string {
	data, err := fsx.ReadFile(filepath.Join(root, ".git", "HEAD"))
	if err != nil {
		return ""
	}
	ref, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "ref: refs/heads/")
	if !ok {
		return ""
	}
	return ref
}
