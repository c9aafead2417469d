package main

import (
	"bytes"
	"encoding/json"
	"io"
)

// jsonStreamer is a plan that writes its own JSON, byte for byte what
// writeJSON would write for it at one level inside a document, without
// building it in memory (a crucible plan over a large manifest is tens
// of megabytes). What it writes is already safe (textsafe.AppendJSON,
// textsafe.AppendJSONString): it goes to the output as it is, not through
// a second textsafe.Writer pass.
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
	// The document around the plan is made safe as writeJSON's is; the
	// plan's own JSON is safe already and goes past the filter.
	jw := jsonWriter(w)
	hole, err := json.Marshal(planHole)
	if err != nil {
		return err
	}
	i := bytes.Index(b.Bytes(), hole)
	if i < 0 {
		doc.Plan = plan
		return writeJSON(w, doc)
	}
	if _, err := jw.Write(b.Bytes()[:i]); err != nil {
		return err
	}
	if err := jw.Flush(); err != nil {
		return err
	}
	if err := st.WriteJSON(jw.Unwrap(), "  ", "  "); err != nil {
		return err
	}
	if _, err := jw.Write(b.Bytes()[i+len(hole):]); err != nil {
		return err
	}
	return jw.Flush()
}
