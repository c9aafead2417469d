package crucible

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/pickup-dev/pickup/internal/textsafe"
)

// WriteJSON writes the plan as encoding/json's Encoder does with
// SetEscapeHTML(false) and SetIndent(prefix, indent), for a plan that
// sits one level inside a document (no trailing newline), made safe as
// textsafe's JSON Writer makes it: the same bytes as both passes, in
// one.
// A plan over a large manifest has a row per dispatch and a check per
// verified one (about 50 MB of JSON for 100,000 dispatches); encoding/json
// builds all of it in memory, twice (compact, then indented), through
// reflection. Here the three long arrays are streamed row by row, and
// everything else goes through encoding/json.
func (pl *ReplayPlan) WriteJSON(w io.Writer, prefix, indent string) error {
	if pl.lean && pl.m.lean {
		// The rows' summaries are read again from the manifest.
		pl.lines = newLineReader(pl.m, pl.text())
		defer func() { pl.lines.close(); pl.lines = nil }()
	}
	if pl.lean {
		pl.wbuf = make([]byte, 0, 256)
		defer func() { pl.wbuf = nil }()
	}
	cp := *pl
	// each gives a long array's elements, a row or a check, in order
	// to add; a lean plan's rows are made as they are written.
	type each func(add func(*Row, *Check)) error
	rows := func(kept []Row, skip bool) each {
		if pl.lean {
			return func(add func(*Row, *Check)) error {
				return pl.eachRow(skip, func(r *Row) error { add(r, nil); return nil })
			}
		}
		return func(add func(*Row, *Check)) error {
			for i := range kept {
				add(&kept[i], nil)
			}
			return nil
		}
	}
	// Empty, the long arrays print as "[]"; they are found in the small
	// document and filled in as it is written. A nil or empty one prints
	// as encoding/json prints it (a lean plan's rows are never nil).
	long := []struct {
		key  string
		n    int
		each each
	}{
		{"skip", pl.SkipCount(), rows(pl.Skip, true)},
		{"re_execute", pl.ReExecuteCount(), rows(pl.ReExecute, false)},
		{"verification", pl.checkCount(), func(add func(*Row, *Check)) error {
			if pl.lean {
				// The kind is the role's; a pipeline has a few roles.
				kinds := map[string]string{}
				var c Check
				for _, lc := range pl.leanChecks {
					k, ok := kinds[lc.e.Role()]
					if !ok {
						k = RoleKind(lc.e.Role())
						if len(kinds) < 1024 {
							kinds[lc.e.Role()] = k
						}
					}
					c = Check{Seq: lc.e.Seq, Role: lc.e.Role(), Phase: lc.e.EPhase(), Kind: k,
						OK: lc.verdict == vVerified, Verdict: lc.verdict.String()}
					c.evPre, c.Evidence = pl.parts(lc, "")
					add(nil, &c)
				}
				return nil
			}
			for i := range pl.Checks {
				add(nil, &pl.Checks[i])
			}
			return nil
		}},
	}
	if pl.lean {
		cp.Skip, cp.ReExecute = []Row{}, []Row{}
	}
	if len(cp.Skip) > 0 {
		cp.Skip = []Row{}
	}
	if len(cp.ReExecute) > 0 {
		cp.ReExecute = []Row{}
	}
	if pl.checkCount() > 0 || pl.lean {
		cp.Checks = []Check{} // a lean plan's checks are in leanChecks
	}
	var small bytes.Buffer
	enc := json.NewEncoder(&small)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, indent)
	if err := enc.Encode(textsafe.Strings(&cp)); err != nil {
		return err
	}
	// Made safe here, as the rows are (appendJSONString): what WriteJSON
	// writes needs no textsafe.Writer after it.
	doc := textsafe.AppendJSON(make([]byte, 0, small.Len()+64), bytes.TrimSuffix(small.Bytes(), []byte("\n")))

	bw := bufio.NewWriterSize(w, 64<<10)
	field := prefix + indent // the plan's keys
	elem := field + indent   // an array's elements
	var buf []byte
	for _, l := range long {
		if l.n == 0 {
			continue
		}
		// A key at the plan's level starts its own line; a string value
		// cannot hold a raw newline, so this text is the key.
		mark := []byte("\n" + field + strconv.Quote(l.key) + ": [")
		at := bytes.Index(doc, mark)
		if at < 0 || !bytes.HasPrefix(doc[at+len(mark):], []byte("]")) {
			return fmt.Errorf("crucible: plan JSON: %s not found", l.key)
		}
		at += len(mark)
		bw.Write(doc[:at])
		i := 0
		err := l.each(func(r *Row, c *Check) {
			buf = buf[:0]
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, '\n')
			buf = append(buf, elem...)
			if r != nil {
				buf = r.appendJSON(buf, elem, indent)
			} else {
				buf = c.appendJSON(buf, elem, indent)
			}
			bw.Write(buf)
			i++
		})
		if err != nil {
			return err
		}
		if i != l.n {
			return fmt.Errorf("crucible: plan JSON: %d %s rows made, %d counted", i, l.key, l.n)
		}
		bw.WriteString("\n" + field)
		doc = doc[at:]
	}
	bw.Write(doc)
	return bw.Flush()
}

// jsonField appends `,\n<in><indent>"key": ` (no comma for the first).
func jsonField(b []byte, first bool, in, indent, key string) []byte {
	if !first {
		b = append(b, ',')
	}
	b = append(b, '\n')
	b = append(b, in...)
	b = append(b, indent...)
	b = append(b, '"')
	b = append(b, key...)
	return append(b, '"', ':', ' ')
}

func (r *Row) appendJSON(b []byte, in, indent string) []byte {
	b = append(b, '{')
	b = jsonField(b, true, in, indent, "seq")
	b = strconv.AppendInt(b, int64(r.Seq), 10)
	b = appendJSONString(jsonField(b, false, in, indent, "role"), r.Role)
	b = appendJSONString(jsonField(b, false, in, indent, "phase"), r.Phase)
	if r.Task != "" {
		b = appendJSONString(jsonField(b, false, in, indent, "task"), r.Task)
	}
	b = appendJSONString(jsonField(b, false, in, indent, "original_status"), r.Status)
	if r.Summary != "" {
		b = appendJSONString(jsonField(b, false, in, indent, "summary"), r.Summary)
	}
	if r.Template != "" {
		b = appendJSONString(jsonField(b, false, in, indent, "template"), r.Template)
	}
	if r.Mutation != "" {
		b = appendJSONString(jsonField(b, false, in, indent, "mutation"), r.Mutation)
	}
	b = jsonField(b, false, in, indent, "why")
	if r.whyPre != "" {
		b = appendJSONString2(b, r.whyPre, r.Why)
	} else {
		b = appendJSONString(b, r.Why)
	}
	b = append(b, '\n')
	b = append(b, in...)
	return append(b, '}')
}

func (c *Check) appendJSON(b []byte, in, indent string) []byte {
	b = append(b, '{')
	b = jsonField(b, true, in, indent, "seq")
	b = strconv.AppendInt(b, int64(c.Seq), 10)
	b = appendJSONString(jsonField(b, false, in, indent, "role"), c.Role)
	b = appendJSONString(jsonField(b, false, in, indent, "phase"), c.Phase)
	b = appendJSONString(jsonField(b, false, in, indent, "kind"), c.Kind)
	b = strconv.AppendBool(jsonField(b, false, in, indent, "ok"), c.OK)
	b = appendJSONString(jsonField(b, false, in, indent, "verdict"), c.Verdict)
	b = jsonField(b, false, in, indent, "evidence")
	if c.evPre != "" {
		b = appendJSONString2(b, c.evPre, c.Evidence)
	} else {
		b = appendJSONString(b, c.Evidence)
	}
	b = append(b, '\n')
	b = append(b, in...)
	return append(b, '}')
}

// appendJSONString appends s quoted as encoding/json quotes it without
// HTML escaping, made safe as pickup's JSON output is made safe
// (textsafe.AppendJSONString): the plan's JSON needs no second pass.
func appendJSONString(b []byte, s string) []byte { return textsafe.AppendJSONString(b, s) }

// appendJSONString2 appends pre+s quoted, as appendJSONString would,
// without joining them when pre needs no escaping: then pre+s quotes as
// pre followed by s quoted (an ASCII byte never joins the bytes after it
// into one character, valid or not).
func appendJSONString2(b []byte, pre, s string) []byte {
	if !jsonPlain(pre) {
		return appendJSONString(b, pre+s)
	}
	b = append(b, '"')
	b = append(b, pre...)
	at := len(b)
	b = appendJSONString(b, s) // starts with its own quote: dropped
	copy(b[at:], b[at+1:])
	return b[:len(b)-1]
}

// jsonPlain reports whether s is printable ASCII with no quote or
// backslash: quoted as it is (DEL is not printable: textsafe escapes it).
func jsonPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
