package fsx

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// ContentHash is what the log records as a path's content before a
// rename: a file's sha256 (Fingerprint), or for a folder (dir true) its
// TreeDigest. Symbolic links are not followed.
func ContentHash(path string) (hash string, dir bool, err error) {
	st, err := os.Lstat(path)
	if err != nil {
		return "", false, err
	}
	if st.IsDir() {
		h, err := TreeDigest(path)
		return h, true, err
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		target, err := os.Readlink(path)
		if err != nil {
			return "", false, err
		}
		return Fingerprint([]byte("link\x00" + target)), false, nil
	}
	data, err := ReadFile(path)
	if err != nil {
		return "", false, err
	}
	return Fingerprint(data), false, nil
}

// TreeDigest is a sha256 over a folder's tree: each entry's path below
// root, its kind and permission bits, and a file's content hash or a
// link's target, in name order. Links are recorded, never followed. It
// tells whether a folder an undo moves back still holds what was moved.
func TreeDigest(root string) (string, error) {
	type entry struct{ rel, line string }
	var entries []entry
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		line := ""
		switch {
		case d.IsDir():
			line = fmt.Sprintf("d %04o", info.Mode().Perm())
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			line = "l " + target
		case d.Type().IsRegular():
			data, err := ReadFile(p)
			if err != nil {
				return err
			}
			line = fmt.Sprintf("f %04o %s", info.Mode().Perm(), Fingerprint(data))
		default:
			line = "o " + d.Type().String()
		}
		entries = append(entries, entry{filepath.ToSlash(rel), line})
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].rel < entries[j].rel })
	h := sha256.New()
	for _, e := range entries {
		fmt.Fprintf(h, "%s\x00%s\n", e.rel, e.line)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
