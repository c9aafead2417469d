package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

const storyMarkdown = "# Story 11.4: Bob\n\n**Status:** In progress\n\n## Acceptance\n\n" +
	"- tokens are *signed* with `HS256`\n- see [the spec](https://example.com/spec)\n  1. nested one\n\n" +
	"> a quote long enough to wrap around a narrow preview pane\n\n---\n\n" +
	"```json\n{\"a\": 1, \"b\": [true, null, \"x\"]}\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"

// TestMarkdownPreview: the preview's own markdown drawing keeps every
// word, drops the syntax (emphasis marks, link brackets), wraps to the
// pane and, without colour, writes no escape at all; in colour the
// fenced JSON is in the JSON preview's colours.
func TestMarkdownPreview(t *testing.T) {
	plain, _ := renderMarkdown(storyMarkdown, 40, true, true)
	text := strings.Join(plain, "\n")
	if strings.Contains(text, "\x1b") {
		t.Fatalf("escapes without colour:\n%q", text)
	}
	for _, want := range []string{
		"  Story 11.4: Bob\n", "  Status: In progress\n", "  ## Acceptance\n",
		"  • tokens are signed with HS256\n", "  • see the spec\n    https://example.com/spec\n", "    1. nested one\n",
		"  │ a quote long enough to wrap around a\n  │ narrow preview pane\n",
		"    {\"a\": 1, \"b\": [true, null, \"x\"]}\n", "  | a | b |\n",
	} {
		if !strings.Contains(text+"\n", want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	for _, l := range plain {
		if ansi.StringWidth(l) > 40 {
			t.Errorf("wider than the pane: %q", l)
		}
	}
	dark, _ := renderMarkdown(storyMarkdown, 40, true, false)
	if got := ansi.Strip(strings.Join(dark, "\n")); got != text {
		t.Fatalf("colour changed the text:\n%s\nwant:\n%s", got, text)
	}
	json, _ := highlight(`{"a": 1, "b": [true, null, "x"]}`, "json", true)
	for _, l := range dark {
		if strings.Contains(ansi.Strip(l), `{"a"`) && l != "    "+json[0] {
			t.Errorf("the fenced JSON is not in the JSON preview's colours:\n%q\n%q", l, "    "+json[0])
		}
	}
}

// TestYAMLScanKeepsText: the YAML scanner only adds colour: every line
// of a hostile-looking file comes back with its text.
func TestYAMLScanKeepsText(t *testing.T) {
	src := "# c\nkey: value # note\n- item\n- {a: 1, b: [x, 'y z']}\n\"quoted key\": |\n  block: text\n---\nurl: http://x:80/a#b\n"
	lines, ok := highlight(strings.TrimRight(src, "\n"), "yaml", false)
	if !ok {
		t.Fatal("yaml not highlighted")
	}
	if got := ansi.Strip(strings.Join(lines, "\n")); got != strings.TrimRight(src, "\n") {
		t.Fatalf("text changed:\n%s\nwant:\n%s", got, src)
	}
}
