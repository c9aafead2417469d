package speckit

import (
	"bytes"
	"strings"

	"github.com/pickup-dev/pickup/internal/lazyre"
)

// Task is one line of tasks.md that spec-kit counts as a task: a
// checkbox followed by a task id (T001, a sub-id T103.1, a bold
// **T001**).
type Task struct {
	ID, Text string
	Done     bool
	Line     int
	// Struck is a task whose description is struck through (~~…~~), as
	// agents mark one they set aside; Note is what follows it (BLOCKED,
	// DEFERRED…).
	Struck bool
}

// Group is a "## " heading of tasks.md with the tasks under it; only
// groups holding tasks are phases.
type Group struct {
	Name  string
	Line  int
	Tasks []Task
	// Checkpoints are checkbox lines naming a checkpoint, with whether
	// each is ticked.
	Checkpoints []Box
}

// Box is a checkbox line that is no task (an acceptance item, a
// checkpoint, an id spec-kit's rule does not read such as T-SB04).
type Box struct {
	Text string
	Done bool
	Line int
}

// Doc is tasks.md read.
type Doc struct {
	Title  string
	Groups []Group
	// Loose are unticked checkbox lines outside any task grammar.
	Loose []Box
}

var (
	boxRe  = lazyre.New(`^\s*[-*+]\s+\[([ xX])\]\s+(.*)$`)
	taskRe = lazyre.New(`^(?:\*\*)?(T\d+[A-Za-z]?(?:\.\d+)?)(?:\*\*)?(?:[\s:.,)]|$)`)
)

// parseTasks reads tasks.md leniently: every "## " heading opens a
// group, a checkbox line with a task id is a task, code blocks are
// skipped.
func parseTasks(data []byte) Doc {
	var d Doc
	cur := -1
	fence := false
	for i, raw := range strings.Split(string(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))), "\n") {
		line := strings.TrimRight(raw, "\r")
		n := i + 1
		trim := strings.TrimSpace(line)
		if strings.HasPrefix(trim, "```") || strings.HasPrefix(trim, "~~~") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		if t, ok := strings.CutPrefix(line, "# "); ok && d.Title == "" {
			d.Title = strings.TrimSpace(t)
			continue
		}
		if h, ok := strings.CutPrefix(line, "## "); ok {
			d.Groups = append(d.Groups, Group{Name: strings.TrimSpace(h), Line: n})
			cur = len(d.Groups) - 1
			continue
		}
		m := boxRe.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		done := m[1] != " "
		body := strings.TrimSpace(m[2])
		if cur < 0 {
			d.Groups = append(d.Groups, Group{Line: n})
			cur = 0
		}
		g := &d.Groups[cur]
		if id := taskRe.FindStringSubmatch(body); id != nil {
			text := strings.TrimPrefix(strings.TrimPrefix(body, "**"), id[1])
			text = strings.TrimSpace(strings.TrimPrefix(text, "**"))
			g.Tasks = append(g.Tasks, Task{ID: id[1], Text: text, Done: done, Line: n, Struck: strings.Contains(text, "~~")})
			continue
		}
		b := Box{Text: body, Done: done, Line: n}
		if strings.Contains(strings.ToLower(body), "checkpoint") {
			g.Checkpoints = append(g.Checkpoints, b)
			continue
		}
		if !done {
			d.Loose = append(d.Loose, b)
		}
	}
	return d
}

// Phases are the groups holding tasks, in file order.
func (d Doc) Phases() []Group {
	var out []Group
	for _, g := range d.Groups {
		if len(g.Tasks) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// Counts are the tasks done and in all.
func (g Group) Counts() (done, total int) {
	for _, t := range g.Tasks {
		if t.Done {
			done++
		}
	}
	return done, len(g.Tasks)
}

// Next is spec-kit's deterministic resume point: the first unticked task
// of the earliest phase that still has one. ok is false when every task
// is ticked.
func (d Doc) Next() (phase int, task Task, ok bool) {
	for i, g := range d.Phases() {
		for _, t := range g.Tasks {
			if !t.Done {
				return i, t, true
			}
		}
	}
	return 0, Task{}, false
}
