package design

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/text/encoding/unicode"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// A session file saved as UTF-16 reads like its UTF-8 self; CONTINUE
// does not splice it, names it, and leaves it as it was.
func TestUTF16SessionIsReadNotSpliced(t *testing.T) {
	project := fixture(t, "spec_example")
	path := sessionPath(project, "user-export")
	_, want := only(t, project, opts(false))

	utf16, err := unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewEncoder().Bytes([]byte(testkit.Read(t, path)))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, utf16, 0o644); err != nil {
		t.Fatal(err)
	}
	l, s := only(t, project, opts(false))
	if s.Problem != nil || s.ResumePoint != want.ResumePoint || len(s.Phases) != len(want.Phases) {
		t.Fatalf("UTF-16: problem %+v resume %+v; UTF-8: resume %+v", s.Problem, s.ResumePoint, want.ResumePoint)
	}
	for i := range s.Phases {
		if s.Phases[i].Status != want.Phases[i].Status {
			t.Errorf("phase %d: %s, UTF-8 %s", i, s.Phases[i].Status, want.Phases[i].Status)
		}
	}
	a := apply(t, l, s, model.Continue)
	if a.Err == nil || !strings.Contains(a.Err.Error(), path) || !strings.Contains(a.Err.Error(), "UTF-16BE") {
		t.Fatalf("apply: %v", a.Err)
	}
	if testkit.Read(t, path) != string(utf16) {
		t.Fatal("the UTF-16 file was changed")
	}
}
