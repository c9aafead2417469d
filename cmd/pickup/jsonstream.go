package main

import (
	"bytes"
	"encoding/json"
	"io"
)

// jsonStreamer is a plan that writes its own JSON, byte for byte what
// writeJSON would write for it at one level inside a document, without
// building it in memory (a crucible plan over a large manifest is tens
// of megabytes).
type jsonStreamer interface {
	WriteJSON(w io.Writer, prefix, indent string) error
}

// planHole stands for the plan in the document until it is streamed.
const planHole = "\x00pickup-plan\x00"

// writePlanJSON is writeJSON for the plan document: a plan that can
// stream itself is written in place of a placeholder, the rest of the
// document as writeJSON writes it.
func writePlanJSON(w io.Writer, doc planDoc) error {
	st, ok := doc.Plan.(jsonStreamer)
	if !ok {
		return writeJSON(w, doc)
	}
	plan := doc.Plan
	doc.Plan = planHole
	var b bytes.Buffer
	if err := writeJSON(&b, doc); err != nil {
		return err
	}
	// The plan writes its own JSON: made safe as writeJSON's is.
	jw := jsonWriter(w)
	defer jw.Flush()
	w = jw
	hole, err := json.Marshal(planHole)
	if err != nil {
		return err
	}
	i := bytes.Index(b.Bytes(), hole)
	if i < 0 {
		doc.Plan = plan
		return writeJSON(w, doc)
	}
	if _, err := w.Write(b.Bytes()[:i]); err != nil {
		return err
	}
	if err := st.WriteJSON(w, "  ", "  "); err != nil {
		return err
	}
	_, err = w.Write(b.Bytes()[i+len(hole):])
	return err
}
