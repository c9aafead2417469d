package fsx

import (
	"os"
	"path/filepath"
	"testing"
)

// TrackReads notes each file read through Open, a file asked for that is
// not there, and a folder opened to list, as they were when first
// opened; nothing is noted once it stopped.
func TestTrackReadsNotesWhatWasRead(t *testing.T) {
	dir := t.TempDir()
	a, missing := filepath.Join(dir, "a.md"), filepath.Join(dir, "gone.md")
	if err := os.WriteFile(a, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	stop := TrackReads()
	if _, err := ReadFile(a); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadHead(missing, 10); err == nil {
		t.Fatal("read a missing file")
	}
	f, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	seen := stop()
	if _, err := ReadFile(filepath.Join(dir, "later")); err == nil {
		t.Fatal("read a missing file")
	}
	want := []Seen{SeenOf(dir), SeenOf(a), {Path: missing, Size: -1}}
	if len(seen) != len(want) {
		t.Fatalf("seen %+v, want %+v", seen, want)
	}
	for i := range want {
		if seen[i] != want[i] {
			t.Errorf("seen[%d] = %+v, want %+v", i, seen[i], want[i])
		}
	}
	if want[1].Size != 5 {
		t.Errorf("a.md seen as %+v", want[1])
	}
	// A change shows in the next look.
	if err := os.WriteFile(a, []byte("hello, world"), 0o644); err != nil {
		t.Fatal(err)
	}
	if SeenOf(a) == seen[1] {
		t.Error("the changed file looks the same")
	}
}

// WriteCacheFile writes into pickup's own state folder only, readable by
// this user alone, replacing what was there, and never through a link.
func TestWriteCacheFile(t *testing.T) {
	state := t.TempDir()
	t.Setenv("XDG_STATE_HOME", state)
	p := filepath.Join(state, "pickup", "answers.cache")
	for _, data := range []string{"one", "two"} {
		if err := WriteCacheFile("answers.cache", []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(p)
		if err != nil || string(got) != data {
			t.Fatalf("read %q, %v; want %q", got, err, data)
		}
	}
	if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, %v", st.Mode(), err)
	}
	for _, bad := range []string{"", "..", "../x", "a/b"} {
		if err := WriteCacheFile(bad, []byte("x")); err == nil {
			t.Errorf("wrote %q", bad)
		}
	}
	target := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.WriteFile(target, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(state, "pickup", "linked.cache")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := WriteCacheFile("linked.cache", []byte("x")); err == nil {
		t.Error("replaced a symbolic link")
	}
	if got, _ := os.ReadFile(target); string(got) != "keep" {
		t.Errorf("the link's target now holds %q", got)
	}
	entries, _ := os.ReadDir(filepath.Join(state, "pickup"))
	if len(entries) != 2 {
		t.Errorf("left in the state folder: %v", entries)
	}
}
