package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// resume drives the core without a UI: the same Step the wizard uses, with
// --choice as the person's pick and --yes as the answer to confirmations.
// RESTART and DISCARD change nothing without --yes.
func (a *app) resume(project string) error {
	choice, err := model.ParseChoice(a.choice)
	if err != nil {
		return fail(exitUsage, &errs.Choice, err)
	}
	if a.emit != "" && (a.emit != "prompt" || choice != model.Continue) {
		return fail(exitUsage, &errs.EmitPrompt)
	}
	sessions, err := a.find(project)
	if err != nil {
		return err
	}
	s, err := a.pick(project, sessions)
	if err != nil {
		return err
	}
	st := a.load(s)
	doc := resumeDoc{
		FormatVersion: formatVersion, Session: sessionRef{ID: s.ID, Source: s.Source, Path: s.Path},
		Choice: string(choice), RestoredContext: map[string]any{}, Changed: []string{}, Warnings: []string{},
		Alerts: st.Alerts(), Activity: st.Crash.Activity, Interrupted: a.interruptedOf(s),
	}
	if doc.Interrupted != nil && !a.jsonOut {
		fmt.Fprintf(a.io.err, "pickup: %s\n", doc.Interrupted.Text)
	}

	st, effs := model.Step(st, model.Chose{Choice: choice})
	if st.Notice != "" && (st.Screen == model.ScreenOptions || st.Screen == model.ScreenCorrupted) {
		code := exitBlocked
		if s.Problem != nil {
			code = problemCode(s.Problem)
			doc.Reason = problemText(s.Problem) + " — " + a.msg().Notice(st.Notice)
		} else {
			doc.Reason = a.msg().Notice(st.Notice)
		}
		return a.block(doc, blockUnavailable, code)
	}
	for {
		for len(effs) > 0 {
			e := effs[0]
			effs = effs[1:]
			switch e := e.(type) {
			case model.Emit:
				return a.decided(doc, e.Decision, s)
			case model.Apply:
				if e.Choice.Dangerous() && !a.yes {
					doc.Reason = a.cli().NeedsYes.F(string(e.Choice))
					return a.block(doc, blockConfirm, exitBlocked)
				}
				ev := a.perform(e)
				if ap, ok := ev.(model.Applied); ok && ap.Err != nil {
					doc.Reason = i18n.ErrorIn(a.language(), ap.Err)
					var guard *model.GuardError
					switch {
					case errors.As(ap.Err, &guard):
						return a.block(doc, guard.Kind, exitBlocked)
					case errors.Is(ap.Err, fsx.ErrChanged):
						return a.block(doc, blockChanged, exitBlocked)
					case errors.Is(ap.Err, fsx.ErrLink):
						// A folder on the way is a link: refused before
						// anything was written or moved.
						return a.block(doc, VetoOutside, exitBlocked)
					}
					return a.failed(doc, ap.Err)
				}
				var more []model.Effect
				st, more = model.Step(st, ev)
				effs = append(effs, more...)
			default:
				var more []model.Effect
				st, more = model.Step(st, a.perform(e))
				effs = append(effs, more...)
			}
		}
		switch st.Screen {
		case model.ScreenReview:
			doc.ResumeAction = string(model.ActionShowProgress)
			rp := s.ResumePoint
			doc.ResumePoint = &rp
			doc.Phases = statusJSON(st).Phases
			doc.Sections = s.Sections
			doc.NextStep = a.reviewText(st)
			return a.output(doc, exitOK)
		case model.ScreenConfirm:
			if !a.yes {
				w := a.cli()
				doc.Reason = w.ConfirmDiscard
				if mv := st.Moves(); len(mv) > 0 {
					doc.Reason = w.ConfirmMoves.F(string(st.Pending), strings.Join(mv, ", "))
				}
				if q := st.Question(); q != "" {
					doc.Reason = w.ConfirmQuestion.F(q)
					if mv := st.MovesUnnamed(); len(mv) > 0 {
						doc.Reason = w.ConfirmAlso.F(q, strings.Join(mv, ", "))
					}
				}
				return a.block(doc, blockConfirm, exitBlocked)
			}
			st, effs = model.Step(st, model.Confirmed{Yes: true})
		case model.ScreenVeto:
			doc.Warnings = append(doc.Warnings, st.Warnings...)
			return a.vetoed(doc, st.Veto)
		default:
			return fail(exitError, &errs.StoppedOnScreen, strconv.Quote(string(st.Screen)))
		}
	}
}

// decided reports a finished decision.
func (a *app) decided(doc resumeDoc, d model.Decision, s *model.Session) error {
	doc.ResumeAction = string(d.Action)
	if d.Choice == model.Continue {
		rp := d.ResumePoint
		doc.ResumePoint = &rp
		doc.Conversation = a.conversation(s)
		doc.Handoff = handoffCommand(s.Project, s)
	}
	if d.Context != nil {
		doc.RestoredContext = d.Context
	}
	doc.NextStep = a.msg().DecisionText(d)
	if d.Changed != nil {
		doc.Changed = d.Changed
	}
	if d.ArchivedTo != "" {
		doc.ArchivedTo = &d.ArchivedTo
	}
	doc.Undo = d.Undo
	doc.Warnings = append(doc.Warnings, d.Warnings...)
	if a.emit == "prompt" && d.Choice == model.Continue {
		l := a.emitLang()
		doc.NextStep = msg.For(l).DecisionText(d)
		fmt.Fprint(a.io.out, continuePrompt(s, doc, Catalogs.For(l).Run.Prompt, msg.For(l), l))
		return quiet(exitOK)
	}
	return a.output(doc, exitOK)
}

func (a *app) block(doc resumeDoc, kind string, code int) error {
	doc.Blocked = true
	doc.Veto = kind
	doc.ResumeAction = "blocked"
	if kind == model.VetoUncommitted || kind == model.VetoGitRefused || kind == model.VetoGitFailed {
		doc.ResumeAction = string(model.ActionRestartBlocked)
	}
	return a.output(doc, code)
}

// vetoed is RESTART blocked by VETO-2 (exit 5): files with uncommitted
// changes, or git refusing to look at the repository (failing closed:
// --allow-unchecked-restart is the way past it).
func (a *app) vetoed(doc resumeDoc, v *model.Veto) error {
	if v.FailsClosed() {
		// git refused or failed: the reason is git's, the files it did
		// report before failing are kept (and block all the same).
		doc.Reason = v.Reason
		_, doc.Suggestion = a.msg().FailClosed(v)
		doc.Files, doc.Changes, doc.Advice = v.Files, v.Changes, v.Advice
		return a.block(doc, v.Kind, exitBlocked)
	}
	doc.Files, doc.Changes, doc.Advice = v.Files, v.Changes, v.Advice
	doc.Suggestion = a.msg().VetoSuggestion
	doc.Reason = a.cli().VetoReason.N(len(v.Files))
	return a.block(doc, model.VetoUncommitted, exitBlocked)
}

func (a *app) failed(doc resumeDoc, err error) error {
	doc.ResumeAction = "failed"
	if a.jsonOut {
		_ = writeJSON(a.io.out, doc)
	}
	// A write refused because the file changed (fsx's guard): said in
	// the run's language.
	// What wraps it (a loader's "discard: ") is kept as it is.
	var ce *fsx.ChangedError
	if errors.As(err, &ce) {
		if head, ok := strings.CutSuffix(err.Error(), ce.Error()); ok {
			if ce.Gone {
				return fail(exitError, &errs.FileRemoved, head, ce.Path)
			}
			return fail(exitError, &errs.FileChanged, head, ce.Path)
		}
	}
	return failErr(exitError, err)
}

// output writes the outcome: JSON on stdout, or one plain line on stdout
// with any detail on stderr.
func (a *app) output(doc resumeDoc, code int) error {
	if a.jsonOut {
		if err := writeJSON(a.io.out, doc); err != nil {
			return fail(exitError, &errs.WritingJSON, err)
		}
		return quiet(code)
	}
	switch {
	case doc.Blocked:
		fmt.Fprintf(a.io.out, "%s%s\n", a.cli().Blocked, doc.Reason)
		if doc.Veto == model.VetoUncommitted || (doc.Veto == model.VetoGitFailed && len(doc.Files) > 0) {
			// The files by class, and the commands that clear the way.
			v := &model.Veto{Files: doc.Files, Changes: doc.Changes, Advice: doc.Advice}
			for _, l := range a.msg().VetoLines(v) {
				fmt.Fprintln(a.io.err, l)
			}
		} else {
			for _, f := range doc.Files {
				fmt.Fprintf(a.io.err, "  %s\n", f)
			}
		}
		if doc.Suggestion != "" && (len(doc.Advice) == 0 || doc.Veto == model.VetoGitFailed) {
			fmt.Fprintln(a.io.err, doc.Suggestion)
		}
	case doc.ResumeAction == string(model.ActionShowProgress):
		fmt.Fprint(a.io.out, doc.NextStep)
	default:
		fmt.Fprintln(a.io.out, doc.NextStep)
		// CONTINUE's two ways back, on stderr: stdout stays the decision.
		if doc.Conversation != nil {
			for _, l := range a.conversationLines(doc.Conversation, doc.Handoff) {
				fmt.Fprintln(a.io.err, l)
			}
		}
		if doc.Undo != "" {
			// stderr, like the warnings: stdout stays the one decision line.
			fmt.Fprintln(a.io.err, a.msg().UndoHint.F(doc.Undo))
		}
	}
	for _, w := range doc.Warnings {
		fmt.Fprintf(a.io.err, "%s%s\n", a.cli().Warning, w)
	}
	return quiet(code)
}
