package design

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// This file is a small JSON reader that keeps where every value sits in
// the file, so pickup can change one value (a stage status, updated_at)
// and leave every other byte as the agent wrote it: key order, spacing,
// blank lines, unknown keys. It also reads two things agents write that
// strict JSON rejects, trailing commas and a byte order mark, and says so.

type jkind int

const (
	jNull jkind = iota
	jBool
	jNumber
	jString
	jArray
	jObject
)

func (k jkind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "a list", "an object"}[k]
}

// jnode is one JSON value and its byte span [start, end) in the file.
type jnode struct {
	kind       jkind
	start, end int
	line       int
	// text is a string's decoded value, a number's or a boolean's literal.
	text    string
	members []jmember // objects, in file order (duplicates kept)
	items   []*jnode  // arrays
}

type jmember struct {
	key      string
	keyStart int
	val      *jnode
}

// get returns the value of key in an object (the last one when the key
// is repeated, as encoding/json does), or nil.
func (n *jnode) get(key string) *jnode {
	if n == nil || n.kind != jObject {
		return nil
	}
	for i := len(n.members) - 1; i >= 0; i-- {
		if n.members[i].key == key {
			return n.members[i].val
		}
	}
	return nil
}

// isNull reports a missing value or a JSON null.
func (n *jnode) isNull() bool { return n == nil || n.kind == jNull }

// str is a string's value, a number's literal, or "".
func (n *jnode) str() string {
	if n == nil || (n.kind != jString && n.kind != jNumber) {
		return ""
	}
	return n.text
}

// jsonError is a syntax error with its position.
type jsonError struct {
	Line, Col int
	Msg       string
}

func (e *jsonError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// parsed is a whole file read by parseJSON.
type parsed struct {
	root *jnode
	// trailingCommas counts commas before a closing bracket (not JSON).
	trailingCommas int
	bom            bool
	duplicates     []string // "stage_status.3" for each repeated key
}

const maxDepth = 200

type jparser struct {
	data  []byte
	pos   int
	depth int
	out   *parsed
}

// parseJSON reads data leniently (see the file comment) and returns the
// tree or a located syntax error.
func parseJSON(data []byte) (*parsed, *jsonError) {
	p := &jparser{data: data, out: &parsed{}}
	if bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) {
		p.pos, p.out.bom = 3, true
	}
	p.ws()
	if p.pos >= len(p.data) {
		return nil, p.errAt(p.pos, "the file is empty")
	}
	root, err := p.value("")
	if err != nil {
		return nil, err
	}
	p.ws()
	if p.pos < len(p.data) {
		return nil, p.errAt(p.pos, "unexpected text after the end of the JSON value")
	}
	p.out.root = root
	return p.out, nil
}

func (p *jparser) errAt(off int, format string, args ...any) *jsonError {
	if off > len(p.data) {
		off = len(p.data)
	}
	line, col := 1, 1
	for i := 0; i < off; {
		r, n := utf8.DecodeRune(p.data[i:])
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += n
	}
	return &jsonError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func (p *jparser) lineOf(off int) int { return bytes.Count(p.data[:off], []byte("\n")) + 1 }

func (p *jparser) ws() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *jparser) describe() string {
	if p.pos >= len(p.data) {
		return "end of the file"
	}
	r, _ := utf8.DecodeRune(p.data[p.pos:])
	return fmt.Sprintf("%q", r)
}

func (p *jparser) value(path string) (*jnode, *jsonError) {
	if p.pos >= len(p.data) {
		return nil, p.errAt(p.pos, "unexpected end of the file: a value is missing")
	}
	start := p.pos
	n := &jnode{start: start, line: p.lineOf(start)}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object(n, path)
	case c == '[':
		return p.array(n, path)
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		n.kind, n.text = jString, s
	case c == '-' || (c >= '0' && c <= '9'):
		if err := p.number(); err != nil {
			return nil, err
		}
		n.kind, n.text = jNumber, string(p.data[start:p.pos])
	default:
		for _, lit := range []struct {
			word string
			kind jkind
		}{{"true", jBool}, {"false", jBool}, {"null", jNull}} {
			if bytes.HasPrefix(p.data[p.pos:], []byte(lit.word)) {
				p.pos += len(lit.word)
				n.kind, n.text = lit.kind, lit.word
				n.end = p.pos
				return n, nil
			}
		}
		return nil, p.errAt(p.pos, "unexpected %s: a value was expected", p.describe())
	}
	n.end = p.pos
	return n, nil
}

func (p *jparser) enter() *jsonError {
	p.depth++
	if p.depth > maxDepth {
		return p.errAt(p.pos, "values are nested more than %d deep", maxDepth)
	}
	return nil
}

func (p *jparser) object(n *jnode, path string) (*jnode, *jsonError) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	n.kind = jObject
	p.pos++ // {
	seen := map[string]bool{}
	for first := true; ; first = false {
		p.ws()
		if p.pos >= len(p.data) {
			return nil, p.errAt(p.pos, "unexpected end of the file: the object opened on line %d is not closed", n.line)
		}
		if p.data[p.pos] == '}' {
			if !first {
				p.out.trailingCommas++
			}
			p.pos++
			n.end = p.pos
			return n, nil
		}
		if p.data[p.pos] != '"' {
			return nil, p.errAt(p.pos, "unexpected %s: a quoted key was expected", p.describe())
		}
		keyStart := p.pos
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		p.ws()
		if p.pos >= len(p.data) || p.data[p.pos] != ':' {
			return nil, p.errAt(p.pos, "unexpected %s: a colon was expected after the key %q", p.describe(), key)
		}
		p.pos++
		p.ws()
		val, err := p.value(join(path, key))
		if err != nil {
			return nil, err
		}
		if seen[key] {
			p.out.duplicates = append(p.out.duplicates, join(path, key))
		}
		seen[key] = true
		n.members = append(n.members, jmember{key: key, keyStart: keyStart, val: val})
		p.ws()
		if p.pos >= len(p.data) {
			return nil, p.errAt(p.pos, "unexpected end of the file: the object opened on line %d is not closed", n.line)
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case '}':
			p.pos++
			n.end = p.pos
			return n, nil
		default:
			return nil, p.errAt(p.pos, "unexpected %s: a comma or } was expected", p.describe())
		}
	}
}

func (p *jparser) array(n *jnode, path string) (*jnode, *jsonError) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	n.kind = jArray
	p.pos++ // [
	for first := true; ; first = false {
		p.ws()
		if p.pos >= len(p.data) {
			return nil, p.errAt(p.pos, "unexpected end of the file: the list opened on line %d is not closed", n.line)
		}
		if p.data[p.pos] == ']' {
			if !first {
				p.out.trailingCommas++
			}
			p.pos++
			n.end = p.pos
			return n, nil
		}
		val, err := p.value(fmt.Sprintf("%s[%d]", path, len(n.items)))
		if err != nil {
			return nil, err
		}
		n.items = append(n.items, val)
		p.ws()
		if p.pos >= len(p.data) {
			return nil, p.errAt(p.pos, "unexpected end of the file: the list opened on line %d is not closed", n.line)
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case ']':
			p.pos++
			n.end = p.pos
			return n, nil
		default:
			return nil, p.errAt(p.pos, "unexpected %s: a comma or ] was expected", p.describe())
		}
	}
}

// str reads a quoted string at p.pos and decodes it.
func (p *jparser) str() (string, *jsonError) {
	start := p.pos
	p.pos++
	for p.pos < len(p.data) {
		switch c := p.data[p.pos]; {
		case c == '\\':
			p.pos += 2
		case c == '"':
			p.pos++
			var s string
			if err := json.Unmarshal(p.data[start:p.pos], &s); err != nil {
				return "", p.errAt(start, "invalid string: %v", err)
			}
			return s, nil
		case c < 0x20:
			return "", p.errAt(p.pos, "a string cannot hold a raw control character (a line break inside quotes?)")
		default:
			p.pos++
		}
	}
	return "", p.errAt(start, "unexpected end of the file: the string is not closed")
}

func (p *jparser) number() *jsonError {
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
	if p.pos < len(p.data) && p.data[p.pos] == '0' {
		p.pos++ // a leading zero stands alone
	} else if digits() == 0 {
		return p.errAt(start, "invalid number")
	}
	if p.pos < len(p.data) && p.data[p.pos] == '.' {
		p.pos++
		if digits() == 0 {
			return p.errAt(start, "invalid number")
		}
	}
	if p.pos < len(p.data) && (p.data[p.pos] == 'e' || p.data[p.pos] == 'E') {
		p.pos++
		if p.pos < len(p.data) && (p.data[p.pos] == '+' || p.data[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return p.errAt(start, "invalid number")
		}
	}
	return nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// ---- edits ----

// jedit replaces data[start:end] with text.
type jedit struct {
	start, end int
	text       string
}

// applyEdits returns data with the edits made. Edits must not overlap;
// two insertions at the same place keep their order.
func applyEdits(data []byte, edits []jedit) []byte {
	sorted := append([]jedit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].start < sorted[j].start })
	var b bytes.Buffer
	at := 0
	for _, e := range sorted {
		b.Write(data[at:e.start])
		b.WriteString(e.text)
		at = e.end
	}
	b.Write(data[at:])
	return b.Bytes()
}

// jsonText is v as compact JSON text without HTML escaping.
func jsonText(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // only called with strings, numbers and lists of strings
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// setMember is the edit that gives key the value text in object obj:
// the old value's bytes are replaced, or a new member is added after the
// last one, on its own line and indented like it.
func setMember(data []byte, obj *jnode, key, text string) jedit {
	for i := len(obj.members) - 1; i >= 0; i-- {
		if m := obj.members[i]; m.key == key {
			return jedit{m.val.start, m.val.end, text}
		}
	}
	member := jsonText(key) + ": " + text
	if len(obj.members) == 0 {
		return jedit{obj.start, obj.end, "{" + member + "}"}
	}
	last := obj.members[len(obj.members)-1]
	if bytes.IndexByte(data[obj.start:last.keyStart], '\n') < 0 {
		return jedit{last.val.end, last.val.end, ", " + member}
	}
	lineStart := bytes.LastIndexByte(data[:last.keyStart], '\n') + 1
	indent := string(data[lineStart:last.keyStart])
	if strings.TrimLeft(indent, " \t") != "" {
		indent = "  "
	}
	eol := "\n"
	if lineStart >= 2 && data[lineStart-2] == '\r' {
		eol = "\r\n"
	}
	return jedit{last.val.end, last.val.end, "," + eol + indent + member}
}
