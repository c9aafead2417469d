package jsondoc

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Kind is what is wrong with a file.
type Kind int

// The kinds of fault.
const (
	KindSyntax Kind = iota // not JSON
	KindEmpty              // nothing but white space
	KindDepth              // nested deeper than the reader's limit
	KindUTF8               // bytes that are not UTF-8 (Options.StrictUTF8)
)

// Error is what is wrong with a file, and where.
type Error struct {
	Kind Kind
	// Line and Col locate the fault (from 1; Col counts characters).
	Line, Col int
	Offset    int
	// Code names the fault, for a caller that says it in its own words
	// (a message per code). Format and Args are the fault in English; an
	// argument of type Word is one of the Word constants, which a caller
	// may say in another language.
	Code   Code
	Format string
	Args   []any
	// Scanner is a syntax error as encoding/json words it ("invalid
	// character '}' looking for beginning of object key string"), for a
	// format that words its errors from it; ScanOffset is where
	// encoding/json found it (the end of the file for an unexpected end,
	// and then AtEnd is encoding/json's words once a stray byte is added
	// at the end: what it was looking for).
	Scanner    string
	ScanOffset int
	AtEnd      string
}

// Word is an argument of a message that is itself English text: one of
// the constants below.
type Word string

// The words a fault puts in its message.
const (
	WordEndOfFile Word = "end of the file" // what was found instead of a character
	WordObject    Word = "object"          // what is not closed
	WordList      Word = "list"
)

// Code names a fault (Error.Code): each has its own English Format.
type Code int

// The faults.
const (
	CodeNone            Code = iota
	CodeTooDeep              // values are nested more than {depth} deep
	CodeNotUTF8              // a string is not valid UTF-8
	CodeValueExpected        // unexpected {what}: a value was expected
	CodeKeyExpected          // unexpected {what}: a quoted key was expected
	CodeInObject             // unexpected {what}: a comma or } was expected
	CodeInList               // unexpected {what}: a comma or ] was expected
	CodeColonExpected        // unexpected {what}: a colon was expected after the key {key}
	CodeAfterValue           // unexpected text after the end of the JSON value
	CodeControlChar          // a string cannot hold a raw control character
	CodeInvalidString        // invalid string: {error}
	CodeStringNotClosed      // unexpected end of the file: the string is not closed
	CodeInvalidNumber        // invalid number
	CodeEmpty                // the file is empty
	CodeEndValueMissing      // unexpected end of the file: a value is missing
	CodeEnd                  // unexpected end of the file
	CodeEndColon             // unexpected end of the file: a colon was expected after the key {key}
	CodeEndNotClosed         // unexpected end of the file: the {what} opened on line {line} is not closed
)

// Msg is the fault in English.
func (e *Error) Msg() string {
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		if w, ok := a.(Word); ok {
			a = string(w)
		}
		args[i] = a
	}
	return fmt.Sprintf(e.Format, args...)
}

func (e *Error) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg())
}

// ---- the token pass ----

// lexed is what a pass over the tokens before a stop point found.
type lexed struct {
	trailing []int // commas right before a closing bracket
	deep     int   // the first bracket nested more than the limit, or -1
	open     []int // the brackets not closed at the stop point
	// last are the offsets of the last three tokens, newest first (-1:
	// none). A token is a bracket, a comma, a colon, a string, or any
	// other value (a number, true, a misspelt word).
	last     [3]int
	inString int // the opening quote of a string the stop point is in, or -1
}

// lex passes over data[:stop]. Strings are skipped as JSON reads them: a
// backslash escapes the next byte. A bracket opened inside maxDepth
// others is deep (0: no limit).
func lex(data []byte, stop, maxDepth int) lexed {
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
			if maxDepth > 0 && len(l.open) > maxDepth && l.deep < 0 {
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
func syntaxError(data, clean []byte, se *json.SyntaxError, end lexed) *Error {
	e := readerError(data, clean, se, end)
	e.Scanner, e.ScanOffset = se.Error(), errorOffset(se)
	if strings.HasPrefix(e.Scanner, "unexpected end") {
		// A byte that fits nowhere, added at the end, makes
		// encoding/json say what it was looking for.
		var more *json.SyntaxError
		if errors.As(json.Unmarshal(append(clean[:len(clean):len(clean)], 0), new(json.RawMessage)), &more) {
			e.AtEnd = more.Error()
		}
	}
	return e
}

func readerError(data, clean []byte, se *json.SyntaxError, end lexed) *Error {
	at := errorOffset(se)
	msg := se.Error()
	unexpected := func(code Code, expected string, args ...any) *Error {
		return errorAt(data, at, KindSyntax, code, "unexpected %s: "+expected, append([]any{describeAt(data, at)}, args...)...)
	}
	switch {
	case strings.HasPrefix(msg, "unexpected end"):
		return endError(data, end)
	case strings.HasSuffix(msg, "looking for beginning of value"):
		return unexpected(CodeValueExpected, "a value was expected")
	case strings.HasSuffix(msg, "looking for beginning of object key string"):
		return unexpected(CodeKeyExpected, "a quoted key was expected")
	case strings.HasSuffix(msg, "after object key:value pair"):
		return unexpected(CodeInObject, "a comma or } was expected")
	case strings.HasSuffix(msg, "after array element"):
		return unexpected(CodeInList, "a comma or ] was expected")
	case strings.HasSuffix(msg, "after object key"):
		key := lex(clean, at, 0).last[0]
		return unexpected(CodeColonExpected, "a colon was expected after the key %q", stringAt(data, key))
	case strings.HasSuffix(msg, "after top-level value"):
		return errorAt(data, at, KindSyntax, CodeAfterValue, "unexpected text after the end of the JSON value")
	case strings.HasSuffix(msg, "in string literal"):
		return errorAt(data, at, KindSyntax, CodeControlChar, "a string cannot hold a raw control character (a line break inside quotes?)")
	case strings.Contains(msg, " escape"):
		// A bad escape. A line break or the end of the file before the
		// string closes is named first: that is what went wrong.
		start := lex(clean, at, 0).inString
		for j := start + 1; j < len(data); j++ {
			switch c := data[j]; {
			case c == '\\':
				j++
			case c == '"':
				return errorAt(data, start, KindSyntax, CodeInvalidString, "invalid string: %s", msg)
			case c < 0x20:
				return errorAt(data, j, KindSyntax, CodeControlChar, "a string cannot hold a raw control character (a line break inside quotes?)")
			}
		}
		return errorAt(data, start, KindSyntax, CodeStringNotClosed, "unexpected end of the file: the string is not closed")
	}
	// A number or a word (true, false, null) that goes wrong part way:
	// named from its first byte.
	start := at
	for start > 0 && !isDelim(clean[start-1]) {
		start--
	}
	if strings.Contains(msg, "numeric literal") {
		return errorAt(data, start, KindSyntax, CodeInvalidNumber, "invalid number")
	}
	at = start
	return unexpected(CodeValueExpected, "a value was expected")
}

// endError is an unexpected end of the file: what was still open.
func endError(data []byte, l lexed) *Error {
	eof := len(data)
	last := l.last[0]
	switch {
	case l.inString >= 0:
		return errorAt(data, l.inString, KindSyntax, CodeStringNotClosed, "unexpected end of the file: the string is not closed")
	case last < 0:
		return errorAt(data, eof, KindEmpty, CodeEmpty, "the file is empty")
	case data[last] == ':':
		return errorAt(data, eof, KindSyntax, CodeEndValueMissing, "unexpected end of the file: a value is missing")
	case len(l.open) == 0:
		return errorAt(data, eof, KindSyntax, CodeEnd, "unexpected end of the file") // not expected: a whole top-level value is complete
	}
	open := l.open[len(l.open)-1]
	if data[open] == '{' && data[last] == '"' && (l.last[1] == open || data[l.last[1]] == ',') {
		return errorAt(data, eof, KindSyntax, CodeEndColon, "unexpected end of the file: a colon was expected after the key %q", stringAt(data, last))
	}
	what := map[byte]Word{'{': WordObject, '[': WordList}[data[open]]
	return errorAt(data, eof, KindSyntax, CodeEndNotClosed, "unexpected end of the file: the %s opened on line %d is not closed", what, LineAt(data, open))
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
		return WordEndOfFile
	}
	r, _ := utf8.DecodeRune(data[off:])
	return fmt.Sprintf("%q", r)
}

// errorAt is a fault at byte offset off, as a line and a column (in
// characters, from 1).
func errorAt(data []byte, off int, kind Kind, code Code, format string, args ...any) *Error {
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
	return &Error{Kind: kind, Line: line, Col: col, Offset: off, Code: code, Format: format, Args: args}
}
