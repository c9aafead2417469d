package tui

import (
	"os"
	"testing"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// TestMain lets the tests that carry out a loader's write from the
// wizard do it outside an operation of the log (cmd opens one).
func TestMain(m *testing.M) {
	fsx.WithoutLog()
	os.Exit(m.Run())
}
