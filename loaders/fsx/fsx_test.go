package fsx

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func write(t testing.TB, path, body string, perm os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), perm); err != nil {
		t.Fatal(err)
	}
}

func TestReplaceIfUnchanged(t *testing.T) {
	p := filepath.Join(t.TempDir(), "state.yaml")
	write(t, p, "old\n", 0o600)
	if err := ReplaceIfUnchanged(p, Fingerprint([]byte("old\n")), []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p)
	if string(got) != "new\n" {
		t.Fatalf("content %q", got)
	}
	st, _ := os.Stat(p)
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("perm %v, want 0600 kept", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Fatalf("leftover files: %v", entries)
	}
}

func TestReplaceRefusesChangedFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "state.yaml")
	write(t, p, "loaded\n", 0o644)
	fp := Fingerprint([]byte("loaded\n"))
	write(t, p, "edited by someone else\n", 0o644)
	err := ReplaceIfUnchanged(p, fp, []byte("ours\n"))
	if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), p) {
		t.Fatalf("err %v", err)
	}
	got, _ := os.ReadFile(p)
	if string(got) != "edited by someone else\n" {
		t.Fatalf("the other writer's content was lost: %q", got)
	}
}

func TestReplaceRefusesRemovedFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "state.yaml")
	err := ReplaceIfUnchanged(p, Fingerprint(nil), []byte("x"))
	var ce *ChangedError
	if !errors.As(err, &ce) || !ce.Gone {
		t.Fatalf("err %v", err)
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatal("a removed file was recreated")
	}
}

func TestArchiveKeepsExactBytes(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, ".session-state.yaml")
	body := "session_state:\n  a: 1 # comment\n"
	write(t, p, body, 0o644)
	now := time.UnixMilli(1771151400123)
	dst, err := Archive(p, Fingerprint([]byte(body)), now)
	if err != nil {
		t.Fatal(err)
	}
	if dst != p+".discarded.20260215T103000Z" {
		t.Fatalf("dst %s", dst)
	}
	got, _ := os.ReadFile(dst)
	if string(got) != body {
		t.Fatalf("archive %q", got)
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Fatal("original still present")
	}
}

func TestArchiveRefuses(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "s.yaml")
	write(t, p, "a", 0o644)
	if _, err := Archive(p, Fingerprint([]byte("b")), time.Now()); !errors.Is(err, ErrChanged) {
		t.Fatalf("changed file archived: %v", err)
	}
	now := time.UnixMilli(42)
	write(t, ArchiveName(p, now), "older archive", 0o644)
	dst, err := Archive(p, Fingerprint([]byte("a")), now)
	if err != nil || dst != ArchiveName(p, now)+"-2" {
		t.Fatalf("with the archive name taken: %s, %v (want the name with -2)", dst, err)
	}
	got, _ := os.ReadFile(ArchiveName(p, now))
	if string(got) != "older archive" {
		t.Fatal("existing archive clobbered")
	}
}

func TestReadFileLimits(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadFile(dir); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Fatalf("directory: %v", err)
	}
	big := filepath.Join(dir, "big")
	f, _ := os.Create(big)
	f.Truncate(MaxStateFile + 1)
	f.Close()
	if _, err := ReadFile(big); err == nil || !strings.Contains(err.Error(), big) {
		t.Fatalf("oversize: %v", err)
	}
}
