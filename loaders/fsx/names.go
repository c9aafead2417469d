package fsx

import (
	"path/filepath"
	"strings"
)

// OwnDir is the folder pickup keeps in a project for its own records
// (the operation log). It holds a .gitignore of "*", so git never lists
// it, and it never counts as work at risk.
const OwnDir = ".pickup"

// ArchiveInfix is what every archive name pickup makes carries between
// the original name and the stamp: "<name>.discarded.<stamp>".
const ArchiveInfix = ".discarded."

// IsArchiveName reports whether the last element of path is an archive
// name pickup makes, "<name>.discarded.<stamp>", whatever form the stamp
// has (a digit string: Unix milliseconds, or a UTC stamp such as
// 20261124T134512Z), and returns the original name.
func IsArchiveName(path string) (orig string, ok bool) {
	base := filepath.Base(path)
	i := strings.LastIndex(base, ArchiveInfix)
	if i <= 0 {
		return "", false
	}
	stamp := base[i+len(ArchiveInfix):]
	if stamp == "" || stamp[0] < '0' || stamp[0] > '9' {
		return "", false
	}
	for _, r := range stamp {
		if !(r >= '0' && r <= '9' || r == 'T' || r == 'Z' || r == '-' || r == '_' || r == '.') {
			return "", false
		}
	}
	return base[:i], true
}

// IsOwn reports whether rel, a path relative to the project, is
// pickup's own: inside OwnDir, or an archive pickup made (or inside
// one, for an archived folder).
func IsOwn(rel string) bool {
	rel = filepath.ToSlash(filepath.Clean(rel))
	if rel == OwnDir || strings.HasPrefix(rel, OwnDir+"/") {
		return true
	}
	for _, part := range strings.Split(rel, "/") {
		if _, ok := IsArchiveName(part); ok {
			return true
		}
	}
	return false
}
