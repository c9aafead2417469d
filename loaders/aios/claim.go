package aios

import (
	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/lazyre"
)

// Whose file is it? Discover returns a file at one of Locations only when
// it is an AIOS session state, whole or damaged; a file another tool keeps
// at the same path is not a session (no row, no warning, no DISCARD). The
// rule, in order (docs/json.md, "AIOS: which files are sessions"):
//
//  1. Empty, or only comments and blank lines: ours. aios-core writes the
//     file with fs.writeFile, which empties it before writing, so a write
//     cut short leaves exactly this. It is session_corrupted.
//  2. Not valid YAML (a duplicate key included: js-yaml refuses those
//     too): ours. The file name is AIOS's own and there is no telling
//     whose a broken file was, so it stays visible as session_corrupted
//     and DISCARD can archive it.
//  3. A mapping with a session_state key at its top level: ours (the
//     signature both layouts write), whatever session_state holds.
//  4. A mapping without session_state whose top level has at least two of
//     session_state's own keys (last_updated, epic, progress, workflow,
//     last_action, context_snapshot, resume_instructions, crash_recovery,
//     session_id): ours, with its root missing (session_corrupted).
//  5. Anything else is someone else's: a mapping of other keys, a list, a
//     scalar, or JSON of another shape.

// signatureLine finds a session_state key at the start of a line: the
// block-style top level every producer writes, found without parsing.
var signatureLine = lazyre.New(`(?m)^(?:\x{FEFF})?["']?session_state["']?[ \t]*:`)

// ownKeys are session_state's keys; rule 4 counts them at the top level.
var ownKeys = []string{"last_updated", "epic", "progress", "workflow", "last_action",
	"context_snapshot", "resume_instructions", "crash_recovery", "session_id"}

// Claims reports whether data, read from one of Locations, is an AIOS
// session state (possibly damaged) rather than another tool's file.
func Claims(data []byte) bool {
	if signatureLine.Match(data) {
		return true
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return true // rule 2
	}
	root := docRoot(&doc)
	if root == nil {
		return true // rule 1
	}
	if duplicateKey(root) != nil {
		return true // rule 2
	}
	if !isMap(root) {
		return false
	}
	if has(root, "session_state") {
		return true
	}
	n := 0
	for _, k := range ownKeys {
		if has(root, k) {
			n++
		}
	}
	return n >= 2
}
