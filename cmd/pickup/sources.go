package main

import (
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pickup-dev/pickup/loaders"
)

// sourceSpec plugs one state format into the CLI. Each format registers
// itself from its own source_<name>.go file, so adding a format touches
// no shared file: every list of formats pickup prints (--help, the
// demo's help, AGENTS.md) is built from the registrations.
type sourceSpec struct {
	name    string
	factory loaders.Factory
	// flags, optional, declares source-specific flags on the root's
	// persistent flag set. Values reach the loader through
	// loaders.Options.Flags / Lists under the flag's name.
	flags func(fs *pflag.FlagSet)
	// commands, optional, adds subcommands (e.g. crucible's diff).
	commands func(a *app) []*cobra.Command
	// help is one line for --help's list of sources.
	help string
	// title is the format's name in prose ("AIOS", "/design"); name
	// when empty.
	title string
	// order places the format in the prose lists (the demo's help,
	// AGENTS.md, --claude-home's help): lower first, then by name.
	order int
	// demo is what the demo's sample holds of the format, for the
	// demo's help ("a kiln run").
	demo string
	// demoNote, optional, is a sentence the demo's help adds about the
	// format's sample.
	demoNote string
	// claudeHome marks a format keeping per-project memory under Claude
	// Code's home (--claude-home's help names it).
	claudeHome bool
	// sample, optional, is the format's part of the demo's sample that
	// lives outside the project.
	sample *formatSample
}

// formatSample is a format's files in the demo's sample outside
// sample/project (which every format shares).
type formatSample struct {
	// ages date the unpacked files (modification times), by path prefix
	// in the sample, first match wins.
	ages []sampleAge
	// place, optional, is where the sample file rel (its path under sample/) is
	// unpacked for the project dir and the Claude home, and whether it
	// is the format's.
	place func(rel, dir, home string) (string, bool)
	// fill, optional, are placeholder, value pairs filled in the format's paths and
	// files.
	fill func(dir, home string) []string
}

type sampleAge struct {
	prefix string
	age    time.Duration
}

var sourceSpecs []sourceSpec

func registerSource(s sourceSpec) { sourceSpecs = append(sourceSpecs, s) }

// proseSources are the registered formats in the order prose lists them.
func proseSources() []sourceSpec {
	out := append([]sourceSpec(nil), sourceSpecs...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].order != out[j].order {
			return out[i].order < out[j].order
		}
		return out[i].name < out[j].name
	})
	return out
}

// displayName is the format's name in prose.
func (s sourceSpec) displayName() string {
	if s.title != "" {
		return s.title
	}
	return s.name
}

// sourceTitles are the formats' names in prose, those keep allows.
func sourceTitles(keep func(sourceSpec) bool) []string {
	var out []string
	for _, s := range proseSources() {
		if keep == nil || keep(s) {
			out = append(out, s.displayName())
		}
	}
	return out
}

// joinAnd is "a, b and c".
func joinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
