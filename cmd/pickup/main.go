// Command pickup reads the saved state of an interrupted AI-agent
// workflow, says where things stand, and walks the person (or a script,
// through --choice and --json) through CONTINUE / REVIEW / RESTART /
// DISCARD with guards that stop anything from being lost.
package main

import (
	"context"
	"os"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], stdio{in: os.Stdin, out: os.Stdout, err: os.Stderr}))
}
