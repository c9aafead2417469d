package fsx

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// OwnDir is the folder pickup keeps in a project for its own records
// (the operation log). It holds a .gitignore of "*", so git never lists
// it, and it never counts as work at risk.
const OwnDir = ".pickup"

// ArchiveInfix is what every archive name pickup makes carries between
// the original name and the stamp: "<name>.discarded.<stamp>".
const ArchiveInfix = ".discarded."

// stampLayout is the UTC stamp archive names carry, to the second.
const stampLayout = "20060102T150405Z"

// Stamp is the stamp an archive made at now carries: its UTC time to
// the second, readable and sorting as text (20261124T134512Z).
func Stamp(now time.Time) string { return now.UTC().Format(stampLayout) }

// ArchiveName is the name Archive gives path at now:
// "<path>.discarded.<stamp>" (see Stamp). When that name is taken (two
// archives of one name in the same second) Archive uses FreeArchiveName.
func ArchiveName(path string, now time.Time) string {
	return path + ArchiveInfix + Stamp(now)
}

// FreeArchiveName is ArchiveName(path, now), or when something already
// has that name, the same with "-2", "-3"… after the stamp: the first
// that is free.
func FreeArchiveName(path string, now time.Time) string {
	return path + ArchiveInfix + FreeStamp(now, func(st string) []string { return []string{path + ArchiveInfix + st} })
}

// FreeStamp is Stamp(now), or Stamp(now) followed by "-2", "-3"…: the
// first stamp for which none of the names names(stamp) exists. A source
// that archives several files under one stamp asks for all of them at
// once, so they keep the same stamp.
func FreeStamp(now time.Time, names func(stamp string) []string) string {
	base := Stamp(now)
	for n := 1; ; n++ {
		st := base
		if n > 1 {
			st += "-" + strconv.Itoa(n)
		}
		free := true
		for _, p := range names(st) {
			if _, err := os.Lstat(p); err == nil {
				free = false
				break
			}
		}
		if free || n >= 10000 {
			return st
		}
	}
}

// ParseStamp reads an archive name's stamp in any form pickup has
// written: the UTC stamp (20261124T134512Z, with an optional "-N"
// counter, which orders it N-1 nanoseconds later), the same with
// milliseconds (20261124T134512.345Z, /design's), or Unix milliseconds
// (1775430161000, pickup's form before).
func ParseStamp(st string) (time.Time, bool) {
	if st == "" {
		return time.Time{}, false
	}
	if strings.Trim(st, "0123456789") == "" {
		ms, err := strconv.ParseInt(st, 10, 64)
		if err != nil {
			return time.Time{}, false
		}
		return time.UnixMilli(ms).UTC(), true
	}
	head, count, hasCount := strings.Cut(st, "-")
	n := 1
	if hasCount {
		var err error
		if n, err = strconv.Atoi(count); err != nil || n < 2 {
			return time.Time{}, false
		}
	}
	for _, layout := range []string{stampLayout, "20060102T150405.000Z"} {
		if t, err := time.Parse(layout, head); err == nil {
			return t.UTC().Add(time.Duration(n-1) * time.Nanosecond), true
		}
	}
	return time.Time{}, false
}

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
