package bookforge

import (
	"path/filepath"
	"strings"

	"github.com/pickup-dev/pickup/model"
)

// The dashboard's section titles (Text.GridTitle, GridTitlePlain, Why):
// the text grid (with glyphs, and plain) and the list of reasons, which
// a screen drawing the grid leaves out. The grid's own title is ASCII:
// a screen may draw it where glyphs cannot be shown.

// gridOf is the plan as a model.Grid: a row per scene, a cell per phase,
// each with its verdict's glyph, ASCII mark and reason, the cursor on
// the resume point. It reads the same Plan `pickup plan` prints and
// CONTINUE carries out. plain says the text grid section it stands for
// has the ASCII title. nil when no scene is recorded.
func gridOf(p *Plan, plain bool) *model.Grid {
	if len(p.Scenes) == 0 {
		return nil
	}
	tx := p.t()
	g := &model.Grid{Title: tx.GridTitlePlain, Cols: make([]string, len(Phases)), Rows: make([]model.GridRow, len(p.Scenes))}
	g.Replaces = []string{tx.GridTitle, tx.Why}
	if plain {
		g.Replaces[0] = tx.GridTitlePlain
	}
	for i, ph := range Phases {
		g.Cols[i] = colLabel(ph, tx)
	}
	for i, sp := range p.Scenes {
		row := model.GridRow{Label: sp.ID, Cells: make([]model.GridCell, len(sp.Cells))}
		for j, c := range sp.Cells {
			row.Cells[j] = gridCell(c.Verdict, c.Reason)
		}
		if i == p.ResumeIndex {
			row.Note = tx.GridNote
		}
		g.Rows[i] = row
	}
	// The cursor starts on the resume point's first cell that is not a
	// skip; with every scene done, on the last scene.
	g.StartRow = len(p.Scenes) - 1
	if p.ResumeIndex >= 0 {
		g.StartRow = p.ResumeIndex
		g.StartCol = max(p.Scenes[p.ResumeIndex].first(), 0)
	}
	for _, lw := range legendWords(tx) {
		c := gridCell(lw.v, "")
		c.Verdict = lw.word
		g.Legend = append(g.Legend, c)
	}
	return g
}

func gridCell(v Verdict, reason string) model.GridCell {
	kind := model.GridRerun
	switch v {
	case Skip, Done:
		kind = model.GridOK
	case Blocked:
		kind = model.GridBlocked
	case Maybe, None:
		kind = model.GridNone
	}
	return model.GridCell{Kind: kind, Glyph: unicodeGlyphs.of(v), ASCII: asciiGlyphs.of(v), Verdict: string(v), Reason: reason}
}

// bookArtifacts is every file the book's ledgers name, for the artifact
// list: the pause marker, then scene by scene its ledger, each recorded
// entry's artifacts (with the sha256 the ledger records, so the list
// shows their integrity) and pre_state file, and the committed scene
// file; the prompt templates last, once each. Paths are relative to the
// project. Phase says which phase of which scene recorded the file.
func bookArtifacts(b *book) []model.Artifact {
	n := 1
	for _, l := range b.Ledgers {
		n += 2
		for _, e := range l.Entries {
			n += len(e.Artifacts) + 1
		}
	}
	out := make([]model.Artifact, 0, n)
	seen := make(map[string]bool, n)
	add := func(abs, kind, phase, hash string, exists bool) {
		if abs == "" || seen[abs] {
			return
		}
		seen[abs] = true
		out = append(out, model.Artifact{Path: b.projectPath(abs), Kind: kind, Phase: phase, Exists: exists, Hash: hash})
	}
	if b.HasPause {
		add(b.PauseFile, "pause marker", "", "", true)
	}
	type tmpl struct {
		abs, hash string
		exists    bool
	}
	var templates []tmpl
	tseen := map[[2]string]bool{}
	for _, l := range b.Ledgers {
		if l.Exists {
			add(l.File, "ledger", "", "", true)
		}
		for _, ph := range Phases {
			e := l.Entries[ph]
			if e == nil {
				continue
			}
			by := phaseLabel(ph) + " (" + l.ID + ")"
			for _, a := range e.Artifacts {
				if a.Path == "" {
					continue
				}
				f := b.Files[a.Path]
				add(f.Abs, a.Key, by, a.Hash, f.Exists)
			}
			if e.PreStatePath != "" {
				f := b.Files[e.PreStatePath]
				add(f.Abs, "pre_state", by, e.PreStateHash, f.Exists)
			}
			for _, t := range e.Templates {
				if k := [2]string{t.Path, t.Hash}; t.Path != "" && !tseen[k] {
					tseen[k] = true
					f := b.Files[t.Path]
					templates = append(templates, tmpl{f.Abs, t.Hash, f.Exists})
				}
			}
		}
		if f := b.Files[sceneFile(l.Chapter, l.Scene)]; f.Exists {
			add(f.Abs, "scene", phaseLabel(ApplyCommit)+" ("+l.ID+")", "", true)
		}
	}
	for _, t := range templates {
		add(t.abs, "template", "", t.hash, t.exists)
	}
	return out
}

// projectPath is abs relative to the project (forward slashes), or abs
// itself when it lies outside.
func (b *book) projectPath(abs string) string {
	if rest, ok := strings.CutPrefix(abs, b.Project+string(filepath.Separator)); ok {
		return filepath.ToSlash(rest)
	}
	r, err := filepath.Rel(b.Project, abs)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return abs
	}
	return filepath.ToSlash(r)
}
