package bookforge

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// Apply carries out a choice's write. Every write first reads the book
// again and refuses (fsx.ErrChanged) unless it is exactly as loaded:
// ledgers, pause marker and every file the ledgers name.
//
//   - CONTINUE writes what the plan lists (Plan.Writes), and only that:
//     an accepted prompt change recorded in place on its entry, entries
//     moved by --rerun-from to <scene>.rerun.<unix-ms>.json beside the
//     ledger, and a --force-resume audit note in the ledger folder.
//   - RESTART (after VETO-2) moves phase_history to
//     phase_history.restart.<unix-ms> and the pause marker to
//     run_paused.json.restart.<unix-ms>: nothing is left to resume from,
//     so the next run reruns every phase, and the history is kept.
//   - DISCARD (after confirmation) moves phase_history to
//     phase_history.discarded.<unix-ms> and the pause marker to
//     run_paused.json.discarded.<unix-ms>.
//
// Nothing is deleted; the prose and other outputs are never touched.
func (l Loader) Apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	a := model.Applied{Choice: c}
	if c == model.Review {
		return a
	}
	if s.Archived {
		a.Err = &model.GuardError{Kind: "archived", Message: s.Path + ": " + ReasonArchived + "; nothing was written"}
		return a
	}
	b, err := l.verify(s)
	if err != nil {
		a.Err = err
		return a
	}
	now = now.UTC()
	switch c {
	case model.Continue:
		a.Changed, a.Err = l.applyContinue(s, b, now)
	case model.Restart:
		a.Changed, _, a.Err = moveAside(b, "restart", now)
	case model.Discard:
		a.Changed, a.ArchivedTo, a.Err = moveAside(b, "discarded", now)
	default:
		a.Err = fmt.Errorf("bookforge: unknown choice %q", c)
	}
	if a.Changed == nil {
		a.Changed = []string{}
	}
	return a
}

// verify reads the book again and checks it is as loaded.
func (l Loader) verify(s *model.Session) (*book, error) {
	dir, ok := bookDirOf(s.Path)
	if !ok {
		return nil, fmt.Errorf("bookforge: %s is not a book's ledger folder or pause marker", s.Path)
	}
	if _, err := os.Stat(s.Path); errors.Is(err, os.ErrNotExist) {
		return nil, &fsx.ChangedError{Path: s.Path, Gone: true}
	}
	b, err := scanBook(s.Project, dir, false)
	if err != nil {
		return nil, err
	}
	if b.Fingerprint != s.Fingerprint {
		return nil, &fsx.ChangedError{Path: s.Path}
	}
	return b, nil
}

func stamp(now time.Time) string { return strconv.FormatInt(now.UnixMilli(), 10) }

// isoNow is a timestamp as bookforge writes them.
func isoNow(now time.Time) string { return now.UTC().Format("2006-01-02T15:04:05Z") }

// applyContinue makes the plan's writes.
func (l Loader) applyContinue(s *model.Session, b *book, now time.Time) ([]string, error) {
	if s.Problem != nil && s.Problem.Kind == model.ErrIntegrity {
		return nil, &model.GuardError{Kind: string(model.ErrIntegrity), Message: problemLine(s.Problem) + "; nothing was written"}
	}
	plan, ok := s.Plan.Data.(*Plan)
	if !ok || plan == nil {
		return nil, errors.New("bookforge: the session has no plan; nothing was written")
	}
	ledgers := map[string]*Ledger{}
	for _, lg := range b.Ledgers {
		ledgers[lg.ID] = lg
	}
	var changed []string
	// Ledger edits, one write per ledger file.
	type edit struct {
		lg      *Ledger
		prompts []Write
		rerun   *Write
	}
	var order []string
	edits := map[string]*edit{}
	var audit *Write
	for i := range plan.Writes {
		w := plan.Writes[i]
		if w.Kind == "force_audit" {
			audit = &w
			continue
		}
		lg := ledgers[w.Scene]
		if lg == nil || lg.tree == nil {
			return changed, fmt.Errorf("bookforge: %s: no readable ledger for %s; nothing was written", b.History, w.Scene)
		}
		e := edits[w.Scene]
		if e == nil {
			e = &edit{lg: lg}
			edits[w.Scene] = e
			order = append(order, w.Scene)
		}
		if w.Kind == "rerun_archive" {
			e.rerun = &w
		} else {
			e.prompts = append(e.prompts, w)
		}
	}
	for _, id := range order {
		e := edits[id]
		lay := layoutOf(e.lg.Data)
		phases := e.lg.tree.get("phases")
		if e.rerun != nil {
			moved := newObject()
			for _, key := range e.rerun.Phases {
				take(phases, moved, key)
			}
			doc := newObject()
			doc.set("scene_id", newString(id))
			doc.set("archived_at", newString(isoNow(now)))
			doc.set("archived_by", newString("pickup resume --rerun-from "+plan.Flags.RerunFrom))
			doc.set("rerun_from", newString(plan.Flags.RerunFrom))
			doc.set("moved_from", newString(e.lg.Rel))
			doc.set("phases", moved)
			dst := filepath.Join(b.History, rerunArchiveName(id, stamp(now)))
			out := jlayout{indent: or(lay.indent, "  "), trail: lay.trail}.encode(doc)
			// The archive first: if the ledger write then fails, the
			// entries exist twice, never nowhere.
			if err := fsx.CreateNew(dst, out, 0o644); err != nil {
				return changed, err
			}
			changed = append(changed, dst)
		}
		for _, w := range e.prompts {
			ent := e.lg.Entries[w.Phases[0]]
			node := phases.get(ent.Key)
			if node == nil || node.kind != jObject {
				return changed, fmt.Errorf("bookforge: %s: entry %q is gone; nothing more was written", e.lg.File, ent.Key)
			}
			prev := newNull()
			if w.Change.Prev != "" {
				prev = newString(w.Change.Prev)
			}
			node.set("prompt_hash_prev", prev)
			node.set("prompt_hash_new", newString(w.Change.New))
			node.set("prompt_update_reason", newString(w.Change.Reason))
			node.set("prompt_updated_at", newString(isoNow(now)))
		}
		out := lay.encode(e.lg.tree)
		if err := fsx.ReplaceIfUnchanged(e.lg.File, fsx.Fingerprint(e.lg.Data), out); err != nil {
			return changed, err
		}
		changed = append(changed, e.lg.File)
	}
	if audit != nil {
		doc := auditNote(b, plan, audit.Forced, now)
		dst := filepath.Join(b.History, forceAuditName(stamp(now)))
		if err := fsx.CreateNew(dst, doc, 0o644); err != nil {
			return changed, err
		}
		changed = append(changed, dst)
	}
	return changed, nil
}

func problemLine(p *model.LoadError) string {
	return p.Path + ": " + p.Detail
}

// take moves key's pair from one object to the end of another, keeping
// its raw key and value.
func take(from, to *jnode, key string) {
	for i := 0; i < len(from.keys); i++ {
		if from.keys[i] == key {
			to.keys = append(to.keys, from.keys[i])
			to.rawKeys = append(to.rawKeys, from.rawKeys[i])
			to.vals = append(to.vals, from.vals[i])
		}
	}
	from.remove(key)
}

// auditNote records a --force-resume: when, what was accepted, and why.
func auditNote(b *book, plan *Plan, forced []Block, now time.Time) []byte {
	doc := newObject()
	doc.set("kind", newString("force_resume"))
	doc.set("created_at", newString(isoNow(now)))
	doc.set("book", newString(b.ID))
	doc.set("by", newString("pickup resume --force-resume"))
	if plan.Flags.Reason != "" {
		doc.set("reason", newString(plan.Flags.Reason))
	}
	doc.set("command", newString(plan.Command))
	list := &jnode{kind: jArray}
	for _, f := range forced {
		item := newObject()
		item.set("scene", newString(f.Scene))
		item.set("phase", newString(f.Phase))
		item.set("accepted", newString(f.Kind))
		if f.File != "" {
			item.set("file", newString(f.File))
		}
		if f.Old != "" {
			item.set("recorded", newString(f.Old))
		}
		if f.New != "" {
			item.set("current", newString(f.New))
		}
		item.set("text", newString(f.Text))
		list.vals = append(list.vals, item)
	}
	doc.set("forced", list)
	return jlayout{indent: "  ", trail: "\n"}.encode(doc)
}

// moveAside archives the ledger folder and the pause marker under
// "<name>.<how>.<unix-ms>" beside themselves.
func moveAside(b *book, how string, now time.Time) (changed []string, archivedTo string, err error) {
	st := stamp(now)
	changed = []string{}
	if b.HasHistory {
		dst := b.History + "." + how + "." + st
		if err := fsx.RenameNoReplace(b.History, dst); err != nil {
			return changed, "", err
		}
		changed = append(changed, b.History)
		archivedTo = dst
	}
	if b.HasPause {
		dst := b.PauseFile + "." + how + "." + st
		var err error
		if how == "discarded" {
			dst, err = fsx.Archive(b.PauseFile, fsx.Fingerprint(b.PauseData), now)
		} else {
			err = fsx.RenameNoReplace(b.PauseFile, dst)
		}
		if err != nil {
			if len(changed) > 0 {
				err = fmt.Errorf("%w (%s was already moved to %s)", err, b.History, archivedTo)
			}
			return changed, archivedTo, err
		}
		changed = append(changed, b.PauseFile)
		if archivedTo == "" {
			archivedTo = dst
		}
	}
	if len(changed) == 0 {
		return changed, "", errors.New("bookforge: " + b.Dir + ": nothing to archive")
	}
	return changed, archivedTo, nil
}
