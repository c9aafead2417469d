package fsx

import (
	"fmt"
	"os"
	"path/filepath"
)

// RenameNoReplace moves src (a file or a whole folder, such as a ledger
// folder being archived) to dst, refusing when dst already exists. The
// caller checks first that src still holds what it loaded (Verify works
// on files only). Nothing is copied or deleted: there is always exactly
// one copy. A folder on the way from src's folder to dst's that is a
// symbolic link is refused (ErrLink).
func RenameNoReplace(src, dst string) error {
	if err := intoDir(filepath.Dir(dst), filepath.Dir(src), false, src, "moved"); err != nil {
		return err
	}
	if _, err := os.Lstat(dst); err == nil {
		return fmt.Errorf("%s: archive name %s already exists; nothing was moved", src, dst)
	}
	if err := os.Rename(src, dst); err != nil {
		return fmt.Errorf("%s: archiving: %w", src, err)
	}
	syncDir(filepath.Dir(dst))
	if filepath.Dir(src) != filepath.Dir(dst) {
		syncDir(filepath.Dir(src))
	}
	return nil
}
