package fsx

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// opsIn counts the operation records in dir.
func opsIn(t *testing.T, dir string) []int {
	t.Helper()
	names, err := listDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var ids []int
	for _, n := range names {
		if id, ok := opID(n); ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// begun is an operation r that has recorded one write, the creation of
// path.
func begun(t *testing.T, project string, r Record, path string) *Op {
	t.Helper()
	op, err := Begin(project, r)
	if err != nil {
		t.Fatal(err)
	}
	if err := CreateNew(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	return op
}

// cutShort is an operation killed after one write, before its End (its
// record stays open, its process gone): its number.
func cutShort(t *testing.T, project string, r Record, path string) int {
	t.Helper()
	op := begun(t, project, r, path)
	current.Lock()
	current.op = nil // killed: End never ran
	current.Unlock()
	return op.ID()
}

// ended is an operation that ends after one write: its number.
func ended(t *testing.T, project string, r Record, path string) int {
	t.Helper()
	op := begun(t, project, r, path)
	if err := op.End(nil); err != nil {
		t.Fatal(err)
	}
	return op.ID()
}

func interruptedIDs(log []Entry) []int {
	var ids []int
	for _, e := range Interrupted(log) {
		ids = append(ids, e.ID)
	}
	slices.Sort(ids)
	return ids
}

// A log past compactAt records keeps its newest liveOps in ops/, with
// every record cut short that nothing settled, and moves the rest to
// ops/archive/: ReadLog still reads every record as it was written, and
// Interrupted of ops/ alone finds what it finds in the whole log (an
// operation cut short long ago, one settled by an undo, one superseded
// by a later write of its session).
func TestCompactedLogKeepsWhatInterruptedReports(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project := t.TempDir()
	type made struct {
		command string
		state   string
		undoes  int
	}
	want := map[int]made{}
	file := func(i int) string { return filepath.Join(project, fmt.Sprintf("f%03d", i)) }
	session := &SessionRef{Source: "aios", ID: "s", Path: filepath.Join(project, "state.yaml")}
	var lonely, settledOne, supersededOne int
	total := 2*compactAt + 10
	for i := 1; i <= total; i++ {
		switch i {
		case 5, 20:
			id := cutShort(t, project, Record{Command: "resume"}, file(i))
			want[id] = made{"resume", OpOpen, 0}
			if i == 5 {
				lonely = id
			} else {
				settledOne = id
			}
		case 10:
			supersededOne = cutShort(t, project, Record{Command: "resume", Session: session}, file(i))
			want[supersededOne] = made{"resume", OpOpen, 0}
		case 15:
			logged(t, project, "resume", func() error { return CreateNew(file(i), []byte("x"), 0o644) })
			want[newest(t, project).ID] = made{"resume", OpDone, 0}
			// The same session written again: 10 is superseded.
			id := ended(t, project, Record{Command: "resume", Session: session}, file(i)+"b")
			want[id] = made{"resume", OpDone, 0}
		case 25:
			id := ended(t, project, Record{Command: "undo", Undoes: settledOne}, file(i))
			want[id] = made{"undo", OpDone, settledOne}
		default:
			logged(t, project, "restart", func() error { return CreateNew(file(i), []byte("x"), 0o644) })
			want[newest(t, project).ID] = made{"restart", OpDone, 0}
		}
	}

	live, archived := opsIn(t, opsDir(project)), opsIn(t, archiveDir(project))
	if len(archived) == 0 || len(live) > compactAt {
		t.Fatalf("%d records in ops/, %d in ops/archive/: the log was not compacted", len(live), len(archived))
	}
	if !slices.Contains(live, lonely) || slices.Contains(live, settledOne) || slices.Contains(live, supersededOne) {
		t.Errorf("ops/ holds %v: want the unsettled record cut short (%d) kept, the settled (%d) and superseded (%d) ones moved", live, lonely, settledOne, supersededOne)
	}
	if newestLive := live[len(live)-1]; newestLive != len(want) {
		t.Errorf("the newest record in ops/ is %d, want %d", newestLive, len(want))
	}
	for _, id := range archived {
		if slices.Contains(live, id) {
			t.Errorf("record %d is in both folders", id)
		}
	}

	all, err := ReadLog(project)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != len(want) {
		t.Fatalf("ReadLog reads %d records, %d were written", len(all), len(want))
	}
	for i, e := range all {
		w := want[e.ID]
		if e.ID != len(want)-i || e.Problem != "" || e.Command != w.command || e.State != w.state || e.Undoes != w.undoes {
			t.Errorf("record %d (position %d) reads as %s/%s undoes %d (%q), written as %s/%s undoes %d", e.ID, i, e.Command, e.State, e.Undoes, e.Problem, w.command, w.state, w.undoes)
		}
	}
	recent, err := ReadRecentLog(project)
	if err != nil {
		t.Fatal(err)
	}
	if got, whole := interruptedIDs(recent), interruptedIDs(all); !slices.Equal(got, whole) || !slices.Equal(got, []int{lonely}) {
		t.Errorf("Interrupted finds %v in ops/ and %v in the whole log, want [%d]", got, whole, lonely)
	}
}

// The archive folder is pickup's own: one that is a link (a planted
// project's) is never written through, and the log is then refused as a
// linked ops/ is.
func TestCompactionNeverWritesThroughALink(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project := t.TempDir()
	outside := t.TempDir()
	logged(t, project, "restart", func() error { return CreateNew(filepath.Join(project, "first"), []byte("x"), 0o644) })
	if err := os.Symlink(outside, archiveDir(project)); err != nil {
		t.Fatal(err)
	}
	for i := range compactAt + 5 {
		logged(t, project, "restart", func() error {
			return CreateNew(filepath.Join(project, fmt.Sprintf("f%d", i)), []byte("x"), 0o644)
		})
	}
	if got, _ := os.ReadDir(outside); len(got) != 0 {
		t.Errorf("%d files written through the link into %s", len(got), outside)
	}
	if n := len(opsIn(t, opsDir(project))); n != compactAt+6 {
		t.Errorf("ops/ holds %d records, want all %d", n, compactAt+6)
	}
	if _, err := ReadLog(project); err == nil {
		t.Error("a log whose archive is a link was read")
	}
}

// While an older record is still being written (its process alive), the
// log is not compacted: that record may yet be cut short, and a newer
// one that would settle it must not be moved away from it.
func TestNoCompactionWhileAnOlderRecordIsWritten(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project := t.TempDir()
	logged(t, project, "restart", func() error { return CreateNew(filepath.Join(project, "first"), []byte("x"), 0o644) })
	writer := exec.Command("sleep", "60")
	if err := writer.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = writer.Process.Kill(); _ = writer.Wait() }()
	// The first record, as another pickup still writing it leaves it.
	e := newest(t, project)
	e.State, e.PID, e.Lock = OpOpen, writer.Process.Pid, ""
	resign(t, e)
	if !newest(t, project).Writing() {
		t.Fatal("the rewritten record does not read as being written")
	}
	for i := range compactAt + 5 {
		logged(t, project, "restart", func() error {
			return CreateNew(filepath.Join(project, fmt.Sprintf("f%d", i)), []byte("x"), 0o644)
		})
	}
	if n := len(opsIn(t, archiveDir(project))); n != 0 {
		t.Fatalf("%d records moved while record %d was being written", n, e.ID)
	}
	// Its writer gone, the record is cut short: it stays, the rest move.
	_ = writer.Process.Kill()
	_ = writer.Wait()
	logged(t, project, "restart", func() error { return CreateNew(filepath.Join(project, "last"), []byte("x"), 0o644) })
	live := opsIn(t, opsDir(project))
	if len(opsIn(t, archiveDir(project))) == 0 || !slices.Contains(live, e.ID) {
		t.Errorf("after its writer died: ops/ holds %d records (record %d there: %v), want the log compacted around it", len(live), e.ID, slices.Contains(live, e.ID))
	}
}

// A compaction cut short after any number of moves (or stopped at a
// record it cannot move) leaves ops/ saying what the whole log says: the
// records move oldest first, so a record left never loses a newer one
// that settles or supersedes it.
func TestCompactionCutShortAnywhereKeepsInterrupted(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project := t.TempDir()
	file := func(i int) string { return filepath.Join(project, fmt.Sprintf("f%03d", i)) }
	session := &SessionRef{Source: "aios", ID: "s", Path: filepath.Join(project, "state.yaml")}
	var settle, lonely int
	for i := 1; len(opsIn(t, opsDir(project))) < compactAt-5; i++ {
		switch i {
		case 3:
			settle = cutShort(t, project, Record{Command: "resume"}, file(i))
		case 5:
			cutShort(t, project, Record{Command: "resume", Session: session}, file(i))
		case 7:
			lonely = cutShort(t, project, Record{Command: "restart"}, file(i))
		case 8:
			ended(t, project, Record{Command: "resume", Session: session}, file(i))
		case 12:
			ended(t, project, Record{Command: "undo", Undoes: settle}, file(i))
		default:
			logged(t, project, "restart", func() error { return CreateNew(file(i), []byte("x"), 0o644) })
		}
	}
	log, err := ReadRecentLog(project)
	if err != nil {
		t.Fatal(err)
	}
	whole := interruptedIDs(log)
	if !slices.Equal(whole, []int{lonely}) {
		t.Fatalf("the log reports %v cut short, want [%d]", whole, lonely)
	}
	moves := compactMoves(log)
	if len(moves) != len(log)-liveOps-1 {
		t.Fatalf("%d records to move of %d, want all but the newest %d and the one cut short", len(moves), len(log), liveOps)
	}
	if err := os.Mkdir(archiveDir(project), 0o700); err != nil {
		t.Fatal(err)
	}
	for k, e := range moves {
		if k > 0 && e.ID < moves[k-1].ID {
			t.Fatalf("record %d moves after %d: not oldest first", e.ID, moves[k-1].ID)
		}
		if err := os.Rename(e.File, filepath.Join(archiveDir(project), filepath.Base(e.File))); err != nil {
			t.Fatal(err)
		}
		recent, err := ReadRecentLog(project)
		if err != nil {
			t.Fatal(err)
		}
		if got := interruptedIDs(recent); !slices.Equal(got, whole) {
			t.Fatalf("after moving %d records (the last %d), ops/ reports %v cut short, the whole log %v", k+1, e.ID, got, whole)
		}
	}
}

// A record read from both folders (moved while the log was read) is
// listed once, as the copy that reads: a name left in ops/ that no
// longer reads does not hide the archived record.
func TestReadLogKeepsTheCopyThatReads(t *testing.T) {
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	project := t.TempDir()
	for i := range compactAt + 1 {
		ended(t, project, Record{Command: "restart"}, filepath.Join(project, fmt.Sprintf("f%03d", i)))
	}
	archived := opsIn(t, archiveDir(project))
	if len(archived) == 0 {
		t.Fatal("the log was not compacted")
	}
	id := archived[0]
	name := filepath.Join(opsDir(project), opFileName(id))
	if err := os.WriteFile(name, []byte("half a record"), 0o600); err != nil {
		t.Fatal(err)
	}
	all, err := ReadLog(project)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range all {
		if e.ID == id {
			n++
			if e.Problem != "" || e.Command != "restart" {
				t.Errorf("record %d reads as %q (%s), want the archived record", id, e.Command, e.Problem)
			}
		}
	}
	if n != 1 || len(all) != compactAt+1 {
		t.Errorf("record %d listed %d times, %d records in all, want once in %d", id, n, len(all), compactAt+1)
	}
}
