package crucible

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/internal/i18n"
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
	add("# Replay Plan (dry-run)")
	add("")
	add("**Source:** %s", pl.Source)
	add("**Original pipeline:** %s | Session: %s | Started: %s", orUnknown(pl.Skill), orUnknown(pl.Session), orUnknown(pl.Started))
	add("**Crashed at:** %s", pl.crashedText())
	add("**Resume point:** %s", pl.resumeText())
	add("**Work preserved:** %s", pl.preservedText())
	if len(pl.Fallbacks) > 0 {
		add("")
		add("## Verification fallbacks")
		add("")
		for _, f := range pl.Fallbacks {
			add("- %s -> %s: %s", f.From, f.To, cell(f.Reason))
		}
	}
	if r := pl.Resume.Restore; r != nil && (len(r.Staying) > 0 || r.StayingErr != "") {
		add("")
		add("## Files the restore leaves in place")
		add("")
		out = append(out, stayingLines(r, maxStayingListed)...)
	}
	add("")
	add("## Dispatches to skip (verified complete)")
	add("")
	add("| Seq | Role | Phase | Summary | Why |")
	add("|-----|------|-------|---------|-----|")
	for _, r := range pl.Skip {
		row(r.Seq, cell(r.Role), cell(phaseCell(r.Phase)), cell(r.Summary), cell(r.Why))
	}
	if len(pl.Skip) == 0 {
		add("| - | - | - | nothing to skip | no phase before the resume point |")
	}
	add("")
	add("## Dispatches to re-execute")
	add("")
	add("| Seq | Role | Phase | Original Status | Template | Why |")
	add("|-----|------|-------|-----------------|----------|-----|")
	for _, r := range pl.ReExecute {
		row(r.Seq, cell(r.Role), cell(phaseCell(r.Phase)), cell(r.Status), cell(r.Template), cell(r.Why))
	}
	for _, k := range pl.Implied {
		add("| - | - | %s | not recorded | - | the phase was reached but no dispatch was recorded: its dispatches start fresh |", cell(k))
	}
	if len(pl.ReExecute) == 0 && len(pl.Implied) == 0 {
		add("| - | - | - | - | - | nothing to re-execute |")
	}
	if len(pl.Mutations) > 0 {
		add("")
		add("## Template Mutations")
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
func stayingLines(r *RestoreTarget, limit int) []string {
	if r.StayingErr != "" {
		return []string{"The files created after checkpoint " + r.Reason + " could not be listed (" + oneLine(r.StayingErr) + "); the restore deletes none of them."}
	}
	out := []string{fmt.Sprintf("`git checkout %s -- .` writes checkpoint %s's files and deletes nothing: these %s created after it stay as they are.", r.Short, r.Reason, i18n.Count(len(r.Staying), "file", "files"))}
	for i, f := range r.Staying {
		if i == limit {
			out = append(out, fmt.Sprintf("- … and %d more (`pickup plan --json` lists them all)", len(r.Staying)-i))
			break
		}
		out = append(out, "- "+f)
	}
	return out
}

func (pl *ReplayPlan) crashedText() string {
	if pl.Crashed.Context == "" {
		return "unknown (the manifest has no entry)"
	}
	return phaseTitle(pl.Crashed.Phase) + ", " + pl.Crashed.Context
}

func (pl *ReplayPlan) resumeText() string {
	r := pl.Resume
	if r.End {
		return "none: every recorded dispatch finished, nothing to re-execute"
	}
	s := phaseTitle(r.Phase) + " boundary"
	switch {
	case r.Restore != nil:
		s += " (" + r.Restore.Reason + ", checkpoint " + r.Restore.Short + " taken " + r.Restore.TakenAt + ")"
	case r.Boundary != "":
		s += " (" + r.Boundary + "; not restored: " + r.NoRestore + ")"
	default:
		s += " (" + r.NoRestore + ")"
	}
	if r.Requested != "" {
		s += "; requested with " + r.Requested
	}
	return s
}

func (pl *ReplayPlan) preservedText() string {
	ps := pl.WorkPreserved.Phases
	switch len(ps) {
	case 0:
		return "none (no phase before the resume point)"
	case 1:
		return pl.WorkPreserved.Text + " (phase " + phaseCell(ps[0]) + ")"
	}
	return pl.WorkPreserved.Text + " (phases " + phaseCell(ps[0]) + " through " + phaseCell(ps[len(ps)-1]) + ")"
}

// Compact is the plan in a few lines for the dashboard.
func (pl *ReplayPlan) Compact(limit int) []string {
	if pl.lean {
		c := *pl
		c.keepRows()
		return c.Compact(limit)
	}
	out := []string{
		"Crashed at: " + pl.crashedText(),
		"Resume point: " + pl.resumeText(),
		"Work preserved: " + pl.preservedText(),
	}
	for _, f := range pl.Fallbacks {
		out = append(out, "Fell back: "+f.From+" -> "+f.To+": "+f.Reason)
	}
	if r := pl.Resume.Restore; r != nil && len(r.Staying) > 0 {
		out = append(out, StayingSentence(r.Reason, r.Staying))
	}
	out = append(out, fmt.Sprintf("Skip %s, re-execute %d:", i18n.Count(len(pl.Skip), "dispatch", "dispatches"), len(pl.ReExecute)))
	shown := 0
	for _, r := range pl.ReExecute {
		if shown == limit {
			out = append(out, fmt.Sprintf("… and %d more", len(pl.ReExecute)-shown))
			break
		}
		out = append(out, fmt.Sprintf("#%d %s (%s, %s): %s", r.Seq, roleOr(r.Role), phaseTitle(r.Phase), statusWord(r.Status), r.Why))
		shown++
	}
	for _, k := range pl.Implied {
		out = append(out, phaseTitle(k)+": no dispatch recorded, starts fresh")
	}
	for _, m := range pl.Mutations {
		out = append(out, "Mutation: "+m.Original+" -> "+m.Replacement)
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

// CompressionState builds the ===COMPRESSION_STATE=== block.
func CompressionState(in CSBInput) string {
	pl := in.Plan
	if pl.lean {
		c := *pl
		c.keepRows()
		pl = &c
	}
	var b strings.Builder
	w := func(f string, a ...any) { fmt.Fprintf(&b, f+"\n", a...) }
	goal := ""
	if g := in.Handoff.Items("goal"); len(g) > 0 {
		goal = strings.Join(g, " ")
	}
	if goal == "" && in.Status != nil {
		goal = in.Status.Goal
	}
	if goal == "" {
		goal = "(not recorded in a handoff manifest or pipeline-status.md)"
	}
	phase := "none (every recorded dispatch finished)"
	if !pl.Resume.End {
		phase = phaseCell(pl.Resume.Phase)
	}
	w("===COMPRESSION_STATE===")
	w("Goal: %s", oneLine(goal))
	w("Skill: %s", orUnknown(in.Skill))
	w("Phase: %s", phase)
	w("Health: GREEN (reset on resume)")
	w("Progress:")
	if ps := pl.WorkPreserved.Phases; len(ps) > 0 {
		w("- Phases %s through %s completed in prior session", phaseCell(ps[0]), phaseCell(ps[len(ps)-1]))
	} else {
		w("- No phase completed in prior session")
	}
	switch {
	case pl.Resume.Restore != nil:
		w("- Resuming from %s via replay", pl.Resume.Restore.Reason)
	case pl.Resume.End:
		w("- Resuming after the last recorded dispatch via replay")
	default:
		w("- Resuming from the %s boundary via replay (no checkpoint restored)", phaseTitle(pl.Resume.Phase))
	}
	for _, m := range milestones(pl, 5) {
		w("- %s", m)
	}
	w("Key Decisions (prior session):")
	decisions := in.Handoff.Items("decisions")
	if len(decisions) == 0 && in.Status != nil {
		decisions = in.Status.Decisions
	}
	list(w, decisions, "- (none recorded)")
	w("Active Constraints:")
	constraints := in.Handoff.Items("active constraints")
	if len(constraints) == 0 && in.Status != nil {
		constraints = in.Status.Constraints
	}
	for _, c := range constraints {
		w("- %s", oneLine(c))
	}
	if ps := pl.WorkPreserved.Phases; len(ps) > 0 {
		w("- Replay session -- prior work verified through Phase %s", phaseCell(ps[len(ps)-1]))
	} else {
		w("- Replay session -- no prior phase verified")
	}
	w("Files Modified:")
	if len(in.Modified) > 0 {
		for i, f := range in.Modified {
			if i == 20 {
				w("- … and %d more (see git log)", len(in.Modified)-i)
				break
			}
			w("- %s", f)
		}
	} else {
		w("- see git log")
	}
	w("Scratch State:")
	w("- Location: %s", orUnknown(in.Scratch))
	w("- Recovery: pipeline-status.md, handoff manifests, manifest.jsonl")
	w("Next Steps:")
	n := 0
	step := func(s string) {
		n++
		w("%d. %s", n, oneLine(s))
	}
	if len(pl.ReExecute) > 0 {
		r := pl.ReExecute[0]
		task := ""
		if r.Task != "" {
			task = ", task " + r.Task
		}
		step(fmt.Sprintf("Re-dispatch seq %d (%s%s) for %s", r.Seq, roleOr(r.Role), task, phaseTitle(r.Phase)))
	} else if !pl.Resume.End {
		step("Start " + phaseTitle(pl.Resume.Phase) + " from its boundary")
	} else {
		step("Confirm nothing is left, then run the pipeline's cleanup")
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
		step(s)
	}
	step("Append new dispatches to manifest.jsonl from seq " + strconv.Itoa(pl.NextSeq) + " with replay_of and replay_session set")
	w("===END_COMPRESSION_STATE===")
	return b.String()
}

func list(w func(string, ...any), items []string, empty string) {
	if len(items) == 0 {
		w("%s", empty)
		return
	}
	for _, it := range items {
		w("- %s", oneLine(it))
	}
}

// milestones are the last summaries of the work kept.
func milestones(pl *ReplayPlan, n int) []string {
	var out []string
	for i := len(pl.Skip) - 1; i >= 0 && len(out) < n; i-- {
		r := pl.Skip[i]
		if r.Summary == "" || r.Status != StatusCompleted {
			continue
		}
		out = append(out, fmt.Sprintf("seq %d %s: %s", r.Seq, roleOr(r.Role), oneLine(r.Summary)))
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
