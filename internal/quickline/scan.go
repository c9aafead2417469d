package quickline

import (
	"errors"
	"unicode/utf8"
)

// ScanInput reads, from the agent's JSON at the start of data, the
// fields the statusline asks about (cwd, workspace.project_dir,
// workspace_roots), with what cmd/pickup's reader (encoding/json into a
// map, then each field) gives for them. It exists because encoding/json
// is initialised late in a Go program (see the package comment), and it
// only ever answers when it is sure:
//   - complete and ok: data starts with a whole JSON object, and in is
//     what encoding/json gives;
//   - ok but not complete: data is the start of an object that more
//     bytes may complete;
//   - not ok: anything else (not an object, not valid JSON, a field
//     value with an escape or bytes that are not UTF-8, a key with an
//     escape, nesting deeper than maxDepth). The caller then leaves it
//     to encoding/json.
//
// FuzzScanInputAgreesWithTheHookReader (cmd/pickup) holds it to
// encoding/json on every input.
func ScanInput(data []byte) (in Input, complete, ok bool) {
	s := scanner{data: data}
	in, err := s.object()
	switch {
	case err == nil:
		return in, true, true
	case errors.Is(err, errMore):
		return Input{}, false, true
	}
	return Input{}, false, false
}

// maxDepth bounds the nesting ScanInput follows (encoding/json's is
// 10,000; deeper input is left to it).
const maxDepth = 64

var (
	errMore    = errors.New("more input needed")
	errDecline = errors.New("left to encoding/json")
)

type scanner struct {
	data  []byte
	i     int
	depth int
}

func (s *scanner) space() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// next is the next byte after white space, consumed.
func (s *scanner) next() (byte, error) {
	s.space()
	if s.i >= len(s.data) {
		return 0, errMore
	}
	s.i++
	return s.data[s.i-1], nil
}

func (s *scanner) expect(c byte) error {
	got, err := s.next()
	switch {
	case err != nil:
		return err
	case got != c:
		return errDecline
	}
	return nil
}

// object reads the top-level object.
func (s *scanner) object() (Input, error) {
	var in Input
	if err := s.expect('{'); err != nil {
		return in, err
	}
	first := true
	for {
		c, err := s.next()
		if err != nil {
			return in, err
		}
		if c == '}' && first {
			return in, nil
		}
		if c != '"' {
			return in, errDecline
		}
		key, plain, err := s.str()
		if err != nil {
			return in, err
		}
		if !plain {
			return in, errDecline // an escaped key could spell one of ours
		}
		if err := s.expect(':'); err != nil {
			return in, err
		}
		if err := s.member(&in, key); err != nil {
			return in, err
		}
		c, err = s.next()
		if err != nil {
			return in, err
		}
		switch c {
		case '}':
			return in, nil
		case ',':
			first = false
		default:
			return in, errDecline
		}
	}
}

// member reads the value of the top-level key into in. The map
// encoding/json fills keeps a key's last value, so each one sets its
// field afresh.
func (s *scanner) member(in *Input, key string) error {
	switch key {
	case "cwd":
		v, err := s.stringOrOther()
		in.Cwd = v
		return err
	case "workspace":
		in.Project = ""
		return s.workspace(in)
	case "workspace_roots":
		in.Roots = nil
		return s.roots(in)
	}
	return s.skip()
}

// stringOrOther is a field read as a string: the string, or "" for any
// other value (encoding/json leaves the string empty and the error is
// not looked at).
func (s *scanner) stringOrOther() (string, error) {
	s.space()
	if s.i >= len(s.data) {
		return "", errMore
	}
	if s.data[s.i] != '"' {
		return "", s.skip()
	}
	s.i++
	v, plain, err := s.str()
	if err == nil && !plain {
		err = errDecline
	}
	return v, err
}

// workspace reads Claude Code's workspace object for its project_dir
// (matched without regard to case, as encoding/json matches a struct's
// fields; a value that is not a string leaves it as it was).
func (s *scanner) workspace(in *Input) error {
	s.space()
	if s.i >= len(s.data) {
		return errMore
	}
	if s.data[s.i] != '{' {
		return s.skip() // null, or a value encoding/json refuses: no project
	}
	s.i++
	first := true
	for {
		c, err := s.next()
		if err != nil {
			return err
		}
		if c == '}' && first {
			return nil
		}
		if c != '"' {
			return errDecline
		}
		key, plain, err := s.str()
		if err != nil {
			return err
		}
		if !plain {
			return errDecline
		}
		if err := s.expect(':'); err != nil {
			return err
		}
		if asciiFold(key, "project_dir") {
			s.space()
			if s.i >= len(s.data) {
				return errMore
			}
			if s.data[s.i] == '"' {
				s.i++
				v, plain, err := s.str()
				if err != nil {
					return err
				}
				if !plain {
					return errDecline
				}
				in.Project = v
			} else if err := s.skip(); err != nil {
				return err
			}
		} else if err := s.skip(); err != nil {
			return err
		}
		c, err = s.next()
		if err != nil {
			return err
		}
		switch c {
		case '}':
			return nil
		case ',':
			first = false
		default:
			return errDecline
		}
	}
}

// roots reads Cursor's workspace_roots: null, or an array of strings (a
// null element is ""); anything else is left to encoding/json.
func (s *scanner) roots(in *Input) error {
	c, err := s.next()
	switch {
	case err != nil:
		return err
	case c == 'n':
		s.i--
		return s.literal("null")
	case c != '[':
		return errDecline
	}
	roots := []string{}
	first := true
	for {
		c, err := s.next()
		if err != nil {
			return err
		}
		switch {
		case c == ']' && first:
			in.Roots = roots
			return nil
		case c == '"':
			v, plain, err := s.str()
			if err != nil {
				return err
			}
			if !plain {
				return errDecline
			}
			roots = append(roots, v)
		case c == 'n':
			s.i--
			if err := s.literal("null"); err != nil {
				return err
			}
			roots = append(roots, "")
		default:
			return errDecline
		}
		c, err = s.next()
		if err != nil {
			return err
		}
		switch c {
		case ']':
			in.Roots = roots
			return nil
		case ',':
			first = false
		default:
			return errDecline
		}
	}
}

// str reads a string whose opening quote was consumed. plain reports
// that it holds no escape and is valid UTF-8, so that v is its value;
// otherwise v is "" (the string was only checked).
func (s *scanner) str() (v string, plain bool, err error) {
	start := s.i
	plain = true
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '"':
			s.i++
			if plain && utf8.Valid(s.data[start:s.i-1]) {
				return string(s.data[start : s.i-1]), true, nil
			}
			return "", false, nil
		case c < 0x20:
			return "", false, errDecline // not allowed raw in a JSON string
		case c == '\\':
			plain = false
			if s.i+1 >= len(s.data) {
				return "", false, errMore
			}
			switch s.data[s.i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i += 2
			case 'u':
				for k := 2; k < 6; k++ {
					if s.i+k >= len(s.data) {
						return "", false, errMore
					}
					if !isHex(s.data[s.i+k]) {
						return "", false, errDecline
					}
				}
				s.i += 6
			default:
				return "", false, errDecline
			}
		default:
			s.i++
		}
	}
	return "", false, errMore
}

// skip checks and passes over one value.
func (s *scanner) skip() error {
	c, err := s.next()
	if err != nil {
		return err
	}
	switch {
	case c == '"':
		_, _, err := s.str()
		return err
	case c == '{' || c == '[':
		return s.container(c)
	case c == 't':
		s.i--
		return s.literal("true")
	case c == 'f':
		s.i--
		return s.literal("false")
	case c == 'n':
		s.i--
		return s.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		s.i--
		return s.number()
	}
	return errDecline
}

// container passes over an object or array whose opening c was read.
func (s *scanner) container(open byte) error {
	s.depth++
	defer func() { s.depth-- }()
	if s.depth > maxDepth {
		return errDecline
	}
	closing := byte(']')
	if open == '{' {
		closing = '}'
	}
	first := true
	for {
		s.space()
		if s.i >= len(s.data) {
			return errMore
		}
		if first && s.data[s.i] == closing {
			s.i++
			return nil
		}
		if open == '{' {
			if err := s.expect('"'); err != nil {
				return err
			}
			if _, _, err := s.str(); err != nil {
				return err
			}
			if err := s.expect(':'); err != nil {
				return err
			}
		}
		if err := s.skip(); err != nil {
			return err
		}
		c, err := s.next()
		if err != nil {
			return err
		}
		switch c {
		case closing:
			return nil
		case ',':
			first = false
		default:
			return errDecline
		}
	}
}

func (s *scanner) literal(word string) error {
	for k := 0; k < len(word); k++ {
		if s.i+k >= len(s.data) {
			return errMore
		}
		if s.data[s.i+k] != word[k] {
			return errDecline
		}
	}
	s.i += len(word)
	return nil
}

// number passes over a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
// (inside an object, so the end of data may always be followed by more
// digits).
func (s *scanner) number() error {
	if s.i < len(s.data) && s.data[s.i] == '-' {
		s.i++
	}
	if s.i >= len(s.data) {
		return errMore
	}
	switch c := s.data[s.i]; {
	case c == '0':
		s.i++
	case c >= '1' && c <= '9':
		s.digits()
	default:
		return errDecline
	}
	if s.i < len(s.data) && s.data[s.i] == '.' {
		s.i++
		if n := s.digits(); n == 0 {
			return s.moreOrDecline()
		}
	}
	if s.i < len(s.data) && (s.data[s.i] == 'e' || s.data[s.i] == 'E') {
		s.i++
		if s.i < len(s.data) && (s.data[s.i] == '+' || s.data[s.i] == '-') {
			s.i++
		}
		if n := s.digits(); n == 0 {
			return s.moreOrDecline()
		}
	}
	if s.i >= len(s.data) {
		return errMore
	}
	return nil
}

func (s *scanner) digits() int {
	n := 0
	for s.i < len(s.data) && s.data[s.i] >= '0' && s.data[s.i] <= '9' {
		s.i++
		n++
	}
	return n
}

func (s *scanner) moreOrDecline() error {
	if s.i >= len(s.data) {
		return errMore
	}
	return errDecline
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// asciiFold reports whether key is want (lower-case ASCII) without
// regard to ASCII case. encoding/json also folds the Kelvin sign and the
// long s, which no field name here holds.
func asciiFold(key, want string) bool {
	if len(key) != len(want) {
		return false
	}
	for k := 0; k < len(key); k++ {
		c := key[k]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != want[k] {
			return false
		}
	}
	return true
}
