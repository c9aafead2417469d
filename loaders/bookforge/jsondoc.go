package bookforge

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/pickup-dev/pickup/internal/jsondoc"
	"github.com/pickup-dev/pickup/internal/textin"
	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"
)

// JSON files are read by the shared reader (internal/jsondoc): values
// keep their exact text (Raw: 5.0 stays 5.0, "\u00e9" stays escaped) and
// byte offset (Index), keys their file order. A ledger is edited in
// place (a prompt change recorded, entries moved out by --rerun-from),
// so only the edited bytes change and the rest of the file stays byte
// for byte. bookforge's files are read as Python's json module reads
// them: no trailing commas, strings in UTF-8, a repeated key's last
// value counts (jsondoc.Get, not gjson's paths, which find the first).
// Syntax errors are worded as bookforge's users have read them: from
// encoding/json's words (plainSyntax), at a line.

// maxDepth is how deeply values may nest.
const maxDepth = 200

// readOptions are bookforge's: strict UTF-8, values at most maxDepth
// deep.
var readOptions = jsondoc.Options{StrictUTF8: true, MaxValueDepth: maxDepth}

// jsonError is a syntax error at a line of the file.
type jsonError struct {
	Line int
	Msg  string // in English
	// key names the message in Text.Syntax, arg the character it puts
	// in: a catalog says it in its language (Text.jsonErr).
	key, arg string
}

func (e *jsonError) Error() string { return fmt.Sprintf("invalid JSON at line %d: %s", e.Line, e.Msg) }

// syntaxErr is the error key says (a key of Text.Syntax) at line, arg
// put in; a key English has not is the message itself (arg).
func syntaxErr(line int, key, arg string) *jsonError {
	msg := arg
	if m, ok := english.Syntax[key]; ok {
		msg = m.F(arg)
	}
	return &jsonError{Line: line, Msg: msg, key: key, arg: arg}
}

// parseJSON reads one JSON document (after a byte order mark; a UTF-16
// file decoded) and the keys repeated within an object, with their
// lines. Offsets in the result are relative to data without its byte
// order mark.
func parseJSON(data []byte) (gjson.Result, []repeat, error) {
	body := textin.ForReading(data) // a UTF-16 file is read in UTF-8
	d, err := jsondoc.Read(body, readOptions)
	if err != nil {
		return gjson.Result{}, nil, worded(body, err)
	}
	dups := make([]repeat, len(d.Repeats))
	for i, r := range d.Repeats {
		dups[i] = repeat{Key: r.Key, Line: r.Line}
	}
	return d.Root, dups, nil
}

// worded is the reader's error in bookforge's words.
func worded(body []byte, e *jsondoc.Error) *jsonError {
	switch e.Kind {
	case jsondoc.KindEmpty:
		return syntaxErr(e.Line, "Empty", "")
	case jsondoc.KindUTF8:
		return syntaxErr(e.Line, "NotUTF8", "")
	case jsondoc.KindDepth:
		return syntaxErr(e.Line, "TooDeep", strconv.Itoa(maxDepth))
	}
	line := jsondoc.LineAt(body, e.ScanOffset)
	if !strings.HasPrefix(e.Scanner, "unexpected end") {
		key, arg := plainSyntax(e.Scanner, false)
		return syntaxErr(line, key, arg)
	}
	// The file ends too early: what encoding/json was looking for.
	key, arg := "EndOfFile", ""
	if e.AtEnd != "" {
		key, arg = plainSyntax(e.AtEnd, true)
	}
	return syntaxErr(line, key, arg)
}

// syntaxWords rewords encoding/json's syntax errors ("invalid character
// '}' looking for beginning of object key string"): by what the scanner
// was in, what to say (a key of Text.Syntax, whose {what} is the
// character), and what to say when the file ended there.
var syntaxWords = []struct{ in, say, atEnd string }{
	{"looking for beginning of object key string", "QuotedKey", "QuotedKey"},
	{"after object key:value pair", "AfterValue", "EndInObject"},
	{"after object key", "AfterKey", "EndInObject"},
	{"after array element", "InArray", "EndInArray"},
	{"after top-level value", "AfterDocument", ""},
	{"looking for beginning of value", "Unexpected", "EndOfFile"},
	{"in string literal", "ControlChar", "StringNotClosed"},
	{"escape", "BadEscape", "StringNotClosed"},
	{"numeric literal", "BadNumber", "EndOfFile"},
	{"in literal", "BadLiteral", "EndOfFile"},
	{"exceeded max depth", "TooDeep", ""},
}

// plainSyntax is the key of encoding/json's message msg, and the
// character it names; a message it does not know is said as it is (no
// key, msg as the argument).
func plainSyntax(msg string, atEnd bool) (string, string) {
	for _, w := range syntaxWords {
		i := strings.Index(msg, w.in)
		if i < 0 {
			continue
		}
		switch {
		case atEnd:
			return or(w.atEnd, "EndOfFile"), ""
		case w.say == "TooDeep":
			return w.say, strconv.Itoa(maxDepth)
		}
		return w.say, strings.TrimSpace(strings.TrimPrefix(msg[:i], "invalid character "))
	}
	return "", msg
}

// repeat is a key repeated within an object, and the line of a
// repeat.
type repeat struct {
	Key  string
	Line int
}

// field is an object's value for key: the last one when the key is
// repeated; a Result that does not exist when there is none.
func field(obj gjson.Result, key string) gjson.Result { return jsondoc.Get(obj, key) }

// count is how many times key appears in obj.
func count(obj gjson.Result, key string) int { return jsondoc.Count(obj, key) }

// text is a scalar as a string: a string's value, a number's or a
// boolean's text; "" for null, objects, arrays and missing values.
func text(v gjson.Result) string {
	switch v.Type {
	case gjson.String:
		return v.Str
	case gjson.Number, gjson.True, gjson.False:
		return v.Raw
	}
	return ""
}

// kind names a value's type for warnings in t's language (JSON's null
// is said as JSON writes it).
func (t *Text) kind(v gjson.Result) string {
	switch {
	case v.IsObject():
		return t.KindObject
	case v.IsArray():
		return t.KindArray
	case v.Type == gjson.String:
		return t.KindString
	case v.Type == gjson.Number:
		return t.KindNumber
	case v.Type == gjson.True, v.Type == gjson.False:
		return t.KindBool
	}
	return "null"
}

// compact renders a value on one line with Python's separators, for
// display (pause details): a string is its value.
func compact(v gjson.Result) string {
	switch {
	case !v.Exists():
		return ""
	case v.Type == gjson.String:
		return v.Str
	case v.Type != gjson.JSON:
		return v.Raw
	}
	// With an empty indent every element starts a line, and the only
	// newlines are those: strings keep theirs escaped.
	var b bytes.Buffer
	if err := json.Indent(&b, []byte(v.Raw), "", ""); err != nil {
		return v.Raw
	}
	return strings.ReplaceAll(strings.ReplaceAll(b.String(), ",\n", ", "), "\n", "")
}

// pyString quotes s the way Python's json.dumps does with its default
// ensure_ascii=True, as bookforge writes its files: encoding/json's
// escapes, and every character past ASCII as \uXXXX (surrogate pairs
// beyond the BMP).
func pyString(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	var b strings.Builder
	for _, r := range strings.TrimSuffix(buf.String(), "\n") {
		if r < 0x7f {
			b.WriteRune(r)
			continue
		}
		for _, u := range utf16.Encode([]rune{r}) {
			fmt.Fprintf(&b, `\u%04x`, u)
		}
	}
	return b.String()
}

// Writing.

// splice replaces the value v (found in body) with raw.
func splice(body []byte, v gjson.Result, raw []byte) []byte {
	out := make([]byte, 0, len(body)-len(v.Raw)+len(raw))
	out = append(out, body[:v.Index]...)
	out = append(out, raw...)
	return append(out, body[v.Index+len(v.Raw):]...)
}

// setMember sets key to raw in the object obj (its text). A key that is
// there is replaced in place (its earlier repeats dropped, so the value
// read is the one set); a new key goes after the last member, on a line
// of its own indented like that member, or after ", " in a one-line
// object.
func setMember(obj []byte, key, raw string, tx *Text) ([]byte, error) {
	path := gjson.Escape(key)
	for count(gjson.ParseBytes(obj), key) > 1 {
		out, err := sjson.DeleteBytes(obj, path)
		if err != nil || bytes.Equal(out, obj) {
			return nil, errors.New(textOr(tx).CannotDropRepeats.F(strconv.Quote(key)))
		}
		obj = out
	}
	o := gjson.ParseBytes(obj)
	if count(o, key) == 1 {
		return sjson.SetRawBytes(obj, path, []byte(raw))
	}
	var lastKey, last gjson.Result
	o.ForEach(func(k, v gjson.Result) bool {
		lastKey, last = k, v
		return true
	})
	// After the last member, or inside an empty object's braces.
	sep, end := "", bytes.IndexByte(obj, '{')+1
	if last.Exists() {
		ws := obj[len(bytes.TrimRight(obj[:lastKey.Index], " \t\r\n")):lastKey.Index]
		sep, end = ", ", last.Index+len(last.Raw)
		if bytes.Contains(ws, []byte("\n")) {
			sep = "," + string(ws)
		}
	}
	out := append([]byte(nil), obj[:end]...)
	out = append(out, sep+pyString(key)+": "+raw...)
	return append(out, obj[end:]...), nil
}

// newDoc builds a one-line object from key and raw value pairs, in
// order.
func newDoc(tx *Text, pairs ...string) ([]byte, error) {
	doc := []byte("{}")
	for i := 0; i+1 < len(pairs); i += 2 {
		out, err := sjson.SetRawBytes(doc, gjson.Escape(pairs[i]), []byte(pairs[i+1]))
		if err != nil {
			return nil, fmt.Errorf("bookforge: %s: %w", textOr(tx).BuildingJSON, err)
		}
		doc = out
	}
	return doc, nil
}

// layOut lays out a document as Python's json.dumps(indent=...) does,
// keeping every scalar's text, followed by trail.
func layOut(tx *Text, doc []byte, indent, trail string) ([]byte, error) {
	var b bytes.Buffer
	if err := json.Indent(&b, doc, "", indent); err != nil {
		return nil, fmt.Errorf("bookforge: %s: %w", textOr(tx).LayingOutJSON, err)
	}
	b.WriteString(trail)
	return b.Bytes(), nil
}

// indentOf is the indent unit of a pretty-printed file: the leading white
// space of its first indented line (Python's json.dumps(indent=2) gives
// two spaces), or "" for a one-line file.
func indentOf(data []byte) string {
	lines := strings.Split(strings.TrimLeft(string(data), " \t\r\n\ufeff"), "\n")
	for _, line := range lines[1:] {
		line = strings.TrimRight(line, "\r")
		if rest := strings.TrimLeft(line, " \t"); rest != line && strings.TrimSpace(line) != "" {
			return line[:len(line)-len(rest)]
		}
	}
	return ""
}

// trailOf is the white space after a file's document.
func trailOf(data []byte) string {
	return string(data[len(bytes.TrimRight(data, " \t\r\n")):])
}
