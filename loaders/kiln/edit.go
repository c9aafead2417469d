package kiln

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// The edits pickup makes to MEMORY.md. Each changes the few lines it
// names and copies every other line, with its line ending, as it was.

// isoSeconds is the timestamp pickup writes: UTC, seconds, Z.
func isoSeconds(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05Z") }

// editor collects replacements and insertions against a parsed file.
type editor struct {
	d   *memDoc
	out []line
	eol string
	// ins maps a line index to the lines inserted before it; index
	// len(lines) means at the end of the file.
	ins map[int][]string
}

func newEditor(d *memDoc) *editor {
	e := &editor{d: d, out: append([]line(nil), d.lines...), ins: map[int][]string{}}
	crlf := 0
	for _, l := range d.lines {
		if l.eol == "\r\n" {
			crlf++
		}
	}
	e.eol = "\n"
	if crlf*2 > len(d.lines) {
		e.eol = "\r\n"
	}
	return e
}

// replaceSpan puts v in place of the bytes [from, to) of line i.
func (e *editor) replaceSpan(i, from, to int, v string) {
	t := e.out[i].text
	if from == to && from > 0 && t[from-1] == ':' {
		v = " " + v // `key:` with nothing after it
	}
	e.out[i].text = t[:from] + v + t[to:]
}

// set writes v as f's value, in f's quotes if it had any.
func (e *editor) set(f field, v string) {
	if f.quote != 0 {
		v = string(f.quote) + v + string(f.quote)
	}
	e.replaceSpan(f.line, f.valFrom, f.valTo, v)
}

// insert adds lines before line index at.
func (e *editor) insert(at int, texts ...string) {
	e.ins[at] = append(e.ins[at], texts...)
}

// endOf is the index just after a section's last non-blank line, or just
// after its heading when it has none.
func (e *editor) endOf(s section) int {
	at := s.start
	for i := s.start; i < s.end; i++ {
		if !blank(e.d.lines[i].text) {
			at = i + 1
		}
	}
	return at
}

func blank(t string) bool {
	for _, r := range t {
		if r != ' ' && r != '\t' {
			return false
		}
	}
	return true
}

// setField sets a runtime field, inserting `key: v` after the line index
// `after()` returns when the file has no such field.
func (e *editor) setField(key, v string, after func() int) {
	if f, ok := e.d.get(key); ok {
		e.set(f, v)
		return
	}
	e.insert(after(), key+": "+v)
}

// setLastUpdated sets last_updated, adding it at the end of Metadata (or
// after the status line) when the file has none.
func (e *editor) setLastUpdated(ts string) {
	e.setField("last_updated", ts, func() int {
		if s, ok := e.d.section(secMetadata); ok {
			return e.endOf(s)
		}
		if f, ok := e.d.get("status"); ok {
			return f.line + 1
		}
		return len(e.d.lines)
	})
}

// lastEntry is the index just after a section's last line that is not
// blank and not a comment, or just after its heading when it has none:
// kiln's template ends `## Resume Log` with a commented block of optional
// sections, which a new entry must go before.
func (e *editor) lastEntry(s section) int {
	at := s.start
	for i := s.start; i < s.end; i++ {
		t := strings.TrimSpace(e.d.lines[i].text)
		if t != "" && !strings.HasPrefix(t, "#") {
			at = i + 1
		}
	}
	return at
}

// appendLog adds a bullet after the last entry of `## Resume Log` (the
// last such section, if an agent wrote two), creating the section at the
// end of the file when there is none.
func (e *editor) appendLog(entry string) {
	if s, ok := e.d.lastSection(secResumeLog); ok {
		e.insert(e.lastEntry(s), "- "+entry)
		return
	}
	n := len(e.d.lines)
	var add []string
	if n > 0 && !blank(e.d.lines[n-1].text) {
		add = append(add, "")
	}
	e.insert(n, append(add, "## Resume Log", "- "+entry)...)
}

// bytes renders the edited file.
func (e *editor) bytes() []byte {
	var res []line
	emit := func(at int) {
		for _, t := range e.ins[at] {
			res = append(res, line{text: t, eol: e.eol})
		}
	}
	for i, l := range e.out {
		emit(i)
		res = append(res, l)
	}
	if tail := e.ins[len(e.out)]; len(tail) > 0 {
		// A file that ended without a newline keeps ending without one:
		// the old last line gets one, the new last line does not.
		noEOL := len(res) > 0 && res[len(res)-1].eol == ""
		if noEOL {
			res[len(res)-1].eol = e.eol
		}
		emit(len(e.out))
		if noEOL {
			res[len(res)-1].eol = ""
		}
	}
	return append([]byte(e.d.bom), joinLines(res)...)
}

// errNoStatusLine is step7's refusal when MEMORY.md has no status line
// (Apply says it in the session's language: MemText.NoStatusLine).
var errNoStatusLine = errors.New(englishMem.NoStatusLine)

// ResumeEntry is the Resume Log line Step 7 appends.
func ResumeEntry(ts string) string { return "Resumed: " + ts }

// step7 is the spec's Step 7: status in_progress, last_updated now, and
// `- Resumed: <ISO>` appended under `## Resume Log`.
func step7(d *memDoc, now time.Time) ([]byte, error) {
	f, ok := d.get("status")
	if !ok {
		return nil, errNoStatusLine
	}
	ts := isoSeconds(now)
	e := newEditor(d)
	e.set(f, "in_progress")
	e.setLastUpdated(ts)
	e.appendLog(ResumeEntry(ts))
	return e.bytes(), nil
}

// restartPhase sets phase n back to pending in `## Phase Statuses` (adding
// its line when there is none), updates last_updated and records the
// restart in the Resume Log. note ends the log line.
func restartPhase(d *memDoc, n int, name string, now time.Time, note string) []byte {
	ts := isoSeconds(now)
	e := newEditor(d)
	done := false
	for _, p := range d.phases {
		if p.number != n {
			continue
		}
		if p.statusFrom >= 0 {
			e.replaceSpan(p.line, p.statusFrom, p.statusTo, "pending")
		} else {
			e.out[p.line].text += " | phase_status: pending"
		}
		done = true
		break
	}
	if !done {
		entry := "- phase_number: " + strconv.Itoa(n) + " | phase_name: " + name + " | phase_status: pending"
		if s, ok := d.section(secPhaseStatuses); ok {
			e.insert(e.endOf(s), entry)
		} else {
			at := len(d.lines)
			if s, ok := d.section(secResumeLog); ok {
				at = s.head
				e.insert(at, "## Phase Statuses", entry, "")
			} else {
				add := []string{}
				if at > 0 && !blank(d.lines[at-1].text) {
					add = append(add, "")
				}
				e.insert(at, append(add, "## Phase Statuses", entry)...)
			}
		}
	}
	e.setLastUpdated(ts)
	e.appendLog("Restarted: " + ts + " phase " + strconv.Itoa(n) + " from its beginning" + note)
	return e.bytes()
}

// restartPlanning sets planning_sub_stage to dual_plan (adding it after
// the stage line when absent), updates last_updated and records it.
func restartPlanning(d *memDoc, now time.Time) []byte {
	ts := isoSeconds(now)
	e := newEditor(d)
	e.setField("planning_sub_stage", "dual_plan", func() int {
		f, _ := d.get("stage")
		return f.line + 1
	})
	e.setLastUpdated(ts)
	e.appendLog("Restarted: " + ts + " planning at dual_plan (pickup)")
	return e.bytes()
}
