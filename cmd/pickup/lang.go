package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/tui/msg"
)

// langState is the language a run speaks (issue 19): --lang, else
// PICKUP_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG), else
// English (i18n.Detect). JSON keys, enum values and exit codes are the
// same in every language; the sentences (plain text, the wizard, the
// JSON's own sentences such as next_step, --emit prompt) follow it.
type langState struct {
	flag string // --lang as given
	// emit is --emit-lang: the language of --emit prompt when it must
	// not follow the run's (an agent that reads English only).
	emit string
	lang i18n.Lang
	set  bool
}

// langFlags adds --lang, which every command takes.
func (a *app) langFlags(pf *pflag.FlagSet) {
	pf.StringVar(&a.lang.flag, "lang", "", "the language of the text: "+strings.Join(i18n.Names(), " or ")+
		" (default: $PICKUP_LANG, else the locale: LC_ALL, LC_MESSAGES, LANG; else en). JSON keys, enum values and exit codes do not change")
}

// emitLangFlag adds --emit-lang beside --emit.
func (a *app) emitLangFlag(c *cobra.Command) {
	c.Flags().StringVar(&a.lang.emit, "emit-lang", "", "with --emit prompt: the prompt's language ("+strings.Join(i18n.Names(), " or ")+"; default: the run's, see --lang)")
}

// checkLang decides the run's language; a --lang or --emit-lang pickup
// does not speak is a usage error (exit 2).
func (a *app) checkLang() error {
	l, err := i18n.Detect(a.lang.flag, os.Getenv)
	if err != nil {
		// Said in the environment's language.
		l, _ = i18n.Detect("", os.Getenv)
	}
	a.lang.lang, a.lang.set = l, true
	if err != nil {
		return fail(exitUsage, "%s", a.cli().BadLang(a.lang.flag, strings.Join(i18n.Names(), ", ")))
	}
	if a.lang.emit != "" {
		if _, ok := i18n.Parse(a.lang.emit); !ok {
			return fail(exitUsage, "%s", a.cli().BadEmitLang(a.lang.emit, strings.Join(i18n.Names(), ", ")))
		}
	}
	return nil
}

// language is the run's language. Before the flags are checked (an
// error parsing them) it is the environment's.
func (a *app) language() i18n.Lang {
	if !a.lang.set {
		l, _ := i18n.Detect("", os.Getenv)
		return l
	}
	return a.lang.lang
}

// msg is the run's catalog of the wizard's and the plain text's words.
func (a *app) msg() *msg.Catalog { return msg.For(a.language()) }

// cli is the run's catalog of the command line's own words.
func (a *app) cli() *cliText { return cliCatalogs.For(a.language()) }

// emitLang is the language of --emit prompt: --emit-lang, else the run's.
func (a *app) emitLang() i18n.Lang {
	if l, ok := i18n.Parse(a.lang.emit); ok && a.lang.emit != "" {
		return l
	}
	return a.language()
}

// cliText is the command line's own words: what cmd prints around the
// catalog's sentences (tui/msg), in each language.
type cliText struct {
	BadLang     func(given, known string) string
	BadEmitLang func(given, known string) string
	// UsageHint follows a usage error.
	UsageHint string
	// Archived marks an archived session in status's heading.
	Archived string
	// Blocked and Warning start a line of resume's plain output.
	Blocked, Warning string
	// Stopped: a signal ended the wizard (SIGHUP, SIGTERM).
	Stopped func(signal, nothing string) string
	// NotFound: no saved session in the project (exit 3).
	NotFound func(project, sources string) string
	// VetoReason is VETO-2's one-line reason.
	VetoReason func(files int) string
	// NeedsYes: a choice that changes files asked without --yes.
	NeedsYes func(choice string) string
	// Prompt is --emit prompt's markdown (when the source builds none).
	Prompt promptText
}

// promptText is --emit prompt's markdown headings and lines.
type promptText struct {
	Title     func(title string) string
	ResumeAt  func(phase, reason string) string
	Context   string
	StateFile func(path, source string) string
}

var cliCatalogs = i18n.Catalogs[cliText]{
	i18n.English: &cliText{
		BadLang: func(given, known string) string {
			return fmt.Sprintf("--lang %q: pickup speaks %s", given, known)
		},
		BadEmitLang: func(given, known string) string {
			return fmt.Sprintf("--emit-lang %q: pickup speaks %s", given, known)
		},
		UsageHint: "Run 'pickup --help' for usage.",
		Archived:  " (archived)",
		Blocked:   "blocked: ",
		Warning:   "warning: ",
		Stopped: func(signal, nothing string) string {
			return "pickup: stopped by " + signal + "; " + nothing
		},
		NotFound: func(project, sources string) string {
			return "no saved session found in " + project + " (looked for " + sources + " state files)"
		},
		VetoReason: func(files int) string { return fmt.Sprintf("%d file(s) have uncommitted changes", files) },
		NeedsYes: func(choice string) string {
			return choice + " changes files; run again with --yes to do it (nothing was changed)"
		},
		Prompt: promptText{
			Title: func(title string) string { return "# Resume: " + title },
			ResumeAt: func(phase, reason string) string {
				return "Resume at phase **" + phase + "**: " + reason + "."
			},
			Context:   "## Context",
			StateFile: func(path, source string) string { return "State file: `" + path + "` (" + source + ")." },
		},
	},
	i18n.PortugueseBR: &cliText{
		BadLang: func(given, known string) string {
			return fmt.Sprintf("--lang %q: o pickup fala %s", given, known)
		},
		BadEmitLang: func(given, known string) string {
			return fmt.Sprintf("--emit-lang %q: o pickup fala %s", given, known)
		},
		UsageHint: "Rode 'pickup --help' para ver o uso.",
		Archived:  " (arquivada)",
		Blocked:   "bloqueado: ",
		Warning:   "aviso: ",
		Stopped: func(signal, nothing string) string {
			return "pickup: parado por " + signal + "; " + nothing
		},
		NotFound: func(project, sources string) string {
			return "nenhuma sessão salva encontrada em " + project + " (procurei arquivos de estado de " + sources + ")"
		},
		VetoReason: func(files int) string { return fmt.Sprintf("Há %d arquivo(s) com mudanças não commitadas", files) },
		NeedsYes: func(choice string) string {
			return choice + " altera arquivos; rode de novo com --yes para fazê-lo (nada foi alterado)"
		},
		Prompt: promptText{
			Title: func(title string) string { return "# Retomar: " + title },
			ResumeAt: func(phase, reason string) string {
				return "Retomar na fase **" + phase + "**: " + reason + "."
			},
			Context:   "## Contexto",
			StateFile: func(path, source string) string { return "Arquivo de estado: `" + path + "` (" + source + ")." },
		},
	},
}
