package crucible

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/internal/testkit/hostile"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

const (
	hostileData = "../../testdata"
	hostileSID  = "hostile01"
)

// The hostile-input corpus (testdata/hostile) on crucible's marker,
// manifest and the files beside them.
var hostileTargets = []hostile.Target{
	{Name: "crucible-marker", Value: `"build"`, Setup: func(t *testing.T) hostile.Place {
		p, _ := hostilePlace(t)
		p.Path = filepath.Join(ScratchDir(p.Home, p.Project), MarkerName)
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}},
	{Name: "crucible-manifest", Value: `"completed"`, SizeCap: fsx.MaxStreamFile, Setup: func(t *testing.T) hostile.Place {
		p, manifest := hostilePlace(t)
		p.Path = manifest
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}},
	{Name: "crucible-status", Value: "build", Side: true, Setup: func(t *testing.T) hostile.Place {
		// A named pipe here used to hang `pickup status` for good.
		p, _ := hostilePlace(t)
		p.Path = filepath.Join(ScratchDir(p.Home, p.Project), StatusFileName)
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}},
	{Name: "crucible-handoff", Value: "Plan at", Side: true, Setup: func(t *testing.T) hostile.Place {
		p, _ := hostilePlace(t)
		p.Path = filepath.Join(ScratchDir(p.Home, p.Project), "handoff-2-to-3.md")
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}},
}

// hostilePlace lays out the crash fixture's pipeline with its marker.
func hostilePlace(t *testing.T) (hostile.Place, string) {
	p := hostile.NewPlace(t)
	scratch := ScratchDir(p.Home, p.Project)
	ddir := filepath.Join(scratch, DispatchPrefix+hostileSID)
	src := filepath.Join(hostileData, "crucible", "crash")
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		switch e.Name() {
		case "dispatch":
			testkit.CopyReplace(t, filepath.Join(src, "dispatch"), ddir, "{{SID}}", hostileSID)
		case ManifestName:
			testkit.Write(t, filepath.Join(ddir, ManifestName), string(bytes.ReplaceAll([]byte(testkit.Read(t, filepath.Join(src, e.Name()))), []byte("{{SID}}"), []byte(hostileSID))))
		default:
			testkit.Write(t, filepath.Join(scratch, e.Name()), testkit.Read(t, filepath.Join(src, e.Name())))
		}
	}
	marker := strings.NewReplacer("{{SID}}", hostileSID, "{{PHASE}}", "4", "{{BRANCH}}", "main", "{{SCRATCH}}", scratch).
		Replace(testkit.Read(t, filepath.Join(hostileData, "crucible", "marker.json")))
	testkit.Write(t, filepath.Join(scratch, MarkerName), marker)
	return p, filepath.Join(ddir, ManifestName)
}

func hostileRegistry(p hostile.Place) loaders.Registry {
	o := loaders.Options{ClaudeHome: p.Home, Now: time.Date(2026, 3, 24, 14, 30, 0, 0, time.UTC), Plain: true,
		Flags: map[string]string{}, Lists: map[string][]string{}}
	return loaders.Registry{New(o)}
}

func TestHostileInput(t *testing.T) {
	hostile.Run(t, filepath.Join(hostileData, "hostile"), hostileRegistry, hostileTargets...)
}

func TestHostileTransformsLoadAlike(t *testing.T) {
	hostile.Transforms(t, filepath.Join(hostileData, "hostile"), hostileRegistry, hostileTargets...)
}
