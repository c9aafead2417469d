package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/muesli/mango"
	mcobra "github.com/muesli/mango-cobra"
	"github.com/muesli/roff"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/mod/module"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/model"
)

// helpWidth is the widest line --help prints: it fits an 80-column
// terminal and reads the same piped.
const helpWidth = 80

// execute runs the command tree with pickup's help, version and error
// text, and returns the exit code.
func (a *app) execute(ctx context.Context, root *cobra.Command) int {
	root.SilenceUsage = true
	root.SilenceErrors = true
	root.Version = version()
	root.SetVersionTemplate("pickup {{.Version}}\n")
	root.SuggestionsMinimumDistance = 2
	root.SetHelpFunc(func(c *cobra.Command, _ []string) {
		a.fillLong(c)
		writeHelp(c.OutOrStdout(), c)
	})
	root.SetFlagErrorFunc(flagError)
	c, err := root.ExecuteContextC(ctx)
	if err != nil {
		if msg := a.text().errorText(err); msg != "" {
			fmt.Fprintf(root.ErrOrStderr(), "pickup: %s\n", msg)
			if exitCode(err) == exitUsage {
				if c == nil {
					c = root
				}
				fmt.Fprintln(root.ErrOrStderr(), words().SeeHelp.F(c.CommandPath()))
			}
		}
	}
	return exitCode(err)
}

// flagError is a flag cobra could not take, exit 2, with the flag meant
// when the word is close to one ("unknown flag --sesion (did you mean
// --session?)").
func flagError(c *cobra.Command, err error) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "unknown flag: --"); ok {
		var near []string
		best := 3 // only the closest flags, and none further than 2 edits
		c.Flags().VisitAll(func(f *pflag.Flag) {
			switch d := distance(name, f.Name); {
			case f.Hidden || d > best:
			case d < best:
				best, near = d, []string{"--" + f.Name}
			default:
				near = append(near, "--"+f.Name)
			}
		})
		return failText(exitUsage, words().unknownFlag("--"+name, near))
	}
	// pflag's own words, in the run's language.
	var bad *pflag.InvalidValueError
	if errors.As(err, &bad) && bad.GetFlag() != nil {
		why := ""
		if c := bad.Unwrap(); c != nil {
			why = i18n.ErrorIn(runLang, c)
		}
		return failText(exitUsage, words().BadFlagValue.F(strconv.Quote(bad.GetValue()), strconv.Quote("--"+bad.GetFlag().Name), why))
	}
	var none *pflag.ValueRequiredError
	if errors.As(err, &none) && none.GetFlag() != nil {
		return failText(exitUsage, words().FlagNeedsValue.F("--"+none.GetFlag().Name))
	}
	return failText(exitUsage, msg)
}

// commandName is the command as an error after "pickup: " names it:
// "status", "hook install"; the root is "pickup".
func commandName(c *cobra.Command) string {
	if !c.HasParent() {
		return c.Name()
	}
	_, rest, _ := strings.Cut(c.CommandPath(), " ")
	return rest
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// takes accepts from least to most arguments; a word where a command
// with subcommands takes none is a mistyped subcommand. Both are exit 2
// in words (cobra's own say "arg(s)").
func takes(least, most int) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if most == 0 && len(args) > 0 && c.HasAvailableSubCommands() {
			return failText(exitUsage, words().unknownCommand(args[0], commandName(c), c.SuggestionsFor(args[0])))
		}
		if len(args) < least || len(args) > most {
			return failText(exitUsage, words().wrongArgs(commandName(c), c.Use, least, most, len(args)))
		}
		return nil
	}
}

// version is the module version when pickup was installed as a release
// (go install …@v1.2.0), else the commit and its date: from the VCS
// stamps of a build in a checkout, or from the pseudo-version the go
// command gives a build of an untagged commit; else what the build says
// it is: never a bare "unknown" nor a raw pseudo-version.
func version() string { return versionOf(debug.ReadBuildInfo()) }

// versionOf is version for a given build.
func versionOf(info *debug.BuildInfo, ok bool) string {
	if !ok || info == nil {
		return words().VersionNoInfo
	}
	var rev, at string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	v := info.Main.Version
	// A build in a modified checkout gets "+dirty" after the version.
	base, dirty := strings.CutSuffix(v, "+dirty")
	modified = modified || dirty
	pseudo := module.IsPseudoVersion(base)
	if base != "" && base != "(devel)" && !pseudo && !dirty {
		return v
	}
	var when time.Time
	if t, err := time.Parse(time.RFC3339, at); err == nil {
		when = t
	}
	if pseudo {
		if r, err := module.PseudoVersionRev(base); err == nil && rev == "" {
			rev = r
		}
		if t, err := module.PseudoVersionTime(base); err == nil && when.IsZero() {
			when = t
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		date := at
		if !when.IsZero() {
			date = when.UTC().Format("2006-01-02 15:04 UTC")
		}
		return words().versionCheckout(rev, date, modified)
	}
	if base != "" && base != "(devel)" {
		return v
	}
	return words().VersionDevel.F(info.GoVersion)
}

// unknownWord is the error for a first argument that is neither a
// command nor a folder: a mistyped command, said as one, exit 2.
func unknownWord(root *cobra.Command, word string) error {
	if strings.ContainsAny(word, `/\`) || strings.HasPrefix(word, ".") || strings.HasPrefix(word, "~") {
		return nil
	}
	if _, err := os.Stat(word); err == nil || !os.IsNotExist(err) {
		return nil
	}
	return failText(exitUsage, words().unknownCommand(word, "", root.SuggestionsFor(word)))
}

// writeHelp prints a command's help: usage, examples, commands and flags
// first, then the prose, every line at most helpWidth columns with no
// trailing spaces. Headings are bold on a terminal that takes colour.
func writeHelp(out io.Writer, c *cobra.Command) {
	// The help is English in every language (its descriptions are), so
	// its headings are too.
	words := func() *cliText { return &englishCLI }
	w := colorprofile.NewWriter(out, os.Environ())
	head := lipgloss.NewStyle().Bold(true)
	var b strings.Builder
	section := func(title, body string) {
		body = strings.TrimRight(body, "\n ")
		if body == "" {
			return
		}
		if title != "" {
			b.WriteString(head.Render(title) + "\n")
		}
		b.WriteString(body + "\n\n")
	}
	b.WriteString(wrapText(c.Short, helpWidth) + "\n\n")

	var usage []string
	if c.Runnable() {
		usage = append(usage, "  "+useLine(c))
	}
	if c.HasAvailableSubCommands() {
		usage = append(usage, "  "+c.CommandPath()+" COMMAND [flags]")
	}
	section(words().HelpUsage, strings.Join(usage, "\n"))
	section(words().HelpExamples, c.Example)

	if !c.Runnable() && !c.HasSubCommands() {
		// A help topic (pickup help formats): its text, then the
		// formats' flags in full.
		section("", wrapText(c.Long, helpWidth))
		_, format := splitFormat(c.InheritedFlags())
		section(words().HelpFormatFlags, format.FlagUsagesWrapped(helpWidth))
		writeLines(w, b.String())
		return
	}
	var names, shorts []string
	var topics []string
	for _, sub := range c.Commands() {
		if !sub.Runnable() && !sub.HasSubCommands() && !sub.Hidden {
			topics = append(topics, sub.Name())
			continue
		}
		if !sub.IsAvailableCommand() && sub.Name() != "help" {
			continue
		}
		names = append(names, sub.Use)
		shorts = append(shorts, sub.Short)
	}
	for _, t := range topics {
		names = append(names, "help "+t)
		shorts = append(shorts, c.Commands()[slices.IndexFunc(c.Commands(), func(x *cobra.Command) bool { return x.Name() == t })].Short)
	}
	section(words().HelpCommands, table(names, shorts))
	own, format := splitFormat(c.LocalFlags())
	section(words().HelpFlags, own.FlagUsagesWrapped(helpWidth))
	if c.HasParent() {
		var global *pflag.FlagSet
		global, format = splitFormat(c.InheritedFlags())
		// Only what the command takes: --session is refused by the
		// commands that open no session (checkFlags).
		if !sessionCommands[c.CommandPath()] {
			global = without(global, "session")
		}
		section(words().HelpGlobalFlags, global.FlagUsagesWrapped(helpWidth))
	}
	var formatNames []string
	format.VisitAll(func(f *pflag.Flag) { formatNames = append(formatNames, "--"+f.Name) })
	if len(formatNames) > 0 {
		section(words().HelpFormatFlags, wrapText("  "+words().FormatFlagsSeeRoot.F(strings.Join(formatNames, ", ")), helpWidth))
	}
	section("", wrapText(c.Long, helpWidth))
	if !c.HasParent() {
		section(words().HelpExitCodes, exitCodesText)
	}
	writeLines(w, b.String())
}

// without is fs less the flag named name.
func without(fs *pflag.FlagSet, name string) *pflag.FlagSet {
	out := pflag.NewFlagSet(fs.Name(), pflag.ContinueOnError)
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Name != name {
			out.AddFlag(f)
		}
	})
	return out
}

// writeLines prints text with no line ending in spaces and one newline
// at the end.
func writeLines(w io.Writer, text string) {
	text = strings.TrimRight(text, "\n") + "\n"
	var lines []string
	for l := range strings.SplitSeq(text, "\n") {
		lines = append(lines, strings.TrimRight(l, " "))
	}
	fmt.Fprint(w, strings.Join(lines, "\n"))
}

// formatFlag marks the flags a format declares for itself (sources.go),
// which help lists apart.
const formatFlag = "pickup-format-flag"

// splitFormat splits fs into pickup's own flags and the formats'.
func splitFormat(fs *pflag.FlagSet) (own, format *pflag.FlagSet) {
	own, format = pflag.NewFlagSet("own", pflag.ContinueOnError), pflag.NewFlagSet("format", pflag.ContinueOnError)
	fs.VisitAll(func(f *pflag.Flag) {
		if _, ok := f.Annotations[formatFlag]; ok {
			format.AddFlag(f)
		} else {
			own.AddFlag(f)
		}
	})
	return own, format
}

// useLine is the command's usage with [flags] after it.
func useLine(c *cobra.Command) string {
	line := c.UseLine()
	if c.HasAvailableFlags() && !strings.Contains(line, "[flags]") {
		line += " [flags]"
	}
	return line
}

// table lays out name/description pairs in two columns, the second
// wrapped under itself.
func table(names, descs []string) string {
	col := 0
	for _, n := range names {
		col = max(col, len(n))
	}
	col = min(col+4, 28)
	var b strings.Builder
	for i, n := range names {
		pad := col - 2 - len(n)
		lead := "  " + n
		if pad < 2 {
			b.WriteString(lead + "\n")
			lead, pad = "", col
		}
		desc := wrapText(descs[i], helpWidth-col)
		for j, l := range strings.Split(desc, "\n") {
			if j == 0 {
				b.WriteString(lead + strings.Repeat(" ", pad) + l + "\n")
			} else {
				b.WriteString(strings.Repeat(" ", col) + l + "\n")
			}
		}
	}
	return b.String()
}

// termLine is an indented term, two or more spaces, and its description.
var termLine = lazyre.New(`^( +\S+(?: \S+)*? {2,})(\S.*)$`)

// wrapText wraps every line longer than width at spaces, continuing
// under the line's own indentation (two more for a list line).
func wrapText(text string, width int) string {
	var out []string
	for line := range strings.SplitSeq(text, "\n") {
		if lipgloss.Width(line) <= width {
			out = append(out, line)
			continue
		}
		indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
		cont := indent
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "-") || strings.Contains(t, ": ") && len(indent) > 0 {
			cont += "  "
		}
		cur, rest := indent, line
		// "  term    description": the description wraps under itself.
		if m := termLine.FindStringSubmatch(line); m != nil && lipgloss.Width(m[1]) < width/2 {
			cur, rest, cont = m[1], m[2], strings.Repeat(" ", lipgloss.Width(m[1]))
		}
		for _, word := range strings.Fields(rest) {
			if strings.TrimSpace(cur) != "" && lipgloss.Width(cur)+1+lipgloss.Width(word) > width {
				out = append(out, cur)
				cur = cont
			}
			if strings.TrimSpace(cur) != "" && !strings.HasSuffix(cur, " ") {
				cur += " "
			}
			cur += word
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

// manCommand prints pickup's man page (roff) built from the command
// tree, with the exit codes and the environment as sections of their own.
func (a *app) manCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print the man page (roff): pickup man > pickup.1",
		Long: `man prints pickup's manual page in roff, from the same command tree and
text as --help, with sections for the exit status and the environment.
Install it with: pickup man > ~/.local/share/man/man1/pickup.1`,
		Args: takes(0, 0),
		RunE: func(c *cobra.Command, _ []string) error {
			root := c.Root()
			a.fillLong(root)
			page := mango.NewManPage(1, root.Name(), root.Short).
				WithLongDescription(unwrap(rootLong())).
				WithSection("Exit status", exitCodesText).
				WithSection(englishCLI.HelpEnvironment, environmentText) // the page is English, as the help
			if err := mcobra.AddCommand(page, root); err != nil {
				return fail(exitError, &errs.ManPage, err)
			}
			_, err := fmt.Fprint(a.io.out, page.Build(roff.NewDocument()))
			return err
		},
	}
}

// unwrap joins the lines of each paragraph of text (a man page fills
// its own lines); indented lines stay lines of their own.
func unwrap(text string) string {
	var out []string
	for line := range strings.SplitSeq(text, "\n") {
		n := len(out)
		if n > 0 && out[n-1] != "" && line != "" && !strings.HasPrefix(line, " ") && !strings.HasSuffix(out[n-1], ":") {
			out[n-1] += " " + line
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// completeFlags gives the shells the values of --source, --choice and
// --session (the sessions found in the project the command line names).
func (a *app) completeFlags(root *cobra.Command) {
	choices := func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var out []string
		for _, c := range model.AllChoices {
			out = append(out, string(c)+"\t"+words().ChoiceHelp[c])
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	sources := func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var out []string
		for _, s := range sourceSpecs {
			out = append(out, s.name)
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
	sessions := func(c *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		return a.sessionCompletions(c, args), cobra.ShellCompDirectiveNoFileComp
	}
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Flags().Lookup("choice") != nil && c.LocalFlags().Lookup("choice") != nil {
			_ = c.RegisterFlagCompletionFunc("choice", choices)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	_ = root.RegisterFlagCompletionFunc("source", sources)
	_ = root.RegisterFlagCompletionFunc("session", sessions)
}

// sessionCompletions lists the ids of the sessions in the project the
// command line names (its DIR argument where the command takes one, else
// the current directory), each with its source and title.
func (a *app) sessionCompletions(c *cobra.Command, args []string) []string {
	dir := "."
	if len(args) > 0 && c.Name() != "design" {
		dir = args[0]
	} else if len(args) > 1 {
		dir = args[1]
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	sessions, _ := a.registry().FindWith(abs, a.source, nil)
	var out []string
	for _, s := range sessions {
		desc := s.Source
		if s.Title != "" && !strings.HasPrefix(s.Title, s.Source) {
			desc += ": " + s.Title
		} else if s.Title != "" {
			desc = s.Title
		}
		if s.Archived {
			desc += " (" + string(model.StandingArchived) + ")"
		}
		out = append(out, s.ID+"\t"+strings.ReplaceAll(desc, "\t", " "))
	}
	slices.Sort(out)
	return out
}
