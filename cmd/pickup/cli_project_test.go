package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// Every command run in a subfolder of the project finds its sessions as
// git finds a repository, and names the folder it used on stderr; JSON
// on stdout stays JSON. An explicit DIR is taken as it is.
func TestCommandsFindTheProjectFromASubfolder(t *testing.T) {
	shop, ch := demoWorld(t)
	src := filepath.Join(shop, "src")
	if err := os.MkdirAll(filepath.Join(src, "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	note := "pickup: project " + shop + " (found above " + src + "; give DIR to choose another)"
	r := pickup(t, src, "status", "--claude-home", ch).want(t, exitOK)
	if !strings.Contains(r.stdout, "aios 5939d98f8774") || !strings.Contains(r.stderr, note) {
		t.Fatalf("status in shop/src:\nstdout %s\nstderr %s", r.stdout, r.stderr)
	}
	r = pickup(t, filepath.Join(src, "deep"), "status", "--json", "--claude-home", ch).want(t, exitOK)
	var doc map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || doc["project"] != shop {
		t.Fatalf("status --json from shop/src/deep: %v %v\n%s", err, doc["project"], r.stdout)
	}
	for _, args := range [][]string{
		{"resume", "--choice", "continue", "--session", "5939d98f8774"},
		{"artifacts", "--session", "5939d98f8774"},
		{"plan", "--session", "97c535ffc6eb"},
		{"undo"},
	} {
		r := pickup(t, src, append(args, "--claude-home", ch)...)
		if strings.Contains(r.stderr, "no saved session found") || strings.Contains(r.stderr, "no session with id") {
			t.Errorf("%v in shop/src: exit %d %s", args, r.code, r.stderr)
		}
	}
	// In the project's own folder no note is printed.
	if r := pickup(t, shop, "status", "--claude-home", ch).want(t, exitOK); strings.Contains(r.stderr, "found above") {
		t.Fatalf("a note in the project itself: %q", r.stderr)
	}
	// DIR is an explicit choice: taken as it is, not walked up from.
	r = pickup(t, src, "status", ".", "--claude-home", ch).want(t, exitNoSession)
	if strings.Contains(r.stderr, "found above") || !strings.Contains(r.stderr, src) {
		t.Fatalf("status . in shop/src: %q", r.stderr)
	}
}

// Outside a git work tree only the current folder is looked at, and a
// git work tree with no session anywhere says so of its top-level.
func TestProjectSearchStopsAtTheWorkTree(t *testing.T) {
	dir, _ := project(t, time.Hour, "GO", "development")
	sub := filepath.Join(dir, "sub")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	pickup(t, sub, "status").want(t, exitNoSession)
	repo := testkit.RealTempDir(t)
	testkit.Git(t, repo, nil, "init", "-q")
	inner := filepath.Join(repo, "a", "b")
	if err := os.MkdirAll(inner, 0o755); err != nil {
		t.Fatal(err)
	}
	r := pickup(t, inner, "status").want(t, exitNoSession)
	if !strings.Contains(r.stderr, "no saved session found in "+repo+" ") {
		t.Fatalf("stderr %q", r.stderr)
	}
}
