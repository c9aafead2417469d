package aios

import (
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/internal/testkit/hostile"
	"github.com/pickup-dev/pickup/loaders"
)

// The hostile-input corpus (testdata/hostile) on AIOS's state file.
var hostileTargets = []hostile.Target{
	{Name: "aios", Value: "Projeto Bob", Setup: func(t *testing.T) hostile.Place {
		p := hostile.NewPlace(t)
		p.Path = filepath.Join(p.Project, ".aios", ".session-state.yaml")
		p.Valid = []byte(testkit.Read(t, filepath.Join("..", "..", "testdata", "aios", "core.yaml")))
		testkit.Write(t, p.Path, string(p.Valid))
		return p
	}},
}

func hostileRegistry(hostile.Place) loaders.Registry { return loaders.Registry{New()} }

func TestHostileInput(t *testing.T) {
	hostile.Run(t, filepath.Join("..", "..", "testdata", "hostile"), hostileRegistry, hostileTargets...)
}

func TestHostileTransformsLoadAlike(t *testing.T) {
	hostile.Transforms(t, filepath.Join("..", "..", "testdata", "hostile"), hostileRegistry, hostileTargets...)
}
