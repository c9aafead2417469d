package bmad

import (
	"github.com/pickup-dev/pickup/model"
)

// sections is REVIEW's text: every epic with its stories, in ledger
// order (what bmad-sprint-status shows, as a list).
func (r *reading) sections() []model.Section {
	t := r.t
	sec := model.Section{Title: t.SecEpics}
	done := map[string][2]int{}
	for _, e := range r.ledger.Entries {
		if e.Kind == KindStory && e.Status != "" {
			c := done[e.Epic]
			c[1]++
			if e.Status == StDone {
				c[0]++
			}
			done[e.Epic] = c
		}
	}
	for _, e := range r.ledger.Entries {
		switch e.Kind {
		case KindEpic:
			c := done[e.Epic]
			sec.Lines = append(sec.Lines, t.EpicLine.F(e.Key, shownWord(e.Raw), c[0], c[1]))
		default:
			f := r.stories[e.Key]
			if f != nil && f.exists && f.story.Status != "" && storyStatusWord(f.story.Status) != e.Status {
				sec.Lines = append(sec.Lines, t.StoryLineFile.F(shownKey(e.Key), shownWord(e.Raw), f.story.Status))
			} else {
				sec.Lines = append(sec.Lines, t.StoryLine.F(shownKey(e.Key), shownWord(e.Raw)))
			}
		}
	}
	return []model.Section{sec}
}

var (
	glyphs = map[string][2]string{
		StDone: {"✓", "x"}, StReview: {"R", "R"}, StInProgress: {"▶", ">"},
		StReady: {"○", "o"}, StBacklog: {"·", "."},
	}
	legendOrder = []string{StDone, StReview, StInProgress, StReady, StBacklog}
)

func cellKind(st string) model.GridKind {
	switch st {
	case StDone:
		return model.GridOK
	case StReview:
		// Waits for code-review, which BMAD wants in a fresh context.
		return model.GridBlocked
	case "":
		return model.GridNone
	}
	return model.GridRerun
}

// grid is REVIEW's table: a row per epic, a column per story number.
func (r *reading) grid() *model.Grid {
	t := r.t
	type row struct {
		epic  string
		cells map[int]Entry
	}
	var rows []*row
	byEpic := map[string]*row{}
	maxN := 0
	for _, e := range r.ledger.Entries {
		if e.Kind == KindEpic && byEpic[e.Epic] == nil {
			byEpic[e.Epic] = &row{epic: e.Epic, cells: map[int]Entry{}}
			rows = append(rows, byEpic[e.Epic])
		}
	}
	for _, e := range r.ledger.Entries {
		if e.Kind != KindStory || e.Story < 0 || e.Status == "" {
			continue
		}
		rw := byEpic[e.Epic]
		if rw == nil {
			rw = &row{epic: e.Epic, cells: map[int]Entry{}}
			byEpic[e.Epic] = rw
			rows = append(rows, rw)
		}
		if _, dup := rw.cells[e.Story]; !dup {
			rw.cells[e.Story] = e
		}
		maxN = max(maxN, e.Story)
	}
	if len(rows) == 0 || maxN == 0 && len(byEpic) == 0 {
		return nil
	}
	minN := 1
	for _, rw := range rows {
		if _, ok := rw.cells[0]; ok {
			minN = 0
		}
	}
	g := &model.Grid{Title: t.GridTitle, Replaces: []string{t.SecEpics}}
	for n := minN; n <= maxN; n++ {
		g.Cols = append(g.Cols, t.StoryCol.F(n))
	}
	for i, rw := range rows {
		gr := model.GridRow{Label: "epic-" + rw.epic}
		for n := minN; n <= maxN; n++ {
			e, ok := rw.cells[n]
			if !ok {
				gr.Cells = append(gr.Cells, model.GridCell{Kind: model.GridNone, Glyph: " ", ASCII: " "})
				continue
			}
			gr.Cells = append(gr.Cells, r.cell(e))
			if r.next.has && r.next.entry.Kind == KindStory && e.Key == r.next.entry.Key {
				gr.Note = t.GridNote
				g.StartRow, g.StartCol = i, n-minN
			}
		}
		g.Rows = append(g.Rows, gr)
	}
	for _, st := range legendOrder {
		c := model.GridCell{Kind: cellKind(st), Glyph: glyphs[st][0], ASCII: glyphs[st][1], Verdict: t.Legend[st]}
		g.Legend = append(g.Legend, c)
	}
	return g
}

func (r *reading) cell(e Entry) model.GridCell {
	gl := glyphs[e.Status]
	c := model.GridCell{Kind: cellKind(e.Status), Glyph: gl[0], ASCII: gl[1], Verdict: e.Raw, Reason: r.t.CellReason.F(shownKey(e.Key), shownWord(e.Raw))}
	if f := r.stories[e.Key]; f != nil && f.exists && f.story.Status != "" && storyStatusWord(f.story.Status) != e.Status {
		c.Reason = r.t.CellFileReason.F(shownKey(e.Key), shownWord(e.Raw), f.story.Status)
	}
	return c
}
