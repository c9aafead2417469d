package bookforge

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
)

// bookforge counts scenes as _outline_summary does: chapters in file
// order, chapter_id through int() (or the position when absent, a bad
// id skipped), scenes only inside sections[].scenes[], objects only.
func TestParseOutlineCountsAsBookforge(t *testing.T) {
	o, err := parseOutline([]byte(`{"chapters": [
  {"chapter_id": 1, "sections": [{"scenes": [{}, {}, "x"]}, {"scenes": [{}]}, "s"]},
  {"title": "no id: its position, 2", "sections": [{"scenes": [{}]}]},
  {"chapter_id": "3.0", "sections": [{"scenes": [{}]}]},
  {"chapter_id": " 4 ", "scenes": [{}, {}], "sections": null},
  7,
  {"chapter_id": 6.9, "sections": [{"scenes": [{}, {}]}]}
]}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := o.Chapters; len(got) != 4 || got[0] != 1 || got[1] != 2 || got[2] != 4 || got[3] != 6 {
		t.Fatalf("chapters %v", got)
	}
	if o.Counts[1] != 3 || o.Counts[2] != 1 || o.Counts[4] != 0 || o.Counts[6] != 2 || o.Total != 6 {
		t.Fatalf("counts %v total %d", o.Counts, o.Total)
	}
	if n, ok := o.committedBefore(6, 2); !ok || n != 5 {
		t.Fatalf("before 6:2: %d %v", n, ok)
	}
}

// A report pointer whose path leaves the book is not followed: pickup
// takes the report of its run_id instead, and says so.
func TestCraftedReportPointerNamingAFileOutsideTheBook(t *testing.T) {
	dir := testkit.Fixture(t, filepath.Join(fixtureDir, "outline_gate"))
	book := filepath.Join(dir, "workspace", "books", "reed")
	secret := filepath.Join(t.TempDir(), "secret.json")
	testkit.Write(t, secret, `{"overall_status": "SUCCESS", "attention_items": [{"code": "leak", "message": "outside"}]}`)
	ptr := filepath.Join(book, filepath.FromSlash(OutlineReportLatest))
	testkit.Write(t, ptr, `{"run_id": "20260215_120000", "path": "`+secret+`"}`)
	o := readOutline(book, nil)
	if o.Report == nil || o.Report.Status != "SUCCESS_WITH_WARNINGS" || strings.Contains(strings.Join(o.Report.Items, " "), "leak") {
		t.Fatalf("report %+v", o.Report)
	}
	if len(o.Warnings) != 1 || !strings.Contains(o.Warnings[0], "outside the book") {
		t.Fatalf("warnings %q", o.Warnings)
	}
	if _, err := os.Stat(secret); err != nil {
		t.Fatal(err)
	}
}
