package kiln

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"

	"github.com/pickup-dev/pickup/model"
)

// fixtureDir holds the example projects: <case>/memory is a memory
// folder, <case>/kiln the project's .kiln folder.
const fixtureDir = "../../testdata/kiln"

// Locations a memory folder can be placed at.
const (
	atProject = "project" // <project>/.kiln/memory
	atClaude  = "claude"  // <claude-home>/projects/<encoded>/memory
)

// env is one fixture placed in temporary folders.
type env struct {
	project, home, memDir, path string
	l                           Loader
}

// place copies fixture name into a new project "shop" (memory at loc)
// and points its project_path at the project.
func place(t *testing.T, name, loc string) env {
	t.Helper()
	e := env{project: filepath.Join(t.TempDir(), "shop"), home: t.TempDir()}
	e.l = New(e.home)
	if err := os.MkdirAll(e.project, 0o755); err != nil {
		t.Fatal(err)
	}
	e.memDir = filepath.Join(e.project, ".kiln", "memory")
	if loc == atClaude {
		e.memDir = filepath.Join(e.home, "projects", Encode(e.project), "memory")
	}
	testkit.CopyTree(t, filepath.Join(fixtureDir, name, "memory"), e.memDir)
	if _, err := os.Stat(filepath.Join(fixtureDir, name, "kiln")); err == nil {
		testkit.CopyTree(t, filepath.Join(fixtureDir, name, "kiln"), filepath.Join(e.project, ".kiln"))
	}
	ageTree(t, filepath.Join(e.project, ".kiln"))
	e.path = filepath.Join(e.memDir, MemoryFile)
	if data, err := os.ReadFile(e.path); err == nil {
		for _, old := range []string{"/home/ana/shop", "/home/ana/notes"} {
			data = []byte(strings.ReplaceAll(string(data), "project_path: "+old, "project_path: "+e.project))
		}
		testkit.Write(t, e.path, string(data))
	}
	return e
}

// fixtureMod is the modification time fixtures are given: older than
// any time they record, so a copy's fresh time never looks like activity.
var fixtureMod = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// ageTree sets every file under dir to fixtureMod.
func ageTree(t testing.TB, dir string) {
	t.Helper()
	_ = filepath.WalkDir(dir, func(p string, _ os.DirEntry, err error) error {
		if err == nil {
			if err := os.Chtimes(p, fixtureMod, fixtureMod); err != nil {
				t.Fatal(err)
			}
		}
		return nil
	})
}

// load discovers and loads the one session of e.
func (e env) load(t *testing.T) *model.Session {
	t.Helper()
	paths, err := e.l.Discover(e.project)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 1 {
		t.Fatalf("Discover = %q, want one MEMORY.md", paths)
	}
	s, err := e.l.Load(e.project, paths[0])
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// edit rewrites MEMORY.md with old replaced by new (which must occur).
func (e env) edit(t *testing.T, old, new string) {
	t.Helper()
	data := testkit.Read(t, e.path)
	if !strings.Contains(data, old) {
		t.Fatalf("fixture has no %q", old)
	}
	testkit.Write(t, e.path, strings.Replace(data, old, new, 1))
}

func (e env) kiln(rel string) string {
	return filepath.Join(e.project, ".kiln", filepath.FromSlash(rel))
}

func fixture(t *testing.T, rel string) string {
	t.Helper()
	return testkit.Read(t, filepath.Join(fixtureDir, filepath.FromSlash(rel)))
}

var t0 = time.Date(2026, 2, 21, 9, 30, 15, 0, time.UTC)

func hasWarning(s *model.Session, part string) bool {
	for _, w := range s.Warnings {
		if strings.Contains(w, part) {
			return true
		}
	}
	return false
}

// hasAlert: the session alerts (above the menu) kind with a text
// containing sub.
func hasAlert(s *model.Session, kind model.AlertKind, sub string) bool {
	for _, a := range s.Alerts {
		if a.Kind == kind && strings.Contains(a.Text, sub) {
			return true
		}
	}
	return false
}

func sectionOf(s *model.Session, prefix string) (model.Section, bool) {
	for _, sec := range s.Sections {
		if strings.HasPrefix(sec.Title, prefix) {
			return sec, true
		}
	}
	return model.Section{}, false
}

// placeKiln copies testdata/kiln/<name>/kiln into a new project "shop"
// as its .kiln folder (the project-side state of kiln from March 2026),
// dated before the fixture's times.
func placeKiln(t testing.TB, name string) env {
	t.Helper()
	e := env{project: filepath.Join(t.TempDir(), "shop"), home: t.TempDir()}
	e.l = New(e.home)
	testkit.CopyReplace(t, filepath.Join(fixtureDir, name, "kiln"), filepath.Join(e.project, ".kiln"), "/home/ana/shop", e.project)
	ageTree(t, filepath.Join(e.project, ".kiln"))
	for _, f := range []string{StateFile, StateTmp, LedgerFile} {
		if p := filepath.Join(e.project, ".kiln", f); fileExists(p) {
			e.path = p
			break
		}
	}
	return e
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
