package fsx

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// ReadFile refuses what is not a regular file at once, named pipes
// included (a plain read would wait for a writer forever).
func TestReadFileRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "state.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("named pipes unavailable: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFile(fifo); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), fifo+": is a named pipe, not a state file") {
			t.Fatalf("fifo: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ReadFile blocked on a named pipe")
	}
	if _, err := ReadFile(dir); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Fatalf("directory: %v", err)
	}
	if _, err := ReadFile("/dev/null"); err == nil || !strings.Contains(err.Error(), "is a device") {
		t.Fatalf("device: %v", err)
	}
}

// A sparse file over the cap is refused before a byte is read.
func TestReadFileOverCap(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.yaml")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxStateFile + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := ReadFile(p); err == nil || !strings.Contains(err.Error(), p+": 67108865 bytes is over pickup's 67108864 byte limit") {
		t.Fatalf("%v", err)
	}
	if err := os.Truncate(p, MaxStateFile); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(p); err != nil || len(data) != MaxStateFile {
		t.Fatalf("at the cap: %d bytes, %v", len(data), err)
	}
}

// A state file that is a symbolic link is never written through, nor
// archived (which would move the link, not the data).
func TestWritesRefuseLinks(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	real := filepath.Join(outside, "state.yaml")
	write(t, real, "old\n", 0o644)
	link := filepath.Join(dir, "state.yaml")
	testkit.Symlink(t, real, link)
	fp := Fingerprint([]byte("old\n"))
	check := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, ErrLink) || !strings.Contains(err.Error(), "nothing was written") {
			t.Fatalf("%s: %v", what, err)
		}
	}
	check("replace", ReplaceIfUnchanged(link, fp, []byte("new\n")))
	_, err := Archive(link, fp, time.Now())
	check("archive", err)
	check("archive to", ArchiveTo(link, fp, filepath.Join(dir, "archive", "state.yaml")))
	if got, _ := os.ReadFile(real); string(got) != "old\n" {
		t.Fatalf("the linked file changed: %q", got)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("files appeared beside the link: %v", ents)
	}
}
