package bookforge

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tidwall/gjson"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/textin"
)

// A syntax error names its line, in pickup's words.
func TestJSONErrorsHaveLines(t *testing.T) {
	for doc, want := range map[string]string{
		"{\n  \"a\": 1,\n}":  "invalid JSON at line 3: expected a quoted key",
		"{\n  \"a\": 1,\n  ": "invalid JSON at line 3: expected a quoted key",
		"{\n  \"a\": tru\n}": "invalid JSON at line 2: unexpected '\\n' in a literal",
		"":                   "invalid JSON at line 1: the file is empty",
		"\ufeff \n\n":        "invalid JSON at line 3: the file is empty",
		"{} {}":              `invalid JSON at line 1: unexpected '{' after the document`,
		"{\"a\": \"x\ny\"}":  "invalid JSON at line 1: a control character inside a string",
		"{\"a\": \"x":        "invalid JSON at line 1: a string is not closed",
		"{\"a\": -}":         "invalid JSON at line 1: invalid number",
		"{\"a\": 1 2}":       `invalid JSON at line 1: expected ',' or '}' after a value`,
		"{\"a\" 1}":          `invalid JSON at line 1: expected ':' after a key`,
		"{\"a\": 1":          "invalid JSON at line 1: unexpected end of file inside an object",
		"[1,\n2,\n\"\\x\"]":  "invalid JSON at line 3: invalid string",
		"{\"a\": [1, 2}":     "invalid JSON at line 1: expected ',' or ']' in an array",
		"[1,\n2,\n\"\xff\"]": "invalid JSON at line 3: a string is not valid UTF-8",
		strings.Repeat("[", 300) + strings.Repeat("]", 300):       "invalid JSON at line 1: nested more than 200 levels",
		strings.Repeat("[", 201) + "1" + strings.Repeat("]", 201): "invalid JSON at line 1: nested more than 200 levels",
		strings.Repeat("[", 300):                                  "invalid JSON at line 1: unexpected end of file",
	} {
		_, _, err := parseJSON([]byte(doc))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", doc, err, want)
		}
	}
	deep := strings.Repeat("[", 200) + strings.Repeat("]", 200)
	if _, _, err := parseJSON([]byte(deep)); err != nil {
		t.Errorf("200 levels: %v", err)
	}
	_, dups, err := parseJSON([]byte("{\n\"a\": 1,\n\"a\": 2, \"b\": [{\"c\": 1,\n\"c\": 2}]}"))
	if err != nil || len(dups) != 2 || english.KeyRepeated.F(strconv.Quote(dups[0].Key), dups[0].Line) != `key "a" (line 3) is repeated; the last one counts` ||
		dups[1] != (repeat{Key: "c", Line: 4}) {
		t.Fatalf("dups %v %v", dups, err)
	}
}

// Values are read as Python reads them: the last of a repeated key
// counts; numbers and booleans keep their text.
func TestJSONReading(t *testing.T) {
	root, _, err := parseJSON([]byte("\ufeff{\"a\": 1, \"a.b\": {\"c\": 5.0}, \"a\": \"caf\\u00e9\", \"t\": true, \"n\": null, \"d\": {\"x\": [1, {\"y\": \"z\\n\"}], \"e\": {}}}"))
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{"a": "café", "t": "true", "n": "", "missing": "", "d": ""} {
		if got := text(field(root, key)); got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
	if got := text(field(field(root, "a.b"), "c")); got != "5.0" {
		t.Errorf("a.b c = %q", got)
	}
	if got := compact(field(root, "d")); got != `{"x": [1, {"y": "z\n"}], "e": {}}` {
		t.Errorf("compact %s", got)
	}
	if english.kind(root) != "an object" || english.kind(field(root, "n")) != "null" || english.kind(field(root, "t")) != "a boolean" {
		t.Errorf("kinds")
	}
}

// setMember changes only what it sets: in place when the key is there,
// else after the last member, laid out like it.
func TestSetMemberKeepsTheLayout(t *testing.T) {
	for _, tc := range []struct{ in, key, raw, want string }{
		{"{\n      \"a\": 1,\n      \"b\": [1, 2]\n    }", "c", `"x"`, "{\n      \"a\": 1,\n      \"b\": [1, 2],\n      \"c\": \"x\"\n    }"},
		{"{\r\n\t\"a\": 5.0\r\n}", "c", "null", "{\r\n\t\"a\": 5.0,\r\n\t\"c\": null\r\n}"},
		{`{"a": 1}`, "c.d*", `"x"`, `{"a": 1, "c.d*": "x"}`},
		{"{\n  \"a\": 1,\n  \"c\": null\n}", "c", `"\u00e9"`, "{\n  \"a\": 1,\n  \"c\": \"\\u00e9\"\n}"},
		// sjson drops a first member with the space before the next.
		{`{"c": 1, "a": 2, "c": 3}`, "c", `4`, `{ "a": 2, "c": 4}`},
		{`{ }`, "c?", `1`, `{"c?": 1 }`},
	} {
		got, err := setMember([]byte(tc.in), tc.key, tc.raw, nil)
		if err != nil || string(got) != tc.want {
			t.Errorf("setMember(%q, %q) = %q, %v\nwant %q", tc.in, tc.key, got, err, tc.want)
		}
	}
}

// takePhases moves every copy of each key out, as written, and leaves
// the rest byte for byte.
func TestTakePhases(t *testing.T) {
	body := "{\n  \"phases\": {\n    \"plan\": {},\n    \"w.x\": {\"a\": 1},\n    \"lint\": 2,\n    \"w.x\": [\n      3\n    ]\n  }\n}\n"
	out, moved, err := takePhases([]byte(body), []string{"lint", "w.x", "w.x"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "{\n  \"phases\": {\n    \"plan\": {}\n  }\n}\n"; string(out) != want {
		t.Errorf("left %q", out)
	}
	if want := "{\"lint\":2,\"w.x\":{\"a\": 1},\"w.x\":[\n      3\n    ]}"; string(moved) != want {
		t.Errorf("moved %q", moved)
	}
	out, _, err = takePhases(out, []string{"plan"}, nil)
	if err != nil || string(out) != "{\n  \"phases\": {}\n}\n" {
		t.Errorf("all moved: %q %v", out, err)
	}
}

// pyString writes what Python's json.dumps writes (ensure_ascii=True),
// and Go reads it back to the same string.
func TestPyString(t *testing.T) {
	for in, want := range map[string]string{
		`plain`:               `"plain"`,
		`say "hi" \ bye`:      `"say \"hi\" \\ bye"`,
		"tab\tnl\ncr\r\x01":   `"tab\tnl\ncr\r\u0001"`,
		"bs\b ff\f":           `"bs\b ff\f"`,
		"café — ok":           `"caf\u00e9 \u2014 ok"`,
		"emoji 🎉":             `"emoji \ud83c\udf89"`,
		"del\x7f </script> /": `"del\u007f </script> /"`,
	} {
		got := pyString(in)
		if got != want {
			t.Errorf("pyString(%q) = %s, want %s", in, got, want)
		}
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil || back != in {
			t.Errorf("%s reads back as %q (%v)", got, back, err)
		}
	}
}

// Any bytes: reading never panics; what is not JSON is an empty ledger
// whose warning names the file and a line of it; what is an object can
// be edited and stays JSON.
func FuzzParseJSON(f *testing.F) {
	f.Add([]byte(`{"scene_id": "ch001_sc001", "phases": {"plan": {"status": "success"}}}`))
	f.Add([]byte("{\n  \"phases\": {\n    \"write\": {\"a\": [1, 2.0, \"\\u00e9\"]},\n    \"write\": {}\n  }\n}\n"))
	f.Add([]byte("\ufeff{\"phases\": {\"lint\": 1}}"))
	f.Add([]byte("{\n  \"a\": 1,\n"))
	f.Add([]byte(`[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l := &Ledger{ID: "ch001_sc001", Rel: "draft/context/phase_history/ch001_sc001.json"}
		warnings := parseLedger(l, data, nil)
		root, _, err := parseJSON(data)
		body := textin.ForReading(data)
		if err != nil {
			var je *jsonError
			if !errors.As(err, &je) || je.Line < 1 || je.Line > 1+bytes.Count(body, []byte("\n")) {
				t.Fatalf("error %v", err)
			}
			if len(warnings) != 1 || !strings.HasPrefix(warnings[0], l.Rel+": invalid JSON at line ") {
				t.Fatalf("warnings %q", warnings)
			}
			if json.Valid(body) && utf8.Valid(body) && !strings.Contains(je.Msg, "nested more than") {
				t.Fatalf("valid JSON refused: %v", err)
			}
			return
		}
		if !json.Valid(body) {
			t.Fatalf("invalid JSON accepted: %q", data)
		}
		phases := field(root, "phases")
		if !phases.IsObject() {
			return
		}
		// Edit the last phase the ledger read, as Apply does.
		var key string
		phases.ForEach(func(k, _ gjson.Result) bool { key = k.Str; return true })
		if key == "" {
			return
		}
		if entry := field(phases, key); entry.IsObject() {
			obj, err := setMember([]byte(entry.Raw), "prompt_hash_new", `"h"`, nil)
			if err != nil {
				t.Fatal(err)
			}
			out := splice(body, entry, obj)
			if !json.Valid(out) || text(field(field(field(gjson.ParseBytes(out), "phases"), key), "prompt_hash_new")) != "h" {
				t.Fatalf("edit of %q: %q", key, out)
			}
		}
		out, moved, err := takePhases(body, []string{key}, nil)
		if err != nil || !json.Valid(out) || !json.Valid(moved) || field(field(gjson.ParseBytes(out), "phases"), key).Exists() {
			t.Fatalf("take %q: %q %q %v", key, out, moved, err)
		}
	})
}

// A value's kind is said in the run's language, chosen by the value
// itself (not by its English name); null stays as JSON writes it.
func TestKindsInPortuguese(t *testing.T) {
	root, _, err := parseJSON([]byte(`{"o": {}, "l": [], "s": "x", "n": 1, "b": false, "z": null}`))
	if err != nil {
		t.Fatal(err)
	}
	pt := Catalogs.For(i18n.PortugueseBR)
	for key, want := range map[string]string{"o": "um objeto", "l": "uma lista", "s": "um texto", "n": "um número", "b": "um booleano", "z": "null", "missing": "null"} {
		if got := pt.kind(field(root, key)); got != want {
			t.Errorf("%s: %q, want %q", key, got, want)
		}
	}
}
