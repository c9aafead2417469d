package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/tailscale/hujson"
	"github.com/tidwall/gjson"
)

// Any settings file pickup accepts comes out as valid JSON holding one
// pickup entry; installing again changes nothing; uninstalling gives
// back the original bytes (unless the original was an empty object, or
// held an empty "hooks" or session-start list, which uninstall tidies
// away).
func FuzzHookMerge(f *testing.F) {
	for _, s := range hookSettingsFixtures {
		f.Add([]byte(s))
	}
	for _, s := range []string{"", "{}", "{\n}", `{"hooks":{}}`, `{"hooks":{"SessionStart":[]}}`, "{\r\n\t\"a\": [1,\r\n\t\t2]\r\n}",
		`{"a":{"b":[{"c":"\u00e9\"\\"}]},"hooks":{"Stop":[{"hooks":[]}]}}`, `[]`, `{"hooks":[]}`, `{"x":1,}`} {
		f.Add([]byte(s))
	}
	bin := "/opt/pickup/bin/pickup"
	f.Fuzz(func(t *testing.T, doc []byte) {
		for _, ag := range hookAgents {
			merged, err := mergeHook(doc, ag, bin)
			if err != nil {
				continue // refused: nothing to check but that it said so
			}
			view := merged
			if ag.jsonc {
				// JSONC in, JSONC out: its comments and commas are kept.
				if view, err = hujson.Standardize(bytes.Clone(merged)); err != nil {
					t.Fatalf("%s: invalid JSONC from\n%q\n->\n%q", ag.name, doc, merged)
				}
			}
			if !json.Valid(view) {
				t.Fatalf("%s: invalid JSON from\n%q\n->\n%q", ag.name, doc, merged)
			}
			found, err := pickupEntries(view, ag, bin)
			if err != nil || len(found) != 1 {
				t.Fatalf("%s: %d entries (%v) in\n%q", ag.name, len(found), err, merged)
			}
			again, err := mergeHook(merged, ag, bin)
			if err != nil || string(again) != string(merged) {
				t.Fatalf("%s: install is not idempotent:\n%q\n->\n%q", ag.name, merged, again)
			}
			back, _, err := unmergeHook(merged, ag, bin)
			if err != nil {
				t.Fatalf("%s: uninstall: %v", ag.name, err)
			}
			if ag.jsonc && len(back) > 0 {
				back2, _ := hujson.Standardize(bytes.Clone(back))
				if !json.Valid(back2) {
					t.Fatalf("%s: uninstall: invalid JSONC\n%q", ag.name, back)
				}
			} else if err != nil || (len(back) > 0 && !json.Valid(back)) {
				t.Fatalf("%s: uninstall: %v\n%q", ag.name, err, back)
			}
			if len(gjsonTrim(doc)) == 0 || hadEmptyOrMine(doc, ag, bin) {
				continue
			}
			if string(back) != string(doc) {
				t.Fatalf("%s: uninstall did not restore\n%q\ngot\n%q", ag.name, doc, back)
			}
		}
	})
}

func gjsonTrim(doc []byte) string { return gjson.ParseBytes(doc).Raw }

// hadEmptyOrMine: doc is an empty object (whose inner spacing an insert
// does not keep), holds an empty "hooks" object or session-start list,
// or already a pickup entry.
func hadEmptyOrMine(doc []byte, ag hookAgent, bin string) bool {
	if r := root(doc); r.IsObject() && len(r.Map()) == 0 {
		return true
	}
	hooks := root(doc).Get("hooks")
	if hooks.IsObject() && len(hooks.Map()) == 0 {
		return true
	}
	if l := hooks.Get(gjson.Escape(ag.event)); l.IsArray() && len(l.Array()) == 0 {
		return true
	}
	found, _ := pickupEntries(doc, ag, bin)
	return len(found) > 0
}
