package bookforge

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/textin"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"
)

// Apply carries out a choice's write. Every write first reads the book
// again and refuses (fsx.ErrChanged) unless it is exactly as loaded:
// ledgers, pause marker and every file the ledgers name.
//
//   - CONTINUE writes what the plan lists (Plan.Writes), and only that:
//     an accepted prompt change recorded in place on its entry, entries
//     moved by --rerun-from to <scene>.rerun.<unix-ms>.json beside the
//     ledger, and a --force-resume audit note in the ledger folder.
//   - RESTART (after VETO-2) moves the resume scene's ledger to
//     <scene>.json.restart.<unix-ms> beside it, then the pause marker to
//     run_paused.json.restart.<unix-ms>: committed scenes keep their
//     ledgers, and `bookforge run` without --resume reruns the scene from
//     plan. A kill between the two moves leaves the ledger moved and the
//     marker in place; the next load names that (findCutShort) and
//     RESTART again moves the marker under the same <unix-ms>.
//   - DISCARD (after confirmation) moves phase_history to
//     phase_history.discarded.<unix-ms> and the pause marker to
//     run_paused.json.discarded.<unix-ms>.
//
// Nothing is deleted; the prose and other outputs are never touched.
func (l Loader) Apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	tx := l.tx()
	a := model.Applied{Choice: c}
	if c == model.Review {
		return a
	}
	if s.Archived {
		a.Err = &model.GuardError{Kind: "archived", Message: tx.NothingWasWritten.F(s.Path + ": " + tx.Archived)}
		return a
	}
	if isOutlinePath(s.Path) {
		return l.applyOutline(s, c, now)
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
		a.Changed, a.Err = restart(s, b, now, tx)
	case model.Discard:
		a.Changed, a.ArchivedTo, a.Err = moveAside(b, "discarded", now, tx)
	default:
		a.Err = errors.New(tx.UnknownChoice.F(strconv.Quote(string(c))))
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
		return nil, errors.New(l.tx().NotLedgerOrPause.F(s.Path))
	}
	if _, err := os.Stat(s.Path); errors.Is(err, os.ErrNotExist) {
		return nil, &fsx.ChangedError{Path: s.Path, Gone: true}
	}
	b, err := scanBook(s.Project, dir, false, l.tx())
	if err != nil {
		return nil, err
	}
	if b.Fingerprint != s.Fingerprint {
		return nil, &fsx.ChangedError{Path: s.Path}
	}
	return b, nil
}

// stamp is the UTC stamp of pickup's names at now (fsx.Stamp), with a
// counter after it when one of names(stamp) is taken (fsx.FreeStamp).
func stamp(now time.Time, names func(st string) []string) string { return fsx.FreeStamp(now, names) }

// isoNow is a timestamp as bookforge writes them.
func isoNow(now time.Time) string { return now.UTC().Format("2006-01-02T15:04:05Z") }

// applyContinue makes the plan's writes.
func (l Loader) applyContinue(s *model.Session, b *book, now time.Time) ([]string, error) {
	tx := l.tx()
	if s.Problem != nil && s.Problem.Kind == model.ErrIntegrity {
		return nil, &model.GuardError{Kind: string(model.ErrIntegrity), Message: tx.NothingWasWritten.F(problemLine(s.Problem))}
	}
	plan, ok := s.Plan.Data.(*Plan)
	if !ok || plan == nil {
		return nil, errors.New(tx.NoPlan)
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
		if lg == nil || !lg.object {
			return changed, errors.New(tx.NoReadableLedger.F(b.History, w.Scene))
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
		in, _ := textin.Decode(e.lg.Data)
		if err := in.Writable(e.lg.File); err != nil {
			return changed, errors.New(tx.NotUTF8.F(e.lg.File, string(in.Encoding)))
		}
		bom, body := textin.SplitBOM(e.lg.Data)
		if e.rerun != nil {
			var moved []byte
			var err error
			if body, moved, err = takePhases(body, e.rerun.Phases, tx); err != nil {
				return changed, fmt.Errorf("bookforge: %s: %w%s", e.lg.File, err, tx.NothingMoreWritten)
			}
			by := "pickup resume (CONTINUE: " + e.rerun.From + " reruns)"
			if plan.Flags.RerunFrom == e.rerun.From {
				by = "pickup resume --rerun-from " + e.rerun.From
			}
			doc, err := newDoc(tx,
				"scene_id", pyString(id),
				"archived_at", pyString(isoNow(now)),
				"archived_by", pyString(by),
				"rerun_from", pyString(e.rerun.From),
				"moved_from", pyString(e.lg.Rel),
				"phases", string(moved))
			if err != nil {
				return changed, err
			}
			out, err := layOut(tx, doc, or(indentOf(e.lg.Data), "  "), trailOf(e.lg.Data))
			if err != nil {
				return changed, err
			}
			dst := filepath.Join(b.History, rerunArchiveName(id, stamp(now, func(st string) []string { return []string{filepath.Join(b.History, rerunArchiveName(id, st))} })))
			// The archive first: if the ledger write then fails, the
			// entries exist twice, never nowhere.
			if err := fsx.CreateNew(dst, out, 0o644); err != nil {
				return changed, err
			}
			changed = append(changed, dst)
		}
		for _, w := range e.prompts {
			ent := e.lg.Entries[w.Phases[0]]
			node := field(field(gjson.ParseBytes(body), "phases"), ent.Key)
			if !node.IsObject() {
				return changed, errors.New(tx.EntryGone.F(e.lg.File, strconv.Quote(ent.Key)))
			}
			prev := "null"
			if w.Change.Prev != "" {
				prev = pyString(w.Change.Prev)
			}
			obj := []byte(node.Raw)
			var err error
			for _, kv := range [][2]string{
				{"prompt_hash_prev", prev},
				{"prompt_hash_new", pyString(w.Change.New)},
				{"prompt_update_reason", pyString(w.Change.Reason)},
				{"prompt_updated_at", pyString(isoNow(now))},
			} {
				if obj, err = setMember(obj, kv[0], kv[1], tx); err != nil {
					return changed, fmt.Errorf("bookforge: %s: %s: %w%s", e.lg.File, tx.Entry.F(strconv.Quote(ent.Key)), err, tx.NothingMoreWritten)
				}
			}
			body = splice(body, node, obj)
		}
		out := append(append([]byte(nil), bom...), body...)
		if err := fsx.ReplaceIfUnchanged(e.lg.File, fsx.Fingerprint(e.lg.Data), out); err != nil {
			return changed, err
		}
		changed = append(changed, e.lg.File)
	}
	if audit != nil {
		doc, err := auditNote(b, plan, audit.Forced, now, tx)
		if err != nil {
			return changed, err
		}
		dst := filepath.Join(b.History, forceAuditName(stamp(now, func(st string) []string { return []string{filepath.Join(b.History, forceAuditName(st))} })))
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

// takePhases removes the entries with keys (every one, when a key is
// repeated) from body's phases object, and returns them as an object,
// each key and value as written, in the order of keys.
func takePhases(body []byte, keys []string, tx *Text) ([]byte, []byte, error) {
	phases := field(gjson.ParseBytes(body), "phases")
	moved := []byte("{")
	for i, key := range keys {
		if slices.Contains(keys[:i], key) {
			continue // a repeated key, moved already
		}
		phases.ForEach(func(k, v gjson.Result) bool {
			if k.Str == key {
				if len(moved) > 1 {
					moved = append(moved, ',')
				}
				moved = append(moved, k.Raw+":"+v.Raw...)
			}
			return true
		})
	}
	moved = append(moved, '}')
	obj := []byte(phases.Raw)
	for _, key := range keys {
		for field(gjson.ParseBytes(obj), key).Exists() {
			out, err := sjson.DeleteBytes(obj, gjson.Escape(key))
			if err != nil || bytes.Equal(out, obj) {
				return nil, nil, errors.New(textOr(tx).CannotRemove.F(strconv.Quote(key)))
			}
			obj = out
		}
	}
	left := false
	gjson.ParseBytes(obj).ForEach(func(_, _ gjson.Result) bool { left = true; return false })
	if !left {
		obj = []byte("{}") // as Python writes an empty object
	}
	return splice(body, phases, obj), moved, nil
}

// auditNote records a --force-resume: when, what was accepted, and why.
func auditNote(b *book, plan *Plan, forced []Block, now time.Time, tx *Text) ([]byte, error) {
	list := []byte("[]")
	for _, f := range forced {
		pairs := []string{"scene", pyString(f.Scene), "phase", pyString(f.Phase), "accepted", pyString(f.Kind)}
		for _, kv := range [][2]string{{"file", f.File}, {"recorded", f.Old}, {"current", f.New}} {
			if kv[1] != "" {
				pairs = append(pairs, kv[0], pyString(kv[1]))
			}
		}
		item, err := newDoc(tx, append(pairs, "text", pyString(f.Text))...)
		if err == nil {
			list, err = sjson.SetRawBytes(list, "-1", item)
		}
		if err != nil {
			return nil, err
		}
	}
	pairs := []string{"kind", pyString("force_resume"), "created_at", pyString(isoNow(now)),
		"book", pyString(b.ID), "by", pyString("pickup resume --force-resume")}
	if plan.Flags.Reason != "" {
		pairs = append(pairs, "reason", pyString(plan.Flags.Reason))
	}
	doc, err := newDoc(tx, append(pairs, "command", pyString(plan.Command), "forced", string(list))...)
	if err != nil {
		return nil, err
	}
	return layOut(tx, doc, "  ", "\n")
}

// restart archives the resume scene's ledger, then the pause marker,
// each beside itself under "<name>.restart.<unix-ms>". The ledger goes
// first: it is what bookforge reads, and once it is gone the scene
// reruns from plan whatever else happens; a marker left behind by a kill
// is named on the next load, and this finishes it under the same stamp.
func restart(s *model.Session, b *book, now time.Time, tx *Text) ([]string, error) {
	plan, ok := s.Plan.Data.(*Plan)
	finish := b.CutShort != nil && b.CutShort.Choice == "RESTART"
	if !finish && (!ok || plan == nil || plan.ResumeIndex < 0) {
		return []string{}, errors.New(tx.NoSceneRestart.F(b.Dir))
	}
	id := ""
	if !finish {
		id = plan.Scenes[plan.ResumeIndex].ID
	}
	st := stamp(now, func(st string) []string {
		var names []string
		for _, lg := range b.Ledgers {
			names = append(names, lg.File+".restart."+st)
		}
		return append(names, b.PauseFile+".restart."+st)
	})
	if finish {
		st = b.CutShort.Stamp // the ledger moved already
	}
	changed := []string{}
	for _, lg := range b.Ledgers {
		if id == "" || lg.ID != id || !lg.Exists {
			continue
		}
		if err := fsx.ArchiveTo(lg.File, fsx.Fingerprint(lg.Data), lg.File+".restart."+st); err != nil {
			return changed, err
		}
		changed = append(changed, lg.File)
	}
	if b.HasPause {
		if err := fsx.ArchiveTo(b.PauseFile, fsx.Fingerprint(b.PauseData), b.PauseFile+".restart."+st); err != nil {
			if len(changed) > 0 {
				err = fmt.Errorf("%w%s", err, tx.LedgerMovedAlready.F(id, changed[0]+".restart."+st))
			}
			return changed, err
		}
		changed = append(changed, b.PauseFile)
	}
	if len(changed) == 0 {
		return changed, errors.New(tx.NothingMoved.F(b.Dir, id))
	}
	return changed, nil
}

// moveAside archives the ledger folder and the pause marker under
// "<name>.<how>.<unix-ms>" beside themselves.
func moveAside(b *book, how string, now time.Time, tx *Text) (changed []string, archivedTo string, err error) {
	st := stamp(now, func(st string) []string {
		return []string{b.History + "." + how + "." + st, b.PauseFile + "." + how + "." + st}
	})
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
		if err := fsx.ArchiveTo(b.PauseFile, fsx.Fingerprint(b.PauseData), dst); err != nil {
			if len(changed) > 0 {
				err = fmt.Errorf("%w%s", err, tx.MovedAlready.F(b.History, archivedTo))
			}
			return changed, archivedTo, err
		}
		changed = append(changed, b.PauseFile)
		if archivedTo == "" {
			archivedTo = dst
		}
	}
	if len(changed) == 0 {
		return changed, "", errors.New(tx.NothingToArchive.F(b.Dir))
	}
	return changed, archivedTo, nil
}

// applyOutline carries out a choice on an outline session. CONTINUE
// writes nothing (bookforge resumes the run itself). RESTART and DISCARD
// archive the latest-run pointers, then the pause marker, each beside
// itself under "<name>.restart.<unix-ms>" or "<name>.discarded.<unix-ms>",
// after reading the outline folder again: the run folder, its phases and
// reports are never touched, and nothing is deleted.
func (l Loader) applyOutline(s *model.Session, c model.Choice, now time.Time) model.Applied {
	tx := l.tx()
	a := model.Applied{Choice: c, Changed: []string{}}
	dir, ok := bookDirOf(s.Path)
	if !ok {
		a.Err = errors.New(tx.NotLedgerOrPause.F(s.Path))
		return a
	}
	b, err := scanBook(s.Project, dir, false, tx)
	if err != nil {
		a.Err = err
		return a
	}
	sum := sha256.Sum256([]byte(strings.Join(b.Outline.manifest, "\n")))
	if hex.EncodeToString(sum[:]) != s.Fingerprint {
		a.Err = &fsx.ChangedError{Path: s.Path}
		return a
	}
	how := map[model.Choice]string{model.Restart: "restart", model.Discard: "discarded"}[c]
	switch c {
	case model.Continue:
		return a
	case model.Restart, model.Discard:
	default:
		a.Err = errors.New(tx.UnknownChoice.F(strconv.Quote(string(c))))
		return a
	}
	moves := outlineMoves(b.Outline)
	st := stamp(now.UTC(), func(st string) []string {
		var names []string
		for _, m := range moves {
			names = append(names, m+"."+how+"."+st)
		}
		return names
	})
	for _, m := range moves {
		data := b.Outline.PointerData[m]
		if m == b.Outline.PauseFile {
			data = b.Outline.PauseData
		}
		dst := m + "." + how + "." + st
		if err := fsx.ArchiveTo(m, fsx.Fingerprint(data), dst); err != nil {
			a.Err = err
			return a
		}
		a.Changed = append(a.Changed, m)
		if a.ArchivedTo == "" || m == b.Outline.PauseFile {
			a.ArchivedTo = dst
		}
	}
	if len(a.Changed) == 0 {
		a.Err = errors.New(tx.NothingToArchive.F(b.Dir))
	}
	return a
}
