package kiln

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func inv(statuses ...string) []InvPhase {
	out := make([]InvPhase, len(statuses))
	for i, s := range statuses {
		out[i] = InvPhase{Number: i + 1, Name: "P" + string(rune('1'+i)), Status: s}
	}
	return out
}

func TestSelectPhase(t *testing.T) {
	for _, tc := range []struct {
		name string
		inv  []InvPhase
		n    int
		pick Pick
	}{
		{"in_progress wins over failed and pending", inv("completed", "failed", "in_progress", "pending"), 3, PickInProgress},
		{"failed is retried before pending", inv("completed", "pending", "failed"), 3, PickFailed},
		{"lowest pending", inv("completed", "completed", "pending", "pending"), 3, PickPending},
		{"pending out of order", []InvPhase{{Number: 5, Status: "pending"}, {Number: 2, Status: "pending"}}, 2, PickPending},
		{"two in progress: lowest", []InvPhase{{Number: 4, Status: "in_progress"}, {Number: 2, Status: "in_progress"}}, 2, PickInProgress},
		{"all done", inv("completed", "completed"), 0, PickAllDone},
		{"nothing at all", nil, 0, PickAllDone},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, pick := SelectPhase(tc.inv)
			if p.Number != tc.n || pick != tc.pick {
				t.Fatalf("got phase %d (%s), want %d (%s)", p.Number, pick, tc.n, tc.pick)
			}
		})
	}
}

// TestEveryEventType cuts the fixture's event log after each of the 27
// event types in turn (so each is the last event, with a real history
// before it) and checks the step it routes to.
func TestEveryEventType(t *testing.T) {
	want := map[string]struct {
		step    string
		handoff bool
	}{
		"setup":                  {"Step 2 (plan)", false},
		"branch":                 {"Step 2 (plan)", false},
		"plan_start":             {"Step 2 (plan), dual plan", false},
		"plan_complete":          {"Step 2 (plan), debate", false},
		"debate_complete":        {"Step 2 (plan), synthesis", false},
		"synthesis_complete":     {"Step 3 (sharpen)", false},
		"plan_validate_start":    {"Step 2 (plan), plan validation", false},
		"plan_validate_complete": {"Step 3 (sharpen)", false},
		"sharpen_start":          {"Step 3 (sharpen)", false},
		"sharpen_complete":       {"Step 4 (implement)", false},
		"task_start":             {"Step 4 (implement), task 1", false},
		"task_success":           {"Step 4 (implement), task 2", false},
		"task_retry":             {"Step 4 (implement), task 2", false},
		"task_fail":              {"Step 4 (implement), task 3", false},
		"review_start":           {"Step 5 (review), round 1", false},
		"review_approved":        {"Step 6 (complete/merge)", false},
		"review_rejected":        {"Step 5 (review), round 2", false},
		"fix_start":              {"Step 5 (review), round 2", false},
		"fix_complete":           {"Step 5 (review), round 2", false},
		"merge":                  {"reconcile, then Step 7 (archive)", false},
		"reconcile_complete":     {"Step 7 (archive)", false},
		"deploy_start":           {"where the handoff note says", true},
		"deploy_complete":        {"where the handoff note says", true},
		"correction_start":       {"where the handoff note says", true},
		"correction_complete":    {"where the handoff note says", true},
		"error":                  {"where the handoff note says", true},
		"halt":                   {"where the handoff note says", true},
	}
	if len(EventTypes) != 27 || len(want) != 27 {
		t.Fatalf("%d event types, %d expectations", len(EventTypes), len(want))
	}
	full := parsePhaseState([]byte(fixture(t, "events/phase_3_state.md")))
	if len(full.Events) != 27 || len(full.BadLines) != 0 {
		t.Fatalf("fixture: %d events, bad lines %v", len(full.Events), full.BadLines)
	}
	for i, typ := range EventTypes {
		t.Run(typ, func(t *testing.T) {
			if full.Events[i].Type != typ {
				t.Fatalf("fixture line %d is %s", i, full.Events[i].Type)
			}
			st := *full
			st.Events = full.Events[:i+1]
			v := StepFor(&st, 2)
			w := want[typ]
			if got := v.Step.String(); got != w.step || v.Handoff != w.handoff || !v.Known {
				t.Fatalf("%s -> %q handoff=%v known=%v, want %q handoff=%v", typ, got, v.Handoff, v.Known, w.step, w.handoff)
			}
			if v.Last == nil || v.Last.Type != typ || v.Why == "" {
				t.Fatalf("verdict %+v", v)
			}
			if (typ == "merge") != (v.Warning != "") {
				t.Fatalf("warning %q", v.Warning)
			}
		})
	}
}

// The spec's own sentences for the events it names.
func TestEventWordsFromTheSpec(t *testing.T) {
	for typ, why := range map[string]string{
		"setup":              "phase stopped during setup; restart from Step 2 (plan)",
		"sharpen_start":      "sharpening began but did not complete; restart from Step 3 (sharpen)",
		"sharpen_complete":   "prompts generated; restart from Step 4 (implement)",
		"reconcile_complete": "reconciliation done; restart from Step 7 (archive)",
		"review_approved":    "review passed; restart from Step 6 (complete/merge)",
		"error":              "phase stopped on error; trust handoff_note for what to fix",
		"halt":               "phase stopped on error; trust handoff_note for what to fix",
	} {
		v := StepFor(&PhaseState{Events: []Event{{Type: typ}}}, 2)
		if v.Why != why {
			t.Errorf("%s: %q", typ, v.Why)
		}
	}
}

func events(types ...string) *PhaseState {
	st := &PhaseState{}
	for i, typ := range types {
		st.Events = append(st.Events, Event{Type: typ, Line: i + 8})
	}
	return st
}

func TestPlanningSubSteps(t *testing.T) {
	for _, tc := range []struct {
		name   string
		events []string
		mode   int
		want   string
	}{
		{"drafting", []string{"setup", "branch", "plan_start"}, 2, "Step 2 (plan), dual plan"},
		{"drafts done, debate next", []string{"plan_start", "plan_complete"}, 2, "Step 2 (plan), debate"},
		{"drafts done, mode 1 skips the debate", []string{"plan_start", "plan_complete"}, 1, "Step 2 (plan), synthesis"},
		{"mode 3 debates too", []string{"plan_start", "plan_complete"}, 3, "Step 2 (plan), debate"},
		{"debate done", []string{"plan_start", "plan_complete", "debate_complete"}, 2, "Step 2 (plan), synthesis"},
		{"seed order: synthesis last", []string{"plan_start", "plan_complete", "debate_complete", "synthesis_complete"}, 2, "Step 3 (sharpen)"},
		// The real executor appends plan_complete after synthesis.
		{"executor order: plan_complete last", []string{"plan_start", "debate_complete", "synthesis_complete", "plan_complete"}, 2, "Step 3 (sharpen)"},
		{"executor order: stopped before plan_complete", []string{"plan_start", "debate_complete", "synthesis_complete"}, 2, "Step 3 (sharpen)"},
		{"validation began", []string{"plan_start", "synthesis_complete", "plan_validate_start"}, 2, "Step 2 (plan), plan validation"},
		{"validation done", []string{"plan_start", "synthesis_complete", "plan_validate_start", "plan_validate_complete"}, 2, "Step 3 (sharpen)"},
		{"a redo of the drafts", []string{"plan_start", "plan_complete", "plan_start"}, 2, "Step 2 (plan), dual plan"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := StepFor(events(tc.events...), tc.mode).Step.String(); got != tc.want {
				t.Fatalf("got %q want %q", got, tc.want)
			}
		})
	}
}

func TestTasksAndRounds(t *testing.T) {
	for _, tc := range []struct {
		events []string
		want   string
	}{
		{[]string{"sharpen_complete", "task_start"}, "Step 4 (implement), task 1"},
		{[]string{"task_start", "task_success", "task_start", "task_success", "task_start"}, "Step 4 (implement), task 3"},
		{[]string{"task_start", "task_retry", "task_success"}, "Step 4 (implement), task 2"},
		{[]string{"task_start", "task_retry", "task_fail", "task_start", "task_retry"}, "Step 4 (implement), task 2"},
		{[]string{"review_start"}, "Step 5 (review), round 1"},
		{[]string{"review_start", "review_rejected", "fix_start", "fix_complete", "review_rejected"}, "Step 5 (review), round 3"},
	} {
		if got := StepFor(events(tc.events...), 2).Step.String(); got != tc.want {
			t.Errorf("%v: got %q want %q", tc.events, got, tc.want)
		}
	}
}

func TestUnknownAndMissingEvents(t *testing.T) {
	v := StepFor(events("setup", "teleport"), 2)
	if v.Known || !v.Handoff || !strings.Contains(v.Warning, `"teleport"`) || !strings.Contains(v.Warning, "line 9") {
		t.Fatalf("unknown: %+v", v)
	}
	v = StepFor(&PhaseState{}, 2)
	if v.Step != stepSetup || v.Warning == "" || v.Last != nil {
		t.Fatalf("no events: %+v", v)
	}
	v = StepFor(nil, 2)
	if v.Step != stepSetup || v.Warning != "" || !strings.Contains(v.Why, "no phase state file") {
		t.Fatalf("no file: %+v", v)
	}
}

func TestParsePhaseState(t *testing.T) {
	p := parsePhaseState([]byte(fixture(t, "execution/kiln/phase_3_state.md")))
	if p.Status != "in_progress" || p.Branch != "kiln/phase-3-checkout-flow" || p.Commit != "4f1c2d9" || p.Started != "2026-02-20T10:00:00Z" {
		t.Fatalf("header %+v", p)
	}
	last, _ := p.Last()
	if len(p.Events) != 8 || last.Type != "sharpen_complete" || last.Agent != "Scheherazade" ||
		last.Text != "5 task prompts in .kiln/prompts" || last.When() != "2026-02-20 14:02" || last.Line != 15 {
		t.Fatalf("events %d, last %+v", len(p.Events), last)
	}
	// Separators and spacing agents write.
	p = parsePhaseState([]byte("## Events\n- [2026-02-20T10:00:00Z] [Maestro] [setup] - hyphen\n-  [x] [A]  [HALT]:  colon\n* [2026-02-20 10:00] [B] [merge]\nnot an event\n- [only] [two]\n"))
	if len(p.Events) != 4 || p.Events[0].Text != "hyphen" || p.Events[1].Type != "halt" || p.Events[1].Text != "colon" ||
		p.Events[1].When() != "x" || p.Events[2].When() != "2026-02-20 10:00" || p.Events[3].Type != "only" || p.Events[3].Known() {
		t.Fatalf("lenient events %+v", p.Events)
	}
	if !reflect.DeepEqual(p.BadLines, []int{5}) {
		t.Fatalf("bad lines %v", p.BadLines)
	}
}

func facts(stage, status string, mut ...func(*Facts)) Facts {
	f := Facts{Stage: stage, Status: status, DebateMode: 2, PhaseTotal: 4}
	for _, m := range mut {
		m(&f)
	}
	return f
}

func TestRouteStages(t *testing.T) {
	sharpened := events("setup", "sharpen_complete")
	sharpened.Events[1].Stamp, sharpened.Events[1].HasTime = "2026-02-20T14:02:00Z", true
	sharpened.Events[1].Time, _ = parseTime("2026-02-20T14:02:00Z")
	withInv := func(i []InvPhase) func(*Facts) { return func(f *Facts) { f.Inventory = i } }
	stateOf := func(n int) *PhaseState {
		if n == 3 {
			return sharpened
		}
		return nil
	}
	for _, tc := range []struct {
		name            string
		f               Facts
		where, why      string
		say0, cont      string
		show            string
		validation      string
		restartDisabled bool
	}{
		{name: "brainstorm", f: facts("brainstorm", "paused"), where: "brainstorm",
			say0: "Resuming brainstorming session. Here is the current vision:", show: "vision.md",
			cont: "Resuming brainstorming session. Here is the current vision:"},
		{name: "planning debate", f: facts("planning", "paused", func(f *Facts) { f.SubStage, f.DebateMode = "debate", 3 }),
			where: "planning (debate)", why: "planning_sub_stage is debate; debate_mode 3",
			say0: "Resuming planning stage (debate).", show: "master-plan.md", cont: "Resuming planning stage (debate)."},
		{name: "planning synthesis", f: facts("planning", "in_progress", func(f *Facts) { f.SubStage = "synthesis" }),
			where: "planning (synthesis)", why: "planning_sub_stage is synthesis", say0: "Resuming planning stage (synthesis)."},
		{name: "planning null", f: facts("planning", "in_progress"), where: "planning (dual_plan)",
			why: "planning_sub_stage is absent or null: treated as dual_plan", say0: "Resuming planning stage (dual_plan)."},
		{name: "planning unknown", f: facts("planning", "in_progress", func(f *Facts) { f.SubStage = "voting" }),
			where: "planning (dual_plan)", why: `planning_sub_stage "voting" is not dual_plan, debate or synthesis: treated as dual_plan`},
		{name: "execution in progress", f: facts("execution", "in_progress", withInv(inv("completed", "completed", "in_progress", "pending"))),
			where: "phase 3, Step 4 (implement)", why: "last event sharpen_complete at 2026-02-20 14:02",
			say0: "sharpen_complete: prompts generated; restart from Step 4 (implement).", cont: "Resuming phase 3/4: P3 — spawning Maestro."},
		{name: "execution failed: retry", f: facts("execution", "blocked", withInv(inv("completed", "failed", "pending"))),
			where: "phase 2, Step 1 (setup)", why: "phase 2 failed, so it is retried; no phase state file yet: the phase starts from its beginning, with its master-plan.md section as the plan"},
		{name: "execution pending", f: facts("execution", "paused", func(f *Facts) { f.PhaseTotal = 0; f.Inventory = inv("completed", "pending") }),
			where: "phase 2, Step 1 (setup)", cont: "Resuming phase 2/?: P2 — spawning Maestro."},
		{name: "execution all done -> validation", f: facts("execution", "in_progress", withInv(inv("completed", "completed"))),
			where: "validation", why: "all 2 phases are completed: stage moves to validation; no correction cycle in progress: run validation",
			say0: "Resuming validation stage.", validation: ValFresh, restartDisabled: true},
		{name: "validation fresh", f: facts("validation", "paused"), where: "validation", why: "no correction cycle in progress: run validation",
			say0: "Resuming validation stage.", cont: "Resuming validation stage.", validation: ValFresh},
		{name: "validation blocked", f: facts("validation", "blocked", func(f *Facts) { f.CorrectionCycle = 2 }), where: "validation",
			why:  "correction cycle 2/3 ended blocked: validation failed",
			say0: "Validation failed after 2 correction cycles. Here is the validation report:", show: "validation/report.md", validation: ValBlocked},
		{name: "validation correcting", f: facts("validation", "in_progress", func(f *Facts) { f.CorrectionCycle = 1 }), where: "validation",
			why: "correction cycle 1/3 in progress", say0: "Resuming validation — correction cycle 1/3 in progress.", validation: ValCorrecting},
		{name: "validation cycle but paused", f: facts("validation", "paused", func(f *Facts) { f.CorrectionCycle = 1 }), where: "validation",
			why: "correction cycle 1/3 with status paused: run validation", say0: "Resuming validation stage.", validation: ValFresh},
		{name: "validation blocked without a cycle", f: facts("validation", "blocked"), say0: "Resuming validation stage.", validation: ValFresh},
		{name: "complete", f: facts("complete", "complete"), where: "complete", say0: "This project is marked complete.",
			cont: "Run /kiln:start to begin a new project in this directory."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := RouteFor(tc.f, stateOf)
			check := func(what, got, want string) {
				if want != "" && got != want {
					t.Errorf("%s = %q, want %q", what, got, want)
				}
			}
			check("where", r.Where, tc.where)
			check("why", r.Why, tc.why)
			check("say[0]", r.Say[0], tc.say0)
			check("continue", r.Continue, tc.cont)
			check("show", r.Show, tc.show)
			check("validation", r.Validation, tc.validation)
			if r.Where == "" || r.Why == "" || r.Continue == "" || !strings.Contains(r.Next, r.Why) {
				t.Errorf("route %+v", r)
			}
		})
	}
}

func TestRouteExecutionNextLine(t *testing.T) {
	st := events("sharpen_complete")
	st.Events[0].Time, st.Events[0].HasTime = mustTime(t, "2026-02-20T14:02:00Z"), true
	i := []InvPhase{{Number: 3, Name: "Checkout flow", Status: "in_progress"}}
	r := RouteFor(Facts{Stage: "execution", Status: "in_progress", PhaseTotal: 4, DebateMode: 2, Inventory: i}, func(int) *PhaseState { return st })
	if r.Next != "phase 3/4 Checkout flow, Step 4 (implement): last event sharpen_complete at 2026-02-20 14:02" {
		t.Fatalf("next %q", r.Next)
	}
	if r.Where+": "+r.Why != "phase 3, Step 4 (implement): last event sharpen_complete at 2026-02-20 14:02" {
		t.Fatalf("resume point %q: %q", r.Where, r.Why)
	}
	if r.Continue != "Resuming phase 3/4: Checkout flow — spawning Maestro." {
		t.Fatalf("continue %q", r.Continue)
	}
	// The state file is asked for the chosen phase only.
	asked := []int{}
	RouteFor(Facts{Stage: "execution", Inventory: inv("completed", "pending", "pending")}, func(n int) *PhaseState { asked = append(asked, n); return nil })
	if !reflect.DeepEqual(asked, []int{2}) {
		t.Fatalf("asked for %v", asked)
	}
	// error/halt: the handoff note leads.
	r = RouteFor(Facts{Stage: "execution", Inventory: i}, func(int) *PhaseState { return events("task_start", "error") })
	if r.Where != "phase 3, where the handoff note says" || !strings.HasSuffix(r.Why, "(trust the handoff note)") {
		t.Fatalf("error route %q / %q", r.Where, r.Why)
	}
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	tm, ok := parseTime(s)
	if !ok {
		t.Fatalf("bad time %q", s)
	}
	return tm
}

func TestEncode(t *testing.T) {
	for in, want := range map[string]string{
		"/DEV/myproject": "-DEV-myproject", // the spec's worked example
		"/a/b-c":         "-a-b-c",
		"/a-b/c":         "-a-b-c", // lossy, as REFERENCE warns
		"/home/ana/shop": "-home-ana-shop",
	} {
		if got := Encode(in); got != want {
			t.Errorf("Encode(%q) = %q, want %q", in, got, want)
		}
	}
}

// Claude Code's folder names: every character outside [A-Za-z0-9] as
// "-" per UTF-16 code unit, and names over 200 cut (matched by prefix).
func TestClaudeEncode(t *testing.T) {
	for in, want := range map[string]string{
		"/home/ana/shop":    "-home-ana-shop",
		"/home/ana/my_shop": "-home-ana-my-shop",
		"/home/ana/shop.v2": "-home-ana-shop-v2",
		"/Users/me/.agents": "-Users-me--agents",
		"/home/ana/café":    "-home-ana-caf-",
		"/home/ana/a b😀":    "-home-ana-a-b--", // beyond U+FFFF: two code units
	} {
		if got, long := ClaudeEncode(in); got != want || long {
			t.Errorf("ClaudeEncode(%q) = %q %v, want %q", in, got, long, want)
		}
	}
	long := "/" + strings.Repeat("a", 250)
	if got, cut := ClaudeEncode(long); !cut || got != "-"+strings.Repeat("a", 199) {
		t.Errorf("long: %q %v", got, cut)
	}
}

// MemoryDirs looks in the seed's folder and in Claude's, and finds a
// long path's hashed folder by its 200-character prefix.
func TestMemoryDirsBothNames(t *testing.T) {
	home := t.TempDir()
	l := New(home)
	got := l.MemoryDirs("/home/ana/my_shop")
	want := []string{"/home/ana/my_shop/.kiln/memory", filepath.Join(home, "projects", "-home-ana-my_shop", "memory"), filepath.Join(home, "projects", "-home-ana-my-shop", "memory")}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %q", got)
	}
	if got := l.MemoryDirs("/home/ana/shop"); len(got) != 2 {
		t.Fatalf("one name when both rules agree: %q", got)
	}
	project := "/" + strings.Repeat("b", 120) + "/" + strings.Repeat("c", 120)
	prefix, _ := ClaudeEncode(project)
	hashed := filepath.Join(home, "projects", prefix+"-1x2y3z")
	os.MkdirAll(hashed, 0o755)
	os.MkdirAll(filepath.Join(home, "projects", prefix+"x-other"), 0o755)
	got = l.MemoryDirs(project)
	if len(got) != 3 || got[2] != filepath.Join(hashed, "memory") {
		t.Fatalf("long path: %q", got)
	}
}
