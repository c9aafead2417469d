package crucible

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/pickup-dev/pickup/internal/textsafe"
)

// encodingJSON is what encoding/json writes for v at one level inside an
// indented document: Encoder with SetEscapeHTML(false) and
// SetIndent(prefix, indent), without the trailing newline, with bytes
// that are not UTF-8 kept as \xNN (textsafe.Strings), as every JSON
// document pickup prints keeps them, then made safe as textsafe's JSON
// Writer makes every JSON document pickup prints (the gate's rules).
func encodingJSON(t *testing.T, v any, prefix, indent string) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, indent)
	if err := enc.Encode(textsafe.Strings(v)); err != nil {
		t.Fatal(err)
	}
	return textsafe.AppendJSON(nil, bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func checkPlanJSON(t *testing.T, name string, pl *ReplayPlan) {
	t.Helper()
	for _, pi := range [][2]string{{"  ", "  "}, {"", "\t"}, {">", "  "}} {
		var got bytes.Buffer
		if err := pl.WriteJSON(&got, pi[0], pi[1]); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if want := encodingJSON(t, pl, pi[0], pi[1]); !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("%s (prefix %q, indent %q): WriteJSON differs from encoding/json\n got: %s\nwant: %s", name, pi[0], pi[1], got.Bytes(), want)
		}
	}
}

func TestWriteJSONMatchesEncodingJSON(t *testing.T) {
	for _, fx := range []string{"crash", "clean", "failed", "replay", "truncated"} {
		w := newWorld(t, fx, "4", "main")
		_, s := w.load()
		if s.Plan == nil {
			continue
		}
		checkPlanJSON(t, fx, planOf(t, s))
	}
	odd := []string{"", "plain", `quote " and \ backslash`, "tab\tnew\nline\r", "\x00\x01\x1f\x7f", "<html> & 'x'",
		"héllo — ✓", "\u2028\u2029", "bad \xff\xfe utf-8", "\U0001F600", "|pipe|",
		"del\x7f", "12:00–12:34", "a\u2028b", "cut \xe2\x80", "\x1b]0;title\x07", "\u202e\u200b\ufeff", "\u0085\u009b", "\U000E0041"}
	pl := &ReplayPlan{Source: odd[2], Skill: odd[5], Fallbacks: []Fallback{{From: odd[3], To: odd[6], Reason: odd[7]}}}
	pl.WorkPreserved.Seconds = 1234.5
	pl.Resume.Restore = &RestoreTarget{ID: "abc", Reason: odd[8]}
	for i, s := range odd {
		pl.Skip = append(pl.Skip, Row{Seq: i, Role: s, Phase: s, Task: s, Status: s, Summary: s, Template: s, Mutation: s, Why: s})
		pl.Checks = append(pl.Checks, Check{Seq: -i, Role: s, Phase: s, Kind: s, OK: i%2 == 0, Evidence: s})
	}
	checkPlanJSON(t, "odd strings", pl)
	pl.ReExecute = pl.Skip[:1]
	pl.Skip = nil
	pl.Checks = []Check{}
	checkPlanJSON(t, "nil and empty arrays", pl)
}

// TestAppendJSONString2 holds the reason written in two pieces (a lean
// plan's verified rows) to encoding/json on the joined string.
func TestAppendJSONString2(t *testing.T) {
	odd := []string{"", "plain", `quote " and \ backslash`, "tab\tnew\nline", "\x00\x1f\x7f", "<html> & 'x'",
		"héllo — ✓", "\u2028", "bad \xff\xfe utf-8", "\U0001F600", "12:00–12:34", "cut \xe2\x80", "\x80 lead",
		"\u202e bidi", "\u200b zero width", "\u0085 next line", "\U000E0041 tag"}
	for _, pre := range append(odd, "verified: ", "\xe2\x80", "é", "del\x7f") {
		for _, s := range odd {
			want, err := json.Marshal(textsafe.Invalid(pre + s))
			if err != nil {
				t.Fatal(err)
			}
			want = bytes.ReplaceAll(want, []byte(`\u003c`), []byte("<"))
			want = bytes.ReplaceAll(want, []byte(`\u003e`), []byte(">"))
			want = bytes.ReplaceAll(want, []byte(`\u0026`), []byte("&"))
			want = textsafe.AppendJSON(nil, want)
			if got := appendJSONString2([]byte("x"), pre, s); string(got) != "x"+string(want) {
				t.Fatalf("%q + %q: got %s, want %s", pre, s, got[1:], want)
			}
		}
	}
}
