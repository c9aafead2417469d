package fsx

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A concurrent writer (an editor saving the file, the agent rewriting its
// settings) changes the file after pickup checked it and while the
// operation was recorded and the new bytes written: the rename must not
// go over the writer's bytes.
func TestConcurrentWriterBeforeRenameIsNotOverwritten(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project := t.TempDir()
	path := filepath.Join(project, "settings.json")
	write(t, path, `{"model": "a"}`, 0o644)
	theirs := `{"model": "theirs"}`
	old := beforeRename
	beforeRename = func(p string) {
		if err := os.WriteFile(p, []byte(theirs), 0o644); err != nil {
			t.Error(err)
		}
	}
	defer func() { beforeRename = old }()
	op, err := Begin(project, Record{Command: "hook install"})
	if err != nil {
		t.Fatal(err)
	}
	werr := ReplaceIfUnchanged(path, Fingerprint([]byte(`{"model": "a"}`)), []byte(`{"model": "a", "hooks": {}}`))
	_ = op.End(werr)
	if !errors.Is(werr, ErrChanged) {
		t.Fatalf("replace over a concurrent write: %v", werr)
	}
	if got, _ := os.ReadFile(path); string(got) != theirs {
		t.Fatalf("the writer's bytes were lost: %s", got)
	}
	// No temporary file is left beside it.
	entries, _ := os.ReadDir(project)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".settings.json") {
			t.Fatalf("left behind: %s", e.Name())
		}
	}
}

// The key signs what undo carries out: a key file others can read is
// refused, by name, before anything is recorded.
func TestOperationLogKeyReadableByOthersRefused(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	project := t.TempDir()
	logged(t, project, "first", func() error { return CreateNew(filepath.Join(project, "a"), []byte("a"), 0o644) })
	if err := os.Chmod(KeyPath(), 0o644); err != nil {
		t.Fatal(err)
	}
	op, err := Begin(project, Record{Command: "second"})
	if err != nil {
		t.Fatal(err)
	}
	werr := CreateNew(filepath.Join(project, "b"), []byte("b"), 0o644)
	_ = op.End(werr)
	if werr == nil || !strings.Contains(werr.Error(), "others can read it") || !strings.Contains(werr.Error(), KeyPath()) {
		t.Fatalf("a world-readable key: %v", werr)
	}
	if _, err := os.Stat(filepath.Join(project, "b")); err == nil {
		t.Fatal("written with a key others can read")
	}
}
