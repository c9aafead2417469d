package fsx

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// ReadFile refuses what is not a regular file at once, named pipes
// included (a plain read would wait for a writer forever).
func TestReadFileRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "state.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("named pipes unavailable: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFile(fifo); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), fifo+": is a named pipe, not a state file") {
			t.Fatalf("fifo: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("ReadFile blocked on a named pipe")
	}
	if _, err := ReadFile(dir); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Fatalf("directory: %v", err)
	}
	if _, err := ReadFile("/dev/null"); err == nil || !strings.Contains(err.Error(), "is a device") {
		t.Fatalf("device: %v", err)
	}
}

// A sparse file over the cap is refused before a byte is read.
func TestReadFileOverCap(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.yaml")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxStateFile + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := ReadFile(p); err == nil || !strings.Contains(err.Error(), p+": 67108865 bytes is over pickup's 67108864 byte limit") {
		t.Fatalf("%v", err)
	}
	if err := os.Truncate(p, MaxStateFile); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(p); err != nil || len(data) != MaxStateFile {
		t.Fatalf("at the cap: %d bytes, %v", len(data), err)
	}
}

// A state file that is a symbolic link is never written through, nor
// archived (which would move the link, not the data).
func TestWritesRefuseLinks(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	real := filepath.Join(outside, "state.yaml")
	write(t, real, "old\n", 0o644)
	link := filepath.Join(dir, "state.yaml")
	testkit.Symlink(t, real, link)
	fp := Fingerprint([]byte("old\n"))
	check := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, ErrLink) || !strings.Contains(err.Error(), "nothing was written") {
			t.Fatalf("%s: %v", what, err)
		}
	}
	check("replace", ReplaceIfUnchanged(link, fp, []byte("new\n")))
	_, err := Archive(link, fp, time.Now())
	check("archive", err)
	check("archive to", ArchiveTo(link, fp, filepath.Join(dir, "archive", "state.yaml")))
	if got, _ := os.ReadFile(real); string(got) != "old\n" {
		t.Fatalf("the linked file changed: %q", got)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 {
		t.Fatalf("files appeared beside the link: %v", ents)
	}
}

// lockWithin takes state's lock in a goroutine and fails the test when
// that does not return within 10 s (a lock that waits on a planted pipe).
func lockWithin(t *testing.T, state string) (*Lock, error) {
	t.Helper()
	type res struct {
		l   *Lock
		err error
	}
	done := make(chan res, 1)
	go func() {
		l, err := AcquireLock(state, time.Now())
		done <- res{l, err}
	}()
	select {
	case r := <-done:
		if r.l != nil {
			t.Cleanup(func() { _ = r.l.Release() })
		}
		return r.l, r.err
	case <-time.After(10 * time.Second):
		t.Fatal("AcquireLock hung on what was planted at the lock path")
	}
	return nil, nil
}

// plantAtLock makes the lock folder (as pickup would) and puts plant at
// state's lock path.
func plantAtLock(t *testing.T, state string, plant func(lp string) error) string {
	t.Helper()
	lp := LockPath(state)
	if err := os.MkdirAll(filepath.Dir(lp), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := plant(lp); err != nil {
		t.Skipf("cannot plant: %v", err)
	}
	return lp
}

// refusedLock checks that taking the lock was refused with a message
// naming the lock file and saying what it is.
func refusedLock(t *testing.T, l *Lock, err error, lp, what string) {
	t.Helper()
	if l != nil || err == nil {
		t.Fatalf("the lock was taken through what was planted at %s", lp)
	}
	if !strings.Contains(err.Error(), lp) || !strings.Contains(err.Error(), what) {
		t.Fatalf("error %q does not name %s and say %q", err, lp, what)
	}
}

// A symbolic link planted at the lock path is never followed: the file
// it points to is not truncated nor written.
func TestLockPlantedSymlinkToAFileIsRefused(t *testing.T) {
	state := lockEnv(t)
	victim := filepath.Join(t.TempDir(), "victim.txt")
	write(t, victim, "precious\n", 0o644)
	lp := plantAtLock(t, state, func(lp string) error { return os.Symlink(victim, lp) })
	l, err := lockWithin(t, state)
	refusedLock(t, l, err, lp, "symbolic link")
	if got := testkit.Read(t, victim); got != "precious\n" {
		t.Fatalf("the file behind the planted link was written: %q", got)
	}
	if st, err := os.Lstat(lp); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the planted link was replaced: %v", err)
	}
}

// A named pipe planted at the lock path is refused at once, never waited
// on.
func TestLockPlantedFIFOIsRefused(t *testing.T) {
	state := lockEnv(t)
	lp := plantAtLock(t, state, func(lp string) error { return syscall.Mkfifo(lp, 0o600) })
	l, err := lockWithin(t, state)
	refusedLock(t, l, err, lp, "named pipe")
}

// A link to /dev/zero planted at the lock path is refused, never read
// (reading it would never end).
func TestLockPlantedDevZeroLinkIsRefused(t *testing.T) {
	state := lockEnv(t)
	lp := plantAtLock(t, state, func(lp string) error { return os.Symlink("/dev/zero", lp) })
	l, err := lockWithin(t, state)
	refusedLock(t, l, err, lp, "symbolic link")
}

// A lock folder others can write to (where they could plant links) is
// refused, and so is one that is a symbolic link.
func TestLockFolderWritableByOthersIsRefused(t *testing.T) {
	state := lockEnv(t)
	dir := filepath.Dir(LockPath(state))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	l, err := lockWithin(t, state)
	refusedLock(t, l, err, dir, "writable by others")
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("a lock file was made in the open folder: %v", ents)
	}
}

func TestLockFolderIsASymlinkIsRefused(t *testing.T) {
	state := lockEnv(t)
	dir := filepath.Dir(LockPath(state))
	elsewhere := t.TempDir()
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, dir); err != nil {
		t.Fatal(err)
	}
	l, err := lockWithin(t, state)
	refusedLock(t, l, err, dir, "symbolic link")
	if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
		t.Fatalf("a lock file was made through the linked folder: %v", ents)
	}
}

// A lock folder owned by another user is refused (they could replace
// the lock files in it). Changing a folder's owner needs root.
func TestLockFolderOwnedByAnotherUserIsRefused(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("giving a folder to another user needs root")
	}
	state := lockEnv(t)
	dir := filepath.Dir(LockPath(state))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(dir, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	l, err := lockWithin(t, state)
	refusedLock(t, l, err, dir, "owned by another user")
}

// A lock folder pickup makes is private to the user.
func TestLockFolderIsPrivate(t *testing.T) {
	state := lockEnv(t)
	l, err := lockWithin(t, state)
	if err != nil {
		t.Fatal(err)
	}
	for d := filepath.Dir(l.Path); d != os.Getenv("XDG_RUNTIME_DIR"); d = filepath.Dir(d) {
		st, err := os.Lstat(d)
		if err != nil || st.Mode().Perm() != 0o700 || !st.IsDir() {
			t.Fatalf("%s: %v %v, want a 0700 folder", d, st.Mode(), err)
		}
	}
}

// linkedFolder makes dir/name a symbolic link to a new folder outside
// and returns that folder.
func linkedFolder(t *testing.T, dir, name string) string {
	t.Helper()
	outside := t.TempDir()
	testkit.Symlink(t, outside, filepath.Join(dir, name))
	return outside
}

// refusedLink checks a write refused because a folder on its way is a
// link: ErrLink, the link named, "nothing was".
func refusedLink(t *testing.T, err error, link string) {
	t.Helper()
	if !errors.Is(err, ErrLink) || !strings.Contains(err.Error(), link) || !strings.Contains(err.Error(), "nothing was") {
		t.Fatalf("want a refusal naming the link %s: %v", link, err)
	}
}

// emptyDir fails when dir holds anything.
func emptyDir(t *testing.T, dir string) {
	t.Helper()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("something was written through the link into %s: %v", dir, ents)
	}
}

// A project whose archive folder is a link elsewhere: archiving into it
// is refused, the file stays, nothing lands elsewhere.
func TestArchiveToArchiveFolderLinkedOutsideIsRefused(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "feature.session.json")
	write(t, state, "{}\n", 0o644)
	outside := linkedFolder(t, dir, "archive")
	err := ArchiveTo(state, Fingerprint([]byte("{}\n")), filepath.Join(dir, "archive", "feature.1.session.json"))
	refusedLink(t, err, filepath.Join(dir, "archive"))
	emptyDir(t, outside)
	if testkit.Read(t, state) != "{}\n" {
		t.Fatal("the state file moved")
	}
}

// The same with the link one folder deeper, in a folder pickup would
// otherwise create its way through.
func TestArchiveToFolderLinkedDeeperIsRefused(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state.json")
	write(t, state, "x\n", 0o644)
	if err := os.Mkdir(filepath.Join(dir, "archive"), 0o755); err != nil {
		t.Fatal(err)
	}
	outside := linkedFolder(t, filepath.Join(dir, "archive"), "2026")
	err := ArchiveTo(state, Fingerprint([]byte("x\n")), filepath.Join(dir, "archive", "2026", "03", "state.json"))
	refusedLink(t, err, filepath.Join(dir, "archive", "2026"))
	emptyDir(t, outside)
}

// A copy kept in a folder that is a link elsewhere is refused.
func TestCreateNewIntoFolderLinkedOutsideIsRefused(t *testing.T) {
	dir := t.TempDir()
	outside := linkedFolder(t, dir, "archive")
	err := CreateNew(filepath.Join(dir, "archive", "copy.json"), []byte("{}\n"), 0o644)
	refusedLink(t, err, filepath.Join(dir, "archive"))
	emptyDir(t, outside)
}

// Folders are not created through a link either.
func TestCreateNewFolderUnderLinkIsRefused(t *testing.T) {
	dir := t.TempDir()
	outside := linkedFolder(t, dir, "archive")
	err := CreateNew(filepath.Join(dir, "archive", "2026", "copy.json"), []byte("{}\n"), 0o644)
	refusedLink(t, err, filepath.Join(dir, "archive"))
	emptyDir(t, outside)
}

// A rename whose new name is in another folder reached through a link
// is refused.
func TestRenameNoReplaceIntoLinkedFolderIsRefused(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "memory")
	if err := os.Mkdir(src, 0o755); err != nil {
		t.Fatal(err)
	}
	outside := linkedFolder(t, dir, "old")
	err := RenameNoReplace(src, filepath.Join(dir, "old", "memory.discarded.1"))
	refusedLink(t, err, filepath.Join(dir, "old"))
	emptyDir(t, outside)
}
