package statedir

import (
	"os"
	"path/filepath"
	"testing"
)

func TestExistingOnlyAPrivateFolderItNeverMakes(t *testing.T) {
	base := t.TempDir()
	t.Setenv("XDG_STATE_HOME", base)
	dir := filepath.Join(base, "pickup")
	if _, ok := Existing(); ok {
		t.Fatal("a missing folder was given")
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("Existing made the folder: %v", err)
	}
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if got, ok := Existing(); !ok || got != dir {
		t.Fatalf("got %q %v", got, ok)
	}
	if err := os.Chmod(dir, 0o770); err != nil {
		t.Fatal(err)
	}
	if _, ok := Existing(); ok {
		t.Error("a folder others can write was given")
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	elsewhere := t.TempDir()
	if err := os.Chmod(elsewhere, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, dir); err != nil {
		t.Fatal(err)
	}
	if _, ok := Existing(); ok {
		t.Error("a link was given")
	}
}
