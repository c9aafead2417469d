package bookforge

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pickup-dev/pickup/internal/promptdoc"
	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
	"github.com/tidwall/gjson"
)

// An outline session is a book's outline pipeline run that `bookforge
// outline generate --book <id> --resume` picks up: a pause marker
// (outline/pipeline_run_paused.json, written on a provider error), or a
// latest run with a phase that failed or paused, or whose report is not
// a success. Its Path is the marker, else the latest-run pointer.

// outlineNames are the files an outline session's Path can be.
var outlineNames = []string{filepath.Base(OutlinePauseFile), filepath.Base(OutlineLatest), filepath.Base(OutlineLatestAlias)}

// isOutlinePath reports a path inside a book's outline folder that
// names an outline session.
func isOutlinePath(p string) bool {
	return slices.Contains(outlineNames, filepath.Base(p)) && filepath.Base(filepath.Dir(p)) == "outline"
}

// outlinePath is a book folder's outline session path, or "".
func outlinePath(bookDir string, tx *Text) string {
	marker := filepath.Join(bookDir, filepath.FromSlash(OutlinePauseFile))
	if fileExists(marker) {
		return marker
	}
	for _, rel := range []string{OutlineLatest, OutlineLatestAlias} {
		if p := filepath.Join(bookDir, filepath.FromSlash(rel)); fileExists(p) {
			if readOutline(bookDir, tx).unfinished() {
				return p
			}
			return ""
		}
	}
	return ""
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// OutlinePlan is what `outline generate --resume` will do with the run.
type OutlinePlan struct {
	Book    string         `json:"book"`
	BookDir string         `json:"book_dir"`
	RunID   string         `json:"run_id,omitempty"`
	RunDir  string         `json:"run_dir,omitempty"`
	Pause   *OutlinePause  `json:"pause,omitempty"`
	Phases  []OutlinePhase `json:"phases"`
	// Resume is the first phase the resume runs (run_loop's
	// effective_from_idx): the first it cannot reuse.
	Resume string   `json:"resume_phase"`
	Reused []string `json:"reused_phases"`
	// To is the last phase the run was asked for (--to-phase).
	To      string         `json:"to_phase"`
	Report  *OutlineReport `json:"report,omitempty"`
	Command string         `json:"command"`
	// Fresh is the fresh start RESTART hands over; Reset bookforge's own.
	Fresh string `json:"restart_command"`
	Reset string `json:"reset_command"`
	// Refused, when set, is why bookforge refuses the resume.
	Refused string   `json:"refused,omitempty"`
	Notes   []string `json:"notes,omitempty"`
}

// outlineIndex is an outline phase id's index, or def.
func outlineIndex(id string, def int) int {
	if i := slices.Index(OutlinePhases, strings.TrimSpace(id)); i >= 0 {
		return i
	}
	return def
}

// decideOutline is the resume of the run, as generate_outline(resume=True)
// computes it.
func decideOutline(b *book, tx *Text) OutlinePlan {
	o, ot := b.Outline, &tx.Outline
	p := OutlinePlan{Book: b.ID, BookDir: b.relProject(b.Dir), RunID: o.RunID, Pause: o.Pause, Phases: o.Phases, Report: o.Report, Reused: []string{}}
	if o.RunDir != "" {
		p.RunDir = b.relProject(o.RunDir)
	}
	from := outlineIndex(text(o.setting("from_phase")), 0)
	to := outlineIndex(text(o.setting("to_phase")), len(OutlinePhases)-1)
	first := from
	for i, ph := range o.Phases {
		if !ph.Reusable {
			first = i
			break
		}
	}
	eff := min(max(from, first), to)
	p.Resume, p.To = OutlinePhases[eff], OutlinePhases[to]
	for i := eff; i <= to; i++ {
		if o.Phases[i].Reusable {
			p.Reused = append(p.Reused, OutlinePhases[i])
		} else {
			break
		}
	}
	for i := 0; i < eff; i++ {
		if o.Phases[i].Reusable {
			p.Reused = append(p.Reused, OutlinePhases[i])
		}
	}
	slices.SortFunc(p.Reused, func(a, c string) int { return outlineIndex(a, 0) - outlineIndex(c, 0) })
	p.Command = outlineResumeCommand(b)
	p.Fresh = bookforgeCommand(b, "outline", "generate")
	if o.HasOutline {
		p.Fresh += " --rerun"
		if hasDrafts(b) {
			p.Fresh += " --force-rerun-with-draft"
		}
	}
	p.Reset = bookforgeCommand(b, "outline", "reset") + " --archive"
	if o.HasPause {
		p.Reset += " --force" // reset refuses while the marker is there
	}
	p.Refused = resumeRefusal(b)
	if pz := o.Pause; pz != nil {
		if pz.RunID != "" && o.RunID != "" && pz.RunID != o.RunID {
			p.Notes = append(p.Notes, ot.NoteOtherRun.F(OutlinePauseFile, pz.RunID, o.RunID))
		}
		if pz.ResumeFrom != "" && pz.ResumeFrom != p.Resume {
			p.Notes = append(p.Notes, ot.NoteResumeFrom.F(pz.ResumeFrom, p.Resume))
		}
	}
	if o.UserPrompt {
		p.Notes = append(p.Notes, ot.NoteSameFile.F("--prompt-file"))
	}
	if o.HintsFile {
		p.Notes = append(p.Notes, ot.NoteSameFile.F("--transition-hints-file"))
	}
	return p
}

// outlineSession maps a book's outline pipeline run onto a Session.
// outlinePhases are the outline pipeline's phases as the session shows
// them: reused, the one the resume starts at (eff), the ones it runs and
// the ones after --to.
func outlinePhases(o *outlineState, plan OutlinePlan, eff int, tx *Text) []model.Phase {
	to := outlineIndex(plan.To, len(OutlinePhases)-1)
	out := []model.Phase{}
	for i, ph := range o.Phases {
		mp := model.Phase{Name: ph.ID, Result: ph.Status, Detail: phaseDetail(ph, tx)}
		switch {
		case slices.Contains(plan.Reused, ph.ID):
			mp.Status, mp.Label = model.PhaseCompleted, "reused"
		case i == eff:
			mp.Status, mp.Label = model.PhaseInProgress, "resume"
			if ph.Status == "failed" || ph.Status == "paused" {
				mp.Status = model.PhaseFailed
			}
		case i > to:
			mp.Status, mp.Label = model.PhasePending, "not requested"
		default:
			mp.Status, mp.Label = model.PhasePending, "runs"
		}
		out = append(out, mp)
	}
	return out
}

func (l Loader) outlineSession(b *book, path string) *model.Session {
	tx := l.tx()
	ot := &tx.Outline
	o := b.Outline
	plan := decideOutline(b, tx)
	outlineDir := filepath.Join(b.Dir, "outline")
	sum := sha256.Sum256([]byte(strings.Join(o.manifest, "\n")))
	s := &model.Session{
		Source:      SourceName,
		ID:          loaders.SessionID(SourceName, b.Project, outlineDir),
		Path:        path,
		Project:     b.Project,
		Title:       ot.Title.F(b.ID),
		Fingerprint: hex.EncodeToString(sum[:]),
		Warnings:    append(append([]string{}, o.Warnings...), plan.Notes...),
		StateFiles:  []string{o.PauseFile, filepath.Join(b.Dir, filepath.FromSlash(OutlineLatest)), filepath.Join(b.Dir, filepath.FromSlash(OutlineLatestAlias)), filepath.Join(b.Dir, filepath.FromSlash(OutlineReportLatest)), filepath.Join(b.Dir, "outline", "outline_pipeline_report_latest.snapshot.json")},
	}
	if o.RunDir != "" {
		s.StateFiles = append(s.StateFiles, o.RunDir)
	}
	if old, err := filepath.Glob(globQuote(o.PauseFile) + ".restart.*"); err == nil {
		s.StateFiles = append(s.StateFiles, old...)
	}
	if b.Title != "" {
		s.Title = ot.TitledOutline.F(b.Title, b.ID)
	}
	eff := outlineIndex(plan.Resume, 0)
	s.Phases = outlinePhases(o, plan, eff, tx)
	s.Progress = model.Progress{Done: s.PhasesDone(), Total: len(s.Phases)}
	s.Stage = plan.Resume
	s.ResumePoint = model.ResumePoint{Phase: plan.Resume, Reason: ot.ResumeWhy.F(plan.Resume, phaseDetail(o.Phases[eff], tx), ot.reused(len(plan.Reused)))}

	pz := o.Pause
	s.LastUpdated, s.HasLastUpdated = o.UpdatedAt, !o.UpdatedAt.IsZero()
	if pz != nil && !pz.CreatedAt.IsZero() && pz.CreatedAt.After(s.LastUpdated) {
		s.LastUpdated, s.HasLastUpdated = pz.CreatedAt, true
	}
	cause := ""
	switch {
	case pz != nil:
		s.LastAction = &model.LastAction{Type: "PAUSE", Clean: true}
		cause = ot.Cause.F(or(pz.ReasonCode, "?"), or(pz.Phase, "?"))
		s.Status = "paused: " + pz.ReasonCode + " in " + pz.Phase
	case o.HasPause:
		s.LastAction = &model.LastAction{Type: "PAUSE", Clean: true}
		s.Status = "paused"
	default:
		failed := o.failedPhase()
		code := ""
		if o.Report != nil && len(o.Report.ReasonCodes) > 0 {
			code = o.Report.ReasonCodes[0]
		}
		s.LastAction = &model.LastAction{Type: "OUTLINE_ERROR", Clean: true}
		s.Headline = ot.HeadError.F(or(failed, plan.Resume), or(code, "?"))
		s.Standing = model.StandingInterrupted
		s.Status = "error in " + or(failed, plan.Resume)
	}

	s.Fields = append(s.Fields, model.Field{Key: "book", Label: "Book", Value: b.ID + " (" + plan.BookDir + ")"})
	if o.RunID != "" {
		s.Fields = append(s.Fields, model.Field{Key: "pipeline", Label: "Pipeline", Value: ot.RunValue.F(o.RunID, OutlineRuns+"/"+o.RunID+"/phase_history.json")})
	}
	if pz != nil {
		v := cause
		if pz.Message != "" {
			v += ": " + pz.Message
		}
		s.Fields = append(s.Fields, model.Field{Key: "paused", Label: "Paused", Value: v})
		if pz.Attempt > 0 {
			s.Fields = append(s.Fields, model.Field{Key: "paused_at", Label: "Paused at", Value: ot.PausedAt.F(or(pz.Phase, "?"), pz.Attempt, OutlineMaxAttempts, or(pz.Created, "?"))})
		}
	}
	if r := o.Report; r != nil {
		s.Fields = append(s.Fields, model.Field{Key: "status", Label: "Status", Value: r.Status + " (" + r.File + ")"})
	}
	s.Fields = append(s.Fields, model.Field{Key: "resume_point", Label: "Resume point", Value: plan.Resume + ", " + ot.reused(len(plan.Reused))})
	s.Fields = append(s.Fields, model.Field{Key: "resume_with", Label: "Resume with", Value: plan.Command})

	ctx := map[string]any{
		"book": b.ID, "book_dir": plan.BookDir, "kind": "outline_pipeline",
		"state_file": b.relProject(path), "run_id": o.RunID, "run_dir": plan.RunDir,
		"phase": plan.Resume, "reused_phases": plan.Reused,
		"command": plan.Command, "restart_command": plan.Fresh, "reset_command": plan.Reset,
	}
	if pz != nil {
		ctx["pause"] = pz
	}
	if o.Report != nil {
		ctx["report"] = o.Report
	}
	if plan.Refused != "" {
		ctx["refused"] = plan.Refused
	}
	s.Context = ctx

	// The choices.
	cont := model.ChoicePolicy{Recommended: true, Why: ot.ContinueWhy, Hint: ot.HintContinue.F(plan.Resume, ot.reused(len(plan.Reused)), plan.Command)}
	if plan.Refused != "" {
		cont = model.ChoicePolicy{Disabled: ot.Refused.F(plan.Refused, plan.Fresh)}
	}
	moves := outlineMoves(o)
	what := make([]string, 0, len(moves))
	for _, m := range moves {
		what = append(what, relTo(b.Dir, m))
	}
	list := strings.Join(what, ", ")
	if n := len(what); n > 1 {
		list = strings.Join(what[:n-1], ", ") + " " + tx.And + " " + what[n-1]
	}
	s.Policy = map[model.Choice]model.ChoicePolicy{
		model.Continue: cont,
		model.Review:   {Hint: ot.ReviewHint},
		model.Restart:  {Hint: ot.RestartHint.F(list, plan.Fresh)},
		model.Discard:  {Hint: ot.DiscardHint.F(list, plan.Reset)},
	}
	s.Outcomes = map[model.Choice]string{
		model.Continue: ot.OutContinue.F(plan.Resume, plan.Command),
		model.Restart:  ot.OutRestart.F(list, b.ID, plan.Fresh),
		model.Discard:  ot.OutDiscard.F(list, b.ID, plan.Reset),
	}
	s.Moves = map[model.Choice][]string{model.Discard: moves, model.Restart: moves}

	// REVIEW: the phases, the pause, the report.
	runRel := OutlineRuns + "/" + or(o.RunID, "?") + "/phase_history.json"
	s.Sections = append(s.Sections, model.Section{Title: ot.SecPhases.F(runRel), Lines: outlinePhaseLines(&plan, s.Phases, tx)})
	if pz != nil {
		s.Sections = append(s.Sections, model.Section{Title: tx.SecPause.F(OutlinePauseFile), Lines: outlinePauseLines(pz, tx)})
	}
	if r := o.Report; r != nil {
		s.Sections = append(s.Sections, model.Section{Title: ot.SecReport.F(r.File), Lines: reportLines(r, tx)})
	}
	s.Plan = &model.Plan{Lines: outlinePlanLines(&plan, s.Phases, tx), Data: &plan}
	s.Prompt = outlinePrompt(&plan, s.Phases, tx)
	s.Artifacts = outlineArtifacts(b)
	return s
}

// outlineMoves are the files RESTART and DISCARD archive: the latest-run
// pointers, then the pause marker (those that exist). The run folder and
// its report stay: a fresh run writes a new one beside them.
func outlineMoves(o *outlineState) []string {
	mv := slices.Clone(o.Pointers)
	if o.HasPause {
		mv = append(mv, o.PauseFile)
	}
	return mv
}

// phaseDetail says what the run's ledger records for a phase.
func phaseDetail(ph OutlinePhase, tx *Text) string {
	ot := &tx.Outline
	switch {
	case ph.Status == "":
		return ot.NotRun
	case ph.Status == "success" && !ph.Reusable:
		return ot.SuccessGone.F(ph.Missing)
	default:
		status := ph.Status
		if w, ok := ot.Status[status]; ok {
			status = w
		}
		return ot.Recorded.F(status, or(ph.Timestamp, "?"), ph.Attempts, OutlineMaxAttempts)
	}
}

// outlinePhaseLines are the dashboard's phase list: number, phase, what
// the resume does, what is recorded.
func outlinePhaseLines(p *OutlinePlan, phases []model.Phase, tx *Text) []string {
	var out []string
	for i, ph := range phases {
		out = append(out, fmt.Sprintf("%d %-41s %-8s %s", i+1, ph.Name, tx.Outline.Verbs[ph.Label], ph.Detail))
	}
	return out
}

func outlinePauseLines(pz *OutlinePause, tx *Text) []string {
	ot := &tx.Outline
	out := []string{ot.Cause.F(or(pz.ReasonCode, "?"), or(pz.Phase, "?"))}
	if pz.Message != "" {
		out = append(out, tx.LineMessage.F(pz.Message))
	}
	if pz.Attempt > 0 {
		out = append(out, ot.LineAttempt.F(pz.Attempt, OutlineMaxAttempts))
	}
	if pz.ResumeFrom != "" {
		out = append(out, ot.LineResumeFrom.F(pz.ResumeFrom))
	}
	for _, d := range pz.Details {
		out = append(out, tx.LineDetail.F(d))
	}
	if pz.Created != "" {
		out = append(out, tx.LinePausedAt.F(pz.Created))
	}
	return out
}

func reportLines(r *OutlineReport, tx *Text) []string {
	ot := &tx.Outline
	out := []string{"overall_status: " + r.Status}
	if r.PhaseFailed != "" {
		out = append(out, "phase_failed: "+r.PhaseFailed)
	}
	if len(r.ReasonCodes) > 0 {
		out = append(out, "reason_codes: "+strings.Join(r.ReasonCodes, ", "))
	}
	out = append(out, fmt.Sprintf("requires_user_attention: %t, strict_blocking: %t", r.Attention, r.Strict))
	if len(r.Items) > 0 {
		out = append(out, ot.AttentionItems.F(len(r.Items)))
		for _, it := range r.Items {
			out = append(out, "  "+it)
		}
	}
	return out
}

func outlinePlanLines(p *OutlinePlan, phases []model.Phase, tx *Text) []string {
	ot := &tx.Outline
	out := []string{ot.PlanTitle.F(p.Book, p.BookDir)}
	if p.RunID != "" {
		out = append(out, ot.PlanRun.F(p.RunID, p.RunDir))
	}
	if p.Pause != nil {
		out = append(out, outlinePauseLines(p.Pause, tx)...)
	}
	out = append(out, p.Resume+", "+ot.reused(len(p.Reused)))
	if p.Refused != "" {
		out = append(out, ot.Refused.F(p.Refused, p.Fresh))
	} else {
		out = append(out, tx.PlanCommand.F(p.Command))
	}
	out = append(out, "")
	out = append(out, outlinePhaseLines(p, phases, tx)...)
	if p.Report != nil {
		out = append(out, "", ot.SecReport.F(p.Report.File))
		for _, l := range reportLines(p.Report, tx) {
			out = append(out, "  "+l)
		}
	}
	for _, n := range p.Notes {
		out = append(out, tx.PlanNote.F(n))
	}
	return out
}

// outlinePrompt is the markdown `--emit prompt` prints for the agent.
func outlinePrompt(p *OutlinePlan, phases []model.Phase, tx *Text) string {
	ot := &tx.Outline
	doc := model.Prompt{Title: ot.PromptTitle.F(p.Book)}
	add := func(lines ...string) { doc.Sections = append(doc.Sections, model.PromptSection{Lines: lines}) }
	if pz := p.Pause; pz != nil {
		if msg := strings.TrimSpace(pz.Message); pz.Message != "" {
			add(ot.PromptPausedSays.F(or(pz.Phase, "?"), or(pz.ReasonCode, "?"), msg))
		} else {
			add(ot.PromptPaused.F(or(pz.Phase, "?"), or(pz.ReasonCode, "?")))
		}
	}
	add(ot.PromptResume.F(p.Resume, ot.reused(len(p.Reused))))
	if p.Refused != "" {
		add(ot.Refused.F(p.Refused, p.Fresh))
	} else {
		add(tx.PromptRun)
		add("```sh", p.Command, "```")
	}
	if len(p.Notes) > 0 {
		add(bullets(p.Notes)...)
	}
	var ps []string
	for _, ph := range phases {
		ps = append(ps, fmt.Sprintf("%s: **%s**: %s", ph.Name, ot.Verbs[ph.Label], ph.Detail))
	}
	doc.Sections = append(doc.Sections, list(ot.PromptPhases, ps))
	if p.Report != nil {
		doc.Sections = append(doc.Sections, list(ot.SecReport.F(p.Report.File), reportLines(p.Report, tx)))
	}
	add(ot.PromptFresh.F(p.Reset))
	return promptdoc.Render(doc, tx.Lang)
}

// outlineArtifacts lists the pipeline's files: the marker, the
// pointers, the run's ledger and report, and every phase's files.
func outlineArtifacts(b *book) []model.Artifact {
	o := b.Outline
	var out []model.Artifact
	add := func(abs, kind, phase string) {
		out = append(out, model.Artifact{Path: b.relProject(abs), Kind: kind, Phase: phase, Exists: fileExists(abs)})
	}
	if o.HasPause {
		add(o.PauseFile, "pause_marker", "")
	}
	for _, p := range o.Pointers {
		add(p, "latest_run", "")
	}
	if o.RunDir == "" {
		return out
	}
	add(o.HistoryFile, "phase_history", "")
	add(filepath.Join(o.RunDir, "outline_pipeline_report.json"), "report", "")
	for _, ph := range o.Phases {
		for _, k := range []string{"input", "output", "validation", "handoff"} {
			if f := ph.Files[k]; f != "" {
				add(filepath.Join(o.RunDir, filepath.FromSlash(f)), k, ph.ID)
			}
		}
	}
	return out
}

// resumeRefusal is bookforge's error when `outline generate --resume`
// refuses the book's latest run, or "": the run folder is gone, or the
// book has drafted scenes and the run was started without
// --force-rerun-with-draft (adding it now changes the fingerprint).
func resumeRefusal(b *book) string {
	o := b.Outline
	switch {
	case !o.HasRun:
		return "No resumable outline pipeline run found."
	case o.HasOutline && hasDrafts(b) && o.setting("force_rerun_with_draft").Type != gjson.True:
		return "Drafted scene outputs exist. Use --force-rerun-with-draft to proceed with outline rerun."
	}
	return ""
}
