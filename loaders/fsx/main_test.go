package fsx

import (
	"os"
	"testing"
)

// TestMain lets the tests of the write functions alone write outside an
// operation; the operation log's own tests open one (an open operation
// records whatever WithoutLog says).
func TestMain(m *testing.M) {
	WithoutLog()
	os.Exit(m.Run())
}
