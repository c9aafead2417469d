package design

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestParseJSONErrorsAreLocated(t *testing.T) {
	cases := []struct {
		in        string
		line, col int
		msg       string
	}{
		{"", 1, 1, "the file is empty"},
		{"   \n", 2, 1, "the file is empty"},
		{"{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "unexpected '\"': a comma or } was expected"},
		{"{\"a\" 1}", 1, 6, "a colon was expected after the key \"a\""},
		{"{\"a\": tru}", 1, 7, "a value was expected"},
		{"{\"a\": \"x\ny\"}", 1, 9, "raw control character"},
		{"{\"a\": [1, 2}", 1, 12, "a comma or ] was expected"},
		{"{\"a\": 1} x", 1, 10, "unexpected text after the end"},
		{"{\"a\": -}", 1, 7, "invalid number"},
		{"{\"a\": 01}", 1, 8, "a comma or } was expected"},
		{"{\"a\": \"\\x\"}", 1, 7, "invalid string"},
		{"{\n\"a\": {", 2, 7, "the object opened on line 2 is not closed"},
		{"{'a': 1}", 1, 2, "a quoted key was expected"},
		{"[\"é\", x]", 1, 7, "unexpected 'x'"},
	}
	for _, tc := range cases {
		_, err := parseJSON([]byte(tc.in))
		if err == nil {
			t.Errorf("%q: no error", tc.in)
			continue
		}
		if err.Line != tc.line || err.Col != tc.col || !strings.Contains(err.Msg, tc.msg) {
			t.Errorf("%q: %v, want line %d column %d with %q", tc.in, err, tc.line, tc.col, tc.msg)
		}
	}
}

func TestParseJSONLenience(t *testing.T) {
	p, err := parseJSON([]byte("\xEF\xBB\xBF{\"a\": [1, 2,], \"b\": {\"c\": null,},}"))
	if err != nil {
		t.Fatal(err)
	}
	if !p.bom || p.trailingCommas != 3 {
		t.Fatalf("bom %v trailing %d", p.bom, p.trailingCommas)
	}
	if a := p.root.get("a"); a.kind != jArray || len(a.items) != 2 || a.items[1].text != "2" {
		t.Fatalf("a %+v", a)
	}
	p, err = parseJSON([]byte(`{"x": 1, "y": {"x": 2, "x": 3}, "x": 4}`))
	if err != nil {
		t.Fatal(err)
	}
	if p.root.get("x").text != "4" || p.root.get("y").get("x").text != "3" {
		t.Fatal("the last of a repeated key is not the one used")
	}
	if strings.Join(p.duplicates, ",") != "y.x,x" {
		t.Fatalf("duplicates %v", p.duplicates)
	}
	deep := strings.Repeat("[", 300) + strings.Repeat("]", 300)
	if _, err := parseJSON([]byte(deep)); err == nil || !strings.Contains(err.Msg, "nested more than") {
		t.Fatalf("deep nesting: %v", err)
	}
}

// Spans cover exactly the value's bytes.
func TestParseJSONSpans(t *testing.T) {
	src := []byte("{\n  \"s\": \"a\\\"b\",\n  \"n\": -1.5e3,\n  \"o\": {\"k\": [true, null]}\n}\n")
	p, err := parseJSON(src)
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{"s": `"a\"b"`, "n": "-1.5e3", "o": `{"k": [true, null]}`} {
		n := p.root.get(key)
		if got := string(src[n.start:n.end]); got != want {
			t.Errorf("%s spans %q, want %q", key, got, want)
		}
	}
	if p.root.get("s").text != `a"b` || p.root.get("o").line != 4 {
		t.Fatalf("decoded %q line %d", p.root.get("s").text, p.root.get("o").line)
	}
}

func TestSetMember(t *testing.T) {
	cases := []struct{ in, key, val, want string }{
		{`{"a": 1}`, "a", "2", `{"a": 2}`},
		{`{}`, "a", "2", `{"a": 2}`},
		{`{"a": 1}`, "b", `"x"`, `{"a": 1, "b": "x"}`},
		{"{\n    \"a\": 1\n}", "b", "2", "{\n    \"a\": 1,\n    \"b\": 2\n}"},
		{"{\r\n\t\"a\": 1\r\n}", "b", "2", "{\r\n\t\"a\": 1,\r\n\t\"b\": 2\r\n}"},
		{"{\n  \"a\": 1,\n}", "b", "2", "{\n  \"a\": 1,\n  \"b\": 2,\n}"},
	}
	for _, tc := range cases {
		p, err := parseJSON([]byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		got := string(applyEdits([]byte(tc.in), []jedit{setMember([]byte(tc.in), p.root, tc.key, tc.val)}))
		if got != tc.want {
			t.Errorf("%q + %s: %q, want %q", tc.in, tc.key, got, tc.want)
		}
	}
}

// FuzzParseJSON: the reader never panics, and on input without its two
// leniencies it accepts exactly what encoding/json accepts.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, 2, {"b": null}]}`, `[1,]`, `{"a":"\u00e9"}`, `-0.1e+2`, `"\ud800"`, `{"a":1}}`, "\xEF\xBB\xBF{}", `[`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := parseJSON(data)
		if err != nil {
			if err.Line < 1 || err.Col < 1 {
				t.Fatalf("error without a position: %v", err)
			}
		}
		if bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) || (p != nil && p.trailingCommas > 0) {
			return
		}
		if (err == nil) != json.Valid(data) {
			t.Fatalf("parseJSON error %v, json.Valid %v for %q", err, json.Valid(data), data)
		}
	})
}
