package fsx

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// RenameNoReplace moves src (a file or a whole folder, such as a ledger
// folder being archived) to dst, refusing when dst already exists. The
// caller checks first that src still holds what it loaded (Verify works
// on files only). Nothing is copied or deleted: there is always exactly
// one copy. A folder on the way from src's folder to dst's that is a
// symbolic link is refused (ErrLink). The move is recorded in the open
// operation first, with src's content hash (a folder's tree digest).
func RenameNoReplace(src, dst string) error {
	if err := intoDir(filepath.Dir(dst), filepath.Dir(src), false, src, &english.Moved, nil); err != nil {
		return err
	}
	if _, err := os.Lstat(dst); err == nil {
		return newError(&english.ArchiveNameTaken, src, dst)
	}
	hash, dir, err := ContentHash(src)
	if errors.Is(err, fs.ErrNotExist) {
		return wrapError(err, &english.Archiving, src, err)
	}
	if err != nil {
		return err
	}
	op, i, err := record(Step{Kind: StepRename, Path: absPath(src), To: absPath(dst), Before: hash, Dir: dir}, nil)
	if err != nil {
		return err
	}
	killPoint("recorded", src)
	if err := os.Rename(src, dst); err != nil {
		return op.settle(i, wrapError(err, &english.Archiving, src, err))
	}
	syncDir(filepath.Dir(dst))
	if filepath.Dir(src) != filepath.Dir(dst) {
		syncDir(filepath.Dir(src))
	}
	killPoint("written", dst)
	return nil
}

// RemoveIfUnchanged takes path away provided it holds the content with
// fingerprint fp: only an undo of a file pickup created does this, and
// the bytes are kept in the operation log first (so an undo of the undo
// puts them back). Never through a symbolic link.
func RemoveIfUnchanged(path, fp string) error {
	if err := notALink(path); err != nil {
		return err
	}
	data, err := readVerify(path, fp)
	if err != nil {
		return err
	}
	st, err := os.Lstat(path)
	if err != nil {
		return err
	}
	op, i, err := record(Step{Kind: StepRemove, Path: absPath(path), Before: fp, Mode: modeText(st.Mode()), MTime: stampTime(st.ModTime())}, data)
	if err != nil {
		return err
	}
	killPoint("recorded", path)
	if err := os.Remove(path); err != nil {
		return op.settle(i, wrapError(err, &english.Removing, path, err))
	}
	syncDir(filepath.Dir(path))
	killPoint("written", path)
	return nil
}

// MakeDir makes the empty folder dir (an undo putting back a folder it
// took away); its parent must exist and be a real folder.
func MakeDir(dir string) error {
	if err := realDir(filepath.Dir(dir), dir, &english.Made); err != nil {
		return err
	}
	op, i, err := record(Step{Kind: StepMkdir, Path: absPath(dir)}, nil)
	if err != nil {
		return err
	}
	killPoint("recorded", dir)
	if err := os.Mkdir(dir, 0o755); err != nil {
		return op.settle(i, fmt.Errorf("%s: %w", dir, err))
	}
	syncDir(filepath.Dir(dir))
	killPoint("written", dir)
	return nil
}

// RemoveEmptyDir takes away dir when it is an empty folder (an undo of
// a folder pickup made for a write). It reports whether it did.
func RemoveEmptyDir(dir string) (bool, error) {
	st, err := os.Lstat(dir)
	if err != nil || !st.IsDir() {
		return false, nil
	}
	names, err := listDir(dir)
	if err != nil || len(names) > 0 {
		return false, nil
	}
	op, i, err := record(Step{Kind: StepRmdir, Path: absPath(dir)}, nil)
	if err != nil {
		return false, err
	}
	killPoint("recorded", dir)
	if err := os.Remove(dir); err != nil {
		return false, op.settle(i, fmt.Errorf("%s: %w", dir, err))
	}
	syncDir(filepath.Dir(dir))
	killPoint("written", dir)
	return true, nil
}

// ParseMTime reads a modification time the log wrote (zero for "").
func ParseMTime(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s)
	return t
}

// removeTemp takes away a temporary file a write cut short left (see
// tempName): only a regular file whose name carries TempMark. It holds
// bytes pickup wrote and never put in place, so nothing is lost; the
// removal is not recorded (an undo of the undo has nothing to bring
// back).
func removeTemp(path string) error {
	st, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() || !strings.Contains(filepath.Base(path), TempMark) {
		return newError(&english.NotATempFile, path)
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	syncDir(filepath.Dir(path))
	return nil
}

// WriteCacheFile replaces the file name in pickup's own state folder
// (StateDir) with data: written to a temporary file beside it (never
// through a link, readable by this user only), then renamed over it, so
// a reader sees the old content or the new, never a mix. For answers
// pickup keeps to save work (a cache), which it can always rebuild.
func WriteCacheFile(name string, data []byte) error {
	if name == "" || strings.ContainsAny(name, `/\`) || name == "." || name == ".." {
		return newError(&english.NotAPlainName, strconv.Quote(name))
	}
	dir, err := StateDir()
	if err != nil {
		return err
	}
	p := filepath.Join(dir, name)
	if st, err := os.Lstat(p); err == nil && !st.Mode().IsRegular() {
		return regular(p, st, &english.CacheFile)
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	tmp := tempName(p)
	if err := writeTemp(tmp, data, 0o600); err != nil {
		return err
	}
	if err := os.Rename(tmp, p); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return nil
}
