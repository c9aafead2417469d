package crucible

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
)

func TestDiffReplayInTheSameManifest(t *testing.T) {
	isolate(t)
	dir := filepath.Join(t.TempDir(), DispatchPrefix+"1775430161")
	m := filepath.Join(dir, ManifestName)
	testkit.Write(t, m, testkit.Read(t, filepath.Join(fixtures, "replay", ManifestName)))
	rep, err := Diff(m, m, DiffOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := `# Replay Diff: 1775430161 vs r-1775500000

## Template Mutations

- quality-gate-prompt.md -> strict-gate.md

## Outcome Comparison

| Metric | Original | Replayed | Delta |
|--------|----------|----------|-------|
| Total dispatches | 5 | 2 | -3 |
| Quality gate rounds | 2 | 1 | -1 |
| Wall clock time | 0h 12m | 0h 3m | -9m |
| Acceptance tests | PASS | FAIL | changed |

## Per-Dispatch Comparison

| Seq | Role | Original Status | Replayed Status | Summary Delta |
|-----|------|----------------|-----------------|---------------|
| 3 | quality-gate | completed | completed | Round 1: 3 findings → Round 1: 1 finding |
| 5 | acceptance-tester | completed | completed | Acceptance: 12/12 PASS → Acceptance: 11/12, 1 FAIL |
| 4 | quality-gate | completed | not replayed | - |

## Artifact Diff

- git diff <original-final-sha>..<replayed-final-sha>
  the manifests do not record the final commits: pass --original-sha and --replay-sha`
	if got := strings.Join(rep.Lines, "\n"); got != want {
		t.Fatalf("report:\n%s\n\nwant:\n%s", got, want)
	}
	sig := rep.Signal
	metrics := sig["metrics"].(map[string]any)
	if sig["type"] != "replay-diff" || sig["original_session"] != "1775430161" || sig["replay_session"] != "r-1775500000" ||
		metrics["original_dispatches"] != 5 || metrics["replayed_gate_rounds"] != 1 || metrics["original_duration_m"] != 12 {
		t.Fatalf("signal %v", sig)
	}
	if out := sig["outcome"].(map[string]any); out["original"] != "PASS" || out["replayed"] != "FAIL" {
		t.Fatalf("outcome %v", out)
	}
}

func TestDiffTwoManifestsWithArtifactDiff(t *testing.T) {
	isolate(t)
	repo := t.TempDir()
	testkit.GitAt(t, repo, nil, time.Time{}, "init", "-q", "-b", "main")
	testkit.Write(t, filepath.Join(repo, "a.go"), "package a\n")
	testkit.GitAt(t, repo, nil, time.Time{}, "add", "-A")
	testkit.GitAt(t, repo, nil, at("12:00:00"), "commit", "-q", "-m", "original final")
	a := testkit.GitAt(t, repo, nil, time.Time{}, "rev-parse", "HEAD")
	testkit.Write(t, filepath.Join(repo, "a.go"), "package a\n\nvar x = 1\n")
	testkit.Write(t, filepath.Join(repo, "b.go"), "package a\n")
	testkit.GitAt(t, repo, nil, time.Time{}, "add", "-A")
	testkit.GitAt(t, repo, nil, at("13:00:00"), "commit", "-q", "-m", "replay final")
	b := testkit.GitAt(t, repo, nil, time.Time{}, "rev-parse", "HEAD")

	orig := filepath.Join(t.TempDir(), "original.jsonl")
	testkit.Write(t, orig, testkit.Read(t, filepath.Join(fixtures, "crash", ManifestName)))
	repl := filepath.Join(t.TempDir(), "replay.jsonl")
	testkit.Write(t, repl, `{"seq":11,"file":"11-inquisitor.md","role":"inquisitor","phase":"4","status":"completed","duration_s":200,"summary":"No findings","replay_of":10}
{"seq":12,"file":"12-quality-gate.md","role":"quality-gate","phase":"4","status":"completed","duration_s":40,"summary":"Impl gate: pass"}
`)
	rep, err := Diff(orig, repl, DiffOptions{OriginalSHA: a, ReplaySHA: b, Repo: repo})
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(rep.Lines, "\n")
	for _, want := range []string{
		"# Replay Diff: original vs replay",
		"- none (a faithful replay)",
		"| 10 | inquisitor | dispatched | completed | (none) → No findings |",
		"| new 12 | quality-gate | - | completed | new dispatch: Impl gate: pass |",
		"- git diff " + a + ".." + b + "\n  2 files changed, +3/-0 lines",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	ad := rep.Signal["artifact_diff"].(map[string]any)
	if ad["files_changed"] != 2 || ad["insertions"] != 3 || ad["deletions"] != 0 {
		t.Fatalf("artifact diff %v", ad)
	}
}

func TestDiffRefusesAnEmptyManifest(t *testing.T) {
	g := filepath.Join(fixtures, "garbage", ManifestName)
	_, err := Diff(filepath.Join(fixtures, "crash", ManifestName), g, DiffOptions{})
	var empty *EmptyError
	if !errors.As(err, &empty) || !strings.HasSuffix(err.Error(), "Manifest is empty or entirely corrupted. Cannot resume.") {
		t.Fatalf("err %v", err)
	}
}
