package bookforge

import (
	"slices"
	"strconv"
	"strings"
)

// The checks of one recorded phase: its status, its artifacts, its
// prompt templates and its hashes (checkPhase), which evalScene
// combines into a scene's verdicts.

// checkPhase judges one recorded phase on its own.
func checkPhase(l *Ledger, ph string, e *Entry, in Input) Cell {
	tx := in.t()
	c := Cell{Phase: ph}
	if e == nil {
		return noEntryCell(l, ph, in)
	}
	if e.Status != "success" {
		c.Verdict, c.Reason = Rerun, tx.NoStatus
		if e.Status != "" {
			c.Reason = tx.BadStatus.F(strconv.Quote(e.Status))
		}
		return c
	}
	present, arts, missing := requiredArtifacts(ph, e, in)
	if missing != "" {
		c.Verdict, c.Reason, c.Artifacts = Rerun, missing, arts
		return c
	}
	c.Artifacts = arts

	tblocks, pc, hashesChecked := templateCheck(l.ID, ph, e, in)
	c.Blocks, c.PromptChange = promptBlocks(tblocks, pc, e, in)
	soft, checked := hashBlocks(l, ph, e, in)
	hashesChecked = hashesChecked || checked
	if in.Flags.ForceResume {
		c.Forced = append(c.Forced, soft...)
	} else {
		for i := range soft {
			soft[i].Text += tx.UseForce
		}
		c.Blocks = append(c.Blocks, soft...)
	}

	if len(c.Blocks) > 0 {
		c.Verdict = Blocked
		c.Reason = c.Blocks[0].Text
		if len(c.Blocks) > 1 {
			c.Reason += tx.AndMore.F(len(c.Blocks) - 1)
		}
		c.Artifacts = nil
		c.PromptChange = nil
		return c
	}
	c.Verdict = Skip
	c.Reason = skipReason(&c, e, present, hashesChecked, tx)
	return c
}

// noEntryCell judges a phase the ledger has no entry for: the commit
// counts when the scene's file exists; anything else reruns.
func noEntryCell(l *Ledger, ph string, in Input) Cell {
	tx := in.t()
	c := Cell{Phase: ph, Verdict: Rerun}
	if ph == ApplyCommit {
		f := sceneFile(l.Chapter, l.Scene)
		if in.Files[f].Exists {
			c.Verdict = Skip
			c.Reason = tx.CommittedNoEntry.F(f)
			c.Artifacts = []ArtifactRef{{Key: "scene", Path: f}}
			return c
		}
		c.Reason = tx.NotCommittedFile.F(f)
		return c
	}
	if pz := in.Pause; pz != nil && pz.SceneID() == l.ID && pz.Pipeline == ph {
		c.Reason = tx.NoEntryPaused.F(pz.Cause())
		return c
	}
	c.Reason = tx.NoEntry.F(phaseLabel(ph))
	return c
}

// requiredArtifacts checks the artifacts the phase needs: recorded, and
// on disk. It returns the keys present, the artifacts found so far, and
// why the phase reruns when one is missing ("" when none is).
func requiredArtifacts(ph string, e *Entry, in Input) ([]string, []ArtifactRef, string) {
	tx := in.t()
	var present []string
	var arts []ArtifactRef
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
			return present, arts, tx.ArtifactNotRecorded.F(strings.Join(req, " "+tx.Or+" "))
		}
		f := in.Files[a.Path]
		if !f.Exists {
			if f.Err != "" {
				return present, arts, tx.ArtifactUnreadable.F(or(f.Rel, a.Path), f.Err)
			}
			return present, arts, tx.ArtifactMissing.F(or(f.Rel, a.Path))
		}
		present = append(present, a.Key)
		arts = append(arts, ArtifactRef{Key: a.Key, Path: f.Rel, Hash: a.Hash})
	}
	return present, arts, ""
}

// promptBlocks are the prompt template mismatches that block the phase,
// and the prompt change in force: --resume-allow-prompt-change with a
// --reason accepts the mismatches as a new change.
func promptBlocks(tblocks []Block, pc *PromptChange, e *Entry, in Input) ([]Block, *PromptChange) {
	if len(tblocks) == 0 {
		return nil, pc
	}
	switch {
	case !in.Flags.AllowPromptChange:
		return tblocks, pc
	case in.Flags.Reason == "":
		for i := range tblocks {
			tblocks[i].Text += in.t().NeedsReason
		}
		return tblocks, pc
	}
	files := make([]string, len(tblocks))
	for i, b := range tblocks {
		files[i] = b.File
	}
	return nil, &PromptChange{Files: files, Prev: promptPrev(e), New: in.SetHash[setKey(e.Templates)], Reason: in.Flags.Reason, Fresh: true}
}

// hashBlocks are the pre_state and artifact hash mismatches, which
// --force-resume accepts, and whether any hash was compared.
func hashBlocks(l *Ledger, ph string, e *Entry, in Input) ([]Block, bool) {
	tx := in.t()
	var soft []Block
	checked := false
	if e.PreStateHash != "" {
		checked = true
		f := in.Files[e.PreStatePath]
		switch {
		case e.PreStatePath == "":
			soft = append(soft, Block{Kind: "pre_state_missing", Old: e.PreStateHash,
				Text: tx.PreStateNoPath})
		case !f.Exists:
			soft = append(soft, Block{Kind: "pre_state_missing", File: or(f.Rel, e.PreStatePath), Abs: f.Abs, Old: e.PreStateHash,
				Text: tx.PreStateMissing.F(or(f.Rel, e.PreStatePath), tx.short(e.PreStateHash))})
		case f.Hash != e.PreStateHash:
			soft = append(soft, Block{Kind: "pre_state_changed", File: f.Rel, Abs: f.Abs, Old: e.PreStateHash, New: f.Hash,
				Text: tx.PreStateChanged.F(tx.short(e.PreStateHash), tx.short(f.Hash), f.Rel)})
		}
	}
	for _, a := range e.Artifacts {
		if a.Hash == "" {
			continue
		}
		checked = true
		f := in.Files[a.Path]
		if !f.Exists {
			continue // a missing required artifact reruns above; others are warned about
		}
		if f.Hash != a.Hash {
			soft = append(soft, Block{Kind: "artifact_changed", File: f.Rel, Abs: f.Abs, Old: a.Hash, New: f.Hash,
				Text: tx.ArtifactChanged.F(f.Rel, tx.short(a.Hash), tx.short(f.Hash))})
		}
	}
	for i := range soft {
		soft[i].Scene, soft[i].Phase, soft[i].Flag = l.ID, ph, "--force-resume"
	}
	return soft, checked
}

// skipReason says why a phase is skipped, with the prompt change and
// the mismatches --force-resume accepted on it (which make it notable).
func skipReason(c *Cell, e *Entry, present []string, hashesChecked bool, tx *Text) string {
	var why []string
	if e.RawTime != "" {
		why = append(why, tx.SuccessAt.F(e.RawTime))
	} else {
		why = append(why, tx.RecordedSuccess)
	}
	if len(present) > 0 {
		why = append(why, tx.Present.F(strings.Join(present, ", ")))
	}
	if hashesChecked {
		why = append(why, tx.HashesMatch)
	}
	reason := strings.Join(why, "; ")
	if pc := c.PromptChange; pc != nil {
		c.Notable = true
		if pc.Fresh {
			reason = tx.PromptAccepted.F(tx.short(pc.Prev), tx.short(pc.New), pc.Reason, strings.Join(pc.Files, ", "), reason)
		} else {
			reason = tx.PromptEarlier.F(tx.short(pc.Prev), tx.short(pc.New), pc.Reason, reason)
		}
	}
	if len(c.Forced) > 0 {
		c.Notable = true
		texts := make([]string, len(c.Forced))
		for i, f := range c.Forced {
			texts[i] = f.Text
		}
		reason = tx.ForcedBy.F(strings.Join(texts, "; "), reason)
	}
	return reason
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
	tx := in.t()
	cur := in.SetHash[setKey(e.Templates)]
	mk := func(kind string, t hashed, old, now string) Block {
		f := in.Files[t.Path]
		b := Block{Scene: scene, Phase: ph, Kind: kind, File: or(f.Rel, t.Path), Abs: f.Abs, Old: old, New: now, Flag: "--resume-allow-prompt-change"}
		if kind == "template_missing" {
			b.Text = tx.TemplateMissingText.F(b.File, tx.short(old))
		} else {
			b.Text = tx.TemplateChangedText.F(b.File, tx.short(old), tx.short(now))
		}
		b.Text += tx.TemplateAccept.F(ph)
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
		return []Block{setChanged(mk, e.Templates, e.PromptHashNew, cur, tx)}, nil, true
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
			return []Block{setChanged(mk, e.Templates, e.PromptHash, cur, tx)}, nil, true
		}
		return nil, nil, true
	}
	return nil, nil, false
}

// setChanged is a mismatch of the whole template set's hash: it is named
// by the phase's own template, and the message lists the other files of
// the set, since any of them may be the one that changed.
func setChanged(mk func(kind string, t hashed, old, now string) Block, ts []hashed, old, now string, tx *Text) Block {
	pt := phaseTemplate(ts)
	b := mk("template_changed", pt, old, now)
	if len(ts) > 1 {
		var others []string
		for _, t := range ts {
			if t.Path != pt.Path {
				others = append(others, t.Path)
			}
		}
		b.Text = strings.Replace(b.Text, b.File+" (", b.File+tx.WithOthers.F(strings.Join(others, ", "))+" (", 1)
		for _, t := range ts {
			b.Set = append(b.Set, t.Path)
		}
	}
	return b
}
