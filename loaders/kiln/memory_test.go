package kiln

import (
	"strings"
	"testing"
)

func TestParseMemoryCanonical(t *testing.T) {
	d := parseMemory([]byte(fixture(t, "execution/memory/MEMORY.md")))
	for key, want := range map[string]string{
		"project_name": "shop", "project_mode": "brownfield", "stage": "execution", "status": "in_progress",
		"planning_sub_stage": "", "debate_mode": "2", "phase_number": "3", "phase_name": "Checkout flow",
		"phase_total": "4", "correction_cycle": "0",
		"handoff_note":    "Phase 3 prompts sharpened; implementation of task 1 is next.",
		"handoff_context": "Cart and catalog are merged (phases 1-2).\nCheckout flow plan approved after one debate round.\nStripe test keys live in .env.local, not committed.",
	} {
		if got := d.value(key); got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
	if f, _ := d.get("planning_sub_stage"); !f.null {
		t.Error("null not read as absent")
	}
	if got := d.inSection(secResetNotes, "next_action"); got != "Run /kiln:resume to implement phase 3 task 1." {
		t.Errorf("next_action %q", got)
	}
	if len(d.phases) != 4 || d.phases[2].number != 3 || d.phases[2].name != "Checkout flow" || d.phases[2].status != "in_progress" {
		t.Fatalf("phases %+v", d.phases)
	}
	if len(d.resumeLog) != 3 || d.resumeLog[2] != "Reset: 2026-02-20T14:05:00Z" {
		t.Fatalf("resume log %q", d.resumeLog)
	}
}

func TestParseMemoryDrift(t *testing.T) {
	d := parseMemory([]byte(fixture(t, "drift/memory/MEMORY.md")))
	if d.lines[0].eol != "\r\n" || d.lines[len(d.lines)-1].eol != "" {
		t.Fatal("line endings not kept")
	}
	for key, want := range map[string]string{
		"project_name": "drift", "last_updated": "2026-02-20T08:00:00Z", "status": "paused",
		"phase_name": "API integration", "handoff_note": "Task 2 of phase 2 next.", "custom_key": "kept as is",
	} {
		if got := d.value(key); got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
	// The comment after the stage is stripped where an enum is read.
	if got := stripComment(d.value("stage")); got != "execution" {
		t.Errorf("stage %q", got)
	}
	// "status: ignore me" sits in an unknown section after Runtime: the
	// Runtime one wins.
	if f, _ := d.get("status"); f.section != secRuntime || f.quote != '"' {
		t.Errorf("status from %q quoted %q", f.section, f.quote)
	}
	if len(d.phases) != 2 || d.phases[1].number != 2 || d.phases[1].status != "in_progress" {
		t.Fatalf("phases in any key order: %+v", d.phases)
	}
}

func TestParseMemoryFieldSections(t *testing.T) {
	d := parseMemory([]byte("# x\n\n## Validation\nstatus: passed\n\n## Runtime\nstage: validation\nstatus: paused\nstage: execution\n"))
	if d.value("status") != "paused" {
		t.Fatalf("status %q: a Validation status must not count", d.value("status"))
	}
	if d.value("stage") != "validation" || len(d.dupKeys) != 1 || d.dupKeys[0] != "stage" {
		t.Fatalf("stage %q dup %v", d.value("stage"), d.dupKeys)
	}
	// Keys written before any heading are read too.
	d = parseMemory([]byte("stage: planning\nstatus: in_progress\n"))
	if d.value("stage") != "planning" {
		t.Fatal("preamble keys not read")
	}
	// A heading needs exactly two hashes.
	d = parseMemory([]byte("## Runtime\nstage: brainstorm\n### Sub\nstatus: paused\n"))
	if d.value("status") != "paused" || len(d.sections) != 2 {
		t.Fatalf("### split a section: %d sections", len(d.sections))
	}
}

func TestParseHandoffBlocks(t *testing.T) {
	for name, tc := range map[string]struct{ text, want string }{
		"pipe":          {"handoff_context: |\n  a\n  b\nnext: 1\n", "a\nb"},
		"pipe strip":    {"handoff_context: |-\n    deep\n      deeper\n", "deep\n  deeper"},
		"blank inside":  {"handoff_context: |\n  a\n\n  b\n\n## Next\n", "a\n\nb"},
		"inline":        {"handoff_context: one line\n", "one line"},
		"bare key":      {"handoff_context:\n  a\n", "a"},
		"empty pipe":    {"handoff_context: |\nnext: 1\n", ""},
		"null":          {"handoff_context: null\n", ""},
		"quoted inline": {"handoff_context: \"q\"\n", "q"},
	} {
		t.Run(name, func(t *testing.T) {
			d := parseMemory([]byte("## Handoff\n" + tc.text))
			if got := d.value("handoff_context"); got != tc.want {
				t.Fatalf("got %q want %q", got, tc.want)
			}
			if strings.Contains(tc.text, "next: 1") && d.value("next") != "1" {
				t.Fatal("the key after the block was swallowed")
			}
		})
	}
}

func TestParsePhaseLines(t *testing.T) {
	for _, tc := range []struct {
		line   string
		ok     bool
		n      int
		name   string
		status string
	}{
		{"- phase_number: 1 | phase_name: Setup | phase_status: completed", true, 1, "Setup", "completed"},
		{"*   phase_number:  12|phase_name:  Spaced  name |phase_status:FAILED", true, 12, "Spaced  name", "failed"},
		{"- phase_status: pending | phase_number: \"3\"", true, 3, "", "pending"},
		{"- phase_name: no number | phase_status: pending", false, 0, "", ""},
		{"- just text", false, 0, "", ""},
	} {
		p, ok := parsePhaseLine(tc.line, 0)
		if ok != tc.ok || (ok && (p.number != tc.n || p.name != tc.name || p.status != tc.status)) {
			t.Errorf("%q: %+v %v", tc.line, p, ok)
		}
		if ok && p.statusFrom >= 0 && strings.ToLower(tc.line[p.statusFrom:p.statusTo]) != tc.status {
			t.Errorf("%q: status span %q", tc.line, tc.line[p.statusFrom:p.statusTo])
		}
	}
}

// changedLines compares two files line by line (terminators included)
// after removing one inserted line, and returns the old/new pairs that
// differ.
func changedLines(t *testing.T, before, after []byte, inserted string) [][2]string {
	t.Helper()
	b, a := splitLines(before), splitLines(after)
	if len(a) != len(b)+1 {
		t.Fatalf("%d lines became %d, want one more", len(b), len(a))
	}
	k := -1
	for i, l := range a {
		if l.text == inserted {
			k = i
		}
	}
	if k < 0 {
		t.Fatalf("no line %q in:\n%s", inserted, after)
	}
	a = append(append([]line(nil), a[:k]...), a[k+1:]...)
	var diff [][2]string
	for i := range b {
		if b[i] != a[i] {
			diff = append(diff, [2]string{b[i].text + b[i].eol, a[i].text + a[i].eol})
		}
	}
	return diff
}

// TestStep7ChangesOnlyItsLines is the byte-level check: status,
// last_updated and one appended Resume Log line, every other byte as it
// was, for every fixture that Step 7 applies to.
func TestStep7ChangesOnlyItsLines(t *testing.T) {
	ts := "2026-02-21T09:30:15Z"
	for _, name := range []string{"execution", "brainstorm", "planning", "validation", "validation_blocked",
		"validation_correcting", "execution_failed", "execution_pending", "execution_done", "execution_archive"} {
		t.Run(name, func(t *testing.T) {
			before := []byte(fixture(t, name+"/memory/MEMORY.md"))
			after, err := step7(parseMemory(before), t0)
			if err != nil {
				t.Fatal(err)
			}
			diff := changedLines(t, before, after, "- Resumed: "+ts)
			for _, d := range diff {
				switch {
				case strings.HasPrefix(d[0], "status: "):
					if d[1] != "status: in_progress\n" {
						t.Errorf("status line became %q", d[1])
					}
				case strings.HasPrefix(d[0], "last_updated: "):
					if d[1] != "last_updated: "+ts+"\n" {
						t.Errorf("last_updated line became %q", d[1])
					}
				default:
					t.Errorf("line %q changed to %q", d[0], d[1])
				}
			}
			// The new line ends the Resume Log section.
			d := parseMemory(after)
			if got := d.resumeLog[len(d.resumeLog)-1]; got != "Resumed: "+ts {
				t.Errorf("last Resume Log entry %q", got)
			}
		})
	}
}

func TestStep7ExactBytes(t *testing.T) {
	before := fixture(t, "execution/memory/MEMORY.md")
	want := strings.NewReplacer(
		"last_updated: 2026-02-20T14:05:00Z\n", "last_updated: 2026-02-21T09:30:15Z\n",
		"- Reset: 2026-02-20T14:05:00Z\n", "- Reset: 2026-02-20T14:05:00Z\n- Resumed: 2026-02-21T09:30:15Z\n",
	).Replace(before)
	got, err := step7(parseMemory([]byte(before)), t0)
	if err != nil || string(got) != want {
		t.Fatalf("err %v\n--- got\n%s\n--- want\n%s", err, got, want)
	}
}

// The drift fixture: CRLF endings, quoted values, comments, an unknown
// section, no Resume Log and no final newline.
func TestStep7Drift(t *testing.T) {
	before := fixture(t, "drift/memory/MEMORY.md")
	want := strings.NewReplacer(
		"status:  \"paused\"\r\n", "status:  \"in_progress\"\r\n",
		"last_updated:   \"2026-02-20T08:00:00Z\"\r\n", "last_updated:   \"2026-02-21T09:30:15Z\"\r\n",
	).Replace(before) + "\r\n\r\n## Resume Log\r\n- Resumed: 2026-02-21T09:30:15Z"
	got, err := step7(parseMemory([]byte(before)), t0)
	if err != nil || string(got) != want {
		t.Fatalf("err %v\n--- got\n%q\n--- want\n%q", err, got, want)
	}
}

func TestStep7Insertions(t *testing.T) {
	for name, tc := range map[string]struct{ before, want string }{
		"no last_updated: end of Metadata": {
			"## Metadata\nproject_name: a\n\n## Runtime\nstage: planning\nstatus: paused\n\n## Resume Log\n- x\n",
			"## Metadata\nproject_name: a\nlast_updated: 2026-02-21T09:30:15Z\n\n## Runtime\nstage: planning\nstatus: in_progress\n\n## Resume Log\n- x\n- Resumed: 2026-02-21T09:30:15Z\n"},
		"no Metadata: after status": {
			"## Runtime\nstage: planning\nstatus: blocked\n## Resume Log\n",
			"## Runtime\nstage: planning\nstatus: in_progress\nlast_updated: 2026-02-21T09:30:15Z\n## Resume Log\n- Resumed: 2026-02-21T09:30:15Z\n"},
		"log last, no final newline": {
			"## Runtime\nstage: planning\nstatus: paused\nlast_updated: null\n\n## Resume Log\n- x",
			"## Runtime\nstage: planning\nstatus: in_progress\nlast_updated: 2026-02-21T09:30:15Z\n\n## Resume Log\n- x\n- Resumed: 2026-02-21T09:30:15Z"},
		"log before other sections, blank lines kept": {
			"## Runtime\nstage: planning\nstatus: paused\nlast_updated:\n\n## Resume Log\n- x\n\n\n## Reset Notes\nnext_action: y\n",
			"## Runtime\nstage: planning\nstatus: in_progress\nlast_updated: 2026-02-21T09:30:15Z\n\n## Resume Log\n- x\n- Resumed: 2026-02-21T09:30:15Z\n\n\n## Reset Notes\nnext_action: y\n"},
		"single quotes kept": {
			"stage: planning\nstatus: 'paused'\nlast_updated: '2026-01-01'\n",
			"stage: planning\nstatus: 'in_progress'\nlast_updated: '2026-02-21T09:30:15Z'\n\n## Resume Log\n- Resumed: 2026-02-21T09:30:15Z\n"},
	} {
		t.Run(name, func(t *testing.T) {
			got, err := step7(parseMemory([]byte(tc.before)), t0)
			if err != nil || string(got) != tc.want {
				t.Fatalf("err %v\n--- got\n%q\n--- want\n%q", err, got, tc.want)
			}
		})
	}
	if _, err := step7(parseMemory([]byte("stage: planning\n")), t0); err == nil {
		t.Fatal("step7 without a status line did not fail")
	}
}

func TestRestartEdits(t *testing.T) {
	before := fixture(t, "execution/memory/MEMORY.md")
	got := restartPhase(parseMemory([]byte(before)), 3, "Checkout flow", t0, " (pickup)")
	want := strings.NewReplacer(
		"phase_name: Checkout flow | phase_status: in_progress\n", "phase_name: Checkout flow | phase_status: pending\n",
		"last_updated: 2026-02-20T14:05:00Z\n", "last_updated: 2026-02-21T09:30:15Z\n",
		"- Reset: 2026-02-20T14:05:00Z\n", "- Reset: 2026-02-20T14:05:00Z\n- Restarted: 2026-02-21T09:30:15Z phase 3 from its beginning (pickup)\n",
	).Replace(before)
	if string(got) != want {
		t.Fatalf("--- got\n%s\n--- want\n%s", got, want)
	}

	// A phase without a status line gets one.
	got = restartPhase(parseMemory([]byte("## Runtime\nstage: execution\nstatus: paused\n\n## Phase Statuses\n- phase_number: 1 | phase_name: A | phase_status: completed\n\n## Resume Log\n")), 2, "B", t0, "")
	if !strings.Contains(string(got), "phase_status: completed\n- phase_number: 2 | phase_name: B | phase_status: pending\n\n## Resume Log\n") {
		t.Fatalf("no line added:\n%s", got)
	}
	// No Phase Statuses section: it is created before the Resume Log.
	got = restartPhase(parseMemory([]byte("stage: execution\nstatus: paused\n\n## Resume Log\n- x\n")), 2, "B", t0, "")
	if !strings.Contains(string(got), "## Phase Statuses\n- phase_number: 2 | phase_name: B | phase_status: pending\n\n## Resume Log\n- x\n- Restarted:") {
		t.Fatalf("no section added:\n%s", got)
	}

	plan := fixture(t, "planning/memory/MEMORY.md")
	got = restartPlanning(parseMemory([]byte(plan)), t0)
	want = strings.NewReplacer(
		"planning_sub_stage: debate\n", "planning_sub_stage: dual_plan\n",
		"last_updated: 2026-02-19T11:20:00Z\n", "last_updated: 2026-02-21T09:30:15Z\n",
		"- 2026-02-19T09:00:00Z Initialized via /kiln:start\n", "- 2026-02-19T09:00:00Z Initialized via /kiln:start\n- Restarted: 2026-02-21T09:30:15Z planning at dual_plan (pickup)\n",
	).Replace(plan)
	if string(got) != want {
		t.Fatalf("--- got\n%s\n--- want\n%s", got, want)
	}
	got = restartPlanning(parseMemory([]byte("## Runtime\nstage: planning\nstatus: paused\n")), t0)
	if !strings.HasPrefix(string(got), "## Runtime\nstage: planning\nplanning_sub_stage: dual_plan\nstatus: paused\nlast_updated: 2026-02-21T09:30:15Z\n") {
		t.Fatalf("sub-stage not inserted after stage:\n%s", got)
	}
}
