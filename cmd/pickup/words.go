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
	SeeHelp func(command string) string
	// UnknownCommand: a first word that is neither a command nor a
	// folder, with the commands it is close to.
	UnknownCommand    func(word string, near []string) string
	UnknownSubcommand func(word, parent string, near []string) string
	UnknownFlag       func(flag string, near []string) string
	// BadFlagValue: a value the flag refused, and why (the flag's own
	// check); FlagNeedsValue: a flag given no value.
	BadFlagValue   func(value, flag, why string) string
	FlagNeedsValue func(flag string) string
	// WrongArgs: too few or too many arguments for use ("status [DIR]").
	WrongArgs func(command, use string, least, most, got int) string

	VersionNoInfo   string
	VersionDevel    func(goVersion string) string
	VersionCheckout func(rev, date string, modified bool) string

	HelpUsage, HelpExamples, HelpCommands, HelpFlags, HelpGlobalFlags string
	HelpExitCodes, HelpEnvironment, HelpFormatFlags                   string
	// FormatFlagsSeeRoot lists the formats' flags in a command's help.
	FormatFlagsSeeRoot func(flags string) string

	// ChoiceHelp describes each --choice value for shell completion.
	ChoiceHelp map[model.Choice]string

	// The compact status (status.go).
	Standing    func(model.Standing) string
	AndMore     func(n int) string
	Archived    func(n int) string
	ResumeAt    func(where string) string
	Recommended func(choice string) string

	// HookSharedPath: a project-scope install wrote this machine's path
	// into a file that is usually committed (onPath: the bare pickup on
	// PATH is this one). HookFileRemoved: an uninstall removed the file
	// the install had created.
	HookSharedPath  func(path, bin string, onPath bool) string
	HookFileRemoved func(path string) string
	// ProjectFound: the project folder a command used, found above the
	// working directory (project.go).
	ProjectFound func(project, cwd string) string
}

var englishCLI = cliText{
	SeeHelp: func(command string) string { return "Run '" + command + " --help' for usage." },
	UnknownCommand: func(word string, near []string) string {
		if len(near) == 0 {
			return fmt.Sprintf("unknown command %q (not a folder either; pickup --help lists the commands)", word)
		}
		return fmt.Sprintf("unknown command %q (did you mean %s?)", word, orList(near, true))
	},
	UnknownSubcommand: func(word, parent string, near []string) string {
		if len(near) == 0 {
			return fmt.Sprintf("unknown command %q for %s", word, parent)
		}
		return fmt.Sprintf("unknown command %q for %s (did you mean %s?)", word, parent, orList(near, true))
	},
	UnknownFlag: func(flag string, near []string) string {
		if len(near) == 0 {
			return "unknown flag " + flag
		}
		return fmt.Sprintf("unknown flag %s (did you mean %s?)", flag, orList(near, false))
	},
	BadFlagValue: func(value, flag, why string) string {
		return fmt.Sprintf("invalid argument %q for %q flag: %s", value, flag, why)
	},
	FlagNeedsValue: func(flag string) string { return "flag needs an argument: " + flag },
	WrongArgs: func(command, use string, least, most, got int) string {
		want := "no arguments"
		switch {
		case least == most && most > 0:
			want = i18n.Count(most, "argument", "arguments")
		case least > 0 && most == least+1:
			want = fmt.Sprintf("%d or %d arguments", least, most)
		case least > 0:
			want = fmt.Sprintf("%d to %d arguments", least, most)
		case most > 0:
			want = "at most " + i18n.Count(most, "argument", "arguments")
		}
		_, args, _ := strings.Cut(use, " ")
		if args != "" {
			want += " (" + args + ")"
		}
		return fmt.Sprintf("%s takes %s, not %d", command, want, got)
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
	HelpFormatFlags: "Format flags",
	FormatFlagsSeeRoot: func(flags string) string {
		return flags + ": each format's own, described by pickup help formats"
	},
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

// orList is "a", "a or b", "a, b or c", each quoted when quote is set.
func orList(items []string, quote bool) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = s
		if quote {
			q[i] = strconv.Quote(s)
		}
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

func init() {
	englishCLI.HookSharedPath = func(path, bin string, onPath bool) string {
		s := "pickup: note: " + path + " is usually committed, and the entry runs this machine's path " + bin + ", which other machines may not have."
		if onPath {
			return s + " pickup is on PATH here: run again with --command pickup to write the bare name."
		}
		return s + " Put pickup on PATH on every machine and run again with --command pickup to write the bare name."
	}
	englishCLI.HookFileRemoved = func(path string) string {
		return path + " held nothing else and pickup's install had created it: it was removed."
	}
	englishCLI.ProjectFound = func(project, cwd string) string {
		return "pickup: project " + project + " (found above " + cwd + "; give DIR to choose another)"
	}
	portugueseCLI.HookSharedPath = func(path, bin string, onPath bool) string {
		s := "pickup: nota: " + path + " costuma ir para o repositório, e a entrada roda o caminho desta máquina, " + bin + ", que outras máquinas podem não ter."
		if onPath {
			return s + " O pickup está no PATH aqui: rode de novo com --command pickup para gravar só o nome."
		}
		return s + " Ponha o pickup no PATH de cada máquina e rode de novo com --command pickup para gravar só o nome."
	}
	portugueseCLI.HookFileRemoved = func(path string) string {
		return path + " não guardava mais nada e foi criado pela instalação do pickup: foi removido."
	}
	portugueseCLI.ProjectFound = func(project, cwd string) string {
		return "pickup: projeto " + project + " (encontrado acima de " + cwd + "; dê DIR para escolher outro)"
	}
}

var cliCatalogs = i18n.Catalogs[cliText]{i18n.English: &englishCLI, i18n.PortugueseBR: &portugueseCLI}

// words is the command line's catalog for this run's language (runLang,
// lang.go).
func words() *cliText { return cliCatalogs.For(runLang) }
