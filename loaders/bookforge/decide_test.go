package bookforge

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// Decide is pure: these cases build its input by hand.

func ok(key, path string) hashed { return hashed{Key: key, Path: path} }

func entry(ph, status string, ts time.Time, arts ...hashed) *Entry {
	return &Entry{Phase: ph, Key: ph, Status: status, Timestamp: ts, HasTime: true, RawTime: ts.Format(time.RFC3339), Artifacts: arts}
}

// t0 is when the hand-built scenes start: scene n's phase i is at t0 +
// n hours + i minutes.
var t0 = time.Date(2026, 2, 15, 9, 0, 0, 0, time.UTC)

// fullScene is a scene as the real run records it when lint passes on
// its first run: plan, preflight, continuity_pack, write, state_repair
// and lint, every artifact on disk, a lint report that says pass, and
// the scene committed.
func fullScene(ch, sc int, files map[string]FileFact, reports map[string]Report) *Ledger {
	l := &Ledger{Chapter: ch, Scene: sc, ID: sceneID(ch, sc), Rel: "draft/context/phase_history/" + sceneID(ch, sc) + ".json", Exists: true, Entries: map[string]*Entry{}}
	for i, ph := range firstPass {
		var arts []hashed
		for _, req := range Required[ph] {
			p := l.ID + "/" + ph + "_" + req[0]
			arts = append(arts, ok(req[0], p))
			files[p] = FileFact{Rel: p, Exists: true, Hash: "h-" + p}
		}
		l.Entries[ph] = entry(ph, "success", t0.Add(time.Duration(sc-1)*time.Hour+time.Duration(i)*time.Minute), arts...)
		l.Order = append(l.Order, ph)
	}
	reports[l.ID+"/lint_report"] = Report{Status: "pass"}
	files[sceneFile(ch, sc)] = FileFact{Rel: sceneFile(ch, sc), Exists: true}
	return l
}

// addRepair records a repair, as after a failing first lint.
func addRepair(l *Ledger, files map[string]FileFact, missing ...string) {
	var arts []hashed
	for _, k := range []string{"prose", "patch"} {
		p := l.ID + "/repair_" + k
		arts = append(arts, ok(k, p))
		files[p] = FileFact{Rel: p, Exists: !slices.Contains(missing, k)}
	}
	l.Entries["repair"] = entry("repair", "success", l.Entries["lint"].Timestamp.Add(-30*time.Second), arts...)
	l.Order = append(l.Order, "repair")
}

type world struct {
	l1, l2  *Ledger
	files   map[string]FileFact
	sets    map[string]string
	reports map[string]Report
	in      *Input
}

// decide builds two recorded scenes, lets mut change the second one and
// the input, and decides.
func decide(t *testing.T, f Flags, mut func(w *world)) Plan {
	t.Helper()
	w := &world{files: map[string]FileFact{}, sets: map[string]string{}, reports: map[string]Report{}}
	w.l1, w.l2 = fullScene(1, 1, w.files, w.reports), fullScene(1, 2, w.files, w.reports)
	w.in = &Input{Ledgers: []*Ledger{w.l1, w.l2}, Files: w.files, SetHash: w.sets, Reports: w.reports, Flags: f}
	if mut != nil {
		mut(w)
	}
	return Decide(*w.in)
}

func row(p Plan, i int) string {
	var b strings.Builder
	for _, c := range p.Scenes[i].Cells {
		b.WriteString(string(c.Verdict)[:1])
	}
	return b.String()
}

func TestDecideTable(t *testing.T) {
	withTemplates := func(prompt, sysHash, phaseHash string) func(*world) {
		return func(w *world) {
			e := w.l2.Entries["write"]
			e.Templates = []hashed{{Key: "system", Path: "prompts/system.md", Hash: sysHash}, {Key: "phase", Path: "prompts/write.md", Hash: phaseHash}}
			e.PromptHash = prompt
			w.files["prompts/system.md"] = FileFact{Rel: "prompts/system.md", Exists: true, Hash: "sys-now"}
			w.files["prompts/write.md"] = FileFact{Rel: "prompts/write.md", Exists: true, Hash: "write-now"}
			w.sets[setKey(e.Templates)] = "set-now"
		}
	}
	uncommitted := func(w *world) { w.files[sceneFile(1, 2)] = FileFact{Rel: sceneFile(1, 2)} }
	cases := []struct {
		name   string
		flags  Flags
		mut    func(*world)
		row    string // plan preflight continuity_pack write state_repair lint repair apply
		phase  string // the cell whose reason is checked
		reason string
		blocks int
	}{
		{name: "all done, lint passed first time", row: "SSSSSSNS", phase: "repair",
			reason: `lint passed (the report ch001_sc002/lint_report says "pass"): no repair`},
		{name: "status fail", mut: func(w *world) { w.l2.Entries["lint"].Status = "fail" },
			row: "SSSSSRMR", phase: "lint", reason: `recorded status "fail", not success`},
		{name: "no lint entry", mut: func(w *world) { delete(w.l2.Entries, "lint") },
			row: "SSSSSRMR", phase: "repair", reason: "runs only if the coming lint fails"},
		{name: "lint report fail", mut: func(w *world) { w.reports["ch001_sc002/lint_report"] = Report{Status: "fail"} },
			row: "SSSSSSRR", phase: "repair", reason: "the lint report ch001_sc002/lint_report says fail: bookforge repairs, then runs state_repair and lint again"},
		{name: "lint report unreadable", mut: func(w *world) { w.reports["ch001_sc002/lint_report"] = Report{Err: "invalid JSON at line 1: x"} },
			row: "SSSSSRMR", phase: "lint", reason: "the lint report ch001_sc002/lint_report cannot be read (invalid JSON at line 1: x): bookforge --resume would stop on it"},
		{name: "repair before the passing lint", mut: func(w *world) { addRepair(w.l2, w.files) },
			row: "SSSSSSSS", phase: "repair", reason: "success at 2026-02-15T10:04:30Z; prose, patch present; lint passed after it"},
		{name: "a broken repair reruns state_repair", mut: func(w *world) { addRepair(w.l2, w.files, "prose") },
			row: "SSSSRRMR", phase: "state_repair", reason: "the repair entry it builds on cannot be reused (artifact missing: ch001_sc002/repair_prose): state_repair reruns on the write prose"},
		{name: "lint off", mut: func(w *world) {
			w.in.LintEnv = "off"
			delete(w.l2.Entries, "lint")
		}, row: "SSSSSNNS", phase: "lint", reason: "lint is off (BOOKFORGE_LINT_MODE=off in this environment): bookforge records no lint and goes on to the commit"},
		{name: "artifact not recorded", mut: func(w *world) {
			w.l2.Entries["write"].Artifacts = w.l2.Entries["write"].Artifacts[:1]
		}, row: "SSSRRRMR", phase: "write", reason: "artifact not recorded: patch or state_patch"},
		{name: "plan spelling state_patch", mut: func(w *world) {
			w.l2.Entries["write"].Artifacts[1].Key = "state_patch"
		}, row: "SSSSSSNS", phase: "write", reason: "success at 2026-02-15T10:03:00Z; prose, state_patch present"},
		{name: "not committed", mut: uncommitted,
			row: "SSSSSSNR", phase: ApplyCommit, reason: "not committed yet: draft/chapters/ch_001/scene_002.md does not exist"},
		{name: "per-file template hash", mut: withTemplates("", "sys-now", "write-then"),
			row: "SSSBRRMR", phase: "write", blocks: 1,
			reason: `template changed: prompts/write.md (write-then -> write-now); use --resume-allow-prompt-change --reason "..." to accept, or --rerun-from write`},
		{name: "set hash", mut: withTemplates("set-then", "", ""),
			row: "SSSBRRMR", phase: "state_repair", blocks: 1, reason: "after write, which is blocked"},
		{name: "set hash matches", mut: withTemplates("set-now", "", ""),
			row: "SSSSSSNS", phase: "write", reason: "success at 2026-02-15T10:03:00Z; prose, patch present; hashes match"},
		{name: "accepted with reason", flags: Flags{AllowPromptChange: true, Reason: "r"}, mut: withTemplates("set-then", "", ""),
			row: "SSSSRRMR", phase: "state_repair", reason: "the prompt of write changed (set-then -> set-now, reason: r) after this output was made; it reruns (--force-resume keeps it)"},
		{name: "accepted earlier, later outputs newer", mut: func(w *world) {
			withTemplates("set-then", "", "")(w)
			e := w.l2.Entries["write"]
			e.PromptHashNew, e.PromptHashPrev, e.PromptUpdateReason = "set-now", "set-then", "r"
			e.PromptUpdatedAt, e.HasPromptUpdatedAt = e.Timestamp.Add(30*time.Second), true
			// state_repair was rerun after the change; lint not.
			w.l2.Entries["state_repair"].Timestamp = e.Timestamp.Add(time.Hour)
			w.l2.Entries["lint"].Timestamp = e.Timestamp.Add(-time.Hour)
		}, row: "SSSSSRMR", phase: "lint", reason: "the prompt of write changed (set-then -> set-now, reason: r) after this output was made; it reruns (--force-resume keeps it)"},
		{name: "pre_state forced", flags: Flags{ForceResume: true}, mut: func(w *world) {
			w.l2.Entries["state_repair"].PreStatePath, w.l2.Entries["state_repair"].PreStateHash = "pre.json", "aaaaaaaaaaaaaaaa"
			w.files["pre.json"] = FileFact{Rel: "pre.json", Exists: true, Hash: "bbbbbbbbbbbbbbbb"}
		}, row: "SSSSSSNS", phase: "state_repair", reason: "forced by --force-resume: pre_state_hash changed (aaaaaaaaaaaa -> bbbbbbbbbbbb) for pre.json; success at 2026-02-15T10:04:00Z; patch present; hashes match"},
		{name: "pre_state without path", mut: func(w *world) {
			w.l2.Entries["lint"].PreStateHash = "aaaa"
		}, row: "SSSSSBMR", phase: "lint", blocks: 1, reason: "pre_state_hash is recorded without pre_state_path, so it cannot be checked; use --force-resume to accept"},
		{name: "artifact edited", mut: func(w *world) {
			a := &w.l2.Entries["state_repair"].Artifacts[0]
			a.Hash = "recorded-hash-000"
		}, row: "SSSSBRMR", phase: "state_repair", blocks: 1,
			reason: "artifact changed: ch001_sc002/state_repair_patch (recorded-has -> h-ch001_sc00); use --force-resume to accept"},
		{name: "missing beats edited", mut: func(w *world) {
			a := &w.l2.Entries["state_repair"].Artifacts[0]
			a.Hash = "x"
			w.files[a.Path] = FileFact{Rel: a.Path}
		}, row: "SSSSRRMR", phase: "state_repair", reason: "artifact missing: ch001_sc002/state_repair_patch"},
		{name: "rerun-from on the resume scene", flags: Flags{RerunFrom: "lint"}, mut: uncommitted,
			row: "SSSSSRMR", phase: "lint", reason: "--rerun-from lint: rerun on request; its ledger entry moves to an archive beside the ledger"},
		{name: "rerun-from unblocks", flags: Flags{RerunFrom: "write"}, mut: withTemplates("set-then", "", ""),
			row: "SSSRRRMR", phase: "write", reason: "--rerun-from write: rerun on request; its ledger entry moves to an archive beside the ledger"},
		{name: "rerun-all on the resume scene", flags: Flags{RerunAll: true, RerunFrom: "lint"}, mut: uncommitted,
			row: "RRRRRRMR", phase: "plan", reason: "--rerun-all: the command drops --resume, so bookforge ignores this scene's ledger and reruns every phase"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := decide(t, tc.flags, tc.mut)
			if got := row(p, 1); got != tc.row {
				t.Fatalf("row %s, want %s", got, tc.row)
			}
			for _, c := range p.Scenes[1].Cells {
				if c.Phase == tc.phase && c.Reason != tc.reason {
					t.Fatalf("%s reason\n%q\nwant\n%q", tc.phase, c.Reason, tc.reason)
				}
			}
			if len(p.Blocks) != tc.blocks {
				t.Fatalf("%d blocks: %+v", len(p.Blocks), p.Blocks)
			}
		})
	}
}

func TestDecideResumePoint(t *testing.T) {
	p := decide(t, Flags{}, nil)
	if !p.Complete || p.ResumeIndex != -1 || p.Resume.Reason != "every phase of the recorded scenes (2 scenes) is done: the next run starts the next scene" {
		t.Fatalf("complete: %+v", p.Resume)
	}
	// The flags never touch a finished scene.
	p = decide(t, Flags{RerunFrom: "lint"}, nil)
	if row(p, 1) != "SSSSSSNS" || len(p.Writes) != 0 || !slices.ContainsFunc(p.Notes, func(n string) bool { return strings.Contains(n, "a committed scene's ledger is never changed") }) {
		t.Fatalf("rerun-from on a finished book: %s writes %v notes %q", row(p, 1), p.Writes, p.Notes)
	}
	noLint := func(w *world) { delete(w.l2.Entries, "lint") }
	p = decide(t, Flags{}, noLint)
	if p.Complete || p.ResumeIndex != 1 || p.Resume != (ResumeAt{Scene: "ch001_sc002", Phase: "lint", Reason: "ch001_sc002 lint: no ledger entry: lint has not succeeded yet"}) {
		t.Fatalf("resume %+v", p.Resume)
	}
	// Same input, same plan: the dry run and the run agree.
	q := decide(t, Flags{}, noLint)
	if strings.Join(planLines(&p, time.Time{}), "\n") != strings.Join(planLines(&q, time.Time{}), "\n") {
		t.Fatal("Decide is not deterministic")
	}
}

// With state.json, the cursor is the resume scene: the scenes before it
// are committed history, judged by nothing, whatever their ledgers say.
func TestDecideCursor(t *testing.T) {
	three := func(w *world) {
		w.reports["ch001_sc001/lint_report"] = Report{Status: "fail"} // a warn-mode commit
		delete(w.l1.Entries, "plan")                                  // whatever its ledger says
		l3 := fullScene(1, 3, w.files, w.reports)
		w.files[sceneFile(1, 3)] = FileFact{Rel: sceneFile(1, 3)}
		w.reports["ch001_sc003/lint_report"] = Report{Status: "fail"}
		w.in.Ledgers = append(w.in.Ledgers, l3)
		w.in.State = &State{Rel: StateFile, Chapter: 1, Scene: 3, Status: "DRAFTING"}
	}
	p := decide(t, Flags{}, three)
	if p.From != StateFile || p.ResumeIndex != 2 || p.Committed != 2 || p.Resume.Scene != "ch001_sc003" || p.Resume.Phase != "repair" {
		t.Fatalf("from %s resume %d %+v committed %d", p.From, p.ResumeIndex, p.Resume, p.Committed)
	}
	if row(p, 0) != "NDDDDDND" || row(p, 1) != "DDDDDDND" || row(p, 2) != "SSSSSSRR" {
		t.Fatalf("rows %s %s %s", row(p, 0), row(p, 1), row(p, 2))
	}
	if c := p.Scenes[0].Cells[5]; !strings.HasSuffix(c.Reason, "the report says fail (committed anyway, as BOOKFORGE_LINT_MODE=warn allows)") {
		t.Fatalf("committed lint %q", c.Reason)
	}
	if c := p.Scenes[1].Cells[6]; c.Reason != "no repair entry: lint passed on its first run" {
		t.Fatalf("committed repair %q", c.Reason)
	}
	if c := p.Scenes[2].Cells[7]; c.Reason != "after repair, which reruns" {
		t.Fatalf("commit %q", c.Reason)
	}

	// The cursor scene without a ledger: the next step, from plan; a
	// plan.scene_card naming it is reused, as the runner does.
	next := func(w *world) {
		w.in.State = &State{Rel: StateFile, Chapter: 1, Scene: 3, Status: "DRAFTING", PlanCard: "draft/chapters/ch_001/scene_003.meta.json"}
		w.files[w.in.State.PlanCard] = FileFact{Rel: w.in.State.PlanCard, Exists: true}
	}
	p = decide(t, Flags{}, next)
	if len(p.Scenes) != 3 || p.Scenes[2].Ledger != "" || row(p, 2) != "RRRRRRMR" || p.Resume.Phase != "plan" {
		t.Fatalf("next step: %d scenes, row %s, resume %+v", len(p.Scenes), row(p, 2), p.Resume)
	}
	p = decide(t, Flags{}, func(w *world) { next(w); w.in.State.PlanCardScene = "ch001_sc003" })
	if row(p, 2) != "SRRRRRMR" || !strings.HasPrefix(p.Scenes[2].Cells[0].Reason, "state.json plan.scene_card (draft/chapters/ch_001/scene_003.meta.json) is this scene's card: bookforge --resume reuses it") {
		t.Fatalf("plan card: %s %q", row(p, 2), p.Scenes[2].Cells[0].Reason)
	}

	// COMPLETE: nothing to resume, every scene history.
	p = decide(t, Flags{RerunAll: true}, func(w *world) { w.in.State = &State{Chapter: 2, Scene: 1, Status: "COMPLETE"} })
	if !p.Complete || p.ResumeIndex != -1 || row(p, 1) != "DDDDDDND" || !strings.HasPrefix(p.Resume.Reason, "state.json says the book is COMPLETE") {
		t.Fatalf("complete: %+v %s", p.Resume, row(p, 1))
	}
}

// A marker names the last stop only while nothing happened since: behind
// the cursor, or older than a later entry, it is stale.
func TestDecideStaleMarker(t *testing.T) {
	pause := func(ch, sc int, at time.Time) *Pause {
		return &Pause{Kind: "quota", Phase: "write_scene", Pipeline: "write", Chapter: ch, Scene: sc, HasScene: true, StatusCode: 429,
			CreatedAt: at, HasCreated: true, RawCreated: at.Format(time.RFC3339)}
	}
	cases := []struct {
		name, stale string
		mut         func(w *world)
	}{
		{"behind the cursor", "it names ch001_sc001, behind state.json's cursor (ch001_sc002): that scene was committed since", func(w *world) {
			w.in.State = &State{Chapter: 1, Scene: 2}
			w.in.Pause = pause(1, 1, t0.Add(30*time.Minute))
		}},
		{"older than later entries", "a later run recorded ch001_sc002 lint at 2026-02-15T10:05:00Z, after the marker's created_at 2026-02-15T09:30:00Z", func(w *world) {
			w.in.Pause = pause(1, 2, t0.Add(30*time.Minute))
		}},
		{"live", "", func(w *world) {
			delete(w.l2.Entries, "write")
			delete(w.l2.Entries, "state_repair")
			delete(w.l2.Entries, "lint")
			w.in.Pause = pause(1, 2, t0.Add(62*time.Minute))
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := decide(t, Flags{}, tc.mut)
			if p.Pause == nil || p.Pause.Stale != tc.stale {
				t.Fatalf("stale %q, want %q", p.Pause.Stale, tc.stale)
			}
			w := p.Scenes[1].Cells[3]
			paused := strings.Contains(w.Reason, "the run paused here")
			if paused != (tc.stale == "") || (p.live() == nil) != (tc.stale != "") {
				t.Fatalf("write reason %q with a stale marker %v", w.Reason, tc.stale != "")
			}
		})
	}
}

// When the plan reruns a phase whose entry (or a later one) bookforge
// --resume would still reuse, CONTINUE moves the entries from that phase
// on aside, so the real run does what the plan says.
func TestDecideArchiveWhatTheRunnerWouldReuse(t *testing.T) {
	missingPack := func(w *world) {
		w.files[sceneFile(1, 2)] = FileFact{Rel: sceneFile(1, 2)}
		addRepair(w.l2, w.files)
		w.files["ch001_sc002/continuity_pack_pack"] = FileFact{Rel: "ch001_sc002/continuity_pack_pack"}
	}
	p := decide(t, Flags{}, missingPack)
	if row(p, 1) != "SSRRRRMR" || len(p.Writes) != 1 {
		t.Fatalf("row %s writes %+v", row(p, 1), p.Writes)
	}
	w := p.Writes[0]
	if w.Kind != "rerun_archive" || w.From != "continuity_pack" || !slices.Equal(w.Phases, []string{"continuity_pack", "write", "state_repair", "lint", "repair"}) ||
		!strings.HasSuffix(w.Text, "bookforge --resume would otherwise reuse write, state_repair, lint, repair") {
		t.Fatalf("write %+v", w)
	}
	// Nothing later the runner would reuse: nothing to move.
	p = decide(t, Flags{}, func(w *world) {
		w.files[sceneFile(1, 2)] = FileFact{Rel: sceneFile(1, 2)}
		delete(w.l2.Entries, "lint")
	})
	if len(p.Writes) != 0 || p.Resume.Phase != "lint" {
		t.Fatalf("writes %+v resume %+v", p.Writes, p.Resume)
	}
	// A failing lint: the run repairs whatever is recorded.
	p = decide(t, Flags{}, func(w *world) {
		w.files[sceneFile(1, 2)] = FileFact{Rel: sceneFile(1, 2)}
		w.reports["ch001_sc002/lint_report"] = Report{Status: "fail"}
		addRepair(w.l2, w.files)
	})
	if len(p.Writes) != 0 || p.Resume.Phase != "repair" {
		t.Fatalf("writes %+v resume %+v", p.Writes, p.Resume)
	}
}

// A pause in a durable-state apply resumes at that phase, though its
// entry is a success: the run applies its output again.
func TestDecideDurableApplyAgain(t *testing.T) {
	p := decide(t, Flags{}, func(w *world) {
		for _, ph := range []string{"continuity_pack", "write", "state_repair", "lint"} {
			delete(w.l2.Entries, ph)
		}
		w.in.Pause = &Pause{Kind: "reason", Phase: "durable_apply_preflight", Pipeline: "preflight", ReasonCode: "durable_chronology_conflict",
			Message: "Chronology conflict", Chapter: 1, Scene: 2, HasScene: true, CreatedAt: t0.Add(2 * time.Hour), HasCreated: true}
	})
	c := p.Scenes[1].Cells[1]
	if p.Resume.Phase != "preflight" || c.Verdict != Skip || !strings.HasPrefix(c.Reason, "reused, and its durable-state apply paused the last run (durable_chronology_conflict: Chronology conflict)") {
		t.Fatalf("resume %+v preflight %+v", p.Resume, c)
	}
	if len(p.Writes) != 0 {
		t.Fatalf("writes %+v", p.Writes)
	}
}
