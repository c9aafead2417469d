package taskmaster

import (
	"sort"
	"strings"
)

// Task-master's status words (eyaltoledano/claude-task-master@c0c98d3:
// src/constants/task-status.js; tm-core adds blocked and completed,
// packages/tm-core/src/common/types/index.ts).
const (
	stPending    = "pending"
	stInProgress = "in-progress"
	stDone       = "done"
	stReview     = "review"
	stDeferred   = "deferred"
	stCancelled  = "cancelled"
	stBlocked    = "blocked"
	stCompleted  = "completed"
)

// Statuses are the status words task-master knows, in the order the
// summaries count them.
var Statuses = []string{stDone, stCompleted, stInProgress, stReview, stPending, stBlocked, stDeferred, stCancelled}

// isDone is find-next-task.js's test for the done set: exactly "done" or
// "completed".
func isDone(status string) bool { return status == stDone || status == stCompleted }

// lowered is (status || 'pending').toLowerCase().
func lowered(status string) string {
	if status == "" {
		return stPending
	}
	return strings.ToLower(status)
}

// open is a status task-master's next may pick: pending or in-progress
// (missing is pending; any case).
func open(status string) bool {
	s := lowered(status)
	return s == stPending || s == stInProgress
}

// unfinished is a subtask a done parent should not still have: anything
// but done, completed or cancelled.
func unfinished(status string) bool {
	return !isDone(status) && lowered(status) != stCancelled
}

// priorityValue is findNextTask's priorityValues[p] ?? 2, with tm-core's
// critical (4) above high.
func priorityValue(p string) int {
	switch p {
	case "critical":
		return 4
	case "high":
		return 3
	case "low":
		return 1
	}
	return 2
}

// next is what `task-master next` returns: the task (sub < 0) or the
// subtask sub of task task, by index; found is false when nothing is
// eligible.
type next struct {
	found     bool
	task, sub int
	priority  string
	deps      int
}

// candidate is one eligible item while next sorts them.
type candidate struct {
	task, sub    int
	prio, ndeps  int
	priority     string
	pnum, snum   float64
	pok, sok     bool
	fromSubtasks bool
}

// doneSet is the ids of tasks and subtasks ("p.s") whose status is done
// or completed.
func doneSet(tasks []item) map[string]bool {
	done := make(map[string]bool, len(tasks))
	for i := range tasks {
		t := &tasks[i]
		if isDone(t.status) {
			done[t.id] = true
		}
		for j := range t.subs {
			if isDone(t.subs[j].status) {
				done[t.subs[j].full] = true
			}
		}
	}
	return done
}

func allIn(deps []string, done map[string]bool) bool {
	for _, d := range deps {
		if !done[d] {
			return false
		}
	}
	return true
}

// findNext is task-master's findNextTask
// (scripts/modules/task-manager/find-next-task.js; the same rule as
// tm-core's TaskService.getNextTask):
//
//  1. subtasks, pending or in-progress, of every task whose status is
//     exactly in-progress, with every dependency done; by priority (the
//     subtask's, else its task's, else medium), then fewer dependencies,
//     then task id, then subtask id;
//  2. else tasks pending or in-progress with every dependency done; by
//     priority, then fewer dependencies, then id.
//
// Sorting is stable, as JavaScript's is.
func findNext(tasks []item) next {
	done := doneSet(tasks)
	var cands []candidate
	for i := range tasks {
		t := &tasks[i]
		if t.status != stInProgress {
			continue
		}
		for j := range t.subs {
			s := &t.subs[j]
			if !open(s.status) || !allIn(s.deps, done) {
				continue
			}
			p := firstOf(s.priority, t.priority, "medium")
			cands = append(cands, candidate{task: i, sub: j, prio: priorityValue(p), ndeps: len(s.deps), priority: p,
				pnum: t.num, pok: t.hasNum, snum: s.num, sok: s.hasNum, fromSubtasks: true})
		}
	}
	if len(cands) == 0 {
		for i := range tasks {
			t := &tasks[i]
			if !open(t.status) || !allIn(t.deps, done) {
				continue
			}
			p := firstOf(t.priority, "medium")
			cands = append(cands, candidate{task: i, sub: -1, prio: priorityValue(p), ndeps: len(t.deps), priority: p,
				pnum: t.num, pok: t.hasNum})
		}
	}
	if len(cands) == 0 {
		return next{}
	}
	sort.SliceStable(cands, func(a, b int) bool { return less(&cands[a], &cands[b]) })
	c := cands[0]
	return next{found: true, task: c.task, sub: c.sub, priority: c.priority, deps: c.ndeps}
}

// less is the comparator's "a before b"; a NaN id compares equal.
func less(a, b *candidate) bool {
	if a.prio != b.prio {
		return a.prio > b.prio
	}
	if a.ndeps != b.ndeps {
		return a.ndeps < b.ndeps
	}
	// Number(id): a NaN on either side makes JavaScript's a - b NaN,
	// which sort reads as equal.
	if !a.pok || !b.pok {
		return false
	}
	if a.pnum != b.pnum || !a.fromSubtasks {
		return a.pnum < b.pnum
	}
	if !a.sok || !b.sok {
		return false
	}
	return a.snum < b.snum
}

func firstOf(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}
