package gsd

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/internal/when"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// gsd2 is what pickup reads of a .gsd/ project: its derived STATE.md
// (gsd-build/gsd-2 doctor.ts buildStateMarkdown) and its auto-mode
// locks (session-lock.ts): auto.lock, auto-<milestone>.lock.
type gsd2 struct {
	root, dir, path string
	data            []byte
	hasState        bool
	milestone       string
	slice           string
	task            string
	phase           string
	updated         string
	next            string
	registry        []regEntry
	locks           []autoLock

	sliceDir  string // the active slice's folder, when found
	tasks     int    // the active slice's task plans
	tasksDone int    // those with their summary
	continueF string // the slice's continue file, when there is one
	contState string // its frontmatter status
}

var (
	g2MID  = lazyre.New(`^\s*(M\d+)`)
	g2SID  = lazyre.New(`^\s*(S\d+)`)
	g2Task = lazyre.New(`(?i)^(T\d+)(?:-.*)?-PLAN\.md$`)
)

// resolveDir is gsd-2's paths.ts resolveDir: the folder named id, else
// the first named id-<descriptor>.
func resolveDir(parent, id string) string {
	entries, err := readNames(parent)
	if err != nil {
		return ""
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() == id {
			return filepath.Join(parent, id)
		}
	}
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), id+"-") {
			return filepath.Join(parent, e.Name())
		}
	}
	return ""
}

// readSlice finds the active slice's folder
// (.gsd/milestones/M001/slices/S02), counts its tasks' plans and
// summaries (tasks/T01-PLAN.md, T01-SUMMARY.md) and finds its continue
// file (S02-CONTINUE.md, legacy continue.md).
func (g *gsd2) readSlice() {
	m, sl := g2MID.FindStringSubmatch(g.milestone), g2SID.FindStringSubmatch(g.slice)
	if m == nil || sl == nil {
		return
	}
	mdir := resolveDir(filepath.Join(g.dir, "milestones"), m[1])
	if mdir == "" {
		return
	}
	g.sliceDir = resolveDir(filepath.Join(mdir, "slices"), sl[1])
	if g.sliceDir == "" {
		return
	}
	entries, _ := readNames(g.sliceDir)
	for _, e := range entries {
		n := e.Name()
		up := strings.ToUpper(n)
		if !e.IsDir() && (up == sl[1]+"-CONTINUE.MD" || strings.HasPrefix(up, sl[1]+"-") && strings.HasSuffix(up, "-CONTINUE.MD") || up == "CONTINUE.MD") {
			g.continueF = filepath.Join(g.sliceDir, n)
			g.contState = continueStatus(g.continueF)
			break
		}
	}
	tasks, _ := readNames(filepath.Join(g.sliceDir, "tasks"))
	names := map[string]bool{}
	for _, e := range tasks {
		names[strings.ToUpper(e.Name())] = true
	}
	for _, e := range tasks {
		if tm := g2Task.FindStringSubmatch(e.Name()); tm != nil && !e.IsDir() {
			g.tasks++
			sum := strings.ToUpper(strings.TrimSuffix(e.Name(), "PLAN.md") + "SUMMARY.md")
			if names[sum] || names[strings.ToUpper(tm[1])+"-SUMMARY.MD"] {
				g.tasksDone++
			}
		}
	}
}

type regEntry struct{ mark, id, title string }

type autoLock struct {
	Path     string
	data     []byte
	PID      int    `json:"pid"`
	Started  string `json:"startedAt"`
	UnitType string `json:"unitType"`
	UnitID   string `json:"unitId"`
	UnitAt   string `json:"unitStartedAt"`
	alive    bool
}

var (
	g2Field = lazyre.New(`(?m)^\*\*([A-Za-z ]+):\*\*\s*(.*)$`)
	g2Reg   = lazyre.New(`^\s*-\s*(✅|🔄|⏸️|⏸|⬜)\s*\*\*([^:*]+):?\*\*:?\s*(.*)$`)
)

func parseGSD2(data []byte) gsd2 {
	var g gsd2
	for _, m := range g2Field.Compiled().FindAllStringSubmatch(string(data), -1) {
		v := strings.TrimSpace(strings.TrimRight(m[2], "\r"))
		switch strings.ToLower(strings.TrimSpace(m[1])) {
		case "active milestone":
			g.milestone = v
		case "active slice":
			g.slice = v
		case "active task":
			g.task = v
		case "phase":
			g.phase = v
		case "last updated":
			g.updated = v
		}
	}
	section := ""
	var next []string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.HasPrefix(line, "## ") {
			section = strings.TrimSpace(line[3:])
			continue
		}
		switch section {
		case "Milestone Registry":
			if m := g2Reg.FindStringSubmatch(line); m != nil {
				g.registry = append(g.registry, regEntry{m[1], strings.TrimSpace(m[2]), strings.TrimSpace(m[3])})
			}
		case "Next Action":
			if strings.TrimSpace(line) != "" {
				next = append(next, strings.TrimSpace(line))
			}
		}
	}
	g.next = strings.Join(next, " ")
	return g
}

// pidAlive asks the system whether pid runs (signal 0): a process that
// exists but belongs to someone else counts as running.
func pidAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// readLocks reads auto.lock and auto-*.lock in .gsd/.
func (l Loader) readLocks(dir string) []autoLock {
	entries, err := readNames(dir)
	if err != nil {
		return nil
	}
	alive := l.alive
	if alive == nil {
		alive = pidAlive
	}
	var out []autoLock
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !(n == "auto.lock" || strings.HasPrefix(n, "auto-") && strings.HasSuffix(n, ".lock")) {
			continue
		}
		p := filepath.Join(dir, n)
		d, err := fsx.ReadFile(p)
		if err != nil {
			continue
		}
		lk := autoLock{Path: p, data: d}
		if json.Unmarshal(d, &lk) != nil {
			continue
		}
		lk.alive = alive(lk.PID)
		out = append(out, lk)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

func (lk autoLock) unit() string {
	var parts []string
	for _, x := range nonEmpty(lk.UnitType, lk.UnitID) {
		parts = append(parts, textsafe.Name(strings.TrimSpace(x), 80))
	}
	if len(parts) == 0 {
		return "?"
	}
	return strings.Join(parts, " ")
}

// loadGSD2 reads a .gsd/ project.
func (l Loader) loadGSD2(root, path string) (*model.Session, error) {
	t := l.t()
	g := gsd2{root: root, dir: filepath.Dir(path), path: path}
	if filepath.Base(path) != "gsd.db" {
		data, err := fsx.ReadFile(path)
		if err != nil {
			return l.corrupted(root, path, nil, err), nil
		}
		if !isText(data) {
			return l.corrupted(root, path, data, nil), nil
		}
		g = parseGSD2(data)
		g.root, g.dir, g.path, g.data, g.hasState = root, filepath.Dir(path), path, data, true
	}
	g.locks = l.readLocks(g.dir)
	g.readSlice()
	s := &model.Session{
		Source: SourceName, ID: loaders.SessionID(SourceName, root, path), Path: path, Project: root,
		Title: filepath.Base(root), Status: orQ(g.phase), Phases: []model.Phase{}, Warnings: []string{},
	}
	if !g.hasState {
		s.Status = "unknown"
		s.Warnings = append(s.Warnings, t.WarnNoStateGSD2)
	}
	if tm, ok := when.Parse(g.updated); ok {
		s.LastUpdated, s.HasLastUpdated = tm, true
	}
	done := 0
	for _, r := range g.registry {
		st, word := model.PhasePending, "pending"
		switch r.mark {
		case "✅":
			st, word = model.PhaseCompleted, "complete"
			done++
		case "🔄":
			st, word = model.PhaseInProgress, "active"
		case "⏸️", "⏸":
			word = "parked"
		}
		s.Phases = append(s.Phases, model.Phase{Name: textsafe.Line(strings.TrimSpace(r.id+": "+r.title), 100), Status: st, Label: word})
	}
	s.Progress = model.Progress{Done: done, Total: len(g.registry)}
	if g.tasks > 0 {
		s.Units, s.UnitsLabel = &model.Progress{Done: g.tasksDone, Total: g.tasks}, "tasks"
	}
	s.Stage = textsafe.Line(g.slice, 100)
	add := func(key, label, v string) {
		if v = strings.TrimSpace(v); v != "" {
			s.Fields = append(s.Fields, model.Field{Key: key, Label: label, Value: textsafe.Line(v, 160)})
		}
	}
	add("milestone", "Milestone", g.milestone)
	add("slice", "Active slice", g.slice)
	add("task", "Active task", g.task)
	add("phase", "Phase", g.phase)
	add("next_command", "Next command", "/gsd resume")
	l.gsd2Standing(&g, s)
	l.gsd2Choices(&g, s)
	return s, nil
}

func (l Loader) gsd2Standing(g *gsd2, s *model.Session) {
	t := l.t()
	where := strings.TrimSpace(strings.Join(nonEmpty(g.slice, g.task), " / "))
	// STATE.md's next action is the project's text: quoted as data
	// wherever it goes (the hook hands the reason to the agent).
	s.ResumePoint = model.ResumePoint{Phase: textsafe.Line(orQ(where), 120), Reason: "/gsd resume"}
	if strings.TrimSpace(g.next) != "" {
		s.ResumePoint.Reason = textsafe.Quote(g.next, 200)
	}
	s.LastAction = &model.LastAction{Type: "stop", Clean: true}
	if g.continueF != "" {
		s.StateFiles = append(s.StateFiles, g.continueF)
		s.Artifacts = append(s.Artifacts, model.Artifact{Path: rel(g.root, g.continueF), Kind: "marker", Exists: true})
		if g.contState == "interrupted" {
			s.Standing = model.StandingInterrupted
			s.LastAction = &model.LastAction{Type: "interrupted", Clean: false}
		} else {
			s.LastAction = &model.LastAction{Type: "pause", Clean: true}
		}
	}
	for _, lk := range g.locks {
		if tm, ok := when.Parse(lk.UnitAt); ok {
			s.LastUpdated, s.HasLastUpdated = newest(s.LastUpdated, tm), true
		} else if tm, ok := when.Parse(lk.Started); ok {
			s.LastUpdated, s.HasLastUpdated = newest(s.LastUpdated, tm), true
		}
		s.StateFiles = append(s.StateFiles, lk.Path)
		if lk.alive {
			s.Alerts = append(s.Alerts, model.Alert{Kind: model.AlertRunning, Text: t.AlertLiveLock.F(strconv.Itoa(lk.PID), lk.unit())})
			s.Standing = model.StandingRunning
			s.LastAction = &model.LastAction{Type: "auto", Clean: false}
			continue
		}
		s.Alerts = append(s.Alerts, model.Alert{Kind: model.AlertStale, Text: t.AlertDeadLock.F(strconv.Itoa(lk.PID), lk.unit())})
		if s.Standing != model.StandingRunning {
			s.Standing = model.StandingCrashed
			s.LastAction = &model.LastAction{Type: "auto", Clean: false}
		}
	}
	if s.Standing == "" && strings.EqualFold(g.phase, "complete") {
		s.Standing = model.StandingDone
	}
}

// gsd2Choices: CONTINUE is `/gsd resume`; DISCARD archives a stale
// auto.lock (a dead pid); gsd-2 has no RESTART.
func (l Loader) gsd2Choices(g *gsd2, s *model.Session) {
	t := l.t()
	parts := []string{fsx.Fingerprint(g.data)}
	var dead []string
	for _, lk := range g.locks {
		parts = append(parts, rel(g.root, lk.Path)+"="+fsx.Fingerprint(lk.data))
		if !lk.alive {
			dead = append(dead, lk.Path)
		}
	}
	s.Fingerprint = strings.Join(parts, "|")
	s.Policy = map[model.Choice]model.ChoicePolicy{
		model.Continue: {Hint: t.ContinueHint.F("/gsd resume")},
		model.Restart:  {Disabled: t.RestartNoGSD2},
	}
	s.Outcomes = map[model.Choice]string{model.Continue: t.ContinueOutcome.F("/gsd resume")}
	s.Moves = map[model.Choice][]string{}
	if len(dead) > 0 {
		var shownFiles []string
		for _, d := range dead {
			shownFiles = append(shownFiles, shownRel(g.root, d))
		}
		files := strings.Join(shownFiles, ", ")
		s.Policy[model.Discard] = model.ChoicePolicy{Hint: t.DiscardHint.F(files), Confirm: t.DiscardConfirm.N(len(dead), files), Recommended: true, Why: t.DiscardWhy}
		s.Moves[model.Discard] = relList(g.root, dead)
		s.Outcomes[model.Discard] = t.DiscardOutcome.N(len(dead))
	} else {
		s.Policy[model.Discard] = model.ChoicePolicy{Disabled: t.DiscardNoneGSD2}
	}
	sec := model.Section{Title: t.SecGSD2}
	for _, f := range s.Fields {
		sec.Lines = append(sec.Lines, f.Label+": "+f.Value)
	}
	if g.next != "" {
		sec.Lines = append(sec.Lines, t.PromptNext.F(textsafe.Quote(g.next, 200)))
	}
	s.Sections = []model.Section{sec}
	var b strings.Builder
	b.WriteString(t.PromptTitle.F(textsafe.Quote(filepath.Base(g.root), 80)) + "\n\n")
	b.WriteString(t.PromptRun.F("/gsd resume", "/gsd resume") + "\n\n")
	for _, f := range s.Fields {
		b.WriteString("- " + f.Label + ": " + textsafe.Quote(f.Value, 200) + "\n")
	}
	if g.next != "" {
		b.WriteString("\n" + t.PromptNext.F(textsafe.Quote(g.next, 300)) + "\n")
	}
	if g.continueF != "" {
		if head, _, err := fsx.ReadHead(g.continueF, 8192); err == nil {
			b.WriteString("\n" + t.PromptCheck.F(shownRel(g.root, g.continueF)) + "\n")
			b.WriteString(textsafe.QuoteBlock(string(head), 40))
		}
	}
	for _, a := range s.Alerts {
		b.WriteString("- " + a.Text + "\n")
	}
	b.WriteString("\n" + t.PromptDataNote + "\n")
	s.Prompt = b.String()
	for _, n := range []string{"STATE.md", "PROJECT.md", "DECISIONS.md", "REQUIREMENTS.md"} {
		if p := filepath.Join(g.dir, n); fileExists(p) {
			s.Artifacts = append(s.Artifacts, model.Artifact{Path: rel(g.root, p), Kind: "state", Exists: true})
		}
	}
}
