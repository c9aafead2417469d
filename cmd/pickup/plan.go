package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

type planDoc struct {
	FormatVersion int        `json:"format_version"`
	Session       sessionRef `json:"session"`
	Plan          any        `json:"plan"`
	Warnings      []string   `json:"warnings"`
}

func (a *app) planCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "plan [DIR|FILE]",
		Short: "Print the computed resume plan (a dry run) without changing anything",
		Long: `plan prints what a CONTINUE would do, for sources that compute a plan
(which steps are skipped, rerun or blocked, and why). The plan comes from
the same code as the real resume, so the two cannot disagree. FILE may
name a state file directly where its source accepts that.`,
		Args: takes(0, 1),
		RunE: func(_ *cobra.Command, args []string) error { return a.plan(args) },
	}
}

// planJSONOnly is a loader that can load its sessions for `plan --json`
// alone, keeping less in memory (crucible: no plan rows, dashboard or
// prompt; the rows are made as the JSON is written).
type planJSONOnly interface{ PlanJSONOnly() }

func (a *app) plan(args []string) error {
	if a.jsonOut {
		for _, l := range a.registry() {
			if p, ok := l.(planJSONOnly); ok {
				p.PlanJSONOnly()
			}
		}
	}
	s, err := a.planSession(args)
	if err != nil {
		return err
	}
	if s.Problem != nil && s.Problem.Kind != model.ErrPhaseNotFound && s.Plan == nil {
		fmt.Fprintln(a.io.err, "pickup: "+problemText(s.Problem))
		return quiet(problemCode(s.Problem))
	}
	if s.Plan == nil {
		return fail(exitUsage, &errs.NoPlan, s.Source)
	}
	if a.jsonOut {
		if err := writePlanJSON(a.io.out, planDoc{FormatVersion: formatVersion, Session: sessionRef{ID: s.ID, Source: s.Source, Path: s.Path},
			Plan: s.Plan.Data, Warnings: append([]string{}, s.Warnings...)}); err != nil {
			return fail(exitError, &errs.WritingJSON, err)
		}
	} else {
		fmt.Fprintln(a.io.out, strings.Join(s.Plan.Text(), "\n"))
		for _, w := range s.Warnings {
			fmt.Fprintf(a.io.err, "%s%s\n", a.cli().Warning, w)
		}
	}
	if s.Problem != nil {
		return quiet(problemCode(s.Problem))
	}
	return quiet(exitOK)
}

// planSession resolves plan's argument: a file (or folder) that a source
// opens directly, else a project directory.
func (a *app) planSession(args []string) (*model.Session, error) {
	if len(args) == 1 {
		abs, err := filepath.Abs(args[0])
		if err != nil {
			return nil, fail(exitUsage, &errs.CannotResolve, strconv.Quote(args[0]), err)
		}
		if _, err := os.Stat(abs); err != nil {
			return nil, failText(exitUsage, fmt.Sprintf("%s: %v", abs, err))
		}
		for _, l := range a.registry() {
			if a.source != "" && l.Source() != a.source {
				continue
			}
			if o, ok := l.(loaders.Opener); ok {
				s, mine, err := o.Open(abs)
				if err != nil {
					return nil, failText(exitCorrupted, err.Error())
				}
				if mine {
					if a.sessionID != "" && len(a.matching([]*model.Session{s})) == 0 {
						return nil, fail(exitNoSession, &errs.NoIDHolds, strconv.Quote(a.sessionID), abs, s.ID)
					}
					return s, nil
				}
			}
		}
	}
	dir, err := projectDir(args)
	if err != nil {
		return nil, err
	}
	sessions, err := a.find(dir)
	if err != nil {
		return nil, err
	}
	return a.pick(dir, sessions)
}
