package kiln

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// These fuzz targets go through Load, as pickup does: a MEMORY.md, a
// phase state file or a phase summary holding arbitrary bytes, in a
// project that is otherwise the "execution" fixture. The property: Load
// never panics and never fails on a file it could read; a MEMORY.md it
// cannot use is a session_corrupted Problem naming the file (and a line
// inside it, when it gives one); the session it returns is sane.

// fuzzProject copies the "execution" fixture into a folder of its own,
// once per fuzz target: each input overwrites one file in it.
func fuzzProject(tb testing.TB) env {
	tb.Helper()
	e := env{project: filepath.Join(tb.TempDir(), "shop"), home: tb.TempDir()}
	e.l = New(e.home)
	e.memDir = filepath.Join(e.project, ".kiln", "memory")
	e.path = filepath.Join(e.memDir, MemoryFile)
	// The fixture's kiln/ is the project's .kiln/, its memory/ is
	// .kiln/memory.
	src := filepath.Join(fixtureDir, "execution")
	fix := []string{"project_path: /home/ana/shop", "project_path: " + e.project}
	testkit.CopyReplace(tb, filepath.Join(src, "kiln"), filepath.Join(e.project, ".kiln"), fix...)
	testkit.CopyReplace(tb, filepath.Join(src, "memory"), e.memDir, fix...)
	return e
}

// checkSession is the property every kiln fuzz target asserts.
func checkSession(t *testing.T, e env, memory []byte, s *model.Session, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("Load failed on a readable file: %v", err)
	}
	if s == nil || s.Path != e.path || s.Source != SourceName {
		t.Fatalf("session %+v", s)
	}
	if p := s.Problem; p != nil {
		if p.Path != e.path || p.Kind != model.ErrCorrupted || p.Message == "" {
			t.Fatalf("problem does not name the file: %+v", p)
		}
		if lines := bytes.Count(memory, []byte("\n")) + 1; p.Line < 0 || p.Line > lines {
			t.Fatalf("problem line %d outside the file's %d lines", p.Line, lines)
		}
		if !strings.Contains(p.Error(), e.path) {
			t.Fatalf("error %q does not name %s", p.Error(), e.path)
		}
		return
	}
	if s.Progress.Done < 0 || (s.Progress.Total > 0 && s.Progress.Done > s.Progress.Total) {
		t.Fatalf("progress %+v", s.Progress)
	}
	if s.Fingerprint == "" || len(s.Policy) == 0 {
		t.Fatalf("session without fingerprint or policy: %+v", s)
	}
}

// FuzzLoadMemory: MEMORY.md holds the input.
func FuzzLoadMemory(f *testing.F) {
	testkit.AddSeeds(f, fixtureDir, "*/memory/MEMORY.md")
	f.Add([]byte("stage: execution\nstatus: in_progress\n"))
	f.Add([]byte("\xef\xbb\xbf## Runtime\r\nstage: execution\r\nstatus: paused\r\n"))
	f.Add([]byte("stage: \xff\xfe\nstatus: in_progress\n"))
	f.Add([]byte("## Phase Statuses\n- phase_number: 99999999999999999999 | phase_name: x | phase_status: pending\nstage: execution\nstatus: in_progress\n"))
	e := fuzzProject(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(e.path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := e.l.Load(e.project, e.path)
		checkSession(t, e, data, s, err)
	})
}

// FuzzLoadPhaseState: .kiln/phase_3_state.md (the phase MEMORY.md says
// is running) holds the input.
func FuzzLoadPhaseState(f *testing.F) {
	testkit.AddSeeds(f, fixtureDir, "*/kiln/phase_*_state.md", "events/phase_*_state.md")
	f.Add([]byte("status: in_progress\n## Events\n- [2026-02-20T14:02:00Z] [Kiln] [task_start] — 1\n- [x] [y] [z]\n"))
	f.Add([]byte("## Events\r\n- [\xff] [\x00] [merge] \xe2\x80\x94 \r\n"))
	e := fuzzProject(f)
	memory, err := os.ReadFile(e.path)
	if err != nil {
		f.Fatal(err)
	}
	state := filepath.Join(e.project, ".kiln", "phase_3_state.md")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(state, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := e.l.Load(e.project, e.path)
		checkSession(t, e, memory, s, err)
		if s.Problem != nil {
			t.Fatalf("a phase state file made MEMORY.md corrupted: %v", s.Problem)
		}
		ps := parsePhaseState(data)
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, ev := range ps.Events {
			if ev.Line < 1 || ev.Line > lines {
				t.Fatalf("event on line %d of %d", ev.Line, lines)
			}
		}
		for _, l := range ps.BadLines {
			if l < 1 || l > lines {
				t.Fatalf("bad line %d of %d", l, lines)
			}
		}
	})
}

// FuzzLoadSummary: .kiln/archive/phase_02/phase_summary.md holds the
// input, and so does master-plan.md (both are markdown read around the
// memory).
func FuzzLoadSummary(f *testing.F) {
	testkit.AddSeeds(f, fixtureDir, "*/kiln/archive/*/phase_summary.md", "*/memory/master-plan.md")
	f.Add([]byte("## Summary\nstatus: complete\ntasks_total: 5\ntasks_succeeded: 5\nreview_verdict: approved\n"))
	f.Add([]byte("#Phase 3\n##Phase 3\n###Phase 3: x\n"))
	e := fuzzProject(f)
	memory, err := os.ReadFile(e.path)
	if err != nil {
		f.Fatal(err)
	}
	summary := filepath.Join(e.project, ".kiln", "archive", "phase_02", "phase_summary.md")
	plan := filepath.Join(e.memDir, "master-plan.md")
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, p := range []string{summary, plan} {
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s, err := e.l.Load(e.project, e.path)
		checkSession(t, e, memory, s, err)
		if s.Problem != nil {
			t.Fatalf("a summary made MEMORY.md corrupted: %v", s.Problem)
		}
		_ = parseSummary(summary, data).Describe()
		total := 0
		for _, p := range masterPlanPhases(string(data)) {
			total += len(p.body)
		}
		if total > 7*len(data) {
			t.Fatalf("master-plan sections hold %d bytes of a %d byte file", total, len(data))
		}
	})
}

// TestMasterPlanPhasesLinear is the regression test for the first
// crasher: phase headings without a space after their hashes ("##Phase 1")
// did not end the sections before them, so every such line opened a
// section running to the end of the file. A 150 KB master-plan.md took
// seconds and over a gigabyte; a megabyte exhausted memory.
func TestMasterPlanPhasesLinear(t *testing.T) {
	text := strings.Repeat("##Phase 1\n", 20000)
	ps := masterPlanPhases(text)
	if len(ps) != 20000 {
		t.Fatalf("%d sections", len(ps))
	}
	total := 0
	for _, p := range ps {
		total += len(p.body)
	}
	// Sections of different heading levels may nest, six deep at most.
	if total > 7*len(text) {
		t.Fatalf("sections hold %d bytes of a %d byte file", total, len(text))
	}
	// Nested levels still give each phase its own body.
	ps = masterPlanPhases("# Phase 1: a\nbody a\n##Phase 2: b\nbody b\n# Phase 3\n")
	if len(ps) != 3 || ps[0].body != "# Phase 1: a\nbody a\n##Phase 2: b\nbody b" || ps[1].body != "##Phase 2: b\nbody b" {
		t.Fatalf("%+v", ps)
	}
}

// TestMemoryWithBOM: a byte order mark before the first key does not
// hide it, and Step 7 keeps the mark.
func TestMemoryWithBOM(t *testing.T) {
	data := []byte("\xef\xbb\xbfstage: execution\r\nstatus: paused\r\n")
	d := parseMemory(data)
	if d.value("stage") != "execution" || d.value("status") != "paused" {
		t.Fatalf("stage %q status %q", d.value("stage"), d.value("status"))
	}
	out, err := step7(d, t0)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(out, []byte("\xef\xbb\xbfstage: execution\r\nstatus: in_progress\r\n")) {
		t.Fatalf("%q", out)
	}
}
