package design

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// glyphs are the listing's marks: seed 003's emoji, or plain text when
// the terminal cannot show emoji (loaders.Options.Plain).
type glyphs struct{ done, current, pending, warn string }

var (
	emojiGlyphs = glyphs{"✅", "🔄", "⏳", "⚠️"}
	plainGlyphs = glyphs{"[x]", "[~]", "[ ]", "[!]"}
)

// cleanStop is recorded as the session's last action: the /design
// protocol only ever writes its file at a checkpoint ("save and exit
// cleanly" when the context runs out), so a long silence after it is
// not a crash.
const cleanStop = "checkpoint_saved"

// session maps the view onto model.Session.
func (v *view) session(plain bool) *model.Session {
	g, t := emojiGlyphs, v.text()
	if plain {
		g = plainGlyphs
	}
	s := &model.Session{
		Source:      SourceName,
		ID:          loaders.SessionID(SourceName, v.project, v.path),
		Path:        v.path,
		Project:     v.project,
		Title:       "/design " + v.feature,
		Stage:       strconv.Itoa(v.resume),
		Status:      v.word[v.resume],
		Fingerprint: v.fp,
		LastAction:  &model.LastAction{Type: cleanStop, Clean: true},
		Warnings:    []string{},
		Archived:    v.mode == modeArchived,
		// The sessions' archive folder (RESTART and DISCARD move the old
		// file there) is the sessions' own state: VETO-2 never counts it.
		StateFiles: []string{filepath.Join(v.project, filepath.FromSlash(archiveDir))},
	}
	if v.sub != "" {
		s.Stage = v.sub
	}
	if s.Status == "" {
		s.Status = v.status[v.resume]
	}
	switch v.mode {
	case modeCorrupted:
		s.Status = "corrupted"
		s.Warnings = append(s.Warnings, v.corruptionWarning())
		// Corrupted like any other format's file (the word, JSON's
		// problem, exit 4), with seed 003's recovery menu kept.
		s.Problem = &model.LoadError{Kind: model.ErrCorrupted, Path: v.path, Line: v.corruptionLine, Detail: v.corruption, Recovered: true}
	case modeMigration:
		s.Status = "no_session_file"
		s.Warnings = append(s.Warnings, t.DoesNotExistStages.F(v.rel))
	}
	if f := v.file; f != nil && f.hasUpdated {
		s.LastUpdated, s.HasLastUpdated = f.updated, true
	}
	if f := v.file; f != nil {
		// When the design session started: VETO-2 counts files changed
		// since, up to its last update, as the session's own work.
		s.Recorded.Started = f.created
	}
	if v.mode == modeMissing || v.mode == modeUnapproved {
		s.Alert(model.AlertConflict, v.conflictSentence())
	}
	for _, c := range v.conflicts {
		s.Alert(model.AlertConflict, c)
	}
	s.Warnings = append(s.Warnings, v.warnings...)
	if v.resume == LastStage && v.status[LastStage] == stComplete {
		s.Standing = model.StandingDone
	}

	for n := range Stages {
		// Names are seed 003's, in every language (JSON is the machine
		// contract; the screens translate them: msg.Catalog.Phase).
		ph := model.Phase{Name: PhaseName(n), Label: v.word[n], Result: v.facts[n]}
		if ph.Label == "" {
			ph.Label = v.status[n]
		}
		switch v.status[n] {
		case stComplete:
			ph.Status = model.PhaseCompleted
		case stInProgress:
			ph.Status = model.PhaseInProgress
		default:
			ph.Status = model.PhasePending
		}
		if n == 3 && v.resume == 3 && v.sub != "" {
			ph.Detail = t.SubStage.F(v.sub)
		}
		s.Phases = append(s.Phases, ph)
	}
	s.Progress = model.Progress{Done: s.PhasesDone(), Total: len(Stages)}
	if tc := v.tickets; tc.hasPlan && tc.planned > 0 {
		s.Units, s.UnitsLabel = &model.Progress{Done: tc.counted(), Total: tc.planned}, "tickets"
	}
	s.ResumePoint = v.resumePoint()
	s.Artifacts = v.artifacts

	s.Fields = []model.Field{{Key: "feature", Label: "Feature", Value: v.feature}}
	stageValue := PhaseName(v.resume) // as Phase.Name: the screens translate it
	s.Fields = append(s.Fields, model.Field{Key: "phase", Label: "Stage", Value: stageValue})
	if fact := v.facts[v.resume]; fact != "" {
		s.Fields = append(s.Fields, model.Field{Key: "checkpoint", Label: "Checkpoint", Value: fact})
	}
	if v.tickets.relevant() {
		s.Fields = append(s.Fields, model.Field{Key: "tickets", Label: "Tickets", Value: v.tickets.summary(t)})
	}
	if v.file != nil && v.file.prd != "" {
		s.Fields = append(s.Fields, model.Field{Key: "prd", Label: "PRD", Value: v.file.prd})
	}
	switch v.mode {
	case modeCorrupted:
		s.Fields = append(s.Fields, model.Field{Key: "problem", Label: "Problem",
			Value: t.SessionFileCorruptedLine.F(v.corruptionLine)})
	case modeMigration:
		s.Fields = append(s.Fields, model.Field{Key: "problem", Label: "Problem",
			Value: t.NoSessionFile})
	}

	next := v.nextStep()
	s.Outcomes = map[model.Choice]string{
		model.Continue: t.ResumingDesign.F(v.feature, v.phaseName(v.resumeStage()), subSuffix(v.continueSub()), next),
		model.Restart:  t.RestartedDesignFromStage.F(v.feature, v.restartFrom, v.restartStep()),
	}
	s.Policy = v.policy()
	// Seed 003's menu order: Resume, Restart, View artifacts (DISCARD,
	// pickup's own, last).
	s.Order = []model.Choice{model.Continue, model.Restart, model.Review, model.Discard}
	s.Context = v.context(next)
	s.Report = v.report(g, s.Policy)
	s.Sections = v.sections()
	s.Plan = v.plan(next)
	s.Prompt = v.prompt(next)
	return s
}

// resumePoint is where CONTINUE picks up. For a stage whose output is
// waiting for approval, CONTINUE is the approval, so it picks up at the
// next stage.
func (v *view) resumePoint() model.ResumePoint {
	return model.ResumePoint{Phase: PhaseName(v.resumeStage()), Reason: v.resumeWhy()}
}

// resumeStage is the stage CONTINUE picks up at (resumePoint).
func (v *view) resumeStage() int {
	if v.mode == modeUnapproved {
		return v.continueStage()
	}
	return v.resume
}

// resumeWhy is resumePoint's reason, in the session's language.
func (v *view) resumeWhy() string {
	if v.mode == modeUnapproved {
		return v.text().CONTINUEApprovesMarksStage.F(v.cPaths[0], v.cStage, v.continueStage())
	}
	return v.resumeReason
}

// continueSub is the sub-stage CONTINUE resumes at ("" off stage 3).
func (v *view) continueSub() string {
	if v.continueStage() == 3 {
		return v.sub
	}
	return ""
}

// continueStage is the stage the agent works on after CONTINUE.
func (v *view) continueStage() int {
	if v.mode == modeUnapproved {
		return min(v.cStage+1, LastStage)
	}
	return v.resume
}

func (v *view) corruptionWarning() string {
	return v.text().CorruptedStagesWereReconstructed.F(v.rel, v.corruption)
}

// ---- the menu ----

// archiveDir is where RESTART and DISCARD put the old file.
const archiveDir = ".claude/design/sessions/archive/"

// policy is the design menu: seed 003's "Resume from Stage N /
// Restart from Stage 0 / View current artifacts" on CONTINUE, RESTART
// and REVIEW, and the error-recovery cases on the same choices.
func (v *view) policy() map[model.Choice]model.ChoicePolicy {
	t := v.text()
	p := map[model.Choice]model.ChoicePolicy{
		model.Continue: {Label: t.ResumeFrom.F(v.resume), Hint: v.facts[v.resume], Recommended: true},
		model.Review:   {Label: t.ViewArtifacts, Hint: v.artifactHint()},
		model.Restart:  {Label: t.RestartFrom0, Hint: t.SessionArchivedNewOne},
		model.Discard: {Label: t.Archive, Hint: t.MovedNoNewSession.F(archiveDir),
			Confirm: t.MoveTimestampSessionJson.F(v.rel, archiveDir, v.feature)},
	}
	if v.resume == LastStage && v.status[LastStage] == stComplete {
		p[model.Continue] = model.ChoicePolicy{Label: t.ResumeFrom.F(LastStage), Hint: t.EveryStageCompleteHint, Recommended: true}
	}
	if v.forced {
		c := p[model.Continue]
		c.Label += " (--stage)"
		p[model.Continue] = c
	}
	if v.restartFrom > 0 {
		p[model.Restart] = model.ChoicePolicy{Label: t.RestartFrom.F(v.restartFrom),
			Hint: t.RestartHint.F(v.restartFrom)}
	}
	switch v.mode {
	case modeMissing:
		label := t.ReRun.F(v.cStage)
		if r := t.Redo[v.cStage]; r != "" {
			label += " (" + r + ")"
		}
		p[model.Continue] = model.ChoicePolicy{Label: label, Hint: v.missingPaths(), Recommended: true,
			Why: t.StageOutputMissing}
		p[model.Restart] = model.ChoicePolicy{Label: t.MarkIncomplete.F(v.cStage),
			Hint: t.RestartHint.F(v.cStage)}
	case modeUnapproved:
		next := v.cStage + 1
		p[model.Continue] = model.ChoicePolicy{
			Label:       t.Approve.F(v.cWhat, next),
			Hint:        v.cPaths[0],
			Recommended: true, Writes: true, Why: v.approvalWhy(),
			Confirm: t.ApproveQuestion.F(v.question(), v.cPaths[0], v.cStage, v.approvalNote(), v.rel, next),
		}
		p[model.Restart] = model.ChoicePolicy{Label: t.ReRun.F(v.cStage),
			Hint: t.NotApprovedHint.F(v.cStage)}
	case modeCorrupted:
		rebuilt := v.rebuiltSummary()
		if v.hasOutputs() || v.forced {
			p[model.Continue] = model.ChoicePolicy{
				Label: t.Rebuild, Hint: t.ThenResume.F(v.phaseName(v.resume)),
				Recommended: true, Writes: true, Why: t.DesignArtifactsDiskSay,
				Confirm: t.WriteReconstructedSessionCorrupted.F(v.rel, rebuilt, baseName(v.rel)),
			}
		} else {
			p[model.Continue] = model.ChoicePolicy{Label: t.Rebuild,
				Disabled: t.NoArtifactsToRebuild.F(strconv.Quote(v.feature))}
			r := p[model.Restart]
			r.Recommended = true
			p[model.Restart] = r
		}
	case modeMigration:
		p[model.Continue] = model.ChoicePolicy{
			Label: t.Create, Hint: t.ThenResume.F(v.phaseName(v.resume)),
			Recommended: true, Writes: true,
			Confirm: t.CreateFromDesignArtifacts.F(v.rel, v.rebuiltSummary()),
		}
		p[model.Restart] = model.ChoicePolicy{Label: t.StartNew, Hint: t.EveryStagePendingArtifacts}
		p[model.Discard] = model.ChoicePolicy{Label: t.Archive, Disabled: t.NoSessionFileToArchive}
	case modeArchived:
		why := t.ThisArchivedSessionHistory.F(v.feature)
		p[model.Continue] = model.ChoicePolicy{Label: p[model.Continue].Label, Disabled: why}
		p[model.Restart] = model.ChoicePolicy{Label: p[model.Restart].Label, Disabled: why}
		p[model.Discard] = model.ChoicePolicy{Label: t.Archive, Disabled: t.SessionAlreadyArchived}
	}
	return p
}

// approvalWhy is why approving is recommended: its checkpoint records
// the approval ("" when it does not, so the conflict leaves it
// unrecommended).
func (v *view) approvalWhy() string {
	if v.approvalNote() != "" {
		return v.text().CheckpointApproved
	}
	return ""
}

// approvalNote adds what the checkpoint says about the approval.
func (v *view) approvalNote() string {
	if v.cStage == 3 {
		if truthy(get(v.file.checkpoint("stage_3b"), "user_approved")) {
			return v.text().CheckpointApprovedNote
		}
	}
	return ""
}

// rebuiltSummary is the reconstructed state in one or two lines.
func (v *view) rebuiltSummary() string {
	t := v.text()
	if v.resume == 0 && v.status[0] != stComplete && !v.hasOutputs() {
		return t.EveryStagePendingDesign
	}
	var parts []string
	if v.resume > 0 {
		if v.resume == 1 {
			parts = append(parts, t.StageComplete)
		} else {
			parts = append(parts, t.StagesComplete.F(v.resume-1))
		}
	}
	cur := t.StageProgress.F(v.resume)
	if f := v.facts[v.resume]; f != "" {
		cur += " (" + f + ")"
	}
	parts = append(parts, cur)
	if v.resume < LastStage {
		if v.resume+1 == LastStage {
			parts = append(parts, t.StagePending)
		} else {
			parts = append(parts, t.StagesPending.F(v.resume+1))
		}
	}
	return strings.Join(parts, ", ") + "."
}

func (v *view) artifactHint() string {
	t := v.text()
	if len(v.artifacts) == 0 {
		return t.NoArtifacts
	}
	missing := 0
	for _, a := range v.artifacts {
		if !a.Exists {
			missing++
		}
	}
	if missing == 0 {
		return t.Artifacts.N(len(v.artifacts))
	}
	return t.ArtifactsMissing.N(len(v.artifacts), missing)
}

// missingPaths is "a.md is missing" / "a.md, b.md are missing".
func (v *view) missingPaths() string {
	if len(v.cPaths) == 1 {
		return v.text().PathMissing.F(v.cPaths[0])
	}
	return v.text().PathsMissing.F(strings.Join(v.cPaths, ", "))
}

// phaseName is stage n as the session's phases name it ("Stage 3:
// Design"), in the view's language.
func (v *view) phaseName(n int) string { return v.text().stage(n) }

func baseName(rel string) string {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[i+1:]
	}
	return rel
}
