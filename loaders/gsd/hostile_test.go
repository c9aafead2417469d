package gsd

import (
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/internal/testkit/hostile"
	"github.com/pickup-dev/pickup/loaders"
)

const hostileData = "../../testdata"

// The hostile-input corpus (testdata/hostile) on GSD's STATE.md.
var hostileTargets = []hostile.Target{
	{Name: "gsd", Value: "Event Bus", Setup: func(t *testing.T) hostile.Place {
		p := hostile.NewPlace(t)
		testkit.CopyReplace(t, filepath.Join(hostileData, "gsd", "in-progress-plan-without-summary", ".planning"), filepath.Join(p.Project, ".planning"))
		p.Path = filepath.Join(p.Project, ".planning", "STATE.md")
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}},
}

func hostileRegistry(hostile.Place) loaders.Registry { return loaders.Registry{New("")} }

func TestHostileInput(t *testing.T) {
	hostile.Run(t, filepath.Join(hostileData, "hostile"), hostileRegistry, hostileTargets...)
}

func TestHostileTransformsLoadAlike(t *testing.T) {
	hostile.Transforms(t, filepath.Join(hostileData, "hostile"), hostileRegistry, hostileTargets...)
}
