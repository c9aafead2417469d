package bookforge

import (
	"fmt"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/model"
)

// glyphs are the grid's marks: one cell per verdict. A committed
// scene's DONE shares SKIP's mark: both are done and kept.
type glyphs struct {
	skip, rerun, blocked, maybe, none, resume string
}

var (
	unicodeGlyphs = glyphs{skip: "✓", rerun: "↻", blocked: "✗", maybe: "?", none: "–", resume: "◀ resume"}
	asciiGlyphs   = glyphs{skip: ".", rerun: "R", blocked: "X", maybe: "?", none: "-", resume: "< resume"}
)

// legendWords name the marks, in the legend's order.
func legendWords(tx *Text) []struct {
	v    Verdict
	word string
} {
	return []struct {
		v    Verdict
		word string
	}{{Skip, tx.LegSkip}, {Rerun, tx.LegRerun}, {Blocked, tx.LegBlocked}, {Maybe, tx.LegMaybe}, {None, tx.LegNone}}
}

func glyphsFor(plain bool) glyphs {
	if plain {
		return asciiGlyphs
	}
	return unicodeGlyphs
}

func (g glyphs) of(v Verdict) string {
	switch v {
	case Skip, Done:
		return g.skip
	case Blocked:
		return g.blocked
	case Maybe:
		return g.maybe
	case None:
		return g.none
	}
	return g.rerun
}

// colLabel is a phase as a grid column names it: repair is conditional.
func colLabel(ph string, tx *Text) string {
	if ph == "repair" {
		return textOr(tx).ColRepair
	}
	return phaseLabel(ph)
}

// gridLines is the scene x phase grid. Cells are single glyphs separated
// by single spaces and the header's first column is exactly as wide as
// a scene id, so the grid stays aligned wherever runs of spaces are
// collapsed (the dashboard wraps text by words).
func gridLines(p *Plan, plain bool) []string {
	tx := p.t()
	g := glyphsFor(plain)
	var legend []string
	for i, ph := range Phases {
		legend = append(legend, fmt.Sprintf("%d %s", i+1, colLabel(ph, tx)))
	}
	sep := " · "
	if plain {
		sep = ", "
	}
	out := []string{tx.PhasesLine.F(strings.Join(legend, sep))}
	head := []string{"chNNN_scNNN"}
	for i := range Phases {
		head = append(head, fmt.Sprint(i+1))
	}
	out = append(out, strings.Join(head, " "))
	for i, sp := range p.Scenes {
		row := []string{sp.ID}
		for _, c := range sp.Cells {
			row = append(row, g.of(c.Verdict))
		}
		if i == p.ResumeIndex {
			row = append(row, g.resume)
		}
		out = append(out, strings.Join(row, " "))
	}
	if len(p.Scenes) == 0 {
		out = append(out, tx.NoScenes)
	}
	lws := legendWords(tx)
	marks := make([]string, len(lws))
	for i, lw := range lws {
		marks[i] = g.of(lw.v) + " " + lw.word
	}
	out = append(out, strings.Join(marks, sep))
	return out
}

// reasonLines says why, cell by cell: every phase of the resume scene;
// elsewhere the phases that are not plain skips, runs of cells with one
// reason on one line, and one line for a scene skipped whole.
func reasonLines(p *Plan) []string {
	tx := p.t()
	var out []string
	for i, sp := range p.Scenes {
		if sp.Committed {
			out = append(out, committedLine(sp, tx))
			continue
		}
		if i != p.ResumeIndex && sp.Done() && !anyNotable(sp) {
			out = append(out, tx.AllSkip.F(sp.ID))
			continue
		}
		for j := 0; j < len(sp.Cells); {
			c := sp.Cells[j]
			k := j + 1
			for k < len(sp.Cells) && sp.Cells[k].Verdict == c.Verdict && sp.Cells[k].Reason == c.Reason {
				k++
			}
			if i == p.ResumeIndex || !c.Verdict.settled() || c.Notable {
				names := make([]string, 0, k-j)
				for _, cc := range sp.Cells[j:k] {
					names = append(names, phaseLabel(cc.Phase))
				}
				out = append(out, fmt.Sprintf("%s %s: %s: %s", sp.ID, strings.Join(names, ", "), c.Verdict, c.Reason))
			}
			j = k
		}
	}
	return out
}

// committedLine sums up a committed scene in one line: its ledger is
// history, and which conditional phases it did without.
func committedLine(sp ScenePlan, tx *Text) string {
	line := tx.CommittedLine.F(sp.ID)
	for _, c := range sp.Cells {
		if c.Verdict == None || (c.Phase == "lint" && strings.HasSuffix(c.Reason, tx.ReportFailCommitted)) {
			line += "; " + phaseLabel(c.Phase) + ": " + c.Reason
		}
	}
	return line
}

func anyNotable(sp ScenePlan) bool {
	for _, c := range sp.Cells {
		if c.Notable {
			return true
		}
	}
	return false
}

// writeLines lists what CONTINUE writes.
func writeLines(p *Plan) []string {
	if len(p.Writes) == 0 {
		return []string{p.t().NothingWritten}
	}
	out := make([]string, len(p.Writes))
	for i, w := range p.Writes {
		out[i] = w.Text
	}
	return out
}

// planLines is `pickup plan`'s text.
func planLines(p *Plan, now time.Time) []string {
	tx := p.t()
	out := []string{tx.PlanTitle.F(p.Book, p.BookDir)}
	if args := p.Flags.Args(); len(args) > 0 || p.Flags.Reason != "" {
		f := strings.Join(args, " ")
		if p.Flags.Reason != "" {
			f = strings.TrimSpace(f + " --reason " + shellQuote(p.Flags.Reason))
		}
		out = append(out, tx.PlanFlags.F(f))
	}
	if p.live() != nil {
		out = append(out, p.Pause.Lines(now)...)
	}
	if st := p.State; st != nil {
		out = append(out, tx.PlanCursor.N(p.Committed, st.SceneID(), or(st.Status, tx.None), StateFile))
	} else if len(p.Scenes) > 0 {
		out = append(out, tx.PlanNoCursor)
	}
	if p.Lint.Off {
		out = append(out, tx.PlanLintOff.F(p.Lint.Why))
	} else {
		out = append(out, tx.PlanLintOn.F(p.Lint.Why))
	}
	if p.Complete {
		out = append(out, tx.PlanResumeWhy.F(p.Resume.Reason))
	} else {
		out = append(out, tx.PlanResumeAt.F(p.Resume.Scene, phaseLabel(p.Resume.Phase)))
	}
	out = append(out, tx.PlanCommand.F(p.Command))
	if g := p.Gate; g != nil && !g.Open && !p.Complete {
		out = append(out, "  "+g.sentence(tx))
		for _, it := range g.Attention {
			out = append(out, "    "+it)
		}
	}
	if o := p.Outline; o != nil && o.Total > 0 {
		out = append(out, tx.Outline.PlanOutline.F(o.File, len(o.Chapters), o.Total))
	}
	if p.Pause != nil && p.live() == nil {
		out = append(out, tx.PlanStale.F(PauseFile))
		for _, l := range p.Pause.Lines(now) {
			out = append(out, "  "+l)
		}
	}
	w := 0
	for _, ph := range Phases {
		w = max(w, len(phaseLabel(ph)))
	}
	for i, sp := range p.Scenes {
		out = append(out, "")
		head := sp.ID
		if sp.Ledger != "" {
			head += " (" + sp.Ledger + ")"
		} else {
			head += tx.PlanNoLedger
		}
		switch {
		case i == p.ResumeIndex:
			head += tx.PlanResumeHere
		case sp.Committed:
			head += tx.PlanCommitted
		case sp.Ahead:
			head += tx.PlanAfterCursor
		}
		out = append(out, head)
		for _, c := range sp.Cells {
			out = append(out, fmt.Sprintf("  %-*s  %-7s  %s", w, phaseLabel(c.Phase), c.Verdict, c.Reason))
		}
	}
	if len(p.Blocks) > 0 {
		out = append(out, "", tx.PlanBlocked.F(len(p.Blocks)))
		for _, b := range p.Blocks {
			out = append(out, fmt.Sprintf("  %s %s: %s", b.Scene, phaseLabel(b.Phase), b.Text))
		}
	}
	out = append(out, "", tx.PlanWrites)
	for _, l := range writeLines(p) {
		out = append(out, "  "+l)
	}
	for _, n := range p.Notes {
		out = append(out, tx.PlanNote.F(n))
	}
	return out
}

// shellQuote quotes s for a POSIX shell when it needs it; a name with
// control characters in bash's $'…' form (model.ShellQuote), so it shows
// on one line.
func shellQuote(s string) string { return model.ShellQuote(s) }

// bookforgeCommand is a bookforge command line for the book: the global
// --workspace, then the subcommand words, then --book.
func bookforgeCommand(b *book, words ...string) string {
	parts := append([]string{"bookforge", "--workspace", shellQuote(b.relProject(b.Workspace))}, words...)
	return strings.Join(append(parts, "--book", shellQuote(b.ID)), " ")
}

// runCommand is `bookforge run` for the book: with --resume it reuses
// the cursor scene's ledger; without, it reruns that scene from plan.
func runCommand(b *book, resume bool) string {
	c := bookforgeCommand(b, "run")
	if resume {
		c += " --resume"
	}
	return c
}

// resetCommand is bookforge's own fresh start. --archive keeps what the
// reset removes under workspace/archives/<book>/reset_<stamp>_<hex>/;
// without it the drafted chapters are deleted.
func resetCommand(b *book) string { return bookforgeCommand(b, "book", "reset") + " --archive" }
