package design

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/internal/testkit/hostile"
	"github.com/pickup-dev/pickup/loaders"
)

const hostileData = "../../testdata"

// The hostile-input corpus (testdata/hostile) on a /design session and
// atelier's state.
var hostileTargets = []hostile.Target{
	{Name: "design", Value: `"user-export"`, Setup: func(t *testing.T) hostile.Place {
		p := hostile.NewPlace(t)
		testkit.CopyReplace(t, filepath.Join(hostileData, "design", "spec_example"), p.Project)
		p.Path = filepath.Join(p.Project, ".claude", "design", "sessions", "user-export.session.json")
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}},
	{Name: "atelier", Value: `"user-auth"`, Setup: func(t *testing.T) hostile.Place {
		p := hostile.NewPlace(t)
		testkit.CopyReplace(t, filepath.Join(hostileData, "design", "atelier"), p.Project)
		p.Path = filepath.Join(p.Project, filepath.FromSlash(AtelierState))
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}},
}

func hostileRegistry(p hostile.Place) loaders.Registry {
	o := loaders.Options{ClaudeHome: p.Home, Now: time.Date(2026, 3, 24, 14, 30, 0, 0, time.UTC), Plain: true,
		Flags: map[string]string{}, Lists: map[string][]string{}}
	return loaders.Registry{New(o), NewAtelier(o)}
}

func TestHostileInput(t *testing.T) {
	hostile.Run(t, filepath.Join(hostileData, "hostile"), hostileRegistry, hostileTargets...)
}

func TestHostileTransformsLoadAlike(t *testing.T) {
	hostile.Transforms(t, filepath.Join(hostileData, "hostile"), hostileRegistry, hostileTargets...)
}
