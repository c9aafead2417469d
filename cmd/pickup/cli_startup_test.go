package main

import (
	"strings"
	"testing"
)

// TestVersionInitsNoHighlighterNorMarkdown: pickup runs at every agent's
// start and in statuslines, so what its packages do before main is paid
// on every command. No highlighter registry (lexers, styles) and no
// markdown parser may be set up then: the preview colours JSON and YAML
// with chroma's core package and two lexers of its own, compiled on the
// first preview, and draws markdown itself (issue 28: chroma's lexers
// and styles registries took 17.5 ms of each start, the markdown stack
// 3.6 ms). chroma's core package may initialise; its registries may not.
func TestVersionInitsNoHighlighterNorMarkdown(t *testing.T) {
	r := pickupEnv(t, t.TempDir(), []string{"GODEBUG=inittrace=1"}, "--version").want(t, exitOK)
	if !strings.Contains(r.stderr, "init github.com/pickup-dev/pickup") {
		t.Fatalf("no init trace on stderr:\n%s", r.stderr)
	}
	for _, l := range strings.Split(r.stderr, "\n") {
		for _, pkg := range []string{"chroma/v2/lexers", "chroma/v2/styles", "chroma/v2/formatters", "glamour", "goldmark", "bluemonday"} {
			if strings.HasPrefix(l, "init ") && strings.Contains(l, pkg) {
				t.Errorf("initialised at start-up: %s", l)
			}
		}
	}
}
