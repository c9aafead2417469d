package kiln

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/testkit"
	"github.com/pickup-dev/pickup/internal/testkit/hostile"
	"github.com/pickup-dev/pickup/loaders"
)

const repoTestdata = "../../testdata"

// The hostile-input corpus (testdata/hostile) on every kiln file.
var hostileTargets = []hostile.Target{
	{Name: "kiln", Value: "Checkout flow", EmptyIsNone: true, Setup: func(t *testing.T) hostile.Place {
		p := hostile.NewPlace(t)
		testkit.CopyReplace(t, filepath.Join(repoTestdata, "kiln", "execution", "memory"), filepath.Join(p.Project, ".kiln", "memory"), "/home/ana/shop", p.Project)
		testkit.CopyReplace(t, filepath.Join(repoTestdata, "kiln", "execution", "kiln"), filepath.Join(p.Project, ".kiln"))
		p.Path = filepath.Join(p.Project, ".kiln", "memory", "MEMORY.md")
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}},
	kilnTarget("kiln-claude-home", "execution/memory/MEMORY.md", "", "Checkout flow", true, false),
	kilnTarget("kiln-phase-state", "execution/kiln/phase_3_state.md", ".kiln/phase_3_state.md", "Maestro", false, true),
	kilnTarget("kiln-state", "era_f_transport/kiln/STATE.md", ".kiln/STATE.md", "rate-freshness-gate", false, false),
	kilnTarget("kiln-seals", "era_f_transport/kiln/seals.log", ".kiln/seals.log", "journey", false, true),
	kilnTarget("kiln-events", "era_e_build/kiln/events.jsonl", ".kiln/events.jsonl", `"build"`, false, true),
	kilnTarget("kiln-ledger", "era_f_brainstorm/kiln/brainstorm-ledger.jsonl", ".kiln/brainstorm-ledger.jsonl", "tapknows", false, false),
}

// kilnTarget is one of kiln's files, in a project laid out from a kiln
// fixture (testdata/kiln/<case>): rel names the file in the project,
// or, when it is "", era B's memory in the Claude home (shared with
// Claude Code's own memory).
func kilnTarget(name, fixture, rel, value string, shared, side bool) hostile.Target {
	kase, _, _ := strings.Cut(fixture, "/")
	return hostile.Target{Name: name, Value: value, EmptyIsNone: !side, Shared: shared, Side: side, Setup: func(t *testing.T) hostile.Place {
		p := hostile.NewPlace(t)
		src := filepath.Join(repoTestdata, "kiln", kase)
		if _, err := os.Stat(filepath.Join(src, "kiln")); err == nil {
			testkit.CopyReplace(t, filepath.Join(src, "kiln"), filepath.Join(p.Project, ".kiln"), "/home/ana/shop", p.Project)
		}
		if rel == "" {
			p.Path = filepath.Join(p.Home, "projects", Encode(p.Project), "memory", "MEMORY.md")
			testkit.CopyReplace(t, filepath.Join(src, "memory"), filepath.Dir(p.Path), "/home/ana/shop", p.Project)
		} else {
			if _, err := os.Stat(filepath.Join(src, "memory")); err == nil {
				testkit.CopyReplace(t, filepath.Join(src, "memory"), filepath.Join(p.Project, ".kiln", "memory"), "/home/ana/shop", p.Project)
			}
			p.Path = filepath.Join(p.Project, filepath.FromSlash(rel))
		}
		p.Valid = []byte(testkit.Read(t, p.Path))
		return p
	}}
}

func hostileRegistry(p hostile.Place) loaders.Registry { return loaders.Registry{New(p.Home)} }

func TestHostileInput(t *testing.T) {
	hostile.Run(t, filepath.Join(repoTestdata, "hostile"), hostileRegistry, hostileTargets...)
}

func TestHostileTransformsLoadAlike(t *testing.T) {
	hostile.Transforms(t, filepath.Join(repoTestdata, "hostile"), hostileRegistry, hostileTargets...)
}
