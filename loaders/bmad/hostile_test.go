package bmad

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// The hostile corpus (testdata/hostile) in place of the ledger, of a
// story file and of the module config: each load ends in a session, a
// Problem or an error naming the file, in bounded time, with nothing in
// the project changed.
func TestHostileCorpus(t *testing.T) {
	corpus, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "hostile", "*"))
	big := make([]byte, fsx.MaxStateFile+1)
	copy(big, "development_status:\n")
	inputs := map[string][]byte{"over-cap": big}
	for _, p := range corpus {
		if filepath.Base(p) == "README.md" {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs[filepath.Base(p)] = data
	}
	for name, data := range inputs {
		for _, where := range []string{"sprint-status.yaml", "1-1-a.md", "config"} {
			root := project(t, map[string]string{
				implDir + "sprint-status.yaml": ledger("epic-1: in-progress", "1-1-a: in-progress"),
				implDir + "1-1-a.md":           story("in-progress", true, false),
				"_bmad/bmm/config.yaml":        "implementation_artifacts: \"{project-root}/_bmad-output/implementation-artifacts\"\n",
			})
			target := filepath.Join(root, implDir+where)
			if where == "config" {
				target = filepath.Join(root, "_bmad", "bmm", "config.yaml")
			}
			if err := os.WriteFile(target, data, 0o644); err != nil {
				t.Fatal(err)
			}
			before := testkit.Snapshot(t, root)
			start := time.Now()
			paths, _ := Loader{}.Discover(root)
			for _, p := range paths {
				s, err := Loader{}.Load(root, p)
				switch {
				case err != nil:
					if !strings.Contains(err.Error(), p) {
						t.Errorf("%s as %s: error does not name the file: %v", name, where, err)
					}
				case s.Problem != nil && s.Problem.Path != p:
					t.Errorf("%s as %s: problem does not name the file: %+v", name, where, s.Problem)
				}
			}
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("%s as %s: %v", name, where, d)
			}
			after := testkit.Snapshot(t, root)
			for k, v := range before {
				if after[k] != v {
					t.Errorf("%s as %s: %s changed", name, where, k)
				}
			}
		}
	}
}

// A folder or a pipe where the ledger belongs is reported, not hidden
// and not waited on.
func TestLedgerThatIsNotAFile(t *testing.T) {
	for _, kind := range []string{"dir", "fifo"} {
		root := testkit.RealTempDir(t)
		p := filepath.Join(root, filepath.FromSlash(implDir), "sprint-status.yaml")
		os.MkdirAll(filepath.Dir(p), 0o755)
		if kind == "dir" {
			os.Mkdir(p, 0o755)
		} else if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skip(err)
		}
		paths, _ := Loader{}.Discover(root)
		if len(paths) != 1 {
			t.Fatalf("%s: paths %v", kind, paths)
		}
		if _, err := (Loader{}).Load(root, paths[0]); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: err %v", kind, err)
		}
	}
}
