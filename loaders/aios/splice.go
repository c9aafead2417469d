package aios

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// A RESTART changes a handful of values. valueSplice writes them back by
// replacing the text of those values only, so the rest of the file stays
// byte for byte: a comment keeps the spaces before it ("null  # note"),
// blank lines and comments between keys stay where they are.

// leafEdit is one value RESTART sets: key in mapping m gets val. k and v
// are the key and value as the file has them (positions intact); both
// nil when the key is added.
type leafEdit struct {
	m    *yaml.Node
	key  string
	k, v *yaml.Node
	val  *yaml.Node
}

// editor applies edits to the tree and records them for valueSplice.
type editor struct {
	edits []*leafEdit
	// fresh are nodes the edit made: setting a key in one is part of the
	// edit that put it there, not an edit of the file's text.
	fresh map[*yaml.Node]bool
	// starts are the lines any node of the original file starts on, in
	// order: the value of a key ends before the next one.
	starts []int
	// orig is each edited mapping's entries as the file has them.
	orig map[*yaml.Node][]*yaml.Node
	// last is the last line each node of the file starts a node on
	// (maxLine before the edits changed the tree).
	last map[*yaml.Node]int
}

func newEditor(doc *yaml.Node) *editor {
	ed := &editor{fresh: map[*yaml.Node]bool{}, orig: map[*yaml.Node][]*yaml.Node{}, last: map[*yaml.Node]int{}}
	seen := map[int]bool{}
	var walk func(n *yaml.Node) int
	walk = func(n *yaml.Node) int {
		if n == nil {
			return 0
		}
		if n.Line > 0 && !seen[n.Line] {
			seen[n.Line] = true
			ed.starts = append(ed.starts, n.Line)
		}
		m := n.Line
		if n.Kind != yaml.AliasNode {
			for _, c := range n.Content {
				m = max(m, walk(c))
			}
		}
		ed.last[n] = m
		return m
	}
	walk(doc)
	slices.Sort(ed.starts)
	return ed
}

// set sets key in mapping m to val (setKey) and records the edit.
func (ed *editor) set(m *yaml.Node, key string, val *yaml.Node) {
	ed.fresh[val] = true
	if !ed.fresh[m] {
		if _, ok := ed.orig[m]; !ok {
			ed.orig[m] = slices.Clone(m.Content)
		}
		k, v := rawPair(m, key)
		i := slices.IndexFunc(ed.edits, func(e *leafEdit) bool { return e.m == m && e.key == key })
		if i >= 0 {
			ed.edits[i].val = val
		} else {
			ed.edits = append(ed.edits, &leafEdit{m: m, key: key, k: k, v: v, val: val})
		}
	}
	setKey(m, key, val)
}

// topKeys are the keys of ss whose entries the edits change, in edit
// order, for the entry-level splice.
func (ed *editor) topKeys(ss *yaml.Node) []string {
	var keys []string
	for _, e := range ed.edits {
		top := e.key
		if e.m != ss {
			top = ""
			for i := 0; i+1 < len(ss.Content); i += 2 {
				if contains(ss.Content[i+1], e.m) {
					top = ss.Content[i].Value
					break
				}
			}
		}
		if top != "" && !slices.Contains(keys, top) {
			keys = append(keys, top)
		}
	}
	return keys
}

func contains(n, target *yaml.Node) bool {
	n = resolve(n)
	if n == target {
		return true
	}
	if n == nil {
		return false
	}
	for _, c := range n.Content {
		if contains(c, target) {
			return true
		}
	}
	return false
}

// rawPair is pair without following an alias value: the nodes as the
// file has them.
func rawPair(m *yaml.Node, key string) (k, v *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Kind == yaml.ScalarNode && m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// text is a file split into lines for splicing.
type text struct {
	data  []byte
	start []int // byte offset of each line's start (line n at start[n-1])
	eol   string
}

func newText(data []byte) (*text, bool) {
	if bytes.Contains(bytes.ReplaceAll(data, []byte("\r\n"), nil), []byte("\r")) {
		return nil, false // a lone CR ends a line for YAML, not here
	}
	t := &text{data: data, start: []int{0}, eol: "\n"}
	for i, b := range data {
		if b == '\n' && i+1 < len(data) {
			t.start = append(t.start, i+1)
		}
	}
	if bytes.Contains(data, []byte("\r\n")) {
		t.eol = "\r\n"
	}
	return t, true
}

func (t *text) lines() int { return len(t.start) }

// end is the offset where line n's content ends (before its line break).
func (t *text) end(n int) int {
	e := len(t.data)
	if n < len(t.start) {
		e = t.start[n] - 1 // the '\n'
	} else if e > t.start[n-1] && t.data[e-1] == '\n' {
		e--
	}
	if e > t.start[n-1] && t.data[e-1] == '\r' {
		e--
	}
	return e
}

func (t *text) line(n int) string { return string(t.data[t.start[n-1]:t.end(n)]) }

// at is the offset of 1-based column col (in characters, as yaml.v3
// counts them) on line n.
func (t *text) at(n, col int) (int, bool) {
	if n < 1 || n > len(t.start) || col < 1 {
		return 0, false
	}
	off, stop := t.start[n-1], t.end(n)
	for c := 1; c < col; c++ {
		if off >= stop {
			return 0, false
		}
		_, w := utf8.DecodeRune(t.data[off:stop])
		off += w
	}
	return off, true
}

// blankOrCommentLine reports a line holding nothing, or only a comment.
func (t *text) blankOrCommentLine(n int) bool { return blankOrComment(t.line(n)) }

// span is a replacement of data[start:end]. depth orders insertions
// at one place: a deeper mapping's new entries come before its parent's.
type span struct {
	start, end int
	text       string
	depth      int
}

// valueSplice writes ed's edits by replacing value text only. ok is false
// when a value's text cannot be located exactly (the caller then falls
// back to re-encoding whole entries).
func valueSplice(src []byte, ed *editor, st outputStyle) ([]byte, bool) {
	t, ok := newText(src)
	if !ok || len(ed.edits) == 0 {
		return nil, false
	}
	var spans []span
	adds := map[*yaml.Node]*span{}
	for _, e := range ed.edits {
		if e.k != nil {
			sp, ok := t.replaceValue(ed, e, st)
			if !ok {
				return nil, false
			}
			spans = append(spans, sp)
			continue
		}
		// A key the mapping lacks: a new line after its last entry.
		sp := adds[e.m]
		if sp == nil {
			at, ok := t.entryEnd(ed, e.m)
			if !ok {
				return nil, false
			}
			lk := ed.orig[e.m][len(ed.orig[e.m])-2]
			sp = &span{start: at, end: at, depth: lk.Column}
			adds[e.m] = sp
		}
		orig := ed.orig[e.m]
		lk := orig[len(orig)-2]
		lines, ok := encodeEntry(e.key, e.val, st)
		if !ok {
			return nil, false
		}
		pad := strings.Repeat(" ", lk.Column-1)
		for _, l := range lines {
			if l == "" {
				sp.text += t.eol
			} else {
				sp.text += t.eol + pad + l
			}
		}
	}
	for _, sp := range adds {
		spans = append(spans, *sp)
	}
	slices.SortStableFunc(spans, func(a, b span) int {
		if c := cmp.Compare(a.start, b.start); c != 0 {
			return c
		}
		if c := cmp.Compare(b.end-b.start, a.end-a.start); c != 0 {
			return c // a replacement before an insertion at its end
		}
		return cmp.Compare(b.depth, a.depth)
	})
	var b bytes.Buffer
	at := 0
	for _, sp := range spans {
		if sp.start < at {
			return nil, false // overlapping edits
		}
		b.Write(src[at:sp.start])
		b.WriteString(sp.text)
		at = sp.end
	}
	b.Write(src[at:])
	return b.Bytes(), true
}

// replaceValue is the span that gives e's existing key its new value.
// An inline value (on the key's line, not a block) has its text replaced
// in place; a block value (or a value that becomes a block) is replaced
// from the key to its last line, keeping a comment on the key's line.
func (t *text) replaceValue(ed *editor, e *leafEdit, st outputStyle) (span, bool) {
	if e.v.Line == e.k.Line && inlineValue(e.v) {
		if start, end, ok := t.inlineSpan(e.v); ok {
			if s, ok := inlineText(e.val); ok {
				return span{start: start, end: end, text: s}, true
			}
		}
	}
	// The key and the rest of its line.
	if e.k.Style != 0 {
		return span{}, false // a quoted key: not worth locating
	}
	kstart, ok := t.at(e.k.Line, e.k.Column)
	if !ok || !bytes.HasPrefix(t.data[kstart:], []byte(e.k.Value)) {
		return span{}, false
	}
	colon := kstart + len(e.k.Value)
	for colon < len(t.data) && (t.data[colon] == ' ' || t.data[colon] == '\t') {
		colon++
	}
	if colon >= len(t.data) || t.data[colon] != ':' {
		return span{}, false
	}
	tail := string(t.data[colon+1 : t.end(e.k.Line)])
	keep := "" // a comment on the key's line, with the spaces before it
	if strings.HasPrefix(strings.TrimLeft(tail, " \t"), "#") {
		keep = tail
	}
	last, ok := t.valueEnd(ed, e.v)
	if !ok || last < e.k.Line {
		return span{}, false
	}
	lines, ok := encodeEntry(e.key, e.val, st)
	if !ok {
		return span{}, false
	}
	pad := strings.Repeat(" ", e.k.Column-1)
	var b strings.Builder
	for i, l := range lines {
		switch {
		case i == 0:
			b.WriteString(l)
			if keep != "" && e.v.Line > e.k.Line {
				b.WriteString(keep)
			}
		case l == "":
			b.WriteString(t.eol)
		default:
			b.WriteString(t.eol + pad + l)
		}
	}
	return span{start: kstart, end: t.end(last), text: b.String()}, true
}

// inlineValue reports a value written on one line after its key: a
// plain or quoted scalar, or a flow collection, without anchor or tag.
func inlineValue(v *yaml.Node) bool {
	if v.Anchor != "" || v.Kind == yaml.AliasNode {
		return false
	}
	if v.Kind == yaml.ScalarNode {
		return v.Style&(yaml.LiteralStyle|yaml.FoldedStyle|yaml.TaggedStyle) == 0
	}
	return v.Style&yaml.FlowStyle != 0
}

// inlineSpan locates an inline value's text on its line: a quoted
// scalar to its closing quote, a flow collection to its closing bracket,
// a plain scalar to the comment or the end of the line (and it must read
// as the value).
func (t *text) inlineSpan(v *yaml.Node) (int, int, bool) {
	start, ok := t.at(v.Line, v.Column)
	if !ok {
		return 0, 0, false
	}
	stop := t.end(v.Line)
	line := t.data[start:stop]
	if len(line) == 0 {
		return 0, 0, false
	}
	switch {
	case v.Kind == yaml.ScalarNode && v.Style&yaml.SingleQuotedStyle != 0:
		if line[0] != '\'' {
			return 0, 0, false
		}
		for i := 1; i < len(line); i++ {
			if line[i] == '\'' {
				if i+1 < len(line) && line[i+1] == '\'' {
					i++
					continue
				}
				return start, start + i + 1, true
			}
		}
	case v.Kind == yaml.ScalarNode && v.Style&yaml.DoubleQuotedStyle != 0:
		if line[0] != '"' {
			return 0, 0, false
		}
		for i := 1; i < len(line); i++ {
			switch line[i] {
			case '\\':
				i++
			case '"':
				return start, start + i + 1, true
			}
		}
	case v.Kind == yaml.ScalarNode:
		end := len(line)
		for i := 1; i < len(line); i++ {
			if line[i] == '#' && (line[i-1] == ' ' || line[i-1] == '\t') {
				end = i
				break
			}
		}
		word := strings.TrimRight(string(line[:end]), " \t")
		if word != v.Value {
			return 0, 0, false // folded over lines, or not where it seems
		}
		return start, start + len(word), true
	default: // a flow collection
		depth, quote := 0, byte(0)
		for i := 0; i < len(line); i++ {
			c := line[i]
			switch {
			case quote == '"' && c == '\\':
				i++
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case c == '"' || c == '\'':
				quote = c
			case c == '[' || c == '{':
				depth++
			case c == ']' || c == '}':
				depth--
				if depth == 0 {
					return start, start + i + 1, true
				}
			}
		}
	}
	return 0, 0, false
}

// valueEnd is the last line of v's text: the line before the next node
// the file starts after v, less trailing blank and comment lines (those
// stay in the file).
func (t *text) valueEnd(ed *editor, v *yaml.Node) (int, bool) {
	last, ok := ed.last[v]
	if !ok {
		return 0, false
	}
	next := t.lines() + 1
	if i, _ := slices.BinarySearch(ed.starts, last+1); i < len(ed.starts) {
		next = ed.starts[i]
	}
	end := next - 1
	for end > last && t.blankOrCommentLine(end) {
		end--
	}
	if end < 1 || end > t.lines() {
		return 0, false
	}
	return end, true
}

// entryEnd is where a new entry of mapping m goes: the end of its last
// entry's last line. m must be a block mapping with an entry.
func (t *text) entryEnd(ed *editor, m *yaml.Node) (int, bool) {
	orig := ed.orig[m]
	if m.Style&yaml.FlowStyle != 0 || len(orig) < 2 {
		return 0, false
	}
	last, ok := t.valueEnd(ed, orig[len(orig)-1])
	if !ok {
		return 0, false
	}
	return t.end(last), true
}

// inlineText is a value as one line of YAML (a scalar or a flow
// collection), without the comments setKey carried over to it.
func inlineText(val *yaml.Node) (string, bool) {
	if val.Kind == yaml.ScalarNode && val.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return "", false
	}
	if val.Kind != yaml.ScalarNode && val.Style&yaml.FlowStyle == 0 && len(val.Content) > 0 {
		return "", false
	}
	c := *val
	c.HeadComment, c.LineComment, c.FootComment = "", "", ""
	out, err := yaml.Marshal(&c)
	if err != nil {
		return "", false
	}
	s := strings.TrimSuffix(string(out), "\n")
	if strings.Contains(s, "\n") {
		return "", false
	}
	return s, true
}

// encodeEntry is "key: val" as the file's style writes it, one string per
// line ("" for a blank line), without a final newline and without the
// comments setKey carried over to val.
func encodeEntry(key string, val *yaml.Node, st outputStyle) ([]string, bool) {
	c := *val
	c.HeadComment, c.LineComment, c.FootComment = "", "", ""
	entry := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{
		{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, &c}}
	var b bytes.Buffer
	enc := newEncoder(&b, st)
	if enc.Encode(entry) != nil || enc.Close() != nil {
		return nil, false
	}
	return strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n"), true
}
