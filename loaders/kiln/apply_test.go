package kiln

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

func TestContinueAppliesStep7OnDisk(t *testing.T) {
	for _, loc := range []string{atProject, atClaude} {
		t.Run(loc, func(t *testing.T) {
			e := place(t, "execution", loc)
			s := e.load(t)
			before := testkit.Read(t, e.path)
			stateBefore := testkit.Read(t, e.kiln("phase_3_state.md"))
			a := e.l.Apply(s, model.Continue, t0)
			if a.Err != nil || len(a.Changed) != 1 || a.Changed[0] != e.path {
				t.Fatalf("applied %+v", a)
			}
			want := strings.NewReplacer(
				"last_updated: 2026-02-20T14:05:00Z\n", "last_updated: 2026-02-21T09:30:15Z\n",
				"- Reset: 2026-02-20T14:05:00Z\n", "- Reset: 2026-02-20T14:05:00Z\n- Resumed: 2026-02-21T09:30:15Z\n",
			).Replace(before)
			if got := testkit.Read(t, e.path); got != want {
				t.Fatalf("MEMORY.md after CONTINUE:\n%s", got)
			}
			if testkit.Read(t, e.kiln("phase_3_state.md")) != stateBefore {
				t.Fatal("CONTINUE changed the phase state file")
			}
			// The same session cannot write twice: the file is no longer
			// what it was loaded from.
			if a := e.l.Apply(s, model.Continue, t0); !errors.Is(a.Err, fsx.ErrChanged) {
				t.Fatalf("second apply: %v", a.Err)
			}
		})
	}
}

func TestContinueKeepsFilePermissions(t *testing.T) {
	e := place(t, "brainstorm", atProject)
	os.Chmod(e.path, 0o600)
	s := e.load(t)
	if a := e.l.Apply(s, model.Continue, t0); a.Err != nil {
		t.Fatal(a.Err)
	}
	if st, _ := os.Stat(e.path); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", st.Mode())
	}
	if !strings.Contains(testkit.Read(t, e.path), "status: in_progress\n") {
		t.Fatal("status not set")
	}
}

// CONTINUE refuses, writing nothing, when MEMORY.md or the phase state
// file it routed from changed since the load.
func TestContinueRefusesChangedFiles(t *testing.T) {
	for name, change := range map[string]func(e env){
		"MEMORY.md edited":  func(e env) { testkit.Write(t, e.path, testkit.Read(t, e.path)+"\n") },
		"MEMORY.md removed": func(e env) { os.Remove(e.path) },
		"phase state edited": func(e env) {
			testkit.Write(t, e.kiln("phase_3_state.md"), testkit.Read(t, e.kiln("phase_3_state.md"))+"- [x] [A] [task_start] — t\n")
		},
		"phase state removed":     func(e env) { os.Remove(e.kiln("phase_3_state.md")) },
		"archive changes routing": func(e env) { testkit.Write(t, e.kiln("archive/phase_03/phase_summary.md"), "status: complete\n") },
	} {
		t.Run(name, func(t *testing.T) {
			e := place(t, "execution", atProject)
			s := e.load(t)
			change(e)
			var before string
			if b, err := os.ReadFile(e.path); err == nil {
				before = string(b)
			}
			a := e.l.Apply(s, model.Continue, t0)
			if !errors.Is(a.Err, fsx.ErrChanged) || a.Changed != nil {
				t.Fatalf("applied %+v", a)
			}
			if name == "archive changes routing" && !strings.Contains(a.Err.Error(), "(execution:3, now execution:4)") {
				t.Fatalf("error %v", a.Err)
			}
			if b, err := os.ReadFile(e.path); err == nil && string(b) != before {
				t.Fatal("MEMORY.md was written")
			}
		})
	}
	// A phase state file that appears counts as a change too.
	e := place(t, "execution_pending", atProject)
	s := e.load(t)
	testkit.Write(t, e.kiln("phase_3_state.md"), "## Events\n- [x] [Maestro] [setup] — s\n")
	if a := e.l.Apply(s, model.Continue, t0); !errors.Is(a.Err, fsx.ErrChanged) {
		t.Fatalf("new phase state: %v", a.Err)
	}
}

func TestContinueOnCompleteWritesNothing(t *testing.T) {
	e := place(t, "complete", atProject)
	s := e.load(t)
	before := testkit.Read(t, e.path)
	a := e.l.Apply(s, model.Continue, t0)
	if a.Err != nil || len(a.Changed) != 0 || testkit.Read(t, e.path) != before {
		t.Fatalf("applied %+v", a)
	}
	if a := e.l.Apply(s, model.Review, t0); a.Err != nil || a.Changed != nil {
		t.Fatalf("review %+v", a)
	}
}

func TestRestartExecutionPhase(t *testing.T) {
	e := place(t, "execution", atProject)
	s := e.load(t)
	statePath := e.kiln("phase_3_state.md")
	stateBefore := testkit.Read(t, statePath)
	memBefore := testkit.Read(t, e.path)
	a := e.l.Apply(s, model.Restart, t0)
	if a.Err != nil || len(a.Changed) != 3 || a.Changed[0] != e.path || a.Changed[1] != statePath {
		t.Fatalf("applied %+v", a)
	}
	archived := a.Changed[2]
	if !regexp.MustCompile(`/phase_3_state\.md\.discarded\.\d{8}T\d{6}Z$`).MatchString(archived) || filepath.Dir(archived) != filepath.Dir(statePath) {
		t.Fatalf("archived to %s", archived)
	}
	if testkit.Read(t, archived) != stateBefore {
		t.Fatal("the archive does not hold the phase state file's bytes")
	}
	if _, err := os.Stat(statePath); !os.IsNotExist(err) {
		t.Fatal("the phase state file is still in place")
	}
	want := strings.NewReplacer(
		"phase_name: Checkout flow | phase_status: in_progress\n", "phase_name: Checkout flow | phase_status: pending\n",
		"last_updated: 2026-02-20T14:05:00Z\n", "last_updated: 2026-02-21T09:30:15Z\n",
		"- Reset: 2026-02-20T14:05:00Z\n", "- Reset: 2026-02-20T14:05:00Z\n- Restarted: 2026-02-21T09:30:15Z phase 3 from its beginning (pickup; phase state archived as "+filepath.Base(archived)+")\n",
	).Replace(memBefore)
	if got := testkit.Read(t, e.path); got != want {
		t.Fatalf("MEMORY.md after RESTART:\n%s", got)
	}
	// Reloaded: phase 3 is the lowest pending phase, from its beginning.
	s = e.load(t)
	if s.ResumePoint.Phase != "phase 3, Step 1 (setup)" {
		t.Fatalf("after restart %+v", s.ResumePoint)
	}
	if !strings.Contains(s.Policy[model.Restart].Confirm, "Restart phase 3 (Checkout flow) from its beginning?") {
		t.Fatalf("question %q", s.Policy[model.Restart].Confirm)
	}
	// Without a state file only MEMORY.md changes.
	a = e.l.Apply(s, model.Restart, t0)
	if a.Err != nil || len(a.Changed) != 1 {
		t.Fatalf("second restart %+v", a)
	}
	if !strings.HasSuffix(strings.TrimSpace(testkit.Read(t, e.path)), "- Restarted: 2026-02-21T09:30:15Z phase 3 from its beginning (pickup)\n\n## Reset Notes\nwhat_was_being_worked_on: Phase 3 checkout flow; prompts for 5 tasks are in .kiln/prompts.\nagent_context: No active agents\noperator_note: Context was getting long, so the session was reset after sharpening.\nnext_action: Run /kiln:resume to implement phase 3 task 1.") {
		t.Fatalf("log:\n%s", testkit.Read(t, e.path))
	}
}

func TestRestartRefusesChangedFilesAndTouchesNothing(t *testing.T) {
	e := place(t, "execution", atProject)
	s := e.load(t)
	statePath := e.kiln("phase_3_state.md")
	testkit.Write(t, statePath, testkit.Read(t, statePath)+"- [2026-02-20T15:00:00Z] [Codex] [task_start] — Task 1\n")
	memBefore, stateBefore := testkit.Read(t, e.path), testkit.Read(t, statePath)
	a := e.l.Apply(s, model.Restart, t0)
	if !errors.Is(a.Err, fsx.ErrChanged) || !strings.Contains(a.Err.Error(), statePath) {
		t.Fatalf("applied %+v", a)
	}
	if testkit.Read(t, e.path) != memBefore || testkit.Read(t, statePath) != stateBefore {
		t.Fatal("a refused restart changed a file")
	}
	entries, _ := os.ReadDir(filepath.Dir(statePath))
	for _, en := range entries {
		if strings.Contains(en.Name(), ".discarded.") {
			t.Fatalf("archive left behind: %s", en.Name())
		}
	}
}

func TestRestartPlanning(t *testing.T) {
	e := place(t, "planning", atProject)
	s := e.load(t)
	before := testkit.Read(t, e.path)
	a := e.l.Apply(s, model.Restart, t0)
	if a.Err != nil || len(a.Changed) != 1 {
		t.Fatalf("applied %+v", a)
	}
	want := strings.NewReplacer(
		"planning_sub_stage: debate\n", "planning_sub_stage: dual_plan\n",
		"last_updated: 2026-02-19T11:20:00Z\n", "last_updated: 2026-02-21T09:30:15Z\n",
		"Initialized via /kiln:start\n", "Initialized via /kiln:start\n- Restarted: 2026-02-21T09:30:15Z planning at dual_plan (pickup)\n",
	).Replace(before)
	if got := testkit.Read(t, e.path); got != want {
		t.Fatalf("MEMORY.md:\n%s", got)
	}
	if s := e.load(t); s.ResumePoint.Phase != "planning (dual_plan)" {
		t.Fatalf("after %+v", s.ResumePoint)
	}
}

func TestRestartElsewhereIsRefused(t *testing.T) {
	for _, name := range []string{"brainstorm", "validation", "complete", "execution_done"} {
		e := place(t, name, atProject)
		s := e.load(t)
		if s.Policy[model.Restart].Disabled == "" {
			t.Errorf("%s: restart offered", name)
		}
		before := testkit.Read(t, e.path)
		a := e.l.Apply(s, model.Restart, t0)
		var g *model.GuardError
		if !errors.As(a.Err, &g) || testkit.Read(t, e.path) != before {
			t.Errorf("%s: %+v", name, a)
		}
	}
}

func TestDiscardArchivesTheMemoryFolder(t *testing.T) {
	for _, tc := range []struct{ fixture, loc string }{
		{"execution", atProject}, {"execution", atClaude}, {"corrupted_values", atProject}, {"complete", atClaude},
	} {
		t.Run(tc.fixture+"/"+tc.loc, func(t *testing.T) {
			e := place(t, tc.fixture, tc.loc)
			s := e.load(t)
			files := map[string]string{}
			entries, _ := os.ReadDir(e.memDir)
			for _, en := range entries {
				files[en.Name()] = testkit.Read(t, filepath.Join(e.memDir, en.Name()))
			}
			a := e.l.Apply(s, model.Discard, t0)
			if tc.loc == atClaude {
				// The Claude home's folder is Claude Code's own memory
				// folder too: only kiln's MEMORY.md moves, beside itself.
				if a.Err != nil || a.ArchivedTo != e.path+".discarded.20260221T093015Z" || len(a.Changed) != 1 || a.Changed[0] != e.path {
					t.Fatalf("applied %+v", a)
				}
				if testkit.Read(t, a.ArchivedTo) != files[MemoryFile] {
					t.Fatal("MEMORY.md was not kept as it was")
				}
				for name, data := range files {
					if name != MemoryFile && testkit.Read(t, filepath.Join(e.memDir, name)) != data {
						t.Fatalf("%s moved or changed", name)
					}
				}
			} else {
				if a.Err != nil || a.ArchivedTo != e.memDir+".discarded.20260221T093015Z" || len(a.Changed) != 1 || a.Changed[0] != e.memDir {
					t.Fatalf("applied %+v", a)
				}
				if _, err := os.Stat(e.memDir); !os.IsNotExist(err) {
					t.Fatal("the memory folder is still there")
				}
				for name, data := range files {
					if testkit.Read(t, filepath.Join(a.ArchivedTo, name)) != data {
						t.Fatalf("%s was not kept as it was", name)
					}
				}
			}
			if got, _ := e.l.Discover(e.project); len(got) != 0 {
				t.Fatalf("discarded memory still discovered: %q", got)
			}
			// The project's .kiln folder is left alone.
			if tc.fixture == "execution" {
				if _, err := os.Stat(e.kiln("phase_3_state.md")); err != nil {
					t.Fatal("the phase state file went with the memory")
				}
			}
		})
	}
}

func TestDiscardRefusesChangedMemory(t *testing.T) {
	e := place(t, "execution", atProject)
	s := e.load(t)
	testkit.Write(t, e.path, testkit.Read(t, e.path)+"x")
	a := e.l.Apply(s, model.Discard, t0)
	if !errors.Is(a.Err, fsx.ErrChanged) {
		t.Fatalf("applied %+v", a)
	}
	if _, err := os.Stat(e.memDir); err != nil {
		t.Fatal("moved anyway")
	}
	// An archive name already taken is refused, not overwritten.
	s = e.load(t)
	os.Mkdir(fsx.ArchiveName(e.memDir, t0), 0o755)
	if a := e.l.Apply(s, model.Discard, t0); a.Err == nil || !strings.Contains(a.Err.Error(), "already exists") {
		t.Fatalf("applied %+v", a)
	}
}

func TestApplyWithoutAFile(t *testing.T) {
	a := New("").Apply(&model.Session{Source: "kiln"}, model.Discard, t0)
	if a.Err == nil {
		t.Fatal("discard without a path")
	}
	a = New("").Apply(&model.Session{Source: "kiln", Stage: "execution"}, model.Continue, t0)
	if a.Err == nil {
		t.Fatal("continue without a path")
	}
}
