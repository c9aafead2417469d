package main

import (
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/tui"
)

// stopGrace is how long the wizard may take to end after a signal
// (finishing a write under way) before it is killed; the terminal is
// restored either way.
var stopGrace = 5 * time.Second

// killGrace is how long a killed wizard may take to end before pickup
// ends it itself: Program.Kill waits for the event loop, and a loop busy
// laying out a screen would keep pickup running, spinning, on a terminal
// that may be gone.
var killGrace = time.Second

// signalCatcher handles SIGINT, SIGTERM and SIGHUP from the moment
// pickup starts (run), in place of Go's default (which ends pickup on
// the spot: lock files left, and in the wizard the terminal left raw) and
// of Bubble Tea's own handler (turned off with tea.WithoutSignalHandler):
// that one does not handle SIGHUP, and a SIGTERM or SIGINT that lands
// while the program is ending can block its shutdown for good (its
// handler sends on the message channel without watching for the end;
// charmbracelet/bubbletea#1806).
//
// Without a wizard on screen a signal ends pickup at once, letting its
// locks go, with the shell's code (128 + the signal). With one, the
// first signal asks it to stop (tui.Stop: at once, or once a write under
// way has finished); a second one, or stopGrace without an end, kills
// the program; and killGrace after that pickup restores the terminal
// itself and exits. While an editor or pager runs in the foreground
// (tui.Config.Foreground), SIGINT is that program's ctrl+c and is
// ignored, as Bubble Tea does; SIGTERM and SIGHUP then wait for it to
// give the terminal back.
type signalCatcher struct {
	ch   chan os.Signal
	done chan struct{}
	fg   atomic.Bool
	// fgEnded is when the last editor or pager gave the terminal back
	// (UnixNano): the ctrl+c that ended it reaches pickup too, and may
	// be read from ch only after the program is gone.
	fgEnded atomic.Int64

	mu  sync.Mutex
	got os.Signal
	p   program // the wizard, while it runs
	// restore puts the terminal back as the wizard found it, for an end
	// pickup forces itself.
	restore func()
	// exit ends the process (os.Exit; a test's recorder).
	exit func(code int)
}

// program is what the catcher needs of a running wizard (*tea.Program).
type program interface {
	Send(msg tea.Msg)
	Kill()
}

// fgGrace is how long after an editor or pager ends a SIGINT is still
// taken for its own: in raw mode the terminal sends ctrl+c to pickup as
// a key, so a SIGINT then comes from the foreground program's ctrl+c or
// from outside (kill -INT), which can repeat it.
const fgGrace = 500 * time.Millisecond

// newSignalCatcher starts handling the signals, for the rest of the run
// (stop ends it).
func newSignalCatcher() *signalCatcher {
	c := &signalCatcher{ch: make(chan os.Signal, 4), done: make(chan struct{}), exit: os.Exit}
	signal.Notify(c.ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go c.loop()
	return c
}

// stop stops handling signals (Go's default again).
func (c *signalCatcher) stop() {
	signal.Stop(c.ch)
	close(c.done)
}

// foreground is tui.Config.Foreground.
func (c *signalCatcher) foreground(running bool) {
	if !running {
		c.fgEnded.Store(time.Now().UnixNano())
	}
	c.fg.Store(running)
}

// editorsInterrupt reports whether a SIGINT belongs to the editor or
// pager: one runs now, or one ended a moment ago.
func (c *signalCatcher) editorsInterrupt() bool {
	return c.fg.Load() || time.Since(time.Unix(0, c.fgEnded.Load())) < fgGrace
}

// watch delivers the signals to p (with restore, how to put the terminal
// back) until end.
func (c *signalCatcher) watch(p program, restore func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.p, c.restore, c.got = p, restore, nil
}

func (c *signalCatcher) loop() {
	var kill, force <-chan time.Time
	for {
		select {
		case <-c.done:
			return
		case <-kill:
			kill = nil
			if p := c.program(); p != nil {
				p.Kill()
				force = time.After(killGrace)
			}
		case <-force:
			force = nil
			if c.program() != nil {
				c.forceExit()
			}
		case s := <-c.ch:
			p := c.program()
			if p == nil {
				// No wizard: end now, as the default would, but let the
				// locks go.
				releaseHeld()
				c.exit(signalExit(s))
				continue
			}
			if s == syscall.SIGINT && c.editorsInterrupt() {
				continue // the editor's or pager's ctrl+c
			}
			c.mu.Lock()
			first := c.got == nil
			if first {
				c.got = s
			}
			c.mu.Unlock()
			if !first {
				p.Kill()
				force = time.After(killGrace)
				continue
			}
			if !c.fg.Load() {
				kill = time.After(stopGrace)
			}
			go p.Send(tui.Stop{}) // a no-op once the program has ended
		}
	}
}

func (c *signalCatcher) program() program {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.p
}

// forceExit ends a wizard that did not end when killed: the terminal
// put back, the locks let go, the shell's code for the first signal.
func (c *signalCatcher) forceExit() {
	c.mu.Lock()
	restore, got := c.restore, c.got
	c.mu.Unlock()
	if restore != nil {
		restore()
	}
	releaseHeld()
	code := exitCancelled
	if got != nil {
		code = signalExit(got)
	}
	c.exit(code)
}

// end detaches the wizard and returns the first signal that asked it to
// stop, if any. When the program ended on an error (its terminal gone),
// a signal on its way (SIGHUP comes with the hang-up) is waited for a
// moment. Signals after it end pickup at once.
func (c *signalCatcher) end(failed bool) os.Signal {
	if failed {
		for range 10 {
			c.mu.Lock()
			got := c.got
			c.mu.Unlock()
			if got != nil {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.p, c.restore = nil, nil
	return c.got
}

// signalExit is the shell's code for a process ended by s: 128 + its
// number (130 for SIGINT, 129 for SIGHUP, 143 for SIGTERM).
func signalExit(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return exitCancelled
}

// signalName is "SIGTERM" and the like.
func signalName(s os.Signal) string {
	switch s {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return s.String()
}
