package tui

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Paths are named from their closest labelled root, only where a whole
// folder name matches.
func TestPathRoots(t *testing.T) {
	rs := newPathRoots("/home/ana/shop", "/home/ana/.claude", "/home/ana")
	for in, want := range map[string]string{
		"/home/ana/shop":                               "<project>",
		"/home/ana/shop/.aios/state.yaml":              "<project>/.aios/state.yaml",
		"/home/ana/.claude/projects/x/memory":          "$CLAUDE_HOME/projects/x/memory",
		"/home/ana/notes.md":                           "~/notes.md",
		"/home/ana/shopping/list":                      "~/shopping/list",
		"/srv/other":                                   "/srv/other",
		"moved from /home/ana/shop/a, not /home/ana/x": "moved from <project>/a, not ~/x",
		"/home/ana/shop2 stays":                        "~/shop2 stays",
	} {
		if got := rs.replace(in); got != want {
			t.Errorf("replace(%q) = %q, want %q", in, got, want)
		}
	}
	if got := newPathRoots("", "relative", "/"); len(got) != 0 {
		t.Errorf("empty, relative and / are no roots: %v", got)
	}
}

// A long path is shortened in the middle: its root's label and its last
// folders stay.
func TestShortenPathInTheMiddle(t *testing.T) {
	p := "<project>/draft/context/phase_history/ch001_sc001/scene_card.json"
	got := shortenPath(p, 40, "…")
	if got != "<project>/…/ch001_sc001/scene_card.json" || ansi.StringWidth(got) > 40 {
		t.Fatalf("%q", got)
	}
	if got := shortenPath(p, 200, "…"); got != p {
		t.Fatalf("a path that fits is kept: %q", got)
	}
	if got := shortenPath("/a/b/an-extremely-long-file-name.json", 12, "…"); ansi.StringWidth(got) > 12 || !strings.HasSuffix(got, ".json") {
		t.Fatalf("last component too long: %q", got)
	}
}

// A line never breaks inside a timestamp or a path: the date and time
// stay together, and a path too long for the line is shortened, not cut.
func TestWrapKeepsTimestampsAndPathsWhole(t *testing.T) {
	lines := wrapSegs([]seg{{text: "retry at 2026-02-15 12:36:00 UTC, in six minutes"}}, 30, "…")
	var joined []string
	for _, l := range lines {
		var b strings.Builder
		for _, tk := range l {
			b.WriteString(tk.text + " ")
		}
		joined = append(joined, strings.TrimSpace(b.String()))
	}
	found := false
	for _, l := range joined {
		if strings.Contains(l, "2026-02-15 12:36:00 UTC") {
			found = true
		}
	}
	if !found {
		t.Fatalf("the timestamp was broken: %q", joined)
	}
	d := newDoc(30, true)
	d.text(sg("see <project>/draft/context/phase_history/ch001_sc001/scene_card.json now", new(lipgloss.Style)))
	out := strings.Join(d.lines, "\n")
	if !strings.Contains(out, "<project>/…/scene_card.json") {
		t.Fatalf("path not shortened in the middle:\n%s", out)
	}
}
