package main

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkHook times `pickup hook --agent claude` on the demo project
// (seven live sessions of every format, three archived, a git repository
// with an uncommitted file): in process, and as the agent runs it, the
// built binary with its start-up. The goal is under 50 ms of wall time
// for the binary (docs/performance.md).
func BenchmarkHook(b *testing.B) {
	root := b.TempDir()
	project, home := filepath.Join(root, "shop"), filepath.Join(root, "claude-home")
	if err := unpackSample(project, home, time.Now()); err != nil {
		b.Fatal(err)
	}
	if err := gitSample(project); err != nil {
		b.Skip(err)
	}
	in := payload("claude", project, "startup")
	args := []string{"hook", "--agent", "claude", "--claude-home", home}
	b.Run("in-process", func(b *testing.B) {
		for b.Loop() {
			var out strings.Builder
			if code := run(context.Background(), args, stdio{in: strings.NewReader(in), out: &out, err: io.Discard}); code != 0 || !strings.Contains(out.String(), "additionalContext") {
				b.Fatalf("exit %d: %q", code, out.String())
			}
		}
	})
	b.Run("binary", func(b *testing.B) {
		for b.Loop() {
			cmd := exec.Command(bin, args...)
			cmd.Dir = project
			cmd.Env = append(os.Environ(), "CLAUDE_PROJECT_DIR=")
			cmd.Stdin = strings.NewReader(in)
			out, err := cmd.Output()
			if err != nil || !strings.Contains(string(out), "additionalContext") {
				b.Fatalf("%v: %q", err, out)
			}
		}
	})
}
