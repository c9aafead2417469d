// Command pickup reads the saved state of an interrupted AI-agent
// workflow, says where things stand, and walks the person (or a script,
// through --choice and --json) through CONTINUE / REVIEW / RESTART /
// DISCARD with guards that stop anything from being lost.
package main

import (
	"context"
	"io"
	"os"

	"github.com/pickup-dev/pickup/internal/quickline"
)

func main() {
	// quickline's init has already given a kept statusline and exited,
	// when it could; stdin is then the bytes it read (quickline.Stdin).
	in := io.Reader(os.Stdin)
	if r := quickline.Stdin(); r != nil {
		in = r
	}
	os.Exit(run(context.Background(), os.Args[1:], stdio{in: in, out: os.Stdout, err: os.Stderr}))
}
