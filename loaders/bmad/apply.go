package bmad

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// apply carries out a choice. CONTINUE and REVIEW write nothing.
// RESTART sets the in-progress story back to ready-for-dev in the
// ledger and in its story file's Status line; DISCARD sets the story
// back to backlog in the ledger and archives its story file (a rename);
// for a ledger that cannot be read, DISCARD archives the ledger. Every
// edit replaces the status word's bytes alone, so comments, order and
// the rest of each file stay byte for byte; each write first checks the
// file still holds what was loaded.
func (l Loader) apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	a := model.Applied{Choice: c}
	t := l.t()
	switch c {
	case model.Continue, model.Review:
		return a
	case model.Restart, model.Discard:
	default:
		a.Err = errors.New(t.UnknownChoice.F(string(c)))
		return a
	}
	if s.Problem != nil && s.Problem.OnlyDiscard() {
		if c != model.Discard {
			a.Err = errors.New(t.Corrupted.F(s.Path))
			return a
		}
		dst, err := fsx.Archive(s.Path, ledgerFP(s.Fingerprint), now)
		if err != nil {
			a.Err = err
			return a
		}
		a.Changed, a.ArchivedTo = []string{s.Path}, dst
		return a
	}
	r, err := l.reread(s)
	if err != nil {
		a.Err = err
		return a
	}
	want := StInProgress
	if c == model.Discard && r.next.entry.Status == StReady {
		want = StReady
	}
	e := r.next.entry
	if !r.next.has || e.Kind != KindStory || e.Status != want {
		a.Err = &model.GuardError{Kind: "bmad_not_resettable", Message: r.refusal(c)}
		return a
	}
	if c == model.Restart {
		a.Changed, a.Err = r.restart(e)
	} else {
		a.Changed, a.ArchivedTo, a.Err = r.discard(e, now)
	}
	return a
}

func ledgerFP(fp string) string {
	h, _, _ := strings.Cut(fp, "|")
	return h
}

// reread reads the ledger again and refuses when it, or the next
// story's file, is not what the session was loaded from.
func (l Loader) reread(s *model.Session) (*reading, error) {
	data, err := fsx.ReadFile(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &fsx.ChangedError{Path: s.Path, Gone: true}
	}
	if err != nil {
		return nil, err
	}
	if fsx.Fingerprint(data) != ledgerFP(s.Fingerprint) {
		return nil, &fsx.ChangedError{Path: s.Path}
	}
	r := l.read(s.Project, s.Path, data)
	if r.problem != nil {
		return nil, errors.New(l.t().Corrupted.F(s.Path))
	}
	if fp := r.fp + "|" + r.storyFP(); fp != s.Fingerprint {
		if f := r.nextFile(); f != nil {
			return nil, &fsx.ChangedError{Path: filepath.Join(r.root, filepath.FromSlash(f.rel)), Gone: !f.exists}
		}
		return nil, &fsx.ChangedError{Path: s.Path}
	}
	return r, nil
}

// refusal says why a RESTART or DISCARD has nothing to act on.
func (r *reading) refusal(c model.Choice) string {
	pol, _ := r.policy()
	if p := pol[c]; p.Disabled != "" {
		return p.Disabled
	}
	return r.t.NoLongerTarget.F(shownKey(r.next.entry.Key), StInProgress)
}

// setLedger is the ledger with e's status replaced by value.
func (r *reading) setLedger(e Entry, value string) ([]byte, error) {
	out, ok := setValue(r.data, e.Line, e.Col, e.Raw, value)
	if !ok || !editedOnly(r.ledger, out, e.Order, value) {
		return nil, errors.New(r.t.CannotEdit.F(shownPath(r.rel), shownKey(e.Key)))
	}
	return out, nil
}

// editedOnly reports whether out reads as the same ledger as before but
// for entry i, whose value is now value: the check that a byte edit did
// what it meant to, whatever the YAML around it.
func editedOnly(before *Ledger, out []byte, i int, value string) bool {
	var doc yaml.Node
	if yaml.Unmarshal(out, &doc) != nil {
		return false
	}
	after := parseLedger(&doc)
	if len(after.Entries) != len(before.Entries) {
		return false
	}
	for j, e := range after.Entries {
		want := before.Entries[j].Raw
		if j == i {
			want = value
		}
		if e.Key != before.Entries[j].Key || e.Raw != want {
			return false
		}
	}
	return true
}

func (r *reading) restart(e Entry) ([]string, error) {
	out, err := r.setLedger(e, StReady)
	if err != nil {
		return nil, err
	}
	var storyOut []byte
	f := r.nextFile()
	storyPath := ""
	if f != nil && f.exists && f.story.StatusLine > 0 {
		storyPath = filepath.Join(r.root, filepath.FromSlash(f.rel))
		data, err := fsx.ReadFile(storyPath)
		if err != nil {
			return nil, err
		}
		st := f.story
		if fsx.Fingerprint(data) != f.fp || st.StatusAt+st.StatusLen > len(data) {
			return nil, &fsx.ChangedError{Path: storyPath}
		}
		storyOut = append(append(append([]byte{}, data[:st.StatusAt]...), StReady...), data[st.StatusAt+st.StatusLen:]...)
	}
	if err := fsx.ReplaceIfUnchanged(r.path, r.fp, out); err != nil {
		return nil, err
	}
	changed := []string{r.path}
	if storyOut != nil {
		if err := fsx.ReplaceIfUnchanged(storyPath, f.fp, storyOut); err != nil {
			// Put the ledger back: the restart did not happen.
			if rb := fsx.ReplaceIfUnchanged(r.path, fsx.Fingerprint(out), r.data); rb != nil {
				return changed, fmt.Errorf("%w; %v", err, rb)
			}
			return nil, err
		}
		changed = append(changed, storyPath)
	}
	return changed, nil
}

func (r *reading) discard(e Entry, now time.Time) ([]string, string, error) {
	out, err := r.setLedger(e, StBacklog)
	if err != nil {
		return nil, "", err
	}
	if err := fsx.ReplaceIfUnchanged(r.path, r.fp, out); err != nil {
		return nil, "", err
	}
	changed := []string{r.path}
	f := r.nextFile()
	if f == nil || !f.exists {
		return changed, "", nil
	}
	p := filepath.Join(r.root, filepath.FromSlash(f.rel))
	dst, err := fsx.Archive(p, f.fp, now)
	if err != nil {
		if rb := fsx.ReplaceIfUnchanged(r.path, fsx.Fingerprint(out), r.data); rb != nil {
			return changed, "", fmt.Errorf("%w; %v", err, rb)
		}
		return nil, "", err
	}
	return append(changed, p), dst, nil
}
