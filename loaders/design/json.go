package design

import (
	"sort"

	"github.com/tidwall/gjson"

	"github.com/pickup-dev/pickup/internal/jsondoc"
	"github.com/pickup-dev/pickup/internal/textin"
)

// Session files are read by the shared reader (internal/jsondoc): values
// keep their exact text and byte offset, so a write can change one value
// (a stage status, updated_at) and leave every other byte as the agent
// wrote it. Two things agents write that strict JSON rejects are read
// anyway and reported: a byte order mark and trailing commas.

// readOptions are design's leniencies: trailing commas, and brackets
// nested at most maxDepth deep.
var readOptions = jsondoc.Options{TrailingCommas: true, MaxDepth: maxDepth}

// parsed is a whole file read by parseJSON.
type parsed struct {
	data []byte       // the file as read
	root gjson.Result // root.Raw is the value alone, without the space around it
	// trailingCommas counts commas before a closing bracket (not JSON).
	trailingCommas int
	bom            bool
	duplicates     []string // "stage_status.3" for each repeated key, inner ones first
	// encoding is how the file was stored: data is its text in UTF-8.
	encoding textin.Encoding
}

// jsonError is a syntax error with its position.
type jsonError struct {
	Line, Col int
	Msg       string
	err       *jsondoc.Error
}

func (e *jsonError) Error() string { return e.err.Error() }

// in is Error in t's language.
func (e *jsonError) in(t *Text) string {
	return t.Reader.At.F(e.Line, e.Col, t.fault(e.err))
}

// maxDepth is how deep values may nest.
const maxDepth = 200

// parseJSON reads data leniently (see above) and returns its values or a
// located syntax error.
func parseJSON(data []byte) (*parsed, *jsonError) {
	enc := textin.UTF8
	if in, err := textin.Decode(data); err == nil && in.Encoding != textin.UTF8 {
		data, enc = in.Data, in.Encoding // read in UTF-8; never spliced (view.edit)
	}
	d, err := jsondoc.Read(data, readOptions)
	if err != nil {
		return nil, &jsonError{Line: err.Line, Col: err.Col, Msg: err.Msg(), err: err}
	}
	p := &parsed{data: data, root: d.Root, trailingCommas: d.TrailingCommas, bom: d.BOM, encoding: enc}
	// Inner repeats first: a repeat inside a member's value before the
	// member's own, as the value ends before the member does.
	reps := append([]jsondoc.Repeat(nil), d.Repeats...)
	sort.SliceStable(reps, func(i, j int) bool { return reps[i].End < reps[j].End })
	for _, r := range reps {
		p.duplicates = append(p.duplicates, r.Path)
	}
	return p, nil
}

// leniencyWarnings says what was read that JSON does not allow: a byte
// order mark, trailing commas.
func (p *parsed) leniencyWarnings(warn func(string), t *Text) {
	if p.bom {
		warn(t.Reader.BOM)
	}
	if p.trailingCommas > 0 {
		warn(t.Reader.TrailingCommas.N(p.trailingCommas))
	}
}

// line is the line a value starts on.
func (p *parsed) line(v gjson.Result) int { return jsondoc.LineAt(p.data, v.Index) }

// ---- values (jsondoc's) ----

var (
	members = jsondoc.Members
	get     = jsondoc.Get
	items   = jsondoc.Items
	decoded = jsondoc.Decoded
)

// hasMembers reports an object with at least one key.
func hasMembers(obj gjson.Result) bool {
	for range members(obj) {
		return true
	}
	return false
}

// isNull reports a missing value or a JSON null.
func isNull(v gjson.Result) bool { return !v.Exists() || v.Type == gjson.Null }

// str is a string's value, a number's literal, or "".
func str(v gjson.Result) string {
	switch v.Type {
	case gjson.String:
		return decoded(v)
	case gjson.Number:
		return v.Raw
	}
	return ""
}
