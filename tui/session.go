package tui

import (
	"bytes"
	"errors"
	"io"
	"maps"
	"os/exec"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
)

// SessionIO is how the wizard reaches the disk about the session it has
// open: the single-writer lock while it is open, and reading it again.
// cmd gives it; each function runs inside a tea.Cmd, never in Update. A
// nil SessionIO (or function) turns that part off: the wizard then learns
// that another pickup has the session only when a write is refused.
type SessionIO struct {
	// Open takes the session's single-writer lock for as long as the
	// wizard has it open, and says whether this pickup may write.
	Open func(*model.Session) Hold
	// Close lets go of what Open took (back to the picker).
	Close func(*model.Session)
	// Reload reads the session again from disk, after a write was
	// refused because its state file changed.
	Reload func(*model.Session) (*model.Session, error)
}

// Hold is what opening a session got.
type Hold struct {
	// Owner is set when another running pickup has the session open:
	// this one can look but not write.
	Owner *Owner
	// TookOver, when set, says a lock left by a pickup that is no longer
	// running was taken over.
	TookOver string
	// Err, when set, says the lock could not be taken for another reason
	// (no lock folder…); the write path tries again.
	Err string
}

// Owner is the other pickup holding a session.
type Owner struct {
	PID   int
	Since time.Time
}

// Changed is a write refused because the session's state file changed
// on disk since pickup read it, with what changed. The caller's Runner
// wraps the loader's refusal in it; the wizard finds it with errors.As
// in model.Applied.Err, shows it, and offers to read the session again.
type Changed struct {
	// Err is the loader's refusal.
	Err error
	// Path is the file that changed; Gone is true when it was removed.
	Path string
	Gone bool
	// Before is the file as pickup read it, After as it is now.
	Before, After Stamp
	// Diff summarises the changed lines, when both contents are known.
	Diff *LineDiff
}

func (c *Changed) Error() string { return c.Err.Error() }
func (c *Changed) Unwrap() error { return c.Err }

// Stamp is a file's size and modification time.
type Stamp struct {
	Known   bool
	Size    int64
	ModTime time.Time
}

// LineDiff is the changed part of a file: the lines from the first one
// that differs to the last one that differs.
type LineDiff struct {
	// From and To are the changed lines of the file as read, 1-based and
	// inclusive (To is From-1 when lines were only added).
	From, To int
	// Removed and Added are the first lines taken out and put in;
	// RemovedN and AddedN count them all.
	Removed, Added   []string
	RemovedN, AddedN int
	// Same is true when every line reads the same (the change is in
	// another of the session's files, or only the time changed).
	Same bool
}

// DiffLines compares two versions of a file line by line: the common
// lines at the start and at the end are set aside, and what is left is
// the change, keeping up to keep lines of each side. It is linear in the
// size of the files: a summary, not a full diff.
func DiffLines(before, after []byte, keep int) LineDiff {
	a, b := splitLines(before), splitLines(after)
	pre := 0
	for pre < len(a) && pre < len(b) && bytes.Equal(a[pre], b[pre]) {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && bytes.Equal(a[len(a)-1-suf], b[len(b)-1-suf]) {
		suf++
	}
	rem, add := a[pre:len(a)-suf], b[pre:len(b)-suf]
	d := LineDiff{From: pre + 1, To: pre + len(rem), RemovedN: len(rem), AddedN: len(add)}
	d.Same = len(rem) == 0 && len(add) == 0
	for i := 0; i < len(rem) && i < keep; i++ {
		d.Removed = append(d.Removed, string(rem[i]))
	}
	for i := 0; i < len(add) && i < keep; i++ {
		d.Added = append(d.Added, string(add[i]))
	}
	return d
}

// splitLines cuts data at line ends (LF, with CR kept off the text); a
// final line end does not start another line.
func splitLines(data []byte) [][]byte {
	if len(data) == 0 {
		return nil
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	for i, l := range lines {
		lines[i] = bytes.TrimSuffix(l, []byte("\r"))
	}
	return lines
}

// Stop asks the wizard to end as an interrupt does, from outside (cmd
// sends it on SIGTERM or SIGHUP): at once, or once a write under way has
// finished, so nothing is left half-done.
type Stop struct{}

// execProcess runs an editor or pager in the terminal (tea.ExecProcess),
// telling Config.Foreground while it runs.
func (m Model) execProcess(c *exec.Cmd, fn tea.ExecCallback) tea.Cmd {
	return tea.Exec(&foregroundCmd{Cmd: c, hook: m.fg}, fn)
}

// foregroundCmd is an *exec.Cmd as a tea.ExecCommand that calls hook
// around its run. Unset streams get the program's, as tea.ExecProcess
// does.
type foregroundCmd struct {
	*exec.Cmd
	hook func(bool)
}

func (c *foregroundCmd) Run() error {
	if c.hook != nil {
		c.hook(true)
		defer c.hook(false)
	}
	return c.Cmd.Run()
}

func (c *foregroundCmd) SetStdin(r io.Reader) {
	if c.Stdin == nil {
		c.Stdin = r
	}
}

func (c *foregroundCmd) SetStdout(w io.Writer) {
	if c.Stdout == nil {
		c.Stdout = w
	}
}

func (c *foregroundCmd) SetStderr(w io.Writer) {
	if c.Stderr == nil {
		c.Stderr = w
	}
}

// heldMsg answers SessionIO.Open for the session with that id.
type heldMsg struct {
	s    *model.Session
	hold Hold
}

// reloadedMsg answers SessionIO.Reload.
type reloadedMsg struct {
	id  string
	s   *model.Session
	err error
}

// openCmd takes s's lock (SessionIO.Open) in a command.
func (m Model) openCmd(s *model.Session) tea.Cmd {
	if m.sio == nil || m.sio.Open == nil || s == nil {
		return nil
	}
	open := m.sio.Open
	return func() tea.Msg { return heldMsg{s: s, hold: open(s)} }
}

// closeCmd lets s's lock go (SessionIO.Close) in a command.
func (m Model) closeCmd(s *model.Session) tea.Cmd {
	if m.sio == nil || m.sio.Close == nil || s == nil {
		return nil
	}
	cl := m.sio.Close
	return func() tea.Msg { cl(s); return nil }
}

// readOnly reports whether another pickup has the open session.
func (m Model) readOnly() bool {
	s := m.state.Session
	return m.hold.Owner != nil && s != nil && s.ID == m.holdID
}

// gotHold records what opening the session got. Another pickup holding
// it turns every writing choice off, with who and since when; the core's
// own rules (model.Options) apply on top, as for any loader's policy.
func (m Model) gotHold(h heldMsg) (tea.Model, tea.Cmd) {
	s := m.state.Session
	if s == nil || s.ID != h.s.ID {
		// The person has moved on to another session: let this one go.
		if h.hold.Owner == nil {
			return m, m.closeCmd(h.s)
		}
		return m, nil
	}
	wasReadOnly := m.readOnly()
	m.hold, m.holdID = h.hold, s.ID
	switch {
	case h.hold.Owner != nil:
		m.applyReadOnly()
	case wasReadOnly && m.asLoaded != nil && m.asLoaded.ID == s.ID:
		// The other pickup has let the session go: this one has it now.
		m.state.Session = m.asLoaded
		m.state.Options = model.Options(m.asLoaded, m.state.Crash, m.state.Mismatch...)
		m.cursor = defaultCursor(model.Visible(m.state.Options))
		m.asLoaded = nil
		m.note = m.cat.Session.Writable
	case h.hold.TookOver != "":
		m.note = m.cat.Session.Note.F(h.hold.TookOver)
	case h.hold.Err != "":
		m.note = m.cat.Session.LockFailed.F(h.hold.Err)
	}
	m.sync(false)
	return m, nil
}

// ownerReason is why the writing choices are off while read-only.
func (m Model) ownerReason() string {
	o := m.hold.Owner
	return m.cat.Session.ReadOnly(o.PID, o.Since.Format("15:04"))
}

// applyReadOnly puts the read-only reason on every choice that writes:
// RESTART and DISCARD always, CONTINUE when the source's CONTINUE writes
// (or asks before writing).
func (m *Model) applyReadOnly() {
	s := m.state.Session
	if s == nil || m.hold.Owner == nil {
		return
	}
	reason := m.ownerReason()
	m.asLoaded = s
	ro := *s
	ro.Policy = maps.Clone(s.Policy)
	if ro.Policy == nil {
		ro.Policy = map[model.Choice]model.ChoicePolicy{}
	}
	for _, c := range model.AllChoices {
		p := ro.Policy[c]
		if c.Dangerous() || (c == model.Continue && (p.Writes || p.Confirm != "")) {
			p.Disabled, p.Recommended = reason, false
			ro.Policy[c] = p
		}
	}
	m.state.Session = &ro
	// Read-only is an alert too (Model.alerts): what is still
	// recommended says why.
	m.state.Options = model.Options(&ro, m.state.Crash, append(m.state.Mismatch, model.Alert{Kind: model.AlertReadOnly, Text: reason})...)
	vis := model.Visible(m.state.Options)
	if m.cursor >= len(vis) || !vis[m.cursor].Enabled {
		m.cursor = defaultCursor(vis)
	}
}

// reload reads the session again (r, after a refused write, or while
// another pickup has it: then the lock is tried again too).
func (m Model) reload() (tea.Model, tea.Cmd) {
	s := m.state.Session
	if m.sio == nil || m.sio.Reload == nil || s == nil {
		return m, nil
	}
	re := m.sio.Reload
	m.reloading = true
	m.sync(false)
	return m, func() tea.Msg {
		ns, err := re(s)
		return reloadedMsg{id: s.ID, s: ns, err: err}
	}
}

// gotReload starts the core again on the session as it is now on disk,
// on its options screen, keeping the lock (and the read-only mark) it had.
func (m Model) gotReload(r reloadedMsg) (tea.Model, tea.Cmd) {
	m.reloading = false
	if s := m.state.Session; s == nil || s.ID != r.id || m.view != viewWizard {
		return m, nil
	}
	if r.err != nil || r.s == nil {
		err := r.err
		if err == nil {
			err = errors.New("no session there any more")
		}
		m.note = m.cat.Session.ReloadFailed.F(err.Error())
		m.sync(false)
		return m, nil
	}
	m.changed = nil
	prev := m.state.Crash
	m.load(r.s)
	if m.now.IsZero() {
		// No clock reading given (Config.Now): keep the crash verdict
		// the session was opened with.
		m.state.Crash = prev
		m.state.Options = model.Options(m.state.Session, prev, m.state.Mismatch...)
		m.cursor = defaultCursor(model.Visible(m.state.Options))
	}
	retry := m.hold.Owner != nil && m.holdID == r.s.ID
	if retry {
		m.applyReadOnly()
	}
	m.note = m.cat.Session.Reloaded
	m.sync(true)
	if retry {
		// Still read-only until the lock says otherwise (gotHold).
		return m, tea.Batch(m.enterCmd(), m.openCmd(r.s))
	}
	return m, m.enterCmd()
}

// stop ends the wizard from outside (Stop): now, as ctrl+c does, unless
// a write is under way; then once its outcome is in.
func (m Model) stop() (tea.Model, tea.Cmd) {
	if m.state.Screen == model.ScreenApplying {
		m.stopping = true
		m.note = m.cat.Session.Stopping
		m.sync(false)
		return m, nil
	}
	if m.state.Terminal() {
		return m, tea.Quit
	}
	return m.quit(true)
}
