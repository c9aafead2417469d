package design

import (
	"bytes"
	"encoding/json"
	"errors"
	"github.com/pickup-dev/pickup/internal/textin"
	"reflect"
	"strings"
	"testing"

	"github.com/tidwall/gjson"
)

func TestParseJSONErrorsAreLocated(t *testing.T) {
	cases := []struct {
		in        string
		line, col int
		msg       string
	}{
		{"", 1, 1, "the file is empty"},
		{"   \n", 2, 1, "the file is empty"},
		{"\xEF\xBB\xBF", 1, 2, "the file is empty"},
		{"{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "unexpected '\"': a comma or } was expected"},
		{"{\"a\" 1}", 1, 6, "a colon was expected after the key \"a\""},
		{"{\"a\\\"b\" 1}", 1, 9, "a colon was expected after the key \"a\\\"b\""},
		{"{\"a\": tru}", 1, 7, "unexpected 't': a value was expected"},
		{"\xEF\xBB\xBFtru", 1, 2, "unexpected 't': a value was expected"},
		{"{\"a\": \"x\ny\"}", 1, 9, "raw control character"},
		{"{\"a\": [1, 2}", 1, 12, "a comma or ] was expected"},
		{"{\"a\": 1} x", 1, 10, "unexpected text after the end"},
		{"{\"a\": -}", 1, 7, "invalid number"},
		{"[1.,]", 1, 2, "invalid number"},
		{"{\"a\": 01}", 1, 8, "a comma or } was expected"},
		{"{\"a\": \"\\x\"}", 1, 7, "invalid string: invalid character 'x' in string escape code"},
		{"[\"\\x\n\"]", 1, 5, "raw control character"},
		{"[\"\\x", 1, 2, "the string is not closed"},
		{"{\n\"a\": {", 2, 7, "the object opened on line 2 is not closed"},
		{"[1,\n", 2, 1, "the list opened on line 1 is not closed"},
		{"{\"a\":", 1, 6, "unexpected end of the file: a value is missing"},
		{"{\"a\": 1, \"b\"", 1, 13, "unexpected end of the file: a colon was expected after the key \"b\""},
		{"{'a': 1}", 1, 2, "a quoted key was expected"},
		{"{\"a\",}", 1, 5, "unexpected ',': a colon was expected after the key \"a\""},
		{"[1,}", 1, 4, "unexpected '}': a value was expected"},
		{"{\"a\": 1,]", 1, 9, "unexpected ']': a quoted key was expected"},
		{"[,]", 1, 2, "unexpected ',': a value was expected"},
		{"[\"é\", x]", 1, 7, "unexpected 'x'"},
		{strings.Repeat("[", 201), 1, 201, "values are nested more than 200 deep"},
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
	if a := items(get(p.root, "a")); len(a) != 2 || a[1].Raw != "2" {
		t.Fatalf("a %+v", a)
	}
	p, err = parseJSON([]byte(`{"x": 1, "y": {"x": 2, "x": 3}, "x": 4}`))
	if err != nil {
		t.Fatal(err)
	}
	if get(p.root, "x").Raw != "4" || get(get(p.root, "y"), "x").Raw != "3" {
		t.Fatal("the last of a repeated key is not the one used")
	}
	if strings.Join(p.duplicates, ",") != "y.x,x" {
		t.Fatalf("duplicates %v", p.duplicates)
	}
	deep := strings.Repeat("[", 300) + strings.Repeat("]", 300)
	if _, err := parseJSON([]byte(deep)); err == nil || !strings.Contains(err.Msg, "nested more than") {
		t.Fatalf("deep nesting: %v", err)
	}
	if _, err := parseJSON([]byte(strings.Repeat("[", 200) + strings.Repeat("]", 200))); err != nil {
		t.Fatalf("200 deep: %v", err)
	}
}

// Values keep their exact text and where it is in the file.
func TestParseJSONSpans(t *testing.T) {
	src := []byte("\xEF\xBB\xBF{\n  \"s\": \"a\\\"b\",\n  \"n\": -1.5e3,\n  \"o\": {\"k\": [true, null,],},\n  \"u\": \"\\ud800\\u0041\"\n}\n")
	p, err := parseJSON(src)
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{"s": `"a\"b"`, "n": "-1.5e3", "o": `{"k": [true, null,],}`, "u": `"\ud800\u0041"`} {
		v := get(p.root, key)
		if got := string(src[v.Index : v.Index+len(v.Raw)]); got != want {
			t.Errorf("%s spans %q, want %q", key, got, want)
		}
	}
	if p.root.Index != 3 || p.root.Raw[len(p.root.Raw)-1] != '}' {
		t.Fatalf("root at %d: %q", p.root.Index, p.root.Raw)
	}
	if str(get(p.root, "s")) != `a"b` || p.line(get(p.root, "o")) != 4 {
		t.Fatalf("decoded %q line %d", str(get(p.root, "s")), p.line(get(p.root, "o")))
	}
	if got := str(get(p.root, "u")); got != "\uFFFDA" { // as encoding/json decodes a lone surrogate
		t.Fatalf("lone surrogate decoded as %q", got)
	}
}

func TestSetMember(t *testing.T) {
	cases := []struct{ in, key, val, want string }{
		{`{"a": 1}`, "a", "2", `{"a": 2}`},
		{`{}`, "a", "2", `{"a": 2}`},
		{`{"a": 1}`, "b", `"x"`, `{"a": 1, "b": "x"}`},
		{`{"a": 1, "a": 3}`, "a", "2", `{"a": 1, "a": 2}`},
		{"{\n    \"a\": 1\n}", "b", "2", "{\n    \"a\": 1,\n    \"b\": 2\n}"},
		{"{\r\n\t\"a\": 1\r\n}", "b", "2", "{\r\n\t\"a\": 1,\r\n\t\"b\": 2\r\n}"},
		{"{\n  \"a\": 1,\n}", "b", "2", "{\n  \"a\": 1,\n  \"b\": 2,\n}"},
		{"\xEF\xBB\xBF{\"a.b\": 1}\n", "a.b", "2", "\xEF\xBB\xBF{\"a.b\": 2}\n"},
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

// lenientValid is the definition parseJSON's leniencies are checked
// against: encoding/json, with a byte order mark skipped and a comma
// blanked wherever encoding/json stops at a closing bracket right after
// one. It returns the bytes encoding/json accepted.
func lenientValid(data []byte) (clean []byte, commas int, ok bool) {
	clean = bytes.Clone(data)
	if bytes.HasPrefix(clean, textin.BOM) {
		copy(clean, "   ")
	}
	for {
		var se *json.SyntaxError
		err := json.Unmarshal(clean, new(json.RawMessage))
		if !errors.As(err, &se) {
			return clean, commas, err == nil
		}
		at, msg := int(se.Offset)-1, se.Error()
		if at < 0 || at >= len(clean) ||
			!(clean[at] == ']' && strings.HasSuffix(msg, "looking for beginning of value") ||
				clean[at] == '}' && strings.HasSuffix(msg, "looking for beginning of object key string")) {
			return clean, commas, false
		}
		j := len(bytes.TrimRight(clean[:at], " \t\r\n")) - 1
		if j < 0 || clean[j] != ',' {
			return clean, commas, false
		}
		clean[j] = ' '
		commas++
	}
}

// asAny is a value as encoding/json decodes it into an any (with
// UseNumber), built from gjson's reading.
func asAny(v gjson.Result) any {
	switch {
	case v.IsObject():
		m := map[string]any{}
		for k, val := range members(v) {
			m[k] = asAny(val)
		}
		return m
	case v.IsArray():
		l := []any{}
		for _, it := range items(v) {
			l = append(l, asAny(it))
		}
		return l
	case v.Type == gjson.String:
		return str(v)
	case v.Type == gjson.Number:
		return json.Number(v.Raw)
	case v.IsBool():
		return v.Bool()
	}
	return nil
}

// FuzzParseJSON: the reader never panics; a file it refuses has a
// position; it accepts exactly what encoding/json accepts once a byte
// order mark and trailing commas are set aside, counts those commas, and
// reads the same values, each at its exact text in the file.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{"", `{"a": [1, 2, {"b": null}]}`, `[1,]`, `{"a":"\u00e9"}`, `-0.1e+2`, `"\ud800"`, `{"a":1}}`, "\xEF\xBB\xBF{}", `[`,
		`{"a",}`, `[1,}`, `{"a": {"b": [1, [2,],],},}`, `{"x": 1, "x": {"x": 2, "x": 3}}`, "\"\xff\"", `{"\u0061.b": "\ud800\u0041"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := parseJSON(data)
		if err != nil && (err.Line < 1 || err.Col < 1 || err.Msg == "") {
			t.Fatalf("error without a position: %v", err)
		}
		if err != nil && strings.Contains(err.Msg, "nested more than") {
			return
		}
		clean, commas, ok := lenientValid(data)
		if ok != (err == nil) {
			t.Fatalf("parseJSON error %v, but encoding/json (leniently) says valid=%v for %q", err, ok, data)
		}
		if err != nil {
			return
		}
		if p.trailingCommas != commas || p.bom != bytes.HasPrefix(data, textin.BOM) {
			t.Fatalf("trailing commas %d (want %d), bom %v for %q", p.trailingCommas, commas, p.bom, data)
		}
		dec := json.NewDecoder(bytes.NewReader(clean))
		dec.UseNumber()
		var want any
		if err := dec.Decode(&want); err != nil {
			t.Fatal(err)
		}
		if got := asAny(p.root); !reflect.DeepEqual(got, want) {
			t.Fatalf("read %#v, encoding/json %#v for %q", got, want, data)
		}
		var check func(v gjson.Result)
		check = func(v gjson.Result) {
			if !v.IsObject() && !v.IsArray() && string(data[v.Index:v.Index+len(v.Raw)]) != v.Raw {
				t.Fatalf("value %q is not at %d in %q", v.Raw, v.Index, data)
			}
			for _, it := range items(v) {
				check(it)
			}
			for _, val := range members(v) {
				check(val)
			}
		}
		check(p.root)
	})
}
