package bookforge

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/internal/testkit/hostile"
	"github.com/pickup-dev/pickup/loaders"
)

const hostileData = "../../testdata"

// The hostile-input corpus (testdata/hostile) on a phase ledger and the
// pause marker.
var hostileTargets = []hostile.Target{
	{Name: "bookforge-ledger", Value: `"success"`, Setup: func(t *testing.T) hostile.Place {
		p := hostile.NewPlace(t)
		testkit.CopyReplace(t, filepath.Join(hostileData, "bookforge", "reason_pause"), p.Project)
		p.Path = filepath.Join(p.Project, "workspace", "books", "tide", filepath.FromSlash(HistoryDir), "ch001_sc001.json")
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}},
	{Name: "bookforge-pause", Value: `"tide"`, Setup: func(t *testing.T) hostile.Place {
		p := hostile.NewPlace(t)
		testkit.CopyReplace(t, filepath.Join(hostileData, "bookforge", "reason_pause"), p.Project)
		p.Path = filepath.Join(p.Project, "workspace", "books", "tide", filepath.FromSlash(PauseFile))
		p.Valid = []byte(`{"book_id": "tide", "phase": "write_scene", "chapter": 1, "scene": 1, "reason_code": "needs_review", "details": {"why": "x"}, "created_at": "2026-02-10T10:00:00Z"}` + "\n")
		testkit.Write(t, p.Path, string(p.Valid))
		return p
	}},
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
