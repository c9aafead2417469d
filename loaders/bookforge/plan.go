package bookforge

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// This file is the one place verdicts are decided. Decide is pure: the
// loader reads the ledgers and hashes the files they name (observe.go),
// then Decide turns those facts and the flags into the plan. The same
// Plan value is printed by `pickup plan`, shown on the dashboard, and
// carried out by CONTINUE, so a dry run cannot disagree with the run.

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
)

// Flags are the explicit resume flags of seed 002.
type Flags struct {
	RerunFrom         string `json:"rerun_from,omitempty"`
	RerunAll          bool   `json:"rerun_all,omitempty"`
	ForceResume       bool   `json:"force_resume,omitempty"`
	AllowPromptChange bool   `json:"resume_allow_prompt_change,omitempty"`
	Reason            string `json:"reason,omitempty"`
}

// Args are the flags as a bookforge command line takes them.
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
}

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
	// Notable marks a SKIP worth listing (forced, a prompt change).
	Notable bool `json:"-"`
}

// ScenePlan is one scene's verdicts, in pipeline order.
type ScenePlan struct {
	ID      string `json:"scene"`
	Chapter int    `json:"chapter"`
	Scene   int    `json:"scene_number"`
	Ledger  string `json:"ledger"` // relative to the book; "" when there is none
	Cells   []Cell `json:"phases"`
}

// Done reports whether every phase is skipped.
func (s ScenePlan) Done() bool {
	for _, c := range s.Cells {
		if c.Verdict != Skip {
			return false
		}
	}
	return true
}

// first returns the first cell that is not a SKIP, or -1.
func (s ScenePlan) first() int {
	for i, c := range s.Cells {
		if c.Verdict != Skip {
			return i
		}
	}
	return -1
}

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
	// Change is the prompt change to record.
	Change *PromptChange `json:"-"`
	// Forced are the mismatches an audit note records.
	Forced []Block `json:"forced,omitempty"`
}

// Plan is the computed resume plan of a book.
type Plan struct {
	Book     string      `json:"book"`
	BookDir  string      `json:"book_dir"`
	Flags    Flags       `json:"flags"`
	Pause    *Pause      `json:"pause,omitempty"`
	Resume   ResumeAt    `json:"resume"`
	Complete bool        `json:"complete"`
	Scenes   []ScenePlan `json:"scenes"`
	Blocks   []Block     `json:"blocked"`
	Writes   []Write     `json:"continue_writes"`
	// Command is the bookforge command line CONTINUE hands over.
	Command string `json:"command"`
	// ResumeIndex is the resume scene's index in Scenes (-1 when every
	// scene is done and there is nothing to pick up within them).
	ResumeIndex int      `json:"-"`
	Notes       []string `json:"notes,omitempty"`
}

// short abbreviates a hash for reasons, as git does.
func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	if h == "" {
		return "none"
	}
	return h
}

// Decide computes the plan.
func Decide(in Input) Plan {
	p := Plan{Flags: in.Flags, Pause: in.Pause, ResumeIndex: -1, Scenes: []ScenePlan{}, Blocks: []Block{}, Writes: []Write{}}
	for _, l := range in.Ledgers {
		p.Scenes = append(p.Scenes, evalScene(l, in, false))
	}
	resume := firstPending(p.Scenes)
	rerunFrom := in.Flags.RerunFrom
	if in.Flags.RerunAll && rerunFrom != "" {
		p.Notes = append(p.Notes, "--rerun-all already reruns everything: --rerun-from "+rerunFrom+" adds nothing")
		rerunFrom = ""
	}
	target := -1
	if rerunFrom != "" && len(p.Scenes) > 0 {
		// --rerun-from applies to the scene the resume picks up: the
		// first one not done, else the last one recorded.
		target = resume
		if target < 0 {
			target = len(p.Scenes) - 1
		}
		p.Scenes[target] = evalScene(in.Ledgers[target], in, true)
		resume = firstPending(p.Scenes)
	}
	p.ResumeIndex = resume
	if resume >= 0 {
		sp := p.Scenes[resume]
		c := sp.Cells[sp.first()]
		p.Resume = ResumeAt{Scene: sp.ID, Phase: c.Phase,
			Reason: fmt.Sprintf("%s %s: %s", sp.ID, phaseLabel(c.Phase), c.Reason)}
	} else {
		p.Complete = true
		p.Resume = ResumeAt{Reason: fmt.Sprintf("every phase of the %d recorded scene(s) can be skipped: the next run starts the next scene", len(p.Scenes))}
		if len(p.Scenes) == 0 {
			p.Resume.Reason = "no scene has a ledger yet: the next run starts from the first scene"
		}
	}

	var forced []Block
	for si, sp := range p.Scenes {
		for _, c := range sp.Cells {
			p.Blocks = append(p.Blocks, c.Blocks...)
			forced = append(forced, c.Forced...)
			if c.PromptChange != nil && c.PromptChange.Fresh && c.Verdict == Skip {
				p.Writes = append(p.Writes, Write{Kind: "prompt_update", Scene: sp.ID, Phases: []string{c.Phase}, File: sp.Ledger, Change: c.PromptChange,
					Text: fmt.Sprintf("record prompt_hash_prev, prompt_hash_new and prompt_update_reason on %s %s in %s (in place)", sp.ID, c.Phase, sp.Ledger)})
			}
		}
		if si == target {
			l := in.Ledgers[target]
			var moved []string
			for _, key := range l.Order {
				if ph, ok := normPhase(key); ok && phaseIndex(ph) >= phaseIndex(rerunFrom) && l.Entries[ph] != nil {
					moved = append(moved, key)
				}
			}
			if len(moved) > 0 {
				p.Writes = append(p.Writes, Write{Kind: "rerun_archive", Scene: sp.ID, Phases: moved, File: sp.Ledger,
					Text: fmt.Sprintf("move the %s entries of %s (%s) from %s to %s beside it", strings.Join(moved, ", "), sp.ID, "--rerun-from "+rerunFrom, sp.Ledger, rerunArchiveName(sp.ID, "<unix-ms>"))})
			}
		}
	}
	if len(forced) > 0 {
		p.Writes = append(p.Writes, Write{Kind: "force_audit", File: "draft/context/phase_history/" + forceAuditName("<unix-ms>"), Forced: forced,
			Text: fmt.Sprintf("write an audit note of the %d mismatch(es) --force-resume accepts", len(forced))})
	} else if in.Flags.ForceResume && !in.Flags.RerunAll {
		p.Notes = append(p.Notes, "--force-resume: no mismatch needed forcing, so no audit note is written")
	}
	if in.Flags.Reason != "" && !in.Flags.AllowPromptChange && !in.Flags.ForceResume {
		p.Notes = append(p.Notes, "--reason is recorded with --resume-allow-prompt-change or --force-resume; on its own it is not used")
	}
	return p
}

func firstPending(scenes []ScenePlan) int {
	for i, s := range scenes {
		if !s.Done() {
			return i
		}
	}
	return -1
}

// rerunArchiveName is where --rerun-from moves a scene's entries: beside
// the ledger, under a name the ledger pattern never matches.
func rerunArchiveName(scene, stamp string) string { return scene + ".rerun." + stamp + ".json" }

// forceAuditName is the audit note of one --force-resume.
func forceAuditName(stamp string) string { return "force_resume." + stamp + ".json" }

// evalScene decides one scene. rerunFrom says --rerun-from applies here.
func evalScene(l *Ledger, in Input, rerunFrom bool) ScenePlan {
	sp := ScenePlan{ID: l.ID, Chapter: l.Chapter, Scene: l.Scene, Ledger: l.Rel}
	if !l.Exists {
		sp.Ledger = ""
	}
	cascade := ""
	var change *PromptChange
	changeAt := ""
	from := phaseIndex(in.Flags.RerunFrom)
	for i, ph := range Phases {
		e := l.Entries[ph]
		var c Cell
		switch {
		case in.Flags.RerunAll:
			c = Cell{Phase: ph, Verdict: Rerun, Reason: "--rerun-all: the ledger is ignored and every phase reruns"}
		case rerunFrom && from >= 0 && i >= from:
			c = Cell{Phase: ph, Verdict: Rerun, Reason: "--rerun-from " + in.Flags.RerunFrom + ": rerun on request"}
			if e != nil {
				c.Reason += "; its ledger entry moves to an archive beside the ledger"
			}
		case cascade != "":
			c = Cell{Phase: ph, Verdict: Rerun, Reason: cascade}
		default:
			c = checkPhase(l, ph, e, in)
			if c.Verdict == Skip && change != nil && predates(e, change) {
				what := fmt.Sprintf("the prompt of %s changed (%s -> %s, reason: %s) after this output was made", changeAt, short(change.Prev), short(change.New), change.Reason)
				if in.Flags.ForceResume {
					c.Reason = "forced by --force-resume: kept although " + what + "; " + c.Reason
					c.Forced = append(c.Forced, Block{Scene: l.ID, Phase: ph, Kind: "prompt_changed_upstream", Flag: "--force-resume", Text: what})
					c.Notable = true
				} else {
					c = Cell{Phase: ph, Verdict: Rerun, Reason: what + "; it reruns (--force-resume keeps it)"}
				}
			}
		}
		if c.PromptChange != nil && c.Verdict == Skip && change == nil {
			change, changeAt = c.PromptChange, ph
		}
		if c.Verdict != Skip && cascade == "" {
			verb := "reruns"
			if c.Verdict == Blocked {
				verb = "is blocked"
			}
			cascade = fmt.Sprintf("after %s, which %s", phaseLabel(ph), verb)
		}
		sp.Cells = append(sp.Cells, c)
	}
	return sp
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

// checkPhase judges one recorded phase on its own.
func checkPhase(l *Ledger, ph string, e *Entry, in Input) Cell {
	c := Cell{Phase: ph}
	rerun := func(format string, args ...any) Cell {
		c.Verdict, c.Reason = Rerun, fmt.Sprintf(format, args...)
		return c
	}
	if e == nil {
		if ph == ApplyCommit {
			f := sceneFile(l.Chapter, l.Scene)
			if in.Files[f].Exists {
				c.Verdict = Skip
				c.Reason = "committed: " + f + " exists (apply/commit keeps no ledger entry)"
				c.Artifacts = []ArtifactRef{{Key: "scene", Path: f}}
				return c
			}
			return rerun("not committed yet: %s does not exist", f)
		}
		if pz := in.Pause; pz != nil && pz.SceneID() == l.ID && pz.Pipeline == ph {
			return rerun("no ledger entry: the run paused here (%s)", pz.Cause())
		}
		return rerun("no ledger entry: %s has not succeeded yet", phaseLabel(ph))
	}
	if e.Status != "success" {
		if e.Status == "" {
			return rerun("the entry records no status")
		}
		return rerun("recorded status %q, not success", e.Status)
	}
	// Required artifacts: recorded, and on disk.
	var present []string
	reqs := Required[ph]
	if ph == ApplyCommit {
		for _, a := range e.Artifacts {
			if strings.HasPrefix(a.Key, "registry") {
				reqs = append(slices.Clone(reqs), requirement{a.Key})
			}
		}
	}
	for _, req := range reqs {
		a, ok := e.artifact(req)
		if !ok {
			return rerun("artifact not recorded: %s", strings.Join(req, " or "))
		}
		f := in.Files[a.Path]
		if !f.Exists {
			if f.Err != "" {
				return rerun("artifact unreadable: %s (%s)", or(f.Rel, a.Path), f.Err)
			}
			return rerun("artifact missing: %s", or(f.Rel, a.Path))
		}
		present = append(present, a.Key)
		c.Artifacts = append(c.Artifacts, ArtifactRef{Key: a.Key, Path: f.Rel, Hash: a.Hash})
	}
	hashesChecked := false

	// Prompt templates.
	tblocks, pc, checked := templateCheck(l.ID, ph, e, in)
	hashesChecked = hashesChecked || checked
	if len(tblocks) > 0 {
		switch {
		case !in.Flags.AllowPromptChange:
			c.Blocks = append(c.Blocks, tblocks...)
		case in.Flags.Reason == "":
			for i := range tblocks {
				tblocks[i].Text += `; --resume-allow-prompt-change also needs --reason "..." (the reason is recorded)`
			}
			c.Blocks = append(c.Blocks, tblocks...)
		default:
			files := make([]string, len(tblocks))
			for i, b := range tblocks {
				files[i] = b.File
			}
			pc = &PromptChange{Files: files, Prev: promptPrev(e), New: in.SetHash[setKey(e.Templates)], Reason: in.Flags.Reason, Fresh: true}
		}
	}
	c.PromptChange = pc

	// pre_state and artifact hashes: --force-resume accepts them.
	var soft []Block
	if e.PreStateHash != "" {
		hashesChecked = true
		f := in.Files[e.PreStatePath]
		switch {
		case e.PreStatePath == "":
			soft = append(soft, Block{Kind: "pre_state_missing", Old: e.PreStateHash,
				Text: "pre_state_hash is recorded without pre_state_path, so it cannot be checked"})
		case !f.Exists:
			soft = append(soft, Block{Kind: "pre_state_missing", File: or(f.Rel, e.PreStatePath), Abs: f.Abs, Old: e.PreStateHash,
				Text: fmt.Sprintf("pre_state file missing: %s (recorded %s)", or(f.Rel, e.PreStatePath), short(e.PreStateHash))})
		case f.Hash != e.PreStateHash:
			soft = append(soft, Block{Kind: "pre_state_changed", File: f.Rel, Abs: f.Abs, Old: e.PreStateHash, New: f.Hash,
				Text: fmt.Sprintf("pre_state_hash changed (%s -> %s) for %s", short(e.PreStateHash), short(f.Hash), f.Rel)})
		}
	}
	for _, a := range e.Artifacts {
		if a.Hash == "" {
			continue
		}
		hashesChecked = true
		f := in.Files[a.Path]
		if !f.Exists {
			continue // a missing required artifact reruns above; others are warned about
		}
		if f.Hash != a.Hash {
			soft = append(soft, Block{Kind: "artifact_changed", File: f.Rel, Abs: f.Abs, Old: a.Hash, New: f.Hash,
				Text: fmt.Sprintf("artifact changed: %s (%s -> %s)", f.Rel, short(a.Hash), short(f.Hash))})
		}
	}
	for i := range soft {
		soft[i].Scene, soft[i].Phase, soft[i].Flag = l.ID, ph, "--force-resume"
	}
	if in.Flags.ForceResume {
		c.Forced = append(c.Forced, soft...)
	} else {
		for i := range soft {
			soft[i].Text += "; use --force-resume to accept"
		}
		c.Blocks = append(c.Blocks, soft...)
	}

	if len(c.Blocks) > 0 {
		c.Verdict = Blocked
		c.Reason = c.Blocks[0].Text
		if len(c.Blocks) > 1 {
			c.Reason += fmt.Sprintf(" (and %d more)", len(c.Blocks)-1)
		}
		c.Artifacts = nil
		c.PromptChange = nil
		return c
	}
	c.Verdict = Skip
	var why []string
	if e.RawTime != "" {
		why = append(why, "success at "+e.RawTime)
	} else {
		why = append(why, "recorded success")
	}
	if len(present) > 0 {
		why = append(why, strings.Join(present, ", ")+" present")
	}
	if hashesChecked {
		why = append(why, "hashes match")
	}
	c.Reason = strings.Join(why, "; ")
	if pc != nil {
		c.Notable = true
		if pc.Fresh {
			c.Reason = fmt.Sprintf("prompt change accepted (%s -> %s, reason: %s): %s; %s", short(pc.Prev), short(pc.New), pc.Reason, strings.Join(pc.Files, ", "), c.Reason)
		} else {
			c.Reason = fmt.Sprintf("prompt change recorded earlier (%s -> %s, reason: %s); %s", short(pc.Prev), short(pc.New), pc.Reason, c.Reason)
		}
	}
	if len(c.Forced) > 0 {
		c.Notable = true
		texts := make([]string, len(c.Forced))
		for i, f := range c.Forced {
			texts[i] = f.Text
		}
		c.Reason = "forced by --force-resume: " + strings.Join(texts, "; ") + "; " + c.Reason
	}
	return c
}

// promptPrev is the hash a new prompt change replaces: the one accepted
// last, else the recorded prompt_hash.
func promptPrev(e *Entry) string {
	if e.PromptHashNew != "" {
		return e.PromptHashNew
	}
	return e.PromptHash
}

// phaseTemplate is the template a change of the whole set is named by:
// the phase's own template, else the last one.
func phaseTemplate(ts []hashed) hashed {
	for _, t := range ts {
		if t.Key == "phase" {
			return t
		}
	}
	return ts[len(ts)-1]
}

// templateCheck compares an entry's prompt templates with the files now.
// Per-file hashes (template_set values {path, sha256} or template_hashes)
// name the changed file; otherwise prompt_hash is compared with the
// hash of the whole set. An entry that records an accepted change
// (prompt_hash_new) is compared with that instead. It returns the
// mismatches, an earlier accepted change still in force, and whether any
// hash was compared.
func templateCheck(scene, ph string, e *Entry, in Input) ([]Block, *PromptChange, bool) {
	if len(e.Templates) == 0 {
		return nil, nil, false
	}
	cur := in.SetHash[setKey(e.Templates)]
	mk := func(kind string, t hashed, old, now string) Block {
		f := in.Files[t.Path]
		b := Block{Scene: scene, Phase: ph, Kind: kind, File: or(f.Rel, t.Path), Abs: f.Abs, Old: old, New: now, Flag: "--resume-allow-prompt-change"}
		what := "template changed"
		if kind == "template_missing" {
			what = "template missing"
			b.Text = fmt.Sprintf("%s: %s (recorded %s)", what, b.File, short(old))
		} else {
			b.Text = fmt.Sprintf("%s: %s (%s -> %s)", what, b.File, short(old), short(now))
		}
		b.Text += fmt.Sprintf(`; use --resume-allow-prompt-change --reason "..." to accept, or --rerun-from %s`, ph)
		return b
	}
	var missing []Block
	for _, t := range e.Templates {
		if !in.Files[t.Path].Exists {
			missing = append(missing, mk("template_missing", t, or(t.Hash, e.PromptHash), ""))
		}
	}
	if e.PromptHashNew != "" {
		if cur == e.PromptHashNew {
			pc := &PromptChange{Prev: e.PromptHashPrev, New: e.PromptHashNew, Reason: e.PromptUpdateReason, At: e.PromptUpdatedAt, HasAt: e.HasPromptUpdatedAt}
			if !pc.HasAt && e.HasTime {
				pc.At, pc.HasAt = e.Timestamp, true
			}
			return nil, pc, true
		}
		if len(missing) > 0 {
			return missing, nil, true
		}
		return []Block{setChanged(mk, e.Templates, e.PromptHashNew, cur)}, nil, true
	}
	if len(missing) > 0 {
		return missing, nil, true
	}
	var out []Block
	perFile := false
	for _, t := range e.Templates {
		if t.Hash == "" {
			continue
		}
		perFile = true
		if h := in.Files[t.Path].Hash; h != t.Hash {
			out = append(out, mk("template_changed", t, t.Hash, h))
		}
	}
	if perFile {
		return out, nil, true
	}
	if e.PromptHash != "" {
		if cur != e.PromptHash {
			return []Block{setChanged(mk, e.Templates, e.PromptHash, cur)}, nil, true
		}
		return nil, nil, true
	}
	return nil, nil, false
}

// setChanged is a mismatch of the whole template set's hash: it is named
// by the phase's own template, and the message lists the other files of
// the set, since any of them may be the one that changed.
func setChanged(mk func(kind string, t hashed, old, now string) Block, ts []hashed, old, now string) Block {
	pt := phaseTemplate(ts)
	b := mk("template_changed", pt, old, now)
	if len(ts) > 1 {
		var others []string
		for _, t := range ts {
			if t.Path != pt.Path {
				others = append(others, t.Path)
			}
		}
		b.Text = strings.Replace(b.Text, b.File+" (", b.File+" with "+strings.Join(others, ", ")+" (", 1)
		for _, t := range ts {
			b.Set = append(b.Set, t.Path)
		}
	}
	return b
}
