package bmad

import (
	"os"
	"testing"

	"github.com/pickup-dev/pickup/loaders/fsx"
)

// TestMain lets this package's tests carry out a loader's writes alone,
// outside an operation of the log (cmd opens one around each).
func TestMain(m *testing.M) {
	fsx.WithoutLog()
	os.Exit(m.Run())
}
