package gsd

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/promptdoc"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// restartFiles are what GSD's "start fresh" archives: the checkpoint
// files ("start fresh on current plan") and the agent marker ("start
// fresh, abandoning its work"). HANDOFF.json is DISCARD's.
func (p *project) restartFiles() []string {
	out := append([]string{}, p.continues...)
	if p.agentPath != "" {
		out = append(out, p.agentPath)
	}
	return out
}

func (p *project) rels(paths []string) string {
	rs := make([]string, len(paths))
	for i, x := range paths {
		rs[i] = shownRel(p.root, x)
	}
	return strings.Join(rs, ", ")
}

// freshStart is GSD's command to start the current plan fresh and what
// it starts: the first plan without SUMMARY, else the resume point's
// phase (executed when it has plans), else the resume command.
func (p *project) freshStart(t *Text, n next) (cmd, target string) {
	if ph, pl := p.firstOpen(); pl != nil {
		return p.spell + "execute-phase " + trimNum(ph.Num), shown(pl.ID)
	}
	if n.phase == nil {
		return n.cmd, ""
	}
	if n.kind == stepAdvance {
		return n.cmd, t.WherePhase.F(trimNum(n.phase.Num))
	}
	return p.spell + "execute-phase " + trimNum(n.phase.Num), t.WherePhase.F(trimNum(n.phase.Num))
}

// policy says the four choices in GSD's words. CONTINUE writes nothing
// (GSD's resume-work updates STATE.md itself); RESTART archives the
// checkpoint and agent marker; DISCARD archives every pause and agent
// marker. Plans, summaries and STATE.md are never moved.
func (l Loader) policy(p *project, n next, s *model.Session) {
	t := l.t()
	s.Policy = map[model.Choice]model.ChoicePolicy{}
	s.Moves = map[model.Choice][]string{}
	s.Outcomes = map[model.Choice]string{}
	staleOnly := p.agentStale && p.handoffPath == "" && len(p.continues) == 0
	s.Policy[model.Continue] = model.ChoicePolicy{Hint: t.ContinueHint.F(n.cmd), Recommended: !staleOnly, Why: t.ContinueWhy.F(l.phaseShown(s.ResumePoint.Phase))}
	s.Outcomes[model.Continue] = t.ContinueOutcome.F(n.cmd)

	exec, target := p.freshStart(t, n)
	if rf := p.restartFiles(); len(rf) > 0 {
		files := p.rels(rf)
		s.Policy[model.Restart] = model.ChoicePolicy{Hint: t.RestartHint.F(files, exec), Confirm: t.RestartConfirm.N(len(rf), files)}
		s.Moves[model.Restart] = relList(p.root, rf)
		s.Outcomes[model.Restart] = t.RestartOutcome.F(exec)
	} else {
		undo := p.spell + "undo --plan " + orQ(target)
		if !strings.Contains(target, "-") {
			undo = p.spell + "undo --last 1"
		}
		s.Policy[model.Restart] = model.ChoicePolicy{Disabled: t.RestartNone.F(orQ(target), exec, undo), Hint: t.RestartFresh}
	}
	if mk := p.markers(); len(mk) > 0 {
		files := p.rels(mk)
		hint := t.DiscardHint.F(files)
		if p.handoffPath == "" {
			hint = t.DiscardMarkHint.F(files)
		}
		s.Policy[model.Discard] = model.ChoicePolicy{Hint: hint, Confirm: t.DiscardConfirm.N(len(mk), files), Recommended: staleOnly, Why: ifThen(staleOnly, t.StaleWhy)}
		s.Moves[model.Discard] = relList(p.root, mk)
		s.Outcomes[model.Discard] = t.DiscardOutcome.N(len(mk))
	} else {
		s.Policy[model.Discard] = model.ChoicePolicy{Disabled: t.DiscardNone, Hint: t.DiscardReassess}
	}
}

func relList(root string, paths []string) []string {
	out := make([]string, len(paths))
	for i, x := range paths {
		out[i] = rel(root, x)
	}
	return out
}

// sections are REVIEW's blocks: GSD's incomplete-work scan, and the
// handoff when there is one.
func (l Loader) sections(p *project) []model.Section {
	t := l.t()
	inc := model.Section{Title: t.SecIncomplete}
	if p.agentID != "" {
		inc.Lines = append(inc.Lines, t.IncAgent.F(shown(p.agentID)))
	}
	if p.handoffPath != "" {
		inc.Lines = append(inc.Lines, t.IncHandoff.F(shownOrQ(p.handoff.Phase, 60), shownOrQ(p.handoff.Plan, 40), shownOrQ(p.handoff.Task, 100)))
	}
	for _, c := range p.continues {
		inc.Lines = append(inc.Lines, t.IncCheckpoint.F(shownRel(p.root, c)))
	}
	for _, ph := range p.phases {
		for _, pl := range ph.Plans {
			if !pl.Done {
				inc.Lines = append(inc.Lines, t.IncPlan.F(shownRel(p.root, pl.Path)))
			}
		}
	}
	if len(inc.Lines) == 0 {
		inc.Lines = []string{t.NoIncomplete}
	}
	out := []model.Section{inc}
	if p.handoffPath != "" {
		h := model.Section{Title: t.SecHandoff}
		if p.handoff.NextAction != "" {
			h.Lines = append(h.Lines, t.PromptNext.F(textsafe.Line(p.handoff.NextAction, 200)))
		}
		for _, x := range p.handoff.Remaining {
			h.Lines = append(h.Lines, "- "+textsafe.Line(x, 160))
		}
		for _, x := range p.handoff.Notes {
			h.Lines = append(h.Lines, "· "+textsafe.Line(x, 160))
		}
		if len(h.Lines) > 0 {
			out = append(out, h)
		}
	}
	return out
}

// maxGridCols caps the plan columns the grid shows.
const maxGridCols = 30

// grid is the phases x plans dashboard: a cell per plan, done when its
// SUMMARY is there.
func (l Loader) grid(p *project, n next) *model.Grid {
	t := l.t()
	cols := 0
	for _, ph := range p.phases {
		cols = max(cols, len(ph.Plans))
	}
	if cols == 0 {
		return nil
	}
	cols = min(cols, maxGridCols)
	g := &model.Grid{Title: t.GridTitle, Cols: make([]string, cols)}
	for i := range g.Cols {
		g.Cols[i] = twoDigits(i + 1)
	}
	for _, ph := range p.phases {
		row := model.GridRow{Label: trimNum(ph.Num), Cells: make([]model.GridCell, cols)}
		for i := range row.Cells {
			row.Cells[i] = model.GridCell{Kind: model.GridNone, Glyph: "·", ASCII: ".", Verdict: t.LegendNone, Reason: t.CellNone}
		}
		for i, pl := range ph.Plans {
			if i >= cols {
				break
			}
			if pl.Done {
				row.Cells[i] = model.GridCell{Kind: model.GridOK, Glyph: "✓", ASCII: "x", Verdict: t.LegendDone, Reason: t.CellDone.F(shown(pl.ID))}
			} else {
				row.Cells[i] = model.GridCell{Kind: model.GridRerun, Glyph: "○", ASCII: "o", Verdict: t.LegendOpen, Reason: t.CellOpen.F(shown(pl.ID))}
			}
			if n.plan != nil && pl.Path == n.plan.Path {
				g.StartRow, g.StartCol = len(g.Rows), i
				row.Note = t.GridNote
			}
		}
		if n.plan == nil && n.phase == ph {
			g.StartRow = len(g.Rows)
			row.Note = t.GridNote
		}
		g.Rows = append(g.Rows, row)
	}
	g.Legend = []model.GridCell{
		{Kind: model.GridOK, Glyph: "✓", ASCII: "x", Verdict: t.LegendDone},
		{Kind: model.GridRerun, Glyph: "○", ASCII: "o", Verdict: t.LegendOpen},
		{Kind: model.GridNone, Glyph: "·", ASCII: ".", Verdict: t.LegendNone},
	}
	return g
}

func twoDigits(n int) string { return fmt.Sprintf("%02d", n) }

// fileExists reports whether a regular file is at path.
func fileExists(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// phaseShown is a resume point's phase in the run's language: "Phase 4",
// as JSON keeps it, is said as "phase 4" / "fase 4".
func (l Loader) phaseShown(ph string) string {
	if num, ok := strings.CutPrefix(ph, "Phase "); ok {
		return l.t().WherePhase.F(num)
	}
	return ph
}

// prompt is the handoff for the agent that continues (--emit prompt).
// Every text read from the project is quoted: the fields by promptdoc,
// names and paths in the sentences by shown and shownRel, the handoff's
// notes and the checkpoint as block quotes.
func (l Loader) prompt(p *project, n next, s *model.Session) string {
	t := l.t()
	where := model.PromptSection{Lines: []string{t.PromptWhere}}
	for _, f := range s.Fields {
		where.Fields = append(where.Fields, model.PromptField{Label: i18n.Word(l.Lang, f.Label), Value: f.Value, Max: 200})
	}
	doc := model.Prompt{
		Title: t.PromptTitle.F(textsafe.Quote(filepath.Base(p.root), 80)),
		Sections: []model.PromptSection{
			{Lines: []string{t.PromptRun.F(p.spell+"resume-work", n.cmd)}},
			{Lines: []string{t.PromptRule.F(l.phaseShown(s.ResumePoint.Phase), s.ResumePoint.Reason), t.PromptDone}},
			where,
		},
	}
	add := func(x model.PromptSection) { doc.Sections = append(doc.Sections, x) }
	if len(s.Alerts) > 0 {
		al := model.PromptSection{Lines: []string{t.PromptAlerts}}
		for _, a := range s.Alerts {
			al.Lines = append(al.Lines, "- "+a.Text)
		}
		add(al)
	}
	if p.handoffPath != "" {
		h := model.PromptSection{Lines: []string{t.PromptHandoff.F(shownRel(p.root, p.handoffPath))}}
		if p.handoff.NextAction != "" {
			h.Lines = append(h.Lines, t.PromptNext.F(textsafe.Quote(p.handoff.NextAction, 300)))
		}
		if len(p.handoff.Notes) > 0 {
			h.Quote, h.QuoteLines = strings.Join(p.handoff.Notes, "\n"), 20
		}
		add(h)
	}
	if n.kind == stepCheckpoint {
		if head, _, err := fsx.ReadHead(n.file, 8192); err == nil {
			add(model.PromptSection{Lines: []string{t.PromptCheck.F(shownRel(p.root, n.file))}, Quote: string(head), QuoteLines: 40})
		}
	}
	add(model.PromptSection{Lines: []string{t.PromptDataNote}})
	return promptdoc.Render(doc, l.Lang)
}

// artifacts are the project's GSD files for the artifact browser: the
// state, roadmap and markers, then each phase's plans and summaries.
func artifacts(p *project) []model.Artifact {
	var out []model.Artifact
	add := func(path, kind, phase string, exists bool) {
		out = append(out, model.Artifact{Path: rel(p.root, path), Kind: kind, Phase: phase, Exists: exists})
	}
	// STATE.md is the session's own state file, which the artifact
	// list puts first by itself (loaders/artifacts.List).
	for _, n := range []string{"ROADMAP.md", "PROJECT.md", "REQUIREMENTS.md"} {
		if fileExists(filepath.Join(p.planning, n)) {
			add(filepath.Join(p.planning, n), "planning", "", true)
		}
	}
	for _, m := range p.markers() {
		add(m, "marker", "", true)
	}
	for _, ph := range p.phases {
		label := "Phase " + trimNum(ph.Num)
		for _, pl := range ph.Plans {
			add(pl.Path, "plan", label, true)
			add(pl.Summary, "summary", label, pl.Done)
		}
		if ph.VerifPath != "" {
			add(ph.VerifPath, "verification", label, true)
		}
	}
	return out
}

// shownOrQ is a value read from the project as shown says it, "?"
// when there is none.
func shownOrQ(s string, max int) string {
	if strings.TrimSpace(s) == "" {
		return "?"
	}
	return textsafe.Name(s, max)
}

func ifThen(ok bool, s string) string {
	if ok {
		return s
	}
	return ""
}
