// Package jsondoc is pickup's one JSON reader for the files agents and
// tools write: it validates a document with encoding/json, reads it with
// gjson, whose values keep their exact text (Result.Raw) and byte offset
// (Result.Index), so a writer can change one value and leave every other
// byte as it was (key order, spacing, unknown keys), and it reports what
// is wrong with a file at its line and column.
//
// It reads leniently what Options allow: a UTF-8 byte order mark (always;
// Doc.BOM says there was one) and trailing commas ("a": 1,}). Both are
// overwritten with spaces in a copy before validation, so every offset
// is that of the data given. Finding the trailing commas takes a pass
// over the file's tokens (lex): brackets, commas, colons, strings and
// other values, nothing more.
//
// A key repeated in one object is read as encoding/json and Python's
// json module read it: the last one counts (Get); Doc.Repeats lists them.
package jsondoc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"
	"unicode/utf8"

	"github.com/tidwall/gjson"

	"github.com/pickup-dev/pickup/internal/textin"
)

// Options are a reader's leniencies and limits.
type Options struct {
	// TrailingCommas reads commas right before a closing bracket, which
	// JSON does not allow (Doc.TrailingCommas counts them); without it
	// they are syntax errors.
	TrailingCommas bool
	// StrictUTF8 makes bytes that are not UTF-8 an error (encoding/json
	// reads each as U+FFFD); the first fault in the file is reported.
	StrictUTF8 bool
	// MaxDepth refuses a bracket opened inside MaxDepth others, found by
	// the token pass before the syntax is checked (0: no limit).
	MaxDepth int
	// MaxValueDepth refuses, once the syntax is valid, a value nested
	// inside more than MaxValueDepth containers (0: no limit).
	MaxValueDepth int
}

// Doc is a document read by Read.
type Doc struct {
	// Data is the file as given.
	Data []byte
	// Root is the top value; Root.Raw is the value alone, without the
	// space around it. Offsets (Index) are into Data.
	Root gjson.Result
	// BOM reports a UTF-8 byte order mark at the start of Data.
	BOM bool
	// TrailingCommas counts the commas read before a closing bracket.
	TrailingCommas int
	// Repeats are the keys repeated within an object, in file order (a
	// key before the repeats inside its value).
	Repeats []Repeat
}

// Repeat is a key met again in the same object.
type Repeat struct {
	Path string // "stage_status.3": the keys and [indexes] down to it
	Key  string
	Line int // the repeat's line
	// Offset is the repeat's key's offset; End the end of its value.
	Offset, End int
}

// Line is the line a value starts on.
func (d *Doc) Line(v gjson.Result) int { return LineAt(d.Data, v.Index) }

// LineAt is the line of byte offset off in data (from 1).
func LineAt(data []byte, off int) int {
	return 1 + bytes.Count(data[:min(max(off, 0), len(data))], []byte("\n"))
}

// Read reads data as opt allows, or says where and why it cannot.
func Read(data []byte, opt Options) (*Doc, *Error) {
	d := &Doc{Data: data}
	clean := bytes.Clone(data)
	if bytes.HasPrefix(clean, textin.BOM) {
		d.BOM = true
		copy(clean, "   ")
	}
	l := lex(clean, len(clean), opt.MaxDepth)
	if opt.TrailingCommas {
		for _, at := range l.trailing {
			clean[at] = ' '
		}
		d.TrailingCommas = len(l.trailing)
	}

	// Unmarshal into a RawMessage fails only with a syntax error.
	var se *json.SyntaxError
	errors.As(json.Unmarshal(clean, new(json.RawMessage)), &se)
	bad := len(data) + 1 // the first byte that is not UTF-8
	if opt.StrictUTF8 && se == nil || opt.StrictUTF8 && !utf8.Valid(clean) {
		bad = firstInvalid(clean)
	}
	switch {
	case l.deep >= 0 && (se == nil || l.deep < errorOffset(se)):
		return nil, errorAt(data, l.deep, KindDepth, CodeTooDeep, "values are nested more than %d deep", opt.MaxDepth)
	case se != nil && errorOffset(se) <= bad:
		return nil, syntaxError(data, clean, se, lex(clean, len(clean), 0))
	case bad <= len(data):
		return nil, errorAt(data, bad, KindUTF8, CodeNotUTF8, "a string is not valid UTF-8")
	}
	d.Root = gjson.ParseBytes(clean)
	d.Root.Raw = strings.TrimRight(d.Root.Raw, " \t\r\n")
	if err := d.walk(d.Root, "", 0, opt.MaxValueDepth); err != nil {
		return nil, err
	}
	return d, nil
}

// firstInvalid is the offset of the first byte of data that is not
// UTF-8, or len(data)+1.
func firstInvalid(data []byte) int {
	for off := 0; off < len(data); {
		r, n := utf8.DecodeRune(data[off:])
		if r == utf8.RuneError && n == 1 {
			return off
		}
		off += n
	}
	return len(data) + 1
}

// walk records the repeated keys and refuses values nested deeper than
// limit (0: none).
func (d *Doc) walk(v gjson.Result, path string, depth, limit int) *Error {
	if limit > 0 && depth > limit {
		return errorAt(d.Data, v.Index, KindDepth, CodeTooDeep, "values are nested more than %d deep", limit)
	}
	switch {
	case v.IsObject():
		seen := map[string]bool{}
		var err *Error
		v.ForEach(func(k, val gjson.Result) bool {
			key := Decoded(k)
			if seen[key] {
				d.Repeats = append(d.Repeats, Repeat{Path: join(path, key), Key: key, Line: LineAt(d.Data, k.Index), Offset: k.Index, End: val.Index + len(val.Raw)})
			}
			seen[key] = true
			err = d.walk(val, join(path, key), depth+1, limit)
			return err == nil
		})
		return err
	case v.IsArray():
		i := 0
		var err *Error
		v.ForEach(func(_, val gjson.Result) bool {
			err = d.walk(val, fmt.Sprintf("%s[%d]", path, i), depth+1, limit)
			i++
			return err == nil
		})
		return err
	}
	return nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// ---- values ----

// Members are an object's keys and values in file order, repeated keys
// included; nothing for anything else.
func Members(obj gjson.Result) iter.Seq2[string, gjson.Result] {
	return func(yield func(string, gjson.Result) bool) {
		if !obj.IsObject() {
			return
		}
		obj.ForEach(func(k, v gjson.Result) bool { return yield(Decoded(k), v) })
	}
}

// Get is key's value in an object: the last one when the key is
// repeated, as encoding/json reads it. It does not exist when obj is not
// an object or has no such key.
func Get(obj gjson.Result, key string) gjson.Result {
	var out gjson.Result
	for k, v := range Members(obj) {
		if k == key {
			out = v
		}
	}
	return out
}

// Count is how many times key appears in obj.
func Count(obj gjson.Result, key string) int {
	n := 0
	for k := range Members(obj) {
		if k == key {
			n++
		}
	}
	return n
}

// Items are a list's values; nothing for anything else.
func Items(list gjson.Result) []gjson.Result {
	if !list.IsArray() {
		return nil
	}
	return list.Array()
}

// Decoded is a string's value (or a key's) as encoding/json decodes it.
// gjson's decoding is the same except around \u escapes of lone UTF-16
// surrogates and bytes that are not UTF-8 (encoding/json puts U+FFFD for
// each), so strings with either are decoded by encoding/json.
func Decoded(v gjson.Result) string {
	if !strings.Contains(v.Raw, `\u`) && utf8.ValidString(v.Raw) {
		return v.Str
	}
	var s string
	if json.Unmarshal([]byte(v.Raw), &s) != nil {
		return v.Str
	}
	return s
}
