// Package tui is pickup's terminal wizard. It shows the core's state
// (model.State) and turns keys into model.Events; the core decides
// everything, and the only I/O happens in the Runner the caller provides,
// called inside tea.Cmds.
package tui

import (
	"os"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// Runner carries out an effect (model.CheckGit, model.Apply) and answers
// with the event the core expects. It blocks; the wizard calls it only
// inside a tea.Cmd.
type Runner func(model.Effect) model.Event

// DefaultGrace is how long a confirmation ignores answers after it appears.
const DefaultGrace = 400 * time.Millisecond

// Config is what New needs.
type Config struct {
	// State is the core state, already past model.Loaded.
	State model.State
	// Run carries out effects. nil answers every effect with a failure.
	Run Runner
	// Catalog is the wording; nil means msg.English.
	Catalog *msg.Catalog
	// Grace is how long a confirmation ignores y/n/enter after it
	// appears, so keys typed ahead do not answer it; 0 means DefaultGrace.
	Grace time.Duration
	// Project is shown in the header.
	Project string
	// ClaudeHome is Claude Code's home: paths in it are shown as
	// "$CLAUDE_HOME/…" (paths in the project as "<project>/…", in the
	// home folder as "~/…").
	ClaudeHome string
	// DecisionPrinted says the caller prints the decision once the
	// wizard ends (cmd does, on stdout, with the veto's reason): the final
	// frame then keeps only the next step, so the decision is printed
	// once.
	DecisionPrinted bool
	// NoColor forces plain styles and ASCII glyphs. New also turns it on
	// when the NO_COLOR environment variable is set and not empty, or TERM
	// is "dumb".
	NoColor bool

	// Sessions, when State is left zero, are every session found. One
	// that is not archived opens straight away; otherwise the picker
	// comes first, and the core starts on the session chosen there
	// (model.Loaded at Now, with CrashAfter). With more than one, esc on
	// the options screen goes back to the picker. Now and CrashAfter also
	// serve a session read again from disk (SessionIO.Reload).
	Sessions []*model.Session
	// OtherWorktrees are the live sessions of the repository's other
	// worktrees, which the picker's w adds to its rows.
	OtherWorktrees []*model.Session
	Now            time.Time
	CrashAfter     time.Duration
	// Files lets the artifact browser look at the disk; nil turns the
	// browser off.
	Files *Files
	// Editor and Pager are the commands `e` and `enter`/`o` run on an
	// artifact (split on spaces; the path is added last). Empty: "vi" and
	// "less -R".
	Editor, Pager string
	// SessionIO takes the open session's single-writer lock and reads a
	// session again; nil turns both off (see session.go).
	SessionIO *SessionIO
	// Foreground, when set, is told just before an editor or pager takes
	// the terminal (true) and just after it gives it back (false): a
	// ctrl+c meanwhile is that program's, and the caller's signal
	// handling must leave it alone.
	Foreground func(running bool)
	// Facts, when set, is what the caller gathered about a session
	// before the wizard started (the evidence that its workflow is at
	// work, the project's checkout): added to the model.Loaded a session
	// chosen in the picker or read again starts the core with. It must
	// not do I/O: it is called in Update.
	Facts func(*model.Session) (activity []model.Activity, checkout *model.Checkout)
	// Conversation, when set, is the agent conversation the caller found
	// behind a session (loaders/convo), gathered ahead like Facts.
	Conversation func(*model.Session) *model.Conversation
}

// Model is the wizard. It implements tea.Model.
type Model struct {
	cat     *msg.Catalog
	run     Runner
	grace   time.Duration
	project string

	state       model.State
	decision    *model.Decision
	interrupted bool

	// cursor is the highlighted option, an index into the visible ones.
	cursor int
	// armed is true once a confirmation's grace period has passed; armSeq
	// tells the current confirmation's timer from stale ones.
	armed  bool
	armSeq int

	width, height int
	// sized is set by the first tea.WindowSizeMsg.
	sized   bool
	isDark  bool
	noColor bool
	// gridASCII: the locale cannot show Unicode marks (localeASCII). The
	// REVIEW grid then draws its cells as ASCII marks; under NO_COLOR it
	// keeps its glyphs, where the rest of the wizard turns ASCII (ascii).
	gridASCII bool
	styles    *Styles
	keys      KeyMap
	help      help.Model
	spin      spinner.Model
	vp        viewport.Model
	// scrolls is true when the body is taller than its room; scrollLv
	// is the detail level the layout chose.
	scrolls  bool
	scrollLv int

	// view is the screen on top: the core's (wizard), or the picker or
	// the artifact browser, which are UI state around the core.
	view     view
	sessions []*model.Session
	others   []*model.Session // the other worktrees' (Config.OtherWorktrees)
	now      time.Time
	coreCfg  model.Config
	pick     picker
	files    *Files
	browse   browser
	editor   string
	pager    string
	// grid is the REVIEW grid's highlighted cell (grid.go).
	grid gridCursor

	// The session as a file (session.go): what opening it got (for the
	// session with id holdID), a one-off note over the help bar, a write
	// refused because the file changed, a reload under way, and a stop
	// asked from outside while a write runs.
	sio    *SessionIO
	hold   Hold
	holdID string
	// asLoaded is the open session before applyReadOnly turned its
	// writing choices off, to turn them on again when the lock is free.
	asLoaded  *model.Session
	note      string
	changed   *Changed
	reloading bool
	stopping  bool
	fg        func(bool)
	facts     func(*model.Session) ([]model.Activity, *model.Checkout)
	conv      func(*model.Session) *model.Conversation
	printed   bool // Config.DecisionPrinted

	// roots name the paths the screens show (paths.go): the open
	// session's project, Claude's home and the home folder.
	roots      pathRoots
	claudeHome string
	home       string
}

// view is which of the three kinds of screen is on top.
type view int

const (
	viewWizard  view = iota // the core's screens (model.State.Screen)
	viewPicker              // choose a session
	viewBrowser             // a session's artifacts
)

// New builds the wizard for a loaded state.
func New(cfg Config) Model {
	cat := cfg.Catalog
	if cat == nil {
		cat = &msg.English
	}
	grace := cfg.Grace
	if grace <= 0 {
		grace = DefaultGrace
	}
	noColor := cfg.NoColor || os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb"
	m := Model{
		cat:       cat,
		run:       cfg.Run,
		grace:     grace,
		project:   cfg.Project,
		state:     cfg.State,
		width:     80,
		height:    24,
		isDark:    true,
		noColor:   noColor,
		gridASCII: localeASCII(),
		keys:      NewKeyMap(cat),
		help:      help.New(),
		spin:      spinner.New(spinner.WithSpinner(spinner.MiniDot)),
		vp:        viewport.New(),
	}
	if m.ascii() {
		m.spin.Spinner = spinner.Line
		m.help.ShortSeparator = " | "
		m.help.Ellipsis = "..."
	}
	m.now, m.coreCfg = cfg.Now, model.NewState(model.Config{CrashAfter: cfg.CrashAfter, Words: &cat.Core}).Config
	if cfg.State.Screen != "" && cfg.CrashAfter == 0 {
		m.coreCfg = cfg.State.Config // a session read again keeps the rules it was opened with
	}
	m.files, m.editor, m.pager = cfg.Files, cfg.Editor, cfg.Pager
	m.claudeHome = cfg.ClaudeHome
	m.printed = cfg.DecisionPrinted
	m.home, _ = os.UserHomeDir()
	m.sio, m.fg, m.facts, m.conv = cfg.SessionIO, cfg.Foreground, cfg.Facts, cfg.Conversation
	m.browse.vp = viewport.New()
	if cfg.State.Screen == "" && len(cfg.Sessions) > 0 {
		m.sessions = sortSessions(cfg.Sessions)
		m.others = cfg.OtherWorktrees
		m.state = model.NewState(m.coreCfg)
		m.view = viewPicker
		if live := liveSessions(m.sessions); len(live) == 1 {
			m.load(live[0])
		}
		m.pick.sel = m.sessions[0].ID
	}
	m.cursor = defaultCursor(model.Visible(m.state.Options))
	m.setRoots()
	m.applyStyles()
	m.sync(true)
	return m
}

// setRoots labels the paths of the open session's project (or the
// project the wizard was started on).
func (m *Model) setRoots() {
	project := m.project
	if s := m.state.Session; s != nil && s.Project != "" {
		project = s.Project
	}
	m.roots = newPathRoots(project, m.claudeHome, m.home)
}

// ascii reports whether the wizard draws ASCII marks and key labels in
// place of Unicode ones: without colour, or in a locale that cannot show
// them.
func (m Model) ascii() bool { return m.noColor || m.gridASCII }

// load starts the core on a session (the START node) and shows it.
func (m *Model) load(s *model.Session) {
	if s == nil || s.ID != m.holdID {
		m.hold, m.holdID = Hold{}, ""
	}
	m.note, m.changed = "", nil
	ev := model.Loaded{Session: s, Now: m.now}
	if m.facts != nil {
		ev.Activity, ev.Checkout = m.facts(s)
	}
	if m.conv != nil {
		ev.Conversation = m.conv(s)
	}
	m.state, _ = model.Step(model.NewState(m.coreCfg), ev)
	m.view = viewWizard
	m.pick.sel = s.ID
	m.cursor = defaultCursor(model.Visible(m.state.Options))
	m.setRoots()
}

// hasPicker reports whether there is a picker to go back to.
func (m Model) hasPicker() bool { return len(m.sessions) > 1 }

// Init asks the terminal for its background colour (styles follow it) and
// starts whatever the first screen needs.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor, m.enterCmd()}
	if m.view == viewWizard && !m.state.Terminal() {
		cmds = append(cmds, m.openCmd(m.state.Session))
	}
	if m.state.Terminal() {
		cmds = append(cmds, tea.Quit)
	}
	return tea.Batch(cmds...)
}

// Final is the core state when the program ended (ScreenDone, ScreenQuit…).
func (m Model) Final() model.State { return m.state }

// Decision is the decision the core emitted, or nil when there was none
// (the person quit).
func (m Model) Decision() *model.Decision { return m.decision }

// Session is the session the core works on: the one given, or the one
// chosen in the picker (nil when the person left the picker).
func (m Model) Session() *model.Session { return m.state.Session }

// Interrupted reports whether the wizard ended because of ctrl+c; the
// caller exits 130. Final().Screen is then model.ScreenQuit.
func (m Model) Interrupted() bool { return m.interrupted }

// defaultCursor highlights the recommended option, else the first enabled.
func defaultCursor(vis []model.Option) int {
	for i, o := range vis {
		if o.Recommended && o.Enabled {
			return i
		}
	}
	for i, o := range vis {
		if o.Enabled {
			return i
		}
	}
	return 0
}

// applyStyles makes the styles for the terminal's background. They are
// never changed once made, so every copy of the Model shares them: a
// Model is copied at every key (Bubble Tea's Update returns it), and the
// styles are a third of its size.
func (m *Model) applyStyles() {
	st := NewStyles(m.isDark, m.noColor)
	if m.ascii() {
		st.Glyphs = asciiGlyphs
	} else if mk := m.cat.Local.WarnMark; mk != "" {
		st.Glyphs.Warn = mk // the language's own mark (seed 001's ⚠️)
	}
	m.styles = &st
	m.help.Styles = st.Help
	m.spin.Style = st.Spinner
}

// ---- internal messages ----

// eventMsg carries the Runner's answer back to Update.
type eventMsg struct{ ev model.Event }

// armMsg ends a confirmation's grace period.
type armMsg struct{ seq int }
