package bookforge

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestGlobQuote: a folder named with wildcards matches only itself when
// the pause marker's archives are listed.
func TestGlobQuote(t *testing.T) {
	root := t.TempDir()
	for _, d := range []string{"a[b]*", "ab", "ax"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, d, "run_paused.json.restart.1"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := filepath.Glob(globQuote(filepath.Join(root, "a[b]*", "run_paused.json")) + ".restart.*")
	if want := []string{filepath.Join(root, "a[b]*", "run_paused.json.restart.1")}; err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("%q %v, want %q", got, err, want)
	}
}
