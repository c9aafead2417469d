// Package plain is pickup's accessible mode (ACCESSIBLE=1 or
// --accessible): the same wizard as the full-screen one, driven by the
// same pure core (model.Step) and the same effects runner, shown as plain
// lines and answered by typing a number, or y or n, and Enter. There is
// no cursor addressing, no box and no colour, so it reads well with a
// screen reader, on a dumb terminal and in a log. Every line goes
// through internal/textsafe; every sentence comes from the tui/msg
// catalog.
package plain

import (
	"bufio"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// Config is what a run is given.
type Config struct {
	// In is where answers are read from, a line each; Out is where the
	// screens and questions are printed.
	In  io.Reader
	Out io.Writer
	// Catalog is the wording (msg.English when nil).
	Catalog *msg.Catalog
	// Project names the project in each screen's first line.
	Project string
	// Sessions are the sessions to choose from, newest first, archived
	// ones too (listed when the person asks, as the wizard's picker
	// does): several live ones are listed first, one is opened straight
	// away.
	Sessions []*model.Session
	// Artifacts, when set, are the lines listing a session's artifacts
	// (the artifact browser's list: cmd inspects them); v on the options
	// prints them.
	Artifacts func(*model.Session) []string
	// Load runs the core's START node on a session, with the facts the
	// caller gathers about it (the TUI's model.Loaded, the same event).
	Load func(*model.Session) model.State
	// Run carries out an effect of the core and returns the event that
	// answers it (the caller's effects runner, as for the TUI).
	Run func(model.Effect) model.Event
	// Now dates the sessions in the list.
	Now time.Time
}

// Result is where a run ended.
type Result struct {
	// State is the core's last state: a decision (ScreenDone), or the
	// person left (ScreenQuit).
	State model.State
	// Session is the session that was open; nil when the person left
	// the list of sessions without opening one.
	Session *model.Session
	// EOF is set when the input ended before an answer: nothing was
	// decided.
	EOF bool
}

// errEOF is the input ending before an answer.
var errEOF = errors.New("end of input")

// asker reads answers and prints lines.
type asker struct {
	in  *bufio.Reader
	out io.Writer
	c   *msg.Catalog
	err error // the first write error; later writes are skipped
}

// Run runs the wizard to its end. It returns the core's last state; the
// caller prints the decision and sets the exit code, as for the TUI.
func Run(cfg Config) Result {
	c := cfg.Catalog
	if c == nil {
		c = &msg.English
	}
	a := &asker{in: bufio.NewReader(cfg.In), out: cfg.Out, c: c}
	if len(cfg.Sessions) == 0 {
		return Result{State: model.State{Screen: model.ScreenQuit}}
	}
	var live []*model.Session
	for _, s := range cfg.Sessions {
		if !s.Archived {
			live = append(live, s)
		}
	}
	// Archived sessions are listed once asked for (a), or when there is
	// nothing else.
	showAll := len(live) == 0
	listFirst := len(live) != 1
	list := len(cfg.Sessions) > 1 // b goes back to a list
	for {
		shown, hidden := live, len(cfg.Sessions)-len(live)
		if showAll {
			shown, hidden = cfg.Sessions, 0
		}
		s := shown[0]
		if listFirst {
			i, err := a.pick(cfg, shown, hidden)
			switch {
			case errors.Is(err, errEOF):
				a.line(c.Plain.EndOfInput)
				return Result{State: model.State{Screen: model.ScreenQuit}, EOF: true}
			case i == showArchived:
				showAll = true
				continue
			case i < 0:
				return Result{State: model.State{Screen: model.ScreenQuit}}
			}
			s = shown[i]
		}
		st, back, err := a.wizard(cfg, cfg.Load(s), list)
		if errors.Is(err, errEOF) {
			a.line(c.Plain.EndOfInput)
			return Result{State: st, Session: s, EOF: true}
		}
		if back {
			listFirst = true
			continue
		}
		return Result{State: st, Session: s}
	}
}

// wizard steps the core on one session until it ends (a decision, or
// the person left), or until the person asks for the list again (back).
func (a *asker) wizard(cfg Config, st model.State, list bool) (_ model.State, back bool, err error) {
	c := a.c
	var effs []model.Effect
	for {
		for len(effs) > 0 {
			e := effs[0]
			effs = effs[1:]
			switch e.(type) {
			case model.Emit:
				continue // the caller prints the decision
			case model.CheckGit:
				a.line(c.CheckingGit)
			case model.Apply:
				a.line(c.Writing)
			}
			var more []model.Effect
			st, more = model.Step(st, cfg.Run(e))
			effs = append(effs, more...)
		}
		if st.Terminal() {
			return st, false, nil
		}
		var ev model.Event
		a.blank()
		switch st.Screen {
		case model.ScreenOptions, model.ScreenCorrupted:
			a.lines(header(c, cfg.Project, st.Session))
			a.lines(optionsLines(c, st))
			var to int
			ev, to, err = a.menu(st, list, cfg.Artifacts != nil)
			switch {
			case err != nil:
			case to == toSessions:
				return st, true, nil
			case to == toArtifacts:
				a.blank()
				a.lines(cfg.Artifacts(st.Session))
				ev, err = a.enter()
				if _, quit := ev.(model.Quit); !quit && err == nil {
					continue // the options again
				}
			}
		case model.ScreenReview:
			a.lines(reviewLines(c, st.Session))
			ev, err = a.enter()
		case model.ScreenVeto:
			a.lines(vetoLines(c, st.Veto))
			ev, err = a.yesNo(c.VetoQuestion, false)
		case model.ScreenConfirm:
			q, l := confirmLines(c, st)
			a.lines(l)
			ev, err = a.yesNo(q, true)
		case model.ScreenFailed:
			a.lines(failedLines(c, st))
			ev, err = a.enter()
		default:
			// A screen that waits for an effect is never left waiting:
			// effects run above, one after the other.
			ev = model.Quit{}
		}
		if err != nil {
			return st, false, err
		}
		st, effs = model.Step(st, ev)
	}
}

// The keys of accessible mode that are the same in every language, as
// the wizard's are: a shows the archived sessions too, v lists the
// artifacts, b goes back to the sessions (each language may add its own
// word: BackWords).
const (
	keyShowAll   = "a"
	keyArtifacts = "v"
	keyBack      = "b"
)

// showArchived is pick's answer when the person asks for the archived
// sessions too.
const showArchived = -2

// pick lists the sessions shown and reads a number: the index chosen,
// showArchived (a, when hidden archived sessions there are), or -1 when
// the person quits.
func (a *asker) pick(cfg Config, shown []*model.Session, hidden int) (int, error) {
	c := a.c
	a.blank()
	a.line(c.Plain.Header(cfg.Project, ""))
	a.line(c.Plain.PickerHead.N(len(shown)))
	for i, s := range shown {
		a.lines(sessionLines(c, i+1, s, cfg))
	}
	for {
		ans, err := a.ask(c.Plain.PickerAsk(len(shown), hidden))
		if err != nil {
			return -1, err
		}
		switch {
		case is(c.Plain.QuitWords, ans):
			return -1, nil
		case hidden > 0 && strings.EqualFold(ans, keyShowAll):
			return showArchived, nil
		}
		if n, ok := a.number(ans, len(shown)); ok {
			return n - 1, nil
		}
	}
}

// Where a menu answer goes besides an event: the list of sessions, or
// the session's artifacts.
const (
	toSessions = iota + 1
	toArtifacts
)

// menu reads the options screen's answer: an option's number (or its
// name), q, b for the list of sessions, or v for the artifacts.
func (a *asker) menu(st model.State, list, arts bool) (model.Event, int, error) {
	c := a.c
	vis := model.Visible(st.Options)
	for {
		ans, err := a.ask(c.Plain.MenuAsk(len(vis), list, arts))
		if err != nil {
			return nil, 0, err
		}
		switch {
		case is(c.Plain.QuitWords, ans):
			return model.Quit{}, 0, nil
		case list && (strings.EqualFold(ans, keyBack) || is(c.Plain.BackWords, ans)):
			return nil, toSessions, nil
		case arts && strings.EqualFold(ans, keyArtifacts):
			return nil, toArtifacts, nil
		}
		i := slices.IndexFunc(vis, func(o model.Option) bool {
			return strings.EqualFold(ans, c.Choices[o.Choice]) || strings.EqualFold(ans, string(o.Choice))
		})
		if i < 0 {
			n, ok := a.number(ans, len(vis))
			if !ok {
				continue
			}
			i = n - 1
		}
		if o := vis[i]; !o.Enabled {
			a.line(c.Unavailable.F(c.Reason(o.Reason)))
			continue
		}
		return model.Chose{Choice: vis[i].Choice}, 0, nil
	}
}

// enter waits for Enter (back to the options) or q.
func (a *asker) enter() (model.Event, error) {
	ans, err := a.ask(a.c.Plain.Enter)
	if err != nil {
		return nil, err
	}
	if is(a.c.Plain.QuitWords, ans) {
		return model.Quit{}, nil
	}
	return model.Back{}, nil
}

// yesNo asks a y/n question until it is answered; an empty answer is
// no when noDefault, else asked again. q leaves.
func (a *asker) yesNo(q string, noDefault bool) (model.Event, error) {
	p := a.c.Plain
	for {
		ans, err := a.ask(q)
		if err != nil {
			return nil, err
		}
		switch {
		case is(p.YesWords, ans):
			return model.Confirmed{Yes: true}, nil
		case is(p.NoWords, ans), ans == "" && noDefault:
			return model.Confirmed{Yes: false}, nil
		case is(p.QuitWords, ans):
			return model.Quit{}, nil
		}
		a.line(p.YesNo)
	}
}

// number reads ans as one of 1..n, saying why not when it is not.
func (a *asker) number(ans string, n int) (int, bool) {
	v, err := strconv.Atoi(ans)
	switch {
	case err != nil:
		a.line(a.c.Plain.NotNumber.F(strconv.Quote(ans), n))
		return 0, false
	case v < 1 || v > n:
		a.line(a.c.Plain.OutOfRange.F(ans, n))
		return 0, false
	}
	return v, true
}

// ask prints the question and reads one line, trimmed. The input ending
// with nothing typed is errEOF; a last line without a newline counts.
func (a *asker) ask(q string) (string, error) {
	a.line(q)
	s, err := a.in.ReadString('\n')
	if err != nil && (s == "" || !errors.Is(err, io.EOF)) {
		return "", errEOF
	}
	return strings.TrimSpace(s), nil
}

// is reports whether ans is one of words, ignoring case.
func is(words []string, ans string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return strings.EqualFold(w, ans) })
}

func (a *asker) lines(ls []string) {
	for _, l := range ls {
		a.line(l)
	}
}

// line prints one line made safe: a state file's text never reaches the
// terminal raw, and a line break inside it becomes a space, so it cannot
// start a line of its own (a fake option, a fake question).
func (a *asker) line(l string) {
	if a.err != nil {
		return
	}
	_, a.err = io.WriteString(a.out, strings.ReplaceAll(textsafe.Text(l), "\n", " ")+"\n")
}

func (a *asker) blank() { a.line("") }
