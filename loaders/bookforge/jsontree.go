package bookforge

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// The ledger is rewritten in place (a prompt change recorded, entries
// moved out by --rerun-from), so it is read into an ordered tree that
// keeps every key in its order and every scalar as the exact text it was
// written with (5.0 stays 5.0, "\u00e9" stays escaped). Writing the tree
// back in the file's own layout then changes only what was edited.

type jkind int

const (
	jObject jkind = iota
	jArray
	jString
	jNumber
	jBool
	jNull
)

func (k jkind) String() string {
	return [...]string{"an object", "an array", "a string", "a number", "a boolean", "null"}[k]
}

// jnode is one JSON value.
type jnode struct {
	kind jkind
	// Objects: keys (decoded) and their raw text, parallel to vals.
	keys    []string
	rawKeys []string
	// Objects' values and arrays' elements.
	vals []*jnode
	// Scalars: the exact text in the file; strings also decoded.
	raw string
	str string
	off int // byte offset, for line numbers
}

// get returns an object's value for key (the last one when a key is
// repeated, as Python's json module reads it), or nil.
func (n *jnode) get(key string) *jnode {
	if n == nil || n.kind != jObject {
		return nil
	}
	for i := len(n.keys) - 1; i >= 0; i-- {
		if n.keys[i] == key {
			return n.vals[i]
		}
	}
	return nil
}

// text is a scalar as a string: a string's value, a number's or a
// boolean's text; "" for null, objects, arrays and nil.
func (n *jnode) text() string {
	if n == nil {
		return ""
	}
	switch n.kind {
	case jString:
		return n.str
	case jNumber, jBool:
		return n.raw
	}
	return ""
}

// set replaces key's value in place, or appends the pair at the end.
func (n *jnode) set(key string, v *jnode) {
	for i := len(n.keys) - 1; i >= 0; i-- {
		if n.keys[i] == key {
			n.vals[i] = v
			return
		}
	}
	n.keys = append(n.keys, key)
	n.rawKeys = append(n.rawKeys, pyString(key))
	n.vals = append(n.vals, v)
}

// remove drops every pair with key and reports whether there was one.
func (n *jnode) remove(key string) bool {
	found := false
	for i := 0; i < len(n.keys); i++ {
		if n.keys[i] == key {
			n.keys = append(n.keys[:i], n.keys[i+1:]...)
			n.rawKeys = append(n.rawKeys[:i], n.rawKeys[i+1:]...)
			n.vals = append(n.vals[:i], n.vals[i+1:]...)
			i--
			found = true
		}
	}
	return found
}

func newString(s string) *jnode { return &jnode{kind: jString, raw: pyString(s), str: s} }
func newNull() *jnode           { return &jnode{kind: jNull, raw: "null"} }
func newObject() *jnode         { return &jnode{kind: jObject} }

// jsonError is a syntax error at a line of the file.
type jsonError struct {
	Line int
	Msg  string
}

func (e *jsonError) Error() string { return fmt.Sprintf("invalid JSON at line %d: %s", e.Line, e.Msg) }

type jparser struct {
	data []byte
	pos  int
	dups []string // repeated keys, "key (line N)"
}

// parseJSON reads one JSON document.
func parseJSON(data []byte) (*jnode, []string, error) {
	p := &jparser{data: data}
	if len(data) >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf {
		p.pos = 3 // a UTF-8 byte order mark
	}
	p.space()
	if p.pos >= len(data) {
		return nil, nil, p.fail("the file is empty")
	}
	n, err := p.value(0)
	if err != nil {
		return nil, nil, err
	}
	p.space()
	if p.pos < len(data) {
		return nil, nil, p.fail("unexpected %q after the document", p.data[p.pos])
	}
	return n, p.dups, nil
}

func (p *jparser) line(off int) int {
	if off > len(p.data) {
		off = len(p.data)
	}
	return 1 + strings.Count(string(p.data[:off]), "\n")
}

func (p *jparser) fail(format string, args ...any) error {
	return &jsonError{Line: p.line(p.pos), Msg: fmt.Sprintf(format, args...)}
}

func (p *jparser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

const maxDepth = 200

func (p *jparser) value(depth int) (*jnode, error) {
	if depth > maxDepth {
		return nil, p.fail("nested more than %d levels", maxDepth)
	}
	p.space()
	if p.pos >= len(p.data) {
		return nil, p.fail("unexpected end of file")
	}
	start := p.pos
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		raw, s, err := p.string()
		if err != nil {
			return nil, err
		}
		return &jnode{kind: jString, raw: raw, str: s, off: start}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case p.word("true"), p.word("false"):
		return &jnode{kind: jBool, raw: string(p.data[start:p.pos]), off: start}, nil
	case p.word("null"):
		return &jnode{kind: jNull, raw: "null", off: start}, nil
	default:
		if c >= 0x20 && c < 0x7f {
			return nil, p.fail("unexpected %q", c)
		}
		return nil, p.fail("unexpected byte 0x%02x", c)
	}
}

func (p *jparser) word(w string) bool {
	if strings.HasPrefix(string(p.data[p.pos:min(len(p.data), p.pos+len(w))]), w) {
		p.pos += len(w)
		return true
	}
	return false
}

func (p *jparser) object(depth int) (*jnode, error) {
	n := &jnode{kind: jObject, off: p.pos}
	p.pos++ // {
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return n, nil
	}
	seen := map[string]bool{}
	for {
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != '"' {
			return nil, p.fail("expected a quoted key")
		}
		keyOff := p.pos
		raw, key, err := p.string()
		if err != nil {
			return nil, err
		}
		if seen[key] {
			p.dups = append(p.dups, fmt.Sprintf("%q (line %d)", key, p.line(keyOff)))
		}
		seen[key] = true
		p.space()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, p.fail("expected ':' after key %q", key)
		}
		p.pos++
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		n.keys, n.rawKeys, n.vals = append(n.keys, key), append(n.rawKeys, raw), append(n.vals, v)
		p.space()
		if p.pos >= len(p.data) {
			return nil, p.fail("unexpected end of file inside an object")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return n, nil
		default:
			return nil, p.fail("expected ',' or '}' after the value of %q", key)
		}
	}
}

func (p *jparser) array(depth int) (*jnode, error) {
	n := &jnode{kind: jArray, off: p.pos}
	p.pos++ // [
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return n, nil
	}
	for {
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		n.vals = append(n.vals, v)
		p.space()
		if p.pos >= len(p.data) {
			return nil, p.fail("unexpected end of file inside an array")
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return n, nil
		default:
			return nil, p.fail("expected ',' or ']' in an array")
		}
	}
}

// string reads a quoted string and returns its raw text and its value.
func (p *jparser) string() (string, string, error) {
	start := p.pos
	p.pos++ // opening quote
	for p.pos < len(p.data) {
		c := p.data[p.pos]
		switch {
		case c == '"':
			p.pos++
			raw := string(p.data[start:p.pos])
			var s string
			if err := json.Unmarshal([]byte(raw), &s); err != nil {
				p.pos = start
				return "", "", p.fail("invalid string: %v", err)
			}
			if !utf8.ValidString(raw) {
				p.pos = start
				return "", "", p.fail("a string is not valid UTF-8")
			}
			return raw, s, nil
		case c == '\\':
			p.pos += 2
		case c < 0x20:
			return "", "", p.fail("a control character inside a string")
		default:
			p.pos++
		}
	}
	p.pos = start
	return "", "", p.fail("a string is not closed")
}

func (p *jparser) number() (*jnode, error) {
	start := p.pos
	digits := func() int {
		n := 0
		for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	if p.data[p.pos] == '-' {
		p.pos++
	}
	intStart := p.pos
	if n := digits(); n == 0 || (n > 1 && p.data[intStart] == '0') {
		p.pos = start
		return nil, p.fail("invalid number")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return nil, p.fail("invalid number")
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return nil, p.fail("invalid number")
		}
	}
	return &jnode{kind: jNumber, raw: string(p.data[start:p.pos]), off: start}, nil
}

// jlayout is how a file was written, so that a rewrite looks the same:
// the indent unit of a pretty-printed file ("" for a one-line file) and
// the text before and after the document.
type jlayout struct {
	indent string
	lead   string
	trail  string
}

// layoutOf detects data's layout: the indent is the leading white space
// of the first indented line (Python's json.dumps(indent=2) gives two
// spaces).
func layoutOf(data []byte) jlayout {
	s := string(data)
	l := jlayout{}
	trimmed := strings.TrimLeft(s, " \t\r\n\ufeff")
	l.lead = s[:len(s)-len(trimmed)]
	l.trail = s[len(strings.TrimRight(s, " \t\r\n")):]
	for _, line := range strings.Split(trimmed, "\n")[1:] {
		line = strings.TrimRight(line, "\r")
		ind := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		if ind != "" && strings.TrimSpace(line) != "" {
			l.indent = ind
			break
		}
	}
	return l
}

// encode writes n back in layout l.
func (l jlayout) encode(n *jnode) []byte {
	var b strings.Builder
	b.WriteString(l.lead)
	l.write(&b, n, 0)
	b.WriteString(l.trail)
	return []byte(b.String())
}

func (l jlayout) write(b *strings.Builder, n *jnode, depth int) {
	nl := func(d int) {
		if l.indent != "" {
			b.WriteByte('\n')
			b.WriteString(strings.Repeat(l.indent, d))
		}
	}
	sep := ", "
	if l.indent != "" {
		sep = ","
	}
	switch n.kind {
	case jObject:
		if len(n.keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		for i := range n.keys {
			if i > 0 {
				b.WriteString(sep)
			}
			nl(depth + 1)
			b.WriteString(n.rawKeys[i])
			b.WriteString(": ")
			l.write(b, n.vals[i], depth+1)
		}
		nl(depth)
		b.WriteByte('}')
	case jArray:
		if len(n.vals) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, v := range n.vals {
			if i > 0 {
				b.WriteString(sep)
			}
			nl(depth + 1)
			l.write(b, v, depth+1)
		}
		nl(depth)
		b.WriteByte(']')
	default:
		b.WriteString(n.raw)
	}
}

// pyString quotes s the way Python's json.dumps does with its default
// ensure_ascii=True, as bookforge writes its files: non-ASCII characters
// become \uXXXX escapes (surrogate pairs beyond the BMP).
func pyString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20 || (r > 0x7e && r < 0x10000):
			fmt.Fprintf(&b, `\u%04x`, r)
		case r >= 0x10000:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// compact renders a value on one line with Python's separators, for
// display (pause details).
func compact(n *jnode) string {
	if n == nil {
		return ""
	}
	if n.kind == jString {
		return n.str
	}
	var b strings.Builder
	jlayout{}.write(&b, n, 0)
	return b.String()
}
