package taskmaster

import (
	"errors"
	"io/fs"
	"sort"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// applyStatus is RESTART (set-status pending on the tag's in-progress
// tasks and subtasks) or DISCARD (set-status cancelled on its pending,
// in-progress and blocked ones), provided tasks.json still holds the
// bytes the session was read from. Only the status strings change: the
// new value is spliced over the old one's bytes, so key order,
// spacing and every other byte of the file stay as they were, and the
// operation log keeps the old bytes for pickup undo. Done, completed,
// review, deferred and cancelled work is never touched.
func applyStatus(tx *Text, s *model.Session, c model.Choice) error {
	if s.Problem != nil {
		return errors.New(tx.Corrupted)
	}
	if s.Path == "" {
		return errors.New(tx.NoTasksToWrite)
	}
	data, err := fsx.ReadFile(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return &fsx.ChangedError{Path: s.Path, Gone: true}
	}
	if err != nil {
		return err
	}
	if fsx.Fingerprint(data) != s.Fingerprint {
		return &fsx.ChangedError{Path: s.Path}
	}
	st, ok := parseStore(data)
	if !ok {
		return errors.New(tx.Corrupted)
	}
	name, _ := s.Context["tag"].(string)
	t := st.find(name)
	if t == nil {
		return errors.New(tx.NoTag.F(name))
	}
	v := &view{t: t}
	status := stPending
	if c == model.Discard {
		status = stCancelled
	}
	items := v.targets(c)
	if len(items) == 0 {
		return &model.GuardError{Kind: "nothing_to_change", Message: tx.NothingToChange}
	}
	out := spliceStatus(data, st.bom, items, status)
	return fsx.ReplaceIfUnchanged(s.Path, s.Fingerprint, out)
}

// spliceStatus puts `"status"` in place of each item's status string.
func spliceStatus(data []byte, bom int, items []*item, status string) []byte {
	sort.Slice(items, func(a, b int) bool { return items[a].statusAt > items[b].statusAt })
	raw := `"` + status + `"`
	out := append([]byte(nil), data...)
	for _, it := range items {
		at := bom + it.statusAt
		end := at + it.statusLen
		out = append(out[:at:at], append([]byte(raw), out[end:]...)...)
	}
	return out
}
