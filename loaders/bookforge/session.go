package bookforge

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/promptdoc"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// ReasonArchived disables every writing choice on a reset archive.
const ReasonArchived = "this is a reset archive (history under workspace/archives/): it is never resumed or changed"

// lintEnv is BOOKFORGE_LINT_MODE as pickup sees it.
func lintEnv() string { return os.Getenv(LintModeEnv) }

// session maps a book and its plan onto a Session.
func (l Loader) session(b *book, path string) *model.Session {
	tx := l.tx()
	b.tx = tx
	fl := l.flags()
	if fl.RerunFrom != "" {
		if p, ok := normPhase(fl.RerunFrom); ok {
			fl.RerunFrom = p
		} else {
			b.Warnings = append(b.Warnings, tx.RerunFromBad.F(strconv.Quote(fl.RerunFrom), strings.Join(Phases, ", ")))
			fl.RerunFrom = ""
		}
	}
	if b.Archived {
		fl = Flags{} // history is shown as it is
	}
	plan := Decide(b.input(fl, lintEnv()))
	plan.Book, plan.BookDir = b.ID, b.relProject(b.Dir)
	// --rerun-all is the real run without --resume: bookforge then
	// ignores the scene's ledger. No other flag of pickup's reaches the
	// command: the real CLI has only --resume, --steps and --until.
	gf := gateFlags{Ack: l.opts.Bool(FlagAckOutline), Bypass: l.opts.Bool(FlagBypassOutline)}
	if b.Archived {
		gf = gateFlags{}
	}
	plan.Command = runCommand(b, !(fl.RerunAll && plan.ResumeIndex >= 0)) + gf.args()
	plan.RestartCommand = runCommand(b, false) + gf.args()
	plan.Gate = gate(b, gf, tx)
	if b.Outline != nil {
		plan.Outline = b.Outline.Outline
	}

	s := &model.Session{
		Source:      SourceName,
		ID:          loaders.SessionID(SourceName, b.Project, b.Dir),
		Path:        path,
		Project:     b.Project,
		Title:       tx.BookTitle.F(b.ID),
		Fingerprint: b.Fingerprint,
		Warnings:    []string{},
		Archived:    b.Archived,
		// The ledgers, the pause marker and state.json are bookforge's
		// own state.
		StateFiles: []string{b.History, b.PauseFile, b.StateFile},
	}
	// A RESTART's archived pause markers (run_paused.json.restart.<ms>,
	// beside it) are the book's own state too: VETO-2 never counts one.
	if old, err := filepath.Glob(globQuote(b.PauseFile) + ".restart.*"); err == nil {
		s.StateFiles = append(s.StateFiles, old...)
	}
	if b.Title != "" {
		s.Title = tx.TitledBook.F(b.Title, b.ID)
	}
	if b.Archived {
		s.Title += tx.ResetArchive.F(archiveName(b))
	}
	v := &sceneView{l: l, b: b, plan: &plan, s: s, tx: tx, fl: fl, now: l.now(), live: plan.live()}
	if plan.ResumeIndex >= 0 {
		v.rs = &plan.Scenes[plan.ResumeIndex]
	}
	gated := v.alerts(gf)
	v.standing()
	v.phases()
	v.facts()
	skipped, loads := v.restoredContext(path)
	v.choices(skipped, gated)
	v.dashboard(loads)
	return s
}

// sceneView is a session being built from a book and its plan: what
// each part of it (alerts, standing, phases, facts, context, choices,
// dashboard) reads, and what the earlier parts found for the later.
type sceneView struct {
	l           Loader
	b           *book
	plan        *Plan
	s           *model.Session
	tx          *Text
	fl          Flags
	rs          *ScenePlan
	live        *Pause
	now         time.Time
	wait        time.Duration
	waitWarning string
	ready       bool
}

// alerts are the facts that bear on the choice and the warnings. It
// reports whether the outline write gate is closed for the resume.
func (v *sceneView) alerts(gf gateFlags) bool {
	s, b, plan, tx, live, now := v.s, v.b, v.plan, v.tx, v.live, v.now
	// Alerts (they bear on the choice): a write of pickup's cut short
	// leads, then the quota wait, then a stale marker. Then the warning
	// of how the resume scene was found.
	if b.CutShort != nil && !b.Archived {
		s.Alert(model.AlertCutShort, b.CutShort.warning(tx))
	}
	v.wait = live.Wait(now)
	if b.Archived {
		v.wait = 0
	}
	if v.wait > 0 {
		v.waitWarning = tx.QuotaWait.F(clock(*live.RetryAt), waitText(v.wait, tx))
		s.Alert(model.AlertOther, v.waitWarning)
	}
	if pz := plan.Pause; pz != nil && pz.Stale != "" && b.CutShort == nil && !b.Archived {
		s.Alert(model.AlertStale, tx.StaleAlert.F(PauseFile, pz.Cause(), or(pz.RawCreated, tx.AtUnknownTime), pz.Stale))
	}
	if b.State == nil && !b.Archived && len(plan.Scenes) > 0 {
		why := tx.NoState.F(StateFile, plan.BookDir)
		if b.HasState {
			why = tx.StateUnreadable.F(StateFile)
		}
		s.Warnings = append(s.Warnings, tx.FromLedgers.F(why))
	}
	s.Warnings = append(s.Warnings, b.Warnings...)
	s.Warnings = append(s.Warnings, plan.Notes...)
	return v.l.gateAlerts(s, b, plan, gf)

}

// standing is the timing and the crash rule: how the last run ended.
func (v *sceneView) standing() {
	s, b, plan, tx, rs, live := v.s, v.b, v.plan, v.tx, v.rs, v.live
	// Timing and the crash rule: a live pause marker, a finished step or
	// a complete book is a clean stop; a scene left half done without a
	// marker is not.
	s.LastUpdated, s.HasLastUpdated = b.Newest, b.HasNewest
	if live != nil && live.HasCreated && (!s.HasLastUpdated || live.CreatedAt.After(s.LastUpdated)) {
		s.LastUpdated, s.HasLastUpdated = live.CreatedAt, true
	}
	v.ready = b.State != nil && rs != nil && rs.Ledger == "" && !rs.Ahead && live == nil
	switch {
	case b.Archived:
		s.LastAction = &model.LastAction{Type: "RESET_ARCHIVE", Clean: true}
	case live != nil:
		s.LastAction = &model.LastAction{Type: "PAUSE", Clean: true}
	case plan.Complete && b.State != nil:
		s.LastAction = &model.LastAction{Type: "BOOK_COMPLETE", Clean: true}
		s.Headline = tx.HeadComplete
		s.Standing = model.StandingDone
	case v.ready:
		s.LastAction = &model.LastAction{Type: "STEP_COMPLETED", Clean: true}
		s.Headline = tx.HeadReady.F(rs.ID)
		s.Standing = model.StandingReady
	case b.State == nil && firstPending(withoutFlags(b)) < 0:
		s.LastAction = &model.LastAction{Type: "SCENE_COMPLETED", Clean: true}
	case b.Latest != "":
		s.LastAction = &model.LastAction{Type: b.Latest + " success", Clean: false}
		s.Headline = tx.HeadStopped.F(b.Latest)
		s.Standing = model.StandingInterrupted
	}

}

// phases are the resume scene's phases, the progress and the status.
func (v *sceneView) phases() {
	s, b, plan, tx, rs, live := v.s, v.b, v.plan, v.tx, v.rs, v.live
	// The resume scene's phases (a phase it does not need is left out).
	// Their labels are English in every language, like the verdicts
	// (JSON is the machine contract); the screens translate them.
	s.Phases = []model.Phase{}
	if rs != nil {
		for i, c := range rs.Cells {
			ph := model.Phase{Name: phaseLabel(c.Phase), Result: string(c.Verdict), Detail: c.Reason}
			switch {
			case c.Verdict == None:
				continue
			case i == rs.Start && c.Verdict == Skip:
				ph.Status, ph.Label = model.PhaseInProgress, english.PhApplyAgain
			case c.Verdict.settled():
				ph.Status, ph.Label = model.PhaseCompleted, english.PhSkip
			case c.Verdict == Blocked:
				ph.Status, ph.Label = model.PhaseFailed, english.PhBlocked
			case i == rs.Start:
				ph.Status, ph.Label = model.PhaseInProgress, english.PhRerun
			case c.Verdict == Maybe:
				ph.Status, ph.Label = model.PhasePending, english.PhIfLintFails
			default:
				ph.Status, ph.Label = model.PhasePending, english.PhRerun
			}
			s.Phases = append(s.Phases, ph)
		}
	}
	s.Progress = model.Progress{Done: s.PhasesDone(), Total: len(s.Phases)}
	s.Units, s.UnitsLabel = sceneUnits(b, plan, &s.Warnings, tx), "scenes"

	switch {
	case plan.Complete:
		s.ResumePoint = model.ResumePoint{Reason: plan.Resume.Reason}
		s.Status = "complete"
	case v.ready:
		s.ResumePoint = model.ResumePoint{Phase: plan.Resume.Phase, Reason: plan.Resume.Reason}
		s.Stage = plan.Resume.Scene
		s.Status = "ready for the next step: " + plan.Resume.Scene
	default:
		s.ResumePoint = model.ResumePoint{Phase: plan.Resume.Phase, Reason: plan.Resume.Reason}
		s.Stage = plan.Resume.Scene
		s.Status = "resume at " + phaseLabel(plan.Resume.Phase)
	}
	if live != nil {
		// Status is the JSON's status: English whatever the language.
		en := *live
		en.tx = &english
		s.Status = "paused: " + en.Cause()
	}

}

// facts are the labelled facts, a live pause first, and the integrity
// problem of a block.
func (v *sceneView) facts() {
	s, b, plan, tx, rs, live, wait, fl := v.s, v.b, v.plan, v.tx, v.rs, v.live, v.wait, v.fl
	// Facts, a live pause first.
	s.Fields = append(s.Fields, model.Field{Key: "book", Label: "Book", Value: b.ID + " (" + plan.BookDir + ")"})
	if live != nil {
		v := live.Cause()
		if live.Kind == "quota" && live.RetryAt != nil {
			if wait > 0 {
				v += tx.RetryAtIn.F(clock(*live.RetryAt), waitText(wait, tx))
			} else {
				v += tx.SafeSince.F(clock(*live.RetryAt))
			}
		}
		if live.Kind == "reason" && live.Message != "" {
			v += ": " + live.Message
		}
		s.Fields = append(s.Fields, model.Field{Key: "paused", Label: "Paused", Value: v})
		if live.HasScene {
			s.Fields = append(s.Fields, model.Field{Key: "paused_at", Label: "Paused at", Value: tx.PausedAt.F(live.Chapter, live.Scene, or(live.Phase, "?"))})
		}
	}
	if st := b.State; st != nil {
		v := tx.CursorValue.F(st.SceneID(), st.Chapter, st.Scene, or(st.Status, tx.None), StateFile)
		if st.Defaulted {
			v = tx.CursorFresh.F(st.SceneID(), or(st.Status, tx.None), StateFile)
		}
		s.Fields = append(s.Fields, model.Field{Key: "cursor", Label: "Cursor", Value: v})
	}
	if rs != nil {
		s.Fields = append(s.Fields, model.Field{Key: "scene", Label: "Scene", Value: tx.SceneValue.F(rs.ID, rs.Chapter, rs.Scene)})
		s.Fields = append(s.Fields, model.Field{Key: "phase", Label: "Phase", Value: phaseLabel(plan.Resume.Phase)})
	}
	if args := fl.Args(); len(args) > 0 {
		s.Fields = append(s.Fields, model.Field{Key: "flags", Label: "Flags", Value: tx.FlagsValue.F(strings.Join(args, " "))})
	}
	if len(plan.Blocks) > 0 && !b.Archived {
		bl := plan.Blocks[0]
		v := fmt.Sprintf("%s %s: %s", bl.Scene, phaseLabel(bl.Phase), bl.Text)
		if len(plan.Blocks) > 1 {
			v += tx.BlockedMore.F(len(plan.Blocks) - 1)
		}
		s.Fields = append(s.Fields, model.Field{Key: "blocked", Label: "Blocked", Value: v})
		s.Problem = integrityProblem(b, plan.Blocks, tx)
	}

}

// restoredContext is what CONTINUE hands over; it returns the phases
// the resume skips and the outputs it loads.
func (v *sceneView) restoredContext(path string) ([]string, []model.Artifact) {
	s, b, plan, rs, wait, waitWarning, fl := v.s, v.b, v.plan, v.rs, v.wait, v.waitWarning, v.fl
	// Outputs the resume loads into the next phase.
	var toLoad []map[string]string
	var loads []model.Artifact
	var skipped, rerun []string
	if rs != nil {
		for _, c := range rs.Cells {
			switch {
			case c.Verdict == Skip:
				skipped = append(skipped, c.Phase)
				for _, a := range c.Artifacts {
					toLoad = append(toLoad, map[string]string{"phase": c.Phase, "key": a.Key, "path": a.Path})
					loads = append(loads, model.Artifact{Path: a.Path, Kind: a.Key, Phase: c.Phase, Exists: true, Hash: a.Hash})
				}
			case c.Verdict.acts():
				rerun = append(rerun, c.Phase)
			}
		}
	}

	// restored_context.
	ctx := map[string]any{
		"book":            b.ID,
		"book_dir":        plan.BookDir,
		"state_file":      b.relProject(path),
		"from":            plan.From,
		"command":         plan.Command,
		"restart_command": plan.RestartCommand,
		"reset_command":   resetCommand(b),
		"phase":           plan.Resume.Phase,
		"committed":       plan.Committed,
	}
	if st := b.State; st != nil {
		ctx["cursor"] = map[string]any{"chapter": st.Chapter, "scene": st.Scene, "status": st.Status}
	}
	if rs != nil {
		ctx["scene"] = rs.ID
		ctx["chapter"] = rs.Chapter
		ctx["scene_number"] = rs.Scene
		ctx["skip_phases"] = nonNil(skipped)
		ctx["rerun_phases"] = nonNil(rerun)
		if toLoad == nil {
			toLoad = []map[string]string{}
		}
		ctx["artifacts"] = toLoad
		if rs.Ledger != "" {
			ctx["ledger"] = rs.Ledger
		}
	}
	if fl.Reason != "" {
		ctx["reason"] = fl.Reason
	}
	if args := fl.Args(); len(args) > 0 {
		ctx["flags"] = args
	}
	if pz := plan.Pause; pz != nil {
		pc := map[string]any{"kind": pz.Kind, "phase": pz.Phase, "message": pz.Message, "file": PauseFile}
		if pz.HasScene {
			pc["chapter"], pc["scene"] = pz.Chapter, pz.Scene
		}
		if pz.Stale != "" {
			pc["stale"] = pz.Stale
		}
		if pz.Kind == "quota" {
			pc["status_code"] = pz.StatusCode
			if pz.RetryAt != nil && pz.Stale == "" {
				pc["retry_at"] = pz.RetryAt.UTC().Format("2006-01-02T15:04:05Z07:00")
				pc["wait_seconds"] = int((wait + time.Second - 1) / time.Second)
			}
		}
		if pz.ReasonCode != "" {
			pc["reason_code"] = pz.ReasonCode
		}
		ctx["pause"] = pc
		if waitWarning != "" {
			ctx["warning"] = waitWarning
		}
	}
	if plan.Gate != nil && !b.Archived {
		ctx["gate"] = plan.Gate
	}
	s.Context = ctx

	return skipped, loads
}

// choices are the choices' words, a closed gate on CONTINUE.
func (v *sceneView) choices(skipped []string, gated bool) {
	s, b, plan, tx := v.s, v.b, v.plan, v.tx
	s.Policy, s.Outcomes = policies(b, plan, v.rs, v.ready, skipped, v.wait, tx)
	if gated {
		cont := s.Policy[model.Continue]
		cont.Recommended = false
		cont.Hint += tx.Outline.HintGated
		s.Policy[model.Continue] = cont
	}
	s.Moves = map[model.Choice][]string{model.Discard: b.moves()}
	if b.Archived {
		for _, c := range []model.Choice{model.Continue, model.Restart, model.Discard} {
			s.Policy[c] = model.ChoicePolicy{Disabled: tx.Archived}
		}
	}

}

// dashboard is REVIEW: the grid, the pause, every verdict's reason; the
// plan, the prompt and the artifact list.
func (v *sceneView) dashboard(loads []model.Artifact) {
	s, b, plan, tx, now := v.s, v.b, v.plan, v.tx, v.now
	// The dashboard: the grid, the pause, then every verdict's reason.
	title := tx.GridTitle
	if v.l.opts.Plain {
		title = tx.GridTitlePlain
	}
	s.Sections = append(s.Sections, model.Section{Title: title, Lines: gridLines(plan, v.l.opts.Plain)})
	// The same grid, cell by cell, for a screen that selects a cell and
	// shows its reason (it then leaves out the text grid and "Why").
	s.Grid = gridOf(plan, v.l.opts.Plain)
	if pz := plan.Pause; pz != nil {
		t := tx.SecPause.F(PauseFile)
		if pz.Stale != "" {
			t = tx.SecStale.F(PauseFile)
		}
		s.Sections = append(s.Sections, model.Section{Title: t, Lines: pz.Lines(now)})
	}
	s.Sections = append(s.Sections,
		model.Section{Title: tx.Why, Lines: reasonLines(plan)},
		model.Section{Title: tx.SecWrites, Lines: writeLines(plan)},
	)
	s.Plan = &model.Plan{Lines: planLines(plan, now), Data: plan}
	s.Prompt = prompt(b, plan, loads, now, v.waitWarning, tx)
	// The artifact list: every file the ledgers name, with the hashes
	// they record (the prompt above lists only what the resume loads).
	s.Artifacts = bookArtifacts(b)
}

// policies are the choices' words: what each does to this book, with
// the bookforge command it leaves the person with.
func policies(b *book, plan *Plan, rs *ScenePlan, ready bool, skipped []string, wait time.Duration, tx *Text) (map[model.Choice]model.ChoicePolicy, map[model.Choice]string) {
	// Not recommended while the quota asks to wait (the alert says so).
	cont := model.ChoicePolicy{Recommended: !b.Archived && len(plan.Blocks) == 0 && wait <= 0, Writes: len(plan.Writes) > 0,
		Why: tx.ContinueWhy}
	switch {
	case plan.Complete && b.State != nil:
		cont = model.ChoicePolicy{Disabled: tx.ContinueComplete}
	case plan.Complete:
		cont.Hint = tx.HintAllDone
	case ready:
		cont.Hint = tx.HintReady.F(plan.Resume.Scene, plan.Command)
	case plan.Pause != nil && plan.Pause.Stale == "" && rs.Cells[rs.Start].Verdict == Skip:
		cont.Hint = tx.HintApplyAgain.F(plan.Resume.Scene, phaseLabel(plan.Resume.Phase))
	case len(skipped) == 0:
		cont.Hint = tx.HintFromFirst.F(plan.Resume.Scene, phaseLabel(plan.Resume.Phase))
	default:
		cont.Hint = tx.HintSkipping.N(len(skipped), plan.Resume.Scene, phaseLabel(plan.Resume.Phase))
	}
	if wait > 0 {
		cont.Hint += tx.HintWait.F(waitText(wait, tx))
	}
	var writes []string
	for _, w := range plan.Writes {
		switch w.Kind {
		case "prompt_update":
			writes = append(writes, tx.WriteRecordPrompt.F(w.Scene, phaseLabel(w.Phases[0])))
		case "rerun_archive":
			writes = append(writes, tx.WriteMoveEntries.N(len(w.Phases), w.Scene))
		case "force_audit":
			writes = append(writes, tx.WriteAuditNote)
		}
	}
	if len(writes) > 0 {
		cont.Hint += "; " + strings.Join(writes, ", ")
		cont.Confirm = tx.ConfirmWrites.F(strings.Join(writes, ", "))
	}

	reset := resetCommand(b)
	what := tx.WhatLedgers
	if b.HasPause && b.HasHistory {
		what = tx.WhatBoth
	} else if b.HasPause {
		what = tx.WhatMarker
	}
	restart := model.ChoicePolicy{}
	outcomes := map[model.Choice]string{
		model.Discard: tx.OutDiscard.F(what, b.ID, reset),
	}
	switch moves := restartMoves(b, plan, tx); {
	case b.CutShort != nil && b.CutShort.Choice == "RESTART":
		restart.Hint = tx.RestartFinishHint.F(clock(b.CutShort.At))
		outcomes[model.Restart] = tx.OutRestartFinish.F(b.ID, clock(b.CutShort.At), plan.RestartCommand)
	case rs == nil:
		restart.Disabled = tx.RestartNoScene.F(reset)
	case len(moves) == 0:
		restart.Disabled = tx.RestartNothing.F(rs.ID)
	default:
		restart.Hint = tx.RestartHint.F(tx.and(moves), rs.ID)
		outcomes[model.Restart] = tx.OutRestart.F(tx.and(moves), b.ID, rs.ID, plan.RestartCommand)
	}
	return map[model.Choice]model.ChoicePolicy{
		model.Continue: cont,
		model.Review:   {Hint: tx.ReviewHint},
		model.Restart:  restart,
		model.Discard:  {Hint: tx.DiscardHint.F(what, reset)},
	}, outcomes
}

// restartMoves names what RESTART archives: the resume scene's ledger,
// then the pause marker.
func restartMoves(b *book, plan *Plan, tx *Text) []string {
	if plan.ResumeIndex < 0 {
		return nil
	}
	var out []string
	if plan.Scenes[plan.ResumeIndex].Ledger != "" {
		out = append(out, tx.MoveLedgerOf.F(plan.Scenes[plan.ResumeIndex].ID))
	}
	if b.HasPause {
		out = append(out, tx.MovePauseMarker)
	}
	return out
}

// withoutFlags is the book's plan with no flag: whether its recorded
// scenes are all done decides the crash rule, whatever the flags ask.
func withoutFlags(b *book) []ScenePlan {
	return Decide(b.input(Flags{}, lintEnv())).Scenes
}

func nonNil(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

func archiveName(b *book) string {
	rel := b.relProject(b.Dir)
	for _, part := range strings.Split(rel, "/") {
		if strings.HasPrefix(part, "reset_") {
			return part
		}
	}
	return rel
}

// integrityProblem is the error CONTINUE stops on (exit 6): the first
// block, named by its file with the old and new hash, and how to go on.
func integrityProblem(b *book, blocks []Block, tx *Text) *model.LoadError {
	bl := blocks[0]
	abs := bl.Abs
	if abs == "" {
		abs = b.History
	}
	var m strings.Builder
	switch bl.Kind {
	case "template_changed":
		m.WriteString(tx.ProbTemplateChanged.F(bl.Scene, phaseLabel(bl.Phase)))
		m.WriteString(tx.ProbFile.F(bl.File, or(bl.Old, tx.None), or(bl.New, tx.None)))
		if len(bl.Set) > 1 {
			m.WriteString(tx.ProbSet.F(strings.Join(bl.Set, " + ")))
		}
	case "template_missing":
		m.WriteString(tx.ProbTemplateMissing.F(bl.Scene, phaseLabel(bl.Phase)))
		m.WriteString(tx.ProbFile.F(bl.File, or(bl.Old, tx.NoHashRecorded), tx.Missing))
	case "pre_state_changed", "pre_state_missing":
		m.WriteString(tx.ProbPreState.F(bl.Scene, phaseLabel(bl.Phase)))
		m.WriteString(tx.ProbFile.F(or(bl.File, tx.NoPreStatePath), or(bl.Old, tx.None), or(bl.New, tx.Missing)))
	default:
		m.WriteString(tx.ProbEdited.F(bl.Scene, phaseLabel(bl.Phase)))
		m.WriteString(tx.ProbFile.F(bl.File, or(bl.Old, tx.None), or(bl.New, tx.Missing)))
	}
	if bl.Flag == "--resume-allow-prompt-change" {
		m.WriteString(tx.ProbPromptFlag.F(bl.Phase))
	} else {
		m.WriteString(tx.ProbForceFlag.F(HistoryDir, bl.Phase))
	}
	if len(blocks) > 1 {
		m.WriteString(tx.ProbOthers.N(len(blocks) - 1))
	}
	return &model.LoadError{Kind: model.ErrIntegrity, Path: abs, Detail: fmt.Sprintf("%s %s: %s", bl.Scene, phaseLabel(bl.Phase), bl.Text), Message: m.String()}
}

// promptFieldMax caps one value the prompt quotes from the book's files.
const promptFieldMax = 1000

// prompt is the markdown `--emit prompt` prints for the agent. What it
// takes from the book's files (the book and scene ids, the pause
// marker's message, paths) is quoted, «…», or escaped, never pickup's
// own words.
func prompt(b *book, p *Plan, loads []model.Artifact, now time.Time, waitWarning string, tx *Text) string {
	quote := func(s string) string { return textsafe.Quote(s, promptFieldMax) }
	doc := model.Prompt{Title: tx.PromptTitle.F(quote(b.ID))}
	add := func(lines ...string) { doc.Sections = append(doc.Sections, model.PromptSection{Lines: lines}) }
	if p.Complete {
		add(upper(p.Resume.Reason) + ".")
	} else {
		add(tx.PromptResume.F(quote(p.Resume.Scene), phaseLabel(p.Resume.Phase), p.Resume.Reason))
	}
	if waitWarning != "" {
		add(tx.PromptWait.F(waitWarning))
	}
	if g := p.Gate; g != nil && !g.Open && !p.Complete {
		add(tx.Outline.PromptGate.F(g.sentence(tx)))
		if len(g.Attention) > 0 {
			add(bullets(g.Attention)...)
		}
		if g.First != "" {
			add(tx.Outline.PromptRunAfter)
			add("```sh", g.First, p.Command, "```")
		} else {
			add(tx.Outline.PromptRunOnce)
			add("```sh", p.Command, "```")
		}
	} else {
		add(tx.PromptRun)
		add("```sh", p.Command, "```")
	}
	if len(p.Writes) > 0 {
		var ws []string
		for _, w := range p.Writes {
			ws = append(ws, w.Text)
		}
		doc.Sections = append(doc.Sections, list(tx.PromptWrites, ws))
	}
	if p.Pause != nil {
		title := tx.PromptStopped
		if p.Pause.Stale != "" {
			title = tx.PromptStale
		}
		pause := *p.Pause
		if pause.Message != "" {
			pause.Message = quote(pause.Message)
		}
		doc.Sections = append(doc.Sections, list(title, pause.Lines(now)))
	}
	if p.ResumeIndex >= 0 {
		sp := p.Scenes[p.ResumeIndex]
		var cs []string
		for _, c := range sp.Cells {
			cs = append(cs, fmt.Sprintf("%s: **%s**: %s", phaseLabel(c.Phase), c.Verdict, c.Reason))
		}
		doc.Sections = append(doc.Sections, list(tx.PromptByPhase.F(sp.ID), cs))
	}
	if len(loads) > 0 {
		var ls []string
		for _, a := range loads {
			ls = append(ls, fmt.Sprintf("%s %s: `%s`", a.Phase, a.Kind, model.ShowName(a.Path)))
		}
		doc.Sections = append(doc.Sections, list(tx.PromptOutputs, ls))
	}
	add(tx.PromptLedger.F(HistoryDir, p.BookDir))
	return promptdoc.Render(doc, tx.Lang)
}

// bullets are items as "- item" lines.
func bullets(items []string) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = "- " + it
	}
	return out
}

// list is a heading paragraph and its items as "- item" lines; with no
// items, the heading and a blank line (as bookforge always wrote it).
func list(heading string, items []string) model.PromptSection {
	if len(items) == 0 {
		return model.PromptSection{Lines: []string{heading, ""}}
	}
	return model.PromptSection{Heading: heading, Lines: bullets(items)}
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// moves is what archiving the book renames (moveAside): the ledger
// folder and the pause marker, those that exist.
func (b *book) moves() []string {
	var mv []string
	if b.HasHistory {
		mv = append(mv, b.History+string(filepath.Separator))
	}
	if b.HasPause {
		mv = append(mv, b.PauseFile)
	}
	return mv
}

// globQuote makes a path match itself only in filepath.Glob: a folder
// named with a wildcard matches nothing else.
func globQuote(p string) string {
	var b strings.Builder
	for _, r := range p {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// gateAlerts says a closed write gate on the options screen (an alert:
// bookforge refuses the command CONTINUE hands over, and what gets past
// it), and notes a gate flag that acts. It reports whether the gate is
// closed for the resume.
func (l Loader) gateAlerts(s *model.Session, b *book, plan *Plan, gf gateFlags) bool {
	g, ot := plan.Gate, &l.tx().Outline
	if g == nil || b.Archived || (plan.Complete && b.State != nil) {
		return false
	}
	switch {
	case !g.Open:
		s.Alert(model.AlertDecision, g.sentence(l.tx()))
		return true
	case g.Bypassed:
		s.Warnings = append(s.Warnings, ot.NoteBypassed.F("--"+FlagBypassOutline))
	case g.Acked:
		s.Warnings = append(s.Warnings, ot.NoteAcked.F("--"+FlagAckOutline, len(g.Attention)))
	case gf.Ack:
		s.Warnings = append(s.Warnings, ot.NoteAckNothing.F("--"+FlagAckOutline))
	}
	return false
}

// sceneUnits counts the scenes as bookforge does: the outline's scenes
// (chapters[].sections[].scenes[]), every one before state.json's cursor
// committed. Without a readable outline that lists scenes, the scenes
// that have a ledger (and the cursor's), with a warning saying so.
func sceneUnits(b *book, plan *Plan, warnings *[]string, tx *Text) *model.Progress {
	done := plan.Committed
	if b.State == nil {
		done = 0
		for _, sp := range plan.Scenes {
			if sp.Done() {
				done++
			}
		}
	}
	u := &model.Progress{Done: done, Total: len(plan.Scenes)}
	o := b.Outline
	if o == nil || b.Archived {
		return u
	}
	ot := &tx.Outline
	switch {
	case !o.HasOutline:
		*warnings = append(*warnings, ot.TotalFromLedgers.F(OutlineFile))
	case o.Outline == nil:
		*warnings = append(*warnings, ot.TotalOutlineBad.F(OutlineFile, o.OutlineErr))
	case o.Outline.Total == 0:
		*warnings = append(*warnings, ot.TotalOutlineEmpty.F(OutlineFile))
	default:
		u.Total = o.Outline.Total
		if st := b.State; st != nil {
			if st.Complete() {
				u.Done = u.Total
			} else if n, ok := o.Outline.committedBefore(st.Chapter, st.Scene); ok {
				u.Done = n
			}
		}
		u.Done = min(u.Done, u.Total)
	}
	return u
}
