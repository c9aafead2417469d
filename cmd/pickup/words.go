package main

import (
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// cliText is the command line's own sentences (help headings, version,
// usage errors, the compact status), apart from tui/msg's, which the
// wizard and the long status share. English here, pt-BR in
// messages/pt-BR.json under "CLI".
type cliText struct {
	SeeHelp i18n.M
	// UnknownCommand: a first word that is neither a command nor a
	// folder; UnknownCommandNear: with the commands it is close to
	// (word quoted, near an Or list).
	UnknownCommand, UnknownCommandNear       i18n.M
	UnknownSubcommand, UnknownSubcommandNear i18n.M
	UnknownFlag, UnknownFlagNear             i18n.M
	// BadFlagValue: a value the flag refused, and why (the flag's own
	// check; value and flag quoted); FlagNeedsValue: a flag given no
	// value.
	BadFlagValue, FlagNeedsValue i18n.M
	// Or joins the last item of a list of alternatives: "a, b or c".
	Or i18n.M
	// Takes: too few or too many arguments for a command, want being
	// NoArguments, Arguments, OneOrOther, Range or AtMost, with the
	// command's arguments after it in brackets.
	Takes             i18n.M
	NoArguments       string
	Arguments, AtMost i18n.P
	OneOrOther, Range i18n.M

	VersionNoInfo string
	VersionDevel  i18n.M
	// VersionCheckout is a build from a checkout: its revision, then
	// when (VersionFrom) and whether it had changes (VersionModified).
	VersionCheckout, VersionFrom, VersionModified i18n.M

	HelpUsage, HelpExamples, HelpCommands, HelpFlags, HelpGlobalFlags string
	HelpExitCodes, HelpEnvironment, HelpFormatFlags                   string
	// FormatFlagsSeeRoot lists the formats' flags in a command's help.
	FormatFlagsSeeRoot i18n.M

	// ChoiceHelp describes each --choice value for shell completion.
	ChoiceHelp map[model.Choice]string

	// The compact status (status.go).
	AndMore     i18n.M
	Archived    i18n.P
	ResumeAt    i18n.M
	Recommended i18n.M

	// HookShared: a project-scope install wrote this machine's path into
	// a file that is usually committed; HookSharedOnPath when the bare
	// pickup on PATH is this one. HookFileRemoved: an uninstall removed
	// the file the install had created.
	HookShared, HookSharedOnPath i18n.M
	HookFileRemoved              i18n.M
	// HookRemoved, HookInstalled and HookInTemp are install's report: the
	// entries an uninstall removed, what an install wrote, and a binary
	// that will not outlive its temporary folder.
	HookRemoved               i18n.P
	HookInstalled, HookInTemp i18n.M
	// UncheckedGoesAhead ends the warning --allow-unchecked-restart gives
	// when git could not check the tree.
	UncheckedGoesAhead string
	// ProjectFound: the project folder a command used, found above the
	// working directory (project.go).
	ProjectFound i18n.M
	// Settings says why an agent's settings file cannot be edited
	// (hook_json.go, hook_install.go): each a predicate after the file's
	// path, in errs.SettingsUnreadable ("{path} {err}; nothing was
	// changed").
	Settings settingsText
}

// settingsText is why a settings file cannot be edited. {err} is the
// JSON reader's own words (encoding/json's, hujson's), in English.
type settingsText struct {
	NotJSONC, NotJSONAt, NotJSON i18n.M
	Layout, BOM, NotObject       string
	DuplicateKey                 i18n.M
	HooksNotObject, EventNotList i18n.M
	NoElement                    i18n.M
}

var englishSettings = settingsText{
	NotJSONC:       i18n.T("is not valid JSON with comments (JSONC): {err}"),
	NotJSONAt:      i18n.T("is not valid JSON: {err} (line {line}, column {col})"),
	NotJSON:        i18n.T("is not valid JSON: {err}"),
	Layout:         "has a layout pickup cannot edit in place",
	BOM:            "starts with a byte order mark (BOM, the bytes EF BB BF), which JSON does not allow: save it as UTF-8 without a BOM",
	NotObject:      "is valid JSON but not an object",
	DuplicateKey:   i18n.T("holds the key {key} twice in one object (lines {first} and {line}): the agent reads the last one, pickup would edit the first; remove one and run again"),
	HooksNotObject: i18n.T("holds {key} that is not an object"),
	EventNotList:   i18n.T("holds {key} that is not a list"),
	NoElement:      i18n.T("has no element {index} to remove"),
}

var englishCLI = cliText{
	SeeHelp:               i18n.T("Run '{command} --help' for usage."),
	UnknownCommand:        i18n.T("unknown command {word} (not a folder either; pickup --help lists the commands)"),
	UnknownCommandNear:    i18n.T("unknown command {word} (did you mean {near}?)"),
	UnknownSubcommand:     i18n.T("unknown command {word} for {parent}"),
	UnknownSubcommandNear: i18n.T("unknown command {word} for {parent} (did you mean {near}?)"),
	UnknownFlag:           i18n.T("unknown flag {flag}"),
	UnknownFlagNear:       i18n.T("unknown flag {flag} (did you mean {near}?)"),
	BadFlagValue:          i18n.T("invalid argument {value} for {flag} flag: {why}"),
	FlagNeedsValue:        i18n.T("flag needs an argument: {flag}"),
	Or:                    i18n.T("{list} or {last}"),
	Takes:                 i18n.T("{command} takes {want}, not {got}"),
	NoArguments:           "no arguments",
	Arguments:             i18n.Plural("{n} argument", "{n} arguments"),
	AtMost:                i18n.Plural("at most {n} argument", "at most {n} arguments"),
	OneOrOther:            i18n.T("{least} or {most} arguments"),
	Range:                 i18n.T("{least} to {most} arguments"),
	VersionNoInfo:         "(devel), built without module or version control information",
	VersionDevel:          i18n.T("(devel), built with {go} without version control information (not from a checkout, or -buildvcs=false)"),
	VersionCheckout:       i18n.T("(devel) {rev}"),
	VersionFrom:           i18n.T("{version} from {date}"),
	VersionModified:       i18n.T("{version}, with uncommitted changes"),
	HelpUsage:             "Usage",
	HelpExamples:          "Examples",
	HelpCommands:          "Commands",
	HelpFlags:             "Flags",
	HelpGlobalFlags:       "Global flags",
	HelpExitCodes:         "Exit codes",
	HelpEnvironment:       "Environment",
	HelpFormatFlags:       "Format flags",
	FormatFlagsSeeRoot:    i18n.T("{flags}: each format's own, described by pickup help formats"),
	ChoiceHelp: map[model.Choice]string{
		model.Continue: "pick up where it stopped",
		model.Review:   "see the progress, change nothing",
		model.Restart:  "start over (checks git; writes with --yes)",
		model.Discard:  "archive the saved state (writes with --yes)",
	},
	AndMore:            i18n.T("(and {count} more)"),
	Archived:           i18n.Plural("+ {n} archived session: pickup status --long lists them", "+ {n} archived sessions: pickup status --long lists them"),
	ResumeAt:           i18n.T("resume at {where}"),
	Recommended:        i18n.T("recommended: {choice}"),
	HookShared:         i18n.T("pickup: note: {path} is usually committed, and the entry runs this machine's path {bin}, which other machines may not have. Put pickup on PATH on every machine and run again with --command pickup to write the bare name."),
	HookSharedOnPath:   i18n.T("pickup: note: {path} is usually committed, and the entry runs this machine's path {bin}, which other machines may not have. pickup is on PATH here: run again with --command pickup to write the bare name."),
	HookFileRemoved:    i18n.T("{path} held nothing else and pickup's install had created it: it was removed."),
	HookRemoved:        i18n.Plural("Removed pickup's hook ({n} entry) from {what}.", "Removed pickup's hook ({n} entries) from {what}."),
	HookInstalled:      i18n.T("Installed pickup's session-start hook for {what}: it runs {bin} hook --agent {agent} (timeout {timeout})."),
	UncheckedGoesAhead: "; RESTART goes ahead without the uncommitted-changes check (--allow-unchecked-restart)",
	HookInTemp:         i18n.T("pickup: note: {bin} is in a temporary folder (go run?); the hook stops working when it is removed. Install pickup (go install, make build) and run this again."),
	ProjectFound:       i18n.T("pickup: project {project} (found above {cwd}; give DIR to choose another)"),
	Settings:           englishSettings,
}

// orList is "a", "a or b", "a, b or c" in t's language, each quoted
// when quote is set.
func (t *cliText) orList(items []string, quote bool) string {
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
	return t.Or.F(strings.Join(q[:len(q)-1], ", "), q[len(q)-1])
}

// unknownCommand: word is no command (of parent, when given).
func (t *cliText) unknownCommand(word, parent string, near []string) string {
	w := strconv.Quote(word)
	switch {
	case parent == "" && len(near) == 0:
		return t.UnknownCommand.F(w)
	case parent == "":
		return t.UnknownCommandNear.F(w, t.orList(near, true))
	case len(near) == 0:
		return t.UnknownSubcommand.F(w, parent)
	}
	return t.UnknownSubcommandNear.F(w, parent, t.orList(near, true))
}

// unknownFlag: flag is none of the command's.
func (t *cliText) unknownFlag(flag string, near []string) string {
	if len(near) == 0 {
		return t.UnknownFlag.F(flag)
	}
	return t.UnknownFlagNear.F(flag, t.orList(near, false))
}

// wrongArgs: too few or too many arguments for use ("status [DIR]").
func (t *cliText) wrongArgs(command, use string, least, most, got int) string {
	want := t.NoArguments
	switch {
	case least == most && most > 0:
		want = t.Arguments.N(most)
	case least > 0 && most == least+1:
		want = t.OneOrOther.F(least, most)
	case least > 0:
		want = t.Range.F(least, most)
	case most > 0:
		want = t.AtMost.N(most)
	}
	_, args, _ := strings.Cut(use, " ")
	if args != "" {
		want += " (" + args + ")"
	}
	return t.Takes.F(command, want, got)
}

// versionCheckout is a build from a checkout.
func (t *cliText) versionCheckout(rev, date string, modified bool) string {
	s := t.VersionCheckout.F(rev)
	if date != "" {
		s = t.VersionFrom.F(s, date)
	}
	if modified {
		s = t.VersionModified.F(s)
	}
	return s
}

// hookShared: a project-scope install wrote this machine's path.
func (t *cliText) hookShared(path, bin string, onPath bool) string {
	if onPath {
		return t.HookSharedOnPath.F(path, bin)
	}
	return t.HookShared.F(path, bin)
}

// standing is where a session stands, in the compact status's one
// word: tui/msg's in a language other than English, the value itself
// in English.
func standing(l i18n.Lang, st model.Standing) string {
	if l != i18n.English {
		if w, ok := msg.For(l).Plain.Standing[st]; ok {
			return w
		}
	}
	return string(st)
}

// words is the command line's catalog for this run's language (runLang,
// lang.go).
func words() *cliText { return &Catalogs.For(runLang).CLI }
