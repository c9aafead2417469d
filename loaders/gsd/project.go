package gsd

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/internal/when"
	"github.com/pickup-dev/pickup/loaders/fsx"
)

// project is everything read of one .planning/ folder.
type project struct {
	root, planning string

	statePath string // the session's file (STATE.md, else ROADMAP/PROJECT)
	stateData []byte
	hasState  bool // STATE.md itself was read
	state     stateDoc

	rm         roadmap
	hasRoadmap bool
	phases     []*phase // on disk and in ROADMAP.md, in run order
	dups       []string

	handoffPath string
	handoffData []byte
	handoff     handoff
	handoffErr  error

	continues []string // .continue-here*.md files, GSD's scan

	agentPath  string
	agentData  []byte
	agentID    string
	agent      agentEntry
	agentKnown bool // agent-history.json names it
	agentPlan  *plan
	agentStale bool

	spell string // "/gsd:" or "/gsd-", as the project writes GSD's commands
	times time.Time
}

// markers are the pause and agent files (absolute), in the order they
// are archived.
func (p *project) markers() []string {
	var out []string
	if p.handoffPath != "" {
		out = append(out, p.handoffPath)
	}
	out = append(out, p.continues...)
	if p.agentPath != "" {
		out = append(out, p.agentPath)
	}
	return out
}

var dashSpelling = lazyre.New(`/gsd-(execute|plan|discuss|new|resume|progress|pause|complete)`)

// readProject reads the planning folder around the session's file.
func readProject(root, statePath string, data []byte) *project {
	p := &project{root: root, planning: filepath.Dir(statePath), statePath: statePath, stateData: data, spell: "/gsd:"}
	if filepath.Base(statePath) == "STATE.md" {
		p.hasState = true
		p.state = parseState(data)
	}
	var rmData []byte
	if d, err := fsx.ReadFile(filepath.Join(p.planning, "ROADMAP.md")); err == nil {
		rmData = d
		p.hasRoadmap = true
		p.rm = parseRoadmap(d)
	}
	if dashSpelling.Match(data) || dashSpelling.Match(rmData) {
		p.spell = "/gsd-"
	}
	disk, dups := scanPhases(p.planning)
	p.dups = dups
	p.phases = mergePhases(disk, p.rm)
	p.addStatePhases()
	p.markState()
	p.readPause()
	p.readAgent()
	p.readTimes()
	return p
}

// mergePhases joins the phase folders with ROADMAP.md's phases that
// have none yet, each named from ROADMAP.md, in run order.
func mergePhases(disk []*phase, rm roadmap) []*phase {
	seen := map[string]bool{}
	for _, ph := range disk {
		k := numKey(ph.Num)
		seen[k] = true
		if n := rm.Names[k]; n != "" {
			ph.Name = n
		}
		ph.Marked = rm.Marked[k]
	}
	out := disk
	for _, k := range rm.Order {
		if !seen[k] {
			out = append(out, &phase{Num: k, Name: rm.Names[k], Marked: rm.Marked[k]})
			seen[k] = true
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return lessNum(out[i].Num, out[j].Num) })
	return out
}

var ofTotal = lazyre.New(`^\**\s*(?:Phase\s+)?([0-9]+)\s+of\s+([0-9]+)`)

// addStatePhases adds the phases after the current one that STATE.md's
// "Phase: X of Y" counts and neither the folders nor ROADMAP.md name
// (a project whose roadmap is elsewhere): pending, unnamed.
func (p *project) addStatePhases() {
	m := ofTotal.FindStringSubmatch(p.state.Phase)
	if m == nil {
		return
	}
	cur, total := atoi(m[1]), atoi(m[2])
	if total > 500 {
		return
	}
	added := false
	for n := cur + 1; n <= total; n++ {
		if p.phase(strconv.Itoa(n)) == nil {
			p.phases = append(p.phases, &phase{Num: strconv.Itoa(n)})
			added = true
		}
	}
	if added {
		sort.SliceStable(p.phases, func(i, j int) bool { return lessNum(p.phases[i].Num, p.phases[j].Num) })
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// markState lets STATE.md mark its current phase complete ("Status:
// Phase complete", "Complete + Verified").
func (p *project) markState() {
	if !p.hasState || p.state.PhaseNum == "" || !p.state.complete() {
		return
	}
	if ph := p.phase(p.state.PhaseNum); ph != nil {
		ph.Marked = true
	}
}

// phase finds a phase by number (04 and 4 alike).
func (p *project) phase(num string) *phase {
	k := numKey(num)
	for _, ph := range p.phases {
		if numKey(ph.Num) == k {
			return ph
		}
	}
	return nil
}

// readPause reads HANDOFF.json and finds the .continue-here*.md files
// where GSD's resume scan looks: up to three levels under .planning/,
// and the project root.
func (p *project) readPause() {
	hp := filepath.Join(p.planning, "HANDOFF.json")
	if d, err := fsx.ReadFile(hp); err == nil {
		p.handoffPath, p.handoffData = hp, d
		p.handoff, p.handoffErr = parseHandoff(d)
	}
	p.continues = findContinues(p.planning, 3)
	p.continues = append(p.continues, findContinues(p.root, 1)...)
}

// maxScanDirs caps the folders the checkpoint scan lists.
const maxScanDirs = 20000

func findContinues(dir string, depth int) []string {
	var out []string
	todo := []struct {
		dir string
		d   int
	}{{dir, 1}}
	for n := 0; len(todo) > 0 && n < maxScanDirs; n++ {
		cur := todo[0]
		todo = todo[1:]
		entries, err := readNames(cur.dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			name := e.Name()
			switch {
			case e.IsDir() && cur.d < depth && name != ".git" && name != "node_modules":
				todo = append(todo, struct {
					dir string
					d   int
				}{filepath.Join(cur.dir, name), cur.d + 1})
			case !e.IsDir() && strings.HasPrefix(name, ".continue-here") && strings.HasSuffix(name, ".md"):
				out = append(out, filepath.Join(cur.dir, name))
			}
		}
	}
	sort.Strings(out)
	return out
}

// readAgent reads current-agent-id.txt: GSD's init.resume calls any
// non-empty one an interrupted agent. pickup checks the plan first:
// when agent-history.json says which plan the agent ran and that plan
// has its SUMMARY, the marker is stale.
func (p *project) readAgent() {
	ap := filepath.Join(p.planning, "current-agent-id.txt")
	d, err := fsx.ReadFile(ap)
	if err != nil {
		return
	}
	id := strings.TrimSpace(firstLine(string(d)))
	if id == "" {
		return
	}
	p.agentPath, p.agentData, p.agentID = ap, d, id
	if h, err := fsx.ReadFile(filepath.Join(p.planning, "agent-history.json")); err == nil {
		p.agent, p.agentKnown = findAgent(h, id)
	}
	if p.agentKnown {
		p.agentPlan = p.planOf(p.agent)
	}
	switch {
	case p.agentPlan != nil:
		p.agentStale = p.agentPlan.Done
	default:
		_, open := p.firstOpen()
		p.agentStale = open == nil
	}
}

// planOf finds the plan an agent-history entry names (phase
// "03-initial-placement", plan "06").
func (p *project) planOf(a agentEntry) *plan {
	num := a.Phase
	if m := phaseDir.FindStringSubmatch(a.Phase); m != nil {
		num = m[1]
	}
	ph := p.phase(num)
	want := toString(a.Plan)
	if ph == nil || want == "" {
		return nil
	}
	for i := range ph.Plans {
		pl := &ph.Plans[i]
		if pl.ID == want || strings.HasSuffix(pl.ID, "-"+want) || strings.Contains(pl.ID, "-"+want+"-") || strings.EqualFold(strings.TrimPrefix(pl.ID, numPrefix(pl.ID)), want) {
			return pl
		}
	}
	return nil
}

// numPrefix is a plan id's phase part with its dash ("14-" of
// "14-GAP-04").
func numPrefix(id string) string {
	if i := strings.IndexByte(id, '-'); i >= 0 {
		return id[:i+1]
	}
	return ""
}

// firstOpen is the first plan, in run order, without its SUMMARY.
func (p *project) firstOpen() (*phase, *plan) {
	for _, ph := range p.phases {
		for i := range ph.Plans {
			if !ph.Plans[i].Done {
				return ph, &ph.Plans[i]
			}
		}
	}
	return nil, nil
}

// readTimes is the newest time the state records: STATE.md's
// last_updated or Last session, the handoff's, the agent's spawn.
func (p *project) readTimes() {
	for _, s := range []string{p.state.FM.LastUpdated, p.state.LastSession, p.handoff.Timestamp, p.agent.Timestamp} {
		if t, ok := when.Parse(s); ok {
			p.times = newest(p.times, t)
		}
	}
	if p.times.IsZero() {
		if st, err := os.Stat(p.statePath); err == nil {
			p.times = st.ModTime()
		}
	}
}
