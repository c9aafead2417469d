// Package textin is the one step every reader takes before it parses a
// file's text: a UTF-8 byte order mark is taken off (and handed back, so
// a writer can put it back), and a file stored as UTF-16 (little or big
// endian, starting with its byte order mark, as Windows tools write it)
// is decoded to UTF-8. A writer that splices a file's bytes must refuse
// a file that was not UTF-8: Text.Writable says so, naming the file.
package textin

import (
	"bytes"
	"fmt"

	"golang.org/x/text/encoding/unicode"
)

// Encoding is how a file's text was stored.
type Encoding string

// The encodings a reader takes.
const (
	UTF8    Encoding = "UTF-8"
	UTF16LE Encoding = "UTF-16LE"
	UTF16BE Encoding = "UTF-16BE"
)

// BOM is the UTF-8 byte order mark.
var BOM = []byte("\xef\xbb\xbf")

// SplitBOM is data without a leading UTF-8 byte order mark, and the mark
// (nil when there is none).
func SplitBOM(data []byte) (bom, rest []byte) {
	if bytes.HasPrefix(data, BOM) {
		return data[:len(BOM)], data[len(BOM):]
	}
	return nil, data
}

// TrimBOM is data without a leading UTF-8 byte order mark.
func TrimBOM(data []byte) []byte {
	_, rest := SplitBOM(data)
	return rest
}

// Text is a file's text, ready to parse.
type Text struct {
	// Data is the text in UTF-8, without a byte order mark.
	Data []byte
	// BOM is the UTF-8 byte order mark the file started with, if any.
	BOM []byte
	// Encoding is how the file was stored.
	Encoding Encoding
}

// Decode reads a file's bytes: a UTF-16 file (one that starts with a
// UTF-16 byte order mark) is decoded to UTF-8; a UTF-8 byte order mark is
// kept aside in BOM. Anything else is taken as UTF-8, as it is.
func Decode(data []byte) (Text, error) {
	var enc Encoding
	var e unicode.Endianness
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		enc, e = UTF16LE, unicode.LittleEndian
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		enc, e = UTF16BE, unicode.BigEndian
	default:
		bom, rest := SplitBOM(data)
		return Text{Data: rest, BOM: bom, Encoding: UTF8}, nil
	}
	out, err := unicode.UTF16(e, unicode.ExpectBOM).NewDecoder().Bytes(data)
	if err != nil {
		return Text{}, fmt.Errorf("the file starts as %s but does not decode: %w", enc, err)
	}
	return Text{Data: out, Encoding: enc}, nil
}

// ForReading is data decoded as Decode does, for a reader that keeps
// nothing else: a file that does not decode is left as it is, for the
// parser to reject.
func ForReading(data []byte) []byte {
	t, err := Decode(data)
	if err != nil {
		return data
	}
	return t.Data
}

// NotUTF8Error is a writer's refusal to splice a file that was not
// stored as UTF-8.
type NotUTF8Error struct {
	File     string
	Encoding Encoding
}

func (e *NotUTF8Error) Error() string {
	return fmt.Sprintf("%s is stored as %s: pickup edits only UTF-8 files in place, so it was not changed", e.File, e.Encoding)
}

// Writable is nil when t was stored as UTF-8, so its bytes can be
// spliced and written back; else the refusal, naming file.
func (t Text) Writable(file string) error {
	if t.Encoding == UTF8 || t.Encoding == "" {
		return nil
	}
	return &NotUTF8Error{File: file, Encoding: t.Encoding}
}
