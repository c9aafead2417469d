package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/kiln"
	"github.com/pickup-dev/pickup/model"
)

// kilnProject is where the kiln fixtures appear to live in the goldens.
const kilnProject = "/home/ana/shop"

// kilnSession loads testdata/kiln/<name> through the kiln loader, with
// its memory in the project's .kiln/memory, and rewrites the temporary
// folder's name to kilnProject so the goldens do not depend on it.
func kilnSession(t *testing.T, name string) *model.Session {
	t.Helper()
	return kilnSessionIn(t, name, "")
}

// kilnSessionIn is kilnSession with the loader speaking lang.
func kilnSessionIn(t *testing.T, name string, lang i18n.Lang) *model.Session {
	t.Helper()
	src := filepath.Join("..", "testdata", "kiln", name)
	project := filepath.Join(t.TempDir(), "shop")
	testkit.CopyTree(t, filepath.Join(src, "memory"), filepath.Join(project, ".kiln", "memory"))
	if _, err := os.Stat(filepath.Join(src, "kiln")); err == nil {
		testkit.CopyTree(t, filepath.Join(src, "kiln"), filepath.Join(project, ".kiln"))
	}
	// A fresh copy's modification time would be the session's newest
	// activity: date the phase state files before the fixtures' times.
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	states, _ := filepath.Glob(filepath.Join(project, ".kiln", "phase_*_state.md"))
	for _, p := range states {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	// The fixtures were written for /home/ana/shop: point them here.
	mem := filepath.Join(project, ".kiln", "memory", "MEMORY.md")
	if _, err := os.Stat(mem); err == nil {
		testkit.Write(t, mem, strings.ReplaceAll(testkit.Read(t, mem), "project_path: "+kilnProject, "project_path: "+project))
	}
	l := kiln.Loader{Lang: lang}
	paths, err := l.Discover(project)
	if err != nil || len(paths) != 1 {
		t.Fatalf("Discover: %q %v", paths, err)
	}
	s, err := l.Load(project, paths[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Warnings) != 0 {
		t.Fatalf("fixture %s: warnings %q", name, s.Warnings)
	}
	return rebase(s, project, kilnProject)
}

// rebase replaces the project folder's name in every text of a session.
func rebase(s *model.Session, from, to string) *model.Session {
	r := strings.NewReplacer(from, to)
	s.Path, s.Project = r.Replace(s.Path), r.Replace(s.Project)
	for i := range s.Report {
		s.Report[i] = r.Replace(s.Report[i])
	}
	for i := range s.Warnings {
		s.Warnings[i] = r.Replace(s.Warnings[i])
	}
	for i, sec := range s.Sections {
		s.Sections[i].Title = r.Replace(sec.Title)
		for j := range sec.Lines {
			sec.Lines[j] = r.Replace(sec.Lines[j])
		}
	}
	for c, p := range s.Policy {
		p.Confirm, p.Hint, p.Disabled = r.Replace(p.Confirm), r.Replace(p.Hint), r.Replace(p.Disabled)
		s.Policy[c] = p
	}
	for i := range s.Artifacts {
		s.Artifacts[i].Path = r.Replace(s.Artifacts[i].Path)
	}
	return s
}

// kilnState runs START on a kiln session `after` its last update.
func kilnState(t *testing.T, s *model.Session, after time.Duration) model.State {
	t.Helper()
	st, effs := model.Step(model.NewState(coreConfig()), model.Loaded{Session: s, Now: s.LastUpdated.Add(after)})
	if len(effs) != 0 || st.Screen != model.ScreenOptions {
		t.Fatalf("kiln fixture: screen %s effects %v", st.Screen, effs)
	}
	return st
}

// TestKilnGolden snapshots kiln's screens: the options for a phase in
// execution, its REVIEW dashboard (phase inventory with archive marks,
// the phase's event timeline, handoff, supporting files), the complete
// project's menu in the spec's words, its decisions/pitfalls review, and
// the memory-folder DISCARD question.
func TestKilnGolden(t *testing.T) {
	screens := []screen{
		{"execution_options", func(t *testing.T, w, h int) Model {
			return newModel(t, kilnState(t, kilnSession(t, "execution"), 20*time.Minute), nil, w, h)
		}},
		{"dashboard", func(t *testing.T, w, h int) Model {
			m := newModel(t, kilnState(t, kilnSession(t, "execution"), 20*time.Minute), nil, w, h)
			m, _ = press(t, m, keyRune('2'))
			return m
		}},
		{"complete_menu", func(t *testing.T, w, h int) Model {
			return newModel(t, kilnState(t, kilnSession(t, "complete"), 3*24*time.Hour), nil, w, h)
		}},
		{"complete_review", func(t *testing.T, w, h int) Model {
			m := newModel(t, kilnState(t, kilnSession(t, "complete"), 3*24*time.Hour), nil, w, h)
			m, _ = press(t, m, keyRune('2'))
			return m
		}},
		{"discard_memory", func(t *testing.T, w, h int) Model {
			m := newModel(t, kilnState(t, kilnSession(t, "execution"), 20*time.Minute), nil, w, h)
			m, _ = press(t, m, keyRune('4'))
			return arm(t, m)
		}},
	}
	goldens(t, screens, [2]int{40, 12}, [2]int{80, 24}, [2]int{120, 40})
}

// The dashboard's kiln facts, asserted as text as well.
func TestKilnDashboardContent(t *testing.T) {
	m := newModel(t, kilnState(t, kilnSession(t, "execution"), 20*time.Minute), nil, 120, 80)
	m, _ = press(t, m, keyRune('2'))
	v := flat(plain(m))
	for _, want := range []string{
		"1. Foundation setup archived", "3. Checkout flow next",
		"Resume at: phase 3, Step 4 (implement) (last event sharpen_complete at 2026-02-20 14:02)",
		"Handoff: Phase 3 prompts sharpened; implementation of task 1 is next.",
		"Handoff context Cart and catalog are merged (phases 1-2).",
		"Events: phase 3 (.kiln/phase_3_state.md)",
		"2026-02-20 14:02 Scheherazade sharpen_complete — 5 task prompts in .kiln/prompts",
		"Archive (phases it proves complete) phase 1 Foundation setup: .kiln/archive/phase_01/phase_summary.md",
		"Supporting files MEMORY.md: .kiln/memory/MEMORY.md", "PATTERNS.md: absent",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("dashboard lacks %q:\n%s", want, plain(m))
		}
	}
}

// The complete project's menu reads as the spec's, and the choices do
// what the labels say: 1 writes nothing, 2 shows both logs, 3 is off.
func TestKilnCompleteMenu(t *testing.T) {
	st := kilnState(t, kilnSession(t, "complete"), time.Hour)
	r := &fakeRunner{}
	m := newModel(t, st, r, 100, 30)
	v := plain(m)
	for _, want := range []string{
		"1. CONTINUE [c]\n     Start a new project in this directory (/kiln:start)",
		"2. REVIEW [p]\n     Review the decisions log - and the pitfalls log, on one screen",
		"not available: the project is marked complete",
		"4. DISCARD [D]\n     Archive this project's memory - rename the memory folder so /kiln:start can begin again",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("menu lacks %q:\n%s", want, v)
		}
	}
	m, _ = press(t, m, keyRune('3'))
	if m.Final().Screen != model.ScreenOptions {
		t.Fatalf("3 went to %s", m.Final().Screen)
	}
	m, _ = press(t, m, keyRune('1'))
	d := m.Final().Decision
	if d == nil || r.applies() != 0 || d.Text != "Run /kiln:start to begin a new project in this directory." {
		t.Fatalf("decision %+v, %d applies", d, r.applies())
	}
	if !strings.Contains(plain(m), "Run /kiln:start to begin a new project in this directory.") {
		t.Fatalf("done screen:\n%s", plain(m))
	}
}
