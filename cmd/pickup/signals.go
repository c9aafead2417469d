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
const stopGrace = 5 * time.Second

// signalCatcher ends the wizard on SIGINT, SIGTERM and SIGHUP, in place
// of Bubble Tea's own handler (turned off with tea.WithoutSignalHandler):
// that one does not handle SIGHUP (Go's default then ends pickup on the
// spot, terminal raw and lock file left), and a SIGTERM or SIGINT that
// lands while the program is ending can block its shutdown for good
// (its handler sends on the message channel without watching for the
// end; charmbracelet/bubbletea#1806).
//
// The first signal asks the wizard to stop (tui.Stop: at once, or once a
// write under way has finished); a second one, or stopGrace without an
// end, kills the program. While an editor or pager runs in the
// foreground (tui.Config.Foreground), SIGINT is that program's ctrl+c
// and is ignored, as Bubble Tea does; SIGTERM and SIGHUP then wait for it
// to give the terminal back.
type signalCatcher struct {
	ch   chan os.Signal
	done chan struct{}
	fg   atomic.Bool
	// fgEnded is when the last editor or pager gave the terminal back
	// (UnixNano): the ctrl+c that ended it reaches pickup too, and may
	// be read from ch only after the program is gone.
	fgEnded atomic.Int64
	mu      sync.Mutex
	got     os.Signal
}

// fgGrace is how long after an editor or pager ends a SIGINT is still
// taken for its own: in raw mode the terminal sends ctrl+c to pickup as
// a key, so a SIGINT then comes from the foreground program's ctrl+c or
// from outside (kill -INT), which can repeat it.
const fgGrace = 500 * time.Millisecond

func newSignalCatcher() *signalCatcher {
	c := &signalCatcher{ch: make(chan os.Signal, 4), done: make(chan struct{})}
	signal.Notify(c.ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	return c
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

// watch delivers the signals to p until end.
func (c *signalCatcher) watch(p *tea.Program) {
	go func() {
		var kill <-chan time.Time
		for {
			select {
			case <-c.done:
				return
			case <-kill:
				p.Kill()
			case s := <-c.ch:
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
					continue
				}
				if !c.fg.Load() {
					kill = time.After(stopGrace)
				}
				go p.Send(tui.Stop{}) // a no-op once the program has ended
			}
		}
	}()
}

// end stops listening and returns the first signal that asked the wizard
// to stop, if any. When the program ended on an error (its terminal
// gone), a signal on its way (SIGHUP comes with the hang-up) is waited
// for a moment.
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
	signal.Stop(c.ch)
	close(c.done)
	c.mu.Lock()
	defer c.mu.Unlock()
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
