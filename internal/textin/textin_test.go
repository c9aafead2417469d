package textin

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/unicode"
)

// utf16File writes text to a file in dir as UTF-16 with its byte order
// mark, as a Windows editor saves it, and returns its path.
func utf16File(t *testing.T, dir, name, text string, e unicode.Endianness) string {
	t.Helper()
	data, err := unicode.UTF16(e, unicode.UseBOM).NewEncoder().Bytes([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDecodeFiles(t *testing.T) {
	dir := t.TempDir()
	text := "{\n  \"feature\": \"café ☕\",\n  \"n\": 1\n}\n"
	files := map[string]struct {
		path string
		enc  Encoding
		bom  bool
	}{
		"utf-16le":    {utf16File(t, dir, "le.json", text, unicode.LittleEndian), UTF16LE, false},
		"utf-16be":    {utf16File(t, dir, "be.json", text, unicode.BigEndian), UTF16BE, false},
		"utf-8 + bom": {filepath.Join(dir, "bom.json"), UTF8, true},
		"utf-8":       {filepath.Join(dir, "plain.json"), UTF8, false},
	}
	if err := os.WriteFile(files["utf-8 + bom"].path, append([]byte("\ufeff"), text...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(files["utf-8"].path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, f := range files {
		data, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if string(got.Data) != text || got.Encoding != f.enc || (got.BOM != nil) != f.bom {
			t.Errorf("%s: %q %s bom %q", name, got.Data, got.Encoding, got.BOM)
		}
		if string(ForReading(data)) != text {
			t.Errorf("%s: ForReading %q", name, ForReading(data))
		}
		err = got.Writable(f.path)
		switch {
		case f.enc == UTF8 && err != nil:
			t.Errorf("%s: a UTF-8 file is refused: %v", name, err)
		case f.enc != UTF8 && (err == nil || !strings.Contains(err.Error(), f.path) || !strings.Contains(err.Error(), string(f.enc))):
			t.Errorf("%s: the refusal does not name the file and its encoding: %v", name, err)
		}
	}
}

func TestSplitBOM(t *testing.T) {
	bom, rest := SplitBOM([]byte("\ufeff{}"))
	if !bytes.Equal(bom, BOM) || string(rest) != "{}" {
		t.Errorf("%q %q", bom, rest)
	}
	bom, rest = SplitBOM([]byte("{}\ufeff"))
	if bom != nil || string(rest) != "{}\ufeff" {
		t.Errorf("a mark that does not start the file is text: %q %q", bom, rest)
	}
	if string(TrimBOM([]byte("\ufeff\ufeffx"))) != "\ufeffx" {
		t.Error("TrimBOM takes one mark off")
	}
}
