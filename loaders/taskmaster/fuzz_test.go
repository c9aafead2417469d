package taskmaster

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// FuzzLoad feeds arbitrary bytes to the reader as a tasks.json.
// Properties: no panic; a store that is not task-master's is a
// corrupted session naming the file; otherwise every tag is a session
// whose resume point is an item task-master could pick (pending or
// in-progress, as the file says), and RESTART's and DISCARD's splices
// leave valid JSON in which the edited items have their new status, no
// item is left for DISCARD to cancel, and no done item changed.
func FuzzLoad(f *testing.F) {
	testkit.AddSeeds(f, filepath.Join("..", "..", "testdata", "taskmaster"), "*/.taskmaster/tasks/tasks.json", "*/tasks/tasks.json")
	f.Add([]byte(multiTag))
	f.Add([]byte("\ufeff{\"tasks\": [{\"id\": \"1\", \"status\": \"in-progress\", \"subtasks\": [{\"id\": 1, \"status\": \"pending\", \"dependencies\": [\"1.2\", 3]}]}]}"))
	f.Add([]byte(`{"master": {"tasks": [{"id": 1, "status": "done", "status": "pending"}, {"id": 1.5, "priority": "critical"}]}}`))
	const root, path = "/nonexistent-fuzz", "/nonexistent-fuzz/.taskmaster/tasks/tasks.json"
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte) {
		l := Loader{}
		st, ok := parseStore(data)
		if !ok {
			s := l.loadData(root, path, "", data, now)
			if s.Problem == nil || s.Problem.Kind != model.ErrCorrupted || s.Problem.Path != path {
				t.Fatalf("not a store, yet %+v", s.Problem)
			}
			return
		}
		for _, tg := range st.tags {
			s := l.loadData(root, path, tg.name, data, now)
			if s.Problem != nil {
				t.Fatalf("tag %q: problem %+v", tg.name, s.Problem)
			}
			if s.Progress.Done < 0 || s.Progress.Done > s.Progress.Total || len(s.Phases) != s.Progress.Total {
				t.Fatalf("progress %+v, %d phases", s.Progress, len(s.Phases))
			}
			v := &view{t: tg, n: findNext(tg.tasks)}
			if it := v.nextItem(); it != nil && !open(it.status) {
				t.Fatalf("next %s is %q", it.full, it.status)
			}
			for _, c := range []model.Choice{model.Restart, model.Discard} {
				items := v.targets(c)
				if len(items) == 0 {
					continue
				}
				status := stPending
				if c == model.Discard {
					status = stCancelled
				}
				out := spliceStatus(data, st.bom, items, status)
				if !json.Valid(out[st.bom:]) {
					t.Fatalf("%s left invalid JSON:\n%s", c, out)
				}
				st2, ok := parseStore(out)
				if !ok {
					t.Fatalf("%s: the store no longer reads", c)
				}
				after := st2.find(tg.name)
				if after == nil || len(after.tasks) != len(tg.tasks) {
					t.Fatalf("%s: tag %q lost tasks", c, tg.name)
				}
				v2 := &view{t: after}
				if c == model.Discard && len(v2.targets(c)) != 0 {
					t.Fatalf("DISCARD left %d items to cancel", len(v2.targets(c)))
				}
				for i := range tg.tasks {
					if isDone(tg.tasks[i].status) && after.tasks[i].status != tg.tasks[i].status {
						t.Fatalf("%s changed done task %s", c, tg.tasks[i].full)
					}
				}
			}
		}
	})
}
