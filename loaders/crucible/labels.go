package crucible

import (
	"fmt"
	"strings"
)

func phaseIndex(phases []*Phase, key string) (int, bool) {
	n, numeric := phaseNum(key)
	for i, p := range phases {
		if p.Key == key {
			return i, true
		}
		if pn, ok := phaseNum(p.Key); numeric && ok && pn >= n {
			return i, true
		}
	}
	return len(phases), false
}

func keyAt(phases []*Phase, i int) string {
	if i < len(phases) {
		return phases[i].Key
	}
	return ""
}

func phaseLabel(t *Text, phases []*Phase, i int) string {
	if i < len(phases) {
		return t.phase(phases[i].Key)
	}
	return t.NothingLeft
}

func spanLabel(t *Text, phases []*Phase, from, to int) string {
	if to-from == 1 {
		return t.phase(phases[from].Key)
	}
	return t.Through.F(t.phase(phases[from].Key), t.phase(phases[to-1].Key))
}

// boundaryLabel is "Phase 3 boundary (pre-wave-1)".
func boundaryLabel(t *Text, phases []*Phase, i int, reason func(string) string) string {
	if i >= len(phases) {
		return t.EndOfPipeline
	}
	return t.boundaryOf(t.phase(phases[i].Key), reason(phases[i].Key))
}

func roleOr(r string) string { return english.roleOr(r) }

func (t *Text) roleOr(r string) string {
	if r == "" {
		return t.NoRole
	}
	return r
}

func (t *Text) templateOr(e *Entry) string {
	if !e.HasFile() {
		return t.NoFile
	}
	return e.File()
}

func oneLine(s string) string {
	// Most text is already one line of single-spaced ASCII: keep it as
	// it is rather than splitting and joining it again.
	plain := len(s) == 0 || (s[0] != ' ' && s[len(s)-1] != ' ')
	for i := 0; plain && i < len(s); i++ {
		c := s[i]
		plain = c >= 0x20 && c < 0x7f && (c != ' ' || s[i+1] != ' ')
	}
	if plain {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// Dur is a duration in seconds as "1h 23m", "14m 3s" or "45s".
func Dur(sec float64) string {
	s := int(sec + 0.5)
	switch {
	case s >= 3600:
		return fmt.Sprintf("%dh %dm", s/3600, s%3600/60)
	case s >= 60:
		return fmt.Sprintf("%dm %ds", s/60, s%60)
	}
	return fmt.Sprintf("%ds", s)
}
