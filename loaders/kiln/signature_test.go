package kiln

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// claudeMemory puts testdata/kiln/<name>/memory (Claude Code's own
// auto-memory) at the Claude-home path of e's project, where era B kept
// kiln's memory, and returns that folder.
func claudeMemory(t *testing.T, e env, name string) string {
	t.Helper()
	dir := filepath.Join(e.home, "projects", Encode(e.project), "memory")
	testkit.CopyTree(t, filepath.Join(fixtureDir, name, "memory"), dir)
	return dir
}

func TestClaudeAutoMemoryIsNeverASession(t *testing.T) {
	for _, name := range []string{"claude_memory", "claude_memory_kiln1"} {
		t.Run(name, func(t *testing.T) {
			// A real kiln session in the project, Claude Code's own index
			// at the era-B path beside it.
			e := place(t, "execution", atProject)
			claude := claudeMemory(t, e, name)
			got, err := e.l.Discover(e.project)
			if err != nil || !reflect.DeepEqual(got, []string{e.path}) {
				t.Fatalf("Discover = %q, %v; want only %s", got, err, e.path)
			}
			s := e.load(t)
			if len(s.Warnings) != 0 {
				t.Fatalf("warnings %q", s.Warnings)
			}
			before := testkit.TreeHash(t, e.home)
			// Neither DISCARD of the real session nor any other choice
			// moves or changes anything under the Claude home.
			for _, c := range []model.Choice{model.Continue, model.Restart} {
				s = e.load(t)
				if a := e.l.Apply(s, c, t0); a.Err != nil {
					t.Fatalf("%s: %v", c, a.Err)
				}
			}
			s = e.load(t)
			if a := e.l.Apply(s, model.Discard, t0); a.Err != nil || a.ArchivedTo != e.memDir+".discarded.20260221T093015Z" {
				t.Fatalf("discard %+v", a)
			}
			if after := testkit.TreeHash(t, e.home); after != before {
				t.Fatal("something under the Claude home changed")
			}
			if _, err := os.Stat(filepath.Join(claude, MemoryFile)); err != nil {
				t.Fatal(err)
			}
			// With the real session gone, Claude's index is still nothing.
			if got, _ := e.l.Discover(e.project); len(got) != 0 {
				t.Fatalf("Discover = %q", got)
			}
			// pickup plan on Claude's file is not kiln's to open.
			if s, ok, err := e.l.Open(filepath.Join(claude, MemoryFile)); ok || s != nil || err != nil {
				t.Fatalf("Open = %v %v %v", s, ok, err)
			}
		})
	}
}

func TestForeignContentAtKilnsOwnPath(t *testing.T) {
	// Claude's index copied into the project's .kiln/memory is still
	// Claude's: no session, no warning.
	e := place(t, "execution", atProject)
	testkit.Write(t, e.path, fixture(t, "claude_memory/memory/MEMORY.md"))
	if got, _ := e.l.Discover(e.project); len(got) != 0 {
		t.Fatalf("Discover = %q", got)
	}
	// Junk that is no known tool's, in kiln's own folder, is shown as a
	// corrupted session (DISCARD archives kiln's own folder).
	testkit.Write(t, e.path, "\x00\x01\x02 not text")
	if s := e.load(t); s.Problem == nil || s.Problem.Kind != model.ErrCorrupted {
		t.Fatalf("problem %v", s.Problem)
	}
}

func TestDamagedKilnMemoryInTheClaudeHomeIsCorrupted(t *testing.T) {
	// kiln's heading or its runtime keys make the file kiln's even when
	// it is damaged: a corrupted session, as before.
	for _, body := range []string{
		"# Kiln Project Memory\n\n## Metadata\nproject_name: shop\n",
		"## Runtime\nstatus: in_progress\nphase_number: 2\n",
		"stage: deploying\nstatus: paused\n",
	} {
		e := place(t, "empty", atClaude)
		testkit.Write(t, e.path, body)
		got, _ := e.l.Discover(e.project)
		if !reflect.DeepEqual(got, []string{e.path}) {
			t.Errorf("%q: Discover = %q", body, got)
			continue
		}
		if s := e.load(t); body != "stage: deploying\nstatus: paused\n" && (s.Problem == nil || s.Problem.Kind != model.ErrCorrupted) {
			t.Errorf("%q: problem %v", body, s.Problem)
		}
	}
	// Without kiln's marks, in the Claude home, it is not kiln's: junk,
	// a YAML document, a stray note.
	for _, body := range []string{"\x00\x01junk", "a: [1, 2]\nb: c\n", "# Notes\nbuy milk\n", "stage: deploying\n"} {
		e := place(t, "empty", atClaude)
		testkit.Write(t, e.path, body)
		if got, _ := e.l.Discover(e.project); len(got) != 0 {
			t.Errorf("%q: Discover = %q", body, got)
		}
	}
}

func TestDiscardInTheClaudeHomeMovesOnlyKilnsFile(t *testing.T) {
	// A real era-B MEMORY.md in the Claude home, with Claude Code's own
	// topic files in the same folder: DISCARD renames MEMORY.md only.
	e := place(t, "execution", atClaude)
	for _, name := range []string{"feedback_testing.md", "project_checkout.md"} {
		testkit.Write(t, filepath.Join(e.memDir, name), fixture(t, "claude_memory/memory/"+name))
	}
	s := e.load(t)
	if q := s.Policy[model.Discard].Confirm; contains(s.StateFiles, e.memDir) || !strings.Contains(q, "Claude Code's own memory folder too") {
		t.Fatalf("state files %q, question %q", s.StateFiles, q)
	}
	before := map[string]string{}
	entries, _ := os.ReadDir(e.memDir)
	for _, en := range entries {
		before[en.Name()] = testkit.Read(t, filepath.Join(e.memDir, en.Name()))
	}
	a := e.l.Apply(s, model.Discard, t0)
	if a.Err != nil || a.ArchivedTo != e.path+".discarded.20260221T093015Z" {
		t.Fatalf("%+v", a)
	}
	for name, data := range before {
		p := filepath.Join(e.memDir, name)
		if name == MemoryFile {
			p = a.ArchivedTo
		}
		if testkit.Read(t, p) != data {
			t.Fatalf("%s moved or changed", name)
		}
	}
}
