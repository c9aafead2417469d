package tui

import (
	"path/filepath"
	"sort"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// root is a folder a screen names by a label instead of its path:
// "<project>", "$CLAUDE_HOME", "~".
type root struct{ dir, label string }

// pathRoots are the labelled roots of the paths a screen shows, the
// deepest first, so a path is named from the closest one.
type pathRoots []root

// newPathRoots labels the project, Claude's home and the home folder;
// an empty or relative folder is left out.
func newPathRoots(project, claudeHome, home string) pathRoots {
	var out pathRoots
	for _, r := range []root{{project, "<project>"}, {claudeHome, "$CLAUDE_HOME"}, {home, "~"}} {
		if r.dir == "" || !filepath.IsAbs(r.dir) || filepath.Clean(r.dir) == "/" {
			continue
		}
		r.dir = filepath.Clean(r.dir)
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].dir) > len(out[j].dir) })
	return out
}

// label names an absolute path from its closest root: the project
// itself is "<project>", a file in it "<project>/src/a.go".
func (rs pathRoots) label(p string) string {
	for _, r := range rs {
		if p == r.dir {
			return r.label
		}
		if strings.HasPrefix(p, r.dir+"/") {
			return r.label + p[len(r.dir):]
		}
	}
	return p
}

// replace names every absolute path in a sentence from its closest
// root. A root counts only where a path component ends (after it comes
// a slash, the end, or a character that cannot be in a name here: space,
// quote, bracket, punctuation).
func (rs pathRoots) replace(s string) string {
	if len(rs) == 0 || !strings.Contains(s, "/") {
		return s
	}
	for _, r := range rs {
		if !strings.Contains(s, r.dir) {
			continue
		}
		var b strings.Builder
		rest := s
		for {
			i := strings.Index(rest, r.dir)
			if i < 0 {
				b.WriteString(rest)
				break
			}
			end := i + len(r.dir)
			before := i == 0 || !isNameByte(rest[i-1])
			after := end == len(rest) || rest[end] == '/' || !isNameByte(rest[end])
			b.WriteString(rest[:i])
			if before && after {
				b.WriteString(r.label)
			} else {
				b.WriteString(r.dir)
			}
			rest = rest[end:]
		}
		s = b.String()
	}
	return s
}

// isNameByte: a byte that can continue a file or folder name in a
// sentence.
func isNameByte(c byte) bool {
	return c >= 0x80 || c == '-' || c == '_' || c == '.' || c == '~' || c == '+' || c == '@' ||
		(c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

// shortenPath fits a path into w cells by leaving out folders in its
// middle: the first component (a root's label) and as many of the last
// ones as fit stay, "<project>/…/phase_history/ch001_sc001.json". When
// even the last component does not fit, its end is kept.
func shortenPath(p string, w int, ell string) string {
	if ansi.StringWidth(p) <= w {
		return p
	}
	parts := strings.Split(p, "/")
	if len(parts) > 2 {
		head := parts[0] + "/" + ell
		if parts[0] == "" {
			head = "/" + ell
		}
		tail := ""
		for i := len(parts) - 1; i > 0; i-- {
			next := "/" + parts[i] + tail
			if ansi.StringWidth(head+next) > w {
				break
			}
			tail = next
		}
		if tail != "" {
			return head + tail
		}
	}
	return truncateLeft(p, w, ell)
}

// looksLikePath: a word with a slash between name characters, which a
// line never breaks inside (it is shortened in the middle instead).
func looksLikePath(word string) bool {
	i := strings.IndexByte(word, '/')
	return i >= 0 && len(word) > 1 && !strings.Contains(word, "//") && !strings.HasPrefix(word, "http")
}
