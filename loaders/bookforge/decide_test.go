package bookforge

import (
	"strings"
	"testing"
	"time"
)

// Decide is pure: these cases build its input by hand.

func ok(key, path string) hashed { return hashed{Key: key, Path: path} }

func entry(ph, status string, ts time.Time, arts ...hashed) *Entry {
	return &Entry{Phase: ph, Key: ph, Status: status, Timestamp: ts, HasTime: true, RawTime: ts.Format(time.RFC3339), Artifacts: arts}
}

// fullScene is a scene whose seven recorded phases all succeeded, with
// every artifact on disk, and committed.
func fullScene(ch, sc int, files map[string]FileFact) *Ledger {
	l := &Ledger{Chapter: ch, Scene: sc, ID: sceneID(ch, sc), Rel: "draft/context/phase_history/" + sceneID(ch, sc) + ".json", Exists: true, Entries: map[string]*Entry{}}
	t0 := time.Date(2026, 2, 15, 9, 0, 0, 0, time.UTC)
	for i, ph := range Phases[:7] {
		var arts []hashed
		for _, req := range Required[ph] {
			p := l.ID + "/" + ph + "_" + req[0]
			arts = append(arts, ok(req[0], p))
			files[p] = FileFact{Rel: p, Exists: true, Hash: "h-" + p}
		}
		l.Entries[ph] = entry(ph, "success", t0.Add(time.Duration(i)*time.Minute), arts...)
		l.Order = append(l.Order, ph)
	}
	files[sceneFile(ch, sc)] = FileFact{Rel: sceneFile(ch, sc), Exists: true}
	return l
}

func decide(t *testing.T, f Flags, mut func(l *Ledger, files map[string]FileFact, sets map[string]string)) Plan {
	t.Helper()
	files := map[string]FileFact{}
	sets := map[string]string{}
	l1, l2 := fullScene(1, 1, files), fullScene(1, 2, files)
	if mut != nil {
		mut(l2, files, sets)
	}
	return Decide(Input{Ledgers: []*Ledger{l1, l2}, Files: files, SetHash: sets, Flags: f})
}

func row(p Plan, i int) string {
	var b strings.Builder
	for _, c := range p.Scenes[i].Cells {
		b.WriteString(string(c.Verdict)[:1])
	}
	return b.String()
}

func TestDecideTable(t *testing.T) {
	withTemplates := func(prompt, sysHash, phaseHash string) func(*Ledger, map[string]FileFact, map[string]string) {
		return func(l *Ledger, files map[string]FileFact, sets map[string]string) {
			e := l.Entries["write"]
			e.Templates = []hashed{{Key: "system", Path: "prompts/system.md", Hash: sysHash}, {Key: "phase", Path: "prompts/write.md", Hash: phaseHash}}
			e.PromptHash = prompt
			files["prompts/system.md"] = FileFact{Rel: "prompts/system.md", Exists: true, Hash: "sys-now"}
			files["prompts/write.md"] = FileFact{Rel: "prompts/write.md", Exists: true, Hash: "write-now"}
			sets[setKey(e.Templates)] = "set-now"
		}
	}
	cases := []struct {
		name   string
		flags  Flags
		mut    func(*Ledger, map[string]FileFact, map[string]string)
		row    string
		phase  string // the cell whose reason is checked
		reason string
		blocks int
	}{
		{name: "all done", row: "SSSSSSSS", phase: "lint", reason: "success at 2026-02-15T09:06:00Z; report present"},
		{name: "status fail", mut: func(l *Ledger, _ map[string]FileFact, _ map[string]string) { l.Entries["lint"].Status = "fail" },
			row: "SSSSSSRR", phase: "lint", reason: `recorded status "fail", not success`},
		{name: "no entry", mut: func(l *Ledger, _ map[string]FileFact, _ map[string]string) { delete(l.Entries, "repair") },
			row: "SSSSRRRR", phase: "state_repair", reason: "after repair, which reruns"},
		{name: "artifact not recorded", mut: func(l *Ledger, _ map[string]FileFact, _ map[string]string) {
			l.Entries["write"].Artifacts = l.Entries["write"].Artifacts[:1]
		}, row: "SSSRRRRR", phase: "write", reason: "artifact not recorded: patch or state_patch"},
		{name: "plan spelling state_patch", mut: func(l *Ledger, files map[string]FileFact, _ map[string]string) {
			l.Entries["write"].Artifacts[1].Key = "state_patch"
		}, row: "SSSSSSSS", phase: "write", reason: "success at 2026-02-15T09:03:00Z; prose, state_patch present"},
		{name: "not committed", mut: func(l *Ledger, files map[string]FileFact, _ map[string]string) {
			files[sceneFile(1, 2)] = FileFact{Rel: sceneFile(1, 2)}
		}, row: "SSSSSSSR", phase: ApplyCommit, reason: "not committed yet: draft/chapters/ch_001/scene_002.md does not exist"},
		{name: "per-file template hash", mut: withTemplates("", "sys-now", "write-then"),
			row: "SSSBRRRR", phase: "write", blocks: 1,
			reason: `template changed: prompts/write.md (write-then -> write-now); use --resume-allow-prompt-change --reason "..." to accept, or --rerun-from write`},
		{name: "set hash", mut: withTemplates("set-then", "", ""),
			row: "SSSBRRRR", phase: "repair", blocks: 1, reason: "after write, which is blocked"},
		{name: "set hash matches", mut: withTemplates("set-now", "", ""),
			row: "SSSSSSSS", phase: "write", reason: "success at 2026-02-15T09:03:00Z; prose, patch present; hashes match"},
		{name: "accepted with reason", flags: Flags{AllowPromptChange: true, Reason: "r"}, mut: withTemplates("set-then", "", ""),
			row: "SSSSRRRR", phase: "repair", reason: "the prompt of write changed (set-then -> set-now, reason: r) after this output was made; it reruns (--force-resume keeps it)"},
		{name: "accepted earlier, later outputs newer", mut: func(l *Ledger, files map[string]FileFact, sets map[string]string) {
			withTemplates("set-then", "", "")(l, files, sets)
			e := l.Entries["write"]
			e.PromptHashNew, e.PromptHashPrev, e.PromptUpdateReason = "set-now", "set-then", "r"
			e.PromptUpdatedAt, e.HasPromptUpdatedAt = e.Timestamp.Add(30*time.Second), true
			// repair was rerun after the change; state_repair and lint not.
			l.Entries["repair"].Timestamp = e.Timestamp.Add(time.Hour)
			l.Entries["state_repair"].Timestamp = e.Timestamp.Add(-time.Hour)
		}, row: "SSSSSRRR", phase: "state_repair", reason: "the prompt of write changed (set-then -> set-now, reason: r) after this output was made; it reruns (--force-resume keeps it)"},
		{name: "pre_state forced", flags: Flags{ForceResume: true}, mut: func(l *Ledger, files map[string]FileFact, _ map[string]string) {
			l.Entries["repair"].PreStatePath, l.Entries["repair"].PreStateHash = "pre.json", "aaaaaaaaaaaaaaaa"
			files["pre.json"] = FileFact{Rel: "pre.json", Exists: true, Hash: "bbbbbbbbbbbbbbbb"}
		}, row: "SSSSSSSS", phase: "repair", reason: "forced by --force-resume: pre_state_hash changed (aaaaaaaaaaaa -> bbbbbbbbbbbb) for pre.json; success at 2026-02-15T09:04:00Z; prose, patch present; hashes match"},
		{name: "pre_state without path", mut: func(l *Ledger, _ map[string]FileFact, _ map[string]string) {
			l.Entries["lint"].PreStateHash = "aaaa"
		}, row: "SSSSSSBR", phase: "lint", blocks: 1, reason: "pre_state_hash is recorded without pre_state_path, so it cannot be checked; use --force-resume to accept"},
		{name: "artifact edited", mut: func(l *Ledger, files map[string]FileFact, _ map[string]string) {
			a := &l.Entries["state_repair"].Artifacts[0]
			a.Hash = "recorded-hash-000"
		}, row: "SSSSSBRR", phase: "state_repair", blocks: 1,
			reason: "artifact changed: ch001_sc002/state_repair_patch (recorded-has -> h-ch001_sc00); use --force-resume to accept"},
		{name: "missing beats edited", mut: func(l *Ledger, files map[string]FileFact, _ map[string]string) {
			a := &l.Entries["state_repair"].Artifacts[0]
			a.Hash = "x"
			files[a.Path] = FileFact{Rel: a.Path}
		}, row: "SSSSSRRR", phase: "state_repair", reason: "artifact missing: ch001_sc002/state_repair_patch"},
		{name: "rerun-from on the last scene when all are done", flags: Flags{RerunFrom: "lint"},
			row: "SSSSSSRR", phase: "lint", reason: "--rerun-from lint: rerun on request; its ledger entry moves to an archive beside the ledger"},
		{name: "rerun-from unblocks", flags: Flags{RerunFrom: "write"}, mut: withTemplates("set-then", "", ""),
			row: "SSSRRRRR", phase: "write", reason: "--rerun-from write: rerun on request; its ledger entry moves to an archive beside the ledger"},
		{name: "rerun-all", flags: Flags{RerunAll: true, RerunFrom: "lint"},
			row: "RRRRRRRR", phase: "plan", reason: "--rerun-all: the ledger is ignored and every phase reruns"},
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
	if !p.Complete || p.ResumeIndex != -1 || p.Resume.Reason != "every phase of the 2 recorded scene(s) can be skipped: the next run starts the next scene" {
		t.Fatalf("complete: %+v", p.Resume)
	}
	p = decide(t, Flags{}, func(l *Ledger, _ map[string]FileFact, _ map[string]string) { delete(l.Entries, "lint") })
	if p.Complete || p.ResumeIndex != 1 || p.Resume != (ResumeAt{Scene: "ch001_sc002", Phase: "lint", Reason: "ch001_sc002 lint: no ledger entry: lint has not succeeded yet"}) {
		t.Fatalf("resume %+v", p.Resume)
	}
	// Same input, same plan: the dry run and the run agree.
	q := decide(t, Flags{}, func(l *Ledger, _ map[string]FileFact, _ map[string]string) { delete(l.Entries, "lint") })
	if strings.Join(planLines(&p, time.Time{}), "\n") != strings.Join(planLines(&q, time.Time{}), "\n") {
		t.Fatal("Decide is not deterministic")
	}
}
