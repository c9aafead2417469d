package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
)

// cliText is the command line's own sentences (help headings, version,
// usage errors, the compact status), apart from tui/msg's, which the
// wizard and the long status share. One value per language in
// cliCatalogs; English is the default.
type cliText struct {
	SeeHelp string
	// UnknownCommand: a first word that is neither a command nor a
	// folder, with the commands it is close to.
	UnknownCommand func(word string, near []string) string

	VersionNoInfo   string
	VersionDevel    func(goVersion string) string
	VersionCheckout func(rev, date string, modified bool) string

	HelpUsage, HelpExamples, HelpCommands, HelpFlags, HelpGlobalFlags string
	HelpExitCodes, HelpEnvironment                                    string

	// ChoiceHelp describes each --choice value for shell completion.
	ChoiceHelp map[model.Choice]string

	// The compact status (status.go).
	Standing    func(model.Standing) string
	AndMore     func(n int) string
	Archived    func(n int) string
	ResumeAt    func(where string) string
	Recommended func(choice string) string
}

var englishCLI = cliText{
	SeeHelp: "Run 'pickup --help' for usage.",
	UnknownCommand: func(word string, near []string) string {
		if len(near) == 0 {
			return fmt.Sprintf("unknown command %q (not a folder either; pickup --help lists the commands)", word)
		}
		q := make([]string, len(near))
		for i, n := range near {
			q[i] = strconv.Quote(n)
		}
		return fmt.Sprintf("unknown command %q (did you mean %s?)", word, strings.Join(q, " or "))
	},
	VersionNoInfo: "(devel), built without module or version control information",
	VersionDevel: func(gov string) string {
		return "(devel), built with " + gov + " without version control information (not from a checkout, or -buildvcs=false)"
	},
	VersionCheckout: func(rev, date string, modified bool) string {
		s := "(devel) " + rev
		if date != "" {
			s += " from " + date
		}
		if modified {
			s += ", with uncommitted changes"
		}
		return s
	},
	HelpUsage:       "Usage",
	HelpExamples:    "Examples",
	HelpCommands:    "Commands",
	HelpFlags:       "Flags",
	HelpGlobalFlags: "Global flags",
	HelpExitCodes:   "Exit codes",
	HelpEnvironment: "Environment",
	ChoiceHelp: map[model.Choice]string{
		model.Continue: "pick up where it stopped",
		model.Review:   "see the progress, change nothing",
		model.Restart:  "start over (checks git; writes with --yes)",
		model.Discard:  "archive the saved state (writes with --yes)",
	},
	Standing: func(st model.Standing) string { return string(st) },
	AndMore:  func(n int) string { return "(and " + strconv.Itoa(n) + " more)" },
	Archived: func(n int) string {
		return "+ " + i18n.Count(n, "archived session", "archived sessions") + ": pickup status --long lists them"
	},
	ResumeAt:    func(where string) string { return "resume at " + where },
	Recommended: func(choice string) string { return "recommended: " + choice },
}

var cliCatalogs = i18n.Catalogs[cliText]{i18n.English: &englishCLI}

// words is the command line's catalog for this run's language.
func words() *cliText { return cliCatalogs.For(i18n.English) }
