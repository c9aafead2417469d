package fsx

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/i18n/i18ntest"
)

func TestTextComplete(t *testing.T) {
	// About is "{what}: {err}": only its values, in every language.
	i18ntest.Complete(t, i18ntest.Options{SameFields: []string{"About"}}, Catalogs)
}

// A refusal says its reason in English (Error, Why) and in the run's
// language (Reason), with the same values.
func TestUndoRefusalSaysItsReasonInALanguage(t *testing.T) {
	r := refuse("/p/a.md", &english.ChangedSinceWrote, 7)
	if r.Why != "changed since operation 7 wrote it" || r.Error() != "/p/a.md: changed since operation 7 wrote it; nothing was undone" {
		t.Errorf("English: %q / %q", r.Why, r.Error())
	}
	if got := r.Reason(i18n.Lang("pt-BR")); got != "mudou desde que a operação 7 o escreveu" {
		t.Errorf("pt-BR: %q", got)
	}
	if got := (&UndoRefusedError{Path: "/p", Why: "plain"}).Reason(i18n.Lang("pt-BR")); got != "plain" {
		t.Errorf("a refusal made elsewhere: %q", got)
	}
}

// fsx's own refusals of real files say their English as they always
// did, keep the errors they wrap for errors.Is, and are said in pt-BR,
// words, phrases and the system's words included, through what wraps
// them.
func TestErrorsAreSaidInALanguage(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.md")
	if err := os.WriteFile(target, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "state.md")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	realDirPath := filepath.Join(dir, "real")
	linkedDir := filepath.Join(dir, "archive")
	if err := os.Mkdir(realDirPath, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(realDirPath, linkedDir); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.md")
	_, readMissing := ReadFile(missing)
	_, readDir := ReadFile(realDirPath)
	_, lockDir := privateDir(dir, "archive", &english.LockFolder)

	pt := i18n.PortugueseBR
	for _, c := range []struct {
		name    string
		err     error
		is      error
		en, ptW string
	}{
		{"a state file that is a link", fmt.Errorf("discard: %w", notALink(link)), ErrLink,
			"discard: " + link + ": is a symbolic link to " + target + "; pickup does not write through links, nothing was written: state file is a symbolic link",
			"discard: " + link + ": é um link simbólico para " + target + "; o pickup não grava através de links, nada foi gravado: o arquivo de estado é um link simbólico"},
		{"a folder on the way that is a link", intoDir(filepath.Join(linkedDir, "old"), dir, false, link, &english.Moved, nil), ErrLink,
			link + ": the folder " + linkedDir + " is a symbolic link to " + realDirPath + "; pickup does not write or move anything through links, nothing was moved: state file is a symbolic link",
			link + ": a pasta " + linkedDir + " é um link simbólico para " + realDirPath + "; o pickup não grava nem move nada através de links, nada foi movido: o arquivo de estado é um link simbólico"},
		{"a folder pickup keeps its own files in that is a link", lockDir, nil,
			"refusing the lock folder " + linkedDir + ": it is a symbolic link; pickup keeps it in a folder only you can write (remove it, and pickup makes a new one)",
			"o pickup recusa a pasta das travas " + linkedDir + ": ela é um link simbólico; o pickup a mantém numa pasta em que só você pode gravar (remova-a, e o pickup faz uma nova)"},
		{"a folder read as a state file", readDir, ErrNotRegular,
			realDirPath + ": is a directory, not a state file",
			realDirPath + ": é uma pasta, não um arquivo de estado"},
		{"a file already there", wrapError(fs.ErrExist, &english.Exists, target, fs.ErrExist), fs.ErrExist,
			target + ": already exists; nothing was written: file already exists",
			target + ": já existe; nada foi gravado: o arquivo já existe"},
		{"a missing file: the system's words", wrapError(readMissing, &english.Archiving, missing, readMissing), fs.ErrNotExist,
			missing + ": archiving: " + readMissing.Error(),
			missing + ": ao arquivar: " + strings.TrimSuffix(readMissing.Error(), "no such file or directory") + "arquivo ou pasta inexistente"},
		{"a file changed since it was read", &ChangedError{Path: target}, ErrChanged,
			target + ": the file changed on disk since pickup loaded it; nothing was written (reload and choose again)",
			target + ": o arquivo mudou no disco desde que o pickup o leu; nada foi gravado (recarregue e escolha de novo)"},
	} {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if c.is != nil && !errors.Is(c.err, c.is) {
			t.Errorf("%s: %v is not %v", c.name, c.err, c.is)
		}
		if got := c.err.Error(); got != c.en {
			t.Errorf("%s: English\ngot  %q\nwant %q", c.name, got, c.en)
		}
		if got := i18n.ErrorIn(i18n.English, c.err); got != c.en {
			t.Errorf("%s: ErrorIn(English) = %q", c.name, got)
		}
		if got := i18n.ErrorIn(pt, c.err); got != c.ptW {
			t.Errorf("%s: pt-BR\ngot  %q\nwant %q", c.name, got, c.ptW)
		}
	}
}
