package bmad

import (
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/internal/testkit/hostile"
	"github.com/pickup-dev/pickup/loaders"
)

// The shared hostile-input corpus runner (internal/testkit/hostile) on
// BMAD's ledger, as every format runs it; TestHostileCorpus above adds
// the story file and the module config.
var hostileTargets = []hostile.Target{
	{Name: "bmad-ledger", Value: "2-2-watering-schedule", Setup: func(t *testing.T) hostile.Place {
		p := hostile.NewPlace(t)
		testkit.CopyTree(t, filepath.Join("testdata", "demo"), p.Project)
		p.Path = filepath.Join(p.Project, "_bmad-output", "implementation-artifacts", "sprint-status.yaml")
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}},
}

func hostileRegistry(hostile.Place) loaders.Registry { return loaders.Registry{Loader{}} }

func TestHostileInput(t *testing.T) {
	hostile.Run(t, filepath.Join("..", "..", "testdata", "hostile"), hostileRegistry, hostileTargets...)
}

func TestHostileTransformsLoadAlike(t *testing.T) {
	hostile.Transforms(t, filepath.Join("..", "..", "testdata", "hostile"), hostileRegistry, hostileTargets...)
}
