// Command lockholder takes pickup's single-writer lock on a state file,
// as a running pickup does while it writes, prints "holding", and keeps
// the lock until its stdin closes (or it is killed). The CLI tests use it
// as the other process in the two-pickups cases. It lives under testdata
// so `go build ./...` leaves it out.
package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: lockholder STATE-FILE")
		os.Exit(2)
	}
	l, err := fsx.AcquireLock(os.Args[1], time.Now())
	if err != nil {
		fmt.Println("locked-out:", err)
		os.Exit(4)
	}
	fmt.Println("holding")
	_, _ = io.Copy(io.Discard, os.Stdin)
	_ = l.Release()
}
