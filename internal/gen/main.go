// Command gen writes large, realistic inputs for pickup's benchmarks into
// a folder: never into the repository.
//
//	go run ./internal/gen -out /tmp/pickup-bench -kind all
//
// Kinds: crucible (a 200,000-line manifest, about 100,000 dispatches over
// 12 phases, last line truncated, with dispatch files and git history),
// bookforge (500 scenes), kiln (500 phases, a phase state with 20,000
// events), aios (10,000 phase results), design (200 sessions), or all.
// It prints, per kind, the project to point pickup at, the Claude home to
// pass as --claude-home when the format needs one, and the main file.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/gen/synth"
)

func main() {
	out := flag.String("out", "", "folder to write into (required; created when missing)")
	kind := flag.String("kind", "all", "what to write: "+strings.Join(synth.Kinds, ", ")+" or all")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./internal/gen -out DIR [-kind crucible|bookforge|kiln|aios|design|all]")
		os.Exit(2)
	}
	if inRepo(*out) {
		fmt.Fprintf(os.Stderr, "gen: %s is inside a git work tree; write generated inputs to a temporary folder\n", *out)
		os.Exit(2)
	}
	kinds := []string{*kind}
	if *kind == "all" {
		kinds = synth.Kinds
	}
	for _, k := range kinds {
		start := time.Now()
		w, err := synth.Write(*out, k)
		if err != nil {
			fmt.Fprintf(os.Stderr, "gen: %s: %v\n", k, err)
			os.Exit(1)
		}
		fmt.Printf("%s (%.1fs)\n  project:     %s\n", w.Summary, time.Since(start).Seconds(), w.Project)
		if w.ClaudeHome != "" {
			fmt.Printf("  claude-home: %s\n", w.ClaudeHome)
		}
		fmt.Printf("  file:        %s\n", w.File)
	}
}

// inRepo reports whether dir lies in a git work tree (a .git above it).
func inRepo(dir string) bool {
	d, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	for {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return true
		}
		parent := filepath.Dir(d)
		if parent == d {
			return false
		}
		d = parent
	}
}
