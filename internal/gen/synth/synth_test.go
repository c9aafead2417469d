package synth_test

import (
	"bytes"
	"os"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/gen/synth"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/aios"
	"github.com/pickup-dev/pickup/loaders/bookforge"
	"github.com/pickup-dev/pickup/loaders/crucible"
	"github.com/pickup-dev/pickup/loaders/design"
	"github.com/pickup-dev/pickup/loaders/kiln"
	"github.com/pickup-dev/pickup/model"
)

// Small versions of every input, loaded by the real loaders: what the
// generator writes must be what they accept.

func load(t *testing.T, l loaders.Loader, project string, want int) []*model.Session {
	t.Helper()
	paths, err := l.Discover(project)
	if err != nil || len(paths) != want {
		t.Fatalf("%s: discover %v %v, want %d session(s)", l.Source(), paths, err, want)
	}
	var out []*model.Session
	for _, p := range paths {
		s, err := l.Load(project, p)
		if err != nil {
			t.Fatal(err)
		}
		if s.Problem != nil {
			t.Fatalf("%s: %+v", p, s.Problem)
		}
		out = append(out, s)
	}
	return out
}

func TestCrucible(t *testing.T) {
	testkit.Isolate(t)
	testkit.Swap(t, &crucible.TmpRoot, t.TempDir())

	c, err := synth.WriteCrucible(t.TempDir(), synth.CrucibleSpec{Lines: 2000, Files: true, Git: true})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(c.Manifest)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("\n")) + 1; n != 2000 || data[len(data)-1] == '}' || data[len(data)-1] == '\n' {
		t.Fatalf("%d lines, ending %q: want 2000 with a cut last line", n, data[len(data)-20:])
	}
	s := load(t, crucible.New(loaders.Options{ClaudeHome: c.ClaudeHome, Now: time.Now()}), c.Project, 1)[0]
	pl := s.Plan.Data.(*crucible.ReplayPlan)
	if pl.Resume.Phase != "4" || len(pl.Fallbacks) != 0 || pl.Resume.Restore == nil || pl.Resume.Restore.Reason != "pre-code-review" {
		t.Fatalf("resume %+v, fallbacks %+v", pl.Resume, pl.Fallbacks)
	}
	if len(pl.Skip)+len(pl.ReExecute) != c.Dispatches {
		t.Fatalf("plan rows %d+%d, want %d dispatches", len(pl.Skip), len(pl.ReExecute), c.Dispatches)
	}
}

func TestOthers(t *testing.T) {
	b, err := synth.WriteBookforge(t.TempDir(), synth.BookforgeSpec{Chapters: 2, ScenesPerChapter: 3})
	if err != nil {
		t.Fatal(err)
	}
	load(t, bookforge.New(loaders.Options{Now: time.Now()}), b.Project, 1)

	k, err := synth.WriteKiln(t.TempDir(), synth.KilnSpec{Phases: 12, Events: 50})
	if err != nil {
		t.Fatal(err)
	}
	if s := load(t, kiln.New(t.TempDir()), k.Project, 1)[0]; len(s.Phases) != 12 {
		t.Fatalf("kiln: %d phases", len(s.Phases))
	}

	a, err := synth.WriteAIOS(t.TempDir(), synth.AIOSSpec{Results: 60})
	if err != nil {
		t.Fatal(err)
	}
	if s := load(t, aios.New(), a.Project, 1)[0]; s.Units == nil || s.Units.Total != a.Stories || len(s.Artifacts) != a.Stories {
		t.Fatalf("aios: units %+v, %d story files for %d stories", s.Units, len(s.Artifacts), a.Stories)
	}

	d, err := synth.WriteDesign(t.TempDir(), synth.DesignSpec{Sessions: 9})
	if err != nil {
		t.Fatal(err)
	}
	load(t, design.New(loaders.Options{Now: time.Now()}), d.Project, 9)
}
