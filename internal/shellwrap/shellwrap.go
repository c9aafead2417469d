// Package shellwrap lays a shell command line out on lines no wider than
// a screen so that what a terminal copies runs as shown: a line ends
// only after an operator the shell reads on (&&, ||, |, ;) or with a
// trailing backslash (a continuation). A word wider than a whole line is
// cut with a continuation too, its quote closed and reopened around the
// cut, and the piece after the cut starts its line (an indent there
// would be part of the word). Pure: no I/O.
package shellwrap

import "github.com/charmbracelet/x/ansi"

// Lines is cmd on lines of at most width cells: the first line starts
// with lead, the others with indent (lead and indent count in the
// width). A command that fits is one line, as given. width 0 or less
// never wraps.
func Lines(cmd string, width int, lead, indent string) []string {
	if width <= 0 || ansi.StringWidth(lead+cmd) <= width {
		return []string{lead + cmd}
	}
	words := split(cmd)
	var out []string
	line, lineW := lead, ansi.StringWidth(lead)
	empty := true // nothing but the lead or indent on the line
	next := func(end string) {
		out = append(out, line+end)
		line, lineW, empty = indent, ansi.StringWidth(indent), true
	}
	for i, w := range words {
		ww := ansi.StringWidth(w.text)
		last := i == len(words)-1
		// The room a continuation needs after this word, unless the
		// line may end right after it.
		reserve := 2
		switch {
		case last || w.op:
			reserve = 0
		case words[i+1].op:
			reserve = 1 + ansi.StringWidth(words[i+1].text)
		case w.text == "--" && ansi.StringWidth(indent)+ww+1+ansi.StringWidth(words[i+1].text)+2 <= width:
			// "--" stays with the name after it when the two fit a line.
			reserve = 1 + ansi.StringWidth(words[i+1].text) + 2
		}
		sep := 1
		if empty {
			sep = 0
		}
		if !empty && lineW+sep+ww+reserve > width {
			next(" \\")
			sep = 0
		}
		if lineW+ww+reserve > width && !w.op {
			// Wider than the line: cut it, each cut a continuation.
			pieces := cut(w, width-lineW, width, reserve)
			for j, p := range pieces {
				if j > 0 {
					out = append(out, line)
					line, lineW = "", 0
				}
				line += p
				lineW += ansi.StringWidth(p)
			}
			empty = false
		} else {
			if sep == 1 {
				line += " "
			}
			line += w.text
			lineW += sep + ww
			empty = false
		}
		if w.op && !last {
			// A line may end after && and the like: the next command
			// starts a line of its own.
			next("")
		}
	}
	if !empty || len(out) == 0 {
		out = append(out, line)
	}
	return out
}

// word is one shell word as written (quotes kept), or an operator.
type word struct {
	text string
	op   bool
	// quote[i] is the quoting in force before byte i of text: 0
	// unquoted, '\'' in single quotes, '"' in double quotes, '$' in
	// $'…'; esc[i] is true where byte i is escaped or inside an escape
	// (no cut just before it).
	quote []byte
	esc   []bool
}

// split reads cmd into words and operators as a POSIX shell does.
func split(cmd string) []word {
	var out []word
	var cur word
	flush := func() {
		if cur.text != "" {
			out = append(out, cur)
		}
		cur = word{}
	}
	add := func(c byte, q byte, esc bool) {
		cur.text += string([]byte{c})
		cur.quote = append(cur.quote, q)
		cur.esc = append(cur.esc, esc)
	}
	var q byte
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch q {
		case '\'':
			add(c, q, false)
			if c == '\'' {
				q = 0
			}
			continue
		case '"', '$':
			if c == '\\' && i+1 < len(cmd) {
				add(c, q, false)
				i++
				add(cmd[i], q, true)
				if q == '$' && cmd[i] == 'x' {
					// \xNN: the digits are part of the escape.
					for k := 0; k < 2 && i+1 < len(cmd) && isHex(cmd[i+1]); k++ {
						i++
						add(cmd[i], q, true)
					}
				}
				continue
			}
			add(c, q, false)
			if (q == '"' && c == '"') || (q == '$' && c == '\'') {
				q = 0
			}
			continue
		}
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			flush()
		case c == '\\' && i+1 < len(cmd):
			add(c, 0, false)
			i++
			add(cmd[i], 0, true)
		case c == '\'' || c == '"':
			add(c, 0, false)
			q = c
		case c == '$' && i+1 < len(cmd) && cmd[i+1] == '\'':
			add(c, 0, false)
			i++
			add(cmd[i], 0, true)
			q = '$'
		case (c == '&' || c == '|' || c == ';') && cur.text == "":
			op := string(c)
			if i+1 < len(cmd) && (cmd[i+1] == c) && c != ';' {
				op += string(c)
				i++
			}
			out = append(out, word{text: op, op: true})
		default:
			add(c, 0, false)
		}
	}
	flush()
	return out
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// cut splits a word too wide for its line into pieces: the first fits
// in room cells, the others in width (they start at the line's edge),
// the last leaves reserve cells free. Each piece but the last ends in a
// continuation: the open quote closed, then a backslash; the next piece
// reopens the quote.
func cut(w word, room, width, reserve int) []string {
	var out []string
	start := 0
	open := "" // the quote the current piece reopens
	for start < len(w.text) {
		avail := room
		if len(out) > 0 {
			avail = width
		}
		avail -= ansi.StringWidth(open)
		rest := w.text[start:]
		if ansi.StringWidth(rest)+reserve <= avail {
			out = append(out, open+rest)
			break
		}
		// The longest prefix that leaves room for the closing quote and
		// the backslash, cut where a cut is allowed.
		best := -1
		for end := start + 1; end < len(w.text); end++ {
			if w.esc[end] || !utf8Start(w.text[end]) {
				continue
			}
			closeQ := closer(w.quote[end])
			if ansi.StringWidth(w.text[start:end])+len(closeQ)+1 > avail {
				break
			}
			best = end
		}
		if best < 0 {
			// Not even one character fits: give the rest its own line,
			// too wide.
			out = append(out, open+rest)
			break
		}
		q := w.quote[best]
		out = append(out, open+w.text[start:best]+closer(q)+"\\")
		open = opener(q)
		start = best
	}
	return out
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }

// closer and opener end and restart a quote around a cut.
func closer(q byte) string {
	switch q {
	case '\'':
		return "'"
	case '$':
		return "'"
	}
	return "" // unquoted, or double quotes: \ and a newline vanish there
}

func opener(q byte) string {
	switch q {
	case '\'':
		return "'"
	case '$':
		return "$'"
	}
	return ""
}
