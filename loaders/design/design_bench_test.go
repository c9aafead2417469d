package design

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/gen/synth"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
)

// BenchmarkLoad200Sessions discovers a project with 200 /design sessions
// and loads every one, as `pickup status` does.
func BenchmarkLoad200Sessions(b *testing.B) {
	w, err := synth.WriteDesign(b.TempDir(), synth.DefaultDesign())
	if err != nil {
		b.Fatal(err)
	}
	l := New(loaders.Options{Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
	b.ReportAllocs()
	for b.Loop() {
		paths, err := l.Discover(w.Project)
		if err != nil || len(paths) != w.Sessions {
			b.Fatalf("discover: %d paths, %v", len(paths), err)
		}
		for _, p := range paths {
			s, err := l.Load(w.Project, p)
			if err != nil {
				b.Fatal(err)
			}
			if s.Problem != nil {
				b.Fatalf("%s: %+v", p, s.Problem)
			}
		}
	}
}

// writeSessions writes n small session files (one stage in progress)
// into project's sessions folder, the i-th modified i seconds after base.
func writeSessions(tb testing.TB, project string, n int, base time.Time) {
	tb.Helper()
	dir := filepath.Join(project, filepath.FromSlash(SessionsDir))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	for i := range n {
		p := filepath.Join(dir, fmt.Sprintf("f%06d.session.json", i))
		if err := os.WriteFile(p, []byte(`{"current_stage": 1, "stage_status": {"0": "complete", "1": "in_progress"}}`+"\n"), 0o644); err != nil {
			tb.Fatal(err)
		}
		at := base.Add(time.Duration(i) * time.Second)
		if err := os.Chtimes(p, at, at); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkDiscover100kSessions discovers a sessions folder of 100,000
// session files: MaxSessions are kept. retained-B/op is what the result
// holds after a collection (the bound); B/op is every allocation made
// while streaming, garbage as it goes.
// With -short (make test runs every benchmark once) it is 3,000 files
// and a cap of 300.
func BenchmarkDiscover100kSessions(b *testing.B) {
	n := 100_000
	if testing.Short() {
		n = 3_000
		testkit.Swap(b, &MaxSessions, 300)
	}
	project := b.TempDir()
	writeSessions(b, project, n, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	l := New(loaders.Options{})
	var retained uint64
	b.ReportAllocs()
	for b.Loop() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		paths, err := l.Discover(project)
		runtime.GC()
		runtime.ReadMemStats(&after)
		var many *TooManyError
		if !errors.As(err, &many) || len(paths) != MaxSessions || many.Found != n {
			b.Fatalf("%d paths, %v", len(paths), err)
		}
		retained = max(retained, after.HeapAlloc-min(after.HeapAlloc, before.HeapAlloc))
		runtime.KeepAlive(paths)
	}
	b.ReportMetric(float64(retained), "retained-B/op")
}
