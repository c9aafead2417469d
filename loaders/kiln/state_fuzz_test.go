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

// Fuzz targets for the readers of kiln from March 2026 on, through Load
// as pickup runs it: one file of an era's fixture holds arbitrary bytes.
// The property: Load never panics and never fails on a file it could
// read; a state file it cannot use is a session_corrupted Problem naming
// the file; a session it returns is sane (progress within bounds, a
// resume point, a policy, a fingerprint, and never a write on CONTINUE).

// checkState is the property every STATE.md-era fuzz target asserts.
func checkState(t *testing.T, e env, s *model.Session, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("Load failed on a readable file: %v", err)
	}
	if s == nil || s.Source != SourceName || s.Project != e.project {
		t.Fatalf("session %+v", s)
	}
	if p := s.Problem; p != nil {
		if p.Kind != model.ErrCorrupted || p.Message == "" || !strings.Contains(p.Error(), s.Path) {
			t.Fatalf("problem does not name the file: %+v", p)
		}
		if s.Policy[model.Discard].Confirm == "" {
			t.Fatal("a corrupted session without DISCARD's question")
		}
		return
	}
	if s.Progress.Done < 0 || (s.Progress.Total > 0 && s.Progress.Done > s.Progress.Total) {
		t.Fatalf("progress %+v", s.Progress)
	}
	if s.ResumePoint.Phase == "" || s.Fingerprint == "" || len(s.Policy) == 0 || s.Policy[model.Continue].Writes {
		t.Fatalf("session %+v", s)
	}
}

// fuzzKiln places a kiln fixture once per fuzz target.
func fuzzKiln(f *testing.F, fixture string) env {
	f.Helper()
	return placeKiln(f, fixture)
}

// FuzzLoadStateF: era F's .kiln/STATE.md holds the input.
func FuzzLoadStateF(f *testing.F) {
	testkit.AddSeeds(f, fixtureDir, "era_f_*/kiln/STATE.md", "era_f_*/kiln/.STATE.tmp", "era_*/kiln/STATE.md")
	f.Add([]byte("# STATE\nstage: build\nnext_action: Operator ruling: \xff\n"))
	f.Add([]byte("\xef\xbb\xbf# STATE\r\nstage: Law\r\nnext_action: Reopen slice : LAW is red at \r\npointers: / .. .kiln/../../x\r\n"))
	f.Add([]byte("stage: report\nnext_action: Run complete\nupdated_at: {updated_at}\nstage: law\n"))
	e := fuzzKiln(f, "era_f_transport")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(e.path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := e.l.Load(e.project, e.path)
		checkState(t, e, s, err)
	})
}

// FuzzLoadStateCE: an era E .kiln/STATE.md holds the input (and era C
// and D's shapes are among the seeds).
func FuzzLoadStateCE(f *testing.F) {
	testkit.AddSeeds(f, fixtureDir, "era_[cde]_*/kiln/STATE.md")
	f.Add([]byte("# Kiln State\n- **schema_version**: 3\n- **stage**: gauge\n- **step_x_started_at**: 2026-07-10T09:00:00Z\n"))
	f.Add([]byte("# Kiln State\n```\n- **stage**: build\n```\n- **stage** **: complete\n"))
	e := fuzzKiln(f, "era_e_build")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(e.path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := e.l.Load(e.project, e.path)
		checkState(t, e, s, err)
	})
}

// FuzzLoadSideFiles: one of the files beside era F's and E's STATE.md
// (seals.log, audits.log, slices.json, a review verdict, events.jsonl)
// holds the input: the session is always read, never corrupted by them.
func FuzzLoadSideFiles(f *testing.F) {
	testkit.AddSeeds(f, fixtureDir, "era_*/kiln/*.log", "era_*/kiln/*.json", "era_*/kiln/*.jsonl")
	f.Add([]byte("[1, {\"id\": 2}, null, {\"id\": \"a\", \"surface\": []}]"))
	f.Add([]byte("{\"verdict\": 1, \"blockers\": [2], \"findings\": [{\"id\": []}]}"))
	f.Add([]byte("{\"seq\":1,\"ts\":\"x\",\"type\":\"stage_started\",\"stage\":\"build\"}\n{\"seq\""))
	ef := fuzzKiln(f, "era_f_ruling")
	ee := fuzzKiln(f, "era_e_build")
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, c := range []struct {
			e    env
			file string
		}{{ef, "seals.log"}, {ef, "audits.log"}, {ef, "slices.json"}, {ef, "gate-review.json"}, {ee, "events.jsonl"}} {
			p := filepath.Join(c.e.project, ".kiln", c.file)
			valid, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := c.e.l.Load(c.e.project, c.e.path)
			checkState(t, c.e, s, err)
			if s.Problem != nil {
				t.Fatalf("%s made the session corrupted: %v", c.file, s.Problem)
			}
			if err := os.WriteFile(p, valid, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// FuzzLoadLedger: era F's brainstorm ledger, alone, holds the input.
func FuzzLoadLedger(f *testing.F) {
	testkit.AddSeeds(f, fixtureDir, "era_f_*/kiln/brainstorm-ledger.jsonl")
	f.Add([]byte("{\"seq\":2,\"e\":\"turn\"}\n{\"seq\":1,\"e\":\"session_complete\",\"entries\":-1}\n"))
	e := fuzzKiln(f, "era_f_brainstorm")
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := os.WriteFile(e.path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := e.l.Load(e.project, e.path)
		checkState(t, e, s, err)
	})
}

// FuzzRouteF: any next_action routes somewhere, with words.
func FuzzRouteF(f *testing.F) {
	for _, s := range []string{"Run complete", "Operator ruling: x", "Rerun stage build after fixing the transport: y",
		"Reopen slice a: LAW is red at pre-seal", "Restore codex, then rerun stage law", "Relaunch the kernel workflow with stage=validate", ""} {
		f.Add(s, "build", "s1")
	}
	f.Fuzz(func(t *testing.T, next, stage, slice string) {
		r := RouteForF(next, FactsF{Stage: stage, Slice: slice, Project: "/p"})
		if r.Where == "" || r.Why == "" || r.Continue == "" || r.Action.Kind == "" {
			t.Fatalf("route %+v of %q", r, next)
		}
		if r.Action.Person && r.Question == "" {
			t.Fatalf("a person must decide, with no question: %+v", r)
		}
	})
}

// FuzzLooseEvents: every shape of event line parses without a panic;
// lines stay in range and in time order when the times are all there.
func FuzzLooseEvents(f *testing.F) {
	testkit.AddSeeds(f, fixtureDir, "moviedb/kiln/phase_*_state.md")
	f.Add([]byte("## Events\n- 2026-03-15T05:46:08Z — [Maestro] task_01: succeeded — x\n- [task-2] failed\n- review: approved\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := parsePhaseState(data)
		lines := bytes.Count(data, []byte("\n")) + 1
		all := len(p.Events) > 0
		for i, ev := range p.Events {
			if ev.Line < 1 || ev.Line > lines {
				t.Fatalf("event on line %d of %d", ev.Line, lines)
			}
			all = all && ev.HasTime
			if i > 0 && p.Order != "" && ev.Time.Before(p.Events[i-1].Time) {
				t.Fatalf("events out of time order after reading them in order %q", p.Order)
			}
		}
		if p.Order != "" && !all {
			t.Fatalf("order %q without every time", p.Order)
		}
		_ = StepFor(p, 2)
	})
}
