package bmad

import (
	"path/filepath"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/model"
)

// FuzzLoad feeds arbitrary bytes as a ledger. Properties: no panic; a
// ledger read as a session is claimed by Discover's check (Claims); a
// corrupted one names the file; the resume point is a story or
// retrospective of the ledger (or none); and the byte edit RESTART and
// DISCARD make either changes that one value alone or is refused.
func FuzzLoad(f *testing.F) {
	for _, c := range []string{"next-is-create-story", "review-with-ledger-drift", "dotted-epics-and-subfolders", "empty-development-status"} {
		testkit.AddSeeds(f, filepath.Join("testdata", c), "*/*/sprint-status.yaml", "*/sprint-status.yaml")
	}
	f.Add([]byte("development_status: &a [*a, *a]\n"))
	f.Add([]byte("\xef\xbb\xbfdevelopment_status:\r\n  epic-1: in-progress\r\n  1-1-a: 'in-progress' # x\r\n"))
	f.Add([]byte("{\"development\\x5fstatus\": {epic-1: backlog, 1-1-a: drafted}}"))
	root := f.TempDir()
	path := filepath.Join(root, implDir, "sprint-status.yaml")
	f.Fuzz(func(t *testing.T, data []byte) {
		r := Loader{}.read(root, path, data)
		s := r.session()
		if s.Problem != nil {
			if s.Problem.Path != path {
				t.Fatalf("problem does not name the file: %+v", s.Problem)
			}
			return
		}
		if !Claims(data) {
			t.Fatalf("a readable ledger is not claimed:\n%q", data)
		}
		if r.next.has {
			found := false
			for _, e := range r.ledger.Entries {
				found = found || e.Key == r.next.entry.Key
			}
			if !found || (r.next.entry.Kind != KindStory && r.next.entry.Kind != KindRetro) {
				t.Fatalf("resume point %+v is not an entry", r.next.entry)
			}
		}
		if s.Units != nil && (s.Units.Done > s.Units.Total || s.Units.Done < 0) {
			t.Fatalf("units %+v", s.Units)
		}
		_ = s.Policy[model.Continue]
		for i, e := range r.ledger.Entries {
			out, ok := setValue(data, e.Line, e.Col, e.Raw, StReady)
			if !ok || !editedOnly(r.ledger, out, i, StReady) {
				continue
			}
			var doc yaml.Node
			if yaml.Unmarshal(out, &doc) != nil || parseLedger(&doc).Entries[i].Raw != StReady {
				t.Fatalf("edit of %q not read back", e.Key)
			}
		}
	})
}
