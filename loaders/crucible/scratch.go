package crucible

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// maxScratchFile caps how much of a markdown scratch file is read.
const maxScratchFile = 1 << 20

// readSmall reads at most maxScratchFile bytes of path, through the one
// reader (a named pipe or a device there is refused, never waited on).
func readSmall(path string) ([]byte, error) {
	data, _, err := fsx.ReadHead(path, maxScratchFile)
	return data, err
}

// PipelineStatus is pipeline-status.md: a header of **Key:** value lines
// and a Compression State section.
type PipelineStatus struct {
	// Header holds the header's fields in file order (Updated, Started,
	// Skill, Phase, Health, Suggested Action, Elapsed…).
	Header [][2]string
	// Compression State fields.
	Goal        string
	Decisions   []string
	Constraints []string
	NextSteps   []string
}

// Get returns a header field by name (case-insensitive).
func (p *PipelineStatus) Get(key string) string {
	if p == nil {
		return ""
	}
	for _, kv := range p.Header {
		if strings.EqualFold(kv[0], key) {
			return kv[1]
		}
	}
	return ""
}

// boldField matches "**Key:** value", "**Key**: value", "- **Key:** value"
// and "Key: value" (the last only where allowPlain).
var boldField = lazyre.New(`^\s*(?:[-*]\s+)?\*\*([^*:]+?)\s*(?::\*\*|\*\*\s*:)\s*(.*?)\s*$`)
var plainField = lazyre.New(`^\s*(?:[-*]\s+)?([A-Za-z][A-Za-z ]{1,30}?)\s*:\s*(.*?)\s*$`)

// ParsePipelineStatus reads pipeline-status.md. Agents write it by hand,
// so fields may be bold or plain, and sections come in any order.
func ParsePipelineStatus(data []byte) *PipelineStatus {
	p := &PipelineStatus{}
	section := ""
	field := "" // the Compression State field being filled
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), maxScratchFile)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " \t\r")
		trim := strings.TrimSpace(line)
		if h, ok := heading(trim); ok {
			if strings.HasPrefix(trim, "## ") || strings.HasPrefix(trim, "# ") {
				section = strings.ToLower(h)
				field = ""
				continue
			}
			// ### Goal inside the Compression State section.
			if strings.Contains(section, "compression state") {
				field = csField(h)
			}
			continue
		}
		switch {
		case section == "" || strings.HasPrefix(section, "pipeline status"):
			if m := boldField.FindStringSubmatch(line); m != nil {
				p.Header = append(p.Header, [2]string{strings.TrimSpace(m[1]), m[2]})
			}
		case strings.Contains(section, "compression state"):
			if m := boldField.FindStringSubmatch(line); m != nil && csField(m[1]) != "" {
				field = csField(m[1])
				p.addCS(field, m[2], true)
				continue
			}
			if m := plainField.FindStringSubmatch(line); m != nil && csField(m[1]) != "" && !isItem(trim) {
				field = csField(m[1])
				p.addCS(field, m[2], true)
				continue
			}
			if field != "" && trim != "" {
				p.addCS(field, trim, false)
			}
		}
	}
	return p
}

func heading(s string) (string, bool) {
	if !strings.HasPrefix(s, "#") {
		return "", false
	}
	t := strings.TrimLeft(s, "#")
	if t == "" || t[0] != ' ' {
		return "", false
	}
	return strings.TrimSpace(t), true
}

func csField(name string) string {
	n := strings.ToLower(strings.TrimSpace(strings.Trim(name, "*: ")))
	switch {
	case n == "goal":
		return "goal"
	case strings.HasPrefix(n, "key decisions"):
		return "decisions"
	case strings.HasPrefix(n, "active constraints"):
		return "constraints"
	case strings.HasPrefix(n, "next steps"):
		return "next"
	}
	return ""
}

var itemRe = lazyre.New(`^(?:[-*+]|\d+[.)])\s+`)

func isItem(s string) bool { return itemRe.MatchString(s) }

// item strips a list marker.
func item(s string) string {
	return strings.TrimSpace(itemRe.ReplaceAllString(strings.TrimSpace(s), ""))
}

func (p *PipelineStatus) addCS(field, v string, first bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return
	}
	switch field {
	case "goal":
		if p.Goal == "" {
			p.Goal = item(v)
		} else if !first {
			p.Goal += " " + item(v)
		}
	case "decisions":
		p.Decisions = append(p.Decisions, item(v))
	case "constraints":
		p.Constraints = append(p.Constraints, item(v))
	case "next":
		p.NextSteps = append(p.NextSteps, item(v))
	}
}

// Handoff is a phase handoff manifest, handoff-<N>-to-<M>.md.
type Handoff struct {
	File     string
	From, To string
	Title    string
	// Sections by lower-case heading: "inputs for phase m", "decisions
	// carried forward", "active constraints", "shed receipt", "goal"…
	Sections map[string][]string
	Order    []string
}

// Items returns the list items (or lines) of the first section whose
// heading starts with prefix.
func (h *Handoff) Items(prefix string) []string {
	if h == nil {
		return nil
	}
	for _, k := range h.Order {
		if strings.HasPrefix(k, prefix) {
			return h.Sections[k]
		}
	}
	return nil
}

var handoffName = lazyre.New(`^handoff-([A-Za-z0-9.]+)-to-([A-Za-z0-9.]+)\.md$`)

// ParseHandoff reads one handoff manifest.
func ParseHandoff(name string, data []byte) *Handoff {
	h := &Handoff{File: name, Sections: map[string][]string{}}
	if m := handoffName.FindStringSubmatch(name); m != nil {
		h.From, h.To = m[1], m[2]
	}
	cur := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), maxScratchFile)
	for sc.Scan() {
		trim := strings.TrimSpace(sc.Text())
		if t, ok := heading(trim); ok {
			if strings.HasPrefix(trim, "# ") && h.Title == "" {
				h.Title = t
				continue
			}
			cur = strings.ToLower(t)
			if _, dup := h.Sections[cur]; !dup {
				h.Order = append(h.Order, cur)
				h.Sections[cur] = nil
			}
			continue
		}
		if cur == "" || trim == "" || trim == "---" {
			if cur == "" && h.Sections["goal"] == nil {
				if m := boldField.FindStringSubmatch(trim); m != nil && strings.EqualFold(strings.TrimSpace(m[1]), "goal") {
					h.Sections["goal"] = []string{m[2]}
					h.Order = append(h.Order, "goal")
				}
			}
			continue
		}
		h.Sections[cur] = append(h.Sections[cur], item(trim))
	}
	return h
}

// readHandoffs reads every handoff-N-to-M.md in dir, ordered by their
// target phase.
func readHandoffs(dir string) []*Handoff {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []*Handoff
	for _, e := range ents {
		if e.IsDir() || !handoffName.MatchString(e.Name()) {
			continue
		}
		data, err := readSmall(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		out = append(out, ParseHandoff(e.Name(), data))
	}
	sort.SliceStable(out, func(i, j int) bool { return phaseLess(out[i].To, out[j].To) })
	return out
}

// phaseNum reads a phase key as a number: "3" -> 3, "3.2" -> 3.2,
// "Phase 4" -> 4.
func phaseNum(key string) (float64, bool) {
	k := strings.TrimSpace(strings.ToLower(key))
	k = strings.TrimPrefix(k, "phase")
	k = strings.TrimSpace(k)
	v, err := strconv.ParseFloat(k, 64)
	return v, err == nil
}

// phaseLess orders phase keys: numbers numerically, then text.
func phaseLess(a, b string) bool {
	na, oka := phaseNum(a)
	nb, okb := phaseNum(b)
	switch {
	case oka && okb:
		return na < nb
	case oka:
		return true
	case okb:
		return false
	}
	return a < b
}
