package taskmaster

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/model"
)

// view is one tag read for a session: its tasks and what
// task-master next picks.
type view struct {
	in *input
	t  *tag
	n  next
}

// titleMax caps a title in names and fields.
const titleMax = 80

// listMax is how many ids a warning or an alert names before "and N
// more".
const listMax = 5

func (v *view) nextItem() *item {
	if !v.n.found {
		return nil
	}
	t := &v.t.tasks[v.n.task]
	if v.n.sub >= 0 {
		return &t.subs[v.n.sub]
	}
	return t
}

// each calls f for every task and subtask (parent nil for a task).
func (v *view) each(f func(it, parent *item)) {
	for i := range v.t.tasks {
		t := &v.t.tasks[i]
		f(t, nil)
		for j := range t.subs {
			f(&t.subs[j], t)
		}
	}
}

// counts is "done 1 · in-progress 1 · pending 8": each status word with
// its count, task-master's words in Statuses order, then others; of the
// tasks, or (subs) of their subtasks.
func counts(tasks []item, subs bool) string {
	c := map[string]int{}
	for i := range tasks {
		if !subs {
			c[wordOf(tasks[i].status)]++
			continue
		}
		for j := range tasks[i].subs {
			c[wordOf(tasks[i].subs[j].status)]++
		}
	}
	if len(c) == 0 {
		return ""
	}
	var parts []string
	for _, w := range Statuses {
		if c[w] > 0 {
			parts = append(parts, w+" "+itoa(c[w]))
			delete(c, w)
		}
	}
	rest := make([]string, 0, len(c))
	for w := range c {
		rest = append(rest, w)
	}
	sort.Strings(rest)
	for _, w := range rest {
		parts = append(parts, textsafe.Line(w, 40)+" "+itoa(c[w]))
	}
	return strings.Join(parts, " · ")
}

// wordOf is the status as task-master shows it: missing is pending.
func wordOf(status string) string {
	if status == "" {
		return stPending
	}
	return status
}

// status is the tag's one word: in-progress when something is, done
// when nothing is open, else pending.
func (v *view) status() string {
	switch {
	case v.inProgress():
		return stInProgress
	case v.finished():
		return stDone
	}
	return stPending
}

// inProgress: a task or subtask is in-progress.
func (v *view) inProgress() bool {
	found := false
	v.each(func(it, _ *item) { found = found || lowered(it.status) == stInProgress })
	return found
}

// finished: no task or subtask is open (pending, in-progress), in
// review or blocked.
func (v *view) finished() bool {
	left := false
	v.each(func(it, _ *item) {
		switch lowered(it.status) {
		case stPending, stInProgress, stReview, stBlocked:
			left = true
		}
	})
	return !left && len(v.t.tasks) > 0
}

func phaseStatus(status string) model.PhaseStatus {
	switch {
	case isDone(status):
		return model.PhaseCompleted
	case lowered(status) == stInProgress, lowered(status) == stReview:
		return model.PhaseInProgress
	}
	return model.PhasePending
}

// phases are the tag's tasks, one phase each: "<id> <title>", its
// status word, its subtasks done.
func (v *view) phases() []model.Phase {
	out := make([]model.Phase, 0, len(v.t.tasks))
	for i := range v.t.tasks {
		t := &v.t.tasks[i]
		p := model.Phase{Name: t.id + " " + textsafe.Line(t.title, titleMax), Status: phaseStatus(t.status), Label: wordOf(t.status)}
		if len(t.subs) > 0 {
			done := 0
			for j := range t.subs {
				if isDone(t.subs[j].status) {
					done++
				}
			}
			p.Result = itoa(done) + "/" + itoa(len(t.subs))
		}
		p.Detail = t.priority
		out = append(out, p)
	}
	return out
}

// progress is the tasks done (task-master list's completion) and the
// subtasks done, when there are any.
func (v *view) progress() (model.Progress, *model.Progress) {
	p := model.Progress{Total: len(v.t.tasks)}
	var u *model.Progress
	for i := range v.t.tasks {
		t := &v.t.tasks[i]
		if isDone(t.status) {
			p.Done++
		}
		for j := range t.subs {
			if u == nil {
				u = &model.Progress{}
			}
			u.Total++
			if isDone(t.subs[j].status) {
				u.Done++
			}
		}
	}
	return p, u
}

func (v *view) fields() []model.Field {
	in := v.in
	// The values are language-neutral (names, ids, files, task-master's
	// words): scripts may compare them.
	cur := in.current
	if in.currentFrom != "" {
		cur += " (" + in.currentFrom + ")"
	}
	f := []model.Field{
		{Key: "tag", Label: "Tag", Value: v.t.name},
		{Key: "current_tag", Label: "Current tag", Value: cur},
	}
	if it := v.nextItem(); it != nil {
		f = append(f, model.Field{Key: "next", Label: "Next", Value: it.full + " " + textsafe.Line(it.title, titleMax)})
	}
	f = append(f, model.Field{Key: "tasks", Label: "Tasks", Value: counts(v.t.tasks, false)})
	if subs := counts(v.t.tasks, true); subs != "" {
		f = append(f, model.Field{Key: "subtasks", Label: "Subtasks", Value: subs})
	}
	return f
}

// resume is where task-master next picks up, and why.
func (v *view) resume() model.ResumePoint {
	tx := v.in.tx
	it := v.nextItem()
	if it == nil {
		waiting := 0
		for i := range v.t.tasks {
			if open(v.t.tasks[i].status) {
				waiting++
			}
		}
		if waiting == 0 {
			return model.ResumePoint{Reason: tx.NothingLeft}
		}
		return model.ResumePoint{Reason: tx.AllWaiting.N(waiting)}
	}
	rp := model.ResumePoint{Phase: it.full}
	switch {
	case v.n.sub >= 0:
		rp.Reason = tx.NextSubtask.F(word(it.full), word(v.t.tasks[v.n.task].id), word(v.n.priority))
	case v.n.deps == 0:
		rp.Reason = tx.NextTask.F(word(it.full), word(v.n.priority))
	default:
		rp.Reason = tx.NextTaskDeps.N(v.n.deps, word(it.full), word(v.n.priority))
	}
	return rp
}

// fileTasks are the indexes of the tasks whose task_NNN.txt the
// artifact list names: the next one's and those in progress.
func (v *view) fileTasks() []int {
	var out []int
	if v.n.found {
		out = append(out, v.n.task)
	}
	for i := range v.t.tasks {
		if lowered(v.t.tasks[i].status) == stInProgress {
			out = append(out, i)
		}
	}
	return out
}

// warnings are the ways the file drifts from task-master's shape (read
// leniently, each said once with the ids it concerns), the legacy form,
// the current tag when it is another, and the other tags with
// unfinished work: pickup never picks one of several silently.
func (v *view) warnings() []string {
	tx, in := v.in.tx, v.in
	var out []string
	if in.store.legacy {
		out = append(out, tx.Legacy.F(in.rel(in.path)))
	}
	by := map[driftKind][]string{}
	var order []driftKind
	for _, d := range v.t.drift {
		if _, ok := by[d.kind]; !ok {
			order = append(order, d.kind)
		}
		by[d.kind] = append(by[d.kind], word(d.arg))
	}
	for _, k := range order {
		list := in.idList(by[k], listMax)
		switch k {
		case driftTasksNotArray:
			out = append(out, tx.TasksNotArray.F(word(v.t.name)))
		case driftTaskNotObject:
			out = append(out, tx.TaskNotObject.F(list))
		case driftSubsNotArray:
			out = append(out, tx.SubsNotArray.F(list))
		case driftNoID:
			out = append(out, tx.NoID.F(list))
		case driftStatusWord:
			out = append(out, tx.StatusWord.F(list))
		case driftCompleted:
			out = append(out, tx.CompletedWord.F(list))
		case driftPriority:
			out = append(out, tx.PriorityWord.F(list))
		case driftDepsNotArray:
			out = append(out, tx.DepsNotArray.F(list))
		}
	}
	if v.t.name != in.current {
		out = append(out, tx.NotCurrent.F(word(in.current), word(v.t.name)))
	}
	var others []string
	for _, o := range in.store.tags {
		if o != v.t && hasOpen(o) {
			others = append(others, word(o.name))
		}
	}
	if len(others) > 0 {
		out = append(out, tx.OtherUnfinished.N(len(others), in.idList(others, listMax)))
	}
	return out
}

// hasOpen: a task or subtask of t is pending or in-progress.
func hasOpen(t *tag) bool {
	for i := range t.tasks {
		if open(t.tasks[i].status) {
			return true
		}
		for j := range t.tasks[i].subs {
			if open(t.tasks[i].subs[j].status) {
				return true
			}
		}
	}
	return false
}

// alerts are where the file disagrees with itself: never resolved in
// favour of done.
//
//   - a subtask in-progress under a pending task (task-master next only
//     looks at subtasks of in-progress tasks, so it ignores that work);
//   - a task done with subtasks not done (set-status done would have
//     finished them: someone edited the file, or the work is not done);
//   - a dependency on an id that does not exist (its task can never be
//     picked: the done set never holds it);
//   - an id used twice.
func (v *view) alerts() []string {
	tx, in := v.in.tx, v.in
	var under, doneOpen, missing, dups []string
	ids := map[string]int{}
	v.each(func(it, _ *item) { ids[it.full]++ })
	v.each(func(it, parent *item) {
		if parent != nil && lowered(parent.status) == stPending && lowered(it.status) == stInProgress {
			under = append(under, word(it.full))
		}
		if parent == nil && isDone(it.status) {
			var left []string
			for j := range it.subs {
				if unfinished(it.subs[j].status) {
					left = append(left, word(it.subs[j].full)+" "+word(wordOf(it.subs[j].status)))
				}
			}
			if len(left) > 0 {
				doneOpen = append(doneOpen, word(it.full)+" ("+in.idList(left, 3)+")")
			}
		}
		for _, d := range it.deps {
			if ids[d] == 0 {
				missing = append(missing, word(it.full)+" → "+word(d))
			}
		}
		if ids[it.full] > 1 {
			dups = append(dups, word(it.full))
			ids[it.full] = -1 // named once
		}
	})
	var out []string
	clean := func(list []string) string { return in.idList(list, listMax) }
	if len(under) > 0 {
		out = append(out, tx.SubUnderPending.N(len(under), clean(under)))
	}
	if len(doneOpen) > 0 {
		out = append(out, tx.DoneWithOpen.N(len(doneOpen), clean(doneOpen)))
	}
	if len(missing) > 0 {
		out = append(out, tx.MissingDep.N(len(missing), clean(missing)))
	}
	if len(dups) > 0 {
		out = append(out, tx.DuplicateID.N(len(dups), clean(dups)))
	}
	return out
}

// word is an id or a priority read from the file, for a sentence: as it
// is when it is a plain word ("2.6", "high"), else quoted as data
// (textsafe.Quote), so a value cannot pass for pickup's own words.
func word(s string) string { return textsafe.Name(s, titleMax) }

func itoa(n int) string { return strconv.Itoa(n) }
