package design

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"
	"unicode/utf8"

	"github.com/tidwall/gjson"
)

// Session files are validated by encoding/json and read with gjson, whose
// values keep their exact text (Result.Raw) and byte offset
// (Result.Index), so a write can change one value (a stage status,
// updated_at) and leave every other byte as the agent wrote it: key
// order, spacing, blank lines, unknown keys.
//
// Two things agents write that strict JSON rejects are read anyway and
// reported: a byte order mark and trailing commas ("a": 1,}). Before
// validation both are overwritten with spaces in a copy of the file, so
// every offset stays that of the file itself. Finding the trailing
// commas takes a pass over the file's tokens (lex, below): brackets,
// commas, colons, strings and other values, nothing more.

// parsed is a whole file read by parseJSON.
type parsed struct {
	data []byte       // the file as read
	root gjson.Result // root.Raw is the value alone, without the space around it
	// trailingCommas counts commas before a closing bracket (not JSON).
	trailingCommas int
	bom            bool
	duplicates     []string // "stage_status.3" for each repeated key
}

// jsonError is a syntax error with its position.
type jsonError struct {
	Line, Col int
	Msg       string
	// format and args are Msg before formatting, so in can say it in
	// another language (Text.Say's key).
	format string
	args   []any
}

func (e *jsonError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// in is Error in t's language.
func (e *jsonError) in(t *Text) string {
	args := make([]any, len(e.args))
	for i, a := range e.args {
		if w, ok := a.(word); ok {
			a = t.w(string(w))
		}
		args[i] = a
	}
	return t.f("line %d, column %d: %s", e.Line, e.Col, t.f(e.format, args...))
}

// word is an argument of a message that is itself English text
// ("end of the file", "object"), said in the message's language.
type word string

// maxDepth is how deep values may nest.
const maxDepth = 200

var bom = []byte("\xEF\xBB\xBF")

// parseJSON reads data leniently (see above) and returns its values or a
// located syntax error.
func parseJSON(data []byte) (*parsed, *jsonError) {
	p := &parsed{data: data}
	clean := bytes.Clone(data)
	if bytes.HasPrefix(clean, bom) {
		p.bom = true
		copy(clean, "   ")
	}
	l := lex(clean, len(clean))
	for _, at := range l.trailing {
		clean[at] = ' '
	}
	p.trailingCommas = len(l.trailing)

	// Unmarshal into a RawMessage fails only with a syntax error.
	var se *json.SyntaxError
	errors.As(json.Unmarshal(clean, new(json.RawMessage)), &se)
	switch {
	case l.deep >= 0 && (se == nil || l.deep < errorOffset(se)):
		return nil, errorAt(data, l.deep, "values are nested more than %d deep", maxDepth)
	case se != nil:
		return nil, syntaxError(data, clean, se, l)
	}
	p.root = gjson.ParseBytes(clean)
	p.root.Raw = strings.TrimRight(p.root.Raw, " \t\r\n")
	p.findDuplicates(p.root, "")
	return p, nil
}

// leniencyWarnings says what was read that JSON does not allow: a byte
// order mark, trailing commas.
func (p *parsed) leniencyWarnings(warn func(string, ...any), t *Text) {
	if p.bom {
		warn("the file starts with a byte order mark (U+FEFF), which JSON does not allow: read anyway")
	}
	if p.trailingCommas > 0 {
		warn("the file has %s, which JSON does not allow: read anyway", t.count(p.trailingCommas, "trailing comma", "trailing commas"))
	}
}

// findDuplicates records the keys repeated in an object, inner ones
// first, in file order.
func (p *parsed) findDuplicates(v gjson.Result, path string) {
	switch {
	case v.IsObject():
		seen := map[string]bool{}
		for key, val := range members(v) {
			p.findDuplicates(val, join(path, key))
			if seen[key] {
				p.duplicates = append(p.duplicates, join(path, key))
			}
			seen[key] = true
		}
	case v.IsArray():
		for i, it := range v.Array() {
			p.findDuplicates(it, fmt.Sprintf("%s[%d]", path, i))
		}
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// line is the line a value starts on.
func (p *parsed) line(v gjson.Result) int {
	return bytes.Count(p.data[:v.Index], []byte("\n")) + 1
}

// ---- values ----

// members are an object's keys and values in file order, repeated keys
// included; nothing for anything else.
func members(obj gjson.Result) iter.Seq2[string, gjson.Result] {
	return func(yield func(string, gjson.Result) bool) {
		if !obj.IsObject() {
			return
		}
		obj.ForEach(func(k, v gjson.Result) bool { return yield(decoded(k), v) })
	}
}

// hasMembers reports an object with at least one key.
func hasMembers(obj gjson.Result) bool {
	for range members(obj) {
		return true
	}
	return false
}

// items are a list's values; nothing for anything else.
func items(list gjson.Result) []gjson.Result {
	if !list.IsArray() {
		return nil
	}
	return list.Array()
}

// get returns key's value in an object (the last one when the key is
// repeated, as encoding/json reads it). The result does not exist when
// obj is not an object or has no such key.
func get(obj gjson.Result, key string) gjson.Result {
	var out gjson.Result
	for k, v := range members(obj) {
		if k == key {
			out = v
		}
	}
	return out
}

// isNull reports a missing value or a JSON null.
func isNull(v gjson.Result) bool { return !v.Exists() || v.Type == gjson.Null }

// str is a string's value, a number's literal, or "".
func str(v gjson.Result) string {
	switch v.Type {
	case gjson.String:
		return decoded(v)
	case gjson.Number:
		return v.Raw
	}
	return ""
}

// decoded is a string's value (or a key's) as encoding/json decodes it.
// gjson's decoding is the same except around \u escapes of lone UTF-16
// surrogates and bytes that are not UTF-8 (encoding/json puts U+FFFD for
// each), so strings with either are decoded by encoding/json.
func decoded(v gjson.Result) string {
	if !strings.Contains(v.Raw, `\u`) && utf8.ValidString(v.Raw) {
		return v.Str
	}
	var s string
	if json.Unmarshal([]byte(v.Raw), &s) != nil {
		return v.Str
	}
	return s
}

// kindOf names a value's kind for messages.
func kindOf(v gjson.Result) string {
	switch {
	case v.Type == gjson.Null:
		return "null"
	case v.Type == gjson.True || v.Type == gjson.False:
		return "a boolean"
	case v.Type == gjson.Number:
		return "a number"
	case v.Type == gjson.String:
		return "a string"
	case v.IsArray():
		return "a list"
	}
	return "an object"
}

// ---- the token pass ----

// lexed is what a pass over the tokens before a stop point found.
type lexed struct {
	trailing []int // commas right before a closing bracket
	deep     int   // the first bracket nested more than maxDepth deep, or -1
	open     []int // the brackets not closed at the stop point
	// last are the offsets of the last three tokens, newest first (-1:
	// none). A token is a bracket, a comma, a colon, a string, or any
	// other value (a number, true, a misspelt word).
	last     [3]int
	inString int // the opening quote of a string the stop point is in, or -1
}

// lex passes over data[:stop]. Strings are skipped as JSON reads them: a
// backslash escapes the next byte.
func lex(data []byte, stop int) lexed {
	l := lexed{deep: -1, inString: -1, last: [3]int{-1, -1, -1}}
	for i := 0; i < stop; i++ {
		at := i
		switch c := data[i]; c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			end := stringEnd(data, i)
			if end < 0 || end > stop {
				l.inString = i
				return l
			}
			i = end - 1
		case '[', '{':
			l.open = append(l.open, i)
			if len(l.open) > maxDepth && l.deep < 0 {
				l.deep = i
			}
		case ']', '}':
			if l.trailingComma(data, c) {
				l.trailing = append(l.trailing, l.last[0])
			}
			if len(l.open) > 0 {
				l.open = l.open[:len(l.open)-1]
			}
		case ',', ':':
		default:
			for i+1 < stop && !isDelim(data[i+1]) {
				i++
			}
		}
		l.last = [3]int{at, l.last[0], l.last[1]}
	}
	return l
}

// trailingComma reports whether the closing bracket c ends a list after
// a value and a comma, or an object after a member's value and a comma.
// Anything else before the bracket is left for encoding/json to reject.
func (l *lexed) trailingComma(data []byte, c byte) bool {
	if l.last[0] < 0 || data[l.last[0]] != ',' || l.last[1] < 0 || len(l.open) == 0 {
		return false
	}
	before := data[l.last[1]]
	container := data[l.open[len(l.open)-1]]
	switch {
	case before == '}' || before == ']':
		return c == container+2 // '[' and ']', '{' and '}' are two apart
	case isDelim(before) && before != '"':
		return false // a comma, a colon or an opening bracket
	case container == '[':
		return c == ']'
	}
	// In an object a string or value is a member's value only after a colon.
	return c == '}' && l.last[2] >= 0 && data[l.last[2]] == ':'
}

func isDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ':', '[', ']', '{', '}', '"':
		return true
	}
	return false
}

// stringEnd is the offset after the string that opens at data[i], or -1
// when it is not closed.
func stringEnd(data []byte, i int) int {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// ---- syntax errors ----

// errorOffset is where encoding/json found the error: the offending byte,
// or the end of the file.
func errorOffset(se *json.SyntaxError) int {
	if strings.HasPrefix(se.Error(), "unexpected end") {
		return int(se.Offset)
	}
	return int(se.Offset) - 1 // Offset counts the offending byte
}

// syntaxError says what encoding/json found wrong in clean (data with its
// leniencies blanked) in the words of a reader walking the file: where
// the problem is, and what was expected there. end is the token pass
// over the whole file.
func syntaxError(data, clean []byte, se *json.SyntaxError, end lexed) *jsonError {
	at := errorOffset(se)
	msg := se.Error()
	unexpected := func(expected string, args ...any) *jsonError {
		return errorAt(data, at, "unexpected %s: "+expected, append([]any{describeAt(data, at)}, args...)...)
	}
	switch {
	case strings.HasPrefix(msg, "unexpected end"):
		return endError(data, end)
	case strings.HasSuffix(msg, "looking for beginning of value"):
		return unexpected("a value was expected")
	case strings.HasSuffix(msg, "looking for beginning of object key string"):
		return unexpected("a quoted key was expected")
	case strings.HasSuffix(msg, "after object key:value pair"):
		return unexpected("a comma or } was expected")
	case strings.HasSuffix(msg, "after array element"):
		return unexpected("a comma or ] was expected")
	case strings.HasSuffix(msg, "after object key"):
		key := lex(clean, at).last[0]
		return unexpected("a colon was expected after the key %q", stringAt(data, key))
	case strings.HasSuffix(msg, "after top-level value"):
		return errorAt(data, at, "unexpected text after the end of the JSON value")
	case strings.HasSuffix(msg, "in string literal"):
		return errorAt(data, at, "a string cannot hold a raw control character (a line break inside quotes?)")
	case strings.Contains(msg, " escape"):
		// A bad escape. A line break or the end of the file before the
		// string closes is named first: that is what went wrong.
		start := lex(clean, at).inString
		for j := start + 1; j < len(data); j++ {
			switch c := data[j]; {
			case c == '\\':
				j++
			case c == '"':
				return errorAt(data, start, "invalid string: %s", msg)
			case c < 0x20:
				return errorAt(data, j, "a string cannot hold a raw control character (a line break inside quotes?)")
			}
		}
		return errorAt(data, start, "unexpected end of the file: the string is not closed")
	}
	// A number or a word (true, false, null) that goes wrong part way:
	// named from its first byte.
	start := at
	for start > 0 && !isDelim(clean[start-1]) {
		start--
	}
	if strings.Contains(msg, "numeric literal") {
		return errorAt(data, start, "invalid number")
	}
	at = start
	return unexpected("a value was expected")
}

// endError is an unexpected end of the file: what was still open.
func endError(data []byte, l lexed) *jsonError {
	eof := len(data)
	last := l.last[0]
	switch {
	case l.inString >= 0:
		return errorAt(data, l.inString, "unexpected end of the file: the string is not closed")
	case last < 0:
		return errorAt(data, eof, "the file is empty")
	case data[last] == ':':
		return errorAt(data, eof, "unexpected end of the file: a value is missing")
	case len(l.open) == 0:
		return errorAt(data, eof, "unexpected end of the file") // not expected: a whole top-level value is complete
	}
	open := l.open[len(l.open)-1]
	if data[open] == '{' && data[last] == '"' && (l.last[1] == open || data[l.last[1]] == ',') {
		return errorAt(data, eof, "unexpected end of the file: a colon was expected after the key %q", stringAt(data, last))
	}
	what := word(map[byte]string{'{': "object", '[': "list"}[data[open]])
	return errorAt(data, eof, "unexpected end of the file: the %s opened on line %d is not closed", what, bytes.Count(data[:open], []byte("\n"))+1)
}

// stringAt decodes the string that opens at data[i].
func stringAt(data []byte, i int) string {
	var s string
	if end := stringEnd(data, i); end > 0 {
		_ = json.Unmarshal(data[i:end], &s)
	}
	return s
}

// describeAt names the character at data[off] for a message.
func describeAt(data []byte, off int) any {
	if off >= len(data) {
		return word("end of the file")
	}
	r, _ := utf8.DecodeRune(data[off:])
	return fmt.Sprintf("%q", r)
}

// errorAt is a message at byte offset off, as a line and a column (in
// characters, from 1).
func errorAt(data []byte, off int, format string, args ...any) *jsonError {
	off = min(off, len(data))
	line, col := 1, 1
	for i := 0; i < off; {
		r, n := utf8.DecodeRune(data[i:])
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += n
	}
	plain := make([]any, len(args))
	for i, a := range args {
		if w, ok := a.(word); ok {
			a = string(w)
		}
		plain[i] = a
	}
	return &jsonError{Line: line, Col: col, Msg: fmt.Sprintf(format, plain...), format: format, args: args}
}
