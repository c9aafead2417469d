package tui

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// The preview colours JSON and YAML itself: two small scanners and one
// palette per background, in code. A highlighting library registers
// hundreds of lexers and styles when the program starts (15 to 30 ms on
// every command, `pickup --version` included); the browser needs two.

// tokKind is what a piece of code is, for its colour.
type tokKind uint8

const (
	tokText tokKind = iota
	tokKey          // a JSON object key, a YAML mapping key
	tokString
	tokNumber
	tokKeyword // true, false, null (YAML: ~, yes, no…)
	tokPunct
	tokComment
)

// codePalette is the colour of each kind on one background: the colours
// glamour gives code blocks (its dark and light themes), so a JSON file
// and a JSON block in a markdown file look alike.
type codePalette [tokComment + 1]string

var (
	darkCode  = codePalette{tokText: "#C4C4C4", tokKey: "#B083EA", tokString: "#C69669", tokNumber: "#6EEFC0", tokKeyword: "#00AAFF", tokPunct: "#E8E8A8", tokComment: "#676767"}
	lightCode = codePalette{tokText: "#2A2A2A", tokKey: "#581290", tokString: "#7E5B38", tokNumber: "#22CCAE", tokKeyword: "#279EFC", tokPunct: "#FA7878", tokComment: "#8D8D8D"}
)

// token of code: a piece of the source and its kind.
type codeTok struct {
	text string
	kind tokKind
}

// highlight colours src (already made safe and with tabs expanded) as
// lang ("json", "yaml") and returns its lines. Only foreground colours
// are used: the terminal's background stays. ok is false for another
// language. The text is src's, unchanged: only colour is added.
func highlight(src, lang string, dark bool) (lines []string, ok bool) {
	var scan func(line string, toks []codeTok) []codeTok
	switch strings.ToLower(lang) {
	case "json", "jsonl", "ndjson":
		scan = scanJSON
	case "yaml", "yml":
		scan = scanYAML
	default:
		return nil, false
	}
	pal := lightCode
	if dark {
		pal = darkCode
	}
	var styles [len(pal)]lipgloss.Style
	for k, c := range pal {
		styles[k] = lipgloss.NewStyle().Foreground(lipgloss.Color(c))
	}
	var toks []codeTok
	for _, line := range strings.Split(src, "\n") {
		toks = scan(line, toks[:0])
		var b strings.Builder
		for _, t := range toks {
			if strings.TrimSpace(t.text) == "" {
				b.WriteString(t.text) // spaces need no colour
				continue
			}
			b.WriteString(styles[t.kind].Render(t.text))
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines, true
}

// scanJSON splits one line of (pretty-printed) JSON: keys, strings,
// numbers, true/false/null, punctuation. A string is a key when a colon
// follows it.
func scanJSON(line string, toks []codeTok) []codeTok {
	for i := 0; i < len(line); {
		c := line[i]
		j := i + 1
		kind := tokText
		switch {
		case c == '"':
			j = stringEnd(line, i)
			kind = tokString
			if rest := strings.TrimLeft(line[j:], " "); strings.HasPrefix(rest, ":") {
				kind = tokKey
			}
		case strings.IndexByte("{}[],:", c) >= 0:
			kind = tokPunct
		case c == '-' || c >= '0' && c <= '9':
			for j < len(line) && strings.IndexByte("0123456789.eE+-", line[j]) >= 0 {
				j++
			}
			kind = tokNumber
		case c == ' ':
			for j < len(line) && line[j] == ' ' {
				j++
			}
		case isWordByte(c):
			for j < len(line) && isWordByte(line[j]) {
				j++
			}
			switch line[i:j] {
			case "true", "false", "null":
				kind = tokKeyword
			}
		}
		toks = append(toks, codeTok{line[i:j], kind})
		i = j
	}
	return toks
}

// stringEnd is the index after the quoted string that starts at i (the
// line's end when it is not closed).
func stringEnd(line string, i int) int {
	q := line[i]
	for j := i + 1; j < len(line); j++ {
		switch line[j] {
		case '\\':
			if q == '"' {
				j++
			}
		case q:
			return j + 1
		}
	}
	return len(line)
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// scanYAML splits one line of YAML: a comment, list dashes, a mapping
// key and its colon, then the value (a quoted string, a number, a
// keyword, a flow collection's punctuation, or plain text) and a
// trailing comment.
func scanYAML(line string, toks []codeTok) []codeTok {
	rest := line
	indent := len(rest) - len(strings.TrimLeft(rest, " "))
	if indent > 0 {
		toks = append(toks, codeTok{rest[:indent], tokText})
		rest = rest[indent:]
	}
	for strings.HasPrefix(rest, "- ") || rest == "-" {
		toks = append(toks, codeTok{"-", tokPunct})
		rest = rest[1:]
		if n := len(rest) - len(strings.TrimLeft(rest, " ")); n > 0 {
			toks = append(toks, codeTok{rest[:n], tokText})
			rest = rest[n:]
		}
	}
	if strings.HasPrefix(rest, "#") {
		return append(toks, codeTok{rest, tokComment})
	}
	if rest == "---" || rest == "..." {
		return append(toks, codeTok{rest, tokPunct})
	}
	if k := yamlKeyEnd(rest); k > 0 {
		toks = append(toks, codeTok{rest[:k], tokKey}, codeTok{":", tokPunct})
		rest = rest[k+1:]
	}
	return scanYAMLValue(rest, toks)
}

// yamlKeyEnd is the index of the colon ending a mapping key at the
// start of s ("name: shop", "name:"), or -1.
func yamlKeyEnd(s string) int {
	if s == "" || strings.IndexByte("[{\"'#|>&*!%@`", s[0]) >= 0 {
		if !(s != "" && (s[0] == '"' || s[0] == '\'')) {
			return -1
		}
		// A quoted key.
		end := stringEnd(s, 0)
		if end < len(s) && s[end] == ':' && (end+1 == len(s) || s[end+1] == ' ') {
			return end
		}
		return -1
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':':
			if i+1 == len(s) || s[i+1] == ' ' {
				return i
			}
		case '#':
			if i > 0 && s[i-1] == ' ' {
				return -1
			}
		}
	}
	return -1
}

// scanYAMLValue splits what follows a key (or a dash): spaces, then the
// value's pieces, then a comment.
func scanYAMLValue(s string, toks []codeTok) []codeTok {
	for i := 0; i < len(s); {
		c := s[i]
		j := i + 1
		kind := tokText
		switch {
		case c == ' ':
			for j < len(s) && s[j] == ' ' {
				j++
			}
		case c == '#' && (i == 0 || s[i-1] == ' '):
			j, kind = len(s), tokComment
		case c == '"' || c == '\'':
			j, kind = stringEnd(s, i), tokString
		case strings.IndexByte("[]{},", c) >= 0:
			kind = tokPunct
		default:
			// A scalar: up to a flow character, or a comment.
			for j < len(s) && strings.IndexByte("[]{},", s[j]) < 0 && !(s[j] == '#' && s[j-1] == ' ') {
				j++
			}
			for j > i+1 && s[j-1] == ' ' {
				j--
			}
			kind = yamlScalar(s[i:j])
		}
		toks = append(toks, codeTok{s[i:j], kind})
		i = j
	}
	return toks
}

// yamlScalar is a plain scalar's kind: a number, a keyword or a string.
func yamlScalar(v string) tokKind {
	switch strings.ToLower(v) {
	case "true", "false", "null", "~", "yes", "no", "on", "off":
		return tokKeyword
	case "|", ">", "|-", ">-", "|+", ">+":
		return tokPunct
	}
	digits := 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c >= '0' && c <= '9':
			digits++
		case strings.IndexByte("+-.eE_xXoabcdefABCDEF", c) >= 0:
		default:
			return tokString
		}
	}
	if digits > 0 && (v[0] >= '0' && v[0] <= '9' || v[0] == '-' || v[0] == '+' || v[0] == '.') {
		return tokNumber
	}
	return tokString
}
