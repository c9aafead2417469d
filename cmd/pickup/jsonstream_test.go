package main

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"
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
	if err := enc.Encode(s); err != nil {
		return err
	}
	_, err := w.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	return err
}

func TestWritePlanJSONMatchesWriteJSON(t *testing.T) {
	for _, plan := range []any{
		streamed{Name: "x", Items: []string{"a", "b"}, HTML: "<a & b>"},
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
