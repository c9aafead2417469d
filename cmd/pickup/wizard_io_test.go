package main

import (
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/tui"
)

// TestChangedNamesKilnPhaseState: a write refused because kiln's phase
// state file (not MEMORY.md, the session's Path) changed still says how
// it was when read, how it is now, and which lines changed.
func TestChangedNamesKilnPhaseState(t *testing.T) {
	e := kilnFixture(t, "execution", false)
	a := newApp(context.Background(), stdio{in: strings.NewReader(""), out: io.Discard, err: io.Discard})
	a.claudeHome = e.home
	ss, err := a.find(e.project)
	if err != nil || len(ss) != 1 {
		t.Fatalf("find: %d sessions, %v", len(ss), err)
	}
	w := newWizardIO(a, e.project)
	w.note(ss[0])

	state := filepath.Join(e.project, ".kiln", "phase_3_state.md")
	added := "- [2026-02-20 15:00] implement_start: task 1\n"
	testkit.Write(t, state, testkit.Read(t, state)+added)
	var ch *tui.Changed
	if !errors.As(w.changed(&fsx.ChangedError{Path: state}, ss[0]), &ch) {
		t.Fatal("not a tui.Changed")
	}
	if ch.Path != state || !ch.Before.Known || !ch.After.Known || ch.After.Size != ch.Before.Size+int64(len(added)) {
		t.Fatalf("changed %+v", ch)
	}
	if ch.Diff == nil || ch.Diff.RemovedN != 0 || ch.Diff.AddedN != 1 || ch.Diff.Added[0] != strings.TrimSuffix(added, "\n") {
		t.Fatalf("diff %+v", ch.Diff)
	}
}
