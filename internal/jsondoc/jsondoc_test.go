package jsondoc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/unicode"

	"github.com/pickup-dev/pickup/internal/textin"
)

// readFile reads a real file as a reader does: the encoding step, then
// the JSON reader.
func readFile(t *testing.T, path string, opt Options) (*Doc, *Error, textin.Text) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	in, err := textin.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	d, jerr := Read(in.Data, opt)
	return d, jerr, in
}

func write(t *testing.T, path string, data []byte) string {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReadsAUTF16File(t *testing.T) {
	dir := t.TempDir()
	text := "{\n  \"feature\": \"café\",\n  \"stage_status\": {\"1\": \"complete\", \"1\": \"in_progress\"}\n}\n"
	data, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	path := write(t, filepath.Join(dir, "session.json"), data)
	d, jerr, in := readFile(t, path, Options{})
	if jerr != nil {
		t.Fatalf("a UTF-16 file is refused: %v", jerr)
	}
	if got := Decoded(Get(d.Root, "feature")); got != "café" {
		t.Errorf("feature %q", got)
	}
	if got := Get(Get(d.Root, "stage_status"), "1").Str; got != "in_progress" {
		t.Errorf("a repeated key's last value counts: %q", got)
	}
	if len(d.Repeats) != 1 || d.Repeats[0].Path != "stage_status.1" || d.Repeats[0].Line != 3 {
		t.Errorf("repeats %+v", d.Repeats)
	}
	if err := in.Writable(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("a UTF-16 file is not refused for splicing, by name: %v", err)
	}
}

func TestErrorsNameLineAndColumn(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, text string
		opt        Options
		want       string
		kind       Kind
	}{
		{"comma.json", "{\n  \"a\": 1,\n  \"b\" 2\n}\n", Options{}, `line 3, column 7: unexpected '2': a colon was expected after the key "b"`, KindSyntax},
		{"trailing.json", "{\n  \"a\": [1, 2,],\n}\n", Options{}, `line 2, column 14: unexpected ']': a value was expected`, KindSyntax},
		{"unclosed.json", "{\n  \"a\": [1,\n", Options{}, "line 3, column 1: unexpected end of the file: the list opened on line 2 is not closed", KindSyntax},
		{"empty.json", "\ufeff \n", Options{}, "line 2, column 1: the file is empty", KindEmpty},
		{"bytes.json", "{\"a\": \"caf\xe9\"}", Options{StrictUTF8: true}, "line 1, column 11: a string is not valid UTF-8", KindUTF8},
		{"deep.json", "\n" + strings.Repeat("[", 4) + "1" + strings.Repeat("]", 4), Options{MaxValueDepth: 3}, "line 2, column 5: values are nested more than 3 deep", KindDepth},
		{"brackets.json", strings.Repeat("[", 4), Options{MaxDepth: 3}, "line 1, column 4: values are nested more than 3 deep", KindDepth},
	} {
		path := write(t, filepath.Join(dir, c.name), []byte(c.text))
		_, jerr, _ := readFile(t, path, c.opt)
		if jerr == nil {
			t.Errorf("%s: read", c.name)
			continue
		}
		if jerr.Error() != c.want || jerr.Kind != c.kind {
			t.Errorf("%s: %v (kind %d), want %s (kind %d)", c.name, jerr, jerr.Kind, c.want, c.kind)
		}
	}
}

func TestLeniencies(t *testing.T) {
	dir := t.TempDir()
	path := write(t, filepath.Join(dir, "lenient.json"), []byte("\ufeff{\"a\": [1, 2,], \"b\": {\"c\": 3,},}\n"))
	raw, _ := os.ReadFile(path)
	d, jerr := Read(raw, Options{TrailingCommas: true})
	if jerr != nil {
		t.Fatal(jerr)
	}
	if !d.BOM || d.TrailingCommas != 3 {
		t.Errorf("bom %v, trailing commas %d", d.BOM, d.TrailingCommas)
	}
	// Offsets are into the file as given: a writer splices the file.
	if v := Get(d.Root, "b"); string(raw[v.Index:v.Index+len(v.Raw)]) != `{"c": 3,}` {
		t.Errorf("b at %d: %q", v.Index, v.Raw)
	}
	if _, jerr := Read(raw, Options{}); jerr == nil || jerr.Line != 1 || jerr.Col != 14 {
		t.Errorf("a trailing comma is read without Options.TrailingCommas: %v", jerr)
	}
}

func TestRepeatsInFileOrder(t *testing.T) {
	doc := []byte("{\n \"a\": {\"x\": 1, \"x\": 2},\n \"a\": {\"y\": 1, \"y\": 2}\n}")
	d, jerr := Read(doc, Options{})
	if jerr != nil {
		t.Fatal(jerr)
	}
	var got []string
	for _, r := range d.Repeats {
		got = append(got, r.Path)
	}
	if strings.Join(got, " ") != "a.x a a.y" {
		t.Errorf("repeats %v", got)
	}
	if Count(d.Root, "a") != 2 || Get(Get(d.Root, "a"), "y").Raw != "2" {
		t.Error("the last value counts")
	}
}
