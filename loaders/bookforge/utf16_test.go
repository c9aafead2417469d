package bookforge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/unicode"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// A ledger a Windows editor saved as UTF-16 is read like its UTF-8 self,
// but CONTINUE does not splice it: its bytes are not the text the plan's
// offsets are in. The refusal names the file, and nothing is written.
func TestUTF16LedgerIsReadNotSpliced(t *testing.T) {
	dir := project(t, "hashes")
	ledger := filepath.Join(history(dir, "glass"), "ch001_sc002.json")
	o := opts("resume-allow-prompt-change", "reason="+promptReason)
	want := verdicts(t, planOf(t, live(t, dir, o)), "ch001_sc002")

	utf16, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(testkit.Read(t, ledger)))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ledger, utf16, 0o644); err != nil {
		t.Fatal(err)
	}
	before := testkit.Snapshot(t, dir)
	s := live(t, dir, o)
	if got := verdicts(t, planOf(t, s), "ch001_sc002"); got != want {
		t.Fatalf("verdicts of the UTF-16 ledger %s, of its UTF-8 self %s (warnings %q)", got, want, s.Warnings)
	}
	a := New(o).Apply(s, model.Continue, now)
	if a.Err == nil || !strings.Contains(a.Err.Error(), ledger) || !strings.Contains(a.Err.Error(), "UTF-16LE") {
		t.Fatalf("apply: %v", a.Err)
	}
	if added, removed, changed := diffTrees(before, testkit.Snapshot(t, dir)); len(added)+len(removed)+len(changed) != 0 {
		t.Fatalf("written: added %v removed %v changed %v", added, removed, changed)
	}
}
