package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/pickup-dev/pickup/internal/textsafe"
)

// loadNoticeAfter is how long loading may take before pickup says what
// it is reading: most projects load well under it and never see a line.
const loadNoticeAfter = 250 * time.Millisecond

// loadNotice tells a person at a terminal which state file pickup is
// reading when loading takes more than a moment (a long crucible
// manifest, a book of hundreds of scenes). It writes one line, rewrites
// it as loading moves on, and erases it when done.
type loadNotice struct {
	w       io.Writer
	project string

	mu    sync.Mutex
	timer *time.Timer
	shown bool
	done  bool
	line  string
}

// newLoadNotice returns nil (no notice) unless w is a terminal.
func newLoadNotice(w io.Writer, project string) *loadNotice {
	f, ok := w.(*os.File)
	if !ok || !term.IsTerminal(f.Fd()) || os.Getenv("TERM") == "dumb" {
		return nil
	}
	return startLoadNotice(w, project, loadNoticeAfter)
}

func startLoadNotice(w io.Writer, project string, after time.Duration) *loadNotice {
	n := &loadNotice{w: w, project: project, line: "looking for saved sessions"}
	n.timer = time.AfterFunc(after, func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if !n.done {
			n.shown = true
			n.draw()
		}
	})
	return n
}

// progress is a loaders.Progress.
func (n *loadNotice) progress(done, total int, path string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	// The notice draws itself (a raw terminal stream): the file name is
	// made safe here.
	n.line = fmt.Sprintf("reading %s (%d of %d)", textsafe.Text(shortPath(n.project, path)), done+1, total)
	if n.shown {
		n.draw()
	}
}

// draw rewrites the line in place; the caller holds mu.
func (n *loadNotice) draw() {
	fmt.Fprintf(n.w, "\r\x1b[Kpickup: %s…", n.line)
}

// stop erases the line, if one was written, before anything else is
// drawn.
func (n *loadNotice) stop() {
	n.timer.Stop()
	n.mu.Lock()
	defer n.mu.Unlock()
	n.done = true
	if n.shown {
		fmt.Fprint(n.w, "\r\x1b[K")
	}
}

// shortPath names path relative to the project when it is inside it,
// else from the home folder (~/.claude/...), else in full.
func shortPath(project, path string) string {
	if rel, err := filepath.Rel(project, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	if home, err := os.UserHomeDir(); err == nil {
		if rel, err := filepath.Rel(home, path); err == nil && filepath.IsLocal(rel) {
			return filepath.Join("~", rel)
		}
	}
	return path
}
