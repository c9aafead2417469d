package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pickup-dev/pickup/loaders"
)

// sourceSpec plugs one state format into the CLI. Each format registers
// itself from its own source_<name>.go file, so adding a format touches
// no shared file.
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
}

var sourceSpecs []sourceSpec

func registerSource(s sourceSpec) { sourceSpecs = append(sourceSpecs, s) }
