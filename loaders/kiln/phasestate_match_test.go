package kiln

import (
	"slices"
	"testing"
)

var eventLines = []string{
	"- [2026-02-20T10:00:00Z] [Maestro] [setup] — Phase 3 initialized",
	"  * [a] [b] [c] – en dash  ",
	"+[a][b][c]--double",
	"- [a] [b] [c] - single",
	"- [a] [b] [c] : colon",
	"- [a] [b] [c]:tight",
	"- [a] [b] [c]",
	"- [a] [b] [c]   ",
	"- [] [] []",
	"- [a [b] [c] [d] x",
	"- [a] [b]",
	"-[a] [b] [c]text",
	"x [a] [b] [c] text",
	"- (a) [b] [c]",
	"\t-\t[a]\t[b]\t[c]\t—\ttabbed\t\r",
	"- [a] [b] [c] ——double em",
	"- [a] [b] [c] ---three",
	"- [a]\n[b] [c] split",
	"- [a] [b] [c] line\nbreak",
	"- [a] [b] [c] trailing break\n",
	"- [a] [b] [c] \v vertical",
	"- [ü] [ß] [ç] — ünïcode ✓",
	"",
	"-",
	"- [a] [b] [c",
}

func TestMatchEventIsEventRe(t *testing.T) {
	for _, l := range eventLines {
		if got, want := matchEvent(l), eventRe.FindStringSubmatch(l); !slices.Equal(got, want) {
			t.Errorf("%q: matchEvent %q, eventRe %q", l, got, want)
		}
	}
}

func FuzzMatchEvent(f *testing.F) {
	for _, l := range eventLines {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, l string) {
		if got, want := matchEvent(l), eventRe.FindStringSubmatch(l); !slices.Equal(got, want) {
			t.Fatalf("%q: matchEvent %q, eventRe %q", l, got, want)
		}
	})
}
