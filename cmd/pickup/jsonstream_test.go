package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/gen/synth"
	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/crucible"
)

// streamed is a plan that streams itself through encoding/json, so the
// test checks where writePlanJSON puts it and how it is indented.
type streamed struct {
	Name  string   `json:"name"`
	Items []string `json:"items"`
	HTML  string   `json:"html"`
}

func (s streamed) WriteJSON(w io.Writer, prefix, indent string) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, indent)
	if err := enc.Encode(textsafe.Strings(s)); err != nil {
		return err
	}
	// A streamer writes safe JSON (jsonStreamer).
	_, err := w.Write(textsafe.AppendJSON(nil, bytes.TrimSuffix(b.Bytes(), []byte("\n"))))
	return err
}

func TestWritePlanJSONMatchesWriteJSON(t *testing.T) {
	for _, plan := range []any{
		streamed{Name: "x", Items: []string{"a", "b"}, HTML: "<a & b>"},
		streamed{Name: "\x1b[31mred\u202e", Items: []string{"\x7f", "\u2028"}, HTML: "\xff"},
		streamed{},
		map[string]int{"not": 1}, // not a streamer: written as writeJSON writes it
	} {
		doc := planDoc{FormatVersion: formatVersion, Session: sessionRef{ID: "id", Source: "crucible", Path: "/p/<m>.jsonl"},
			Plan: plan, Warnings: []string{"w1", "w\u2028"}}
		var want, got bytes.Buffer
		if err := writeJSON(&want, doc); err != nil {
			t.Fatal(err)
		}
		if err := writePlanJSON(&got, doc); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("writePlanJSON:\n%s\nwriteJSON:\n%s", got.Bytes(), want.Bytes())
		}
	}
}

// TestPlanJSONOnGeneratedPipeline: `pickup plan --json` on a generated
// 20,000-line pipeline (the benchmarks' -short size) writes, byte for
// byte, what the command wrote before its plan was streamed and its rows
// made as they are written: encoding/json over the whole plan, loaded as
// `pickup plan` and the wizard load it.
func TestPlanJSONOnGeneratedPipeline(t *testing.T) {
	testkit.Isolate(t)
	c, err := synth.WriteCrucible(t.TempDir(), synth.CrucibleSpec{Lines: 20_000, Files: true, Git: true})
	if err != nil {
		t.Fatal(err)
	}
	// Files written an hour ago: no "may still be running" warning, whose
	// wording depends on the clock.
	old := time.Now().Add(-time.Hour)
	for _, p := range []string{c.Marker, c.Manifest} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"plan", "--json", "--claude-home", c.ClaudeHome, c.Manifest}
	got := pickup(t, c.Project, args...).want(t, exitOK).stdout

	t.Chdir(c.Project)
	l := crucible.New(loaders.Options{ClaudeHome: c.ClaudeHome, Now: time.Now(), Flags: map[string]string{}, Lists: map[string][]string{}})
	s, ok, err := l.Open(c.Manifest)
	if err != nil || !ok || s.Plan == nil {
		t.Fatalf("open: %v %v", ok, err)
	}
	pl := s.Plan.Data.(*crucible.ReplayPlan)
	if len(pl.Skip) == 0 || len(pl.ReExecute) == 0 || len(pl.Checks) == 0 {
		t.Fatalf("plan rows %d/%d, checks %d", len(pl.Skip), len(pl.ReExecute), len(pl.Checks))
	}
	var want bytes.Buffer
	if err := writeJSON(&want, planDoc{FormatVersion: formatVersion, Session: sessionRef{ID: s.ID, Source: s.Source, Path: s.Path},
		Plan: pl, Warnings: append([]string{}, s.Warnings...)}); err != nil {
		t.Fatal(err)
	}
	if got != want.String() {
		i := 0
		for i < len(got) && i < want.Len() && got[i] == want.String()[i] {
			i++
		}
		t.Fatalf("plan --json differs from encoding/json over the full plan at byte %d of %d/%d:\n got: %.200q\nwant: %.200q",
			i, len(got), want.Len(), got[i:], want.String()[i:])
	}
}
