package textsafe

import (
	"bytes"
	"encoding/json"
)

// AppendJSON appends src, a piece of JSON text (from encoding/json or a
// hand-written encoder), made safe: the bytes a JSON Writer would pass
// on for it. JSON made safe this way can go straight to the output,
// past the Writer.
func AppendJSON(dst, src []byte) []byte { return appendJSON(dst, src) }

// AppendJSONString appends s quoted as a JSON string, made safe: the
// bytes a JSON Writer passes on for what encoding/json writes for
// Invalid(s) with SetEscapeHTML(false). A hand-written encoder that
// quotes its strings with it writes JSON that needs no second pass
// through a Writer (pickup plan --json: 35 MB of it).
//
// A string of characters shown as they are, with no quote, backslash or
// control character (nearly every string a state file holds, en dashes
// and accents included), is copied as it is after one scan; anything
// else goes through encoding/json and AppendJSON, so each escape is
// exactly theirs.
func AppendJSONString(dst []byte, s string) []byte {
	if JSONPlain(s) {
		dst = append(dst, '"')
		dst = append(dst, s...)
		return append(dst, '"')
	}
	var q bytes.Buffer
	enc := json.NewEncoder(&q)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(Invalid(s)) // a string always encodes
	return appendJSON(dst, bytes.TrimSuffix(q.Bytes(), []byte("\n")))
}

// JSONPlain reports whether s quoted as a JSON string is '"' + s + '"',
// safe as it is: no quote, backslash or control character, and nothing
// a JSON Writer would escape (see Safe).
func JSONPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			return false
		}
	}
	return safe(bytesOf(s))
}
