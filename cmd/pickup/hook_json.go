package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/tidwall/gjson"
)

// An agent's settings file is the person's: pickup edits it by splicing
// bytes at the offsets gjson reports, so key order, spacing, number
// spelling and every value pickup does not touch stay byte for byte. A
// value pickup adds is indented like its new neighbours (the document's
// indent unit, or compact on one line when the container is on one
// line). Removing what pickup added gives back the bytes from before.

// jsonProblem says why a settings file cannot be edited: not JSON (with
// the line and column), or JSON of an unexpected shape. Nothing is
// written.
func jsonProblem(doc []byte) error {
	var v any
	err := json.Unmarshal(doc, &v)
	var syn *json.SyntaxError
	switch {
	case errors.As(err, &syn):
		line, col := lineCol(doc, int(syn.Offset))
		return fmt.Errorf("is not valid JSON: %v (line %d, column %d)", syn, line, col)
	case err != nil:
		return fmt.Errorf("is not valid JSON: %v", err)
	}
	if _, ok := v.(map[string]any); !ok {
		return errors.New("is valid JSON but not an object")
	}
	return nil
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
		return errors.New("has a layout pickup cannot edit in place")
	}
	return nil
}

// insert adds value at the end of container c: as the member key of an
// object, or as the last element of an array (key "").
func insert(doc []byte, c gjson.Result, key string, value any) ([]byte, error) {
	ms, err := members(doc, c)
	if err != nil {
		return nil, err
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
		return nil, err
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
	var out []byte
	switch {
	case len(ms) == 0 && multi:
		out = splice(doc, open+1, closing, nl+indent+body+nl+lineIndent(doc, open))
	case len(ms) == 0:
		out = splice(doc, open+1, closing, body)
	case multi:
		out = splice(doc, ms[len(ms)-1].end, ms[len(ms)-1].end, ","+nl+indent+body)
	default:
		comma := ","
		if strings.Contains(c.Raw, ", ") {
			comma = ", "
		}
		out = splice(doc, ms[len(ms)-1].end, ms[len(ms)-1].end, comma+body)
	}
	return out, nil
}

// remove takes out c's i-th element or member with the separator that
// joined it to its neighbour: the exact inverse of insert.
func remove(doc []byte, c gjson.Result, i int) ([]byte, error) {
	ms, err := members(doc, c)
	if err != nil {
		return nil, err
	}
	switch {
	case i < 0 || i >= len(ms):
		return nil, fmt.Errorf("no element %d to remove", i)
	case len(ms) == 1:
		return splice(doc, c.Index+1, c.Index+len(c.Raw)-1, ""), nil
	case i == len(ms)-1:
		return splice(doc, ms[i-1].end, ms[i].end, ""), nil
	}
	return splice(doc, ms[i].start, ms[i+1].start, ""), nil
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
