package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/aios"
)

// syncBuffer is a bytes.Buffer the notice's timer goroutine and the test
// can share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A quick load writes nothing at all.
func TestLoadNoticeQuiet(t *testing.T) {
	project, _ := project(t, time.Hour, "", "development")
	var buf syncBuffer
	n := startLoadNotice(&buf, project, time.Hour)
	ss, errs := loaders.Registry{aios.New()}.FindWith(project, "", n.progress)
	n.stop()
	if len(ss) != 1 || len(errs) != 0 {
		t.Fatalf("sessions %d errors %v", len(ss), errs)
	}
	if buf.String() != "" {
		t.Fatalf("a quick load wrote %q", buf.String())
	}
}

// A slow load names the file being read, relative to the project, then
// erases its line.
func TestLoadNoticeSlow(t *testing.T) {
	project, _ := project(t, time.Hour, "", "development")
	var buf syncBuffer
	n := startLoadNotice(&buf, project, 0)
	deadline := time.Now().Add(5 * time.Second)
	for buf.String() == "" && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	ss, _ := loaders.Registry{aios.New()}.FindWith(project, "", n.progress)
	n.stop()
	got := buf.String()
	want := "\r\x1b[Kpickup: reading " + filepath.Join(".aios", ".session-state.yaml") + " (1 of 1)…"
	if len(ss) != 1 || !strings.HasPrefix(got, "\r\x1b[Kpickup: looking for saved sessions…") ||
		!strings.Contains(got, want) || !strings.HasSuffix(got, "\r\x1b[K") {
		t.Fatalf("notice wrote %q", got)
	}
}

func TestShortPath(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	project := filepath.Join(home, "src", "shop")
	for _, c := range []struct{ path, want string }{
		{filepath.Join(project, ".aios", "s.yaml"), filepath.Join(".aios", "s.yaml")},
		{filepath.Join(home, ".claude", "projects", "x", "memory", "MEMORY.md"), filepath.Join("~", ".claude", "projects", "x", "memory", "MEMORY.md")},
		{"/elsewhere/state.json", "/elsewhere/state.json"},
	} {
		if got := shortPath(project, c.path); got != c.want {
			t.Errorf("shortPath(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}
