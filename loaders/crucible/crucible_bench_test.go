package crucible

import (
	"fmt"
	"io"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/gen/synth"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// The benchmark pipelines are written once per test binary (the full
// one takes seconds: 200,000 manifest lines, a dispatch file per
// dispatch, a git history) and removed by TestMain. With -short they are
// a tenth of the size, so `make test` runs every benchmark once quickly.
var (
	benchOnce sync.Once
	benchDir  string
	benchErr  error
	benchFull *synth.Crucible // dispatch files and git history
	// benchBare has git history but no dispatch files (crucible's /tmp
	// copy cleaned away): implementers are matched by task number.
	benchBare *synth.Crucible
)

func TestMain(m *testing.M) {
	// The loader's writes alone, outside an operation of the log (cmd
	// opens one around each; its tests check every write is recorded).
	fsx.WithoutLog()
	code := m.Run()
	if benchDir != "" {
		os.RemoveAll(benchDir)
	}
	os.Exit(code)
}

func benchPipelines(b *testing.B) (full, bare *synth.Crucible) {
	b.Helper()
	benchOnce.Do(func() {
		lines := 200_000
		if testing.Short() {
			lines = 20_000
		}
		benchDir, benchErr = os.MkdirTemp("", "pickup-bench-crucible-")
		if benchErr != nil {
			return
		}
		benchFull, benchErr = synth.WriteCrucible(benchDir+"/full", synth.CrucibleSpec{Lines: lines, Files: true, Git: true})
		if benchErr != nil {
			return
		}
		benchBare, benchErr = synth.WriteCrucible(benchDir+"/bare", synth.CrucibleSpec{Lines: lines, Git: true})
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	testkit.Isolate(b)
	testkit.Swap(b, &TmpRoot, b.TempDir()) // no /tmp fallback from another run
	return benchFull, benchBare
}

// BenchmarkParseManifest reads the manifest alone: the streaming parse,
// the fingerprint, last-entry-wins.
func BenchmarkParseManifest(b *testing.B) {
	full, _ := benchPipelines(b)
	if st, err := os.Stat(full.Manifest); err == nil {
		b.SetBytes(st.Size())
	}
	b.ReportAllocs()
	for b.Loop() {
		m, err := ReadManifest(full.Manifest)
		if err != nil {
			b.Fatal(err)
		}
		if len(m.Seqs) != full.Dispatches || !m.Truncated {
			b.Fatalf("read %d dispatches (truncated %v), want %d and a truncated last line", len(m.Seqs), m.Truncated, full.Dispatches)
		}
	}
}

// BenchmarkLoad is what `pickup status` and the wizard do for a live
// pipeline: discover, then load the marker's session (manifest, status
// file, handoffs, git, checkpoints, verification of every dispatch before
// the resume point, the plan, the dashboard).
func BenchmarkLoad(b *testing.B) {
	full, bare := benchPipelines(b)
	for _, c := range []struct {
		name string
		p    *synth.Crucible
	}{{"files+git", full}, {"git-no-files", bare}} {
		b.Run(c.name, func(b *testing.B) {
			l := New(loaders.Options{ClaudeHome: c.p.ClaudeHome, Now: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)})
			b.ReportAllocs()
			for b.Loop() {
				paths, err := l.Discover(c.p.Project)
				if err != nil || len(paths) != 1 {
					b.Fatalf("discover: %v %v", paths, err)
				}
				s, err := l.Load(c.p.Project, paths[0])
				if err != nil {
					b.Fatal(err)
				}
				if s.Problem != nil || s.Plan == nil {
					b.Fatalf("problem %v, plan %v", s.Problem, s.Plan != nil)
				}
				checkBenchPlan(b, s.Plan.Data.(*ReplayPlan), c.p == full)
			}
		})
	}
}

// BenchmarkOpenPlan is `pickup plan --json FILE` without the JSON: open
// the manifest named on the command line, from the project's folder.
func BenchmarkOpenPlan(b *testing.B) {
	full, _ := benchPipelines(b)
	b.Chdir(full.Project)
	l := New(loaders.Options{ClaudeHome: full.ClaudeHome})
	b.ReportAllocs()
	for b.Loop() {
		s, ok, err := l.Open(full.Manifest)
		if err != nil || !ok {
			b.Fatalf("open: %v %v", ok, err)
		}
		checkBenchPlan(b, s.Plan.Data.(*ReplayPlan), true)
	}
}

// checkBenchPlan makes sure the loader really read the pipeline: it
// resumes at phase 4, the phase in flight at the crash, and, with the
// evidence on disk, verified everything before it.
func checkBenchPlan(b *testing.B, pl *ReplayPlan, verified bool) {
	b.Helper()
	if verified && (pl.Resume.Phase != "4" || len(pl.Fallbacks) != 0) {
		msg := fmt.Sprintf("resume at %q with %d fallback(s)", pl.Resume.Phase, len(pl.Fallbacks))
		if len(pl.Fallbacks) > 0 {
			msg += ": " + pl.Fallbacks[0].Reason
		}
		b.Fatal(msg)
	}
	if len(pl.Skip)+len(pl.ReExecute) == 0 {
		b.Fatal("empty plan")
	}
}

// BenchmarkPlanJSON is `pickup plan --json FILE` itself: a lean load
// (PlanJSONOnly) and the plan's JSON, rows made as they are written.
func BenchmarkPlanJSON(b *testing.B) {
	full, _ := benchPipelines(b)
	b.Chdir(full.Project)
	b.ReportAllocs()
	for b.Loop() {
		l := New(loaders.Options{ClaudeHome: full.ClaudeHome})
		l.PlanJSONOnly()
		s, ok, err := l.Open(full.Manifest)
		if err != nil || !ok {
			b.Fatalf("open: %v %v", ok, err)
		}
		pl := s.Plan.Data.(*ReplayPlan)
		if pl.Resume.Phase != "4" || len(pl.Fallbacks) != 0 || pl.SkipCount()+pl.ReExecuteCount() != full.Dispatches {
			b.Fatalf("resume at %q, %d fallback(s), %d+%d rows", pl.Resume.Phase, len(pl.Fallbacks), pl.SkipCount(), pl.ReExecuteCount())
		}
		if err := pl.WriteJSON(io.Discard, "  ", "  "); err != nil {
			b.Fatal(err)
		}
	}
}
