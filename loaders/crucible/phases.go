package crucible

import (
	"sort"
	"strings"

	"github.com/pickup-dev/pickup/internal/lazyre"
)

// Phase is one pipeline phase: the dispatches recorded in it, or none
// when only other evidence (the marker, a handoff, a checkpoint) says the
// pipeline reached it.
type Phase struct {
	Key        string // as recorded: "2", "3.1"; "" when no entry has a phase
	Dispatches []*Entry
	// Implied says why a phase with no recorded dispatch is listed.
	Implied string
	first   int // order of first appearance
}

// Name is how people read the phase: "Phase 3".
func (p *Phase) Name() string {
	if p.Key == "" {
		return "(no phase)"
	}
	if strings.HasPrefix(strings.ToLower(p.Key), "phase") {
		return p.Key
	}
	return "Phase " + p.Key
}

// Complete reports whether every dispatch recorded in the phase finished
// (completed, skipped, or replayed by a later entry that did). A phase
// with no recorded dispatch is not complete.
func (p *Phase) Complete(m *Manifest) bool {
	if len(p.Dispatches) == 0 {
		return false
	}
	for _, e := range p.Dispatches {
		if !Finished(e.Final(m)) {
			return false
		}
	}
	return true
}

// Counts tallies the phase's dispatches by final status.
func (p *Phase) Counts(m *Manifest) map[string]int {
	c := map[string]int{}
	for _, e := range p.Dispatches {
		c[e.Final(m)]++
	}
	return c
}

// Duration sums the recorded durations, in seconds.
func (p *Phase) Duration() float64 {
	var d float64
	for _, e := range p.Dispatches {
		if e.HasDuration {
			d += e.Duration
		}
	}
	return d
}

// statusOrder is how counts are listed.
var statusOrder = []string{StatusCompleted, StatusSkipped, StatusReplayed, StatusDispatched, StatusFailed, StatusError}

// statusWord is a status as the dashboard says it.
func statusWord(s string) string { return english.statusWord(s) }

func (t *Text) statusWord(s string) string {
	if s == StatusDispatched {
		return t.InFlight
	}
	return s
}

// CountText is "3 completed, 1 in flight".
func CountText(c map[string]int) string { return english.countText(c) }

func (t *Text) countText(c map[string]int) string {
	var parts []string
	seen := map[string]bool{}
	for _, s := range statusOrder {
		if n := c[s]; n > 0 {
			parts = append(parts, t.counted(n, t.statusWord(s)))
		}
		seen[s] = true
	}
	var other []string
	for s := range c {
		if !seen[s] {
			other = append(other, s)
		}
	}
	sort.Strings(other)
	for _, s := range other {
		parts = append(parts, t.counted(c[s], s))
	}
	if len(parts) == 0 {
		return t.NoDispatch
	}
	return strings.Join(parts, ", ")
}

// groupPhases groups the manifest's entries by phase, in pipeline order:
// numeric phases by number, others by first appearance.
func groupPhases(m *Manifest) []*Phase {
	by := map[string]int{} // index in out
	var out []*Phase
	var counts []int
	// Two passes: the first counts each phase's dispatches, so that the
	// second fills lists of their final size (phases of tens of
	// thousands of dispatches, grown by append, are copied many times).
	// Neighbouring entries mostly share a phase: the last one is at hand.
	last := -1
	phaseOf := func(i int, e *Entry) int {
		if last >= 0 && out[last].Key == e.EPhase() {
			return last
		}
		k, ok := by[e.EPhase()]
		if !ok {
			k = len(out)
			by[e.EPhase()] = k
			out = append(out, &Phase{Key: e.EPhase(), first: i})
			counts = append(counts, 0)
		}
		last = k
		return k
	}
	for i, s := range m.Seqs {
		counts[phaseOf(i, m.BySeq(s))]++
	}
	for k, p := range out {
		p.Dispatches = make([]*Entry, 0, counts[k])
	}
	for i, s := range m.Seqs {
		e := m.BySeq(s)
		p := out[phaseOf(i, e)]
		p.Dispatches = append(p.Dispatches, e)
	}
	sortPhases(out)
	return out
}

func sortPhases(ps []*Phase) {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		na, oka := phaseNum(a.Key)
		nb, okb := phaseNum(b.Key)
		switch {
		case oka && okb && na != nb:
			return na < nb
		case oka != okb:
			return oka
		}
		return a.first < b.first
	})
}

// waveKey matches a phase-3 key that names a wave: "3.2", "3-wave-2".
var waveKey = lazyre.New(`(?i)^(?:phase\s*)?3\s*[.\-_/ ]\s*(?:wave\s*[-_ ]?\s*)?(\d+)$`)

// BoundaryReason is the checkpoint reason taken at the start of a build
// pipeline phase (the spec's phase-boundary table), or "" when no
// checkpoint marks it (phase 1 starts the pipeline).
func BoundaryReason(key string) string {
	if m := waveKey.FindStringSubmatch(strings.TrimSpace(key)); m != nil {
		return "pre-wave-" + strings.TrimLeft(m[1], "0")
	}
	n, ok := phaseNum(key)
	if !ok || n != float64(int(n)) {
		return ""
	}
	switch int(n) {
	case 2:
		return "pre-design-gate"
	case 3:
		return "pre-wave-1"
	case 4:
		return "pre-code-review"
	}
	return ""
}

var preWave = lazyre.New(`^pre-wave-(\d+)$`)

// reasonPhase is the build phase a checkpoint reason belongs to, "" for
// reasons outside the phase table.
func reasonPhase(reason string) string {
	switch {
	case reason == "pre-design-gate" || reason == "pre-plan-gate":
		return "2"
	case preWave.MatchString(reason):
		return "3"
	case reason == "pre-code-review" || reason == "pre-inquisitor" || reason == "pre-impl-gate":
		return "4"
	}
	return ""
}
