package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
	"github.com/pickup-dev/pickup/internal/testkit"
)

// An undo cut short whose operation is gone from the log is refused in
// the run's language: in pt-BR the whole reason is Portuguese, and
// English keeps its words.
func TestUndoOfACutUndoWhoseOperationIsGone(t *testing.T) {
	dir := bookforgeProject(t, "real")
	pickup(t, dir, "resume", "--choice", "discard", "--yes").want(t, exitOK)
	killedAt(t, dir, []string{dir}, nth(1, " written "), "undo", "--yes")
	ops := filepath.Join(dir, ".pickup", "ops")
	names, err := filepath.Glob(filepath.Join(ops, "*.json"))
	if err != nil || len(names) != 2 {
		t.Fatalf("the log holds %v (%v), want the DISCARD and the cut undo", names, err)
	}
	first := names[0]
	if err := os.Remove(first); err != nil {
		t.Fatal(err)
	}
	cut := names[1]
	en := pickup(t, dir, "undo", "--yes").want(t, exitBlocked)
	if want := cut + ": operation 2, cut short, was undoing operation 1, which is no longer in the log; nothing was undone"; !strings.Contains(en.stderr, want) {
		t.Errorf("English: %q, want %q", en.stderr, want)
	}
	pt := pickupEnv(t, dir, []string{"PICKUP_LANG=pt-BR"}, "undo", "--yes").want(t, exitBlocked)
	if want := cut + ": a operação 2, interrompida no meio, desfazia a operação 1, que não está mais no log; nada foi desfeito"; !strings.Contains(pt.stderr, want) {
		t.Errorf("pt-BR: %q, want %q", pt.stderr, want)
	}
	i18ntest.NoEnglish(t, "undo", pt.stdout+pt.stderr, cut)
}

// fsx's reasons for refusing an undo are said in the run's language too.
func TestUndoRefusalReasonInPortuguese(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, ".aios", ".session-state.yaml")
	testkit.Write(t, state, testkit.Read(t, filepath.Join("..", "..", "testdata", "aios", "core.yaml")))
	pickup(t, dir, "resume", "--choice", "restart", "--yes").want(t, exitOK)
	testkit.Write(t, state, testkit.Read(t, state)+"# my edit\n")
	pt := pickupEnv(t, dir, []string{"PICKUP_LANG=pt-BR"}, "undo", "--yes").want(t, exitBlocked)
	if want := state + ": mudou desde que a operação 1 o escreveu; nada foi desfeito"; !strings.Contains(pt.stderr, want) {
		t.Errorf("pt-BR: %q, want %q", pt.stderr, want)
	}
	i18ntest.NoEnglish(t, "undo", pt.stdout+pt.stderr, state)
}
