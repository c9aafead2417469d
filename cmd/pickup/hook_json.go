package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/tailscale/hujson"
	"github.com/tidwall/gjson"
)

// An agent's settings file is the person's: pickup edits it by splicing
// bytes at the offsets gjson reports, so key order, spacing, number
// spelling and every value pickup does not touch stay byte for byte. A
// value pickup adds is indented like its new neighbours (the document's
// indent unit, or compact on one line when the container is on one
// line). Removing what pickup added gives back the bytes from before.

// A settings file the agent reads as JSONC (Gemini CLI: comments and
// trailing commas allowed) is edited the same way: hujson.Standardize
// gives a standard-JSON view of it with every comment and trailing
// comma blanked to spaces, so each byte keeps its offset. gjson reads
// the view; every splice is made in the view and in the file alike, so
// the comments stay where they were.

// jdoc is a settings document being edited: view is what gjson reads,
// orig the file's own bytes when they differ (JSONC), else nil.
type jdoc struct {
	view, orig []byte
}

// newJdoc readies doc for editing: as JSONC when jsonc is set and doc
// is not standard JSON (then view is its standard form), else as JSON.
func newJdoc(doc []byte, jsonc bool) (*jdoc, error) {
	if err := bomProblem(doc); err != nil {
		return nil, err
	}
	if !jsonc || json.Valid(doc) {
		return &jdoc{view: doc}, nil
	}
	view, err := hujson.Standardize(bytes.Clone(doc))
	if err != nil {
		return nil, errors.New(words().Settings.NotJSONC.F(err))
	}
	if len(view) != len(doc) {
		return nil, errors.New(words().Settings.Layout)
	}
	return &jdoc{view: view, orig: bytes.Clone(doc)}, nil
}

// bytes is the document as it now stands, comments included.
func (d *jdoc) bytes() []byte {
	if d.orig != nil {
		return d.orig
	}
	return d.view
}

// bomProblem names a byte order mark at the start of doc: JSON allows
// none, and Go's decoder would call it an "invalid character 'ï'".
func bomProblem(doc []byte) error {
	if bytes.HasPrefix(doc, []byte("\xef\xbb\xbf")) {
		return errors.New(words().Settings.BOM)
	}
	return nil
}

// jsonProblem says why a settings file cannot be edited: not JSON (with
// the line and column), JSON of an unexpected shape, or an object with
// a key twice (the agents read the last one; gjson finds the first).
// Nothing is written.
func jsonProblem(doc []byte) error {
	if err := bomProblem(doc); err != nil {
		return err
	}
	var v any
	err := json.Unmarshal(doc, &v)
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn):
		line, col := lineCol(doc, int(syn.Offset))
		return errors.New(words().Settings.NotJSONAt.F(syn, line, col))
	case err != nil:
		return errors.New(words().Settings.NotJSON.F(err))
	}
	if _, ok := v.(map[string]any); !ok {
		return errors.New(words().Settings.NotObject)
	}
	return duplicateKey(doc)
}

// duplicateKey names the first key an object of doc (valid JSON) holds
// twice, with both lines.
func duplicateKey(doc []byte) error {
	dec := json.NewDecoder(bytes.NewReader(doc))
	type frame struct {
		object bool
		key    bool // the next string is a key
		seen   map[string]int
	}
	var stack []*frame
	for {
		off := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil // the end (Unmarshal already checked the syntax)
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.object && top.key {
			if k, ok := tok.(string); ok {
				// The key starts after the separator before it.
				at := off + len(doc[off:]) - len(bytes.TrimLeft(doc[off:], " \t\r\n,"))
				line, _ := lineCol(doc, at)
				if first, dup := top.seen[k]; dup {
					return errors.New(words().Settings.DuplicateKey.F(strconv.Quote(k), first, line))
				}
				top.seen[k] = line
				top.key = false
				continue
			}
		}
		if top != nil && top.object && !top.key {
			top.key = true // this token is the value; a key comes next
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, key: true, seen: map[string]int{}})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1].object {
				stack[len(stack)-1].key = true
			}
		}
	}
}

// lineCol is the 1-based line and column of byte offset off.
func lineCol(doc []byte, off int) (int, int) {
	off = min(max(off, 0), len(doc))
	before := doc[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	return line, off - bytes.LastIndexByte(before, '\n')
}

// root is the document's top-level value, with its offset.
func root(doc []byte) gjson.Result {
	start := len(doc) - len(bytes.TrimLeft(doc, " \t\r\n"))
	end := len(bytes.TrimRight(doc, " \t\r\n"))
	if start >= end {
		return gjson.Result{}
	}
	r := gjson.ParseBytes(doc[start:end])
	r.Index = start
	return r
}

// member is one element of an array, or one key and value of an object:
// the bytes [start, end) and, for an object, its key.
type member struct {
	key        string
	start, end int
	value      gjson.Result
}

// members lists c's elements or members, with offsets into doc. It fails
// when gjson's offsets do not point at the bytes they name (a document
// pickup cannot edit safely).
func members(doc []byte, c gjson.Result) ([]member, error) {
	if err := check(doc, c); err != nil {
		return nil, err
	}
	var out []member
	var bad error
	c.ForEach(func(k, v gjson.Result) bool {
		if bad = check(doc, v); bad != nil {
			return false
		}
		m := member{start: v.Index, end: v.Index + len(v.Raw), value: v}
		if c.IsObject() {
			if bad = check(doc, k); bad != nil {
				return false
			}
			m.key, m.start = k.String(), k.Index
		}
		out = append(out, m)
		return true
	})
	return out, bad
}

// check makes sure r's offset names r's bytes in doc.
func check(doc []byte, r gjson.Result) error {
	if r.Index < 0 || r.Index+len(r.Raw) > len(doc) || string(doc[r.Index:r.Index+len(r.Raw)]) != r.Raw || r.Raw == "" {
		return errors.New(words().Settings.Layout)
	}
	return nil
}

// insert adds value at the end of container c: as the member key of an
// object, or as the last element of an array (key "").
func insert(d *jdoc, c gjson.Result, key string, value any) error {
	doc := d.view
	ms, err := members(doc, c)
	if err != nil {
		return err
	}
	open, closing := c.Index, c.Index+len(c.Raw)-1
	multi := strings.Contains(c.Raw, "\n") || (len(ms) == 0 && indented(doc))
	unit := indentUnit(doc)
	indent := lineIndent(doc, open) + unit
	if len(ms) > 0 && multi {
		indent = lineIndent(doc, ms[len(ms)-1].start)
	}
	prefix := ""
	if multi {
		prefix = indent
	}
	body, err := marshalIndented(value, prefix, unit, multi)
	if err != nil {
		return err
	}
	if key != "" {
		k, _ := marshalNoEscape(key)
		colon := ":"
		if multi || strings.Contains(c.Raw, ": ") {
			colon = ": "
		}
		body = string(k) + colon + body
	}
	// A file with Windows line ends gets them in what is added too.
	nl := "\n"
	if bytes.Contains(doc, []byte("\r\n")) {
		nl = "\r\n"
		body = strings.ReplaceAll(body, "\n", nl)
	}
	switch {
	case len(ms) == 0 && multi:
		d.splice(open+1, closing, nl+indent+body+nl+lineIndent(doc, open))
	case len(ms) == 0:
		d.splice(open+1, closing, body)
	case multi:
		d.splice(ms[len(ms)-1].end, ms[len(ms)-1].end, ","+nl+indent+body)
	default:
		comma := ","
		if strings.Contains(c.Raw, ", ") {
			comma = ", "
		}
		d.splice(ms[len(ms)-1].end, ms[len(ms)-1].end, comma+body)
	}
	return nil
}

// remove takes out c's i-th element or member with the separator that
// joined it to its neighbour: the exact inverse of insert.
func remove(d *jdoc, c gjson.Result, i int) error {
	ms, err := members(d.view, c)
	if err != nil {
		return err
	}
	switch {
	case i < 0 || i >= len(ms):
		return errors.New(words().Settings.NoElement.F(i))
	case len(ms) == 1:
		d.splice(c.Index+1, c.Index+len(c.Raw)-1, "")
	case i == len(ms)-1:
		d.splice(ms[i-1].end, ms[i].end, "")
	default:
		d.splice(ms[i].start, ms[i+1].start, "")
	}
	return nil
}

// splice replaces [from, to) with s, in the view and in the file's own
// bytes alike (new slices).
func (d *jdoc) splice(from, to int, s string) {
	d.view = splice(d.view, from, to, s)
	if d.orig != nil {
		d.orig = splice(d.orig, from, to, s)
	}
}

// splice replaces doc[from:to] with s, in a new slice.
func splice(doc []byte, from, to int, s string) []byte {
	out := make([]byte, 0, len(doc)-(to-from)+len(s))
	out = append(out, doc[:from]...)
	out = append(out, s...)
	return append(out, doc[to:]...)
}

// marshalIndented renders v on several lines (each after the first
// starting with prefix, nested levels adding unit) or compact.
func marshalIndented(v any, prefix, unit string, multi bool) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if multi {
		enc.SetIndent(prefix, unit)
	}
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// lineIndent is the run of spaces and tabs that starts the line holding
// offset off.
func lineIndent(doc []byte, off int) string {
	start := bytes.LastIndexByte(doc[:off], '\n') + 1
	end := start
	for end < len(doc) && (doc[end] == ' ' || doc[end] == '\t') {
		end++
	}
	return string(doc[start:end])
}

// indented reports whether some line of doc starts with indentation.
func indented(doc []byte) bool { return firstIndent(doc) != "" }

// indentUnit is the document's indentation step: the indentation of its
// first indented line (a top-level member's), else two spaces.
func indentUnit(doc []byte) string {
	if u := firstIndent(doc); u != "" {
		return u
	}
	return "  "
}

func firstIndent(doc []byte) string {
	for _, line := range bytes.Split(doc, []byte("\n")) {
		trimmed := bytes.TrimLeft(line, " \t")
		if len(trimmed) > 0 && len(trimmed) < len(line) {
			return string(line[:len(line)-len(trimmed)])
		}
	}
	return ""
}
