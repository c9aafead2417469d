package design

import (
	"bytes"
	"slices"

	"github.com/tidwall/gjson"

	"github.com/pickup-dev/pickup/internal/textin"
)

// Whose file is it? Discover returns a file only when its content is one
// of this package's shapes, whole or damaged; another tool's JSON at the
// same path is not a session (no row, no warning, no DISCARD, and above
// all no "rebuild" over it). For every path the rule is (docs/design.md,
// "Which files are sessions"):
//
//  1. Empty or only white space: ours. The file was being written when
//     the writer stopped (an agent, or jq redirecting into it).
//  2. Not JSON, even read leniently (trailing commas, a byte order mark):
//     ours. The file name is the format's own, and a broken file is
//     someone's lost state: it stays visible as damaged.
//  3. A JSON object with at least one of the shape's own top-level keys:
//     ours (a damaged one still is: the loader says what is wrong).
//  4. Anything else valid, an object of other keys, a list, a string, a
//     number: someone else's.

// The shapes' own top-level keys.
var (
	// designKeys are seed 003's session keys no other file at
	// .claude/design/sessions/*.session.json is likely to have.
	designKeys = []string{"stage_status", "current_stage", "checkpoints", "feature_name", "prd_source", "tickets_progress"}
	// atelierStateKeys are state_manager.sh's keys (its version and
	// updated_at say nothing of whose file it is).
	atelierStateKeys = []string{"phase", "feature", "locked_files"}
	// atelierSessionKeys are a saved /worklog session's keys.
	atelierSessionKeys = []string{"session_id", "saved_at", "phase", "last_commit", "uncommitted_files", "workstream"}
)

// claims applies the rule with the shape's keys.
func claims(data []byte, keys []string) bool {
	body := bytes.TrimSpace(textin.ForReading(data))
	if len(body) == 0 {
		return true // rule 1
	}
	if body[0] == '{' && hasTopKey(body, keys) {
		return true // rule 3, found without a full parse
	}
	_, jerr := parseJSON(data)
	return jerr != nil // rule 2; else rule 4 (rule 3 was checked)
}

// hasTopKey reports whether the object in data has one of keys at its top
// level. gjson reads leniently: a damaged file may be reported either way,
// and claims parses it fully when no key is found.
func hasTopKey(data []byte, keys []string) bool {
	found := false
	gjson.ParseBytes(data).ForEach(func(k, _ gjson.Result) bool {
		found = slices.Contains(keys, k.String())
		return !found
	})
	return found
}

// ClaimsSession reports whether data, read from
// .claude/design/sessions/<feature>.session.json, is a /design session
// (possibly damaged) rather than another tool's file.
func ClaimsSession(data []byte) bool { return claims(data, designKeys) }

// ClaimsAtelier reports whether data, read from .atelier/state.json
// (state) or .atelier/sessions/<id>.json, is atelier's.
func ClaimsAtelier(data []byte, state bool) bool {
	if state {
		return claims(data, atelierStateKeys)
	}
	return claims(data, atelierSessionKeys)
}
