//go:build pickup_killloop

package fsx

import (
	"fmt"
	"os"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"
)

// The kill loop's hook (cmd/pickup/killloop_test.go, `make killloop`).
// It is compiled only into a binary built with the tag pickup_killloop,
// which the kill-loop tests build for themselves: no shipped pickup
// reads these variables.
//
//	PICKUP_KILLLOOP_PAUSE=3ms  sleep at every point of a write
//	PICKUP_KILLLOOP_AT=N       send this process SIGKILL at the N-th point
//	PICKUP_KILLLOOP_TRACE=1    name each point on stderr
//
// The points: "recorded" (the step is in the log, the write not begun),
// "temp" (a temporary file is whole, not yet in place), "written" (the
// write is in place).

var (
	killPause = func() time.Duration {
		d, _ := time.ParseDuration(os.Getenv("PICKUP_KILLLOOP_PAUSE"))
		return d
	}()
	killAt, _  = strconv.Atoi(os.Getenv("PICKUP_KILLLOOP_AT"))
	killTrace  = os.Getenv("PICKUP_KILLLOOP_TRACE") != ""
	killPoints atomic.Int64
)

func killPoint(what, path string) {
	n := killPoints.Add(1)
	if killTrace {
		fmt.Fprintf(os.Stderr, "killloop: point %d %s %s\n", n, what, path)
	}
	if killAt > 0 && n == int64(killAt) {
		_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
		select {} // SIGKILL is not caught: this never returns
	}
	if killPause > 0 {
		time.Sleep(killPause)
	}
}
