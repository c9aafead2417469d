package bookforge

import (
	"encoding/json"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// Every JSON file of the fixtures (written by Python's json.dumps with
// indent=2, as bookforge writes them) comes back byte for byte.
func TestJSONRoundTripFixtures(t *testing.T) {
	n := 0
	err := filepath.WalkDir(fixtureDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		data := read(t, p)
		root, _, err := parseJSON([]byte(data))
		if err != nil {
			return nil // the invalid fixture
		}
		if got := string(layoutOf([]byte(data)).encode(root)); got != data {
			t.Errorf("%s:\n%s\nwant\n%s", p, got, data)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 40 {
		t.Fatalf("only %d files", n)
	}
}

func TestJSONRoundTripLayouts(t *testing.T) {
	for _, doc := range []string{
		`{"a": 1, "b": [1, 2.50, -3e+2], "c": {"d": "\u00e9\n", "e": null, "f": true}, "g": {}, "h": []}`,
		"{\n    \"phases\": {\n        \"plan\": {\n            \"x\": 5.0\n        }\n    }\n}\n",
		"\n{\n\t\"a\": [\n\t\t{}\n\t]\n}\n\n",
		`"just a string"`,
		`[]`,
	} {
		root, _, err := parseJSON([]byte(doc))
		if err != nil {
			t.Fatalf("%q: %v", doc, err)
		}
		if got := string(layoutOf([]byte(doc)).encode(root)); got != doc {
			t.Errorf("round trip\n%q\nwant\n%q", got, doc)
		}
	}
}

func TestJSONErrorsHaveLines(t *testing.T) {
	for doc, want := range map[string]string{
		"{\n  \"a\": 1,\n}":      "invalid JSON at line 3: expected a quoted key",
		"{\n  \"a\": tru\n}":     "invalid JSON at line 2: unexpected 't'",
		"":                       "invalid JSON at line 1: the file is empty",
		"{} {}":                  `invalid JSON at line 1: unexpected '{' after the document`,
		"{\"a\": \"x\ny\"}":      "invalid JSON at line 1: a control character inside a string",
		"{\"a\": 01}":            "invalid JSON at line 1: invalid number",
		"{\"a\": 1 2}":           `invalid JSON at line 1: expected ',' or '}' after the value of "a"`,
		"[1,\n2,\n\"\\x\"]":      "invalid JSON at line 3: invalid string",
		"{\"a\": [1, 2}":         "invalid JSON at line 1: expected ',' or ']' in an array",
		strings.Repeat("[", 300): "nested more than 200 levels",
	} {
		_, _, err := parseJSON([]byte(doc))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", doc, err, want)
		}
	}
	_, dups, err := parseJSON([]byte("{\n\"a\": 1,\n\"a\": 2}"))
	if err != nil || len(dups) != 1 || dups[0] != `"a" (line 3)` {
		t.Fatalf("dups %v %v", dups, err)
	}
}

// pyString writes what Python's json.dumps writes (ensure_ascii=True),
// and Go reads it back to the same string.
func TestPyString(t *testing.T) {
	for in, want := range map[string]string{
		`plain`:               `"plain"`,
		`say "hi" \ bye`:      `"say \"hi\" \\ bye"`,
		"tab\tnl\ncr\r\x01":   `"tab\tnl\ncr\r\u0001"`,
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

func FuzzParseJSON(f *testing.F) {
	f.Add(`{"scene_id": "ch001_sc001", "phases": {"plan": {"status": "success"}}}`)
	f.Add("{\n  \"a\": [1, 2.0, \"\\u00e9\"]\n}")
	f.Add(`[`)
	f.Fuzz(func(t *testing.T, doc string) {
		root, _, err := parseJSON([]byte(doc))
		if err != nil {
			return
		}
		// Whatever parses re-encodes to JSON Go accepts, with the same
		// value.
		out := layoutOf([]byte(doc)).encode(root)
		var a, b any
		if json.Unmarshal([]byte(doc), &a) != nil {
			return // Go is stricter on invalid UTF-8 only
		}
		if err := json.Unmarshal(out, &b); err != nil {
			t.Fatalf("re-encoded %q is not JSON: %v", out, err)
		}
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Fatalf("value changed: %s -> %s", ja, jb)
		}
	})
}
