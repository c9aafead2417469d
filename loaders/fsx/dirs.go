package fsx

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// intoDir readies dir, the folder a write or a rename puts a new name
// in, without ever going through a symbolic link: an archive folder that
// is a link elsewhere would carry the file out of what pickup owns.
//
// Below anchor (the folder of the file being moved: pickup found the
// file there), every folder down to dir must be a real folder. Without
// an anchor, or when dir is not below it, the same holds from the
// deepest folder of dir's path that exists. With create, missing
// folders are made (0755), one at a time, each checked; without it a
// missing one is left for the rename to report. what names the file for
// the message (a path, or a phrase of the catalog), done says what did not
// happen (&english.Written, &english.Moved). made,
// when not nil, is told of each folder before it is made (the operation
// log records it).
func intoDir(dir, anchor string, create bool, what any, done *i18n.M, made func(string) error) error {
	dir = filepath.Clean(dir)
	start, ok := below(anchor, dir)
	if !ok {
		start = dir
		for {
			_, err := os.Lstat(start)
			if err == nil || !errors.Is(err, fs.ErrNotExist) {
				break
			}
			up := filepath.Dir(start)
			if up == start {
				break
			}
			start = up
		}
		if err := realDir(start, what, done); err != nil {
			return err
		}
	}
	rel, err := filepath.Rel(start, dir)
	if err != nil || rel == "." {
		return nil
	}
	cur := start
	for _, name := range strings.Split(rel, string(filepath.Separator)) {
		cur = filepath.Join(cur, name)
		if _, err := os.Lstat(cur); errors.Is(err, fs.ErrNotExist) {
			if !create {
				return nil
			}
			if made != nil {
				if err := made(cur); err != nil {
					return err
				}
			}
			if err := os.Mkdir(cur, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
				return wrapError(err, &english.CreatingFolder, what, cur, err)
			}
		}
		if err := realDir(cur, what, done); err != nil {
			return err
		}
	}
	return nil
}

// below reports whether dir is anchor or inside it (lexically), and
// returns the cleaned anchor.
func below(anchor, dir string) (string, bool) {
	if anchor == "" {
		return "", false
	}
	anchor = filepath.Clean(anchor)
	rel, err := filepath.Rel(anchor, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return anchor, true
}

// realDir refuses p unless it is a folder that is not a symbolic link
// (a missing p is fine: nothing goes through it).
func realDir(p string, what any, done *i18n.M) error {
	st, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return wrapError(err, &english.About, what, err)
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		target, _ := os.Readlink(p)
		return wrapError(ErrLink, &english.LinkedFolderOnTheWay, what, p, target, done, ErrLink)
	}
	if !st.IsDir() {
		return newError(&english.NotAFolderOnTheWay, what, p, done)
	}
	return nil
}
