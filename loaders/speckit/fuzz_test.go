package speckit

import (
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/testkit"
)

// FuzzLoad: any tasks.md loads into a session without panicking, with
// progress that adds up and a resume point inside the file.
func FuzzLoad(f *testing.F) {
	testkit.AddSeeds(f, "testdata", "*/specs/*/tasks.md")
	f.Add([]byte(evidenceTasks))
	f.Add([]byte("## P\n- [x] **T1**\n```\n- [ ] T2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		p := filepath.Join(dir, "specs", "001-f", "tasks.md")
		testkit.Write(t, p, string(data))
		s, err := Loader{Lang: i18n.English}.Load(dir, p)
		if err != nil {
			t.Fatal(err)
		}
		if u := s.Units; u != nil && (u.Done < 0 || u.Done > u.Total) {
			t.Fatalf("units %+v", u)
		}
		if s.Progress.Done > s.Progress.Total {
			t.Fatalf("progress %+v", s.Progress)
		}
	})
}
