package bookforge

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// This file is the one place verdicts are decided. Decide is pure: the
// loader reads state.json, the ledgers and the lint reports and hashes
// the files they name (observe.go), then Decide turns those facts and
// the flags into the plan. The same Plan value is printed by `pickup
// plan`, shown on the dashboard and the grid, and carried out by
// CONTINUE, so a dry run cannot disagree with the run.
//
// It follows the real runner (bookforge runner.py run_loop): the run
// starts at state.json's cursor; every scene before it is committed and
// its ledger is history. On the cursor scene, with --resume, each of
// plan, preflight, continuity_pack, write, state_repair and lint is
// skipped when its entry succeeded and its files exist; then, only when
// the lint report says fail, repair, state_repair and lint run again;
// then the commit. Seed 002's extra fields (hashes, templates, status
// fail) are honoured where present, and a phase that reruns makes every
// later one rerun, as the seed asks.

// Verdict is what a resume does with one phase of one scene.
type Verdict string

const (
	// Skip: recorded success, every required artifact present, recorded
	// hashes match. Its outputs are loaded into the next phase.
	Skip Verdict = "SKIP"
	// Rerun: the first phase that is not such a success, and every
	// phase after it.
	Rerun Verdict = "RERUN"
	// Blocked: a recorded hash no longer matches; an explicit flag is
	// needed (--resume-allow-prompt-change with --reason for a prompt
	// template, --force-resume for a pre_state or an artifact).
	Blocked Verdict = "BLOCKED"
	// Done: a phase of a committed scene (one before state.json's
	// cursor): history, which no run reads again.
	Done Verdict = "DONE"
	// None: no entry, and none is needed: repair after a lint that
	// passed, lint and repair with lint off, a phase a committed scene
	// recorded no entry for.
	None Verdict = "NONE"
	// Maybe: repair after a lint the resume reruns: it runs only if that
	// lint fails.
	Maybe Verdict = "MAYBE"
)

// settled reports a verdict the resume does not act on.
func (v Verdict) settled() bool { return v == Skip || v == Done || v == None }

// acts reports a verdict the resume stops at: a rerun or a block.
func (v Verdict) acts() bool { return v == Rerun || v == Blocked }

// Flags are seed 002's explicit resume flags. They are pickup's own plan
// options: the real bookforge has none of them, so the command pickup
// prints never carries them.
type Flags struct {
	RerunFrom         string `json:"rerun_from,omitempty"`
	RerunAll          bool   `json:"rerun_all,omitempty"`
	ForceResume       bool   `json:"force_resume,omitempty"`
	AllowPromptChange bool   `json:"resume_allow_prompt_change,omitempty"`
	Reason            string `json:"reason,omitempty"`
}

// Args are the flags as pickup takes them (for display: bookforge
// accepts none of them).
func (f Flags) Args() []string {
	var out []string
	if f.RerunAll {
		out = append(out, "--rerun-all")
	} else if f.RerunFrom != "" {
		out = append(out, "--rerun-from", f.RerunFrom)
	}
	if f.AllowPromptChange {
		out = append(out, "--resume-allow-prompt-change")
	}
	if f.ForceResume {
		out = append(out, "--force-resume")
	}
	return out
}

// FileFact is what the loader found at a path the ledger names.
type FileFact struct {
	Rel    string // as shown: relative to the book, or as recorded
	Abs    string
	Exists bool
	Hash   string // sha256, hex
	Err    string // why it could not be read
}

// Input is everything Decide needs.
type Input struct {
	Ledgers []*Ledger // in chapter/scene order
	// Files holds facts by the path as recorded in the ledger (and by
	// sceneFile for apply/commit).
	Files map[string]FileFact
	// SetHash is the current hash of each recorded template set, by
	// setKey: sha256 over the files' bytes in recorded order (missing
	// files add nothing).
	SetHash map[string]string
	Pause   *Pause
	Flags   Flags
	// State is state.json; nil when the book has none or it cannot be
	// read: the resume scene is then the first scene whose ledger is not
	// complete (the ledger scan).
	State *State
	// Reports are the recorded lint reports, by the path as recorded.
	Reports map[string]Report
	// LintEnv is BOOKFORGE_LINT_MODE in pickup's environment ("" unset).
	LintEnv string
	// CutShort is a RESTART or DISCARD of pickup's a kill stopped half
	// way; the marker it left is not why anything stopped.
	CutShort *cutShort
	// tx is the words of the reasons, notes and writes (nil: English).
	tx *Text
}

// t is the input's catalog.
func (in Input) t() *Text { return textOr(in.tx) }

func setKey(ts []hashed) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.Path
	}
	return strings.Join(parts, "\x00")
}

// Block is a recorded hash that no longer matches.
type Block struct {
	Scene string `json:"scene"`
	Phase string `json:"phase"`
	// Kind: template_changed, template_missing, pre_state_changed,
	// pre_state_missing, artifact_changed.
	Kind string `json:"kind"`
	File string `json:"file"` // relative to the book
	Abs  string `json:"-"`
	// Set lists the whole template set when the hash covers several
	// files (prompt_hash), any of which may be the one that changed.
	Set []string `json:"template_set,omitempty"`
	Old string   `json:"recorded,omitempty"`
	New string   `json:"current,omitempty"`
	// Flag is what accepts it.
	Flag string `json:"flag"`
	Text string `json:"text"`
}

// PromptChange is an accepted prompt template change on one phase.
type PromptChange struct {
	Files  []string `json:"files,omitempty"`
	Prev   string   `json:"prompt_hash_prev,omitempty"`
	New    string   `json:"prompt_hash_new"`
	Reason string   `json:"prompt_update_reason"`
	// Fresh is true when this resume accepts it (CONTINUE records it);
	// false when the ledger already records it.
	Fresh bool      `json:"to_record"`
	At    time.Time `json:"-"`
	HasAt bool      `json:"-"`
}

// ArtifactRef is an output a skipped phase hands to the next one.
type ArtifactRef struct {
	Key  string `json:"key"`
	Path string `json:"path"`
	// Hash is the sha256 the ledger recorded for the artifact, if any.
	Hash string `json:"hash,omitempty"`
}

// Cell is one scene x phase verdict.
type Cell struct {
	Phase        string        `json:"phase"`
	Verdict      Verdict       `json:"verdict"`
	Reason       string        `json:"reason"`
	Artifacts    []ArtifactRef `json:"artifacts,omitempty"`
	Blocks       []Block       `json:"blocks,omitempty"`
	Forced       []Block       `json:"forced,omitempty"`
	PromptChange *PromptChange `json:"prompt_change,omitempty"`
	// Notable marks a SKIP worth listing (forced, a prompt change, a
	// durable apply that runs again).
	Notable bool `json:"-"`
}

// ScenePlan is one scene's verdicts, in pipeline order.
type ScenePlan struct {
	ID      string `json:"scene"`
	Chapter int    `json:"chapter"`
	Scene   int    `json:"scene_number"`
	Ledger  string `json:"ledger"` // relative to the book; "" when there is none
	// Committed: before state.json's cursor (history). Ahead: after it
	// (the next run does not reach it).
	Committed bool   `json:"committed,omitempty"`
	Ahead     bool   `json:"ahead,omitempty"`
	Cells     []Cell `json:"phases"`
	// Start is the cell a resume of this scene starts at (-1: none).
	Start int `json:"-"`
}

// Done reports whether nothing is left to do in the scene.
func (s ScenePlan) Done() bool {
	for _, c := range s.Cells {
		if !c.Verdict.settled() {
			return false
		}
	}
	return true
}

// first is the cell a resume of the scene starts at, or -1.
func (s ScenePlan) first() int { return s.Start }

// ResumeAt is where CONTINUE picks up.
type ResumeAt struct {
	Scene  string `json:"scene,omitempty"`
	Phase  string `json:"phase,omitempty"`
	Reason string `json:"reason"`
}

// Write is one file change CONTINUE makes.
type Write struct {
	// Kind: prompt_update (record the change on the entry, in place),
	// rerun_archive (move entries to an archive beside the ledger),
	// force_audit (a note in the ledger folder).
	Kind   string   `json:"kind"`
	Scene  string   `json:"scene,omitempty"`
	Phases []string `json:"phases,omitempty"`
	File   string   `json:"file"` // relative to the book
	Text   string   `json:"text"`
	// From is the phase a rerun_archive reruns from.
	From string `json:"from,omitempty"`
	// Change is the prompt change to record.
	Change *PromptChange `json:"-"`
	// Forced are the mismatches an audit note records.
	Forced []Block `json:"forced,omitempty"`
}

// Plan is the computed resume plan of a book.
type Plan struct {
	Book    string `json:"book"`
	BookDir string `json:"book_dir"`
	// From says where the resume scene comes from: "state.json" (its
	// cursor, as bookforge itself) or "ledgers" (no state.json: the first
	// scene whose ledger is not complete).
	From  string   `json:"from"`
	State *State   `json:"state,omitempty"`
	Lint  LintMode `json:"lint"`
	Flags Flags    `json:"flags"`
	// Pause is the marker; its Stale says it is not why the last run
	// stopped.
	Pause    *Pause      `json:"pause,omitempty"`
	Resume   ResumeAt    `json:"resume"`
	Complete bool        `json:"complete"`
	Scenes   []ScenePlan `json:"scenes"`
	Blocks   []Block     `json:"blocked"`
	Writes   []Write     `json:"continue_writes"`
	// Command is the bookforge command line CONTINUE hands over: one the
	// real CLI accepts.
	Command string `json:"command"`
	// RestartCommand is the run RESTART hands over: without --resume.
	RestartCommand string `json:"-"`
	// Gate is bookforge's outline write gate: whether Command writes.
	Gate *Gate `json:"gate,omitempty"`
	// Outline is outline/outline.json's scene count, when it can be read.
	Outline *Outline `json:"outline,omitempty"`
	// Committed counts the scenes before the cursor.
	Committed int `json:"committed"`
	// ResumeIndex is the resume scene's index in Scenes (-1 when there is
	// nothing to pick up).
	ResumeIndex int      `json:"-"`
	Notes       []string `json:"notes,omitempty"`

	tx *Text // the words of the plan's text (render.go)
}

// t is the plan's catalog.
func (p *Plan) t() *Text { return textOr(p.tx) }

// live is the pause marker when it says why the last run stopped.
func (p *Plan) live() *Pause {
	if p.Pause == nil || p.Pause.Stale != "" {
		return nil
	}
	return p.Pause
}

// before reports whether scene (ch, sc) comes before the cursor.
func before(ch, sc int, st *State) bool {
	return ch < st.Chapter || (ch == st.Chapter && sc < st.Scene)
}

// rows are the scenes the plan lists: every ledger, plus the cursor
// scene and the live pause's scene when they have none yet, in
// chapter/scene order.
func rows(in Input, live *Pause) []*Ledger {
	out := slices.Clone(in.Ledgers)
	add := func(ch, sc int) {
		id := sceneID(ch, sc)
		if slices.ContainsFunc(out, func(l *Ledger) bool { return l.ID == id }) {
			return
		}
		out = append(out, &Ledger{Chapter: ch, Scene: sc, ID: id, Entries: map[string]*Entry{},
			Rel: HistoryDir + "/" + id + ".json"})
	}
	if in.State != nil && !in.State.Complete() {
		add(in.State.Chapter, in.State.Scene)
	}
	if live.SceneID() != "" && (in.State == nil || !before(live.Chapter, live.Scene, in.State)) {
		add(live.Chapter, live.Scene)
	}
	slices.SortStableFunc(out, func(a, b *Ledger) int {
		if a.Chapter != b.Chapter {
			return a.Chapter - b.Chapter
		}
		return a.Scene - b.Scene
	})
	return out
}

// Decide computes the plan.
func Decide(in Input) Plan {
	tx := in.t()
	p := Plan{Flags: in.Flags, State: in.State, From: "ledgers", ResumeIndex: -1, Scenes: []ScenePlan{}, Blocks: []Block{}, Writes: []Write{}, tx: tx}
	if in.State != nil {
		p.From = StateFile
	}
	p.Pause = planPause(in, tx)
	// The scene of a marker a cut-short RESTART left is the scene it
	// restarted: still a row.
	rowPause := p.live()
	if in.CutShort != nil {
		rowPause = in.Pause
	}
	in.Pause = p.live() // the verdicts see only a live pause
	ledgers := rows(in, rowPause)
	complete := in.State != nil && in.State.Complete()
	committed := func(l *Ledger) bool { return in.State != nil && (complete || before(l.Chapter, l.Scene, in.State)) }
	var history []*Ledger
	for _, l := range ledgers {
		if committed(l) {
			history = append(history, l)
		}
	}
	p.Lint = lintMode(in.LintEnv, history, tx)

	target := -1
	for i, l := range ledgers {
		if committed(l) {
			p.Scenes = append(p.Scenes, committedScene(l, in))
			p.Committed++
			continue
		}
		sp := evalScene(l, in, p.Lint, false)
		if in.State != nil {
			if l.ID == in.State.SceneID() {
				target = i
			} else {
				sp.Ahead = true
				p.Notes = append(p.Notes, tx.NoteAhead.F(l.ID, in.State.SceneID()))
			}
		}
		p.Scenes = append(p.Scenes, sp)
	}
	if in.State == nil {
		target = firstPending(p.Scenes)
	}

	// The flags act on the resume scene only: a committed scene's ledger
	// is history and is never changed.
	rerunFrom := in.Flags.RerunFrom
	if in.Flags.RerunAll && rerunFrom != "" {
		p.Notes = append(p.Notes, tx.NoteRerunAllFrom.F(rerunFrom))
		rerunFrom = ""
	}
	flagged := in.Flags.RerunAll || rerunFrom != ""
	switch {
	case flagged && target >= 0:
		p.Scenes[target] = evalScene(ledgers[target], in, p.Lint, true)
		if rerunFrom == "repair" {
			p.Notes = append(p.Notes, tx.NoteRerunRepair)
		}
	case flagged:
		p.Notes = append(p.Notes, tx.NoteNoScene)
	}
	if target >= 0 && p.Scenes[target].Start < 0 {
		target = -1 // nothing left to do in it (cannot happen on the cursor scene, whose commit is ahead)
	}
	p.ResumeIndex = target
	p.setResume(in, complete)
	forced := p.collectWrites(ledgers, in, rerunFrom)
	if len(forced) > 0 {
		p.Writes = append(p.Writes, Write{Kind: "force_audit", File: "draft/context/phase_history/" + forceAuditName("<unix-ms>"), Forced: forced,
			Text: tx.WriteAuditText.N(len(forced))})
	} else if in.Flags.ForceResume && !in.Flags.RerunAll {
		p.Notes = append(p.Notes, tx.NoteForceNothing)
	}
	if in.Flags.Reason != "" && !in.Flags.AllowPromptChange && !in.Flags.ForceResume {
		p.Notes = append(p.Notes, tx.NoteReasonAlone)
	}
	return p
}

// planPause is the pause marker as the plan shows it, with why it is
// stale when it is.
func planPause(in Input, tx *Text) *Pause {
	if in.Pause == nil {
		return nil
	}
	pz := *in.Pause
	pz.tx = tx
	if in.CutShort != nil {
		pz.Stale = tx.StaleCutShort.F(in.CutShort.Choice, clock(in.CutShort.At))
	} else {
		pz.Stale = staleWhy(in.Pause, in.Ledgers, in.State, tx)
	}
	return &pz
}

// setResume sets where CONTINUE picks up (p.ResumeIndex's first acting
// cell), or why there is nothing to resume.
func (p *Plan) setResume(in Input, complete bool) {
	tx := p.t()
	if target := p.ResumeIndex; target >= 0 {
		sp := p.Scenes[target]
		c := sp.Cells[sp.Start]
		p.Resume = ResumeAt{Scene: sp.ID, Phase: c.Phase, Reason: fmt.Sprintf("%s %s: %s", sp.ID, phaseLabel(c.Phase), c.Reason)}
		if f := sceneFile(sp.Chapter, sp.Scene); in.State != nil && in.Files[f].Exists {
			p.Notes = append(p.Notes, tx.NoteSceneExists.F(f, sp.ID))
		}
		return
	}
	p.Complete = true
	switch {
	case complete:
		p.Resume = ResumeAt{Reason: tx.ReasonComplete.N(len(p.Scenes))}
	case len(p.Scenes) == 0:
		p.Resume = ResumeAt{Reason: tx.ReasonNoLedger}
	default:
		p.Resume = ResumeAt{Reason: tx.ReasonAllDone.N(len(p.Scenes))}
	}
}

// collectWrites gathers the blocks and CONTINUE's writes of the scenes
// not committed (prompt change records, the resume scene's archive), and
// returns the mismatches --force-resume accepts.
func (p *Plan) collectWrites(ledgers []*Ledger, in Input, rerunFrom string) []Block {
	tx := p.t()
	var forced []Block
	for si, sp := range p.Scenes {
		if sp.Committed {
			continue
		}
		for _, c := range sp.Cells {
			p.Blocks = append(p.Blocks, c.Blocks...)
			forced = append(forced, c.Forced...)
			if c.PromptChange != nil && c.PromptChange.Fresh && c.Verdict == Skip {
				p.Writes = append(p.Writes, Write{Kind: "prompt_update", Scene: sp.ID, Phases: []string{c.Phase}, File: sp.Ledger, Change: c.PromptChange,
					Text: tx.WritePromptText.F(sp.ID, c.Phase, sp.Ledger)})
			}
		}
		if si == p.ResumeIndex {
			if w := archiveWrite(ledgers[si], sp, in, p.Lint, rerunFrom); w != nil {
				p.Writes = append(p.Writes, *w)
			}
		}
	}
	return forced
}

func firstPending(scenes []ScenePlan) int {
	for i, s := range scenes {
		if !s.Done() {
			return i
		}
	}
	return -1
}

// rerunArchiveName is where CONTINUE moves a scene's entries that must
// rerun: beside the ledger, under a name the ledger pattern never
// matches.
func rerunArchiveName(scene, stamp string) string { return scene + ".rerun." + stamp + ".json" }

// forceAuditName is the audit note of one --force-resume.
func forceAuditName(stamp string) string { return "force_resume." + stamp + ".json" }

// runnerReuses reports whether the real runner, on --resume, would reuse
// the entry: status success and every key it needs recorded and on disk
// (it checks nothing else).
func runnerReuses(ph string, e *Entry, in Input) bool {
	if e == nil || e.Status != "success" {
		return false
	}
	for _, k := range runnerKeys[ph] {
		a, ok := e.artifact(requirement{k})
		if !ok || !in.Files[a.Path].Exists {
			return false
		}
	}
	return true
}

// archiveWrite is the write that makes the next real run do what the
// plan says: when the resume scene reruns a phase (a missing or unusable
// artifact, a changed prompt, --rerun-from) while bookforge --resume
// would still reuse that phase's entry or a later one, CONTINUE moves
// the scene's entries from that phase on to an archive beside the
// ledger. nil when nothing needs moving.
func archiveWrite(l *Ledger, sp ScenePlan, in Input, lint LintMode, rerunFrom string) *Write {
	if !l.Exists || sp.Start < 0 || sp.Cells[sp.Start].Verdict != Rerun {
		return nil
	}
	from := sp.Cells[sp.Start].Phase
	r := phaseIndex(from)
	if r > phaseIndex("lint") {
		return nil // repair and commit: the runner reads no entry there
	}
	lintOff := lint.Off && (lint.Explicit || l.Entries["lint"] == nil)
	var reads []string
	for _, ph := range Phases[r:] {
		switch {
		case ph == ApplyCommit, ph == "lint" && lintOff:
			continue
		case ph == "repair" && (r > phaseIndex("state_repair") || lintOff):
			continue // read only as state_repair's input
		}
		if runnerReuses(ph, l.Entries[ph], in) {
			reads = append(reads, phaseLabel(ph))
		}
	}
	if len(reads) == 0 {
		return nil
	}
	var moved []string
	for _, key := range l.Order {
		if ph, ok := normPhase(key); ok && phaseIndex(ph) >= r && l.Entries[ph] != nil && !slices.Contains(moved, key) {
			moved = append(moved, key)
		}
	}
	tx := in.t()
	why, who := tx.WhyReruns.F(from), tx.WhoResume
	switch {
	case in.Flags.RerunAll:
		// The command drops --resume; a later --resume would still read
		// what is left.
		why, who = "--rerun-all", tx.WhoLater
	case rerunFrom != "" && rerunFrom == from:
		why = "--rerun-from " + rerunFrom
	}
	return &Write{Kind: "rerun_archive", Scene: l.ID, Phases: moved, File: sp.Ledger, From: from,
		Text: tx.ArchiveText.F(strings.Join(moved, ", "), l.ID, why, sp.Ledger, rerunArchiveName(l.ID, "<stamp>"), who, strings.Join(reads, ", "))}
}

// committedScene is a scene before state.json's cursor: committed, its
// ledger history. Nothing is judged; each cell says what was recorded.
func committedScene(l *Ledger, in Input) ScenePlan {
	tx := in.t()
	sp := ScenePlan{ID: l.ID, Chapter: l.Chapter, Scene: l.Scene, Ledger: l.Rel, Committed: true, Start: -1}
	if !l.Exists {
		sp.Ledger = ""
	}
	for _, ph := range Phases {
		e := l.Entries[ph]
		c := Cell{Phase: ph}
		switch {
		case ph == ApplyCommit:
			if f := sceneFile(l.Chapter, l.Scene); in.Files[f].Exists {
				c.Verdict, c.Reason = Done, tx.CommittedExists.F(f)
				c.Artifacts = []ArtifactRef{{Key: "scene", Path: f}}
			} else {
				c.Verdict, c.Reason = None, tx.BeforeCursorNoFile.F(f)
			}
		case e != nil:
			c.Verdict = Done
			what := tx.HistSuccess
			if e.Status != "success" {
				what = tx.HistStatus.F(strconv.Quote(e.Status))
			}
			if e.RawTime != "" {
				what += tx.HistAt.F(e.RawTime)
			}
			c.Reason = tx.HistoryCell.F(what)
			if ph == "lint" {
				if a, ok := e.artifact(requirement{"report", "lint_report"}); ok {
					switch rep := in.Reports[a.Path]; {
					case strings.EqualFold(strings.TrimSpace(rep.Status), "fail"):
						c.Reason += tx.ReportFailCommitted
					case rep.Status != "":
						c.Reason += tx.ReportSays.F(rep.Status)
					}
				}
			}
			for _, a := range e.Artifacts {
				c.Artifacts = append(c.Artifacts, ArtifactRef{Key: a.Key, Path: or(in.Files[a.Path].Rel, a.Path), Hash: a.Hash})
			}
		case ph == "repair" && l.Entries["lint"] != nil:
			c.Verdict, c.Reason = None, tx.NoRepairEntry
		case ph == "repair", ph == "lint":
			c.Verdict, c.Reason = None, tx.NoLintEntry
		default:
			c.Verdict, c.Reason = None, tx.NoEntryHistory
		}
		sp.Cells = append(sp.Cells, c)
	}
	return sp
}

// lintReport is what the scene's lint entry's report says (a zero Report
// and false when there is no entry or no report key).
func lintReport(l *Ledger, in Input) (string, Report, bool) {
	e := l.Entries["lint"]
	if e == nil {
		return "", Report{}, false
	}
	a, ok := e.artifact(requirement{"report", "lint_report"})
	if !ok {
		return "", Report{}, false
	}
	return or(in.Files[a.Path].Rel, a.Path), in.Reports[a.Path], true
}

// evalScene decides a scene the next run works on (the cursor scene, or
// with no state.json any scene) as the runner does with --resume, seed
// 002's extra checks included. flagged says --rerun-from or --rerun-all
// applies here.
func evalScene(l *Ledger, in Input, lint LintMode, flagged bool) ScenePlan {
	tx := in.t()
	sp := ScenePlan{ID: l.ID, Chapter: l.Chapter, Scene: l.Scene, Ledger: l.Rel, Start: -1}
	if !l.Exists {
		sp.Ledger = ""
	}
	rerunAll := flagged && in.Flags.RerunAll
	from := -1
	if flagged && !rerunAll {
		from = phaseIndex(in.Flags.RerunFrom)
	}
	cursor := in.State != nil && l.ID == in.State.SceneID()
	lintOff := lint.Off && (lint.Explicit || l.Entries["lint"] == nil)
	// A recorded repair the runner cannot reuse is state_repair's problem:
	// state_repair reads it as its input.
	repairBroken := ""
	if e := l.Entries["repair"]; e != nil && !lintOff {
		if c := checkPhase(l, "repair", e, in); c.Verdict == Rerun {
			repairBroken = c.Reason
		}
	}
	cascade := ""
	var change *PromptChange
	changeAt := ""
	var lintCell Cell
	for i, ph := range Phases {
		e := l.Entries[ph]
		var c Cell
		switch {
		case ph == "lint" && lintOff:
			c = Cell{Phase: ph, Verdict: None, Reason: tx.LintOffCell.F(lint.Why)}
		case ph == "repair":
			// A recorded repair the lint passed after: an accepted
			// prompt change upstream only needs forcing here (without
			// --force-resume, state_repair and lint rerun already).
			if c = repairCell(l, e, in, lintCell, lintOff); in.Flags.ForceResume {
				c = upstreamChange(c, l.ID, e, change, changeAt, true, tx)
			}
		case rerunAll:
			c = Cell{Phase: ph, Verdict: Rerun, Reason: tx.RerunAllCell}
		case from >= 0 && i >= from:
			c = Cell{Phase: ph, Verdict: Rerun, Reason: tx.RerunFromCell.F(in.Flags.RerunFrom)}
			if e != nil {
				c.Reason += tx.EntryMoves
			}
		case cascade != "":
			c = Cell{Phase: ph, Verdict: Rerun, Reason: cascade}
		case ph == "state_repair" && repairBroken != "":
			c = Cell{Phase: ph, Verdict: Rerun, Reason: tx.RepairBroken.F(repairBroken)}
		case ph == ApplyCommit && in.State != nil:
			c = uncommittedCell(l, in, cursor)
		default:
			c = upstreamChange(recordedCell(l, ph, e, in, cursor), l.ID, e, change, changeAt, in.Flags.ForceResume, tx)
		}
		if c.PromptChange != nil && c.Verdict == Skip && change == nil {
			change, changeAt = c.PromptChange, ph
		}
		if c.Verdict.acts() && cascade == "" {
			cascade = cascadeReason(c, tx)
		}
		if ph == "lint" {
			lintCell = c
		}
		sp.Cells = append(sp.Cells, c)
	}
	for i, c := range sp.Cells {
		if c.Verdict.acts() {
			sp.Start = i
			break
		}
	}
	durableAgain(&sp, in.Pause, tx)
	return sp
}

// uncommittedCell is the commit of a scene state.json's cursor has not
// passed: it runs (a pause in the commit itself says so).
func uncommittedCell(l *Ledger, in Input, cursor bool) Cell {
	tx := in.t()
	c := Cell{Phase: ApplyCommit, Verdict: Rerun, Reason: tx.NotCommittedCursor}
	if !cursor {
		c.Reason = tx.NotCommittedNotYet
	}
	if pz := in.Pause; pz != nil && pz.SceneID() == l.ID && pz.Pipeline == ApplyCommit && !strings.HasPrefix(strings.ToLower(pz.Phase), "durable_apply_") {
		c.Reason += tx.PausedHere.F(pz.Cause()) // a durable apply says so below
	}
	return c
}

// recordedCell judges a phase by its ledger entry (checkPhase), with the
// cursor scene's plan card standing in for a plan entry, and a lint
// entry whose report cannot be read rerunning.
func recordedCell(l *Ledger, ph string, e *Entry, in Input, cursor bool) Cell {
	tx := in.t()
	c := checkPhase(l, ph, e, in)
	if ph == "plan" && cursor && c.Verdict == Rerun && in.State.PlanCard != "" && in.State.PlanCardScene == l.ID && in.Files[in.State.PlanCard].Exists {
		f := in.Files[in.State.PlanCard]
		c = Cell{Phase: ph, Verdict: Skip, Artifacts: []ArtifactRef{{Key: "scene_card", Path: f.Rel}},
			Reason: tx.PlanCardReuse.F(f.Rel, c.Reason)}
	}
	if ph == "lint" && c.Verdict == Skip {
		if path, rep, ok := lintReport(l, in); ok && rep.Err != "" {
			c = Cell{Phase: ph, Verdict: Rerun, Reason: tx.LintReportUnreadable.F(path, rep.Err)}
		}
	}
	return c
}

// cascadeReason is why the phases after c rerun.
func cascadeReason(c Cell, tx *Text) string {
	if c.Verdict == Blocked {
		return tx.CascadeBlocked.F(phaseLabel(c.Phase))
	}
	return tx.CascadeReruns.F(phaseLabel(c.Phase))
}

// upstreamChange applies an accepted prompt change of an earlier phase
// to a skipped cell whose output predates it: it reruns, or with force
// it is kept and the audit note says so.
func upstreamChange(c Cell, scene string, e *Entry, change *PromptChange, changeAt string, force bool, tx *Text) Cell {
	if c.Verdict != Skip || change == nil || !predates(e, change) {
		return c
	}
	what := tx.UpstreamWhat.F(changeAt, tx.short(change.Prev), tx.short(change.New), change.Reason)
	if !force {
		return Cell{Phase: c.Phase, Verdict: Rerun, Reason: tx.UpstreamRerun.F(what)}
	}
	c.Reason = tx.UpstreamForced.F(what, c.Reason)
	c.Forced = append(c.Forced, Block{Scene: scene, Phase: c.Phase, Kind: "prompt_changed_upstream", Flag: "--force-resume", Text: what})
	c.Notable = true
	return c
}

// repairCell decides the conditional repair: it runs only when the lint
// report the run goes on with says fail.
func repairCell(l *Ledger, e *Entry, in Input, lint Cell, lintOff bool) Cell {
	tx := in.t()
	c := Cell{Phase: "repair"}
	path, rep, _ := lintReport(l, in)
	switch {
	case lintOff:
		c.Verdict, c.Reason = None, tx.RepairLintOff
	case !lint.Verdict.settled():
		c.Verdict, c.Reason = Maybe, tx.RepairMaybe
		if e != nil {
			c.Reason += tx.RepairEarlier
		}
	case strings.EqualFold(strings.TrimSpace(rep.Status), "fail"):
		c.Verdict = Rerun
		c.Reason = tx.RepairLintFail.F(path)
	case e == nil:
		c.Verdict = None
		c.Reason = tx.RepairPassed.F(path, strconv.Quote(rep.Status))
		if rep.Status == "" {
			c.Reason = tx.RepairNoStatus.F(path)
		}
	default:
		// A repair recorded before the lint that passed.
		c = checkPhase(l, "repair", e, in)
		if c.Verdict == Skip {
			c.Reason += tx.RepairAfter
		}
	}
	return c
}

// durableAgain handles a pause in a durable-state apply on this scene
// (durable_apply_preflight, durable_apply_scene): the run recorded the
// phase's entry, then its apply paused. The next run reuses the entry
// and applies it again, so the resume starts there, and it pauses again
// unless the cause is fixed.
func durableAgain(sp *ScenePlan, pz *Pause, tx *Text) {
	if pz == nil || pz.SceneID() != sp.ID || !strings.HasPrefix(strings.ToLower(pz.Phase), "durable_apply_") {
		return
	}
	i := phaseIndex(pz.Pipeline)
	if i < 0 || (sp.Start >= 0 && sp.Start < i) {
		return
	}
	c := &sp.Cells[i]
	what := pz.ReasonCode
	if pz.Message != "" {
		what += ": " + pz.Message
	}
	again := tx.DurableAgain.F(what)
	switch c.Verdict {
	case Skip:
		c.Reason = tx.DurableReused.F(again, c.Reason)
		c.Notable = true
	case Rerun:
		c.Reason += "; " + again
	default:
		return
	}
	sp.Start = i
}

// predates reports whether entry e was made before prompt change pc: a
// change accepted now precedes every recorded output; one recorded
// earlier only those older than it.
func predates(e *Entry, pc *PromptChange) bool {
	if pc.Fresh || !pc.HasAt {
		return true
	}
	if e == nil || !e.HasTime {
		return true
	}
	return !e.Timestamp.After(pc.At)
}
