package fsx

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// snapshot is every file under dir (but the log) with its bytes and mode.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if rel == OwnDir {
			return filepath.SkipDir
		}
		info, _ := d.Info()
		if d.IsDir() {
			out[rel] = "dir " + info.Mode().String()
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[rel] = info.Mode().String() + " " + string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, what string, want, got map[string]string) {
	t.Helper()
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %s is %q, want %q", what, k, got[k], v)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: %s should not be there", what, k)
		}
	}
}

// logged runs write inside an operation of project.
func logged(t *testing.T, project, command string, write func() error) {
	t.Helper()
	op, err := Begin(project, Record{Command: command})
	if err != nil {
		t.Fatal(err)
	}
	werr := write()
	if err := op.End(werr); err != nil {
		t.Fatal(err)
	}
	if werr != nil {
		t.Fatal(werr)
	}
}

func newest(t *testing.T, project string) Entry {
	t.Helper()
	log, err := ReadLog(project)
	if err != nil || len(log) == 0 {
		t.Fatalf("log: %v, %d entries", err, len(log))
	}
	return log[0]
}

func undoNewest(t *testing.T, project string) error {
	t.Helper()
	e := newest(t, project)
	op, err := Begin(project, Record{Command: "undo", Undoes: e.ID})
	if err != nil {
		t.Fatal(err)
	}
	_, uerr := Undo(project, e)
	if err := op.End(uerr); err != nil {
		t.Fatal(err)
	}
	return uerr
}

func TestOperationLogUndoAndRedo(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project := t.TempDir()
	state := filepath.Join(project, "state.yaml")
	write(t, state, "phase: 3\n", 0o640)
	old := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	os.Chtimes(state, old, old)
	folder := filepath.Join(project, "memory")
	os.Mkdir(folder, 0o750)
	write(t, filepath.Join(folder, "a.md"), "a\n", 0o600)
	gone := filepath.Join(project, "pause.json")
	write(t, gone, "{}", 0o644)
	before := snapshot(t, project)

	now := time.Date(2026, 11, 24, 13, 45, 12, 0, time.UTC)
	logged(t, project, "resume", func() error {
		if err := ReplaceIfUnchanged(state, Fingerprint([]byte("phase: 3\n")), []byte("phase: 1\n")); err != nil {
			return err
		}
		if err := CreateNew(filepath.Join(project, "new", "deep", "plan.md"), []byte("plan"), 0o600); err != nil {
			return err
		}
		if err := RenameNoReplace(folder, ArchiveName(folder, now)); err != nil {
			return err
		}
		_, err := Archive(gone, Fingerprint([]byte("{}")), now)
		return err
	})
	after := snapshot(t, project)
	if _, ok := after["pause.json.discarded.20261124T134512Z"]; !ok {
		t.Fatalf("archive name: %v", after)
	}
	if ig, err := os.ReadFile(filepath.Join(project, OwnDir, ".gitignore")); err != nil || string(ig) != "*\n" {
		t.Fatalf(".gitignore: %q %v", ig, err)
	}
	e := newest(t, project)
	if e.Problem != "" || e.State != OpDone || e.Command != "resume" || len(e.Steps) != 6 {
		t.Fatalf("record: %+v", e)
	}
	if err := undoNewest(t, project); err != nil {
		t.Fatal(err)
	}
	sameTree(t, "after undo", before, snapshot(t, project))
	if st, _ := os.Stat(state); !st.ModTime().Equal(old) {
		t.Errorf("mtime %v, want %v", st.ModTime(), old)
	}
	// Undo of the undo redoes.
	if err := undoNewest(t, project); err != nil {
		t.Fatal(err)
	}
	sameTree(t, "after redo", after, snapshot(t, project))
	log, _ := ReadLog(project)
	if len(log) != 3 || log[0].ID != 3 || log[0].Undoes != 2 || log[1].Undoes != 1 {
		t.Fatalf("log: %+v", log)
	}
}

func TestUndoRefusesAChangedFileOrATakenPlace(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project := t.TempDir()
	state := filepath.Join(project, "state.yaml")
	write(t, state, "one", 0o644)
	logged(t, project, "resume", func() error {
		return ReplaceIfUnchanged(state, Fingerprint([]byte("one")), []byte("two"))
	})
	write(t, state, "edited", 0o644)
	err := undoNewest(t, project)
	var r *UndoRefusedError
	if !errors.As(err, &r) || r.Path != state || !strings.Contains(err.Error(), "changed since") {
		t.Fatalf("undo after an edit: %v", err)
	}
	if got, _ := os.ReadFile(state); string(got) != "edited" {
		t.Fatalf("the edit was overwritten: %q", got)
	}

	p := filepath.Join(project, "s.json")
	write(t, p, "x", 0o644)
	now := time.Now()
	var dst string
	logged(t, project, "discard", func() (err error) {
		dst, err = Archive(p, Fingerprint([]byte("x")), now)
		return err
	})
	write(t, p, "a new one", 0o644)
	err = undoNewest(t, project)
	if !errors.As(err, &r) || r.Path != p || !strings.Contains(err.Error(), "old place is taken") {
		t.Fatalf("undo onto a taken place: %v", err)
	}
	if got, _ := os.ReadFile(dst); string(got) != "x" {
		t.Fatal("the archive moved")
	}
}

func TestWritesRefusedOutsideAnOperation(t *testing.T) {
	unlogged.Store(false)
	defer unlogged.Store(true)
	p := filepath.Join(t.TempDir(), "s")
	write(t, p, "a", 0o644)
	if err := ReplaceIfUnchanged(p, Fingerprint([]byte("a")), []byte("b")); !errors.Is(err, ErrNoOperation) {
		t.Fatalf("replace outside an operation: %v", err)
	}
	if _, err := Archive(p, Fingerprint([]byte("a")), time.Now()); !errors.Is(err, ErrNoOperation) {
		t.Fatalf("archive outside an operation: %v", err)
	}
	if err := CreateNew(p+"2", nil, 0o644); !errors.Is(err, ErrNoOperation) {
		t.Fatalf("create outside an operation: %v", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "a" {
		t.Fatal("written anyway")
	}
}

func TestPlantedLogRefused(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project, elsewhere := t.TempDir(), t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(project, OwnDir)); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(project, "s")
	write(t, p, "a", 0o644)
	op, _ := Begin(project, Record{Command: "resume"})
	err := ReplaceIfUnchanged(p, Fingerprint([]byte("a")), []byte("b"))
	op.End(err)
	if !errors.Is(err, ErrLink) {
		t.Fatalf("a .pickup link: %v", err)
	}
	if got, _ := os.ReadFile(p); string(got) != "a" {
		t.Fatal("written through a planted log")
	}
	if names, _ := os.ReadDir(elsewhere); len(names) != 0 {
		t.Fatalf("wrote into the link's target: %v", names)
	}

	// A record not signed by this account's key is listed, never undone.
	project = t.TempDir()
	write(t, p, "a", 0o644)
	logged(t, project, "resume", func() error { return ReplaceIfUnchanged(p, Fingerprint([]byte("a")), []byte("b")) })
	e := newest(t, project)
	data, _ := os.ReadFile(e.File)
	os.WriteFile(e.File, bytes.Replace(data, []byte(`"resume"`), []byte(`"resumX"`), 1), 0o600)
	err = undoNewest(t, project)
	if !errors.Is(err, ErrUndoRefused) || !strings.Contains(err.Error(), "not recorded by pickup") {
		t.Fatalf("an edited record: %v", err)
	}
}

func TestLogOfAnotherOwnerRefused(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	for _, c := range []struct {
		name  string
		plant func(dir string) error
	}{
		{"writable by others", func(dir string) error { return os.Chmod(dir, 0o777) }},
		{"another owner", func(dir string) error {
			if os.Geteuid() != 0 {
				t.Skip("needs root to give a folder away")
			}
			return os.Chown(dir, 4242, 4242)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			project := t.TempDir()
			own := filepath.Join(project, OwnDir)
			os.Mkdir(own, 0o755)
			if err := c.plant(own); err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(project, "s")
			write(t, p, "a", 0o644)
			op, _ := Begin(project, Record{Command: "resume"})
			err := ReplaceIfUnchanged(p, Fingerprint([]byte("a")), []byte("b"))
			op.End(err)
			if err == nil || !strings.Contains(err.Error(), "pickup keeps its operation log only in a folder of yours") {
				t.Fatalf("a planted log folder: %v", err)
			}
			if got, _ := os.ReadFile(p); string(got) != "a" {
				t.Fatal("written anyway")
			}
		})
	}
}

// An operation cut short (pickup killed between recording a step and
// making its write, the record left open) is undone by what is on disk:
// the step whose write never happened is skipped, the one made reversed.
func TestUndoOfAnOperationCutShort(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project := t.TempDir()
	a, b := filepath.Join(project, "a"), filepath.Join(project, "b")
	write(t, a, "a1", 0o644)
	write(t, b, "b1", 0o644)
	if _, err := Begin(project, Record{Command: "resume"}); err != nil {
		t.Fatal(err)
	}
	if err := ReplaceIfUnchanged(a, Fingerprint([]byte("a1")), []byte("a2")); err != nil {
		t.Fatal(err)
	}
	kept, err := Keep([]byte("b1"))
	if err != nil {
		t.Fatal(err)
	}
	// b's step is recorded; the process dies before writing it.
	if _, err := RecordStep(Step{Kind: StepReplace, Path: b, Before: kept, After: Fingerprint([]byte("b2"))}); err != nil {
		t.Fatal(err)
	}
	current.Lock()
	current.op = nil // killed: End never ran
	current.Unlock()

	e := newest(t, project)
	if e.State != OpOpen {
		t.Fatalf("state %s", e.State)
	}
	plan, err := PlanUndo(project, e)
	if err != nil || len(plan) != 2 || plan[0].Kind != "skip" || plan[1].Kind != "restore" {
		t.Fatalf("plan %+v, %v", plan, err)
	}
	if err := undoNewest(t, project); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(a); string(got) != "a1" {
		t.Fatalf("a is %q", got)
	}
	if got, _ := os.ReadFile(b); string(got) != "b1" {
		t.Fatalf("b is %q", got)
	}
}

// unbind rewrites project's newest record as a pickup before records were
// bound wrote it: no root, no folders outside, signed again.
func unbind(t *testing.T, project string) {
	t.Helper()
	e := newest(t, project)
	e.Root, e.Outside = "", nil
	resign(t, e)
}

// resign writes e's record over its file, signed with this account's key.
func resign(t *testing.T, e Entry) {
	t.Helper()
	key, err := loadKey(false)
	if err != nil {
		t.Fatal(err)
	}
	body, err := json.MarshalIndent(e.Record, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(e.File, seal(key, body), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestUndoUnboundRecordOutsideItsFolderRefused: a record from before
// records carried their project (no root) whose step lies outside the
// folder holding the log is refused; one whose steps lie inside is
// undone as before.
func TestUndoUnboundRecordOutsideItsFolderRefused(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project, elsewhere := t.TempDir(), t.TempDir()
	far := filepath.Join(elsewhere, "notes.md")
	write(t, far, "mine\n", 0o644)
	logged(t, project, "resume", func() error {
		return ReplaceIfUnchanged(far, Fingerprint([]byte("mine\n")), []byte("changed\n"))
	})
	if e := newest(t, project); e.Root != project || len(e.Outside) != 1 || e.Outside[0] != elsewhere {
		t.Fatalf("the record is not bound: root %q outside %v", e.Root, e.Outside)
	}
	unbind(t, project)
	_, err := PlanUndo(project, newest(t, project))
	var r *UndoRefusedError
	if !errors.As(err, &r) || !r.Outside || r.Path != far {
		t.Fatalf("an unbound record's step outside its folder: %v", err)
	}
	if data, _ := os.ReadFile(far); string(data) != "changed\n" {
		t.Fatalf("written: %q", data)
	}

	inside := filepath.Join(project, "state.md")
	write(t, inside, "a\n", 0o644)
	logged(t, project, "resume", func() error {
		return ReplaceIfUnchanged(inside, Fingerprint([]byte("a\n")), []byte("b\n"))
	})
	unbind(t, project)
	if err := undoNewest(t, project); err != nil {
		t.Fatalf("an unbound record inside its folder: %v", err)
	}
	if data, _ := os.ReadFile(inside); string(data) != "a\n" {
		t.Fatalf("not undone: %q", data)
	}
}
