package crucible

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// The manifest's hot path. A 200,000-line manifest is read on every
// status, plan and wizard start, and encoding/json spends most of that
// time on reflection and on allocating each value. scanEntry decodes the
// lines crucible actually writes (a flat object of strings, numbers,
// booleans and nulls) straight into a rawEntry, with the same result
// json.Unmarshal gives. Anything it is not certain about (a nested
// value, a \u escape, invalid UTF-8, a key that is not plain ASCII, any
// syntax error) makes it give up, and the line goes through
// encoding/json as before, so odd lines keep their exact warnings.

// decode reads one line into raw (zero on entry): the fast scanner for
// the lines crucible writes, encoding/json for any other, which then
// gives the same values and the exact error for a bad line.
func (sc *lineScanner) decode(b []byte, raw *rawEntry) error {
	if sc.scan(b, raw) {
		return nil
	}
	*raw = rawEntry{}
	sc.sumAt = -1 // where the summary is: not known
	return json.Unmarshal(b, raw)
}

// rawField maps a manifest key to its rawEntry field.
func rawField(raw *rawEntry, key []byte) *flex {
	// Keys are matched as encoding/json matches them: exactly, else
	// without regard to ASCII case (the caller only passes ASCII keys).
	switch len(key) {
	case 2:
		if eqFold(key, "ts") {
			return &raw.TS
		}
	case 3:
		if eqFold(key, "seq") {
			return &raw.Seq
		}
	case 4:
		switch {
		case eqFold(key, "file"):
			return &raw.File
		case eqFold(key, "role"):
			return &raw.Role
		case eqFold(key, "task"):
			return &raw.Task
		}
	case 5:
		if eqFold(key, "phase") {
			return &raw.Phase
		}
	case 6:
		switch {
		case eqFold(key, "status"):
			return &raw.Status
		case eqFold(key, "output"):
			return &raw.Output
		}
	case 7:
		if eqFold(key, "summary") {
			return &raw.Summary
		}
	case 8:
		if eqFold(key, "mutation") {
			return &raw.Mutation
		}
	case 9:
		if eqFold(key, "replay_of") {
			return &raw.ReplayOf
		}
		if eqFold(key, "timestamp") {
			return &raw.Timestamp
		}
	case 10:
		switch {
		case eqFold(key, "duration_s"):
			return &raw.Duration
		case eqFold(key, "model_tier"):
			return &raw.ModelTier
		case eqFold(key, "started_at"):
			return &raw.StartedAt
		}
	case 11:
		if eqFold(key, "output_file") {
			return &raw.OutputFile
		}
	case 13:
		if eqFold(key, "dispatched_at") {
			return &raw.DispatchedAt
		}
	case 14:
		if eqFold(key, "replay_session") {
			return &raw.ReplaySession
		}
	}
	return nil
}

// eqFold compares an ASCII key with a lower-case name, ignoring ASCII
// case.
func eqFold(key []byte, name string) bool {
	if len(key) != len(name) {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != name[i] {
			return false
		}
	}
	return true
}

// lineScanner decodes manifest lines. The short values that repeat on
// every line (roles, statuses, phases, tiers) are interned, so they are
// allocated once per manifest; the line's other values (file, summary,
// numbers) are copied into one string per line and taken as pieces of
// it, one allocation instead of one per value.
type lineScanner struct {
	intern map[string]string
	recent [64]string
	// raw is reused for every line (encoding/json would otherwise make
	// each line's rawEntry escape to the heap).
	raw rawEntry
	// vals collects a line's values; pend says which field gets which.
	vals []byte
	pend []pending
	esc  []byte // an escaped string, decoded
	// sumAt is where the line's summary starts in it, sumN its length:
	// -2 when the line has none, -1 when it is not the line's bytes as
	// they are (escaped, a number, or read by encoding/json).
	sumAt, sumN int
}

// pending is a field's value until the line is read: a piece of vals, or
// a string already made.
type pending struct {
	f        *flex
	s        string
	off, end int
	ready    bool
}

// own is s, copied when it is a piece of the line's values (borrowed
// until the next line, see scan).
func (sc *lineScanner) own(s string) string {
	if s == "" || cap(sc.vals) == 0 {
		return s
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	base := uintptr(unsafe.Pointer(unsafe.SliceData(sc.vals)))
	if p >= base && p < base+uintptr(cap(sc.vals)) {
		return strings.Clone(s)
	}
	return s
}

// entry is the line buffer, zeroed.
func (sc *lineScanner) entry() *rawEntry {
	sc.raw = rawEntry{}
	return &sc.raw
}

// maxInterned bounds the intern table: a manifest has a few dozen roles,
// phases and statuses; anything beyond is allocated as usual.
const maxInterned = 4096

func (sc *lineScanner) interned(b []byte) string {
	// A small direct-mapped cache in front of the table: the same few
	// values come back line after line.
	slot := &sc.recent[(len(b)*31+int(b[0])*7+int(b[len(b)-1]))&(len(sc.recent)-1)]
	if *slot == string(b) {
		return *slot
	}
	if s, ok := sc.intern[string(b)]; ok {
		*slot = s
		return s
	}
	s := string(b)
	if sc.intern == nil {
		sc.intern = map[string]string{}
	}
	if len(sc.intern) < maxInterned {
		sc.intern[s] = s
		*slot = s
	}
	return s
}

// set records v for field f (nil: a key the manifest does not use).
func (sc *lineScanner) set(raw *rawEntry, f *flex, v []byte) {
	switch {
	case f == nil:
	case len(v) > 0 && len(v) <= 32 && (f == &raw.Role || f == &raw.Status || f == &raw.Phase || f == &raw.ModelTier || f == &raw.ReplaySession):
		sc.pend = append(sc.pend, pending{f: f, s: sc.interned(v), ready: true})
	default:
		off := len(sc.vals)
		sc.vals = append(sc.vals, v...)
		sc.pend = append(sc.pend, pending{f: f, off: off, end: len(sc.vals)})
	}
}

// plain marks the bytes a string can hold as they are: printable ASCII
// other than the quote and the backslash.
var plain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// scan decodes b (one trimmed line starting with '{') into raw, reporting
// false when the line needs encoding/json. raw must be zero on entry; on
// false its content is undefined.
func (sc *lineScanner) scan(b []byte, raw *rawEntry) bool {
	sc.vals, sc.pend = sc.vals[:0], sc.pend[:0]
	sc.sumAt = -2
	if !sc.fields(b, raw) {
		return false
	}
	// Later keys win, as in encoding/json: pending values are applied
	// in the order they were read. The values are pieces of vals,
	// borrowed until the next line: what is kept is copied (own), so
	// that a line's numbers and the values made again from others (a
	// usual file name, a numeric task) cost nothing.
	var line string
	if len(sc.vals) > 0 {
		line = unsafe.String(&sc.vals[0], len(sc.vals))
	}
	for _, p := range sc.pend {
		if p.ready {
			p.f.s = p.s
		} else {
			p.f.s = line[p.off:p.end]
		}
		p.f.set = true
	}
	return true
}

// fields reads the object's members into sc.pend.
func (sc *lineScanner) fields(b []byte, raw *rawEntry) bool {
	i := 1 // past '{'
	n := len(b)
	skip := func() {
		for i < n && isSpace(b[i]) {
			i++
		}
	}
	skip()
	if i < n && b[i] == '}' {
		i++
		skip()
		return i == n
	}
	for {
		// A key: a plain ASCII string without escapes.
		if i >= n || b[i] != '"' {
			return false
		}
		i++
		ks := i
		for i < n && plain[b[i]] {
			i++
		}
		if i >= n || b[i] != '"' {
			return false
		}
		key := b[ks:i]
		i++
		skip()
		if i >= n || b[i] != ':' {
			return false
		}
		i++
		skip()
		if i >= n {
			return false
		}
		f := rawField(raw, key)
		switch c := b[i]; {
		case c == '"':
			v, next, ok := sc.stringAt(b, i)
			if !ok {
				return false
			}
			sc.set(raw, f, v)
			if f == &raw.Summary {
				sc.sumAt, sc.sumN = -1, 0
				if next-2-i == len(v) { // not escaped: b's own bytes
					sc.sumAt, sc.sumN = i+1, len(v)
				}
			}
			i = next
		case c == 'n':
			if !lit(b, i, "null") {
				return false
			}
			i += 4 // null leaves the field as it was
		case c == 't' || c == 'f':
			w := "true"
			if c == 'f' {
				w = "false"
			}
			if !lit(b, i, w) {
				return false
			}
			if f != nil {
				sc.pend = append(sc.pend, pending{f: f, s: w, ready: true})
			}
			if f == &raw.Summary {
				sc.sumAt = -1
			}
			i += len(w)
		case c == '-' || ('0' <= c && c <= '9'):
			end, ok := numberEnd(b, i)
			if !ok {
				return false
			}
			sc.set(raw, f, b[i:end])
			if f == &raw.Summary {
				sc.sumAt = -1
			}
			i = end
		default:
			return false // an object, an array, or not JSON
		}
		skip()
		if i >= n {
			return false
		}
		switch b[i] {
		case ',':
			i++
			skip()
		case '}':
			i++
			skip()
			return i == n
		default:
			return false
		}
	}
}

func lit(b []byte, i int, w string) bool {
	return len(b)-i >= len(w) && string(b[i:i+len(w)]) == w
}

// numberEnd checks the JSON number grammar from b[i] and returns where
// the number ends.
func numberEnd(b []byte, i int) (int, bool) {
	n := len(b)
	digits := func() bool {
		s := i
		for i < n && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i > s
	}
	if b[i] == '-' {
		i++
	}
	if i >= n {
		return i, false
	}
	if b[i] == '0' {
		i++
	} else if !digits() {
		return i, false
	}
	if i < n && b[i] == '.' {
		i++
		if !digits() {
			return i, false
		}
	}
	if i < n && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < n && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !digits() {
			return i, false
		}
	}
	return i, true
}

// stringAt reads the string starting at b[i] (a '"'): its decoded bytes
// (valid only until the next call) and the index after its closing
// quote. Simple escapes are decoded; \u escapes, control characters and
// invalid UTF-8 are left to encoding/json.
func (sc *lineScanner) stringAt(b []byte, i int) ([]byte, int, bool) {
	i++
	s := i
	for i < len(b) && plain[b[i]] {
		i++
	}
	if i < len(b) && b[i] == '"' {
		return b[s:i], i + 1, true // printable ASCII: the common case
	}
	ascii := true
	for i < len(b) {
		c := b[i]
		switch {
		case c == '"':
			if !ascii && !utf8.Valid(b[s:i]) {
				return nil, 0, false
			}
			return b[s:i], i + 1, true
		case c == '\\':
			return sc.escaped(b, s)
		case c < 0x20:
			return nil, 0, false
		case c >= 0x80:
			ascii = false
		}
		i++
	}
	return nil, 0, false
}

// escaped decodes a string holding backslash escapes from b[s] (just
// after its opening quote).
func (sc *lineScanner) escaped(b []byte, s int) ([]byte, int, bool) {
	out := sc.esc[:0]
	ascii := true
	for i := s; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '"':
			sc.esc = out
			if !ascii && !utf8.Valid(out) {
				return nil, 0, false
			}
			return out, i + 1, true
		case c == '\\':
			i++
			if i >= len(b) {
				return nil, 0, false
			}
			switch b[i] {
			case '"', '\\', '/':
				out = append(out, b[i])
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			default:
				return nil, 0, false // \u…, or not an escape
			}
		case c < 0x20:
			return nil, 0, false
		default:
			if c >= 0x80 {
				ascii = false
			}
			out = append(out, c)
		}
	}
	return nil, 0, false
}
