package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui"
)

// snapMax is the largest state file whose bytes the wizard keeps, to say
// which lines changed when a write is refused; bigger ones keep only
// their size and time.
const snapMax = 1 << 20

// diffKeep is how many changed lines of each side a refusal keeps.
const diffKeep = 6

// snapshot is a state file as the wizard read it.
type snapshot struct {
	stamp tui.Stamp
	data  []byte // nil when over snapMax or unreadable
}

// wizardIO is what the wizard reaches the disk through, beyond the
// effects: the session's lock while it is open, reading a session again,
// and the state files as they were read (to say what changed). It also
// counts the writes under way, so an interrupted wizard waits for them.
type wizardIO struct {
	a       *app
	project string

	mu    sync.Mutex
	snaps map[string]snapshot
	// last is the last write's outcome, for a wizard that stopped while
	// it ran (Stop, then Kill): the core is told once the UI is gone.
	last *model.Applied

	writes sync.WaitGroup

	// facts are the sessions' facts for the core's START node, gathered
	// again when a session is read again.
	facts *factTable
}

func newWizardIO(a *app, project string) *wizardIO {
	return &wizardIO{a: a, project: project, snaps: map[string]snapshot{}}
}

// sessionIO is the tui's view of it.
func (w *wizardIO) sessionIO() *tui.SessionIO {
	return &tui.SessionIO{Open: w.a.holdSession, Close: letGo, Reload: w.reload}
}

// noteMax is how many of a session's own files are noted at most (a
// folder among them is skipped, never walked).
const noteMax = 8

// note records each session's state file, and the other files of its
// own it names (StateFiles: kiln's phase state, bookforge's pause
// marker), as they are now: a refusal naming any of them can then say
// what changed.
func (w *wizardIO) note(ss ...*model.Session) {
	for _, s := range ss {
		if s == nil || s.Path == "" {
			continue
		}
		paths := append([]string{s.Path}, s.StateFiles...)
		for _, p := range paths[:min(len(paths), noteMax)] {
			snap := takeSnapshot(p)
			if !snap.stamp.Known {
				continue // a folder, or not there
			}
			w.mu.Lock()
			w.snaps[p] = snap
			w.mu.Unlock()
		}
	}
}

// takeSnapshot stats path and keeps its bytes when small. It reads
// through fsx.ReadFile, so a named pipe or a folder is never waited on.
func takeSnapshot(path string) snapshot {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return snapshot{}
	}
	snap := snapshot{stamp: tui.Stamp{Known: true, Size: st.Size(), ModTime: st.ModTime().Local()}}
	if st.Size() <= snapMax {
		if data, err := fsx.ReadFile(path); err == nil && int64(len(data)) <= snapMax {
			snap.data = data
		}
	}
	return snap
}

// run is the wizard's Runner: perform, counting writes under way, with a
// refusal because the file changed turned into a tui.Changed that says
// what changed.
func (w *wizardIO) run(e model.Effect) model.Event {
	ap, isApply := e.(model.Apply)
	if isApply {
		w.writes.Add(1)
		defer w.writes.Done()
	}
	ev := w.a.perform(e)
	if res, ok := ev.(model.Applied); ok && isApply {
		if res.Err != nil && errors.Is(res.Err, fsx.ErrChanged) {
			res.Err = w.changed(res.Err, ap.Session)
			ev = res
		}
		w.mu.Lock()
		w.last = &res
		w.mu.Unlock()
	}
	return ev
}

// changed describes a refusal because a state file changed since it was
// read: the file, its size and time then and now, and the changed lines.
func (w *wizardIO) changed(err error, s *model.Session) error {
	ch := &tui.Changed{Err: err}
	var ce *fsx.ChangedError
	if errors.As(err, &ce) {
		ch.Path, ch.Gone = ce.Path, ce.Gone
	} else if s != nil {
		ch.Path = s.Path
	}
	w.mu.Lock()
	before, ok := w.snaps[ch.Path]
	w.mu.Unlock()
	if ok {
		ch.Before = before.stamp
	}
	if ch.Gone {
		return ch
	}
	now := takeSnapshot(ch.Path)
	ch.After = now.stamp
	if before.data != nil && now.data != nil {
		d := tui.DiffLines(before.data, now.data, diffKeep)
		ch.Diff = &d
	}
	return ch
}

// reload reads s again from disk: every session of its source is found
// again and the one with s's id is returned.
func (w *wizardIO) reload(s *model.Session) (*model.Session, error) {
	sessions, errs := w.a.registry().Find(w.project, s.Source)
	for _, ns := range sessions {
		if ns.ID == s.ID {
			// Read again: the operations cut short too.
			w.a.cut.forget()
			w.a.markInterrupted(w.project, []*model.Session{ns})
			w.note(ns)
			w.facts.gather(ns, true)
			return ns, nil
		}
	}
	for _, err := range errs {
		if strings.Contains(err.Error(), s.Path) {
			return nil, err
		}
	}
	return nil, fmt.Errorf("%s: no %s session there any more", s.Path, s.Source)
}

// settle finishes the core's story after the UI stopped during a write:
// it waits for the write, and when the core was still waiting for it,
// hands it the outcome, so the decision printed is what happened.
func (w *wizardIO) settle(st model.State) model.State {
	w.writes.Wait()
	if st.Screen != model.ScreenApplying {
		return st
	}
	w.mu.Lock()
	last := w.last
	w.mu.Unlock()
	if last == nil || last.Choice != st.Pending {
		return st
	}
	st, _ = model.Step(st, *last)
	return st
}
