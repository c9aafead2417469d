package fsx

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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
// the message, done says what did not happen ("written", "moved"). made,
// when not nil, is told of each folder before it is made (the operation
// log records it).
func intoDir(dir, anchor string, create bool, what, done string, made func(string) error) error {
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
				return fmt.Errorf("%s: creating the folder %s: %w", what, cur, err)
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
func realDir(p, what, done string) error {
	st, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		target, _ := os.Readlink(p)
		return fmt.Errorf("%s: the folder %s is a symbolic link to %s; pickup does not write or move anything through links, nothing was %s: %w", what, p, target, done, ErrLink)
	}
	if !st.IsDir() {
		return fmt.Errorf("%s: %s is not a folder; nothing was %s", what, p, done)
	}
	return nil
}
