// Package fsx is the one path by which pickup changes files: atomic
// replacement guarded by a content fingerprint, and archiving by rename.
// Nothing here deletes user data.
package fsx

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/google/renameio/v2"
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
var ErrChanged = errors.New("file changed on disk since it was loaded")

// ChangedError says a file no longer holds the bytes pickup loaded.
type ChangedError struct {
	Path string
	// Gone is true when the file has disappeared.
	Gone bool
}

func (e *ChangedError) Error() string {
	if e.Gone {
		return fmt.Sprintf("%s: the file was removed since pickup loaded it; nothing was written", e.Path)
	}
	return fmt.Sprintf("%s: the file changed on disk since pickup loaded it; nothing was written (reload and choose again)", e.Path)
}

func (e *ChangedError) Is(target error) bool { return target == ErrChanged }

// Verify checks that path still holds the content with fingerprint fp.
func Verify(path, fp string) error {
	data, err := ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &ChangedError{Path: path, Gone: true}
	}
	if err != nil {
		return err
	}
	if Fingerprint(data) != fp {
		return &ChangedError{Path: path}
	}
	return nil
}

// ReplaceIfUnchanged atomically replaces path with data (temp file in the
// same directory, fsync, rename, directory fsync) provided it still holds
// the content with fingerprint fp. The file's permission bits are kept.
func ReplaceIfUnchanged(path, fp string, data []byte) error {
	if err := notALink(path); err != nil {
		return err
	}
	if err := Verify(path, fp); err != nil {
		return err
	}
	perm := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		perm = st.Mode().Perm()
	}
	if err := renameio.WriteFile(path, data, perm); err != nil {
		return fmt.Errorf("%s: writing: %w", path, err)
	}
	return nil
}

// ErrLink is matched by errors.Is when a write is refused because the
// state file is a symbolic link.
var ErrLink = errors.New("state file is a symbolic link")

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
	return fmt.Errorf("%s: is a symbolic link to %s; pickup does not write through links, nothing was written: %w", path, target, ErrLink)
}

// ArchiveName is where Archive moves path at time now:
// "<path>.discarded.<unix-ms>".
func ArchiveName(path string, now time.Time) string {
	return path + ".discarded." + strconv.FormatInt(now.UnixMilli(), 10)
}

// Archive renames path to ArchiveName(path, now) provided it still holds
// the content with fingerprint fp, and returns the new name. A rename
// within one directory is atomic: there is always exactly one copy.
func Archive(path, fp string, now time.Time) (string, error) {
	if err := notALink(path); err != nil {
		return "", err
	}
	if err := Verify(path, fp); err != nil {
		return "", err
	}
	dst := ArchiveName(path, now)
	if _, err := os.Lstat(dst); err == nil {
		return "", fmt.Errorf("%s: archive name %s already exists; nothing was moved", path, dst)
	}
	if err := os.Rename(path, dst); err != nil {
		return "", fmt.Errorf("%s: archiving: %w", path, err)
	}
	syncDir(filepath.Dir(path))
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
func CreateNew(path string, data []byte, perm fs.FileMode) error {
	dir := filepath.Dir(path)
	exists := func() error {
		return fmt.Errorf("%s: already exists; nothing was written: %w", path, fs.ErrExist)
	}
	if err := intoDir(dir, "", true, path, "written"); err != nil {
		return err
	}
	if _, err := os.Lstat(path); err == nil {
		return exists()
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("%s: writing: %w", path, err)
	}
	tmp := f.Name()
	defer os.Remove(tmp) // the temporary name only: path keeps the data
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
		return fmt.Errorf("%s: writing: %w", path, err)
	}
	if err := os.Link(tmp, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return exists()
		}
		if _, err := os.Lstat(path); err == nil {
			return exists()
		}
		if err := os.Rename(tmp, path); err != nil {
			return fmt.Errorf("%s: writing: %w", path, err)
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
	if err := intoDir(filepath.Dir(dst), filepath.Dir(path), true, path, "moved"); err != nil {
		return err
	}
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("%s: archive name %s already exists; nothing was moved", path, dst)
	}
	if err := os.Rename(path, dst); err != nil {
		return fmt.Errorf("%s: archiving: %w", path, err)
	}
	syncDir(filepath.Dir(path))
	syncDir(filepath.Dir(dst))
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
