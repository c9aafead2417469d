// Package fsx is the one path by which pickup changes files: atomic
// replacement guarded by a content fingerprint, and archiving by rename.
// Nothing here deletes user data.
package fsx

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// MaxStateFile caps how much of a state file pickup will read.
const MaxStateFile = 64 << 20

// MaxStreamFile caps a file pickup reads line by line without keeping it
// (a JSONL log such as crucible's dispatch manifest): its memory does
// not grow with the file, so the cap is far above MaxStateFile, which
// whole-file reads keep. A file over it is refused before it is read.
const MaxStreamFile = 1 << 30

// Fingerprint is the content hash writers compare against.
func Fingerprint(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// ErrChanged is matched by errors.Is on a ChangedError.
var ErrChanged error = phrase(&english.FileChanged)

// ChangedError says a file no longer holds the bytes pickup loaded.
type ChangedError struct {
	Path string
	// Gone is true when the file has disappeared.
	Gone bool
}

func (e *ChangedError) Error() string { return e.msg().F(e.Path) }

// SayIn is the error in l.
func (e *ChangedError) SayIn(l i18n.Lang) string { return sayIn(l, e.msg(), []any{e.Path}) }

func (e *ChangedError) msg() *i18n.M {
	if e.Gone {
		return &english.Removed
	}
	return &english.Changed
}

func (e *ChangedError) Is(target error) bool { return target == ErrChanged }

// Verify checks that path still holds the content with fingerprint fp.
func Verify(path, fp string) error {
	_, err := readVerify(path, fp)
	return err
}

// ReplaceIfUnchanged atomically replaces path with data (temp file in the
// same directory, fsync, rename, directory fsync) provided it still holds
// the content with fingerprint fp. The file's permission bits are kept.
// The write is recorded in the open operation first, the old bytes kept.
func ReplaceIfUnchanged(path, fp string, data []byte) error {
	return replace(path, fp, data, time.Time{})
}

// RestoreFile is ReplaceIfUnchanged that also sets the file's
// modification time to mtime (an undo putting a file back as it was).
func RestoreFile(path, fp string, data []byte, mtime time.Time) error {
	return replace(path, fp, data, mtime)
}

func replace(path, fp string, data []byte, mtime time.Time) error {
	if err := notALink(path); err != nil {
		return err
	}
	old, err := readVerify(path, fp)
	if err != nil {
		return err
	}
	perm := fs.FileMode(0o644)
	var was time.Time
	if st, err := os.Stat(path); err == nil {
		perm, was = st.Mode().Perm(), st.ModTime()
	}
	tmp := tempName(path)
	op, i, err := record(Step{Kind: StepReplace, Path: absPath(path), Before: fp, After: Fingerprint(data), MTime: stampTime(was), Temp: absPath(tmp)}, old)
	if err != nil {
		return err
	}
	killPoint("recorded", path)
	err = writeTemp(tmp, data, perm)
	if err == nil {
		killPoint("temp", tmp)
		// Checked again just before the rename: a writer that changed the
		// file while the operation was recorded and the new bytes were
		// written is not overwritten (ChangedError, nothing replaced).
		beforeRename(path)
		if _, verr := readVerify(path, fp); verr != nil {
			_ = os.Remove(tmp)
			err = verr
		} else if err = os.Rename(tmp, path); err != nil {
			_ = os.Remove(tmp)
		}
	}
	if err == nil {
		syncDir(filepath.Dir(path))
		if !mtime.IsZero() {
			err = os.Chtimes(path, time.Time{}, mtime)
		}
	}
	var changed *ChangedError
	if err != nil && !errors.As(err, &changed) {
		err = wrapError(err, &english.Writing, path, err)
	}
	killPoint("written", path)
	return op.settle(i, err)
}

// beforeRename runs between the last check of a replaced file and the
// rename over it (tests put a concurrent writer there).
var beforeRename = func(string) {}

// tempName is the temporary file a write of path goes through: beside
// it, hidden, marked as pickup's and made unique by a random part. It is
// chosen before it is made, so the operation log can name it first: a
// write cut short may leave it, and then status names it and undo takes
// it away.
func tempName(path string) string {
	var r [8]byte
	_, _ = rand.Read(r[:])
	base := filepath.Base(path)
	if len(base) > 160 {
		base = base[:160]
	}
	return filepath.Join(filepath.Dir(path), "."+base+TempMark+hex.EncodeToString(r[:])+".tmp")
}

// TempMark is in the name of every temporary file pickup writes beside
// a file it replaces or creates (".<name>.pickup-<random>.tmp").
const TempMark = ".pickup-"

// writeTemp makes tmp, which must not exist (never through a link),
// holding data with permission perm, synced; on failure it is removed.
func writeTemp(tmp string, data []byte, perm fs.FileMode) error {
	f, _, err := openFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o600, &english.TemporaryFile)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(tmp)
	}
	return err
}

// readVerify reads path and checks it holds the content with
// fingerprint fp (Verify), returning the bytes.
func readVerify(path, fp string) ([]byte, error) {
	data, err := ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &ChangedError{Path: path, Gone: true}
	}
	if err != nil {
		return nil, err
	}
	if Fingerprint(data) != fp {
		return nil, &ChangedError{Path: path}
	}
	return data, nil
}

// absPath is path made absolute, for the log.
func absPath(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		return abs
	}
	return path
}

// stampTime is a modification time as the log writes it ("" for none).
func stampTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339Nano)
}

// ErrLink is matched by errors.Is when a write is refused because the
// state file is a symbolic link.
var ErrLink error = phrase(&english.StateFileLink)

// notALink refuses to write a state file that is a symbolic link:
// replacing it would turn the link into a file (the data it points to,
// perhaps outside the project, left behind), and archiving it would move
// the link, not the data.
func notALink(path string) error {
	st, err := os.Lstat(path)
	if err != nil || st.Mode()&fs.ModeSymlink == 0 {
		return nil // a missing file is Verify's to report
	}
	target, _ := os.Readlink(path)
	return wrapError(ErrLink, &english.LinkedFile, path, target, ErrLink)
}

// Archive renames path to ArchiveName(path, now) (FreeArchiveName when
// that is taken) provided it still holds the content with fingerprint
// fp, and returns the new name. A rename within one directory is
// atomic: there is always exactly one copy.
func Archive(path, fp string, now time.Time) (string, error) {
	if err := notALink(path); err != nil {
		return "", err
	}
	if err := Verify(path, fp); err != nil {
		return "", err
	}
	dst := FreeArchiveName(path, now)
	if _, err := os.Lstat(dst); err == nil {
		return "", newError(&english.ArchiveNameTaken, path, dst)
	}
	op, i, err := record(Step{Kind: StepRename, Path: absPath(path), To: absPath(dst), Before: fp}, nil)
	if err != nil {
		return "", err
	}
	killPoint("recorded", path)
	if err := os.Rename(path, dst); err != nil {
		return "", op.settle(i, wrapError(err, &english.Archiving, path, err))
	}
	syncDir(filepath.Dir(path))
	killPoint("written", dst)
	return dst, nil
}

// CreateNew atomically creates path holding data with permission perm,
// creating its folder when needed (never through a symbolic link: the
// folder, the folders made for it and the deepest one that exists must
// be real folders, else ErrLink): a temporary file in the same folder,
// fsync, then a hard link to path (which fails when path exists, so an
// existing file is never replaced), then a folder fsync. It refuses with
// an error matching fs.ErrExist when path already exists. Where hard
// links are not supported it checks that path is absent and renames.
// The folders made and the file are recorded in the open operation
// first.
func CreateNew(path string, data []byte, perm fs.FileMode) error {
	return create(path, data, perm, time.Time{})
}

// Recreate is CreateNew that also sets the file's modification time to
// mtime (an undo putting back a file it took away).
func Recreate(path string, data []byte, perm fs.FileMode, mtime time.Time) error {
	return create(path, data, perm, mtime)
}

func create(path string, data []byte, perm fs.FileMode, mtime time.Time) error {
	if err := intoDir(filepath.Dir(path), "", true, path, &english.Written, recordMkdir); err != nil {
		return err
	}
	if _, err := os.Lstat(path); err == nil {
		return wrapError(fs.ErrExist, &english.Exists, path, fs.ErrExist)
	}
	tmp := tempName(path)
	op, i, err := record(Step{Kind: StepCreate, Path: absPath(path), After: Fingerprint(data), Mode: modeText(perm), Temp: absPath(tmp)}, nil)
	if err != nil {
		return err
	}
	killPoint("recorded", path)
	err = createVia(path, tmp, data, perm)
	if err == nil && !mtime.IsZero() {
		err = os.Chtimes(path, time.Time{}, mtime)
	}
	killPoint("written", path)
	return op.settle(i, err)
}

// recordMkdir records a folder about to be made for a write.
func recordMkdir(dir string) error {
	_, _, err := record(Step{Kind: StepMkdir, Path: absPath(dir)}, nil)
	return err
}

// modeText is a permission as the log writes it ("0644").
func modeText(perm fs.FileMode) string { return fmt.Sprintf("%04o", perm.Perm()) }

// createFile makes path holding data (temporary file, fsync, hard link,
// folder fsync), refusing with fs.ErrExist when it exists. It records
// nothing: the log's own files are made with it.
func createFile(path string, data []byte, perm fs.FileMode) error {
	return createVia(path, tempName(path), data, perm)
}

// createVia is createFile through the temporary file tmp (see tempName).
func createVia(path, tmp string, data []byte, perm fs.FileMode) error {
	dir := filepath.Dir(path)
	exists := func() error {
		return wrapError(fs.ErrExist, &english.Exists, path, fs.ErrExist)
	}
	if err := writeTemp(tmp, data, perm); err != nil {
		return wrapError(err, &english.Writing, path, err)
	}
	defer os.Remove(tmp) // the temporary name only: path keeps the data
	killPoint("temp", tmp)
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return exists()
		}
		if _, err := os.Lstat(path); err == nil {
			return exists()
		}
		if err := os.Rename(tmp, path); err != nil {
			return wrapError(err, &english.Writing, path, err)
		}
	}
	syncDir(dir)
	return nil
}

// ArchiveTo renames path to dst (for example into an archive folder,
// which is created when needed) provided path still holds the content
// with fingerprint fp and dst does not exist. No folder on the way from
// path's folder to dst's may be a symbolic link (ErrLink). Nothing is copied or
// deleted: there is always exactly one copy.
func ArchiveTo(path, fp, dst string) error {
	if err := notALink(path); err != nil {
		return err
	}
	if err := Verify(path, fp); err != nil {
		return err
	}
	if err := intoDir(filepath.Dir(dst), filepath.Dir(path), true, path, &english.Moved, recordMkdir); err != nil {
		return err
	}
	if _, err := os.Lstat(dst); err == nil {
		return newError(&english.ArchiveNameTaken, path, dst)
	}
	op, i, err := record(Step{Kind: StepRename, Path: absPath(path), To: absPath(dst), Before: fp}, nil)
	if err != nil {
		return err
	}
	killPoint("recorded", path)
	if err := os.Rename(path, dst); err != nil {
		return op.settle(i, wrapError(err, &english.Archiving, path, err))
	}
	syncDir(filepath.Dir(path))
	syncDir(filepath.Dir(dst))
	killPoint("written", dst)
	return nil
}

// syncDir flushes a folder's entries (a rename or a new name) to disk,
// as far as the platform allows.
func syncDir(dir string) {
	if d, err := OpenDir(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}
