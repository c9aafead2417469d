package main

import (
	"errors"
	"fmt"
	"os"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui"
)

// wizard runs the interactive flow. --session opens that session; else
// one session that is not archived opens straight away, and several open
// the picker first. Without a terminal it prints the status instead and
// never waits for keys.
func (a *app) wizard(project string) error {
	if a.choice != "" {
		return a.resume(project)
	}
	if a.accessible {
		return a.accessibleWizard(project)
	}
	if !a.interactive() {
		// In place of the wizard: everything it would show, options too.
		a.long = true
		return a.status(project)
	}
	sessions, err := a.find(project)
	if err != nil {
		return err
	}
	wio := newWizardIO(a, project)
	wio.note(sessions...)
	cfg := tui.Config{
		Run:       tui.Runner(wio.run),
		Project:   project,
		Files:     artifactFiles(),
		Editor:    os.Getenv("EDITOR"),
		Pager:     os.Getenv("PAGER"),
		SessionIO: wio.sessionIO(),
		Catalog:   a.msg(),
		// Paths in Claude's home are named "$CLAUDE_HOME/…"; the decision
		// is printed by finish, once.
		ClaudeHome: a.claudeHome, DecisionPrinted: true,
	}
	if a.sessionID != "" {
		s, err := a.pick(project, sessions)
		if err != nil {
			return err
		}
		cfg.State = a.load(s)
	} else {
		if len(liveOnly(sessions)) == 0 {
			return a.notFound(project)
		}
		cfg.Sessions = sessions
		// The picker's w: the other worktrees' sessions.
		cfg.OtherWorktrees = a.worktreeSessions(project)
	}
	// What the core is told beside a session opened in the picker or
	// read again (gathered now: the wizard may not do I/O in Update).
	wio.facts = a.factsFor(append(append([]*model.Session(nil), sessions...), cfg.OtherWorktrees...))
	cfg.Facts = wio.facts.lookup
	cfg.Conversation = wio.facts.conversation
	// The clock reading sessions are opened at: a choice in the picker,
	// or a session read again from disk.
	cfg.Now, cfg.CrashAfter = a.now(), a.crashAfter
	sig := a.signals()
	cfg.Foreground = sig.foreground
	m := tui.New(cfg)
	p := tea.NewProgram(m, tea.WithInput(a.term.in), tea.WithOutput(a.term.err), tea.WithContext(a.ctx), tea.WithoutSignalHandler())
	sig.watch(p, a.terminalRestorer())
	final, err := p.Run()
	got := sig.end(err != nil)
	fm, ok := final.(tui.Model)
	var st model.State
	if ok {
		// A write the UI did not see finish (it was stopped meanwhile)
		// is waited for, and its outcome given to the core, before the
		// locks go: the decision printed is what happened.
		st = wio.settle(fm.Final())
	}
	releaseHeld()
	for _, n := range lockNotes() {
		fmt.Fprintf(a.io.err, "pickup: %s%s\n", a.cli().Note, n)
	}
	if ok && st.Decision != nil && fm.Session() != nil {
		return a.finish(st, fm.Session())
	}
	if got != nil {
		fmt.Fprintln(a.io.err, a.cli().Stopped.F(signalName(got), a.msg().QuitText))
		return quiet(signalExit(got))
	}
	if errors.Is(err, tea.ErrInterrupted) {
		fmt.Fprintln(a.io.err, a.msg().QuitText)
		return quiet(exitCancelled)
	}
	if err != nil {
		return fail(exitError, &errs.TerminalUI, err)
	}
	if !ok {
		return fail(exitError, &errs.FinalModel, fmt.Sprintf("%T", final))
	}
	if fm.Session() == nil {
		// Left from the picker: nothing was chosen, nothing changed.
		return quiet(exitCancelled)
	}
	return a.finish(st, fm.Session())
}

// terminalRestorer returns what puts the terminal back as it is now
// (its settings, and the screen modes the wizard turns on), for an end
// pickup has to force on a wizard that will not stop.
func (a *app) terminalRestorer() func() {
	in, ok := a.term.in.(*os.File)
	if !ok {
		return nil
	}
	st, err := term.GetState(in.Fd())
	if err != nil {
		return nil
	}
	return func() {
		_ = term.Restore(in.Fd(), st)
		// Main screen, cursor shown; mouse, bracketed paste, focus
		// reports and the keyboard protocol off.
		fmt.Fprint(a.term.err, "\x1b[?1049l\x1b[?25h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[?1004l\x1b[<u\r\n")
	}
}

// liveOnly drops archived sessions.
func liveOnly(ss []*model.Session) []*model.Session {
	var out []*model.Session
	for _, s := range ss {
		if !s.Archived {
			out = append(out, s)
		}
	}
	return out
}

// finish turns the wizard's last state into stdout and an exit code.
func (a *app) finish(st model.State, s *model.Session) error {
	if st.Decision == nil {
		return quiet(exitCancelled)
	}
	doc := resumeDoc{
		FormatVersion: formatVersion, Session: sessionRef{ID: s.ID, Source: s.Source, Path: s.Path},
		Choice: string(st.Decision.Choice), RestoredContext: map[string]any{}, Changed: []string{}, Warnings: []string{},
		Alerts: st.Alerts(), Activity: st.Crash.Activity, Interrupted: a.interruptedOf(s),
	}
	if st.Decision.Blocked() {
		return a.vetoed(doc, st.Decision.Veto)
	}
	err := a.decided(doc, *st.Decision, s)
	if st.Decision.Action == model.ActionContinue && !a.jsonOut && a.emit == "" {
		// The wizard's last word: what to run next.
		fmt.Fprintln(a.io.err, a.msg().NextPrompt.F(s.ID))
	}
	return err
}
