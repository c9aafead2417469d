package kiln

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// kiln from March 2026 on: .kiln/STATE.md in eras C, D/E and F, and era
// F's brainstorm ledger (testdata/kiln/era_*).

func TestNextActionTemplates(t *testing.T) {
	// Every next_action the v3.1.8 kernel writes, and what it means.
	for _, tc := range []struct {
		text, kind, stage string
		person            bool
		hold              string
	}{
		{"Relaunch the kernel workflow with stage=validate", ActRelaunch, "validate", false, ""},
		{"Run complete", ActComplete, "", false, ""},
		{"Rerun stage build", ActRerun, "build", false, ""},
		{"Rerun stage law: no slice list at .kiln/slices.json", ActRerun, "law", false, ""},
		{"Rerun stage law — a LAW repair pass did not land", ActRerun, "law", false, ""},
		{"Rerun stage build: slice a.b LAW is red before seal", ActRerun, "build", false, ""},
		{"Rerun stage build after fixing the transport", ActTransport, "build", false, ""},
		{"Rerun stage validate after fixing the transport: the perceptual family read did not answer", ActTransport, "validate", false, ""},
		{"Rerun stage build after restoring the gate tool at /p/scripts/kiln-review", ActGateTool, "build", false, "the gate tool at /p/scripts/kiln-review"},
		{"Reopen slice feature/ui: LAW is red at pre-seal", ActReopen, "build", false, ""},
		{"Operator ruling: gate blocked for slice s1", ActRuling, "build", true, ""},
		{"Operator ruling: the milestone audit held for slice s2 after 2 repair passes — the verdict is at .kiln/audit-review.json", ActRuling, "build", true, ""},
		{"Acknowledge single-family degradation, then relaunch stage build", ActAcknowledge, "build", true, ""},
		{"Restore codex, then relaunch stage build: the milestone audit of slice s2 needs the second family", ActCodex, "build", false, "codex"},
		{"Restore codex, then rerun stage validate: the perceptual screen needs the second family", ActCodex, "validate", false, "codex"},
		{"The LAW needs an opposite-family ratifier and codex is not answering — restore codex, then rerun stage law", ActCodex, "law", false, "codex"},
		{"Rerun onboarding: .kiln/posture.json is missing or not a valid {scope,novelty,reversibility} projection", ActOnboarding, "law", true, ""},
		{"Make coffee", ActUnknown, "build", false, ""},
	} {
		a := ParseNextAction(tc.text, "build")
		if a.Kind != tc.kind || a.Stage != tc.stage || a.Person != tc.person || a.Hold != tc.hold {
			t.Errorf("%q: %+v", tc.text, a)
		}
	}
	if a := ParseNextAction("Reopen slice feature/ui: LAW is red at pre-seal", "build"); a.Slice != "feature/ui" || a.At != "pre-seal" {
		t.Fatalf("%+v", a)
	}
}

func TestEraFSessions(t *testing.T) {
	for _, tc := range []struct {
		fixture, status, where string
		sealed, planned        int
		question               string // part of it; "" when none
		label                  string // CONTINUE's label
		clean                  bool
	}{
		{"era_f_transport", "needs_rerun", "stage build, slice rate-freshness-gate", 2, 4, "", "", true},
		{"era_f_ruling", "blocked", "stage build, slice staleness-consequence, waiting for a ruling", 3, 4,
			"gate blocked for slice staleness-consequence. Blockers: The LAW does not say whether a rate with no updatedAt is stale or fresh", "Answer, then relaunch (/kiln-fire)", true},
		{"era_f_degraded", "degraded", "stage build, slice rate-freshness-gate, waiting for an answer", 2, 4, "Go on single-family?", "Answer, then relaunch (/kiln-fire)", true},
		{"era_f_complete", "complete", "complete", 4, 4, "", "", true},
		{"era_f_midbuild", "in_progress", "stage build, slice journey-readback", 2, 4, "", "", false},
		{"era_f_lawhold", "held", "stage law, held", 0, 0, "Restore codex", "Restore codex, then relaunch (/kiln-fire)", true},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			e := placeKiln(t, tc.fixture)
			s := e.load(t)
			if s.Problem != nil || len(s.Warnings) != 0 {
				t.Fatalf("problem %v warnings %q", s.Problem, s.Warnings)
			}
			if s.Status != tc.status || s.ResumePoint.Phase != tc.where || s.Progress != (model.Progress{Done: tc.sealed, Total: tc.planned}) {
				t.Fatalf("status %q resume %+v progress %+v", s.Status, s.ResumePoint, s.Progress)
			}
			q := s.Context["question"]
			if (tc.question == "") != (q == nil) || (q != nil && !strings.Contains(q.(string), tc.question)) {
				t.Fatalf("question %v", q)
			}
			c := s.Policy[model.Continue]
			if c.Writes || c.Label != tc.label {
				t.Fatalf("continue policy %+v", c)
			}
			if s.LastAction.Clean != tc.clean {
				t.Fatalf("last action %+v", s.LastAction)
			}
			if tc.status != "complete" && !strings.Contains(s.Outcomes[model.Continue], "run /kiln-fire in "+e.project+" (bare") {
				t.Fatalf("outcome %q", s.Outcomes[model.Continue])
			}
			if r := s.Policy[model.Restart]; r.Disabled == "" {
				t.Fatal("RESTART offered: kiln 3.1 has no reset")
			}
			if s.Context["resume_command"] != "/kiln-fire" {
				t.Fatalf("context %v", s.Context)
			}
		})
	}
}

func TestEraFTransportIsTapknows(t *testing.T) {
	// The real agent-written example: the slices, the verdicts, the
	// pointers line.
	e := placeKiln(t, "era_f_transport")
	s := e.load(t)
	sl, _ := sectionOf(s, "Slices: 2/4 sealed")
	if !reflect.DeepEqual(sl.Lines, []string{
		"1. journey-persist (logic, journey-instrumentation): sealed dual",
		"2. journey-readback (logic, journey-instrumentation): sealed dual, milestone audit accepted",
		"3. rate-freshness-gate (logic, rate-staleness): planned, active",
		"4. staleness-consequence (mixed, rate-staleness): planned",
	}) {
		t.Fatalf("slices %q", sl.Lines)
	}
	if s.ResumePoint.Reason != "the review transport failed: fix the transport, then rerun stage build" {
		t.Fatalf("reason %q", s.ResumePoint.Reason)
	}
	if s.Units == nil || *s.Units != (model.Progress{Done: 2, Total: 4}) || s.UnitsLabel != "slices sealed" {
		t.Fatalf("units %+v %q", s.Units, s.UnitsLabel)
	}
	phases := []string{}
	for _, p := range s.Phases {
		phases = append(phases, p.Name+":"+string(p.Status))
	}
	if !reflect.DeepEqual(phases, []string{"law:completed", "build:in_progress", "validate:pending", "report:pending"}) {
		t.Fatalf("phases %q", phases)
	}
	// --emit prompt: the command, STATE.md, and the pointers line's
	// files (kiln's own in full, the project's named).
	for _, want := range []string{
		"Run `/kiln-fire` (bare, no arguments) in " + e.project,
		"```markdown\n# STATE\nstage: build\n",
		"### .kiln/LAW.md\n\n```markdown\n# LAW — tapknows rate freshness",
		"### .kiln/review-request.json\n\n.kiln/review-request.json is absent or unreadable.",
		"### src/lib/rateFreshness.ts\n\nsrc/lib/rateFreshness.ts is absent or unreadable.",
	} {
		if !strings.Contains(s.Prompt, want) {
			t.Errorf("prompt lacks %q:\n%s", want, s.Prompt)
		}
	}
	testkit.Write(t, filepath.Join(e.project, "src", "lib", "rateFreshness.ts"), "export const x = 1\n")
	if s := e.load(t); !strings.Contains(s.Prompt, "- src/lib/rateFreshness.ts (a project file: read it there)") {
		t.Fatalf("prompt:\n%s", s.Prompt)
	}
}

func TestEraFPointersNeverLeadOutside(t *testing.T) {
	// A hostile pointers line: an absolute path elsewhere, a climb out,
	// and a link in .kiln to a secret. None is read, none is looked at.
	e := placeKiln(t, "era_f_transport")
	secret := filepath.Join(t.TempDir(), "secret.md")
	testkit.Write(t, secret, "TOP SECRET\n")
	testkit.Symlink(t, secret, filepath.Join(e.project, ".kiln", "evil.md"))
	testkit.Write(t, e.path, strings.Replace(testkit.Read(t, e.path), "pointers: .kiln/STATE.md",
		"pointers: "+secret+" .kiln/../../"+filepath.Base(filepath.Dir(secret))+"/secret.md .kiln/evil.md .kiln/STATE.md", 1))
	s := e.load(t)
	if strings.Contains(s.Prompt, "TOP SECRET") {
		t.Fatalf("the prompt read a file outside the project:\n%s", s.Prompt)
	}
	if !strings.Contains(s.Prompt, "- "+secret+" (outside the project: not read)") {
		t.Fatalf("prompt:\n%s", s.Prompt)
	}
	ptr, _ := sectionOf(s, "Pointers")
	if !strings.Contains(strings.Join(ptr.Lines, "\n"), secret+": outside the project, not looked at") {
		t.Fatalf("pointers %q", ptr.Lines)
	}
	for _, a := range s.Artifacts {
		if !strings.HasPrefix(a.Path, e.project+string(filepath.Separator)) {
			t.Fatalf("artifact outside the project: %s", a.Path)
		}
	}
	// A file beside the state that is a link out is never read.
	gate := filepath.Join(e.project, ".kiln", "gate-review.json")
	testkit.Write(t, secret, `{"verdict":"blocked","blockers":["TOP SECRET"],"findings":[]}`)
	if err := os.Remove(gate); err != nil {
		t.Fatal(err)
	}
	testkit.Symlink(t, secret, gate)
	s = e.load(t)
	for _, sec := range s.Sections {
		if strings.Contains(strings.Join(sec.Lines, "\n"), "TOP SECRET") {
			t.Fatalf("section %q shows the linked file", sec.Title)
		}
	}
	if !hasWarning(s, "gate-review.json: is a symbolic link") {
		t.Fatalf("warnings %q", s.Warnings)
	}
}

func TestEraFContinueWritesNothingDiscardArchivesKiln(t *testing.T) {
	e := placeKiln(t, "era_f_ruling")
	s := e.load(t)
	before := testkit.TreeHash(t, e.project)
	a := e.l.Apply(s, model.Continue, t0)
	if a.Err != nil || len(a.Changed) != 0 || testkit.TreeHash(t, e.project) != before {
		t.Fatalf("continue wrote: %+v", a)
	}
	if a := e.l.Apply(s, model.Restart, t0); a.Err == nil {
		t.Fatal("restart applied")
	}
	if q := s.Policy[model.Discard].Confirm; !strings.Contains(q, "The whole .kiln folder is renamed to .kiln.discarded.<timestamp>") {
		t.Fatalf("question %q", q)
	}
	kiln := filepath.Join(e.project, ".kiln")
	a = e.l.Apply(s, model.Discard, t0)
	if a.Err != nil || a.ArchivedTo != kiln+".discarded.20260221T093015Z" || !reflect.DeepEqual(a.Changed, []string{kiln}) {
		t.Fatalf("discard %+v", a)
	}
	if testkit.Read(t, filepath.Join(a.ArchivedTo, "seals.log")) == "" {
		t.Fatal("the archive does not hold .kiln")
	}
	if got, _ := e.l.Discover(e.project); len(got) != 0 {
		t.Fatalf("Discover after discard: %q", got)
	}
	// A STATE.md changed since it was loaded: nothing moves.
	e = placeKiln(t, "era_f_ruling")
	s = e.load(t)
	testkit.Write(t, e.path, testkit.Read(t, e.path)+"\n")
	if a := e.l.Apply(s, model.Discard, t0); a.Err == nil || !fileExists(e.path) {
		t.Fatalf("discard of a changed STATE.md: %+v", a)
	}
}

func TestEraFCrashEvidence(t *testing.T) {
	now := time.Date(2026, 7, 27, 12, 0, 0, 0, time.UTC)
	// A mid-build checkpoint hours old: the kernel died.
	e := placeKiln(t, "era_f_midbuild")
	s := e.load(t)
	if c := model.DetectCrash(s, now, model.DefaultCrashAfter); !c.Detected {
		t.Fatalf("not a crash: %+v", c)
	}
	// A seal minutes ago: the kernel is still at work.
	recent := now.Add(-4 * time.Minute)
	if err := os.Chtimes(filepath.Join(e.project, ".kiln", "seals.log"), recent, recent); err != nil {
		t.Fatal(err)
	}
	s = e.load(t)
	if c := model.DetectCrash(s, now, model.DefaultCrashAfter); c.Detected || !s.LastUpdated.Equal(recent) {
		t.Fatalf("crash %+v at %v", c, s.LastUpdated)
	}
	// A stop on purpose (transport failure), however old: no crash.
	s = placeKiln(t, "era_f_transport").load(t)
	if c := model.DetectCrash(s, now, model.DefaultCrashAfter); c.Detected {
		t.Fatalf("a held run crashed: %+v", c)
	}
	// A STATE.md write cut short: said, and a crash.
	e = placeKiln(t, "era_f_tmp")
	s = e.load(t)
	if !hasAlert(s, model.AlertCutShort, "a STATE.md write was cut short (.kiln/.STATE.tmp left at") || s.LastAction.Clean {
		t.Fatalf("alerts %q last action %+v", s.Alerts, s.LastAction)
	}
	if _, ok := sectionOf(s, "A write cut short (.kiln/.STATE.tmp)"); !ok {
		t.Fatal("no section for the cut write")
	}
	// Alone, without STATE.md, it is a corrupted session; DISCARD
	// archives .kiln.
	if err := os.Remove(e.path); err != nil {
		t.Fatal(err)
	}
	s = e.load(t)
	if s.Problem == nil || !strings.Contains(s.Problem.Detail, "STATE.md was never written") || s.Path != filepath.Join(e.project, ".kiln", StateTmp) {
		t.Fatalf("problem %v path %s", s.Problem, s.Path)
	}
	if a := e.l.Apply(s, model.Discard, t0); a.Err != nil || a.ArchivedTo != filepath.Join(e.project, ".kiln")+".discarded.20260221T093015Z" {
		t.Fatalf("%+v", a)
	}
}

func TestEraFDamaged(t *testing.T) {
	e := placeKiln(t, "era_f_transport")
	for body, want := range map[string]string{
		"# STATE\nstage: deploy\nnext_action: Rerun stage build\n": `stage is "deploy", not one of law, build, validate, report`,
		"# STATE\nstage: build\n":                                  "next_action is missing",
		"# STATE\n":                                                "stage is missing",
	} {
		testkit.Write(t, e.path, body)
		s := e.load(t)
		if s.Problem == nil || s.Problem.Kind != model.ErrCorrupted || !strings.Contains(s.Problem.Detail, want) {
			t.Errorf("%q: problem %v", body, s.Problem)
		}
	}
	// Drift is read with warnings: an unknown key, a missing one, case.
	testkit.Write(t, e.path, "# STATE\nstage: Build\nactive_slice: x\nnext_action: Rerun stage build\nmood: good\n")
	s := e.load(t)
	if s.Problem != nil || !hasWarning(s, `stage is written "Build"`) || !hasWarning(s, "mood line") || !hasWarning(s, "no updated_at line") {
		t.Fatalf("problem %v warnings %q", s.Problem, s.Warnings)
	}
	// Run complete without a report says so.
	c := placeKiln(t, "era_f_complete")
	if err := os.Remove(filepath.Join(c.project, ".kiln", "report.md")); err != nil {
		t.Fatal(err)
	}
	if s := c.load(t); !strings.Contains(s.ResumePoint.Reason, "report.md is empty or missing") {
		t.Fatalf("reason %q", s.ResumePoint.Reason)
	}
}

func TestBrainstormLedger(t *testing.T) {
	e := placeKiln(t, "era_f_brainstorm")
	s := e.load(t)
	if s.Problem != nil || s.Status != "abandoned" || s.ResumePoint.Phase != "brainstorm (abandoned)" ||
		!strings.Contains(s.ResumePoint.Reason, "kiln calls this an abandoned brainstorm") {
		t.Fatalf("session %q %+v %v", s.Status, s.ResumePoint, s.Problem)
	}
	// RESTART is kiln's own rule: the ledger is set aside as
	// brainstorm-ledger.abandoned-<utc>.jsonl.
	if r := s.Policy[model.Restart]; r.Disabled != "" || !r.Recommended {
		t.Fatalf("restart %+v", r)
	}
	before := testkit.Read(t, e.path)
	a := e.l.Apply(s, model.Restart, t0)
	want := filepath.Join(e.project, ".kiln", "brainstorm-ledger.abandoned-20260221T093015Z.jsonl")
	if a.Err != nil || a.ArchivedTo != want || testkit.Read(t, want) != before || fileExists(e.path) {
		t.Fatalf("%+v", a)
	}
	if got, _ := e.l.Discover(e.project); len(got) != 0 {
		t.Fatalf("Discover = %q", got)
	}
	// A sealed ledger waits for kiln's vision compiler.
	s = placeKiln(t, "era_f_sealed").load(t)
	if s.Status != "sealed" || s.Policy[model.Restart].Disabled == "" || !strings.Contains(s.Outcomes[model.Continue], "vision compiler") {
		t.Fatalf("sealed %q %+v", s.Status, s.Policy)
	}
	// With a STATE.md beside it, the ledger is not a session.
	e = placeKiln(t, "era_f_transport")
	testkit.Write(t, filepath.Join(e.project, ".kiln", LedgerFile), fixture(t, "era_f_brainstorm/kiln/"+LedgerFile))
	if got, _ := e.l.Discover(e.project); !reflect.DeepEqual(got, []string{e.path}) {
		t.Fatalf("Discover = %q", got)
	}
}

func TestEraCDE(t *testing.T) {
	for _, tc := range []struct {
		fixture, era, where string
		done, total         int
		units               *model.Progress
		why                 string
	}{
		{"era_c_build", "C", "step 5 (build)", 4, 7, &model.Progress{Done: 1, Total: 3}, "team iteration 2; chunk 3; milestones 1/3 complete"},
		{"era_d_architecture", "D", "step 4 (architecture)", 3, 7, nil, "next action: Run the architecture workflow, then hold the master plan for operator approval"},
		{"era_e_build", "E", "step 6 (build)", 5, 8, &model.Progress{Done: 0, Total: 3}, "events.jsonl: stage build started at 2026-07-10T13:05:00.000Z (seq 10) and has not completed"},
	} {
		t.Run(tc.fixture, func(t *testing.T) {
			e := placeKiln(t, tc.fixture)
			s := e.load(t)
			if s.Problem != nil || len(s.Warnings) != 0 {
				t.Fatalf("problem %v warnings %q", s.Problem, s.Warnings)
			}
			if s.Context["era"] != tc.era || s.ResumePoint.Phase != tc.where || !strings.Contains(s.ResumePoint.Reason, tc.why) {
				t.Fatalf("era %v resume %+v", s.Context["era"], s.ResumePoint)
			}
			if s.Progress != (model.Progress{Done: tc.done, Total: tc.total}) || !reflect.DeepEqual(s.Units, tc.units) {
				t.Fatalf("progress %+v units %+v", s.Progress, s.Units)
			}
			if s.Title != "shop" || s.Policy[model.Continue].Writes || s.Policy[model.Restart].Disabled == "" {
				t.Fatalf("title %q policy %+v", s.Title, s.Policy)
			}
			if !strings.Contains(s.Outcomes[model.Continue], "run /kiln-fire in "+e.project) || !strings.Contains(s.Prompt, "## .kiln/STATE.md") {
				t.Fatalf("outcome %q", s.Outcomes[model.Continue])
			}
			before := testkit.TreeHash(t, e.project)
			if a := e.l.Apply(s, model.Continue, t0); a.Err != nil || len(a.Changed) != 0 || testkit.TreeHash(t, e.project) != before {
				t.Fatalf("continue wrote: %+v", a)
			}
		})
	}
	// The era E session's time is its newest event.
	s := placeKiln(t, "era_e_build").load(t)
	if !s.LastUpdated.Equal(time.Date(2026, 7, 10, 14, 30, 0, 111e6, time.UTC)) {
		t.Fatalf("last updated %v", s.LastUpdated)
	}
}

func TestEraCDEDiscard(t *testing.T) {
	// C and D: STATE.md alone, beside itself (kiln 1.x: "remove it to
	// start fresh").
	for _, f := range []string{"era_c_build", "era_d_architecture"} {
		e := placeKiln(t, f)
		s := e.load(t)
		a := e.l.Apply(s, model.Discard, t0)
		if a.Err != nil || a.ArchivedTo != e.path+".discarded.20260221T093015Z" || !reflect.DeepEqual(a.Changed, []string{e.path}) {
			t.Fatalf("%s: %+v", f, a)
		}
		if got, _ := e.l.Discover(e.project); len(got) != 0 {
			t.Fatalf("%s: Discover = %q", f, got)
		}
	}
	// E: the event ledger and its projection too (kiln 3.0 will not
	// onboard over a live ledger), STATE.md last.
	e := placeKiln(t, "era_e_build")
	s := e.load(t)
	kiln := filepath.Join(e.project, ".kiln")
	a := e.l.Apply(s, model.Discard, t0)
	want := []string{filepath.Join(kiln, "events.jsonl"), filepath.Join(kiln, "state.json"), e.path}
	if a.Err != nil || !reflect.DeepEqual(a.Changed, want) {
		t.Fatalf("%+v", a)
	}
	for _, p := range want {
		if fileExists(p) || !fileExists(p+".discarded.20260221T093015Z") {
			t.Fatalf("%s not archived", p)
		}
	}
}

func TestEraCDEDamaged(t *testing.T) {
	e := placeKiln(t, "era_c_build")
	testkit.Write(t, e.path, strings.Replace(testkit.Read(t, e.path), "- **stage**: build", "- **stage**: deploying", 1))
	s := e.load(t)
	if s.Problem == nil || s.Problem.Message != ResumeFailedC || s.Problem.Line != 6 {
		t.Fatalf("problem %+v", s.Problem)
	}
	// Drift: a plain "stage: Build" line, "pending" values.
	testkit.Write(t, e.path, "# Kiln State\n\n## Pipeline\nstage: Build\n- **updated**: pending\n")
	s = e.load(t)
	if s.Problem != nil || s.Stage != "build" || !hasWarning(s, `stage is written "Build"`) || s.HasLastUpdated {
		t.Fatalf("problem %v stage %q warnings %q", s.Problem, s.Stage, s.Warnings)
	}
	// Era E: a ledger line cut short is said, and left out.
	e = placeKiln(t, "era_e_build")
	ev := filepath.Join(e.project, ".kiln", "events.jsonl")
	testkit.Write(t, ev, testkit.Read(t, ev)+`{"seq":13,"ts":"2026-07-10T15`)
	if s := e.load(t); !hasWarning(s, "ends in a line cut short") {
		t.Fatalf("warnings %q", s.Warnings)
	}
	// A complete pipeline offers no CONTINUE.
	e = placeKiln(t, "era_c_build")
	testkit.Write(t, e.path, strings.Replace(testkit.Read(t, e.path), "- **stage**: build", "- **stage**: complete", 1))
	s = e.load(t)
	if s.Status != "complete" || s.Policy[model.Continue].Disabled == "" || !s.LastAction.Clean {
		t.Fatalf("status %q policy %+v", s.Status, s.Policy)
	}
}

func TestStateEras(t *testing.T) {
	for body, want := range map[string]era{
		"# STATE\nstage: build\n":                                    eraF,
		"stage: build\nnext_action: Run complete\nupdated_at: x\n":   eraF,
		"# Kiln State\n\n## Pipeline\n- **stage**: build\n":          eraC,
		"# Kiln State\n## Schema\n- **schema_version**: 2\n":         eraD,
		"# Kiln State\n## Schema\n\n- **schema_version**: 3\n":       eraE,
		"# Project State\n\n## Phase Progress\n\n## Current Track\n": eraA,
		"- [Title](file.md) — note\n":                                eraUnknown,
		"\xef\xbb\xbf# STATE\r\nstage: law\r\n":                      eraF,
		"## Pipeline\n- **stage**: build\n- **team_iteration**: 1\n": eraC,
	} {
		if got := stateEra([]byte(body)); got != want {
			t.Errorf("%q: era %v, want %v", body, got, want)
		}
	}
	// Era A and junk: corrupted sessions naming the file (DISCARD
	// archives the file); Claude's index there is not a session.
	e := placeKiln(t, "era_f_transport")
	testkit.Write(t, e.path, "# Project State\n\n## Phase Progress\n\n## Current Track\n- **Phase:** 1\n")
	if s := e.load(t); s.Problem == nil || !strings.Contains(s.Problem.Detail, "kiln v1") {
		t.Fatalf("era A: %v", s.Problem)
	}
	testkit.Write(t, e.path, "\x00junk")
	if s := e.load(t); s.Problem == nil || s.Problem.Path != e.path {
		t.Fatalf("junk: %v", s.Problem)
	}
	testkit.Write(t, e.path, fixture(t, "claude_memory/memory/MEMORY.md"))
	if got, _ := e.l.Discover(e.project); len(got) != 0 {
		t.Fatalf("Discover = %q", got)
	}
}

func TestDiscoverEveryKilnBesideEachOther(t *testing.T) {
	// An upgraded project: era B's memory and era F's STATE.md.
	e := place(t, "execution", atProject)
	testkit.CopyTree(t, filepath.Join(fixtureDir, "era_f_transport", "kiln"), filepath.Join(e.project, ".kiln"))
	got, err := e.l.Discover(e.project)
	if err != nil || !reflect.DeepEqual(got, []string{e.path, filepath.Join(e.project, ".kiln", StateFile)}) {
		t.Fatalf("Discover = %q %v", got, err)
	}
	// DISCARD of the era F run says the memory goes with .kiln.
	s, _ := e.l.Load(e.project, got[1])
	if q := s.Policy[model.Discard].Confirm; !strings.Contains(q, "older kiln memory (.kiln/memory) too") {
		t.Fatalf("question %q", q)
	}
	// pickup plan PATH accepts .kiln/STATE.md and the .kiln folder.
	for _, p := range []string{got[1], filepath.Join(e.project, ".kiln")} {
		s, ok, err := e.l.Open(p)
		if !ok || err != nil || s.Path != got[1] || s.Project != e.project {
			t.Fatalf("Open(%s) = %v %v %v", p, s, ok, err)
		}
	}
}

func TestSideFilesBehindAByteOrderMark(t *testing.T) {
	e := placeKiln(t, "era_f_transport")
	for _, name := range []string{"seals.log", "slices.json"} {
		p := filepath.Join(e.project, ".kiln", name)
		testkit.Write(t, p, "\xef\xbb\xbf"+testkit.Read(t, p))
	}
	if s := e.load(t); len(s.Warnings) != 0 || s.Progress != (model.Progress{Done: 2, Total: 4}) {
		t.Fatalf("warnings %q progress %+v", s.Warnings, s.Progress)
	}
}

// TestEraCDRecorded: STATE.md's start is the session's recorded start
// (VETO-2's classes). Its project path is not a recorded place: kiln
// never compares it and CONTINUE writes nothing, so a project moved,
// cloned or renamed since is a warning, never the context guard's
// question (issue 26).
func TestEraCDRecorded(t *testing.T) {
	for f, started := range map[string]time.Time{
		"era_c_build":        time.Date(2026, 4, 20, 0, 0, 0, 0, time.UTC),
		"era_d_architecture": time.Date(2026, 6, 2, 8, 10, 0, 0, time.UTC),
	} {
		e := placeKiln(t, f)
		s := e.load(t)
		if !s.Recorded.Started.Equal(started) || !s.Recorded.Empty() {
			t.Errorf("%s: %+v, want started %s and no place", f, s.Recorded, started)
		}
		data, err := os.ReadFile(e.path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(e.path, []byte(strings.ReplaceAll(string(data), e.project, "/old/shop")), 0o644); err != nil {
			t.Fatal(err)
		}
		if s := e.load(t); !s.Recorded.Empty() || !hasWarning(s, "/old/shop, but the project opened is "+e.project) {
			t.Errorf("%s moved: %+v %q", f, s.Recorded, s.Warnings)
		}
	}
}

// kennygeiler/MetroVision's real era C STATE.md, in a clone whose
// folder is not the one it records: no recorded place (a warning only),
// and no crash however old (kiln 1.x has none): interrupted, with its
// date, in both languages.
func TestEraCMovedAndInterrupted(t *testing.T) {
	for lang, want := range map[i18n.Lang][2]string{
		i18n.English:      {"kiln 1.x records no crash: the run was interrupted on 2026-03-25 04:48 UTC, in stage build.", "kiln 1.x never compares it"},
		i18n.PortugueseBR: {"O kiln 1.x não registra crash: a execução foi interrompida em 2026-03-25 04:48 UTC, na etapa build.", "o kiln 1.x nunca o compara"},
	} {
		e := placeKiln(t, "era_c_moved")
		e.l.Lang = lang
		s := e.load(t)
		if !s.NoCrash || s.Standing != model.StandingInterrupted || s.Headline != want[0] || !s.Recorded.Empty() {
			t.Errorf("%s: nocrash %v standing %q headline %q recorded %+v", lang, s.NoCrash, s.Standing, s.Headline, s.Recorded)
		}
		if !hasWarning(s, "/Users/kennygeiler/Documents/Vibing Coding Projects 2026/SceneDeck") || !hasWarning(s, want[1]) {
			t.Errorf("%s: warnings %q", lang, s.Warnings)
		}
		if c := model.DetectCrash(s, t0.AddDate(0, 8, 0), model.DefaultCrashAfter); c.Detected || c.ReasonCode != model.CrashNoNotion {
			t.Errorf("%s: crash %+v", lang, c)
		}
	}
}
