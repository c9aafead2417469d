package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/design"
)

func init() {
	registerSource(sourceSpec{
		name:     design.SourceName,
		factory:  func(o loaders.Options) loaders.Loader { return design.New(o) },
		flags:    designFlags,
		commands: func(a *app) []*cobra.Command { return []*cobra.Command{a.designCommand()} },
		help:     "design: /design checkpoint sessions (.claude/design/sessions/<feature>.session.json)",
		title:    "/design",
		order:    5,
		demo:     "a /design feature",
	})
	registerSource(sourceSpec{
		name:    design.AtelierSource,
		factory: func(o loaders.Options) loaders.Loader { return design.NewAtelier(o) },
		help:    "atelier: atelier script state (.atelier/state.json, .atelier/sessions/<id>.json)",
		order:   6,
		demo:    "an atelier session",
	})
}

// designFlags declares seed 003's --feature and --stage. A flag another
// source already declared under the same name is shared, not redeclared.
func designFlags(fs *pflag.FlagSet) {
	if fs.Lookup(design.FlagFeature) == nil {
		fs.Var(new(featureFlag), design.FlagFeature, "design, atelier: only this feature's session (design: <feature>.session.json)")
	}
	if fs.Lookup(design.FlagStage) == nil {
		fs.Var(new(stageFlag), design.FlagStage, "design: resume (or restart) at this stage instead of the computed one: 0-7, 3a or 3b; when rebuilding a session, the stages before it are taken as complete")
	}
}

// featureFlag is --feature: a feature name, checked when parsed.
type featureFlag struct{ v string }

func (f *featureFlag) String() string { return f.v }
func (f *featureFlag) Type() string   { return "name" }
func (f *featureFlag) Set(s string) error {
	if err := design.ValidFeature(runLang, s); err != nil {
		return err
	}
	f.v = s
	return nil
}

// stageFlag is --stage: a /design stage, checked when parsed.
type stageFlag struct{ v string }

func (f *stageFlag) String() string { return f.v }
func (f *stageFlag) Type() string   { return "stage" }
func (f *stageFlag) Set(s string) error {
	a, err := design.ParseStage(runLang, s)
	if err != nil {
		return err
	}
	f.v = a.String()
	return nil
}

// designCommand is seed 003's command syntax for one feature:
//
//	/design user-export             -> pickup design user-export
//	/design user-export --resume --stage 3
//	/design user-export --restart   (with --yes to write)
//	/design user-export --status
func (a *app) designCommand() *cobra.Command {
	var status, resume, restart bool
	cmd := &cobra.Command{
		Use:   "design FEATURE [DIR]",
		Short: "Status, resume or restart one feature's /design session (as /design does)",
		Long: `design opens the /design session of FEATURE
(.claude/design/sessions/FEATURE.session.json under DIR, default the
current directory), as "/design FEATURE" does: the wizard on a terminal,
the status otherwise.

  --status           the progress listing (pickup status --long --source design --feature FEATURE)
  --resume           resume at the computed stage, or at --stage N
  --restart          archive the session under .claude/design/sessions/archive/ and start a new one at Stage 0 (git is checked first; it writes only with --yes)

The same forms work as pickup status/resume --feature FEATURE [--stage N].`,
		Example: "  pickup design user-export --status\n  pickup design user-export --resume --stage 3 --json\n  pickup design user-export --restart --yes",
		Args:    takes(1, 2),
		RunE: func(_ *cobra.Command, args []string) error {
			if err := a.sourceFlags.Set(design.FlagFeature, args[0]); err != nil {
				return fail(exitUsage, &errs.Feature, err)
			}
			a.source = design.SourceName
			dir, err := projectDir(args[1:])
			if err != nil {
				return err
			}
			n := 0
			for _, b := range []bool{status, resume, restart} {
				if b {
					n++
				}
			}
			if n > 1 {
				return fail(exitUsage, &errs.DesignExclusive)
			}
			if n == 1 && a.choice != "" {
				return fail(exitUsage, &errs.DesignChoice)
			}
			switch {
			case status:
				a.long = true // the seed's own listing, in full
				return a.status(dir)
			case resume:
				a.choice = "continue"
			case restart:
				a.choice = "restart"
			}
			return a.wizard(dir)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&status, "status", false, "print the session's status only")
	f.BoolVar(&resume, "resume", false, "resume without the UI (CONTINUE), at --stage N when given")
	f.BoolVar(&restart, "restart", false, "restart from Stage 0 without the UI (RESTART; needs --yes to write)")
	f.StringVar(&a.choice, "choice", "", "decide without the UI: continue, review, restart or discard")
	f.BoolVar(&a.yes, "yes", false, "answer yes to confirmations (allow the write)")
	f.StringVar(&a.emit, "emit", "", "with --resume: 'prompt' prints a ready-to-paste markdown prompt for the agent")
	return cmd
}
