package textsafe

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain text, été, 日本, emoji 😀\n\tindented", "plain text, été, 日本, emoji 😀\n\tindented"},
		{"CRLF\r\nline", "CRLF\r\nline"},
		{"title\x1b[2J\x1b]0;owned\x07", `title\x1b[2J\x1b]0;owned\x07`},
		{"lone\rreturn", `lone\x0dreturn`},
		{"nul\x00 del\x7f", `nul\x00 del\x7f`},
		{"csi \u009b31m osc \u009d dcs \u0090", "csi ⟨U+009B⟩31m osc ⟨U+009D⟩ dcs ⟨U+0090⟩"},
		{"abc\u202edcba", "abc⟨U+202E⟩dcba"},
		{"isolate \u2066x\u2069 lrm \u200e", "isolate ⟨U+2066⟩x⟨U+2069⟩ lrm ⟨U+200E⟩"},
		{"zero\u200bwidth\u200d\ufeff", "zero⟨U+200B⟩width⟨U+200D⟩⟨U+FEFF⟩"},
		{"tag \U000E0041", "tag ⟨U+E0041⟩"},
		{"sep\u2028line", "sep⟨U+2028⟩line"},
		{"name-\xff\xfe.json", `name-\xff\xfe.json`},
		{"cut \xe2\x82", `cut \xe2\x82`},
	} {
		if got := Text(c.in); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
		if Safe(c.in) != (c.in == c.want) {
			t.Errorf("Safe(%q) = %v", c.in, Safe(c.in))
		}
	}
}

// shown checks that out holds nothing a terminal would act on.
func shown(t *testing.T, out string) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("not UTF-8: %q", out)
	}
	for i, r := range out {
		if r < 0x20 && r != '\n' && r != '\t' && !(r == '\r' && strings.HasPrefix(out[i+1:], "\n")) || r == 0x7f || Hidden(r) {
			t.Fatalf("%U reaches the output: %q", r, out)
		}
	}
}

// A character cut between two writes is judged whole.
func TestWriterJoinsSplitCharacters(t *testing.T) {
	in := "é\u202e\x1b[31m😀\r\nend\r"
	for cut := range len(in) + 1 {
		var b bytes.Buffer
		w := NewWriter(&b)
		_, _ = w.Write([]byte(in[:cut]))
		_, _ = w.Write([]byte(in[cut:]))
		_ = w.Flush()
		if want := Text(in); b.String() != want {
			t.Fatalf("cut at %d: %q, want %q", cut, b.String(), want)
		}
	}
}

// JSON stays valid JSON, with the same values, and shows nothing raw.
func TestJSONWriter(t *testing.T) {
	in := map[string]any{"title": "a\x1b]0;x\x07\u009b\u202e\u200b\U000E0041\u2028\x7f", "n": 1}
	raw, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	w := NewJSONWriter(&b)
	for _, c := range raw {
		_, _ = w.Write([]byte{c}) // byte by byte: every character cut
	}
	_ = w.Flush()
	shown(t, b.String())
	var back map[string]any
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || back["title"] != in["title"] {
		t.Fatalf("%v: %q", err, back["title"])
	}
}

type doc struct {
	Path  string
	Paths []string
	Sub   *doc
	Ctx   map[string]any
	Raw   []byte
	priv  string
}

// Strings keeps a path that is not UTF-8 through encoding/json, as \xNN,
// and copies only what changes.
func TestStringsRoundTripsNonUTF8(t *testing.T) {
	bad := "/p/\xffname.json"
	in := doc{Path: bad, Paths: []string{"ok", bad}, Sub: &doc{Path: "fine"}, Ctx: map[string]any{bad: bad, "k": []any{bad}}, Raw: []byte{0xff}, priv: "x"}
	out := Strings(in).(doc)
	if out.Path != `/p/\xffname.json` || out.Paths[1] != `/p/\xffname.json` || out.Ctx[`/p/\xffname.json`] != `/p/\xffname.json` ||
		out.Ctx["k"].([]any)[0] != `/p/\xffname.json` || out.Sub != in.Sub || out.priv != "x" {
		t.Fatalf("%+v", out)
	}
	if in.Path != bad || in.Paths[1] != bad {
		t.Fatal("Strings changed its argument")
	}
	if Strings(&doc{Path: "fine"}) == nil {
		t.Fatal("nil")
	}
	data, _ := json.Marshal(Strings(in))
	var back doc
	_ = json.Unmarshal(data, &back)
	if back.Path != `/p/\xffname.json` {
		t.Fatalf("%s", data)
	}
}

// FuzzWriter: whatever is written, in whatever pieces, the text output
// holds nothing a terminal acts on, and JSON written through the JSON
// writer stays JSON with the same value.
func FuzzWriter(f *testing.F) {
	for _, s := range []string{"", "plain", "\x1b[2J", "\u202e\u200b", "\xff\xfe", "é\r\n\r", "\U000E0041\u009b"} {
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, s string, cut int) {
		var b bytes.Buffer
		w := NewWriter(&b)
		cut = max(0, min(cut, len(s)))
		_, _ = w.Write([]byte(s[:cut]))
		_, _ = w.Write([]byte(s[cut:]))
		_ = w.Flush()
		shown(t, b.String())
		if b.String() != Text(s) {
			t.Fatalf("split %q != whole %q", b.String(), Text(s))
		}
		raw, _ := json.Marshal(Strings(s))
		var j bytes.Buffer
		jw := NewJSONWriter(&j)
		_, _ = jw.Write(raw[:min(cut, len(raw))])
		_, _ = jw.Write(raw[min(cut, len(raw)):])
		_ = jw.Flush()
		shown(t, j.String())
		var back string
		if err := json.Unmarshal(j.Bytes(), &back); err != nil || back != Invalid(s) {
			t.Fatalf("%q: %v, %q != %q", j.String(), err, back, Invalid(s))
		}
	})
}

// benchJSON is JSON as pickup writes a large plan: mostly ASCII, with an
// en dash now and then.
var benchJSON = bytes.Repeat([]byte(`    {"seq": 1234, "role": "build-implementer", "phase": "3", "status": "completed", "summary": "12:00–12:34 wave 2: auth middleware"},`+"\n"), 80000)

func BenchmarkJSONWriter(b *testing.B) {
	b.SetBytes(int64(len(benchJSON)))
	for b.Loop() {
		w := NewJSONWriter(io.Discard)
		for i := 0; i < len(benchJSON); i += 32 << 10 {
			_, _ = w.Write(benchJSON[i:min(i+32<<10, len(benchJSON))])
		}
		_ = w.Flush()
	}
}

func BenchmarkText(b *testing.B) {
	s := strings.Repeat("Resume at phase development — 12:00–12:34, branch feature/jwt. ", 16)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		_ = Text(s)
	}
}
