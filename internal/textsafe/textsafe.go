// Package textsafe makes text read from files safe to show: nothing a
// state file says reaches the terminal raw. It is the one place that
// decides what is shown as it is and what is shown as an escape; the
// CLI's output streams (Writer) and the TUI's text (Text) both go
// through it.
//
// Shown as they are: printable characters, newline, tab, and a carriage
// return that ends a line (CRLF). Shown visibly instead:
//
//   - C0 control characters and DEL, which start terminal sequences (ESC,
//     BEL, a lone CR that rewrites the line), as \x1b, \x07, \x0d…;
//   - a byte that is not part of valid UTF-8 as \xNN (a file name that
//     is not UTF-8 round-trips: each such byte is these four characters);
//   - C1 control characters (U+0080–U+009F: CSI, OSC, DCS as single
//     characters), Unicode format characters (bidi overrides and
//     isolates, zero-width spaces and joiners, the byte order mark,
//     invisible tag characters) and the line and paragraph separators,
//     as ⟨U+202E⟩.
//
// JSON (JSONWriter) stays valid JSON with the same values: a control or
// format character is written as a \uXXXX escape, which decodes to the
// same character, and a string holding bytes that are not UTF-8 is
// given \xNN for them before encoding (Strings), as in text.
package textsafe

import (
	"encoding/binary"
	"fmt"
	"io"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Hidden reports whether r is shown as ⟨U+XXXX⟩ (JSON: \uXXXX): a C1
// control character, a format character (unicode.Cf: bidi controls,
// zero-width characters, the BOM, tag characters) or a line or paragraph
// separator.
func Hidden(r rune) bool {
	switch {
	case r < 0x80:
		return false
	case r <= 0x9f:
		return true
	case r == 0x2028 || r == 0x2029:
		return true
	}
	return unicode.Is(unicode.Cf, r)
}

// safeASCII reports whether an ASCII byte is shown as it is (CR aside).
func safeASCII(c byte) bool {
	return c >= 0x20 && c != 0x7f || c == '\n' || c == '\t'
}

// stop marks the bytes that may need an escape: ASCII control bytes but
// newline and tab, DEL, and the first bytes of the UTF-8 encodings of
// the hidden characters (so a run of other text is passed over without
// decoding it).
var stop = func() (t [256]bool) {
	for c := range 0x80 {
		t[c] = !safeASCII(byte(c))
	}
	var buf [utf8.UTFMax]byte
	mark := func(r rune) {
		utf8.EncodeRune(buf[:], r)
		t[buf[0]] = true
	}
	for r := rune(0x80); r <= 0x9f; r++ {
		mark(r)
	}
	mark(0x2028)
	mark(0x2029)
	for _, r16 := range unicode.Cf.R16 {
		for r := rune(r16.Lo); r <= rune(r16.Hi); r += rune(r16.Stride) {
			mark(r)
		}
	}
	for _, r32 := range unicode.Cf.R32 {
		for r := rune(r32.Lo); r <= rune(r32.Hi); r += rune(r32.Stride) {
			mark(r)
		}
	}
	return t
}()

// bytesOf views s as bytes, without copying (read only).
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// Eight bytes at a time: ones has a 1 in each byte, highs the top bit.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plain is how many bytes at the start of s are shown as they are: up
// to the first that may need an escape (a control byte, the start of a
// hidden character, a byte that is not UTF-8). Printable ASCII is passed
// over eight bytes at a time.
func plain(s []byte) int {
	i := 0
	for i < len(s) {
		if i+8 <= len(s) {
			w := binary.LittleEndian.Uint64(s[i:])
			// No byte below 0x20 nor above 0x7e: all printable ASCII.
			if (w-ones*0x20)&^w&highs == 0 && ((w+ones)|w)&highs == 0 {
				i += 8
				continue
			}
		}
		c := s[i]
		if stop[c] {
			return i
		}
		if c < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(s[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return len(s)
}

// Safe reports whether s would be shown exactly as it is.
func Safe(s string) bool { return safe(bytesOf(s)) }

func safe(s []byte) bool {
	for {
		n := plain(s)
		if n == len(s) {
			return true
		}
		s = s[n:]
		switch r, size := utf8.DecodeRune(s); {
		case s[0] == '\r' && len(s) > 1 && s[1] == '\n':
			s = s[2:]
		case s[0] >= utf8.RuneSelf && !(r == utf8.RuneError && size == 1) && !Hidden(r):
			s = s[size:] // a character whose first byte only looked risky
		default:
			return false
		}
	}
}

// Text is s as it is shown: see the package comment.
func Text(s string) string {
	if Safe(s) {
		return s
	}
	return string(appendText(make([]byte, 0, len(s)+16), bytesOf(s)))
}

// appendText appends src made safe, in text.
func appendText(dst, src []byte) []byte { return appendSafe(dst, src, false) }

// appendJSON appends src, a piece of JSON text, with every character a
// terminal would act on written as a JSON escape (same value).
func appendJSON(dst, src []byte) []byte { return appendSafe(dst, src, true) }

func appendSafe(dst, src []byte, json bool) []byte {
	for len(src) > 0 {
		n := plain(src)
		dst = append(dst, src[:n]...)
		if src = src[n:]; len(src) == 0 {
			break
		}
		c := src[0]
		r, size := utf8.DecodeRune(src)
		switch {
		case c == '\r' && (json || len(src) > 1 && src[1] == '\n'):
			// A line's end (JSON: white space between values).
			dst = append(dst, c)
		case c < utf8.RuneSelf && json:
			dst = fmt.Appendf(dst, `\u%04x`, c)
		case c < utf8.RuneSelf, r == utf8.RuneError && size == 1 && !json:
			dst = fmt.Appendf(dst, `\x%02x`, c)
		case r == utf8.RuneError && size == 1:
			// In JSON only a hand-written encoder can put such a byte
			// inside a string: the same \xNN as Strings gives, escaped.
			dst = fmt.Appendf(dst, `\\x%02x`, c)
		case !Hidden(r):
			dst = append(dst, src[:size]...)
		case !json:
			dst = fmt.Appendf(dst, "⟨U+%04X⟩", r)
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			dst = fmt.Appendf(dst, `\u%04x\u%04x`, r1, r2)
		default:
			dst = fmt.Appendf(dst, `\u%04x`, r)
		}
		src = src[size:]
	}
	return dst
}

// Writer passes what is written to it on, made safe: text (NewWriter)
// or JSON (NewJSONWriter). A character cut between two writes is held
// until the next one (or Flush), so it is judged whole.
type Writer struct {
	w    io.Writer
	json bool
	pend []byte
	buf  []byte
}

// NewWriter is a Writer for text.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// NewJSONWriter is a Writer for JSON text (from encoding/json or a
// hand-written encoder): it stays valid JSON with the same values.
func NewJSONWriter(w io.Writer) *Writer { return &Writer{w: w, json: true} }

// Unwrap is the writer this one writes to.
func (w *Writer) Unwrap() io.Writer { return w.w }

func (w *Writer) Write(p []byte) (int, error) {
	data := p
	if len(w.pend) > 0 {
		data = append(w.pend, p...)
		w.pend = nil
	}
	cut := len(data) - held(data, !w.json)
	if err := w.emit(data[:cut]); err != nil {
		return 0, err
	}
	w.pend = append(w.pend[:0:0], data[cut:]...)
	return len(p), nil
}

// held is how many bytes at the end of data wait for the next write: an
// incomplete UTF-8 sequence, or (in text) a CR that may start a CRLF.
func held(data []byte, text bool) int {
	n := len(data)
	if text && n > 0 && data[n-1] == '\r' {
		return 1
	}
	for k := 1; k <= utf8.UTFMax-1 && k <= n; k++ {
		c := data[n-k]
		if c < 0x80 {
			return 0
		}
		if c >= 0xc0 { // a lead byte: is its sequence complete?
			if utf8.FullRune(data[n-k:]) {
				return 0
			}
			return k
		}
	}
	return 0
}

func (w *Writer) emit(data []byte) error {
	if len(data) == 0 {
		return nil
	}
	switch {
	case plain(data) == len(data):
		_, err := w.w.Write(data)
		return err
	case w.json:
		w.buf = appendJSON(w.buf[:0], data)
	default:
		w.buf = appendText(w.buf[:0], data)
	}
	_, err := w.w.Write(w.buf)
	return err
}

// Flush writes what is held (an unfinished character, shown as the
// bytes it is).
func (w *Writer) Flush() error {
	data := w.pend
	w.pend = nil
	return w.emit(data)
}
