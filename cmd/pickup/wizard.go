package main

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui"
	"github.com/pickup-dev/pickup/tui/msg"
)

// wizard runs the interactive flow on the newest session under project.
// Without a terminal it prints the status instead and never waits for keys.
func (a *app) wizard(project string) error {
	if a.choice != "" {
		return a.resume(project)
	}
	if !a.interactive() {
		return a.status(project)
	}
	sessions, err := a.find(project)
	if err != nil {
		return err
	}
	s, err := a.pick(project, sessions, true)
	if err != nil {
		return err
	}
	m := tui.New(tui.Config{
		State:   a.load(s),
		Run:     tui.Runner(a.perform),
		Project: project,
	})
	p := tea.NewProgram(m, tea.WithInput(a.io.in), tea.WithOutput(a.io.err), tea.WithContext(a.ctx))
	final, err := p.Run()
	if errors.Is(err, tea.ErrInterrupted) {
		fmt.Fprintln(a.io.err, msg.English.QuitText)
		return quiet(exitCancelled)
	}
	if err != nil {
		return fail(exitError, "terminal UI: %v", err)
	}
	fm, ok := final.(tui.Model)
	if !ok {
		return fail(exitError, "internal: unexpected final model %T", final)
	}
	return a.finish(fm.Final(), s)
}

// finish turns the wizard's last state into stdout and an exit code.
func (a *app) finish(st model.State, s *model.Session) error {
	if st.Decision == nil {
		return quiet(exitCancelled)
	}
	doc := resumeDoc{
		FormatVersion: formatVersion, Session: sessionRef{ID: s.ID, Source: s.Source, Path: s.Path},
		Choice: string(st.Decision.Choice), RestoredContext: map[string]any{}, Changed: []string{}, Warnings: []string{},
	}
	if st.Decision.Blocked() {
		doc.Files = st.Decision.Veto.Files
		doc.Suggestion = msg.English.VetoSuggestion
		doc.Reason = fmt.Sprintf("%d file(s) have uncommitted changes", len(doc.Files))
		return a.block(doc, model.VetoUncommitted, exitBlocked)
	}
	return a.decided(doc, *st.Decision, s)
}
