package speckit

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/internal/promptdoc"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
)

// builder turns one feature's files into a Session.
type builder struct {
	t          *Text
	root, path string
	data       []byte
	mod        time.Time
	list       []Feature
	strays     []string

	s   *model.Session
	doc Doc
}

func (b *builder) session() *model.Session {
	dir := filepath.Dir(b.path)
	name := filepath.Base(dir)
	b.s = &model.Session{
		Source: SourceName, ID: loaders.SessionID(SourceName, b.root, b.path),
		Path: b.path, Project: b.root, Title: name,
		LastUpdated: b.mod, HasLastUpdated: true,
		Fingerprint: fsx.Fingerprint(b.data),
		NoCrash:     true,
		Warnings:    []string{},
		Policy:      map[model.Choice]model.ChoicePolicy{},
	}
	b.s.Policy[model.Restart] = model.ChoicePolicy{Disabled: b.t.RestartNo}
	b.field("feature", "Feature", name)
	b.current(name)
	if filepath.Base(b.path) != "tasks.md" {
		b.planned(dir)
		b.artifacts(dir)
		return b.s
	}
	b.doc = parseTasks(b.data)
	if len(b.doc.Phases()) == 0 && !strings.HasPrefix(b.doc.Title, "Tasks") {
		b.s.Problem = &model.LoadError{Kind: model.ErrCorrupted, Path: b.path, Detail: b.t.NoTaskList}
		b.s.Phases = []model.Phase{}
		b.s.Policy = nil
		return b.s
	}
	if b.doc.Title != "" {
		b.s.Title = name + ": " + strings.TrimPrefix(b.doc.Title, "Tasks: ")
	}
	b.phases()
	b.resume(name)
	b.evidence(dir)
	b.sections()
	b.artifacts(dir)
	return b.s
}

func (b *builder) field(key, label, value string) {
	b.s.Fields = append(b.s.Fields, model.Field{Key: key, Label: label, Value: value})
}

// current says whether this is the feature spec-kit itself would work
// on, and names the other unfinished ones.
func (b *builder) current(name string) {
	cur := current(b.root, b.list)
	how := map[string]string{"feature.json": b.t.FromFeatureJSON, "branch": b.t.FromBranch, "highest": b.t.FromHighest}[cur.How]
	if cur.Name == name {
		b.field("current", "Current feature", b.t.Current.F(how))
	} else if cur.Name != "" {
		b.field("current", "Current feature", b.t.NotCurrent.F(shown(cur.Name), how))
	}
	var others []string
	for _, f := range b.list {
		if f.Name != name && f.unfinished() {
			others = append(others, shown(f.Name))
		}
	}
	if len(others) > 0 {
		b.s.Warnings = append(b.s.Warnings, b.t.OthersUnfinished.F(strings.Join(others, ", ")))
	}
	for _, s := range b.strays {
		b.s.Warnings = append(b.s.Warnings, b.t.Stray.F(shown(s)))
	}
}

// unfinished is a feature with work left: no tasks.md yet, or an
// unticked task in it. The answer is kept per file version (size and
// time), since every feature's session names the others.
func (f Feature) unfinished() bool {
	if !f.Tasks {
		return true
	}
	p := filepath.Join(f.Dir, "tasks.md")
	st, err := os.Stat(p)
	if err != nil {
		return true
	}
	key := fmt.Sprintf("%s\x00%d\x00%d", p, st.Size(), st.ModTime().UnixNano())
	if v, ok := unfinishedSeen.Load(key); ok {
		return v.(bool)
	}
	data, err := fsx.ReadFile(p)
	if err != nil {
		return true
	}
	_, _, left := parseTasks(data).Next()
	unfinishedSeen.Store(key, left)
	return left
}

var unfinishedSeen sync.Map

// planned is a feature before tasks.md: spec.md alone, or spec.md and
// plan.md.
func (b *builder) planned(dir string) {
	cmd, stage := b.t.NextPlan, StageSpecify
	if filepath.Base(b.path) == "plan.md" {
		cmd, stage = b.t.NextTasks, StagePlan
	}
	b.s.Stage, b.s.Status = stage, stage
	b.s.Standing = model.StandingReady
	b.s.ResumePoint = model.ResumePoint{Phase: stage, Reason: b.t.ReasonPlanned.F(cmd)}
	b.s.Policy[model.Continue] = model.ChoicePolicy{Recommended: true, Hint: b.t.ContinueHintPlanned.F(cmd)}
	b.s.Policy[model.Discard] = model.ChoicePolicy{Disabled: b.t.NothingToDiscard.F(shown(filepath.Base(dir)))}
	b.s.Phases = []model.Phase{}
}

func (b *builder) phases() {
	done, total, phasesDone := 0, 0, 0
	for _, g := range b.doc.Phases() {
		d, n := g.Counts()
		done, total = done+d, total+n
		st := model.PhasePending
		switch {
		case d == n:
			st = model.PhaseCompleted
			phasesDone++
		case d > 0:
			st = model.PhaseInProgress
		}
		b.s.Phases = append(b.s.Phases, model.Phase{Name: g.Name, Status: st, Detail: strconv.Itoa(d) + "/" + strconv.Itoa(n)})
	}
	if b.s.Phases == nil {
		b.s.Phases = []model.Phase{}
	}
	b.s.Progress = model.Progress{Done: phasesDone, Total: len(b.s.Phases)}
	b.s.Units = &model.Progress{Done: done, Total: total}
	b.s.UnitsLabel = "tasks"
}

func (b *builder) resume(name string) {
	file := filepath.ToSlash(filepath.Join("specs", name, "tasks.md"))
	i, task, left := b.doc.Next()
	u := b.s.Units
	switch {
	case !left:
		b.s.Stage, b.s.Status = StageImplemented, StageImplemented
		b.s.Standing = model.StandingDone
		b.s.ResumePoint = model.ResumePoint{Reason: b.t.ReasonAllDone.F(shown(file))}
		b.s.Policy[model.Continue] = model.ChoicePolicy{Hint: b.t.TasksDone.N(u.Done, u.Total)}
	default:
		phase := b.doc.Phases()[i].Name
		b.s.Stage, b.s.Status = StageImplement, StageImplement
		if u.Done == 0 {
			b.s.Standing = model.StandingReady
		} else {
			b.s.Standing = model.StandingInterrupted
			b.s.Headline = b.t.Headline.F(b.mod.UTC().Format("2006-01-02 15:04")+" UTC", u.Done, u.Total)
		}
		b.s.ResumePoint = model.ResumePoint{Phase: phase, Reason: b.t.ReasonNext.F(task.ID)}
		b.field("next_task", "Next task", b.t.NextTask.F(task.ID, phase))
		b.s.Policy[model.Continue] = model.ChoicePolicy{Recommended: true, Hint: b.t.ContinueHint.F(task.ID)}
		b.s.Outcomes = map[model.Choice]string{model.Continue: b.t.ContinueOutcome.F(shown(filepath.ToSlash(filepath.Join("specs", name))), task.ID)}
		b.s.Prompt = b.prompt(name, file, task, phase)
	}
	b.s.Policy[model.Discard] = model.ChoicePolicy{Writes: true, Hint: b.t.DiscardHint, Confirm: b.t.DiscardConfirm.F(shown(file))}
	b.s.Moves = map[model.Choice][]string{model.Discard: {b.path}}
	if b.s.Outcomes == nil {
		b.s.Outcomes = map[model.Choice]string{}
	}
	b.s.Outcomes[model.Discard] = b.t.DiscardOutcome.F(shown(file))
}

// prompt is the handoff for a fresh agent: the rule, where to start, and
// the unticked tasks quoted as data.
func (b *builder) prompt(name, file string, task Task, phase string) string {
	var lines []string
	for _, g := range b.doc.Phases() {
		for _, t := range g.Tasks {
			if !t.Done {
				lines = append(lines, t.ID+" "+t.Text)
			}
		}
		if len(lines) >= 40 {
			break
		}
	}
	return promptdoc.Render(model.Prompt{
		Title: b.t.PromptTitle,
		Sections: []model.PromptSection{
			{Lines: []string{b.t.PromptFeature.F(shown(name), shown(file))}},
			{Lines: []string{b.t.PromptStart.F(task.ID, textsafe.Quote(phase, 200)), b.t.PromptRule, b.t.PromptSkip}},
			{Lines: []string{b.t.PromptQuoted}},
			{Lines: []string{b.t.PromptUnticked}},
			{Quote: strings.Join(lines, "\n"), QuoteLines: 40},
		},
		EndBlank: true,
	}, b.t.Lang)
}

var pathRe = lazyre.New("`([A-Za-z0-9_./-]+/[A-Za-z0-9_.-]+\\.[A-Za-z0-9]+)`|\\bin ((?:[A-Za-z0-9_.-]+/)+[A-Za-z0-9_.-]+\\.[A-Za-z0-9]+)")

// evidence checks tasks.md against itself and the disk: a phase's
// checkpoint left open while later work is ticked, a task ticked before
// an earlier phase is finished, a ticked task whose file is missing, and
// the checklists spec-kit gates on.
func (b *builder) evidence(dir string) {
	phases := b.doc.Phases()
	for i, g := range phases {
		for _, c := range g.Checkpoints {
			if c.Done {
				continue
			}
			var ids []string
			for _, later := range phases[i+1:] {
				for _, t := range later.Tasks {
					if t.Done && len(ids) < 3 {
						ids = append(ids, t.ID)
					}
				}
			}
			if len(ids) > 0 {
				b.alert(b.t.CheckpointOpen.F(shown(g.Name), c.Line, strings.Join(ids, ", ")))
			}
		}
	}
	b.outOfOrder(phases)
	var ids, paths []string
	for _, g := range phases {
		for _, t := range g.Tasks {
			if !t.Done || len(ids) >= 3 {
				continue
			}
			if p := missingPath(b.root, t.Text); p != "" {
				ids, paths = append(ids, t.ID), append(paths, p)
			}
		}
	}
	if len(ids) > 0 {
		b.alert(b.t.MissingFile.F(strings.Join(ids, ", "), strings.Join(paths, ", ")))
	}
	b.checklists(dir)
	if len(b.doc.Loose) > 0 {
		l := b.doc.Loose[0]
		b.s.Warnings = append(b.s.Warnings, b.t.Loose.N(len(b.doc.Loose), l.Line, textsafe.Quote(l.Text, 100)))
	}
	for _, g := range phases {
		for _, t := range g.Tasks {
			if t.Struck && !t.Done {
				b.s.Warnings = append(b.s.Warnings, b.t.Struck.F(t.ID, t.Line, textsafe.Quote(t.Text, 100)))
			}
		}
	}
}

// missingPath is the first project file a task's text names (in
// backticks, or after "in ") that does not exist, or "".
func missingPath(root, text string) string {
	for _, m := range pathRe.Compiled().FindAllStringSubmatch(text, -1) {
		p := m[1] + m[2]
		if strings.ContainsAny(p, "[]*<>~") || strings.HasPrefix(p, "/") || strings.Contains(p, "..") {
			continue
		}
		if _, err := os.Lstat(filepath.Join(root, filepath.FromSlash(p))); os.IsNotExist(err) {
			return p
		}
	}
	return ""
}

// outOfOrder alerts on the first task ticked in a phase after one that
// still has unticked tasks.
func (b *builder) outOfOrder(phases []Group) {
	for i, g := range phases {
		var first string
		for _, t := range g.Tasks {
			if !t.Done && !t.Struck {
				first = t.ID
				break
			}
		}
		if first == "" {
			continue
		}
		for _, later := range phases[i+1:] {
			for _, t := range later.Tasks {
				if t.Done {
					b.alert(b.t.OutOfOrder.F(t.ID, shown(later.Name), shown(g.Name), first))
					return
				}
			}
		}
	}
}

func (b *builder) checklists(dir string) {
	f, err := fsx.OpenDir(filepath.Join(dir, "checklists"))
	if err != nil {
		return
	}
	defer f.Close()
	entries, _ := f.ReadDir(200)
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		data, err := fsx.ReadFile(filepath.Join(dir, "checklists", e.Name()))
		if err != nil {
			continue
		}
		open := 0
		for _, line := range strings.Split(string(data), "\n") {
			if m := boxRe.FindStringSubmatch(line); m != nil && m[1] == " " {
				open++
			}
		}
		if open > 0 {
			b.s.Alerts = append(b.s.Alerts, model.Alert{Kind: model.AlertDecision, Text: b.t.ChecklistOpen.N(open, shown(e.Name()))})
		}
	}
}

func (b *builder) alert(text string) {
	b.s.Alerts = append(b.s.Alerts, model.Alert{Kind: model.AlertConflict, Text: text})
}

// shown is a name or heading read from the project as pickup's
// sentences say it (textsafe.Path, as GSD and BMAD do): a path of plain
// names as it is, however long a feature's name, else quoted.
func shown(s string) string { return textsafe.Path(s, 120) }

// clip cuts a line read from the file for a warning.
func clip(s string) string {
	if r := []rune(s); len(r) > 100 {
		return string(r[:99]) + "…"
	}
	return s
}

// sections are REVIEW's dashboard: each phase's ticks, then the lines
// that are no tasks.
func (b *builder) sections() {
	var lines []string
	for _, g := range b.doc.Phases() {
		d, n := g.Counts()
		mark := "[ ]"
		if d == n {
			mark = "[x]"
		} else if d > 0 {
			mark = "[~]"
		}
		lines = append(lines, b.t.PhaseLine.F(mark, g.Name, d, n))
	}
	b.s.Sections = append(b.s.Sections, model.Section{Title: b.t.PhasesTitle, Lines: lines})
	if len(b.doc.Loose) > 0 {
		var loose []string
		for i, l := range b.doc.Loose {
			if i == 10 {
				break
			}
			loose = append(loose, strconv.Itoa(l.Line)+": "+clip(l.Text))
		}
		b.s.Sections = append(b.s.Sections, model.Section{Title: b.t.NotTasksTitle, Lines: loose})
	}
	var struck []string
	for _, g := range b.doc.Phases() {
		for _, t := range g.Tasks {
			if t.Struck && !t.Done {
				struck = append(struck, t.ID+" "+clip(t.Text))
			}
		}
	}
	if len(struck) > 0 {
		b.s.Sections = append(b.s.Sections, model.Section{Title: b.t.SetAsideTitle, Lines: struck})
	}
}

// artifacts are the feature's documents, for the browser.
func (b *builder) artifacts(dir string) {
	for _, n := range []string{"spec.md", "plan.md", "tasks.md", "research.md", "data-model.md", "quickstart.md", "checklists", "contracts"} {
		p := filepath.Join(dir, n)
		st, err := os.Lstat(p)
		if err != nil || p == b.path {
			continue // the state file itself comes first in every list (loaders/artifacts.List)
		}
		rel, _ := filepath.Rel(b.root, p)
		b.s.Artifacts = append(b.s.Artifacts, model.Artifact{Path: filepath.ToSlash(rel), Kind: kindOf(n), Exists: true, Dir: st.IsDir(), Size: st.Size(), ModTime: st.ModTime()})
	}
}

func kindOf(name string) string {
	return strings.TrimSuffix(name, ".md")
}
