package crucible

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// Fuzz targets for crucible's readers (FuzzParseManifest is in
// manifest_test.go). The property: no panic, no hang, output bounded by
// the input; through Load, a marker that cannot be used is a
// session_corrupted Problem naming the marker (and its line when the JSON
// is broken), never a failed Load.

func lineCount(data []byte) int { return bytes.Count(data, []byte("\n")) + 1 }

// FuzzParseMarker: .pipeline-active.
func FuzzParseMarker(f *testing.F) {
	testkit.AddSeeds(f, fixtures, "marker.json")
	f.Add([]byte(`{"pipeline_id": 7, "phase": 3, "start_time": "2026-03-24 12:00"}`))
	f.Add([]byte(`{"pipeline_id": "../x"}`))
	f.Add([]byte("\xef\xbb\xbf{\"pipeline_id\": \"a\"}\r\n"))
	f.Add([]byte(`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseMarker(data)
		if err != nil {
			if m != nil || err.Error() == "" {
				t.Fatalf("marker %+v with error %v", m, err)
			}
			if l := markerErrorLine(err); l < 0 || l > lineCount(data) {
				t.Fatalf("error line %d outside the marker's %d lines", l, lineCount(data))
			}
			return
		}
		if m.PipelineID == "" || strings.ContainsAny(m.PipelineID, `/\`) || m.PipelineID == "." || m.PipelineID == ".." {
			t.Fatalf("pipeline_id %q accepted", m.PipelineID)
		}
		_, _ = m.Start()
		for _, c := range manifestCandidates("/scratch", m) {
			if !filepath.IsAbs(c) {
				t.Fatalf("candidate %q is not absolute", c)
			}
		}
	})
}

// FuzzParseCheckpointTable: checkpoint-manifest.md.
func FuzzParseCheckpointTable(f *testing.F) {
	f.Add([]byte("| commit | time | reason | source |\n|---|---|---|---|\n| a1b2c3d4 | 2026-03-24 12:45:30 | pre-wave-3 | build |\n"))
	f.Add([]byte("|ABCDEF|2026-03-24T12:00:00Z|x|\r\n|0000|||\n"))
	f.Add([]byte("| " + strings.Repeat("a", 40) + " | 2026-03-24 | r | s"))
	f.Fuzz(func(t *testing.T, data []byte) {
		rows := ParseCheckpointTable(data)
		if len(rows) > lineCount(data) {
			t.Fatalf("%d rows from %d lines", len(rows), lineCount(data))
		}
		for _, c := range rows {
			if len(c.Hash) < 4 || len(c.Hash) > 40 || strings.Trim(c.Hash, "0123456789abcdef") != "" {
				t.Fatalf("hash %q", c.Hash)
			}
		}
		sortCheckpoints(rows)
	})
}

// FuzzParseScratch: pipeline-status.md and a handoff manifest.
func FuzzParseScratch(f *testing.F) {
	testkit.AddSeeds(f, fixtures, "*/pipeline-status.md", "*/handoff-*.md")
	f.Add([]byte("## Compression State\n### Goal\nship\n**Decisions:** a\n- b\nNext steps: c\n"))
	f.Add([]byte("# H\n**Goal:** x\n## Done\n- a\n---\n## done\n- b\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := ParsePipelineStatus(data)
		n := lineCount(data)
		if len(p.Header) > n || len(p.Decisions)+len(p.Constraints)+len(p.NextSteps) > n {
			t.Fatalf("more fields than lines: %+v", p)
		}
		_ = p.Get("phase")
		h := ParseHandoff("handoff-2-to-3.md", data)
		if len(h.Order) != len(h.Sections) {
			t.Fatalf("order %q, sections %d", h.Order, len(h.Sections))
		}
		for _, k := range h.Order {
			_ = h.Items(k)
		}
	})
}

// FuzzLoadMarker: the marker of the crash fixture's pipeline holds the
// input ({{SID}} stands for the pipeline's id), loaded by Load as
// Discover finds it. Slower than the others: Load asks git about the
// project and the shadow repository.
func FuzzLoadMarker(f *testing.F) {
	testkit.AddSeeds(f, fixtures, "marker.json")
	f.Add([]byte(`{"pipeline_id": "{{SID}}", "phase": 9, "branch": ["x"]}`))
	f.Add([]byte(`{"pipeline_id": "{{SID}}", "dispatch_dir": "/", "scratch_dir": "../../.."}`))
	f.Add([]byte("{\"pipeline_id\": \"{{SID}}\",\n\"phase\": \"4\",\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		w := newWorld(t, "crash", "-", "main")
		data = bytes.ReplaceAll(data, []byte("{{SID}}"), []byte(w.sid))
		testkit.Write(t, w.mark, string(data))
		l := New(loaders.Options{ClaudeHome: w.home, Flags: map[string]string{}, Lists: map[string][]string{}, Now: at("14:30:00")})
		s, err := l.Load(w.project, w.mark)
		if err != nil {
			t.Fatalf("Load failed on a readable marker: %v", err)
		}
		if s == nil || s.Path == "" {
			t.Fatalf("session %+v", s)
		}
		if p := s.Problem; p != nil && p.Kind == model.ErrCorrupted {
			if p.Path != w.mark && p.Path != w.manifest() {
				t.Fatalf("problem names %s, not the marker or the manifest", p.Path)
			}
			if p.Line < 0 || p.Line > lineCount(data) {
				t.Fatalf("problem line %d outside the marker's %d lines", p.Line, lineCount(data))
			}
			if !strings.Contains(p.Error(), p.Path) {
				t.Fatalf("error %q does not name the file", p.Error())
			}
		}
	})
}
