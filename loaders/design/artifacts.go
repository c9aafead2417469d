package design

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/model"
	"github.com/tidwall/gjson"
)

// role is one kind of output a stage writes (seed 003's architecture).
type role struct {
	key   string // the "artifacts" key
	stage int    // what it is for people is Text.Roles[key]
	// convention is where the stage writes it for a feature ("%s" is the
	// feature), or "" when the name cannot be derived (ADRs, tickets).
	convention string
	// checkpoint and field say where a checkpoint records the path.
	checkpoint, field string
}

var roles = []role{
	{"rules", 1, ".claude/design/%s-rules.md", "stage_1", "rules_file"},
	{"analysis", 3, ".claude/design/%s-analysis.md", "stage_3a", "analysis_file"},
	{"tdd", 3, "docs/design/%s.md", "stage_3b", "tdd_file"},
	{"adrs", 3, "", "stage_3b", "adr_files"},
	{"contracts", 4, ".claude/design/%s-contracts.md", "stage_4", "contracts_file"},
	{"bdd", 5, ".claude/design/%s-bdd.feature", "stage_5", "bdd_file"},
	{"tickets", 6, "", "stage_6", "ticket_files"},
}

func roleOf(key string) (role, bool) {
	for _, r := range roles {
		if r.key == key {
			return r, true
		}
	}
	return role{}, false
}

// located is a role's paths and where pickup learnt them.
type located struct {
	role  role
	paths []string // relative to the project as written, slash-separated
	from  string   // "artifacts", "checkpoint", "convention"
}

// exists reports whether a project-relative path is a file on disk.
func exists(project, rel string) bool {
	st, err := os.Stat(abs(project, rel))
	return err == nil && !st.IsDir()
}

func abs(project, rel string) string {
	if filepath.IsAbs(rel) {
		return rel
	}
	return filepath.Join(project, filepath.FromSlash(rel))
}

// locate finds a role's paths for a feature: the session's artifacts
// entry, else the stage's checkpoint, else the conventional name.
func locate(f *sessionFile, feature string, r role) located {
	if e := f.artifact(r.key); e != nil && !e.null {
		return located{r, e.paths, "artifacts"}
	}
	if v := get(f.checkpoint(r.checkpoint), r.field); v.Exists() {
		var paths []string
		switch {
		case v.Type == gjson.String:
			if s := strings.TrimSpace(str(v)); s != "" {
				paths = []string{s}
			}
		case v.IsArray():
			paths = strList(v)
		}
		if len(paths) > 0 {
			return located{r, paths, "checkpoint"}
		}
	}
	if r.convention != "" && feature != "" {
		return located{r, []string{fmt.Sprintf(r.convention, feature)}, "convention"}
	}
	return located{role: r}
}

// anyExists reports whether one of the paths is on disk, and which.
func (l located) anyExists(project string) (string, bool) {
	for _, p := range l.paths {
		if exists(project, p) {
			return p, true
		}
	}
	return "", false
}

// missing lists the paths not on disk.
func (l located) missing(project string) []string {
	var out []string
	for _, p := range l.paths {
		if !exists(project, p) {
			out = append(out, p)
		}
	}
	return out
}

// ---- tickets (Stage 6) ----

// ticketCount is Stage 6's resume logic: count the ticket files of the
// feature's prefix and compare them to tickets_progress.total_planned.
type ticketCount struct {
	prefixes  []string
	files     []string // found on disk, sorted
	planned   int
	hasPlan   bool
	recorded  int // tickets_progress.created
	hasRec    bool
	remaining []string
}

var ticketName = lazyre.New(`^([A-Za-z][A-Za-z0-9_]*)-[0-9][^/]*\.md$`)

// countTickets counts .claude/tickets/{PREFIX}-*.md for the prefixes of
// the tickets the session lists (or a checkpoint's ticket_prefix); with
// no prefix known it counts the listed tickets that exist.
func countTickets(project string, f *sessionFile, feature string) ticketCount {
	var tc ticketCount
	if f != nil && f.tickets != nil {
		tc.planned, tc.hasPlan = f.tickets.planned, f.tickets.hasPlanned
		tc.recorded, tc.hasRec = f.tickets.created, f.tickets.hasCreated
		tc.remaining = f.tickets.remaining
	}
	listed := locate(f, feature, mustRole("tickets"))
	seen := map[string]bool{}
	addPrefix := func(p string) {
		p = strings.TrimSuffix(strings.TrimSpace(p), "-")
		if p != "" && !seen[p] {
			seen[p] = true
			tc.prefixes = append(tc.prefixes, p)
		}
	}
	cp := f.checkpoint("stage_6")
	addPrefix(scalar(get(cp, "ticket_prefix")))
	addPrefix(scalar(get(cp, "prefix")))
	for _, p := range listed.paths {
		if m := ticketName.FindStringSubmatch(filepath.Base(p)); m != nil {
			addPrefix(m[1])
		}
	}
	found := map[string]bool{}
	for _, pre := range tc.prefixes {
		matches, _ := filepath.Glob(filepath.Join(project, ".claude", "tickets", globEscape(pre)+"-*.md"))
		for _, m := range matches {
			if st, err := os.Stat(m); err == nil && st.Mode().IsRegular() {
				rel, _ := filepath.Rel(project, m)
				found[filepath.ToSlash(rel)] = true
			}
		}
	}
	if len(tc.prefixes) == 0 {
		for _, p := range listed.paths {
			if exists(project, p) {
				found[p] = true
			}
		}
	}
	tc.files = sortedKeys(found)
	return tc
}

func mustRole(key string) role {
	r, ok := roleOf(key)
	if !ok {
		panic("design: no role " + key)
	}
	return r
}

// globEscape quotes glob metacharacters in a literal name part.
func globEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`).Replace(s)
}

// counted is how many tickets exist.
func (tc ticketCount) counted() int { return len(tc.files) }

// relevant reports whether the session has anything to say about tickets.
func (tc ticketCount) relevant() bool { return tc.hasPlan || tc.counted() > 0 || tc.hasRec }

// summary is "2 of 5 tickets created" (or "3 tickets created").
func (tc ticketCount) summary(t *Text) string {
	if tc.hasPlan && tc.planned > 0 {
		return t.TicketsOf.F(tc.counted(), tc.planned)
	}
	return t.TicketsCreated.N(tc.counted())
}

func (tc ticketCount) pattern() string {
	if len(tc.prefixes) == 0 {
		return ".claude/tickets/"
	}
	var parts []string
	for _, p := range tc.prefixes {
		parts = append(parts, ".claude/tickets/"+p+"-*.md")
	}
	return strings.Join(parts, ", ")
}

// ---- the artifact list REVIEW shows ----

// artifactList is every artifact the session records, each marked as
// existing or missing, then the conventional files found on disk that
// the session does not record.
func artifactList(project string, f *sessionFile, feature string, t *Text) (out []model.Artifact, unrecorded []string) {
	seen := map[string]bool{}
	add := func(path, kind string, stage int) {
		if seen[kind+"\x00"+path] {
			return
		}
		seen[kind+"\x00"+path] = true
		a := model.Artifact{Path: path, Kind: kind, Exists: exists(project, path)}
		if stage >= 0 {
			a.Phase = PhaseName(stage) // seed 003's name, as Phase.Name
		}
		out = append(out, a)
	}
	if f != nil {
		for _, e := range f.artifacts {
			stage := -1
			if r, ok := roleOf(e.key); ok {
				stage = r.stage
			}
			for _, p := range e.paths {
				add(p, e.key, stage)
			}
		}
	}
	for _, r := range roles {
		l := locate(f, feature, r)
		if l.from == "artifacts" {
			continue
		}
		for _, p := range l.paths {
			switch {
			case l.from == "checkpoint":
				add(p, r.key, r.stage)
			case exists(project, p) && !seen[r.key+"\x00"+p]:
				add(p, r.key, r.stage)
				unrecorded = append(unrecorded, p)
			}
		}
	}
	return out, unrecorded
}

// ---- discovery of features from their artifacts (migration) ----

// artifactFeatures lists the features that have design artifacts in
// .claude/design/ (rules, analysis, contracts, BDD), sorted. It reads one
// folder; it never walks the tree.
func artifactFeatures(project string) ([]string, error) {
	dir := filepath.Join(project, ".claude", "design")
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, errNotDir) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("design: %s: %w", dir, err)
	}
	set := map[string]bool{}
	for _, e := range entries {
		if !e.Type().IsRegular() {
			continue
		}
		name := e.Name()
		for _, suffix := range []string{"-rules.md", "-analysis.md", "-contracts.md", "-bdd.feature"} {
			if f, ok := strings.CutSuffix(name, suffix); ok && f != "" && ValidFeature(i18n.English, f) == nil {
				set[f] = true
			}
		}
	}
	return sortedKeys(set), nil
}

// stageOutputs are the conventional outputs pickup can attribute to a
// feature without a session file, by stage.
func stageOutputs(project, feature string) map[int][]string {
	out := map[int][]string{}
	for _, r := range roles {
		if r.convention == "" {
			continue
		}
		p := fmt.Sprintf(r.convention, feature)
		if exists(project, p) {
			out[r.stage] = append(out[r.stage], p)
		}
	}
	return out
}
