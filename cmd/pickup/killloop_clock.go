//go:build pickup_killloop

package main

import (
	"os"
	"time"
)

// The kill loop's build (tag pickup_killloop, made by killloop_test.go;
// never shipped) reads its clock from PICKUP_KILLLOOP_NOW (RFC 3339), so
// that a write run twice writes the same bytes and archive names: the
// loop compares every killed run with one that was not killed.
func init() {
	if t, err := time.Parse(time.RFC3339, os.Getenv("PICKUP_KILLLOOP_NOW")); err == nil {
		clockNow = func() time.Time { return t }
	}
}
