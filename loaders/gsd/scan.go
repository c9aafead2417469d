package gsd

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// plan is one PLAN file of a phase and whether its SUMMARY sibling is
// there: GSD's resume scan names the summary by putting SUMMARY in place
// of the first PLAN in the file's name (get-shit-done's
// workflows/resume-project.md, `${plan/PLAN/SUMMARY}`), in the same
// folder.
type plan struct {
	ID      string // "04-03", "PLAN-01-auth" (the name without -PLAN.md / .md)
	Path    string // absolute
	Summary string // the SUMMARY path GSD looks for, absolute
	Done    bool   // the SUMMARY exists
}

// phase is one phases/NN-slug folder.
type phase struct {
	Num   string // "04", "02.1", "G1"
	Slug  string
	Dir   string // absolute
	Plans []plan
	// Summaries counts every SUMMARY file, as GSD's plan scan does (a
	// phase is complete on disk when summaries >= plans >= 1).
	Summaries int
	Context   bool   // NN-CONTEXT.md is there
	Verified  bool   // NN-VERIFICATION.md says status: passed
	VerifPath string // the VERIFICATION file, when there is one
	Continue  string // the phase's .continue-here*.md, when there is one

	Name   string // from ROADMAP.md, else the slug
	Marked bool   // ROADMAP.md (or STATE.md) marks it complete
	mtime  int64
}

// Complete is GSD's "complete on disk": at least one plan, and as many
// summaries as plans (get-shit-done/bin/lib/plan-scan: completed).
func (p *phase) Complete() bool { return len(p.Plans) > 0 && p.Summaries >= len(p.Plans) }

// DonePlans counts the plans whose SUMMARY is there.
func (p *phase) DonePlans() int {
	n := 0
	for _, pl := range p.Plans {
		if pl.Done {
			n++
		}
	}
	return n
}

// phaseDir reads a phase folder's name: a number with decimal inserts
// (02.1) or a letter and a number (G1), a dash, a slug.
var phaseDir = lazyre.New(`^([0-9]+(?:\.[0-9]+)*|[A-Za-z][0-9]+)(?:-(.*))?$`)

// isPlan and isSummary are GSD's plan-scan rules (flat layout).
func isPlan(name string) bool {
	if strings.HasSuffix(name, "-OUTLINE.md") || strings.HasSuffix(name, ".pre-bounce.md") {
		return false
	}
	if strings.HasSuffix(name, "-PLAN.md") || name == "PLAN.md" {
		return true
	}
	return strings.HasSuffix(strings.ToLower(name), ".md") && strings.Contains(strings.ToUpper(name), "PLAN")
}

func isSummary(name string) bool {
	return strings.HasSuffix(name, "-SUMMARY.md") || name == "SUMMARY.md"
}

// nested layout (plans/PLAN-01-x.md, plans/SUMMARY-01-x.md).
var (
	nestedPlan    = lazyre.New(`(?i)(^|-)PLAN-\d+.*\.md$`)
	nestedSummary = lazyre.New(`(?i)(^|-)SUMMARY-\d+.*\.md$`)
)

// maxPhases caps how many phase folders one project may list.
const maxPhases = 5000

// readNames lists a folder's entries (names and whether each is a
// folder), through fsx.OpenDir.
func readNames(dir string) ([]os.DirEntry, error) {
	f, err := fsx.OpenDir(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}

// scanPhases lists planning/phases/*: each phase folder with its plans,
// summaries, context, verification and checkpoint. Two folders with one
// number keep the newest, as GSD does; the other is named in dups.
func scanPhases(planning string) (phases []*phase, dups []string) {
	root := filepath.Join(planning, "phases")
	entries, err := readNames(root)
	if err != nil {
		return nil, nil
	}
	byNum := map[string]*phase{}
	for _, e := range entries {
		if !e.IsDir() || len(byNum) >= maxPhases {
			continue
		}
		m := phaseDir.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		p := scanPhase(filepath.Join(root, e.Name()), m[1], m[2])
		if info, err := e.Info(); err == nil {
			p.mtime = info.ModTime().UnixNano()
		}
		key := numKey(m[1])
		if old, ok := byNum[key]; ok {
			keep, drop := old, p
			if p.mtime > old.mtime {
				keep, drop = p, old
			}
			byNum[key] = keep
			dups = append(dups, filepath.Base(drop.Dir))
			continue
		}
		byNum[key] = p
	}
	for _, p := range byNum {
		phases = append(phases, p)
	}
	sort.Slice(phases, func(i, j int) bool { return lessNum(phases[i].Num, phases[j].Num) })
	sort.Strings(dups)
	return phases, dups
}

func scanPhase(dir, num, slug string) *phase {
	p := &phase{Num: num, Slug: slug, Dir: dir, Name: slug}
	entries, _ := readNames(dir)
	names := map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() {
			names[e.Name()] = true
		}
	}
	for _, e := range entries {
		n := e.Name()
		switch {
		case e.IsDir() && n == "plans":
			p.scanNested(filepath.Join(dir, n))
		case e.IsDir():
		case strings.HasPrefix(n, ".continue-here") && strings.HasSuffix(n, ".md"):
			p.Continue = filepath.Join(dir, n)
		case isSummary(n):
			p.Summaries++
		case strings.HasSuffix(n, "-CONTEXT.md") || n == "CONTEXT.md":
			p.Context = true
		case strings.HasSuffix(n, "-VERIFICATION.md") || n == "VERIFICATION.md":
			p.VerifPath = filepath.Join(dir, n)
			p.Verified = verificationPassed(p.VerifPath)
		case isPlan(n):
			sum := strings.Replace(n, "PLAN", "SUMMARY", 1)
			p.Plans = append(p.Plans, plan{
				ID: planID(n), Path: filepath.Join(dir, n),
				Summary: filepath.Join(dir, sum), Done: sum != n && names[sum],
			})
		}
	}
	sort.Slice(p.Plans, func(i, j int) bool { return p.Plans[i].ID < p.Plans[j].ID })
	return p
}

func (p *phase) scanNested(dir string) {
	entries, _ := readNames(dir)
	names := map[string]bool{}
	for _, e := range entries {
		names[e.Name()] = true
	}
	for _, e := range entries {
		n := e.Name()
		switch {
		case e.IsDir():
		case nestedSummary.MatchString(n):
			p.Summaries++
		case nestedPlan.MatchString(n) && !strings.HasSuffix(n, "-OUTLINE.md") && !strings.HasSuffix(n, ".pre-bounce.md"):
			sum := strings.Replace(n, "PLAN", "SUMMARY", 1)
			p.Plans = append(p.Plans, plan{
				ID: planID(n), Path: filepath.Join(dir, n),
				Summary: filepath.Join(dir, sum), Done: names[sum],
			})
		}
	}
}

// planID is a plan file's name without its PLAN suffix: 04-03-PLAN.md
// is 04-03, plans/PLAN-01-auth.md is PLAN-01-auth.
func planID(name string) string {
	id := strings.TrimSuffix(name, ".md")
	if t, ok := strings.CutSuffix(id, "-PLAN"); ok && t != "" {
		return t
	}
	return id
}

// verificationPassed reads the head of a VERIFICATION file for its
// frontmatter's `status: passed` (GSD's verifier writes it there).
func verificationPassed(path string) bool {
	head, _, err := fsx.ReadHead(path, 4096)
	if err != nil {
		return false
	}
	fm, _ := splitFrontmatter(head)
	for _, line := range strings.Split(fm, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if ok && strings.TrimSpace(k) == "status" {
			return strings.EqualFold(strings.Trim(strings.TrimSpace(v), `"'`), "passed")
		}
	}
	return false
}

// numKey is a phase number without leading zeros in each part (04 and
// 4 are one phase; 02.1 is 2.1).
func numKey(num string) string {
	parts := strings.Split(num, ".")
	for i, s := range parts {
		if n, err := strconv.Atoi(s); err == nil {
			parts[i] = strconv.Itoa(n)
		} else {
			parts[i] = strings.ToUpper(s)
		}
	}
	return strings.Join(parts, ".")
}

// lessNum orders phase numbers as GSD runs them: numerically, decimal
// inserts between their integers (2 < 2.1 < 2.2 < 3); lettered ones
// (G1) after the numbers, by text.
func lessNum(a, b string) bool {
	pa, pb := strings.Split(numKey(a), "."), strings.Split(numKey(b), ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		switch {
		case ea == nil && eb == nil && na != nb:
			return na < nb
		case ea == nil && eb != nil:
			return true
		case ea != nil && eb == nil:
			return false
		case ea != nil && eb != nil && pa[i] != pb[i]:
			return pa[i] < pb[i]
		}
	}
	return len(pa) < len(pb)
}
