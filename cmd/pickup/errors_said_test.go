package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// An error in cmd's own words (said) keeps the English it had as a
// fmt.Errorf, still wraps what it says, and is said in pt-BR wherever it
// is passed on (i18n.ErrorIn), the system's words included.
func TestSaidErrorsSayThemselves(t *testing.T) {
	_, gone := os.Stat(filepath.Join(t.TempDir(), "missing"))
	if !errors.Is(gone, fs.ErrNotExist) {
		t.Fatalf("stat of a missing file: %v", gone)
	}
	err := said(gone, &errs.RecordNotClosed, gone)
	en := "the write was made but its operation record could not be closed (" + gone.Error() + "); pickup undo still sees what was recorded"
	if err.Error() != en || i18n.ErrorIn(i18n.English, err) != en {
		t.Errorf("English: %q", err.Error())
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Error("errors.Is no longer sees the wrapped error")
	}
	head := strings.TrimSuffix(gone.Error(), "no such file or directory")
	pt := "a gravação foi feita, mas o registro da operação não pôde ser fechado (" + head + "arquivo ou pasta inexistente); o pickup undo ainda vê o que foi registrado"
	if got := i18n.ErrorIn(i18n.PortugueseBR, err); got != pt {
		t.Errorf("pt-BR:\ngot  %q\nwant %q", got, pt)
	}
	// Wrapped by a caller's words, it is still said in pt-BR.
	if got := i18n.ErrorIn(i18n.PortugueseBR, errors.Join(errors.New("x"), err)); !strings.HasSuffix(got, pt) {
		t.Errorf("joined: %q", got)
	}
}
