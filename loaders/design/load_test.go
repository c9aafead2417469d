package design

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// The progress listing is seed 003's "Found existing design session"
// text, line for line (the spec's "⏳ Stage 4-7: Pending").
func TestListingIsTheSpecs(t *testing.T) {
	project := fixture(t, "listing")
	want := []string{
		`Found existing design session for "user-export"`,
		``,
		`Progress:`,
		`  ✅ Stage 0: Clarification - Complete`,
		`  ✅ Stage 1: Business Rules - Complete (8 rules approved)`,
		`  ✅ Stage 2: Analysis - Complete (determined: complex)`,
		`  🔄 Stage 3: Design - In Progress (alternatives generated, awaiting choice)`,
		`  ⏳ Stage 4-7: Pending`,
		``,
		`Options:`,
		`  1. Resume from Stage 3 (recommended)`,
		`  2. Restart from Stage 0 (discard progress)`,
		`  3. View current artifacts`,
	}
	_, s := only(t, project, opts(false))
	if !reflect.DeepEqual(s.Report, want) {
		t.Fatalf("report:\n%s\nwant:\n%s", strings.Join(s.Report, "\n"), strings.Join(want, "\n"))
	}
	// Plain glyphs when the terminal cannot show emoji.
	_, s = only(t, project, opts(true))
	plain := strings.Join(s.Report, "\n")
	for _, l := range []string{"  [x] Stage 0: Clarification - Complete", "  [~] Stage 3: Design - In Progress (alternatives generated, awaiting choice)", "  [ ] Stage 4-7: Pending"} {
		if !strings.Contains(plain, l) {
			t.Errorf("plain report lacks %q:\n%s", l, plain)
		}
	}
	for _, e := range []string{"✅", "🔄", "⏳", "⚠"} {
		if strings.Contains(plain, e) {
			t.Errorf("plain report has %s:\n%s", e, plain)
		}
	}
}

func TestListingSessionFields(t *testing.T) {
	_, s := only(t, fixture(t, "listing"), opts(true))
	if s.Source != "design" || s.Title != "/design user-export" || s.Stage != "3a" || s.Status != "in_progress" {
		t.Fatalf("session %q %q %q %q", s.Source, s.Title, s.Stage, s.Status)
	}
	if s.Problem != nil || len(s.Warnings) != 0 {
		t.Fatalf("problem %v warnings %v", s.Problem, s.Warnings)
	}
	if !s.HasLastUpdated || s.LastUpdated.Format("15:04") != "11:30" {
		t.Fatalf("last updated %v %v", s.HasLastUpdated, s.LastUpdated)
	}
	if s.LastAction == nil || !s.LastAction.Clean {
		t.Fatalf("last action %+v: a checkpoint save is a clean stop", s.LastAction)
	}
	var names []string
	for _, p := range s.Phases {
		names = append(names, p.Name)
	}
	wantNames := []string{"Stage 0: Clarification", "Stage 1: Business Rules", "Stage 2: Analysis", "Stage 3: Design",
		"Stage 4: Contracts", "Stage 5: BDD", "Stage 6: Tickets", "Stage 7: Review"}
	if !reflect.DeepEqual(names, wantNames) {
		t.Fatalf("phases %v", names)
	}
	if s.Phases[3].Status != model.PhaseInProgress || s.Phases[3].Detail != "sub-stage 3a" || s.Phases[1].Result != "8 rules approved" {
		t.Fatalf("stage 3 %+v stage 1 %+v", s.Phases[3], s.Phases[1])
	}
	if s.Progress != (model.Progress{Done: 3, Total: 8}) {
		t.Fatalf("progress %+v", s.Progress)
	}
	if s.ResumePoint != (model.ResumePoint{Phase: "Stage 3: Design", Reason: "Stage 3 is the first stage not complete"}) {
		t.Fatalf("resume point %+v", s.ResumePoint)
	}
	p := s.Policy
	if p[model.Continue].Label != "Resume from Stage 3" || !p[model.Continue].Recommended || p[model.Continue].Writes {
		t.Fatalf("continue %+v", p[model.Continue])
	}
	if p[model.Restart].Label != "Restart from Stage 0 (discard progress)" || p[model.Review].Label != "View current artifacts" {
		t.Fatalf("restart %+v review %+v", p[model.Restart], p[model.Review])
	}
	if !strings.Contains(p[model.Discard].Confirm, ".claude/design/sessions/archive/user-export.<timestamp>.session.json") {
		t.Fatalf("discard question %q", p[model.Discard].Confirm)
	}
	next := s.Context["next_step"].(string)
	if !strings.Contains(next, "Read .claude/design/user-export-analysis.md and present all alternatives") ||
		!strings.Contains(next, `"Which alternative do you want to proceed with?"`) {
		t.Fatalf("next step %q", next)
	}
	if s.Outcomes[model.Continue] != "Resuming /design user-export at Stage 3: Design (3a): "+next {
		t.Fatalf("continue outcome %q", s.Outcomes[model.Continue])
	}
	if s.Outcomes[model.Restart] != "Restarted /design user-export from Stage 0: "+s.Context["restart_next_step"].(string) {
		t.Fatalf("restart outcome %q", s.Outcomes[model.Restart])
	}
	if s.Context["sub_stage"] != "3a" || s.Context["resume_stage"] != 3 || s.Context["resume_command"] != "/design user-export --resume --stage 3" {
		t.Fatalf("context %v", s.Context)
	}
	if !reflect.DeepEqual(s.Context["completed_stages"], []int{0, 1, 2}) {
		t.Fatalf("completed %v", s.Context["completed_stages"])
	}
	// REVIEW: each artifact, exists or missing.
	want := []model.Artifact{
		{Path: ".claude/design/user-export-rules.md", Kind: "rules", Phase: "Stage 1: Business Rules", Exists: true},
		{Path: ".claude/design/user-export-analysis.md", Kind: "analysis", Phase: "Stage 3: Design", Exists: true},
	}
	if !reflect.DeepEqual(s.Artifacts, want) {
		t.Fatalf("artifacts %+v", s.Artifacts)
	}
}

// The spec's full example, with every file it lists on disk, is the
// spec's own "Conflicting State": Stage 3 is not complete but the TDD
// exists.
func TestSpecExampleIsAConflict(t *testing.T) {
	_, s := only(t, fixture(t, "spec_example"), opts(false))
	c := s.Policy[model.Continue]
	if c.Label != "Approve the existing TDD and proceed to Stage 4" || !c.Writes || !c.Recommended {
		t.Fatalf("continue %+v", c)
	}
	if !strings.HasPrefix(c.Confirm, "Found existing TDD. Is this approved?\n") ||
		!strings.Contains(c.Confirm, "stage_3b_design checkpoint records user_approved: true") {
		t.Fatalf("question %q", c.Confirm)
	}
	if r := s.Policy[model.Restart]; r.Label != "Re-run Stage 3" {
		t.Fatalf("restart %+v", r)
	}
	if s.ResumePoint.Phase != "Stage 4: Contracts" {
		t.Fatalf("CONTINUE approves, so it resumes at Stage 4: %+v", s.ResumePoint)
	}
	if s.Phases[3].Result != "TDD approved, stage not marked complete" {
		t.Fatalf("stage 3 %+v", s.Phases[3])
	}
	report := strings.Join(s.Report, "\n")
	for _, l := range []string{"  🔄 Stage 3: Design - In Progress (TDD approved, stage not marked complete)",
		"Conflicting state:", "  ⚠️ Stage 3 is not complete but docs/design/user-export.md exists", "  Found existing TDD. Is this approved?",
		"  1. Approve the existing TDD and proceed to Stage 4 (recommended)", "  2. Re-run Stage 3"} {
		if !strings.Contains(report, l) {
			t.Errorf("report lacks %q:\n%s", l, report)
		}
	}
	if !slices.Contains(s.Warnings, "Stage 4 (Contracts) is pending but .claude/design/user-export-contracts.md already exists") {
		t.Errorf("warnings %v", s.Warnings)
	}
	// Tickets: two of five planned exist.
	if s.Units == nil || *s.Units != (model.Progress{Done: 2, Total: 5}) || s.UnitsLabel != "tickets" {
		t.Fatalf("units %+v", s.Units)
	}
	conflict := s.Context["conflict"].(map[string]any)
	if conflict["kind"] != "unapproved_artifact" || conflict["question"] != "Found existing TDD. Is this approved?" {
		t.Fatalf("conflict %v", conflict)
	}
	if next := s.Context["next_step"].(string); !strings.Contains(next, "Stage 3 was marked complete") || !strings.Contains(next, "Stage 4 (Contracts)") {
		t.Fatalf("next step %q", next)
	}
}

// stageCase builds a session with the stages before k complete, k in
// progress, and the outputs of the complete stages on disk.
func stageProject(t *testing.T, k int, extra func(project string, cps map[string]any)) string {
	t.Helper()
	project := t.TempDir()
	status := map[string]string{}
	for n := range Stages {
		switch {
		case n < k:
			status[fmt.Sprint(n)] = "complete"
		case n == k:
			status[fmt.Sprint(n)] = "in_progress"
		default:
			status[fmt.Sprint(n)] = "pending"
		}
	}
	arts := map[string]any{}
	put := func(key, path string) {
		arts[key] = path
		testkit.Write(t, filepath.Join(project, path), "# "+key+"\n")
	}
	if k > 1 {
		put("rules", ".claude/design/orders-rules.md")
	}
	if k > 3 {
		put("analysis", ".claude/design/orders-analysis.md")
		put("tdd", "docs/design/orders.md")
	}
	if k > 4 {
		put("contracts", ".claude/design/orders-contracts.md")
	}
	if k > 5 {
		put("bdd", ".claude/design/orders-bdd.feature")
	}
	cps := map[string]any{"stage_2_analysis": map[string]any{"complexity": "complex"}}
	if extra != nil {
		extra(project, cps)
	}
	doc := map[string]any{
		"version": "1.0", "feature_name": "orders", "created_at": "2026-01-28T10:00:00Z", "updated_at": "2026-01-28T12:00:00Z",
		"current_stage": k, "stage_status": status, "checkpoints": cps, "artifacts": arts,
	}
	data, _ := json.MarshalIndent(doc, "", "  ")
	testkit.Write(t, sessionPath(project, "orders"), string(data)+"\n")
	return project
}

// Each stage in progress resumes there with the spec's stage logic.
func TestEachStageInProgress(t *testing.T) {
	cases := []struct {
		name  string
		stage int
		extra func(project string, cps map[string]any)
		sub   string
		fact  string
		next  []string
	}{
		{"stage 0", 0, nil, "", "", []string{"Stage 0 (Clarification)", "ask the open questions"}},
		{"stage 1, rules extracted", 1, func(p string, _ map[string]any) {
			testkit.Write(t, filepath.Join(p, ".claude/design/orders-rules.md"), "# rules\n")
		}, "", "rules extracted, awaiting approval", []string{"Read .claude/design/orders-rules.md and present the rules", `"These rules were extracted. Do you approve?"`, "proceed to Stage 2"}},
		{"stage 1, no rules yet", 1, nil, "", "extracting rules", []string{"Extract the business rules into .claude/design/orders-rules.md", `"These rules were extracted. Do you approve?"`}},
		{"stage 2", 2, nil, "", "", []string{"Stage 2 (Analysis): determine the complexity"}},
		{"stage 3a, alternatives generated", 3, func(p string, cps map[string]any) {
			testkit.Write(t, filepath.Join(p, ".claude/design/orders-analysis.md"), "# alternatives\n")
			cps["stage_3a_alternatives"] = map[string]any{"alternatives_count": 3}
		}, "3a", "alternatives generated, awaiting choice", []string{"Read .claude/design/orders-analysis.md and present all alternatives", `"Which alternative do you want to proceed with?"`, "proceed to Stage 3b (TDD)"}},
		{"stage 3a, nothing yet", 3, nil, "3a", "generating alternatives", []string{"write the alternatives with their pros and cons to .claude/design/orders-analysis.md"}},
		{"stage 3b, alternative chosen", 3, func(p string, cps map[string]any) {
			testkit.Write(t, filepath.Join(p, ".claude/design/orders-analysis.md"), "# alternatives\n")
			cps["stage_3a_alternatives"] = map[string]any{"alternatives_count": 3, "chosen_alternative": 2}
		}, "3b", "alternative 2 chosen, writing the TDD", []string{"Write the TDD for alternative 2 at docs/design/orders.md", "ask the user for approval", "proceed to Stage 4"}},
		{"stage 4", 4, nil, "", "", []string{"Stage 4 (Contracts): write the contracts to .claude/design/orders-contracts.md"}},
		{"stage 5", 5, nil, "", "", []string{"Stage 5 (BDD): generate the Gherkin scenarios in .claude/design/orders-bdd.feature"}},
		{"stage 6, no plan", 6, nil, "", "", []string{"0 tickets exist", "no total_planned is recorded"}},
		{"stage 7", 7, nil, "", "", []string{"Stage 7 (Review)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, s := only(t, stageProject(t, tc.stage, tc.extra), opts(true))
			want := PhaseName(tc.stage)
			if s.ResumePoint.Phase != want || s.Policy[model.Continue].Label != fmt.Sprintf("Resume from Stage %d", tc.stage) {
				t.Fatalf("resume %+v label %q", s.ResumePoint, s.Policy[model.Continue].Label)
			}
			if got, _ := s.Context["sub_stage"].(string); got != tc.sub {
				t.Fatalf("sub-stage %q, want %q", got, tc.sub)
			}
			if s.Phases[tc.stage].Result != tc.fact || s.Phases[tc.stage].Status != model.PhaseInProgress {
				t.Fatalf("stage %d: %+v, want fact %q", tc.stage, s.Phases[tc.stage], tc.fact)
			}
			next := s.Context["next_step"].(string)
			for _, w := range tc.next {
				if !strings.Contains(next, w) {
					t.Errorf("next step %q lacks %q", next, w)
				}
			}
			if sec := s.Sections[1]; sec.Title != "Next step" || sec.Lines[0] != "CONTINUE: "+next {
				t.Errorf("next step section %+v", sec)
			}
			if len(s.Warnings) != 0 {
				t.Errorf("warnings %v", s.Warnings)
			}
		})
	}
}

// The spec's 3b logic: with --stage 3b and the TDD on disk, a TDD with
// its checkpoint is complete (ask for approval), one without is partial
// (continue writing).
func TestStage3bForced(t *testing.T) {
	for _, tc := range []struct {
		name       string
		checkpoint bool
		want       string
	}{
		{"complete", true, "docs/design/orders.md exists and is complete: read it and ask the user for approval. On approval proceed to Stage 4."},
		{"partial", false, "docs/design/orders.md is partial: continue writing the TDD for alternative 1, then ask the user for approval. On approval proceed to Stage 4."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			project := stageProject(t, 3, func(p string, cps map[string]any) {
				testkit.Write(t, filepath.Join(p, "docs/design/orders.md"), "# TDD\n")
				cps["stage_3a_alternatives"] = map[string]any{"chosen_alternative": 1}
				if tc.checkpoint {
					cps["stage_3b_design"] = map[string]any{"tdd_file": "docs/design/orders.md"}
				}
			})
			// Without --stage, the TDD on disk is the spec's conflict.
			_, s := only(t, project, opts(true))
			if !strings.HasPrefix(s.Policy[model.Continue].Confirm, "Found existing TDD. Is this approved?") {
				t.Fatalf("without --stage: %+v", s.Policy[model.Continue])
			}
			_, s = only(t, project, opts(true, FlagStage, "3b"))
			if got := s.Context["next_step"]; got != tc.want {
				t.Fatalf("next step %q\nwant %q", got, tc.want)
			}
			if s.Policy[model.Continue].Label != "Resume from Stage 3 (--stage)" || s.Policy[model.Continue].Writes {
				t.Fatalf("continue %+v", s.Policy[model.Continue])
			}
			if !slices.Contains(s.Warnings, "Stage 3 is not complete but docs/design/orders.md exists (--stage 3b given: not acted on)") {
				t.Fatalf("warnings %v", s.Warnings)
			}
		})
	}
}

// --stage N moves the resume point, and RESTART starts from N.
func TestForcedStage(t *testing.T) {
	project := fixture(t, "listing")
	_, s := only(t, project, opts(false, FlagStage, "1"))
	if s.ResumePoint != (model.ResumePoint{Phase: "Stage 1: Business Rules", Reason: "forced with --stage 1"}) {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
	if s.Policy[model.Restart].Label != "Restart from Stage 1" || s.Context["forced_stage"] != "1" {
		t.Fatalf("restart %+v context %v", s.Policy[model.Restart], s.Context)
	}
	// A bad value is a warning here (the CLI refuses it before).
	_, s = only(t, project, opts(false, FlagStage, "9"))
	if s.ResumePoint.Phase != "Stage 3: Design" || !slices.Contains(s.Warnings, `--stage: "9" is not a stage: want 0-7, 3a or 3b: ignored`) {
		t.Fatalf("resume %+v warnings %v", s.ResumePoint, s.Warnings)
	}
}

func TestAllComplete(t *testing.T) {
	_, s := only(t, fixture(t, "all_complete"), opts(false))
	if s.ResumePoint != (model.ResumePoint{Phase: "Stage 7: Review", Reason: "every stage is complete: Stage 7 shows the review"}) {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
	if c := s.Policy[model.Continue]; c.Label != "Resume from Stage 7" || c.Hint != "every stage is complete: show the review" {
		t.Fatalf("continue %+v", c)
	}
	if s.Context["next_step"] != "Every stage is complete: show the review (Stage 7)." || s.PhasesDone() != 8 {
		t.Fatalf("next %v done %d", s.Context["next_step"], s.PhasesDone())
	}
	facts := []string{}
	for _, p := range s.Phases {
		facts = append(facts, p.Result)
	}
	want := []string{"", "8 rules approved", "determined: complex", "alternative 2 chosen, TDD and 2 ADRs", "", "14 scenarios", "3 of 3 tickets created", ""}
	if !reflect.DeepEqual(facts, want) || len(s.Warnings) != 0 {
		t.Fatalf("facts %q warnings %v", facts, s.Warnings)
	}
	for _, a := range s.Artifacts {
		if !a.Exists {
			t.Errorf("artifact %+v missing", a)
		}
	}
	if len(s.Artifacts) != 10 {
		t.Errorf("%d artifacts, want 10", len(s.Artifacts))
	}
}

// "Session says Stage 1 complete, but rules.md missing": re-run Stage 1,
// or mark it incomplete and restart from there.
func TestMissingArtifact(t *testing.T) {
	_, s := only(t, fixture(t, "missing_artifact"), opts(false))
	c, r := s.Policy[model.Continue], s.Policy[model.Restart]
	if c.Label != "Re-run Stage 1 (re-extract rules)" || c.Hint != ".claude/design/user-export-rules.md is missing" || c.Writes || !c.Recommended {
		t.Fatalf("continue %+v", c)
	}
	if r.Label != "Mark Stage 1 incomplete and restart from there" || r.Hint != "stages 1-7 set to pending; the old session is archived first" {
		t.Fatalf("restart %+v", r)
	}
	if s.ResumePoint.Phase != "Stage 1: Business Rules" || !strings.Contains(s.ResumePoint.Reason, "is missing: the stage is re-run") {
		t.Fatalf("resume %+v", s.ResumePoint)
	}
	if s.Phases[1].Result != "8 rules approved; artifact missing" || s.Phases[1].Status != model.PhaseCompleted {
		t.Fatalf("stage 1 %+v", s.Phases[1])
	}
	next := s.Context["next_step"].(string)
	if !strings.HasPrefix(next, "Re-run Stage 1 (Business Rules): .claude/design/user-export-rules.md is missing although the stage is marked complete. Extract the business rules") {
		t.Fatalf("next %q", next)
	}
	if conflict := s.Context["conflict"].(map[string]any); conflict["kind"] != "missing_artifact" || conflict["stage"] != 1 {
		t.Fatalf("conflict %v", conflict)
	}
	if s.Context["restart_stage"] != 1 {
		t.Fatalf("restart stage %v", s.Context["restart_stage"])
	}
	report := strings.Join(s.Report, "\n")
	if !strings.Contains(report, "Missing artifact:\n  ⚠️ Stage 1 is complete but .claude/design/user-export-rules.md is missing") {
		t.Fatalf("report:\n%s", report)
	}
}

func TestTicketCounting(t *testing.T) {
	project := fixture(t, "tickets")
	_, s := only(t, project, opts(true))
	if s.Units == nil || *s.Units != (model.Progress{Done: 3, Total: 5}) {
		t.Fatalf("units %+v (AUTH-001 is another prefix)", s.Units)
	}
	want := "3 of 5 planned tickets exist (.claude/tickets/EXPORT-*.md): continue creating the remaining tickets: POST /export, GET /export/{id}/download, DELETE /export/{id}. When all exist, proceed to Stage 7 (Review)."
	if s.Context["next_step"] != want {
		t.Fatalf("next %q", s.Context["next_step"])
	}
	if !slices.Contains(s.Warnings, "the session records 2 tickets created, but 3 tickets are found in .claude/tickets/EXPORT-*.md") {
		t.Fatalf("warnings %v", s.Warnings)
	}
	tickets := s.Context["tickets"].(map[string]any)
	if tickets["existing"] != 3 || tickets["total_planned"] != 5 {
		t.Fatalf("tickets %v", tickets)
	}
	// Complexity "simple": Stage 4 without contracts is not a conflict.
	if _, ok := s.Context["conflict"]; ok {
		t.Fatalf("conflict %v", s.Context["conflict"])
	}
	// All planned tickets on disk: proceed to Review.
	for _, n := range []string{"004", "005"} {
		testkit.Write(t, filepath.Join(project, ".claude/tickets/EXPORT-"+n+".md"), "# ticket\n")
	}
	_, s = only(t, project, opts(true))
	if s.Context["next_step"] != "All 5 planned tickets exist (.claude/tickets/EXPORT-*.md): proceed to Stage 7 (Review)." {
		t.Fatalf("next %q", s.Context["next_step"])
	}
	if s.Phases[6].Result != "5 of 5 tickets created" {
		t.Fatalf("stage 6 %+v", s.Phases[6])
	}
}

// Agents drift from the schema: status words, 3a/3b keys, current_stage
// as a string, trailing commas, an unknown artifact key.
func TestDrift(t *testing.T) {
	_, s := only(t, fixture(t, "drift"), opts(true))
	var st []model.PhaseStatus
	for _, p := range s.Phases {
		st = append(st, p.Status)
	}
	want := []model.PhaseStatus{"completed", "completed", "completed", "in_progress", "pending", "pending", "pending", "pending"}
	if !reflect.DeepEqual(st, want) {
		t.Fatalf("statuses %v", st)
	}
	if s.Phases[0].Label != "completed" || s.Phases[3].Label != "3a complete, 3b In Progress" {
		t.Fatalf("labels %q %q", s.Phases[0].Label, s.Phases[3].Label)
	}
	if s.Stage != "3b" || s.Phases[3].Result != "alternative 1 chosen, writing the TDD" {
		t.Fatalf("stage %q result %q", s.Stage, s.Phases[3].Result)
	}
	if !reflect.DeepEqual(s.Warnings, []string{"the file has 2 trailing commas, which JSON does not allow: read anyway"}) {
		t.Fatalf("warnings %v", s.Warnings)
	}
	if s.LastUpdated.Format("15:04:05.000") != "09:15:00.250" {
		t.Fatalf("updated %v", s.LastUpdated)
	}
	var kinds []string
	for _, a := range s.Artifacts {
		kinds = append(kinds, fmt.Sprintf("%s %s %v", a.Kind, a.Path, a.Exists))
	}
	wantK := []string{"analysis .claude/design/billing-analysis.md true", "notes docs/billing-notes.md false", "rules .claude/design/billing-rules.md true"}
	if !reflect.DeepEqual(kinds, wantK) {
		t.Fatalf("artifacts %q", kinds)
	}
	var secs []string
	for _, sec := range s.Sections {
		secs = append(secs, sec.Title+": "+strings.Join(sec.Lines, " | "))
	}
	if !strings.Contains(strings.Join(secs, "\n"), "found on disk, not recorded in the session: .claude/design/billing-rules.md") {
		t.Fatalf("sections %q", secs)
	}
}

func TestStatusWordsAndShapes(t *testing.T) {
	cases := []struct {
		name, body string
		status     [8]string
		warn       string
	}{
		{"unknown word", `{"stage_status": {"0": "complete", "1": "blocked", "2": "pending", "3": "pending", "4": "pending", "5": "pending", "6": "pending", "7": "pending"}}`,
			[8]string{"complete", "pending", "pending", "pending", "pending", "pending", "pending", "pending"},
			`stage_status.1 is "blocked", not complete, in_progress or pending: read as pending`},
		{"missing key", `{"stage_status": {"0": "complete", "1": "complete", "2": "complete", "3": "complete", "4": "complete", "5": "complete", "6": "complete"}}`,
			[8]string{"complete", "complete", "complete", "complete", "complete", "complete", "complete", "pending"},
			"stage_status has no entry for stage 7: read as pending"},
		{"list", `{"stage_status": ["complete", "complete", "in_progress", "pending", "pending", "pending", "pending", "pending"]}`,
			[8]string{"complete", "complete", "in_progress", "pending", "pending", "pending", "pending", "pending"}, ""},
		{"current_stage only", `{"current_stage": 2}`,
			[8]string{"complete", "complete", "in_progress", "pending", "pending", "pending", "pending", "pending"},
			"stage_status is missing: stages before current_stage 2 are read as complete"},
		{"booleans and stage_ keys", `{"stage_status": {"stage_0": true, "stage_1": "In-Progress", "2": false, "3": "pending", "4": "pending", "5": "pending", "6": "pending", "7": "pending"}}`,
			[8]string{"complete", "in_progress", "pending", "pending", "pending", "pending", "pending", "pending"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tree, jerr := parseJSON([]byte(tc.body))
			if jerr != nil {
				t.Fatal(jerr)
			}
			f, serr := readSessionFile(tree, &english)
			if serr != nil {
				t.Fatal(serr)
			}
			if f.status != tc.status {
				t.Fatalf("status %v", f.status)
			}
			if tc.warn != "" && !slices.Contains(f.warnings, tc.warn) {
				t.Fatalf("warnings %q lack %q", f.warnings, tc.warn)
			}
		})
	}
	// Shapes that leave the stages unknown are corrupted.
	for _, body := range []string{`[]`, `"x"`, `{"feature_name": "x"}`, `{"stage_status": "done"}`} {
		tree, jerr := parseJSON([]byte(body))
		if jerr != nil {
			t.Fatal(jerr)
		}
		if _, serr := readSessionFile(tree, &english); serr == nil {
			t.Errorf("%s: no shape error", body)
		}
	}
}

func TestCorruptedIsRebuiltNotOnlyDiscard(t *testing.T) {
	_, s := only(t, fixture(t, "corrupted"), opts(false))
	// Reported as corrupted like any other format's file, but rebuilt,
	// not DISCARD-only.
	if s.Problem == nil || s.Problem.Kind != model.ErrCorrupted || s.Problem.Line != 11 || s.Problem.OnlyDiscard() {
		t.Fatalf("problem %+v: a corrupted design session is reported and rebuilt, not DISCARD-only", s.Problem)
	}
	if len(s.Warnings) == 0 || s.Warnings[0] != ".claude/design/sessions/user-export.session.json is corrupted (not valid JSON: line 11, column 5: unexpected '\"': a comma or } was expected): the stages were reconstructed from the design artifacts on disk" {
		t.Fatalf("warnings %q", s.Warnings)
	}
	c := s.Policy[model.Continue]
	wantQ := "Write the reconstructed session to .claude/design/sessions/user-export.session.json?\n" +
		"Stages 0-2 complete, Stage 3 in progress (TDD exists, not approved), Stages 4-7 pending.\n" +
		"The corrupted file is kept beside it as user-export.session.json.corrupted.<timestamp>."
	if c.Label != "Rebuild the session from artifacts" || !c.Writes || !c.Recommended || c.Confirm != wantQ {
		t.Fatalf("continue %+v\nwant question %q", c, wantQ)
	}
	if s.HasLastUpdated || s.Status != "corrupted" {
		t.Fatalf("updated %v status %q", s.HasLastUpdated, s.Status)
	}
	report := strings.Join(s.Report, "\n")
	for _, l := range []string{`Found a corrupted design session for "user-export"`, "Reconstructed from the artifacts on disk:",
		"  ✅ Stage 1: Business Rules - Complete (found .claude/design/user-export-rules.md)",
		"  ✅ Stage 2: Analysis - Complete (implied by later outputs)",
		"  🔄 Stage 3: Design - In Progress (TDD exists, not approved)", "  1. Rebuild the session from artifacts (recommended)"} {
		if !strings.Contains(report, l) {
			t.Errorf("report lacks %q:\n%s", l, report)
		}
	}
}

func TestCorruptedWithoutArtifacts(t *testing.T) {
	_, s := only(t, fixture(t, "corrupted_no_artifacts"), opts(false))
	c, r := s.Policy[model.Continue], s.Policy[model.Restart]
	if c.Disabled == "" || c.Writes || !r.Recommended {
		t.Fatalf("continue %+v restart %+v", c, r)
	}
	opts := model.Options(s, model.CrashInfo{})
	if o, _ := model.Find(opts, model.Restart); !o.Enabled || !o.Recommended {
		t.Fatalf("restart option %+v", o)
	}
	if o, _ := model.Find(opts, model.Discard); !o.Enabled {
		t.Fatalf("discard option %+v", o)
	}
}

func TestMigrationIsOffered(t *testing.T) {
	project := fixture(t, "migration")
	_, s := only(t, project, opts(false))
	if s.Path != sessionPath(project, "user-export") || s.Fingerprint != "" || s.Status != "no_session_file" {
		t.Fatalf("path %s fp %q status %q", s.Path, s.Fingerprint, s.Status)
	}
	c := s.Policy[model.Continue]
	if c.Label != "Create a session from the artifacts" || !c.Writes || !strings.Contains(c.Confirm, "Stages 0-2 complete, Stage 3 in progress (alternatives generated, awaiting choice), Stages 4-7 pending.") {
		t.Fatalf("continue %+v", c)
	}
	if d := s.Policy[model.Discard]; d.Disabled != "there is no session file to archive" {
		t.Fatalf("discard %+v", d)
	}
	// --stage says which stages are complete instead.
	_, s = only(t, project, opts(false, FlagStage, "2"))
	if !strings.Contains(s.Policy[model.Continue].Confirm, "Stages 0-1 complete, Stage 2 in progress, Stages 3-7 pending.") {
		t.Fatalf("question %q", s.Policy[model.Continue].Confirm)
	}
	// A feature whose session was archived (even by hand) is history.
	testkit.Write(t, filepath.Join(project, ".claude/design/sessions/archive/user-export.session.json"), "{}")
	if paths, err := New(opts(false)).Discover(project); err != nil || len(paths) != 0 {
		t.Fatalf("archived feature: %v %v", paths, err)
	}
	// A TDD alone (docs/design/ is shared with other tools) offers nothing.
	other := t.TempDir()
	testkit.Write(t, filepath.Join(other, "docs/design/user-export.md"), "# TDD\n")
	if paths, err := New(opts(false)).Discover(other); err != nil || len(paths) != 0 {
		t.Fatalf("discover %v %v", paths, err)
	}
}

func TestDiscover(t *testing.T) {
	project := fixture(t, "listing")
	dir := filepath.Join(project, ".claude/design/sessions")
	testkit.Write(t, filepath.Join(dir, "billing.session.json"), `{"current_stage": 0}`)
	testkit.Write(t, filepath.Join(dir, "notes.json"), `{}`)
	testkit.Write(t, filepath.Join(dir, "archive", "old."+nowStamp+".session.json"), `{"current_stage": 0}`)
	testkit.Write(t, filepath.Join(dir, "user-export.session.json.corrupted."+nowStamp), `{`)
	paths, err := New(opts(false)).Discover(project)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "billing.session.json"), filepath.Join(dir, "user-export.session.json")}
	if !reflect.DeepEqual(paths, want) {
		t.Fatalf("paths %v", paths)
	}
	paths, _ = New(opts(false, FlagFeature, "billing")).Discover(project)
	if !reflect.DeepEqual(paths, want[:1]) {
		t.Fatalf("--feature billing: %v", paths)
	}
	if _, err := New(opts(false, FlagFeature, "../x")).Discover(project); err == nil {
		t.Fatal("a feature with a path separator was accepted")
	}
	if paths, err := New(opts(false)).Discover(t.TempDir()); err != nil || len(paths) != 0 {
		t.Fatalf("empty project: %v %v", paths, err)
	}
	// A file where the folder should be is nothing found, not an error.
	odd := t.TempDir()
	testkit.Write(t, filepath.Join(odd, ".claude", "design"), "not a folder")
	if paths, err := New(opts(false)).Discover(odd); err != nil || len(paths) != 0 {
		t.Fatalf("odd project: %v %v", paths, err)
	}
}

func TestOpenAndNotFound(t *testing.T) {
	project := fixture(t, "listing")
	l := New(opts(true))
	s, ok, err := l.Open(sessionPath(project, "user-export"))
	if err != nil || !ok || s.Archived || s.Project != project {
		t.Fatalf("open: %v %v %+v", ok, err, s)
	}
	arch := filepath.Join(project, ".claude/design/sessions/archive/user-export."+nowStamp+".session.json")
	testkit.Write(t, arch, testkit.Read(t, sessionPath(project, "user-export")))
	s, ok, err = l.Open(arch)
	if err != nil || !ok || !s.Archived || s.Title != "/design user-export" {
		t.Fatalf("open archived: %v %v %+v", ok, err, s)
	}
	if c := s.Policy[model.Continue]; !strings.HasPrefix(c.Disabled, "this is an archived session (history)") {
		t.Fatalf("archived continue %+v", c)
	}
	if s.Report[0] != `Archived design session for "user-export"` {
		t.Fatalf("report %q", s.Report[0])
	}
	if _, ok, _ := l.Open(filepath.Join(project, "notes.session.json")); ok {
		t.Fatal("a session file outside .claude/design/sessions was accepted")
	}
	if _, ok, _ := l.Open(filepath.Join(project, ".claude/design/user-export-rules.md")); ok {
		t.Fatal("an artifact was accepted as a session")
	}
	if msg := New(opts(false, FlagFeature, "billing")).NotFound(project); !strings.Contains(msg, `no design session for "billing"`) ||
		!strings.Contains(msg, ".claude/design/sessions/billing.session.json does not exist") {
		t.Fatalf("not found %q", msg)
	}
}

func TestUnreadableFileIsAnError(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads everything")
	}
	project := fixture(t, "listing")
	p := sessionPath(project, "user-export")
	if err := os.Chmod(p, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(p, 0o644)
	if _, err := New(opts(false)).Load(project, p); err == nil || !strings.Contains(err.Error(), p) {
		t.Fatalf("err %v: want one naming the file", err)
	}
}

func TestPlanAndPrompt(t *testing.T) {
	_, s := only(t, fixture(t, "tickets"), opts(true))
	if s.Plan == nil {
		t.Fatal("no plan")
	}
	d := s.Plan.Data.(planData)
	if d.ResumeStage != 6 || d.Situation != "resume" || d.Tickets == nil || d.Tickets.Existing != 3 || *d.Tickets.TotalPlanned != 5 {
		t.Fatalf("plan %+v", d)
	}
	if d.NextStep != s.Context["next_step"] || d.Restart.FromStage != 0 {
		t.Fatalf("plan next %q restart %+v", d.NextStep, d.Restart)
	}
	text := strings.Join(s.Plan.Lines, "\n")
	for _, l := range []string{"CONTINUE resumes at Stage 6: Tickets: Stage 6 is the first stage not complete", "  in_progress Stage 6: Tickets (3 of 5 tickets created)",
		"Tickets: 3 of 5 tickets created (.claude/tickets/EXPORT-*.md)", "RESTART would start again at Stage 0: Clarification"} {
		if !strings.Contains(text, l) {
			t.Errorf("plan lacks %q:\n%s", l, text)
		}
	}
	for _, l := range []string{"# Resume /design: «user-export»", "**Stage 6: Tickets**", "## Next step\n\n3 of 5 planned tickets exist", "- [x] Stage 5: BDD (14 scenarios)", "- [~] Stage 6: Tickets", "- `.claude/tickets/EXPORT-002.md` (tickets, exists)"} {
		if !strings.Contains(s.Prompt, l) {
			t.Errorf("prompt lacks %q:\n%s", l, s.Prompt)
		}
	}
	data, err := json.Marshal(s.Plan.Data)
	if err != nil || !strings.Contains(string(data), `"situation":"resume"`) {
		t.Fatalf("plan JSON %s %v", data, err)
	}
}
