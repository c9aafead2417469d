// Package bmad reads BMAD method v6 sprints: the module config
// (_bmad/bmm/config.yaml, which says where implementation_artifacts
// lives), each sprint-status.yaml ledger (development_status: epics,
// stories and retrospectives with their status words, in file order)
// and the story files beside it (their Status line, Tasks/Subtasks
// checkboxes and review sections). Each ledger is a session. The
// resume point is bmad-sprint-status's own rule (step 3): in-progress,
// then review, then ready-for-dev, then backlog, then an optional
// retrospective, "first" sorted by epic then story number. The ledger
// is checked against the story files: a disagreement is an alert, never
// resolved in favour of done. Sources: bmad-code-org/BMAD-METHOD v6.2.0
// (d1163f85e1e45840061496531f4bc25bc7639d8c), src/bmm/module.yaml and
// src/bmm/workflows/4-implementation/*.
package bmad

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// SourceName is the format's name in the registry and in JSON.
const SourceName = "bmad"

// ConfigPath is BMAD v6's module config, relative to the project;
// AlphaConfigPath is v6 alpha's (its folder key is sprint_artifacts).
const (
	ConfigPath      = "_bmad/bmm/config.yaml"
	AlphaConfigPath = ".bmad/bmm/config.yaml"
)

// LedgerName is the ledger's file name.
const LedgerName = "sprint-status.yaml"

// Folders where a ledger sits when the config says nothing (or beside
// what it says): v6's default implementation_artifacts, and v6 alpha's
// sprint-artifacts folder.
var (
	DefaultFolder = "_bmad-output/implementation-artifacts"
	LegacyFolder  = "docs/sprint-artifacts"
)

// Loader is the BMAD loader. Its zero value speaks English.
type Loader struct {
	Lang i18n.Lang
	// Now is the invocation's clock reading, for the staleness warning
	// (zero: no warning).
	Now time.Time
}

var _ loaders.Loader = Loader{}

// Source returns "bmad".
func (Loader) Source() string { return SourceName }

func (l Loader) t() *Text { return Catalogs.For(l.Lang) }

// origin says where a ledger location comes from.
type origin int

const (
	fromConfig origin = iota
	fromDefault
	fromLegacy
)

type location struct {
	path   string
	from   origin
	dir    string // the folder, relative to the project
	config string // the config that named it (fromConfig)
}

// configFolder reads implementation_artifacts from the module config
// ("{project-root}/…" substituted, "{output_folder}" too), or v6
// alpha's sprint_artifacts from its config; "" when the config is
// absent, unreadable, or names a folder outside the project. It returns
// the config it read.
func configFolder(root string) (string, string) {
	if dir := configFolderIn(root, ConfigPath, "implementation_artifacts"); dir != "" {
		return dir, ConfigPath
	}
	if dir := configFolderIn(root, AlphaConfigPath, "sprint_artifacts"); dir != "" {
		return dir, AlphaConfigPath
	}
	return "", ""
}

func configFolderIn(root, config, key string) string {
	data, err := fsx.ReadFile(filepath.Join(root, filepath.FromSlash(config)))
	if err != nil {
		return ""
	}
	var cfg map[string]any
	if yaml.Unmarshal(data, &cfg) != nil {
		return ""
	}
	str := func(k string) string { s, _ := cfg[k].(string); return strings.TrimSpace(s) }
	out := str("output_folder")
	if out == "" {
		out = "_bmad-output"
	}
	out = inProject(root, out)
	impl := str(key)
	if impl == "" && key == "sprint_artifacts" {
		return ""
	}
	if impl == "" {
		impl = "{output_folder}/implementation-artifacts"
	}
	impl = strings.ReplaceAll(impl, "{output_folder}", out)
	return inProject(root, impl)
}

// inProject resolves a config or ledger path ("{project-root}/x", "x",
// an absolute path) to a slash path relative to root; "" when it is not
// inside root.
func inProject(root, p string) string {
	if p == "" {
		return ""
	}
	p = strings.TrimSpace(strings.ReplaceAll(p, "{project-root}", root))
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, filepath.FromSlash(p))
	}
	rel, err := filepath.Rel(root, filepath.Clean(p))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return filepath.ToSlash(rel)
}

// locations are the ledgers Discover probes, in order: the config's
// implementation_artifacts, BMAD's default folder, v6 alpha's folder
// (each once).
func locations(root string) []location {
	var out []location
	seen := map[string]bool{}
	add := func(dir string, from origin, config string) {
		if dir == "" || dir == "." {
			return
		}
		p := filepath.Join(root, filepath.FromSlash(dir), LedgerName)
		if !seen[p] {
			seen[p] = true
			out = append(out, location{path: p, from: from, dir: dir, config: config})
		}
	}
	dir, config := configFolder(root)
	add(dir, fromConfig, config)
	add(DefaultFolder, fromDefault, "")
	add(LegacyFolder, fromLegacy, "")
	return out
}

// Claims reports whether data is a BMAD sprint-status ledger: it has a
// development_status key at the top level.
func Claims(data []byte) bool {
	if bytes.Contains(data, []byte("development_status")) {
		return true
	}
	// The key may be written with escapes ("development\x5fstatus"):
	// only the parsed file can tell.
	var doc yaml.Node
	return yaml.Unmarshal(data, &doc) == nil && parseLedger(&doc).HasStatus
}

// Discover returns the ledgers under project, probing only the known
// folders. A file there that is not a ledger (no development_status) is
// left out, unless it is in the folder BMAD's config names; one that
// cannot be read is returned, so Load says why.
func (l Loader) Discover(project string) ([]string, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("bmad: %s: %w", project, err)
	}
	var found []string
	for _, loc := range locations(root) {
		_, err := os.Stat(loc.path)
		switch {
		case err == nil:
			// The folder BMAD's own config names holds BMAD's ledger: a
			// file there that reads as none is a damaged ledger (Load
			// names it). Elsewhere, another tool's file is left out.
			if data, rerr := fsx.ReadFile(loc.path); rerr == nil && !Claims(data) && loc.from != fromConfig {
				continue
			}
			found = append(found, loc.path)
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		default:
			found = append(found, loc.path)
		}
	}
	return found, nil
}

// Load reads one ledger and the story files beside it.
func (l Loader) Load(project, path string) (*model.Session, error) {
	root, err := filepath.Abs(project)
	if err != nil {
		return nil, fmt.Errorf("bmad: %s: %w", project, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("bmad: %s: %w", path, err)
	}
	data, err := fsx.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("bmad: %w", err)
	}
	r := l.read(root, abs, data)
	return r.session(), nil
}

// Apply carries out a choice's write: see apply.go.
func (l Loader) Apply(s *model.Session, c model.Choice, now time.Time) model.Applied {
	return l.apply(s, c, now)
}

// configKey is the key a config names the ledger's folder with.
func configKey(config string) string {
	if config == AlphaConfigPath {
		return "sprint_artifacts"
	}
	return "implementation_artifacts"
}
