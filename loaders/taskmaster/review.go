package taskmaster

import (
	"strings"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/internal/promptdoc"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/model"
)

// maxCols is how many subtask columns the grid has; a task with more
// says how many more in its note.
const maxCols = 30

// mark is a status's cell: kind, glyph and ASCII mark.
func mark(status string) (model.GridKind, string, string) {
	switch s := lowered(status); {
	case isDone(status):
		return model.GridOK, "✓", "v"
	case s == stInProgress:
		return model.GridRerun, "●", "*"
	case s == stPending:
		return model.GridRerun, "○", "o"
	case s == stReview:
		return model.GridBlocked, "◆", "?"
	case s == stBlocked:
		return model.GridBlocked, "✗", "X"
	case s == stDeferred:
		return model.GridNone, "◌", "d"
	case s == stCancelled:
		return model.GridNone, "–", "-"
	}
	return model.GridBlocked, "?", "?"
}

func (v *view) cell(it *item) model.GridCell {
	k, g, a := mark(it.status)
	return model.GridCell{Kind: k, Glyph: g, ASCII: a, Verdict: wordOf(it.status),
		Reason: v.in.tx.CellTask.F(it.full, wordOf(it.status), textsafe.Line(it.title, 200))}
}

// grid is the tag as task-master list shows it: a row per task, its own
// status, then a cell per subtask; the cursor on what next picks.
func (v *view) grid() *model.Grid {
	if len(v.t.tasks) == 0 {
		return nil
	}
	tx := v.in.tx
	cols := 0
	for i := range v.t.tasks {
		cols = max(cols, len(v.t.tasks[i].subs))
	}
	cols = min(cols, maxCols)
	g := &model.Grid{Title: tx.GridTitle, Cols: make([]string, 1+cols), Rows: make([]model.GridRow, len(v.t.tasks)), Replaces: []string{tx.TasksTitle}}
	g.Cols[0] = tx.ColTask
	for j := 1; j <= cols; j++ {
		g.Cols[j] = "." + itoa(j) // the cell reads "2 .6": subtask 2.6
	}
	none := model.GridCell{Kind: model.GridNone, Glyph: " ", ASCII: " "}
	for i := range v.t.tasks {
		t := &v.t.tasks[i]
		row := model.GridRow{Label: textsafe.Line(t.id, 12), Cells: make([]model.GridCell, 1+cols)}
		row.Cells[0] = v.cell(t)
		for j := 0; j < cols; j++ {
			row.Cells[1+j] = none
			if j < len(t.subs) {
				row.Cells[1+j] = v.cell(&t.subs[j])
			}
		}
		var notes []string
		if v.n.found && v.n.task == i {
			notes = append(notes, tx.GridNote.F(word(v.nextItem().full)))
		}
		if len(t.subs) > cols {
			notes = append(notes, tx.MoreSubtasks.N(len(t.subs)-cols))
		}
		row.Note = strings.Join(notes, " · ")
		g.Rows[i] = row
	}
	if v.n.found {
		g.StartRow, g.StartCol = v.n.task, 0
		if v.n.sub >= 0 && v.n.sub < cols {
			g.StartCol = 1 + v.n.sub
		}
	}
	for _, w := range []string{stDone, stInProgress, stPending, stReview, stBlocked, stDeferred, stCancelled} {
		k, gl, a := mark(w)
		g.Legend = append(g.Legend, model.GridCell{Kind: k, Glyph: gl, ASCII: a, Verdict: w})
	}
	return g
}

// sections are the grid as text (a line per task: id, status marks of
// the task and its subtasks, title), which a screen drawing the grid
// leaves out, and the tags with their counts.
func (v *view) sections() []model.Section {
	tx, in := v.in.tx, v.in
	lines := make([]string, 0, len(v.t.tasks))
	for i := range v.t.tasks {
		t := &v.t.tasks[i]
		var b strings.Builder
		b.WriteString(textsafe.Line(t.id, 12))
		b.WriteString(" ")
		_, g, _ := mark(t.status)
		b.WriteString(g)
		if len(t.subs) > 0 {
			b.WriteString(" ")
			for j := range t.subs {
				if j == maxCols {
					b.WriteString("…")
					break
				}
				_, g, _ := mark(t.subs[j].status)
				b.WriteString(g)
			}
		}
		b.WriteString(" " + wordOf(textsafe.Line(t.status, 20)) + ": " + textsafe.Line(t.title, titleMax))
		lines = append(lines, b.String())
	}
	var tags []string
	for _, o := range in.store.tags {
		c := counts(o.tasks, false)
		if o.name == in.current {
			tags = append(tags, tx.TagCurrent.F(textsafe.Line(o.name, titleMax), c))
		} else {
			tags = append(tags, tx.TagLine.F(textsafe.Line(o.name, titleMax), c))
		}
	}
	return []model.Section{{Title: tx.TasksTitle, Lines: lines}, {Title: tx.TagsTitle, Lines: tags}}
}

// targets are the items a choice sets, with a status value in the file
// to splice: RESTART the in-progress ones, DISCARD every pending,
// in-progress or blocked one. Done, completed, review, deferred and
// cancelled work is never among them.
func (v *view) targets(c model.Choice) []*item {
	var out []*item
	v.each(func(it, _ *item) {
		if !it.statusSet {
			return
		}
		switch s := lowered(it.status); {
		case c == model.Restart && s == stInProgress:
			out = append(out, it)
		case c == model.Discard && (s == stPending || s == stInProgress || s == stBlocked):
			out = append(out, it)
		}
	})
	return out
}

func ids(items []*item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.full
	}
	return out
}

// shown are the items' ids for a sentence (word).
func shown(items []*item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = word(it.full)
	}
	return out
}

// plainArg matches an id or tag a command line may hold as it is.
var plainArg = lazyre.New(`^[A-Za-z0-9._,-]+$`)

// arg is s for a command line: as it is when plain, else between single
// quotes (a quote inside closed and escaped), on one line.
func arg(s string) string {
	s = textsafe.Line(s, 200)
	if plainArg.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// setStatus is task-master's command for items: set-status with their
// ids, at most listMax of them named (the rest "…").
func setStatus(items []*item, status string) string {
	list, more := ids(items), ""
	if len(list) > listMax {
		list, more = list[:listMax], ",…"
	}
	return "task-master set-status --id=" + arg(strings.Join(list, ",")) + more + " --status=" + status
}

// commands are what CONTINUE runs, in task-master's own terms.
func (v *view) commands() []string {
	var out []string
	if v.t.name != v.in.current {
		out = append(out, "task-master use-tag "+arg(v.t.name))
	}
	out = append(out, "task-master next")
	if it := v.nextItem(); it != nil {
		if lowered(it.status) != stInProgress {
			out = append(out, "task-master set-status --id="+arg(it.full)+" --status=in-progress")
		}
		out = append(out, "task-master show "+arg(it.full))
	}
	return out
}

func (v *view) policy() map[model.Choice]model.ChoicePolicy {
	tx, in := v.in.tx, v.in
	file := in.rel(in.path)
	p := map[model.Choice]model.ChoicePolicy{
		model.Review: {Hint: tx.ReviewHint},
	}
	if it := v.nextItem(); it != nil {
		p[model.Continue] = model.ChoicePolicy{Hint: tx.ContinueHint.F(strings.Join(v.commands(), "; ")),
			Recommended: true, Why: tx.ContinueWhy.F(word(it.full))}
	} else {
		p[model.Continue] = model.ChoicePolicy{Disabled: tx.ContinueNone}
	}
	if r := v.targets(model.Restart); len(r) > 0 {
		p[model.Restart] = model.ChoicePolicy{Hint: tx.RestartHint.F(setStatus(r, stPending)),
			Confirm: tx.RestartConfirm.N(len(r), file, in.idList(shown(r), listMax))}
	} else {
		p[model.Restart] = model.ChoicePolicy{Disabled: tx.RestartNone}
	}
	if d := v.targets(model.Discard); len(d) > 0 {
		p[model.Discard] = model.ChoicePolicy{Hint: tx.DiscardHint.F(setStatus(d, stCancelled)),
			Confirm: tx.DiscardConfirm.N(len(d), word(v.t.name), file, in.idList(shown(d), listMax))}
	} else {
		p[model.Discard] = model.ChoicePolicy{Disabled: tx.DiscardNone}
	}
	return p
}

// outcomes are each choice's one line once it is made, in
// task-master's terms.
func (v *view) outcomes() map[model.Choice]string {
	tx, in := v.in.tx, v.in
	file := in.rel(in.path)
	out := map[model.Choice]string{}
	if it := v.nextItem(); it != nil {
		out[model.Continue] = tx.ContinueOutcome.F(strings.Join(v.commands(), "; "), word(it.full))
	}
	if r := v.targets(model.Restart); len(r) > 0 {
		out[model.Restart] = tx.RestartOutcome.N(len(r), in.idList(shown(r), listMax), file)
	}
	if d := v.targets(model.Discard); len(d) > 0 {
		out[model.Discard] = tx.DiscardOutcome.N(len(d), in.idList(shown(d), listMax), file)
	}
	return out
}

// context is what CONTINUE hands over (restored_context).
func (v *view) context() map[string]any {
	c := map[string]any{"tag": v.t.name, "tasks_file": v.in.rel(v.in.path), "current_tag": v.in.current}
	if it := v.nextItem(); it != nil {
		c["next"] = it.full
		c["next_title"] = it.title
	}
	return c
}

// prompt is the handoff for --emit prompt: task-master's commands, the
// item next picks with its text quoted from the file (data, never an
// instruction), and the alerts.
func (v *view) prompt(alerts []model.Alert) string {
	tx, in := v.in.tx, v.in
	q := func(s string) string { return textsafe.Quote(s, 1000) }
	p := model.Prompt{
		Title: tx.PromptTitle.F(q(v.t.name)),
		Sections: []model.PromptSection{
			{Lines: []string{tx.PromptRead.F(q(in.rel(in.path)))}},
			{Lines: []string{tx.PromptRun}},
			{Code: v.commands()},
		},
	}
	add := func(s model.PromptSection) { p.Sections = append(p.Sections, s) }
	if it := v.nextItem(); it == nil {
		add(model.PromptSection{Lines: []string{tx.PromptNothing}})
	} else {
		rp := v.resume()
		add(model.PromptSection{Lines: []string{tx.PromptPicks.F(q(it.full), q(it.title), rp.Reason)}})
		add(model.PromptSection{Lines: []string{tx.PromptItem.F(q(it.full))}})
		if v.n.sub >= 0 {
			t := &v.t.tasks[v.n.task]
			add(model.PromptSection{Lines: []string{tx.PromptParent.F(q(t.id), q(t.title))}})
		}
		item := model.PromptSection{Fields: []model.PromptField{{Label: tx.PromptTitleF, Value: it.title}}}
		if it.desc != "" {
			item.Fields = append(item.Fields, model.PromptField{Label: tx.PromptDesc, Value: it.desc})
		}
		if len(it.deps) > 0 {
			item.Fields = append(item.Fields, model.PromptField{Label: tx.PromptDeps, Value: strings.Join(it.deps, ", ")})
		}
		if strings.TrimSpace(it.details) != "" {
			// task-master's own layout: the block quote unindented.
			item.Raw = "- " + tx.PromptDetails + ":\n\n" + textsafe.QuoteBlock(it.details, 200)
		}
		add(item)
		add(model.PromptSection{Lines: []string{tx.PromptDone.F(arg(it.full))}})
	}
	if len(alerts) > 0 {
		al := model.PromptSection{Heading: tx.PromptAlerts}
		for _, a := range alerts {
			al.Lines = append(al.Lines, "- "+q(a.Text))
		}
		add(al)
	}
	return promptdoc.Render(p, tx.Lang)
}
