package crucible

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// A skipped manifest line's reason is said by its code (BadLine.Why):
// English as the manifest reader words it, pt-BR in Portuguese.
func TestSkippedLineReasonsInEachLanguage(t *testing.T) {
	lines := []string{
		`{"seq": 1, "status": "completed"}`,
		strings.Repeat("x", maxLine+1),
		`[1]`,
		`{"status": "completed"}`,
		`{"seq": "one", "status": "completed"}`,
		`{"seq": 2}`,
		`{"seq": 3, "status": }`,
		`{"seq": 4, "sta`,
	}
	path := filepath.Join(t.TempDir(), ManifestName)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := ReadManifest(path)
	if err != nil {
		t.Fatal(err)
	}
	pt := Catalogs.For(i18n.PortugueseBR)
	want := []string{
		"mais longa que 1 MiB",
		"não é um objeto JSON",
		"sem seq",
		`seq "one" não é um número inteiro`,
		"sem status (lida como dispatched)",
		"JSON inválido: invalid character '}' looking for beginning of value (byte 22)",
		"truncada (quem gravava parou no meio dela)",
	}
	if len(m.Bad) != len(want) {
		t.Fatalf("bad lines %+v, want %d", m.Bad, len(want))
	}
	for i, b := range m.Bad {
		if got := english.badReason(b); got != b.Reason {
			t.Errorf("line %d in English: %q, want the reader's %q", b.Line, got, b.Reason)
		}
		if got := pt.badReason(b); got != want[i] {
			t.Errorf("line %d in pt-BR: %q, want %q", b.Line, got, want[i])
		}
	}
}
