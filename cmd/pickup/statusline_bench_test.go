package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkStatuslineInProcess is pickup statusline on the demo without
// the process start-up, to see where its own time goes: answered from
// its cache (cached, as an agent's status bar asks again and again), and
// read afresh (fresh: the cache file removed before each run).
func BenchmarkStatuslineInProcess(b *testing.B) {
	project, home := demoSample(b)
	settleDemo(b, project, home)
	in := statuslinePayload(project, project)
	once := func(b *testing.B) {
		var out strings.Builder
		if code := run(context.Background(), []string{"statusline", "--claude-home", home}, stdio{in: strings.NewReader(in), out: &out, err: io.Discard}); code != 0 || out.Len() == 0 {
			b.Fatalf("exit %d: %q", code, out.String())
		}
	}
	b.Run("cached", func(b *testing.B) {
		for b.Loop() {
			once(b)
		}
	})
	b.Run("fresh", func(b *testing.B) {
		for b.Loop() {
			dropStatuslineCache(b)
			once(b)
		}
	})
}

// dropStatuslineCache removes the statusline's cache file from the
// state folder the tests use.
func dropStatuslineCache(b *testing.B) {
	if err := os.Remove(filepath.Join(os.Getenv("XDG_STATE_HOME"), "pickup", statuslineCacheFile)); err != nil && !os.IsNotExist(err) {
		b.Fatal(err)
	}
}
