package crucible

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// WriteJSON writes the plan as encoding/json's Encoder does with
// SetEscapeHTML(false) and SetIndent(prefix, indent), for a plan that
// sits one level inside a document (no trailing newline): the same bytes.
// A plan over a large manifest has a row per dispatch and a check per
// verified one (about 50 MB of JSON for 100,000 dispatches); encoding/json
// builds all of it in memory, twice (compact, then indented), through
// reflection. Here the three long arrays are streamed row by row, and
// everything else goes through encoding/json.
func (pl *ReplayPlan) WriteJSON(w io.Writer, prefix, indent string) error {
	cp := *pl
	// Empty, the long arrays print as "[]"; they are found in the small
	// document and filled in as it is written. A nil or empty one prints
	// as encoding/json prints it.
	long := []struct {
		key string
		n   int
		row func(b []byte, i int, in string) []byte
	}{
		{"skip", len(pl.Skip), func(b []byte, i int, in string) []byte { return pl.Skip[i].appendJSON(b, in, indent) }},
		{"re_execute", len(pl.ReExecute), func(b []byte, i int, in string) []byte { return pl.ReExecute[i].appendJSON(b, in, indent) }},
		{"verification", len(pl.Checks), func(b []byte, i int, in string) []byte { return pl.Checks[i].appendJSON(b, in, indent) }},
	}
	if len(pl.Skip) > 0 {
		cp.Skip = []Row{}
	}
	if len(pl.ReExecute) > 0 {
		cp.ReExecute = []Row{}
	}
	if len(pl.Checks) > 0 {
		cp.Checks = []Check{}
	}
	var small bytes.Buffer
	enc := json.NewEncoder(&small)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, indent)
	if err := enc.Encode(&cp); err != nil {
		return err
	}
	doc := bytes.TrimSuffix(small.Bytes(), []byte("\n"))

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
		for i := 0; i < l.n; i++ {
			buf = append(buf[:0], '\n')
			buf = append(buf, elem...)
			buf = l.row(buf, i, elem)
			if i < l.n-1 {
				buf = append(buf, ',')
			}
			bw.Write(buf)
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
	b = appendJSONString(jsonField(b, false, in, indent, "why"), r.Why)
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
	b = appendJSONString(jsonField(b, false, in, indent, "evidence"), c.Evidence)
	b = append(b, '\n')
	b = append(b, in...)
	return append(b, '}')
}

// appendJSONString appends s quoted as encoding/json quotes it without
// HTML escaping. Printable ASCII without quotes or backslashes (nearly
// every string in a plan) is copied; anything else goes through
// encoding/json itself, so control characters, invalid UTF-8 and U+2028
// come out exactly as it writes them.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			var q bytes.Buffer
			enc := json.NewEncoder(&q)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(s) // a string always encodes
			return append(b, bytes.TrimSuffix(q.Bytes(), []byte("\n"))...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
