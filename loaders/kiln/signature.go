package kiln

import (
	"strings"

	"github.com/pickup-dev/pickup/internal/lazyre"
)

// A file is kiln's by what it says, never by where it is: Claude Code
// keeps its own auto-memory index at
// ~/.claude/projects/<encoded>/memory/MEMORY.md, the very path kiln used
// until late February 2026, and kiln 1.x appended a "## Kiln Pipeline"
// block to that same file. Discover therefore reads a candidate and asks
// who wrote it (owner):
//
//   - ownKiln: it carries kiln's signature (the heading, or the runtime
//     keys under their heading); a session, corrupted or not;
//   - ownForeign: it is recognisably someone else's (Claude Code's
//     index of links, a topic file's front matter): never a session,
//     no warning, never offered to DISCARD;
//   - ownUnknown: neither (binary junk, a stray YAML document). In
//     kiln's own folder (<project>/.kiln) it is reported as a corrupted
//     session, so the person sees it and can archive it; in the shared
//     Claude home it is left alone.
type owner int

const (
	ownUnknown owner = iota
	ownKiln
	ownForeign
)

var (
	// memoryHeadingRe is era B's first line, "# Kiln Project Memory".
	memoryHeadingRe = lazyre.New(`(?im)^#[ \t]+kiln[ \t]+project[ \t]+memory[ \t]*#*[ \t]*$`)
	// linkLineRe is one entry of Claude Code's memory index:
	// "- [Title](file.md) — note".
	linkLineRe = lazyre.New(`(?m)^[ \t]*[-*+][ \t]+\[[^\]\n]+\]\([^)\n]+\)`)
	// frontMatterRe is a Claude Code memory topic file's front matter.
	frontMatterRe = lazyre.New(`\A(?:\xef\xbb\xbf)?---\r?\n(?:[^\n]*\n){0,20}?(?:name|description|type):`)
)

// memoryOwner says who wrote a MEMORY.md.
func memoryOwner(data []byte) owner {
	if memorySigned(data) {
		return ownKiln
	}
	if linkLineRe.Match(data) || frontMatterRe.Match(data) {
		return ownForeign
	}
	d := parseMemory(data)
	// kiln 1.x's block appended to Claude Code's own MEMORY.md: the file
	// is Claude's; kiln 1.x kept its state in .kiln/STATE.md.
	if _, ok := d.section("kiln pipeline"); ok {
		return ownForeign
	}
	return ownUnknown
}

// memorySigned reports whether data carries era B's signature: the
// "# Kiln Project Memory" heading, or kiln's runtime keys where kiln puts
// them (any runtime key under "## Runtime"; before any heading, a stage
// from kiln's list, or both a stage and a status line), or a readable
// "## Phase Statuses" line.
func memorySigned(data []byte) bool {
	if memoryHeadingRe.Match(data) {
		return true
	}
	d := parseMemory(data)
	for _, f := range d.fields[secRuntime] {
		switch f.key {
		case "stage", "status", "phase_number", "planning_sub_stage", "debate_mode", "handoff_note":
			return true
		}
	}
	stage, status := false, false
	for _, f := range d.fields[secPreamble] {
		switch f.key {
		case "stage":
			if _, _, ok := lenient(f.raw, Stages); ok {
				return true
			}
			stage = true
		case "status":
			status = true
		}
	}
	return (stage && status) || len(d.phases) > 0
}

// underscores turns "-" and " " into "_" ("in-progress").
var underscores = strings.NewReplacer("-", "_", " ", "_")

// enumAliases are the other words agents write for an enum's word.
var enumAliases = map[string][]string{
	"complete":    {"completed", "done"},
	"completed":   {"complete", "done"},
	"in_progress": {"running", "inprogress"},
}

// lenient is kiln's one rule for reading an enumerated word an agent
// wrote: case, surrounding quotes and spaces, a trailing "# comment",
// and "-" or a space for "_" are forgiven; so are the same word's other
// form (complete / completed) and the two synonyms agents use (done for
// complete, running for in_progress). It returns the enum's word, whether
// the value was written exactly so, and whether it could be read at all.
func lenient(v string, enum []string) (word string, exact, ok bool) {
	raw := strings.TrimSpace(v)
	if contains(enum, raw) {
		return raw, true, true
	}
	// A quoted value is taken whole ("a # b" is not a comment); an
	// unquoted one loses its trailing comment first.
	s := raw
	if _, q := unquote(s); q == 0 {
		s = stripComment(s)
	}
	s, _ = unquote(strings.TrimSpace(s))
	s = strings.ToLower(strings.TrimSpace(s))
	s = underscores.Replace(s)
	if contains(enum, s) {
		return s, false, true
	}
	for _, w := range enum {
		if contains(enumAliases[w], s) {
			return w, false, true
		}
	}
	return "", false, false
}
