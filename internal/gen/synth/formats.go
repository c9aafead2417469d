package synth

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// BookforgeSpec sizes a bookforge book.
type BookforgeSpec struct {
	Chapters, ScenesPerChapter int
}

// DefaultBookforge is 500 scenes: 25 chapters of 20.
func DefaultBookforge() BookforgeSpec { return BookforgeSpec{Chapters: 25, ScenesPerChapter: 20} }

// Bookforge is a written book.
type Bookforge struct {
	Written
	Book   string // the book folder
	Scenes int
}

// bookPhases are the ledger's phases in the order the real tool writes
// them (repair after lint), with their artifacts.
var bookPhases = []struct {
	name      string
	artifacts [][2]string // key, file suffix
}{
	{"plan", [][2]string{{"scene_card", "scene_card.json"}}},
	{"preflight", [][2]string{{"patch", "preflight_patch.json"}}},
	{"continuity_pack", [][2]string{{"pack", "continuity_pack.json"}}},
	{"write", [][2]string{{"prose", "write_prose.txt"}, {"patch", "write_patch.json"}}},
	{"state_repair", [][2]string{{"patch", "state_repair_patch.json"}}},
	{"lint", [][2]string{{"report", "lint_report.json"}}},
	{"repair", [][2]string{{"prose", "repair_prose.txt"}, {"patch", "repair_patch.json"}}},
}

// WriteBookforge writes project root/bookforge with one book, "saga",
// whose every scene but the last finished all phases; the last stopped
// after preflight on a quota error (run_paused.json). Ledgers are in the
// real tool's form (json.dumps indent=2), each naming artifact files that
// exist; finished scenes have their chapter prose.
func WriteBookforge(root string, spec BookforgeSpec) (*Bookforge, error) {
	dir, err := mkdirAbs(filepath.Join(root, "bookforge"))
	if err != nil {
		return nil, err
	}
	b := &Bookforge{Scenes: spec.Chapters * spec.ScenesPerChapter}
	b.Kind, b.Project = "bookforge", dir
	b.Book = filepath.Join(dir, "workspace", "books", "saga")
	hist := filepath.Join(b.Book, "draft", "context", "phase_history")
	b.File = hist
	if err := writeFile(filepath.Join(b.Book, "book.json"), `{
  "book_id": "saga",
  "title": "The Long Salt Road",
  "author_ref": "eldrik-vale/v3",
  "genre": [
    "fantasy"
  ]
}`); err != nil {
		return nil, err
	}
	t := base
	n := 0
	for ch := 1; ch <= spec.Chapters; ch++ {
		for sc := 1; sc <= spec.ScenesPerChapter; sc++ {
			n++
			id := fmt.Sprintf("ch%03d_sc%03d", ch, sc)
			phases := len(bookPhases)
			if n == b.Scenes {
				phases = 2 // the last scene stopped before write
			}
			var l strings.Builder
			fmt.Fprintf(&l, "{\n  \"scene_id\": %q,\n  \"phases\": {", id)
			for i := 0; i < phases; i++ {
				ph := bookPhases[i]
				t = t.Add(3*time.Minute + time.Duration(n%17)*time.Second)
				if i > 0 {
					l.WriteString(",")
				}
				fmt.Fprintf(&l, "\n    %q: {\n      \"status\": \"success\",\n      \"timestamp\": %q,\n      \"artifacts\": {", ph.name, stamp(t))
				for j, a := range ph.artifacts {
					rel := "draft/context/phase_history/" + id + "/" + a[1]
					if j > 0 {
						l.WriteString(",")
					}
					fmt.Fprintf(&l, "\n        %q: %q", a[0], rel)
					body := fmt.Sprintf("{\n  \"chapter\": %d,\n  \"scene\": %d,\n  \"note\": %q\n}", ch, sc, phrase(n+i, 8))
					if strings.HasSuffix(a[1], ".txt") {
						body = strings.Repeat(phrase(n+i, 12)+". ", 6) + "\n"
					}
					if err := writeFile(filepath.Join(b.Book, filepath.FromSlash(rel)), body); err != nil {
						return nil, err
					}
				}
				l.WriteString("\n      }\n    }")
			}
			l.WriteString("\n  }\n}")
			if err := writeFile(filepath.Join(hist, id+".json"), l.String()); err != nil {
				return nil, err
			}
			if phases == len(bookPhases) {
				prose := fmt.Sprintf("# Chapter %d, scene %d\n\n%s\n", ch, sc, strings.Repeat(phrase(n, 10)+". ", 20))
				if err := writeFile(filepath.Join(b.Book, "draft", "chapters", fmt.Sprintf("ch_%03d", ch), fmt.Sprintf("scene_%03d.md", sc)), prose); err != nil {
					return nil, err
				}
			}
		}
	}
	pause := fmt.Sprintf(`{
  "book_id": "saga",
  "phase": "write_scene",
  "status_code": 429,
  "message": "Resource has been exhausted (e.g. check quota).",
  "retry_after_seconds": 600.0,
  "created_at": %q,
  "chapter": %d,
  "scene": %d
}`, stamp(t.Add(time.Minute)), spec.Chapters, spec.ScenesPerChapter)
	if err := writeFile(filepath.Join(b.Book, "draft", "context", "run_paused.json"), pause); err != nil {
		return nil, err
	}
	b.Summary = fmt.Sprintf("bookforge: one book of %d scenes (%d chapters), paused on a quota error in the last scene", b.Scenes, spec.Chapters)
	return b, nil
}

// KilnSpec sizes a kiln project.
type KilnSpec struct {
	Phases int // phase_total
	Events int // events in the current phase's state file
}

// DefaultKiln is 500 phases and a phase state with 20,000 events.
func DefaultKiln() KilnSpec { return KilnSpec{Phases: 500, Events: 20_000} }

// Kiln is a written kiln project.
type Kiln struct {
	Written
	Current int    // the phase in progress
	State   string // its .kiln/phase_<N>_state.md
}

var kilnCycle = [][3]string{
	{"Codex", "task_start", "Task %d"},
	{"Codex", "task_success", "Task %d done"},
	{"Sphinx", "review_start", "Review round %d"},
	{"Sphinx", "review_rejected", "REJECTED: %d findings"},
	{"Maestro", "fix_start", "Fix round %d"},
	{"Codex", "fix_complete", "Fix round %d applied"},
	{"Sphinx", "review_approved", "APPROVED after round %d"},
}

// WriteKiln writes project root/kiln/project in the execution stage at
// the middle phase of Phases: .kiln/memory holds MEMORY.md (a Phase
// Statuses line per phase), master-plan.md (a section per phase) and the
// other memory files; .kiln/archive holds a phase_summary.md per finished
// phase; .kiln/phase_<N>_state.md holds Events events.
func WriteKiln(root string, spec KilnSpec) (*Kiln, error) {
	dir, err := mkdirAbs(filepath.Join(root, "kiln", "project"))
	if err != nil {
		return nil, err
	}
	k := &Kiln{Current: max(spec.Phases/2, 1)}
	k.Kind, k.Project = "kiln", dir
	mem := filepath.Join(dir, ".kiln", "memory")
	name := func(n int) string {
		return fmt.Sprintf("%s %s", strings.ToUpper(phrase(n, 1)[:1])+phrase(n, 1)[1:], phrase(n+1, 1))
	}

	var m strings.Builder
	fmt.Fprintf(&m, `# Kiln Project Memory

## Metadata
project_name: orders
project_path: %s
project_mode: brownfield
date_started: 2026-01-05
last_updated: %s

## Runtime
stage: execution
status: in_progress
planning_sub_stage: null
debate_mode: 2
phase_number: %d
phase_name: %s
phase_total: %d
correction_cycle: 0

## Handoff
handoff_note: Phase %d review round in progress.
handoff_context: |
  Phases 1-%d are merged and archived.
  The current phase is in its review and fix cycle.

## Phase Statuses
`, dir, stamp(base.Add(30*24*time.Hour)), k.Current, name(k.Current), spec.Phases, k.Current, k.Current-1)
	for n := 1; n <= spec.Phases; n++ {
		st := "pending"
		switch {
		case n < k.Current:
			st = "completed"
		case n == k.Current:
			st = "in_progress"
		}
		fmt.Fprintf(&m, "- phase_number: %d | phase_name: %s | phase_status: %s\n", n, name(n), st)
	}
	m.WriteString("\n## Phase Results\n")
	for n := 1; n < k.Current; n++ {
		fmt.Fprintf(&m, "- Phase %d: %d/%d tasks, review approved in round %d\n", n, 3+n%5, 3+n%5, 1+n%3)
	}
	m.WriteString("\n## Resume Log\n- 2026-01-05T09:00:00Z Initialized via /kiln:start\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&m, "- %s Resumed via /kiln:resume\n", stamp(base.Add(time.Duration(i)*17*time.Hour)))
	}
	if err := writeFile(filepath.Join(mem, "MEMORY.md"), m.String()); err != nil {
		return nil, err
	}

	var plan strings.Builder
	plan.WriteString("# Master Plan: orders\n")
	for n := 1; n <= spec.Phases; n++ {
		fmt.Fprintf(&plan, "\n## Phase %d: %s\n### Goal\n%s.\n### Steps\n1. %s\n2. %s\n3. %s\n", n, name(n), phrase(n, 8), phrase(n+2, 5), phrase(n+3, 6), phrase(n+4, 4))
	}
	files := map[string]string{
		"master-plan.md": plan.String(),
		"vision.md":      "# Vision\n\n## Problem Statement\nOrders are lost between systems.\n\n## Goals\n- One event log for every order.\n",
		"decisions.md":   "# Decisions\n\n## Decision: event log first\nDate: 2026-01-06\nRationale: projections can be rebuilt.\n",
		"pitfalls.md":    "# Pitfalls\n\n## Pitfall: clock skew\nSymptom: events out of order.\nWorkaround/Fix: order by sequence, not time.\n",
	}
	for f, body := range files {
		if err := writeFile(filepath.Join(mem, f), body); err != nil {
			return nil, err
		}
	}
	t := base
	for n := 1; n < k.Current; n++ {
		started := t
		t = t.Add(90 * time.Minute)
		tasks := 3 + n%5
		sum := fmt.Sprintf("# Phase %d Summary\nphase_number: %d\nphase_name: %s\nstatus: complete\nstarted: %s\ncompleted: %s\ntasks_total: %d\ntasks_succeeded: %d\ntasks_failed: 0\nreview_verdict: approved\n",
			n, n, name(n), stamp(started), stamp(t), tasks, tasks)
		if err := writeFile(filepath.Join(dir, ".kiln", "archive", fmt.Sprintf("phase_%02d", n), "phase_summary.md"), sum); err != nil {
			return nil, err
		}
	}

	k.State = filepath.Join(dir, ".kiln", fmt.Sprintf("phase_%d_state.md", k.Current))
	k.File = k.State
	fw, err := create(k.State)
	if err != nil {
		return nil, err
	}
	fw.printf("# Phase %d State\nstatus: in_progress\nbranch: kiln/phase-%d\nphase_start_commit: 4f1c2d9\nstarted: %s\n\n## Events\n", k.Current, k.Current, stamp(t))
	head := [][3]string{
		{"Maestro", "setup", "Phase %d initialized"},
		{"Maestro", "branch", "Created branch for phase %d"},
		{"Maestro", "plan_start", "Drafting the plan for phase %d"},
		{"Plato", "synthesis_complete", "phase_plan.md written (%d tasks)"},
		{"Maestro", "plan_complete", "Plan ready (%d)"},
		{"Scheherazade", "sharpen_complete", "%d task prompts written"},
	}
	ev := 0
	for _, h := range head {
		if ev == spec.Events {
			break
		}
		t = t.Add(time.Minute)
		fw.printf("- [%s] [%s] [%s] — "+h[2]+"\n", stamp(t), h[0], h[1], k.Current)
		ev++
	}
	for i := 0; ev < spec.Events; i++ {
		c := kilnCycle[i%len(kilnCycle)]
		t = t.Add(20 * time.Second)
		fw.printf("- [%s] [%s] [%s] — "+c[2]+"\n", stamp(t), c[0], c[1], 1+i/len(kilnCycle))
		ev++
	}
	if err := fw.close(); err != nil {
		return nil, err
	}
	k.Summary = fmt.Sprintf("kiln: %d phases (phase %d in progress, %d archived), a phase state with %d events", spec.Phases, k.Current, k.Current-1, spec.Events)
	return k, nil
}

// AIOSSpec sizes an AIOS session state.
type AIOSSpec struct {
	// Results is the number of phase results recorded over the epic.
	Results int
}

// DefaultAIOS is 10,000 phase results.
func DefaultAIOS() AIOSSpec { return AIOSSpec{Results: 10_000} }

// AIOS is a written AIOS project.
type AIOS struct {
	Written
	Stories int
}

var aiosPhases = []struct{ name, executor string }{
	{"validation", "@po"}, {"development", "@dev"}, {"self_healing", "@dev"},
	{"quality_gate", "@qa"}, {"push", "@devops"}, {"checkpoint", "@po"},
}

// WriteAIOS writes project root/aios/project with
// docs/stories/.session-state.yaml in the core (v1.2) layout: a long
// epic whose finished stories are listed, the current story's
// phase_results, and the epic's phase history (every phase result of
// every story, Results of them) under workflow.phase_history, which the
// loader does not read but must parse. Each story has its file in
// docs/stories: "<id>.story.md", or for one in five "<id>.<slug>.md".
func WriteAIOS(root string, spec AIOSSpec) (*AIOS, error) {
	dir, err := mkdirAbs(filepath.Join(root, "aios", "project"))
	if err != nil {
		return nil, err
	}
	a := &AIOS{Stories: spec.Results/len(aiosPhases) + 1}
	a.Kind, a.Project = "aios", dir
	a.File = filepath.Join(dir, "docs", "stories", ".session-state.yaml")
	fw, err := create(a.File)
	if err != nil {
		return nil, err
	}
	story := func(i int) string { return fmt.Sprintf("'%d.%d'", 1+i/100, 1+i%100) }
	last := base.Add(time.Duration(spec.Results) * 4 * time.Minute)
	fw.printf(`# AIOS Bob session state, as aios-core's session-state.js writes it.
session_state:
  version: '1.2'
  last_updated: '%s'

  epic:
    id: epic-90
    title: Order Platform Rewrite
    total_stories: %d

  progress:
    current_story: %s
    stories_done:
`, last.Format("2006-01-02T15:04:05.000Z"), a.Stories, story(a.Stories-1))
	for i := 0; i < a.Stories-1; i++ {
		fw.printf("      - %s\n", story(i))
	}
	fw.printf("    stories_pending:\n      - %s\n\n  workflow:\n    current_phase: development\n    attempt_count: 2\n    phase_results:\n      validation:\n        status: PASS\n        executor: '@po'\n        duration: 2345\n    started_at: '%s'\n    phase_history:\n",
		story(a.Stories-1), stamp(base))
	t := base
	for i := 0; i < spec.Results; i++ {
		p := aiosPhases[i%len(aiosPhases)]
		t = t.Add(4 * time.Minute)
		status := "PASS"
		if i%37 == 5 {
			status = "FAIL"
		}
		fw.printf("      - story: %s\n        phase: %s\n        status: %s\n        executor: '%s'\n        duration: %d\n        timestamp: '%s'\n",
			story(i/len(aiosPhases)), p.name, status, p.executor, 1000+(i*7919)%90000, stamp(t))
	}
	fw.printf(`
  last_action:
    type: PHASE_CHANGE
    timestamp: '%s'
    story: %s
    phase: development

  context_snapshot:
    files_modified: 4
    executor_distribution:
      '@po': %d
      '@dev': %d
    last_executor: '@dev'
    branch: feature/order-platform
  resume_instructions: |-
    Story %s is in development.
    Progress: %d of %d stories done.
  overrides:
    educational_mode: null
`, last.Format("2006-01-02T15:04:05.000Z"), story(a.Stories-1), a.Stories, 2*a.Stories, strings.Trim(story(a.Stories-1), "'"), a.Stories-1, a.Stories)
	if err := fw.close(); err != nil {
		return nil, err
	}
	for i := 0; i < a.Stories; i++ {
		id := strings.Trim(story(i), "'")
		name := id + ".story.md"
		if i%5 == 4 {
			name = id + "." + strings.ReplaceAll(phrase(i, 3), " ", "-") + ".md"
		}
		body := fmt.Sprintf("# Story %s: %s\n\nStatus: %s\n", id, phrase(i, 5), map[bool]string{true: "Done", false: "In Progress"}[i < a.Stories-1])
		if err := writeFile(filepath.Join(dir, "docs", "stories", name), body); err != nil {
			return nil, err
		}
	}
	a.Summary = fmt.Sprintf("aios: a v1.2 session state with %d phase results over %d stories, each with its story file", spec.Results, a.Stories)
	return a, nil
}

// DesignSpec sizes a /design project.
type DesignSpec struct {
	Sessions int
}

// DefaultDesign is 200 sessions.
func DefaultDesign() DesignSpec { return DesignSpec{Sessions: 200} }

// Design is a written /design project.
type Design struct {
	Written
	Sessions int
}

// WriteDesign writes project root/design/project with Sessions session
// files in .claude/design/sessions/, at stages spread over 0-7, each with
// the artifacts its finished stages name.
func WriteDesign(root string, spec DesignSpec) (*Design, error) {
	dir, err := mkdirAbs(filepath.Join(root, "design", "project"))
	if err != nil {
		return nil, err
	}
	d := &Design{Sessions: spec.Sessions}
	d.Kind, d.Project = "design", dir
	sessions := filepath.Join(dir, ".claude", "design", "sessions")
	d.File = sessions
	for i := 0; i < spec.Sessions; i++ {
		f := fmt.Sprintf("feature-%03d", i+1)
		stage := 1 + i%7 // 1..7: the stage in progress
		created := base.Add(time.Duration(i) * 3 * time.Hour)
		art := func(rel, body string) (string, error) {
			return rel, writeFile(filepath.Join(dir, filepath.FromSlash(rel)), body)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "{\n  \"version\": \"1.0\",\n  \"feature_name\": %q,\n  \"prd_source\": \".claude/context/EPIC-%d.md\",\n  \"created_at\": %q,\n  \"updated_at\": %q,\n\n  \"current_stage\": %d,\n  \"stage_status\": {\n",
			f, 100+i, stamp(created), stamp(created.Add(2*time.Hour)), stage)
		for s := 0; s <= 7; s++ {
			st := "pending"
			switch {
			case s < stage:
				st = "complete"
			case s == stage:
				st = "in_progress"
			}
			sep := ","
			if s == 7 {
				sep = ""
			}
			fmt.Fprintf(&b, "    \"%d\": %q%s\n", s, st, sep)
		}
		b.WriteString("  },\n\n  \"checkpoints\": {\n")
		rules, err := art(".claude/design/"+f+"-rules.md", "# Rules: "+f+"\n\n1. "+phrase(i, 8)+"\n2. "+phrase(i+1, 8)+"\n")
		if err != nil {
			return nil, err
		}
		cps := []string{fmt.Sprintf("    \"stage_0_clarity\": {\n      \"completed_at\": %q,\n      \"was_clear\": true\n    }", stamp(created.Add(5*time.Minute)))}
		if stage > 1 {
			cps = append(cps, fmt.Sprintf("    \"stage_1_rules\": {\n      \"completed_at\": %q,\n      \"rules_file\": %q,\n      \"rules_count\": 2,\n      \"user_approved\": true\n    }", stamp(created.Add(30*time.Minute)), rules))
		}
		if stage > 2 {
			cps = append(cps, fmt.Sprintf("    \"stage_2_analysis\": {\n      \"completed_at\": %q,\n      \"complexity\": \"complex\",\n      \"reason\": %q\n    }", stamp(created.Add(45*time.Minute)), phrase(i, 6)))
		}
		analysis := "null"
		if stage > 3 {
			a, err := art(".claude/design/"+f+"-analysis.md", "# Analysis: "+f+"\n\n"+phrase(i, 30)+"\n")
			if err != nil {
				return nil, err
			}
			analysis = fmt.Sprintf("%q", a)
			cps = append(cps, fmt.Sprintf("    \"stage_3a_alternatives\": {\n      \"completed_at\": %q,\n      \"analysis_file\": %s,\n      \"alternatives_count\": 3,\n      \"chosen_alternative\": 2,\n      \"choice_rationale\": %q\n    }", stamp(created.Add(time.Hour)), analysis, phrase(i+2, 6)))
		}
		tdd, adrs := "null", "[]"
		if stage > 4 {
			t, err := art("docs/design/"+f+".md", "# Technical design: "+f+"\n\n"+phrase(i, 40)+"\n")
			if err != nil {
				return nil, err
			}
			adr, err := art(fmt.Sprintf("docs/adr/%04d-%s.md", i+1, f), "# ADR: "+phrase(i, 5)+"\n")
			if err != nil {
				return nil, err
			}
			tdd, adrs = fmt.Sprintf("%q", t), fmt.Sprintf("[%q]", adr)
			cps = append(cps, fmt.Sprintf("    \"stage_3b_design\": {\n      \"completed_at\": %q,\n      \"tdd_file\": %s,\n      \"adr_files\": %s,\n      \"user_approved\": true\n    }", stamp(created.Add(90*time.Minute)), tdd, adrs))
		}
		b.WriteString(strings.Join(cps, ",\n"))
		b.WriteString("\n  },\n\n")
		contracts, tickets := "null", "[]"
		if stage > 5 {
			c, err := art(".claude/design/"+f+"-contracts.md", "# Contracts: "+f+"\n\nPOST /"+f+"\n")
			if err != nil {
				return nil, err
			}
			contracts = fmt.Sprintf("%q", c)
		}
		created2 := 0
		if stage > 6 {
			var ts []string
			for k := 1; k <= 2; k++ {
				t, err := art(fmt.Sprintf(".claude/tickets/F%03d-%03d.md", i+1, k), "# Ticket "+phrase(i+k, 4)+"\n")
				if err != nil {
					return nil, err
				}
				ts = append(ts, fmt.Sprintf("%q", t))
			}
			tickets, created2 = "["+strings.Join(ts, ", ")+"]", 2
		}
		fmt.Fprintf(&b, "  \"artifacts\": {\n    \"rules\": %q,\n    \"analysis\": %s,\n    \"tdd\": %s,\n    \"adrs\": %s,\n    \"bdd\": null,\n    \"contracts\": %s,\n    \"tickets\": %s\n  },\n\n",
			rules, analysis, tdd, adrs, contracts, tickets)
		fmt.Fprintf(&b, "  \"tickets_progress\": {\n    \"total_planned\": 5,\n    \"created\": %d,\n    \"remaining\": [\"GET /%s\", \"DELETE /%s\"]\n  }\n}\n", created2, f, f)
		if _, err := art(fmt.Sprintf(".claude/context/EPIC-%d.md", 100+i), "# EPIC "+phrase(i, 4)+"\n"); err != nil {
			return nil, err
		}
		if err := writeFile(filepath.Join(sessions, f+".session.json"), b.String()); err != nil {
			return nil, err
		}
	}
	d.Summary = fmt.Sprintf("design: %d /design sessions at stages 1-7, with their artifacts", spec.Sessions)
	return d, nil
}
