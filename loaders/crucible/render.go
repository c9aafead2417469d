package crucible

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/model"
)

// Lines renders the plan in the spec's "# Replay Plan (dry-run)" format.
// Each table row ends with a Why column: the reason for its verdict.
func (pl *ReplayPlan) Lines() []string {
	if pl.lean {
		c := *pl
		c.keepRows()
		return c.Lines()
	}
	out := make([]string, 0, len(pl.Skip)+len(pl.ReExecute)+len(pl.Implied)+len(pl.Fallbacks)+len(pl.Mutations)+24)
	add := func(f string, a ...any) { out = append(out, fmt.Sprintf(f, a...)) }
	// row is "| a | b | … |": a table row for each dispatch, built
	// without fmt (a plan has a row per dispatch: 100,000 and more).
	row := func(seq int, cells ...string) {
		n := 8
		for _, c := range cells {
			n += len(c) + 3
		}
		var b strings.Builder
		b.Grow(n + 4)
		b.WriteString("| ")
		b.WriteString(strconv.Itoa(seq))
		for _, c := range cells {
			b.WriteString(" | ")
			b.WriteString(c)
		}
		b.WriteString(" |")
		out = append(out, b.String())
	}
	t := pl.text()
	known := func(s string) string {
		if s == "" {
			return t.Unknown
		}
		return s
	}
	add("%s", t.Title)
	add("")
	add("**%s:** %s", t.Source, pl.Source)
	add("**%s:** %s | %s: %s | %s: %s", t.Original, known(pl.Skill), t.Session, known(pl.Session), t.Started, known(pl.Started))
	add("**%s:** %s", t.CrashedAt, pl.crashedText())
	add("**%s:** %s", t.ResumePoint, pl.resumeText())
	add("**%s:** %s", t.WorkPreserved, pl.preservedText())
	if len(pl.Fallbacks) > 0 {
		add("")
		add("%s", t.Fallbacks)
		add("")
		for _, f := range pl.Fallbacks {
			add("- %s -> %s: %s", f.From, f.To, cell(f.Reason))
		}
	}
	if r := pl.Resume.Restore; r != nil && (len(r.Staying) > 0 || r.StayingErr != "") {
		add("")
		add("%s", t.Staying)
		add("")
		out = append(out, stayingLines(t, r, maxStayingListed)...)
	}
	add("")
	add("%s", t.Skip)
	add("")
	add("%s", t.SkipHead)
	add("|-----|------|-------|---------|-----|")
	for _, r := range pl.Skip {
		row(r.Seq, cell(r.Role), cell(phaseCell(r.Phase)), cell(r.Summary), cell(r.Why))
	}
	if len(pl.Skip) == 0 {
		add("| - | - | - | %s | %s |", t.NothingToSkip, t.NoPhaseBefore)
	}
	add("")
	add("%s", t.ReExecute)
	add("")
	add("%s", t.ReExecuteHead)
	add("|-----|------|-------|-----------------|----------|-----|")
	for _, r := range pl.ReExecute {
		row(r.Seq, cell(r.Role), cell(phaseCell(r.Phase)), cell(r.Status), cell(r.Template), cell(r.Why))
	}
	for _, k := range pl.Implied {
		add("| - | - | %s | %s | - | %s |", cell(k), t.NotRecorded, t.ImpliedWhy)
	}
	if len(pl.ReExecute) == 0 && len(pl.Implied) == 0 {
		add("| - | - | - | - | - | %s |", t.NothingToReExecute)
	}
	if len(pl.Mutations) > 0 {
		add("")
		add("%s", t.Mutations)
		add("")
		for _, m := range pl.Mutations {
			add("- %s -> %s", m.Original, m.Replacement)
		}
	}
	return out
}

// maxStayingListed caps the files the plan text lists.
const maxStayingListed = 20

// stayingLines say what a restore of r leaves in place: the files
// created after the checkpoint, at most limit of them listed.
func stayingLines(t *Text, r *RestoreTarget, limit int) []string {
	if r.StayingErr != "" {
		return []string{t.StayingErr.F(r.Reason, oneLine(r.StayingErr))}
	}
	out := []string{t.StayingHead.N(len(r.Staying), r.Short, r.Reason)}
	for i, f := range r.Staying {
		if i == limit {
			out = append(out, t.StayingMore.F(len(r.Staying)-i))
			break
		}
		out = append(out, "- "+f)
	}
	return out
}

func (pl *ReplayPlan) crashedText() string {
	if pl.Crashed.Context == "" {
		return pl.text().NoEntry
	}
	return pl.text().phase(pl.Crashed.Phase) + ", " + pl.Crashed.Context
}

func (pl *ReplayPlan) resumeText() string {
	r, t := pl.Resume, pl.text()
	if r.End {
		return t.NoneEnd
	}
	s := t.ResumeBoundary.F(t.phase(r.Phase))
	switch {
	case r.Restore != nil:
		s += " (" + t.Restored.F(r.Restore.Reason, r.Restore.Short, r.Restore.TakenAt) + ")"
	case r.Boundary != "":
		s += " (" + t.NotRestored.F(r.Boundary, r.NoRestore) + ")"
	default:
		s += " (" + r.NoRestore + ")"
	}
	if r.Requested != "" {
		s += t.Requested.F(r.Requested)
	}
	return s
}

func (pl *ReplayPlan) preservedText() string {
	ps, t := pl.WorkPreserved.Phases, pl.text()
	switch len(ps) {
	case 0:
		return t.NonePreserved
	case 1:
		return t.OnePhase.F(pl.WorkPreserved.Text, phaseCell(ps[0]))
	}
	return t.Phases.F(pl.WorkPreserved.Text, phaseCell(ps[0]), phaseCell(ps[len(ps)-1]))
}

// Compact is the plan in a few lines for the dashboard.
func (pl *ReplayPlan) Compact(limit int) []string {
	if pl.lean {
		c := *pl
		c.keepRows()
		return c.Compact(limit)
	}
	t := pl.text()
	out := []string{
		t.CrashedAt + ": " + pl.crashedText(),
		t.ResumePoint + ": " + pl.resumeText(),
		t.WorkPreserved + ": " + pl.preservedText(),
	}
	for _, f := range pl.Fallbacks {
		out = append(out, t.FellBack+": "+f.From+" -> "+f.To+": "+f.Reason)
	}
	if r := pl.Resume.Restore; r != nil && len(r.Staying) > 0 {
		out = append(out, t.stayingSentence(r.Reason, r.Staying))
	}
	out = append(out, t.SkipReExecute.N(len(pl.Skip), len(pl.ReExecute)))
	shown := 0
	for _, r := range pl.ReExecute {
		if shown == limit {
			out = append(out, t.AndMore.F(len(pl.ReExecute)-shown))
			break
		}
		out = append(out, fmt.Sprintf("#%d %s (%s, %s): %s", r.Seq, t.roleOr(r.Role), t.phase(r.Phase), t.statusWord(r.Status), r.Why))
		shown++
	}
	for _, k := range pl.Implied {
		out = append(out, t.phase(k)+": "+t.StartsFresh)
	}
	for _, m := range pl.Mutations {
		out = append(out, t.Mutation+": "+m.Original+" -> "+m.Replacement)
	}
	return out
}

func phaseTitle(key string) string {
	p := &Phase{Key: key}
	return p.Name()
}

func phaseCell(key string) string {
	if key == "" {
		return "-"
	}
	return key
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// cell makes text safe inside a markdown table cell.
func cell(s string) string {
	s = oneLine(s)
	if s == "" {
		return "-"
	}
	return strings.ReplaceAll(s, "|", `\|`)
}

// CSBInput is what the compression-state block is built from, in the
// spec's priority order: handoff manifest, pipeline-status.md's
// Compression State, manifest entries, the checkpoint.
type CSBInput struct {
	Plan     *ReplayPlan
	Handoff  *Handoff // the one leading into the resume phase, or the latest
	Status   *PipelineStatus
	Skill    string
	Scratch  string
	Modified []string // files the preserved work changed, when known
}

// csbFieldMax caps one value quoted in the compression-state block.
const csbFieldMax = 1000

// quote is text read from the pipeline's files (a goal, a decision, a
// summary, a next step) as the block shows it to the agent: «…» on one
// line, never as pickup's own words or an order (docs/agents.md).
func quote(s string) string { return textsafe.Quote(s, csbFieldMax) }

// CompressionState builds the ===COMPRESSION_STATE=== block. Every
// value it takes from the pipeline's files is quoted (quote).
func CompressionState(in CSBInput) string {
	pl := in.Plan
	if pl.lean {
		c := *pl
		c.keepRows()
		pl = &c
	}
	var b strings.Builder
	t := pl.text()
	c := &t.CSB
	w := func(f string, a ...any) { fmt.Fprintf(&b, f+"\n", a...) }
	goal := ""
	if g := in.Handoff.Items("goal"); len(g) > 0 {
		goal = strings.Join(g, " ")
	}
	if goal == "" && in.Status != nil {
		goal = in.Status.Goal
	}
	if goal == "" {
		goal = c.NoGoal
	} else {
		goal = quote(goal)
	}
	phase := c.NonePhase
	if !pl.Resume.End {
		phase = phaseCell(pl.Resume.Phase)
	}
	w("===COMPRESSION_STATE===")
	w("%s: %s", c.Goal, goal)
	w("%s: %s", c.Skill, orWord(in.Skill, t.Unknown))
	w("%s: %s", c.Phase, phase)
	w("%s", c.Health)
	w("%s:", c.Progress)
	if ps := pl.WorkPreserved.Phases; len(ps) > 0 {
		w("%s", c.Completed.F(phaseCell(ps[0]), phaseCell(ps[len(ps)-1])))
	} else {
		w("%s", c.NoPhase)
	}
	switch {
	case pl.Resume.Restore != nil:
		w("%s", c.FromCheckpoint.F(pl.Resume.Restore.Reason))
	case pl.Resume.End:
		w("%s", c.AfterLast)
	default:
		w("%s", c.FromBoundary.F(t.phase(pl.Resume.Phase)))
	}
	for _, m := range milestones(t, pl, 5) {
		w("- %s", m)
	}
	w("%s:", c.Decisions)
	decisions := in.Handoff.Items("decisions")
	if len(decisions) == 0 && in.Status != nil {
		decisions = in.Status.Decisions
	}
	list(w, decisions, c.NoDecision)
	w("%s:", c.Constraints)
	constraints := in.Handoff.Items("active constraints")
	if len(constraints) == 0 && in.Status != nil {
		constraints = in.Status.Constraints
	}
	for _, ct := range constraints {
		w("- %s", quote(ct))
	}
	if ps := pl.WorkPreserved.Phases; len(ps) > 0 {
		w("%s", c.VerifiedThrough.F(phaseCell(ps[len(ps)-1])))
	} else {
		w("%s", c.NoneVerified)
	}
	w("%s:", c.Modified)
	if len(in.Modified) > 0 {
		for i, f := range in.Modified {
			if i == 20 {
				w("%s", c.MoreFiles.F(len(in.Modified)-i))
				break
			}
			w("- %s", model.ShowName(f))
		}
	} else {
		w("%s", c.SeeGitLog)
	}
	w("%s:", c.ScratchState)
	w("- %s: %s", c.Location, orWord(in.Scratch, t.Unknown))
	w("- %s", c.Recovery)
	w("%s:", c.Next)
	n := 0
	step := func(s string) {
		n++
		w("%d. %s", n, oneLine(s))
	}
	if len(pl.ReExecute) > 0 {
		r := pl.ReExecute[0]
		task := ""
		if r.Task != "" {
			task = quote(r.Task)
		}
		step(c.redispatch(r.Seq, t.roleOr(r.Role), task, t.phase(r.Phase)))
	} else if !pl.Resume.End {
		step(c.StartPhase.F(t.phase(pl.Resume.Phase)))
	} else {
		step(c.Cleanup)
	}
	var more []string
	if !pl.Resume.End {
		more = in.Handoff.Items("inputs for phase")
	}
	if len(more) == 0 && in.Status != nil {
		more = in.Status.NextSteps
	}
	for i, s := range more {
		if i == 5 {
			break
		}
		step(quote(s))
	}
	step(c.Append.F(pl.NextSeq))
	w("===END_COMPRESSION_STATE===")
	return b.String()
}

func list(w func(string, ...any), items []string, empty string) {
	if len(items) == 0 {
		w("%s", empty)
		return
	}
	for _, it := range items {
		w("- %s", quote(it))
	}
}

// milestones are the last summaries of the work kept.
func milestones(t *Text, pl *ReplayPlan, n int) []string {
	var out []string
	for i := len(pl.Skip) - 1; i >= 0 && len(out) < n; i-- {
		r := pl.Skip[i]
		if r.Summary == "" || r.Status != StatusCompleted {
			continue
		}
		out = append(out, fmt.Sprintf("seq %d %s: %s", r.Seq, t.roleOr(r.Role), quote(r.Summary)))
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
