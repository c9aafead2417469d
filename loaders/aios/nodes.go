package aios

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/lazyre"
)

// Helpers over yaml.Node trees. Values are read from scalar nodes'
// Value text, so 12.3 stays "12.3" whatever type YAML would give it.

// resolve follows an alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// docRoot returns the document's top node, or nil for an empty document.
func docRoot(doc *yaml.Node) *yaml.Node {
	if doc.Kind == 0 {
		return nil // no document at all: empty, or only comments
	}
	if doc.Kind == yaml.DocumentNode {
		if len(doc.Content) == 0 {
			return nil
		}
		return resolve(doc.Content[0])
	}
	return resolve(doc)
}

// pair returns the key and value nodes of key in mapping m (the first
// occurrence), or nils.
func pair(m *yaml.Node, key string) (k, v *yaml.Node) {
	m = resolve(m)
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Kind == yaml.ScalarNode && m.Content[i].Value == key {
			return m.Content[i], resolve(m.Content[i+1])
		}
	}
	return nil, nil
}

// get returns the value node of key in mapping m, or nil.
func get(m *yaml.Node, key string) *yaml.Node {
	_, v := pair(m, key)
	return v
}

// has reports whether mapping m has key.
func has(m *yaml.Node, key string) bool {
	k, _ := pair(m, key)
	return k != nil
}

// isMap reports whether n is a mapping.
func isMap(n *yaml.Node) bool { return n != nil && n.Kind == yaml.MappingNode }

// isNull reports whether n is absent or a YAML null.
func isNull(n *yaml.Node) bool {
	return n == nil || (n.Kind == yaml.ScalarNode && n.Tag == "!!null")
}

// str returns a scalar's text, trimmed; "" for null, missing or
// non-scalar nodes.
func str(n *yaml.Node) string {
	if isNull(n) || n.Kind != yaml.ScalarNode {
		return ""
	}
	return strings.TrimSpace(n.Value)
}

// integer reads a scalar as a whole number.
func integer(n *yaml.Node) (int, bool) {
	s := str(n)
	if s == "" {
		return 0, false
	}
	i, err := strconv.Atoi(s)
	if err != nil {
		return 0, false
	}
	return i, true
}

// strs returns the texts of a sequence's scalar items; ok is false when n
// is not a sequence.
func strs(n *yaml.Node) (out []string, ok bool) {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil, false
	}
	out = []string{}
	for _, it := range n.Content {
		if s := str(resolve(it)); s != "" {
			out = append(out, s)
		}
	}
	return out, true
}

// duplicateKey returns the first key that appears twice in one mapping
// anywhere under n (js-yaml, which the producer loads with, rejects such
// files), or nil.
func duplicateKey(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.MappingNode {
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode || k.Value == "<<" {
				continue
			}
			if seen[k.Value] {
				return k
			}
			seen[k.Value] = true
		}
	}
	if n.Kind == yaml.AliasNode {
		return nil
	}
	for _, c := range n.Content {
		if d := duplicateKey(c); d != nil {
			return d
		}
	}
	return nil
}

var lineRE = lazyre.New(`line (\d+)`)

// errLine extracts the line number a yaml error names, or 0.
func errLine(err error) int {
	m := lineRE.FindStringSubmatch(err.Error())
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// yamlDetail turns a yaml error into a LoadError detail without the
// "yaml: line N:" prefix (the LoadError carries the line itself).
func yamlDetail(err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	if loc := lineRE.FindStringIndex(msg); loc != nil && loc[0] == 0 {
		msg = strings.TrimLeft(msg[loc[1]:], ": ")
	}
	return "invalid YAML: " + msg
}

// normPhase maps a phase name as agents write it ("Self-Healing",
// "quality gate") onto Bob's spelling, and so do the phase ids of
// aios-core's workflow executor ("2_development": the number is the
// phase's place in the cycle, and a migrated session keeps the id as its
// current_phase) and the squad template's "phase_2" keys; ok is false for
// a name that is not one of Phases.
func normPhase(s string) (string, bool) {
	n := strings.ToLower(strings.TrimSpace(s))
	n = strings.NewReplacer("-", "_", " ", "_").Replace(n)
	num, rest, numbered := strings.Cut(n, "_")
	if numbered && num == "phase" {
		if i, err := strconv.Atoi(rest); err == nil && i >= 1 && i <= len(Phases) {
			return Phases[i-1], true
		}
	}
	if i, err := strconv.Atoi(num); numbered && err == nil && i >= 1 && i <= len(Phases) && rest == Phases[i-1] {
		return Phases[i-1], true
	}
	for _, p := range Phases {
		if n == p {
			return p, true
		}
	}
	return s, false
}
