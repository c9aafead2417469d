package main

import (
	"context"
	"io"
	"strings"
	"testing"
)

// BenchmarkStatuslineInProcess is pickup statusline on the demo without
// the process start-up, to see where its own time goes.
func BenchmarkStatuslineInProcess(b *testing.B) {
	project, home := demoSample(b)
	in := statuslinePayload(project, project)
	for b.Loop() {
		var out strings.Builder
		if code := run(context.Background(), []string{"statusline", "--claude-home", home}, stdio{in: strings.NewReader(in), out: &out, err: io.Discard}); code != 0 || out.Len() == 0 {
			b.Fatalf("exit %d: %q", code, out.String())
		}
	}
}
