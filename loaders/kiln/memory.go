package kiln

import (
	"bytes"
	"strings"
	"unicode"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/internal/textin"
)

// MEMORY.md is markdown written by an agent following prose: `## Section`
// headings over bare `key: value` lines, a `|` block for handoff_context,
// bullet lines under Phase Statuses and Resume Log. The parser keeps every
// line with its own line ending so that an edit can change one value and
// leave every other byte as it was.

// line is one line of a file: its text and the terminator that followed it
// ("\n", "\r\n", or "" for a last line without one).
type line struct {
	text string
	eol  string
}

const utf8BOM = "\xef\xbb\xbf"

// splitLines cuts data into lines, keeping each line's terminator.
func splitLines(data []byte) []line {
	var out []line
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			out = append(out, line{text: string(data)})
			break
		}
		t, eol := data[:i], "\n"
		if len(t) > 0 && t[len(t)-1] == '\r' {
			t, eol = t[:len(t)-1], "\r\n"
		}
		out = append(out, line{text: string(t), eol: eol})
		data = data[i+1:]
	}
	return out
}

func joinLines(ls []line) []byte {
	var b bytes.Buffer
	for _, l := range ls {
		b.WriteString(l.text)
		b.WriteString(l.eol)
	}
	return b.Bytes()
}

// Section names, normalised (lower case, single spaces).
const (
	secPreamble      = ""
	secMetadata      = "metadata"
	secRuntime       = "runtime"
	secHandoff       = "handoff"
	secPhaseStatuses = "phase statuses"
	secResumeLog     = "resume log"
	secResetNotes    = "reset notes"
	secPhaseResults  = "phase results"
	secValidation    = "validation"
	secCorrectionLog = "correction log"
)

// notFieldSections hold their own keys or bullets, never the runtime
// fields: a `status:` under Validation is not the session's status.
var notFieldSections = map[string]bool{
	secPhaseStatuses: true, secResumeLog: true, secResetNotes: true,
	secPhaseResults: true, secValidation: true, secCorrectionLog: true,
}

// fieldOrder is where a runtime field is looked for, in order; unknown
// sections come last.
var fieldOrder = []string{secRuntime, secMetadata, secHandoff, secPreamble}

// section is a `## Heading` and the lines under it.
type section struct {
	name  string // normalised
	title string // as written
	head  int    // line index of the heading; -1 for the preamble
	start int    // first content line
	end   int    // one past the last content line
}

// field is one `key: value` line.
type field struct {
	key     string
	value   string // unquoted, trimmed; "" for null
	raw     string // the value as written, trimmed
	null    bool   // written as null or ~ (or nothing)
	quote   byte   // '"' or '\'' when the value was quoted
	line    int    // line index
	valFrom int    // byte offsets of the raw value within the line text
	valTo   int
	section string
	// block is set for a `|` or `>` block (handoff_context): its lines,
	// dedented, joined with "\n".
	block    string
	isBlock  bool
	blockEnd int // one past the block's last line
}

// phaseLine is one `- phase_number: N | phase_name: X | phase_status: S`.
type phaseLine struct {
	number    int
	hasNumber bool
	name      string
	status    string // as written, lower-cased and trimmed
	line      int
	// statusFrom/To locate the phase_status value in the line (-1 when
	// the line has none).
	statusFrom, statusTo int
}

// memDoc is a parsed MEMORY.md.
type memDoc struct {
	lines     []line
	sections  []section
	fields    map[string][]field // by section name
	phases    []phaseLine
	resumeLog []string // Resume Log bullets, as written
	badLines  []int    // Phase Statuses lines that could not be read
	dupKeys   []string // runtime keys written twice (the first is used)
	// bom is a UTF-8 byte order mark the file starts with: kept aside
	// so the first line's key reads as written, and put back on write.
	bom string
}

var (
	headingRe = lazyre.New(`^##\s+(.*?)\s*#*\s*$`)
	keyRe     = lazyre.New(`^(\s*)([A-Za-z_][A-Za-z0-9_]*)\s*:(.*)$`)
	bulletRe  = lazyre.New(`^\s*[-*+]\s+(.*)$`)
	spacesRe  = lazyre.New(`\s+`)
)

func normalise(title string) string {
	return strings.ToLower(spacesRe.ReplaceAllString(strings.TrimSpace(title), " "))
}

// isHeading reports whether t is a level-2 heading (`## X`, not `###`).
func isHeading(t string) (string, bool) {
	if !strings.HasPrefix(t, "##") || strings.HasPrefix(t, "###") {
		return "", false
	}
	m := headingRe.FindStringSubmatch(t)
	if m == nil || strings.TrimSpace(m[1]) == "" {
		return "", false
	}
	return m[1], true
}

// parseMemory reads MEMORY.md. It never fails: what it cannot read it
// leaves out, and the caller decides whether that makes the file corrupted.
func parseMemory(data []byte) *memDoc {
	d := &memDoc{fields: map[string][]field{}}
	bom, data := textin.SplitBOM(data)
	d.bom = string(bom)
	d.lines = splitLines(data)
	cur := section{name: secPreamble, head: -1, start: 0}
	for i, l := range d.lines {
		if title, ok := isHeading(l.text); ok {
			cur.end = i
			d.sections = append(d.sections, cur)
			cur = section{name: normalise(title), title: title, head: i, start: i + 1}
		}
	}
	cur.end = len(d.lines)
	d.sections = append(d.sections, cur)

	seen := map[string]bool{}
	for _, sec := range d.sections {
		for i := sec.start; i < sec.end; i++ {
			t := d.lines[i].text
			trimmed := strings.TrimSpace(t)
			if trimmed == "" || strings.HasPrefix(trimmed, "#") {
				continue // blank, or a comment
			}
			switch sec.name {
			case secPhaseStatuses:
				if m := bulletRe.FindStringSubmatch(t); m != nil {
					if p, ok := parsePhaseLine(t, i); ok {
						d.phases = append(d.phases, p)
						continue
					}
				}
				d.badLines = append(d.badLines, i)
				continue
			case secResumeLog:
				if m := bulletRe.FindStringSubmatch(t); m != nil && strings.TrimSpace(m[1]) != "" {
					d.resumeLog = append(d.resumeLog, strings.TrimSpace(m[1]))
				}
				continue
			}
			f, ok := parseField(t, i, sec.name)
			if !ok {
				continue
			}
			if f.isBlock || (f.null && f.raw == "") {
				// A `|` block, or a key with nothing after it: indented
				// lines that follow are its value.
				f.block, f.blockEnd = readBlock(d.lines, i+1, sec.end)
				if f.blockEnd > i+1 {
					f.isBlock = true
					f.null = f.block == ""
					f.value = f.block
				}
				if f.isBlock {
					i = f.blockEnd - 1
				}
			}
			if !notFieldSections[sec.name] {
				k := sec.name + "\x00" + f.key
				if seen[k] {
					d.dupKeys = append(d.dupKeys, f.key)
				}
				seen[k] = true
			}
			d.fields[sec.name] = append(d.fields[sec.name], f)
		}
	}
	return d
}

// parseField reads a `key: value` line.
func parseField(t string, i int, sec string) (field, bool) {
	m := keyMatch(t)
	if m == nil {
		return field{}, false
	}
	f := field{key: t[m[4]:m[5]], line: i, section: sec}
	rest := t[m[6]:m[7]]
	lead := len(rest) - len(strings.TrimLeftFunc(rest, unicode.IsSpace))
	f.raw = strings.TrimRightFunc(rest[lead:], unicode.IsSpace)
	f.valFrom = m[6] + lead
	f.valTo = f.valFrom + len(f.raw)
	switch {
	case f.raw == "" || f.raw == "~" || strings.EqualFold(f.raw, "null"):
		f.null = true
	case f.raw == "|" || f.raw == "|-" || f.raw == "|+" || f.raw == ">" || f.raw == ">-" || f.raw == ">+":
		f.isBlock = true
	default:
		f.value, f.quote = unquote(f.raw)
	}
	return f, true
}

// unquote strips one pair of matching quotes.
func unquote(s string) (string, byte) {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1], s[0]
	}
	return s, 0
}

// readBlock collects the indented (or blank) lines from `from`, stopping
// at the first line that starts in column one or at `end`. Trailing blank
// lines are not part of the block. It returns the dedented text and one
// past the block's last line.
func readBlock(ls []line, from, end int) (string, int) {
	last := from
	for i := from; i < end; i++ {
		t := ls[i].text
		if strings.TrimSpace(t) == "" {
			continue
		}
		if t[0] != ' ' && t[0] != '\t' {
			break
		}
		last = i + 1
	}
	if last == from {
		return "", from
	}
	indent := -1
	for i := from; i < last; i++ {
		t := ls[i].text
		if strings.TrimSpace(t) == "" {
			continue
		}
		n := len(t) - len(strings.TrimLeft(t, " \t"))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	parts := make([]string, 0, last-from)
	for i := from; i < last; i++ {
		t := ls[i].text
		if len(t) >= indent {
			t = t[indent:]
		} else {
			t = strings.TrimLeft(t, " \t")
		}
		parts = append(parts, strings.TrimRight(t, " \t"))
	}
	return strings.Join(parts, "\n"), last
}

// parsePhaseLine reads `- phase_number: 1 | phase_name: X | phase_status: S`
// in any key order, with any spacing.
func parsePhaseLine(t string, i int) (phaseLine, bool) {
	p := phaseLine{line: i, statusFrom: -1, statusTo: -1}
	m := bulletRe.FindStringSubmatchIndex(t)
	if m == nil {
		return p, false
	}
	off := m[2]
	body := t[off:]
	found := false
	for {
		part, rest, more := strings.Cut(body, "|")
		k, v, ok := strings.Cut(part, ":")
		if ok {
			key := strings.ToLower(strings.TrimSpace(k))
			lead := len(v) - len(strings.TrimLeftFunc(v, unicode.IsSpace))
			raw := strings.TrimRightFunc(v[lead:], unicode.IsSpace)
			val, _ := unquote(raw)
			switch key {
			case "phase_number", "phase", "number":
				if n, ok := atoi(val); ok {
					p.number, p.hasNumber, found = n, true, true
				}
			case "phase_name", "name":
				p.name, found = val, true
			case "phase_status", "status":
				p.status, found = strings.ToLower(val), true
				p.statusFrom = off + len(k) + 1 + lead
				p.statusTo = p.statusFrom + len(raw)
			}
		}
		if !more {
			break
		}
		off += len(part) + 1
		body = rest
	}
	return p, found && p.hasNumber
}

// get returns a runtime field: the first occurrence in the Runtime,
// Metadata and Handoff sections or before any heading, else in an unknown
// section. Sections with their own keys (Reset Notes, Validation…) are
// never searched.
func (d *memDoc) get(key string) (field, bool) {
	for _, sec := range fieldOrder {
		for _, f := range d.fields[sec] {
			if f.key == key {
				return f, true
			}
		}
	}
	for _, sec := range d.sections {
		if notFieldSections[sec.name] || contains(fieldOrder, sec.name) {
			continue
		}
		for _, f := range d.fields[sec.name] {
			if f.key == key {
				return f, true
			}
		}
	}
	return field{}, false
}

// value is a runtime field's value, "" when absent or null.
func (d *memDoc) value(key string) string {
	f, ok := d.get(key)
	if !ok || f.null {
		return ""
	}
	return strings.TrimSpace(f.value)
}

// inSection returns a field of one section (Reset Notes).
func (d *memDoc) inSection(sec, key string) string {
	for _, f := range d.fields[sec] {
		if f.key == key && !f.null {
			return strings.TrimSpace(f.value)
		}
	}
	return ""
}

// lastSection returns the last section with that name.
func (d *memDoc) lastSection(name string) (section, bool) {
	for i := len(d.sections) - 1; i >= 0; i-- {
		if s := d.sections[i]; s.name == name && s.head >= 0 {
			return s, true
		}
	}
	return section{}, false
}

// section returns the first section with that name.
func (d *memDoc) section(name string) (section, bool) {
	for _, s := range d.sections {
		if s.name == name && s.head >= 0 {
			return s, true
		}
	}
	return section{}, false
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// atoi reads a small non-negative integer, tolerating spaces and quotes.
func atoi(s string) (int, bool) {
	s, _ = unquote(strings.TrimSpace(s))
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 6 {
		return 0, false
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, true
}

// stripComment drops a trailing ` # comment` from an enum or number value.
func stripComment(s string) string {
	if i := strings.Index(s, " #"); i >= 0 {
		return strings.TrimSpace(s[:i])
	}
	if i := strings.Index(s, "\t#"); i >= 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}
