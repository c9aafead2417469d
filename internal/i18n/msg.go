package i18n

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// M is one sentence. Its English text is written in Go with T; every
// other language's comes from that package's message file (Bundle).
// Values go in as {name} placeholders: "Rerun {stage} from {slice}".
// F fills them in the order they first appear in the English text, so a
// translation may put them in any order and code never depends on it.
// A brace that does not open a {name} is text.
type M struct {
	text  string
	names []string // the placeholders, in the English text's order
	lang  Lang     // a translation's language (set when its file is decoded); "" for English
}

// T declares an English sentence.
//
// Its placeholders are found when it is said, not when it is declared:
// every package declares its sentences at start-up, and most of them
// are never said in a run.
func T(text string) M { return M{text: text} }

// String is the sentence as it is (one with no placeholders).
func (m M) String() string { return m.text }

// Text is the raw text, placeholders included (tests, message files).
func (m M) Text() string { return m.text }

// Names are the placeholders, in the order F takes their values.
func (m M) Names() []string {
	if m.names == nil {
		return Placeholders(m.text) // English: its own text's
	}
	return m.names
}

// F is the sentence with args put in its placeholders, in the English
// order (M.Names). Strings go in as they are, integers in decimal, other
// values as fmt prints them. A missing value shows as {name?}.
func (m M) F(args ...any) string {
	if strings.IndexByte(m.text, '{') < 0 {
		return m.text
	}
	return fill(m.text, m.names, m.text, args, -1, false, m.lang)
}

// AppendF appends to b the sentence F makes of string args, making no
// string: for a sentence written again and again into one buffer.
func (m M) AppendF(b []byte, args ...string) []byte {
	text := m.text
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			return append(b, text...)
		}
		name, ok := placeholderAt(text[i:])
		if !ok {
			b = append(b, text[:i+1]...)
			text = text[i+1:]
			continue
		}
		b = append(b, text[:i]...)
		text = text[i+len(name)+2:]
		k := argAt(m.names, m.text, false, name)
		if k < 0 || k >= len(args) {
			b = append(b, '{')
			b = append(b, name...)
			b = append(b, '?', '}')
			continue
		}
		if saysError(name) {
			b = append(b, OSWords(m.lang, args[k])...)
			continue
		}
		b = append(b, args[k]...)
	}
}

// fill replaces each {name} in text by its value: the argument at
// name's place (argAt: in names, else in order); "n" is count when
// hasCount. An error's text ({err}, {problem}) is said in lang: an
// error value through ErrorIn, a string's end through OSWords.
func fill(text string, names []string, order string, args []any, count int, hasCount bool, lang Lang) string {
	var b strings.Builder
	b.Grow(len(text) + 16*len(args))
	for {
		i := strings.IndexByte(text, '{')
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		name, ok := placeholderAt(text[i:])
		if !ok {
			b.WriteString(text[:i+1])
			text = text[i+1:]
			continue
		}
		b.WriteString(text[:i])
		text = text[i+len(name)+2:]
		if hasCount && name == "n" {
			b.WriteString(strconv.Itoa(count))
			continue
		}
		k := argAt(names, order, hasCount, name)
		if k < 0 || k >= len(args) {
			b.WriteString("{" + name + "?}")
			continue
		}
		if saysError(name) {
			if e, ok := args[k].(error); ok && lang != English && lang != "" {
				b.WriteString(ErrorIn(lang, e)) // pickup's own errors said in lang too
			} else {
				b.WriteString(OSWords(lang, value(args[k])))
			}
			continue
		}
		b.WriteString(value(args[k]))
	}
}

// argAt is the place of the placeholder name among a sentence's
// arguments: its index in names when the sentence has them (a
// translation keeps English's), else its place among the placeholders
// of order (English's own text) as they first appear, {n} left out when
// skipN (a plural's count). The list is never made: a sentence is said
// far more often than it is declared.
func argAt(names []string, order string, skipN bool, name string) int {
	if names != nil {
		return indexOf(names, name)
	}
	k := 0
	for at := 0; ; {
		i := strings.IndexByte(order[at:], '{')
		if i < 0 {
			return -1
		}
		i += at
		n, ok := placeholderAt(order[i:])
		if !ok {
			at = i + 1
			continue
		}
		if n == name {
			return k
		}
		if !(skipN && n == "n") && !hasPlaceholder(order[:i], n) {
			k++
		}
		at = i + len(n) + 2
	}
}

// hasPlaceholder reports whether {name} is in s.
func hasPlaceholder(s, name string) bool {
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			return false
		}
		if n, ok := placeholderAt(s[i:]); ok && n == name {
			return true
		}
		s = s[i+1:]
	}
}

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}

func value(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case fmt.Stringer:
		return x.String()
	default:
		return fmt.Sprint(v)
	}
}

// placeholderAt reads "{name}" at the start of s: a letter, then
// letters, digits or underscores, then "}".
func placeholderAt(s string) (string, bool) {
	if len(s) < 3 || s[0] != '{' {
		return "", false
	}
	for j := 1; j < len(s); j++ {
		c := s[j]
		switch {
		case c == '}' && j > 1:
			return s[1:j], true
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case (c >= '0' && c <= '9' || c == '_') && j > 1:
		default:
			return "", false
		}
	}
	return "", false
}

// Placeholders are the distinct {name}s of text, in order.
func Placeholders(text string) []string {
	var out []string
	for i := 0; i < len(text); i++ {
		if text[i] != '{' {
			continue
		}
		if name, ok := placeholderAt(text[i:]); ok {
			if indexOf(out, name) < 0 {
				out = append(out, name)
			}
			i += len(name) + 1
		}
	}
	return out
}

// UnmarshalJSON reads a translation: a JSON string. The placeholders'
// order stays English's (the value being decoded into is the English
// sentence), so F's arguments mean the same in every language.
func (m *M) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if m.names == nil {
		// The English sentence decoded over keeps its order; a field
		// English does not have takes the translation's own.
		m.names = Placeholders(m.text)
		if m.text == "" {
			m.names = Placeholders(s)
		}
	}
	m.text = s
	return nil
}

// MarshalJSON writes the text (message file tools).
func (m M) MarshalJSON() ([]byte, error) { return json.Marshal(m.text) }

// P is a sentence about a number, one text per CLDR plural form: English
// has one and other ("{n} file", "{n} files"); another language has the
// forms its CLDR rules name (pt-BR: one for 0 and 1, other). {n} is the
// count; the other placeholders take N's args as M.F does (Other.Names
// lists them, {n} left out).
type P struct {
	Zero, One, Two, Few, Many, Other M
	lang                             language.Tag
}

// Plural declares an English sentence about a number: one and other.
// Like T, it finds its placeholders when it is said.
func Plural(one, other string) P { return P{One: M{text: one}, Other: M{text: other}} }

// N is the sentence for the count n, in the form the language's CLDR
// cardinal rules give n, with args in its other placeholders.
func (p P) N(n int, args ...any) string {
	m := p.form(n)
	return fill(m.text, p.Other.names, p.Other.text, args, n, true, m.lang)
}

// args are the placeholders N's args fill, in the English order: {n}
// is the count's.
func (p P) args() []string {
	if p.Other.names != nil {
		return p.Other.names // a translation's: English's, kept when decoded
	}
	var names []string
	for _, n := range Placeholders(p.Other.text) {
		if n != "n" {
			names = append(names, n)
		}
	}
	return names
}

func (p P) form(n int) M {
	abs := n
	if abs < 0 {
		abs = -abs
	}
	tag := p.lang
	if tag == (language.Tag{}) {
		tag = language.English // English's own, declared by Plural
	}
	var m M
	switch plural.Cardinal.MatchPlural(tag, abs, 0, 0, 0, 0) {
	case plural.Zero:
		m = p.Zero
	case plural.One:
		m = p.One
	case plural.Two:
		m = p.Two
	case plural.Few:
		m = p.Few
	case plural.Many:
		m = p.Many
	}
	if m.text == "" {
		m = p.Other
	}
	return m
}

// Forms are the forms p has text for, by CLDR name.
func (p P) Forms() map[string]M {
	out := map[string]M{}
	for name, m := range map[string]M{"zero": p.Zero, "one": p.One, "two": p.Two, "few": p.Few, "many": p.Many, "other": p.Other} {
		if m.text != "" {
			out[name] = m
		}
	}
	return out
}

// UnmarshalJSON reads a translation: {"one": "...", "other": "..."},
// forms by their CLDR names.
func (p *P) UnmarshalJSON(b []byte) error {
	var forms map[string]string
	if err := json.Unmarshal(b, &forms); err != nil {
		return err
	}
	names := p.args()
	*p = P{lang: p.lang}
	for k, v := range forms {
		m := M{text: v, names: names}
		switch k {
		case "zero":
			p.Zero = m
		case "one":
			p.One = m
		case "two":
			p.Two = m
		case "few":
			p.Few = m
		case "many":
			p.Many = m
		case "other":
			p.Other = m
		default:
			return fmt.Errorf("plural form %q: CLDR names zero, one, two, few, many and other", k)
		}
	}
	if p.Other.text == "" {
		return fmt.Errorf("a plural needs its \"other\" form")
	}
	return nil
}

// MarshalJSON writes the forms (message file tools).
func (p P) MarshalJSON() ([]byte, error) {
	out := map[string]string{}
	for k, m := range p.Forms() {
		out[k] = m.text
	}
	return json.Marshal(out)
}
