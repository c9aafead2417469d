package design

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pickup-dev/pickup/internal/promptdoc"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/model"
)

// report is seed 003's "Found existing design session" listing, as
// `pickup status` prints it: the stages (✅ complete, 🔄 in progress,
// ⏳ a pending range) with each stage's key fact, any conflict, the
// options in the spec's order with the menu's words, and the warnings.
func (v *view) report(g glyphs, pol map[model.Choice]model.ChoicePolicy) []string {
	t := v.text()
	var out []string
	progress := t.Progress
	switch v.mode {
	case modeCorrupted:
		out = append(out,
			t.FoundCorrupted.F(strconv.Quote(v.feature)),
			fmt.Sprintf("%s %s: %s", g.warn, v.rel, v.corruption))
		progress = t.Reconstructed
	case modeMigration:
		out = append(out, t.FoundArtifacts.F(strconv.Quote(v.feature)), t.NoFile.F(v.rel))
		progress = t.Reconstructed
	case modeArchived:
		out = append(out, t.FoundArchived.F(strconv.Quote(v.feature)))
	default:
		out = append(out, t.Found.F(strconv.Quote(v.feature)))
	}
	out = append(out, "", progress)
	out = append(out, v.stageLines(g)...)

	switch v.mode {
	case modeMissing:
		out = append(out, "", t.MissingArtifact,
			fmt.Sprintf("  %s %s", g.warn, v.conflictSentence()))
	case modeUnapproved:
		out = append(out, "", t.Conflicting,
			fmt.Sprintf("  %s %s", g.warn, v.conflictSentence()),
			"  "+v.question())
	}

	out = append(out, "", t.Options)
	n := 0
	for _, c := range []model.Choice{model.Continue, model.Restart, model.Review} {
		p := pol[c]
		n++
		line := fmt.Sprintf("  %d. %s", n, p.Label)
		switch {
		case p.Disabled != "":
			line += t.NotAvailable.F(p.Disabled)
		case p.Recommended:
			line += t.Recommended
		}
		out = append(out, line)
	}

	if w := append(append([]string{}, v.conflicts...), v.warnings...); len(w) > 0 {
		out = append(out, "", t.Warnings)
		for _, w := range w {
			out = append(out, fmt.Sprintf("  %s %s", g.warn, w))
		}
	}
	return out
}

// stageLines lists the stages; consecutive pending stages share one
// line ("⏳ Stage 4-7: Pending"), as in the spec.
func (v *view) stageLines(g glyphs) []string {
	t := v.text()
	var out []string
	for n := 0; n < len(Stages); n++ {
		name := t.stage(n)
		fact := ""
		if v.facts[n] != "" {
			fact = " (" + v.facts[n] + ")"
		}
		switch v.status[n] {
		case stComplete:
			out = append(out, fmt.Sprintf("  %s %s - %s%s", g.done, name, t.Complete, fact))
		case stInProgress:
			out = append(out, fmt.Sprintf("  %s %s - %s%s", g.current, name, t.InProgress, fact))
		default:
			end := n
			for end+1 < len(Stages) && v.status[end+1] == stPending {
				end++
			}
			if end == n {
				out = append(out, fmt.Sprintf("  %s %s - %s", g.pending, name, t.Pending))
			} else {
				out = append(out, fmt.Sprintf("  %s %s: %s", g.pending, t.StageRange.F(n, end), t.Pending))
			}
			n = end
		}
	}
	return out
}

// sections are the REVIEW blocks: what CONTINUE will do, the artifacts
// (exists or missing), the tickets and the checkpoints.
func (v *view) sections() []model.Section {
	t := v.text()
	var secs []model.Section
	var arts []string
	for _, a := range v.artifacts {
		state := t.ExistsWord
		if !a.Exists {
			state = t.MissingWord
		}
		arts = append(arts, fmt.Sprintf("%s: %s (%s)", a.Kind, a.Path, state))
	}
	for _, p := range v.unrecorded {
		arts = append(arts, t.FoundDiskNotRecorded.F(p))
	}
	if len(arts) == 0 {
		arts = []string{t.NoArtifacts}
	}
	secs = append(secs, model.Section{Title: t.ArtifactsHeading, Lines: arts})
	next := []string{"CONTINUE: " + v.nextStep()}
	if v.mode != modeArchived {
		next = append(next, "RESTART: "+v.restartStep())
	}
	secs = append(secs, model.Section{Title: t.NextStepHeading, Lines: next})
	if tc := v.tickets; tc.relevant() {
		lines := []string{fmt.Sprintf("%s (%s)", tc.summary(t), tc.pattern())}
		if tc.hasRec {
			lines = append(lines, t.RecordedAsCreated.F(tc.recorded))
		}
		if len(tc.remaining) > 0 {
			lines = append(lines, t.Remaining.F(strings.Join(tc.remaining, ", ")))
		}
		secs = append(secs, model.Section{Title: t.TicketsHeading, Lines: lines})
	}
	if keys := v.file.checkpointKeys(); len(keys) > 0 {
		var lines []string
		for _, k := range keys {
			l := k
			if at := scalar(get(get(v.file.checkpoints, k), "completed_at")); at != "" {
				l = t.SavedAt.F(k, at)
			}
			lines = append(lines, l)
		}
		secs = append(secs, model.Section{Title: t.CheckpointsHeading, Lines: lines})
	}
	return secs
}

// ---- restored_context, plan, prompt ----

// context is restored_context: what the agent needs to pick up.
func (v *view) context(next string) map[string]any {
	done := []int{}
	for n := range Stages {
		if v.status[n] == stComplete {
			done = append(done, n)
		}
	}
	ctx := map[string]any{
		"feature":           v.feature,
		"session_file":      v.rel,
		"resume_stage":      v.continueStage(),
		"resume_stage_name": Stages[v.continueStage()].Name,
		"completed_stages":  done,
		"next_step":         next,
		"restart_stage":     v.restartFrom,
		"restart_next_step": v.restartStep(),
		"resume_command":    fmt.Sprintf("/design %s --resume --stage %d", v.feature, v.continueStage()),
	}
	if v.sub != "" && v.continueStage() == 3 {
		ctx["sub_stage"] = v.sub
	}
	if v.file != nil && v.file.prd != "" {
		ctx["prd_source"] = v.file.prd
	}
	arts := map[string]any{}
	for _, a := range v.artifacts {
		list, _ := arts[a.Kind].([]map[string]any)
		arts[a.Kind] = append(list, map[string]any{"path": a.Path, "exists": a.Exists})
	}
	if len(arts) > 0 {
		ctx["artifacts"] = arts
	}
	if tc := v.tickets; tc.relevant() {
		t := map[string]any{"existing": tc.counted(), "files": tc.files}
		if tc.hasPlan {
			t["total_planned"] = tc.planned
		}
		if len(tc.remaining) > 0 {
			t["remaining"] = tc.remaining
		}
		ctx["tickets"] = t
	}
	switch v.mode {
	case modeMissing, modeUnapproved:
		c := map[string]any{"stage": v.cStage, "paths": v.cPaths, "summary": v.conflictSentence()}
		if v.mode == modeMissing {
			c["kind"] = "missing_artifact"
		} else {
			c["kind"] = "unapproved_artifact"
			c["question"] = v.question()
		}
		ctx["conflict"] = c
	case modeCorrupted:
		ctx["rebuilt_from_artifacts"] = true
		ctx["corruption"] = v.corruption
	case modeMigration:
		ctx["rebuilt_from_artifacts"] = true
	}
	if v.forced {
		ctx["forced_stage"] = v.stageArg.String()
	}
	return ctx
}

// planData is `pickup plan --json` for a design session.
type planData struct {
	Feature     string          `json:"feature"`
	SessionFile string          `json:"session_file"`
	Situation   string          `json:"situation"`
	ResumeStage int             `json:"resume_stage"`
	SubStage    string          `json:"sub_stage,omitempty"`
	Reason      string          `json:"reason"`
	NextStep    string          `json:"next_step"`
	Stages      []planStage     `json:"stages"`
	Artifacts   []planArtifact  `json:"artifacts"`
	Tickets     *planTickets    `json:"tickets,omitempty"`
	Conflict    *planConflict   `json:"conflict,omitempty"`
	Restart     planRestartStep `json:"restart"`
}

type planStage struct {
	Stage  int    `json:"stage"`
	Name   string `json:"name"`
	Status string `json:"status"`
	Fact   string `json:"fact,omitempty"`
}

type planArtifact struct {
	Kind   string `json:"kind"`
	Path   string `json:"path"`
	Exists bool   `json:"exists"`
}

type planTickets struct {
	Existing     int      `json:"existing"`
	TotalPlanned *int     `json:"total_planned"`
	Remaining    []string `json:"remaining"`
	Pattern      string   `json:"pattern"`
}

type planConflict struct {
	Kind     string   `json:"kind"`
	Stage    int      `json:"stage"`
	Paths    []string `json:"paths"`
	Question string   `json:"question,omitempty"`
}

type planRestartStep struct {
	FromStage int    `json:"from_stage"`
	NextStep  string `json:"next_step"`
}

var situations = map[mode]string{
	modeNormal: "resume", modeMissing: "missing_artifact", modeUnapproved: "unapproved_artifact",
	modeCorrupted: "corrupted_rebuild", modeMigration: "migration", modeArchived: "archived",
}

// plan is the resume computation behind `pickup plan`: the same view
// the menu and the writes come from.
func (v *view) plan(next string) *model.Plan {
	rp, t := v.resumePoint(), v.text()
	sub := ""
	if v.continueStage() == 3 {
		sub = v.sub
	}
	d := planData{
		Feature: v.feature, SessionFile: v.rel, Situation: situations[v.mode],
		ResumeStage: v.continueStage(), SubStage: sub, Reason: rp.Reason, NextStep: next,
		Stages: []planStage{}, Artifacts: []planArtifact{},
		Restart: planRestartStep{FromStage: v.restartFrom, NextStep: v.restartStep()},
	}
	lines := []string{
		t.DesignSession.F(strconv.Quote(v.feature), v.rel, t.Situations[d.Situation]),
		t.CONTINUEResumes.F(v.phaseName(v.resumeStage()), subSuffix(sub), rp.Reason),
		t.NextStepLine.F(next),
		"",
		t.StagesLabel,
	}
	width := 0 // the status column: "in_progress" in English
	for _, st := range t.Statuses {
		width = max(width, utf8.RuneCountInString(st))
	}
	for n, st := range Stages {
		d.Stages = append(d.Stages, planStage{Stage: n, Name: st.Name, Status: v.status[n], Fact: v.facts[n]})
		l := fmt.Sprintf("  %-*s %s", width, t.status(v.status[n]), v.phaseName(n))
		if v.facts[n] != "" {
			l += " (" + v.facts[n] + ")"
		}
		lines = append(lines, l)
	}
	if len(v.artifacts) > 0 {
		lines = append(lines, "", t.ArtifactsLabel)
	}
	for _, a := range v.artifacts {
		d.Artifacts = append(d.Artifacts, planArtifact{Kind: a.Kind, Path: a.Path, Exists: a.Exists})
		state := t.ExistsWord
		if !a.Exists {
			state = t.MissingKind
		}
		lines = append(lines, fmt.Sprintf("  %-7s %-9s %s", state, a.Kind, a.Path))
	}
	if tc := v.tickets; tc.relevant() {
		pt := &planTickets{Existing: tc.counted(), Remaining: append([]string{}, tc.remaining...), Pattern: tc.pattern()}
		if tc.hasPlan {
			n := tc.planned
			pt.TotalPlanned = &n
		}
		d.Tickets = pt
		lines = append(lines, "", t.TicketsSummary.F(tc.summary(t), tc.pattern()))
	}
	if v.mode == modeMissing || v.mode == modeUnapproved {
		d.Conflict = &planConflict{Kind: situations[v.mode], Stage: v.cStage, Paths: v.cPaths}
		if v.mode == modeUnapproved {
			d.Conflict.Question = v.question()
		}
		lines = append(lines, "", t.Conflict.F(v.conflictSentence()))
	}
	lines = append(lines, "", t.RESTARTWouldStartAgain.F(v.phaseName(v.restartFrom), v.restartStep()))
	return &model.Plan{Lines: lines, Data: d}
}

func subSuffix(sub string) string {
	if sub == "" {
		return ""
	}
	return " (" + sub + ")"
}

// promptFieldMax caps one value the prompt quotes from a session file.
const promptFieldMax = 1000

// prompt is the markdown `--emit prompt` prints for the agent.
func (v *view) prompt(next string) string {
	t := v.text()
	// What the session file says (the feature, facts, paths) is quoted,
	// «…», never pickup's own words.
	feature := textsafe.Quote(v.feature, promptFieldMax)
	rp, sub := v.resumePoint(), ""
	if v.continueStage() == 3 {
		sub = v.sub
	}
	progress := model.PromptSection{Heading: t.ProgressPrompt}
	for n := range Stages {
		mark := " "
		switch v.status[n] {
		case stComplete:
			mark = "x"
		case stInProgress:
			mark = "~"
		}
		l := fmt.Sprintf("- [%s] %s", mark, v.phaseName(n))
		if v.facts[n] != "" {
			l += " (" + v.facts[n] + ")"
		}
		progress.Lines = append(progress.Lines, l)
	}
	p := model.Prompt{
		Title: t.ResumeDesign.F(feature),
		Sections: []model.PromptSection{
			{Lines: []string{t.ResumeDesignSession.F(feature, v.phaseName(v.resumeStage()), subSuffix(sub)), t.Why.F(rp.Reason)}},
			{Lines: []string{t.NextStepPrompt.F(next)}},
			progress,
		},
	}
	if len(v.artifacts) > 0 {
		arts := model.PromptSection{Heading: t.ArtifactsPrompt}
		for _, a := range v.artifacts {
			state := t.ExistsWord
			if !a.Exists {
				state = t.MissingKind
			}
			arts.Lines = append(arts.Lines, fmt.Sprintf("- `%s` (%s, %s)", model.ShowName(a.Path), a.Kind, state))
		}
		p.Sections = append(p.Sections, arts)
	}
	p.Sections = append(p.Sections, model.PromptSection{Lines: []string{t.SessionFileNote.F(model.ShowName(v.rel))}})
	return promptdoc.Render(p, t.Lang)
}
