package bookforge

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// fixtureDir holds the example projects.
const fixtureDir = "../../testdata/bookforge"

// now is the clock the loader tests use: four minutes after the real
// fixture's quota pause, six minutes before its retry time.
var now = time.Date(2026, 2, 15, 12, 30, 0, 0, time.UTC)

// project copies testdata/bookforge/<name> into a new temporary folder
// and returns it.
func project(t *testing.T, name string) string {
	t.Helper()
	return testkit.Fixture(t, filepath.Join(fixtureDir, name))
}

// flags builds loader options: "rerun-from=write", "force-resume"…
func opts(flags ...string) loaders.Options {
	o := loaders.Options{Now: now, Flags: map[string]string{}}
	for _, f := range flags {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			v = "true"
		}
		o.Flags[k] = v
	}
	return o
}

// live loads the project's one live (not archived) book.
func live(t *testing.T, dir string, o loaders.Options) *model.Session {
	t.Helper()
	out, err := liveSessions(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 {
		t.Fatalf("%d live sessions in %s", len(out), dir)
	}
	return out[0]
}

// liveSessions loads the project's books that are not reset archives.
func liveSessions(dir string, o loaders.Options) ([]*model.Session, error) {
	l := New(o)
	paths, err := l.Discover(dir)
	if err != nil {
		return nil, err
	}
	var out []*model.Session
	for _, p := range paths {
		s, err := l.Load(dir, p)
		if err != nil {
			return nil, fmt.Errorf("Load(%s): %w", p, err)
		}
		if !s.Archived {
			out = append(out, s)
		}
	}
	return out, nil
}

func planOf(t *testing.T, s *model.Session) *Plan {
	t.Helper()
	if s.Plan == nil {
		t.Fatal("no plan")
	}
	p, ok := s.Plan.Data.(*Plan)
	if !ok {
		t.Fatalf("plan data is %T", s.Plan.Data)
	}
	return p
}

// cell returns scene's phase verdict.
func cell(t *testing.T, p *Plan, scene, phase string) Cell {
	t.Helper()
	for _, sp := range p.Scenes {
		if sp.ID != scene {
			continue
		}
		for _, c := range sp.Cells {
			if c.Phase == phase {
				return c
			}
		}
	}
	t.Fatalf("no cell %s %s", scene, phase)
	return Cell{}
}

// verdicts is a scene's verdicts as one string: "SSSRRRRR".
func verdicts(t *testing.T, p *Plan, scene string) string {
	t.Helper()
	for _, sp := range p.Scenes {
		if sp.ID == scene {
			var b strings.Builder
			for _, c := range sp.Cells {
				b.WriteString(string(c.Verdict)[:1])
			}
			return b.String()
		}
	}
	t.Fatalf("no scene %s", scene)
	return ""
}

// diffTrees names the files added, removed or changed between a and b.
func diffTrees(a, b map[string]string) (added, removed, changed []string) {
	for k, v := range b {
		old, ok := a[k]
		switch {
		case !ok:
			added = append(added, k)
		case old != v:
			changed = append(changed, k)
		}
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			removed = append(removed, k)
		}
	}
	sort.Strings(added)
	sort.Strings(removed)
	sort.Strings(changed)
	return
}

func bookDir(dir, id string) string { return filepath.Join(dir, "workspace", "books", id) }

func history(dir, id string) string {
	return filepath.Join(bookDir(dir, id), filepath.FromSlash(HistoryDir))
}

// sha is the sha256 of the files' bytes, concatenated.
func sha(t *testing.T, files ...string) string {
	t.Helper()
	var all []byte
	for _, f := range files {
		all = append(all, testkit.Read(t, f)...)
	}
	return fsx.Fingerprint(all)
}

// withoutTotalNote is a session's warnings without the one every book
// without an outline has (the scene total counts the ledgers).
func withoutTotalNote(w []string) []string {
	var out []string
	for _, x := range w {
		if !strings.HasPrefix(x, "no outline/outline.json: the scene total") {
			out = append(out, x)
		}
	}
	return out
}
