package tui

import (
	"errors"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
)

// Update turns messages into core events and effects into commands. It
// does no I/O: effects run in the commands runCmd returns.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = max(msg.Width, 1), max(msg.Height, 1)
		first := !m.sized
		m.sized = true
		m.sync(first) // the first size shows the screen anew
		cmd := m.previewCmd()
		return m, cmd
	case tea.BackgroundColorMsg:
		m.isDark = msg.IsDark()
		m.applyStyles()
		m.sync(false)
		cmd := m.previewCmd()
		return m, cmd
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.PasteMsg:
		return m.pasted(msg)
	case tea.MouseWheelMsg:
		if m.view == viewBrowser {
			return m.browserMouse(msg)
		}
		return m, nil
	case listMsg:
		return m.gotList(msg)
	case previewMsg:
		return m.gotPreview(msg)
	case execReadyMsg:
		return m.runExec(msg)
	case execDoneMsg:
		return m.execDone(msg)
	case eventMsg:
		return m.gotEvent(msg.ev)
	case heldMsg:
		return m.gotHold(msg)
	case reloadedMsg:
		return m.gotReload(msg)
	case Stop:
		return m.stop()
	case armMsg:
		if msg.seq == m.armSeq && isQuestion(m.state.Screen) {
			m.armed = true
			m.sync(false)
		}
		return m, nil
	case spinner.TickMsg:
		if !isBusy(m.state.Screen) {
			// Dropping the tick stops the spinner until the next busy screen.
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	}
	return m, nil
}

func (m Model) handleKey(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	km := &m.keys
	switch {
	case key.Matches(k, km.Cancel):
		return m.quit(true)
	case key.Matches(k, km.Quit):
		return m.quit(false)
	case key.Matches(k, km.Suspend):
		// Bubble Tea gives the terminal back and stops the process as a
		// shell's job; fg resumes it and the same screen is drawn again.
		return m, tea.Suspend
	case m.tooSmall():
		// Nothing on screen says what a key would do: only quitting works.
		return m, nil
	}
	if m.note != "" {
		// A note is one-off: the next key dismisses it.
		m.note = ""
		m.sync(false)
	}
	switch {
	case key.Matches(k, km.Reload):
		return m.reload()
	case key.Matches(k, km.Help):
		m.help.ShowAll = !m.help.ShowAll
		m.sync(false)
		return m, nil
	}
	switch m.view {
	case viewPicker:
		return m.pickerKey(k)
	case viewBrowser:
		return m.browserKey(k)
	}
	if key.Matches(k, km.Browse) {
		return m.openBrowser(m.state.Session)
	}
	if key.Matches(k, km.Back) && m.hasPicker() &&
		(m.state.Screen == model.ScreenOptions || m.state.Screen == model.ScreenCorrupted) {
		return m.backToPicker()
	}

	switch m.state.Screen {
	case model.ScreenOptions, model.ScreenCorrupted:
		vis := model.Visible(m.state.Options)
		for i, b := range km.Pick {
			if key.Matches(k, b) || matchesOff(k, b) {
				// The core answers a disabled choice with a notice saying why.
				m.cursor = i
				return m.step(model.Chose{Choice: vis[i].Choice})
			}
		}
		for i, b := range km.Verbs {
			if key.Matches(k, b) || matchesOff(k, b) {
				c := verbOrder[i]
				for j, o := range vis {
					if o.Choice == c {
						m.cursor = j
					}
				}
				return m.step(model.Chose{Choice: c})
			}
		}
		switch {
		case key.Matches(k, km.Up), key.Matches(k, km.Down):
			if key.Matches(k, km.Up) {
				m.cursor = max(m.cursor-1, 0)
			} else {
				m.cursor = min(m.cursor+1, len(vis)-1)
			}
			// The core's notice is one-off: moving on dismisses it.
			m.state.Notice = ""
			m.sync(false)
			return m, nil
		case key.Matches(k, km.Choose):
			if m.cursor < len(vis) {
				return m.step(model.Chose{Choice: vis[m.cursor].Choice})
			}
		}
	case model.ScreenVeto, model.ScreenConfirm:
		// Yes and No are disabled until the grace period ends, so keys
		// typed ahead of the question never answer it.
		switch {
		case key.Matches(k, km.Yes):
			return m.step(model.Confirmed{Yes: true})
		case key.Matches(k, km.No):
			return m.step(model.Confirmed{Yes: false})
		}
	}

	if m.gridOn() {
		if nm, ok := m.gridMove(k); ok {
			return nm, nil
		}
	}
	switch {
	case key.Matches(k, km.Back):
		return m.step(model.Back{})
	case key.Matches(k, km.Up):
		m.vp.ScrollUp(1)
	case key.Matches(k, km.Down):
		m.vp.ScrollDown(1)
	case km.page(&m.vp, k):
	}
	return m, nil
}

// gotEvent feeds the Runner's answer to the core. A write refused
// because the state file changed keeps its details (Changed) for the
// failure screen; a stop asked during the write ends the wizard now that
// the write's outcome is in.
func (m Model) gotEvent(ev model.Event) (tea.Model, tea.Cmd) {
	if a, ok := ev.(model.Applied); ok {
		var ch *Changed
		if errors.As(a.Err, &ch) {
			m.changed = ch
		}
	}
	next, cmd := m.step(ev)
	nm := next.(Model)
	if nm.stopping && nm.state.Screen != model.ScreenApplying && !nm.state.Terminal() {
		nm.stopping = false
		q, qcmd := nm.quit(true)
		return q, tea.Batch(cmd, qcmd)
	}
	return nm, cmd
}

// quit sends model.Quit. The core may refuse (a write under way); when it
// accepts, the program ends with tea.Quit so the final frame ("nothing
// changed") is drawn. For ctrl+c, Interrupted() then reports true and the
// caller exits 130. (tea.Interrupt would end the program without drawing
// that frame, leaving the menu on screen.)
func (m Model) quit(interrupt bool) (tea.Model, tea.Cmd) {
	next, cmd := m.step(model.Quit{})
	nm := next.(Model)
	if nm.state.Screen == model.ScreenQuit {
		// The final frame is the core's quit screen, whatever was on top.
		nm.view = viewWizard
		nm.sync(false)
		if interrupt {
			nm.interrupted = true
		}
	}
	return nm, cmd
}

// step feeds one event to the core and turns its effects into commands.
func (m Model) step(ev model.Event) (tea.Model, tea.Cmd) {
	prev := m.state.Screen
	st, effects := model.Step(m.state, ev)
	m.state = st

	var cmds []tea.Cmd
	ending := false
	for _, e := range effects {
		switch e := e.(type) {
		case model.Emit:
			d := e.Decision
			m.decision = &d
			ending = true
		default:
			cmds = append(cmds, m.runCmd(e))
		}
	}
	entered := st.Screen != prev
	if st.Screen != model.ScreenFailed {
		m.changed = nil
	}
	if entered {
		if isQuestion(st.Screen) {
			m.armSeq++
			m.armed = false
		}
		if st.Screen == model.ScreenOptions || st.Screen == model.ScreenCorrupted {
			vis := model.Visible(st.Options)
			if m.cursor >= len(vis) {
				m.cursor = defaultCursor(vis)
			}
		}
		cmds = append(cmds, m.enterCmd())
	}
	if ending || st.Terminal() {
		// The final frame (done or quit screen) stays on the terminal.
		cmds = append(cmds, tea.Quit)
	}
	m.sync(entered)
	return m, tea.Batch(cmds...)
}

// enterCmd starts what the current screen needs: the spinner while
// waiting, the grace timer on a question.
func (m Model) enterCmd() tea.Cmd {
	switch {
	case isBusy(m.state.Screen):
		return m.spin.Tick
	case isQuestion(m.state.Screen):
		seq := m.armSeq
		return tea.Tick(m.grace, func(time.Time) tea.Msg { return armMsg{seq: seq} })
	}
	return nil
}

// errNoRunner answers effects when the caller gave no Runner.
var errNoRunner = errors.New("pickup cannot carry this out here (no runner)")

// runCmd carries out an effect in a command and brings its event back.
func (m Model) runCmd(e model.Effect) tea.Cmd {
	run := m.run
	return func() tea.Msg {
		if run == nil {
			switch e := e.(type) {
			case model.CheckGit:
				return eventMsg{model.GitChecked{Available: false, Warning: errNoRunner.Error()}}
			case model.Apply:
				return eventMsg{model.Applied{Choice: e.Choice, Err: errNoRunner}}
			}
			return nil
		}
		return eventMsg{run(e)}
	}
}

func isBusy(s model.Screen) bool {
	return s == model.ScreenGitCheck || s == model.ScreenApplying
}

func isQuestion(s model.Screen) bool {
	return s == model.ScreenVeto || s == model.ScreenConfirm
}
