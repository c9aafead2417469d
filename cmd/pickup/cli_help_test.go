package main

import (
	"strings"
	"testing"
)

// Each command's help lists only the flags it takes; --claude-home
// names its default once; the root's help keeps its examples first and
// sends the formats' flags and the long prose to `pickup help formats`.
func TestHelpListsOnlyWhatACommandTakes(t *testing.T) {
	dir := t.TempDir()
	for _, c := range [][]string{{"hook", "install"}, {"hook", "uninstall"}, {"demo"}, {"man"}, {"undo"}} {
		r := pickup(t, dir, append(c, "--help")...).want(t, exitOK)
		if strings.Contains(r.stdout, "--session") {
			t.Errorf("%v --help lists --session, which it refuses:\n%s", c, r.stdout)
		}
	}
	for _, c := range [][]string{{"status"}, {"resume"}, {"hook"}} {
		if r := pickup(t, dir, append(c, "--help")...).want(t, exitOK); !strings.Contains(r.stdout, "--session") {
			t.Errorf("%v --help lacks --session", c)
		}
	}
	r := pickup(t, dir, "--help").want(t, exitOK)
	_, claude, _ := strings.Cut(r.stdout, "--claude-home")
	claude, _, _ = strings.Cut(claude, "\n      --")
	if n := strings.Count(claude, "default"); n != 1 {
		t.Errorf("--claude-home names %d defaults:\n%s", n, claude)
	}
	if n := strings.Count(r.stdout, "\n"); n > 110 {
		t.Errorf("the root's help is %d lines", n)
	}
	if strings.Index(r.stdout, "Examples\n") > strings.Index(r.stdout, "Commands\n") {
		t.Error("the examples are not first")
	}
	for _, moved := range []string{"--rerun-from phase", "Sources:", "NO_COLOR"} {
		if strings.Contains(r.stdout, moved) {
			t.Errorf("the root's help still holds %q", moved)
		}
	}
	if !strings.Contains(r.stdout, "  help formats  ") {
		t.Error("the root's help does not name pickup help formats")
	}
	// Texts made when asked for (app.later): the demo's names every format.
	if r := pickup(t, dir, "demo", "--help").want(t, exitOK); !strings.Contains(r.stdout, "demo unpacks a sample project") || !strings.Contains(r.stdout, "spec-kit feature") {
		t.Errorf("pickup demo --help lacks its text:\n%s", r.stdout)
	}
	r = pickup(t, dir, "help", "formats").want(t, exitOK)
	for _, want := range []string{"--rerun-from phase", "Sources:", "kiln: kiln's .kiln/STATE.md", "walks you through CONTINUE"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("pickup help formats lacks %q:\n%s", want, r.stdout)
		}
	}
}
