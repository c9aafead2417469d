package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/quickline"
	"github.com/pickup-dev/pickup/internal/testkit"
)

// statuslineRun runs the built binary's statusline on project, with its
// own state folder (where the cache is kept).
func statuslineRun(t *testing.T, project, home, state string) string {
	t.Helper()
	cmd := exec.Command(bin, "statusline", "--claude-home", home)
	cmd.Dir = project
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+state)
	cmd.Stdin = strings.NewReader(statuslinePayload(project, project))
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// cachedLines are the lines kept in the statusline's cache.
func cachedLines(t *testing.T, state string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(state, "pickup", statuslineCacheFile))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, a := range quickline.ParseCache(data) {
		lines = append(lines, a.Line)
	}
	return lines
}

// A second statusline gives the kept answer, the same bytes; a file the
// answer read that changes (the manifest gains a completed dispatch), or
// a state file that goes (the pipeline's marker), changes the next
// answer at once, whatever is kept.
func TestStatuslineCacheFollowsTheFiles(t *testing.T) {
	project, home := demoSample(t)
	state := t.TempDir()
	settleDemo(t, project, home)
	const want = "crucible · Phase 3 · Dispatches 9/10 · running 20m\n"
	if got := statuslineRun(t, project, home, state); got != want {
		t.Fatalf("first statusline %q", got)
	}
	if got := cachedLines(t, state); len(got) != 1 || got[0]+"\n" != want {
		t.Fatalf("kept %q", got)
	}
	if got := statuslineRun(t, project, home, state); got != want {
		t.Fatalf("second statusline %q", got)
	}

	memory := filepath.Join(home, "projects")
	var manifest, marker string
	_ = filepath.WalkDir(memory, func(p string, d os.DirEntry, _ error) error {
		switch {
		case d != nil && d.Name() == "manifest.jsonl" && strings.Contains(testkit.Read(t, p), `"seq":10`):
			manifest = p
		case d != nil && d.Name() == ".pipeline-active":
			marker = p
		}
		return nil
	})
	if manifest == "" || marker == "" {
		t.Fatalf("the demo's manifest %q or marker %q not found", manifest, marker)
	}
	f, err := os.OpenFile(manifest, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.WriteString(`{"seq":10,"file":"10-inquisitor.md","role":"inquisitor","phase":"4","task":null,"status":"completed","duration_s":60,"summary":"Inquisition: clean","input_chars":10500,"output_chars":900,"model_tier":"opus","tool_calls":3}` + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	if got := statuslineRun(t, project, home, state); !strings.Contains(got, "Dispatches 10/10") {
		t.Fatalf("after the manifest changed: %q", got)
	}
	// Built on a manifest changed a moment ago: given, not kept.
	if got := cachedLines(t, state); len(got) != 0 {
		t.Fatalf("kept an answer built on a file changed this second: %q", got)
	}

	if err := os.Remove(marker); err != nil {
		t.Fatal(err)
	}
	if got := statuslineRun(t, project, home, state); strings.HasPrefix(got, "crucible") || got == "" {
		t.Fatalf("after the pipeline's marker went: %q", got)
	}
}

// settleDemo sets the times of the just-written demo's folders, and of
// its git repository's files (HEAD, the branch, the configuration, read
// for the checkout), a minute back, so that a statusline's first answer
// is settled (statuslineSettle) and kept. The sessions' own files keep
// the times the demo gave them.
func settleDemo(t testing.TB, roots ...string) {
	t.Helper()
	back := time.Now().Add(-time.Minute)
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && (d.IsDir() || strings.Contains(p, string(filepath.Separator)+".git"+string(filepath.Separator))) {
				err = os.Chtimes(p, back, back)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
