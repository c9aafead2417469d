package speckit

import (
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/internal/testkit/hostile"
	"github.com/pickup-dev/pickup/loaders"
)

// The hostile-input corpus (testdata/hostile) on a feature's tasks.md.
var hostileTargets = []hostile.Target{
	{Name: "speckit", Value: "Setup", Setup: func(t *testing.T) hostile.Place {
		p := hostile.NewPlace(t)
		testkit.CopyTree(t, filepath.Join("testdata", "aikit-two-features"), p.Project)
		p.Path = filepath.Join(p.Project, "specs", "002-rust-spec-kit-complete", "tasks.md")
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
