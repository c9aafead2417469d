package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/crucible"
)

func init() {
	registerSource(sourceSpec{
		name:    crucible.SourceName,
		factory: func(o loaders.Options) loaders.Loader { return crucible.New(o) },
		flags:   crucibleFlags,
		commands: func(a *app) []*cobra.Command {
			return []*cobra.Command{a.crucibleDiffCommand()}
		},
		help:       "crucible: interrupted crucible pipelines (.pipeline-active and manifest.jsonl in ~/.claude/projects/<sha256(project)[:16]>/memory/); plan, restore, diff",
		order:      3,
		demo:       "a crucible pipeline",
		demoNote:   "crucible keeps its files under the Claude home, so the demo uses a temporary one beside the project.",
		claudeHome: true,
		sample:     crucibleSample,
	})
}

// demoPipeline is the demo's crucible pipeline's session id.
const demoPipeline = "1775430161"

// crucibleSample is crucible's part of the demo: sample/claude is what
// crucible keeps under the Claude home (claude/memory/... is
// <home>/projects/<hash>/memory/...). crucible dates a pipeline by its
// files' times.
var crucibleSample = &formatSample{
	ages: []sampleAge{
		{"claude/memory/crucible-dispatch-1775000000/", 50 * time.Hour},
		{"claude/", 20 * time.Minute},
	},
	place: func(rel, dir, home string) (string, bool) {
		if !strings.HasPrefix(rel, "claude/") {
			return "", false
		}
		return filepath.Join(filepath.Dir(crucible.ScratchDir(home, dir)), filepath.FromSlash(strings.TrimPrefix(rel, "claude/"))), true
	},
	fill: func(dir, home string) []string {
		return []string{"{{SID}}", demoPipeline, "{{SCRATCH}}", crucible.ScratchDir(home, dir)}
	},
}

func crucibleFlags(fs *pflag.FlagSet) {
	fs.Var(&positiveInt{}, crucible.FlagFromPhase, "crucible: resume from phase N's boundary instead of the automatic point")
	fs.Var(&positiveInt{}, crucible.FlagFromSeq, "crucible: resume from the start of the phase holding dispatch seq N")
	fs.Var(&mutations{}, crucible.FlagMutate, "crucible: swap a dispatch template for the replay, original=replacement (repeatable)")
	fs.Bool(crucible.FlagNoRestore, false, "crucible: resume with the working directory as it is, without restoring a checkpoint")
}

// positiveInt is a flag holding a whole number of at least 1; a bad value
// is a usage error at parse time.
type positiveInt struct{ s string }

func (p *positiveInt) String() string { return p.s }
func (p *positiveInt) Type() string   { return "N" }
func (p *positiveInt) Set(v string) error {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 1 {
		return said(nil, &errs.NotPositive, strconv.Quote(v))
	}
	p.s = strconv.Itoa(n)
	return nil
}

// mutations is the repeatable --mutate original=replacement. It is a
// pflag.SliceValue, so its values reach the loader in Options.Lists.
type mutations struct{ vals []string }

func (m *mutations) String() string { return "[" + strings.Join(m.vals, ",") + "]" }
func (m *mutations) Type() string   { return "original=replacement" }
func (m *mutations) Set(v string) error {
	if _, err := crucible.ParseMutationIn(v, runLang); err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "--mutate "))
	}
	m.vals = append(m.vals, v)
	return nil
}
func (m *mutations) Append(v string) error { return m.Set(v) }
func (m *mutations) Replace(vs []string) error {
	m.vals = nil
	for _, v := range vs {
		if err := m.Set(v); err != nil {
			return err
		}
	}
	return nil
}
func (m *mutations) GetSlice() []string { return append([]string{}, m.vals...) }

func (a *app) crucibleDiffCommand() *cobra.Command {
	var o crucible.DiffOptions
	c := &cobra.Command{
		Use:   "diff ORIGINAL REPLAY",
		Short: "crucible: compare a replayed pipeline with the original (Replay Diff report)",
		Long: `diff reads two crucible dispatch manifests (or the same one twice:
replays append to the original manifest) and prints the Replay Diff
report: template mutations, outcome comparison, per-dispatch comparison
and the artifact diff. Replay entries are those with a replay_session.
With --json it prints the structured replay-diff signal instead. It
changes nothing.`,
		Args: takes(2, 2),
		RunE: func(_ *cobra.Command, args []string) error {
			o.Lang = a.language()
			rep, err := crucible.Diff(args[0], args[1], o)
			var empty *crucible.EmptyError
			switch {
			case errors.As(err, &empty):
				return failText(exitCorrupted, empty.Error())
			case errors.Is(err, fs.ErrNotExist):
				return failText(exitUsage, err.Error())
			case err != nil:
				return failText(exitCorrupted, err.Error())
			}
			if a.jsonOut {
				if err := writeJSON(a.io.out, rep.Signal); err != nil {
					return fail(exitError, &errs.WritingJSON, err)
				}
			} else {
				fmt.Fprintln(a.io.out, strings.Join(rep.Lines, "\n"))
			}
			for _, w := range rep.Warnings {
				fmt.Fprintf(a.io.err, "%s%s\n", a.cli().Warning, w)
			}
			return nil
		},
	}
	c.Flags().StringVar(&o.OriginalSHA, "original-sha", "", "the original run's final commit, for the artifact diff")
	c.Flags().StringVar(&o.ReplaySHA, "replay-sha", "", "the replay's final commit, for the artifact diff")
	c.Flags().StringVar(&o.Repo, "repo", ".", "the git repository holding both commits")
	return c
}
