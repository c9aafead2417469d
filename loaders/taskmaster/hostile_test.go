package taskmaster

import (
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/internal/testkit/hostile"
	"github.com/pickup-dev/pickup/loaders"
)

const hostileData = "../../testdata"

// The hostile-input corpus (testdata/hostile) on tasks.json.
var hostileTargets = []hostile.Target{
	{Name: "taskmaster", Value: "Create Auth0 Configuration Documentation", Setup: func(t *testing.T) hostile.Place {
		p := hostile.NewPlace(t)
		testkit.CopyReplace(t, filepath.Join(hostileData, "taskmaster", "in-progress-parent", ".taskmaster"), filepath.Join(p.Project, ".taskmaster"))
		p.Path = filepath.Join(p.Project, ".taskmaster", "tasks", "tasks.json")
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}},
}

func hostileRegistry(hostile.Place) loaders.Registry { return loaders.Registry{Loader{}} }

func TestHostileInput(t *testing.T) {
	hostile.Run(t, filepath.Join(hostileData, "hostile"), hostileRegistry, hostileTargets...)
}

func TestHostileTransformsLoadAlike(t *testing.T) {
	hostile.Transforms(t, filepath.Join(hostileData, "hostile"), hostileRegistry, hostileTargets...)
}
