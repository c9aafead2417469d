package crucible

import (
	"path/filepath"
	"strings"
	"sync"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"
)

// BranchMismatch is the spec's exact refusal when the marker's branch is
// not the current one.
func BranchMismatch(markerBranch, current string) string {
	return english.BranchMismatch.F(markerBranch, current)
}

// RestoreQuestion is the spec's exact confirmation before a restore.
func RestoreQuestion(reason, timestamp, branch string) string {
	return english.RestoreQuestion.F(reason, timestamp, branch)
}

// RestoreQuestionStaying is RestoreQuestion for a restore that leaves
// files in place: `git checkout <checkpoint> -- .` writes the
// checkpoint's files and deletes nothing, so the files created after the
// checkpoint stay. The question names them (at most maxStayingNamed).
func RestoreQuestionStaying(reason, timestamp, branch string, staying []string) string {
	return english.restoreQuestion(reason, timestamp, branch, staying)
}

func (t *Text) restoreQuestion(reason, timestamp, branch string, staying []string) string {
	if len(staying) == 0 {
		return t.RestoreQuestion.F(reason, timestamp, branch)
	}
	return t.RestoreQuestionStaying.F(reason, timestamp, branch, t.stayingSentence(reason, staying))
}

// maxStayingNamed caps the files a sentence names.
const maxStayingNamed = 10

// StayingSentence says which files a restore of the checkpoint leaves in
// place: "These 2 files were created after checkpoint pre-wave-1 and
// stay (the restore deletes nothing): a.go, b.go."
func StayingSentence(reason string, staying []string) string {
	return english.stayingSentence(reason, staying)
}

func (t *Text) stayingSentence(reason string, staying []string) string {
	names, more := staying, 0
	if len(names) > maxStayingNamed {
		names, more = names[:maxStayingNamed], len(staying)-maxStayingNamed
	}
	list := strings.Join(names, ", ")
	if more > 0 {
		list += " " + t.AndN.F(more)
	}
	return t.StayingFiles.N(len(staying), reason, list)
}

// recentWrite is how recent a write must be to suggest the pipeline is
// still running: crucible records no pause, so a pipeline that is not
// crashed by the default rule may be live.
const recentWrite = model.DefaultCrashAfter

// timelineLimit caps the dispatch timeline on the dashboard.
const timelineLimit = 30

// session maps a pipeline into the shape every format shares. The
// artifact list (a file or two per dispatch: 200,000 entries and more)
// is made when it is first asked for (Session.ArtifactList: the artifact
// browser, `pickup artifacts`), once.
func (l *Loader) session(p *pipeline) *model.Session {
	s := l.summary(p)
	// Only what the list is made from is kept for it; a lean load keeps
	// no directory listing either (it is read again if the list is
	// asked for).
	a := &pipeline{manifestPath: p.manifestPath, scratch: p.scratch, handoffs: p.handoffs, manifest: p.manifest, dispatchD: p.dispatchD}
	if !l.lean {
		a.listings = p.listings
	}
	s.ArtifactsFunc = sync.OnceValue(a.artifacts)
	return s
}

func (l *Loader) summary(p *pipeline) *model.Session {
	t := p.t()
	path := p.markerPath
	if path == "" {
		path = p.manifestPath
	}
	s := &model.Session{
		Source: SourceName, ID: loaders.SessionID(SourceName, p.project, path), Path: path, Project: p.project,
		Fingerprint: p.fingerprint(), Archived: p.archived, Warnings: []string{},
	}
	if l.lean {
		s.Fingerprint = "" // the manifest was not hashed: nothing may write from this session
	}
	if !p.updated.IsZero() {
		s.LastUpdated, s.HasLastUpdated = p.updated.UTC(), true
	}
	dirs, _ := p.discardTargets()
	l.mu.Lock()
	l.loaded[s] = loadedInfo{head: p.head, markerFP: p.markerFP, discardDirs: append([]string{}, dirs...)}
	l.mu.Unlock()
	s.ArtifactRoots = p.artifactRoots()
	s.Warnings = append(s.Warnings, l.optWarnings...)
	s.Warnings = append(s.Warnings, p.warnings...)
	skill := p.identify(s, t)
	s.Policy = map[model.Choice]model.ChoicePolicy{
		model.Discard: {Confirm: p.discardQuestion(), Hint: t.DiscardHint},
	}
	s.Headline = l.headline(p)
	// crucible records no pause: a stop that is not a crash is an
	// interruption (issue 16's one word; never "paused").
	s.Standing = model.StandingInterrupted
	if p.problem != nil {
		s.Problem = p.problem
		s.Status = "corrupted"
		return s
	}
	m := p.manifest
	s.LastAction = &model.LastAction{Type: lastStatus(m), Clean: p.archived}
	if p.status != nil {
		if h := p.status.Get("Health"); h != "" {
			s.Fields = append(s.Fields, model.Field{Key: "health", Label: "Health", Value: h})
		}
	}

	p.summarizePhases(s, t)
	for _, c := range p.cps {
		s.Checkpoints = append(s.Checkpoints, model.Checkpoint{ID: c.Short(), Reason: c.Reason, Time: stampOf(c)})
	}
	if h := latestHandoff(p.handoffs, ""); h != nil {
		s.Handoff = model.Handoff{Note: h.File + ": " + orWord(h.Title, t.HandoffWord), Context: strings.Join(h.Items("inputs for phase"), "\n")}
	}

	if p.archived || p.plan == nil {
		s.Status = "finished"
		if p.archived {
			s.Status = "history"
		}
		s.Sections = l.sections(p)
		for _, pol := range []model.Choice{model.Continue, model.Restart} {
			s.Policy[pol] = model.ChoicePolicy{Disabled: t.HistoryOnly}
		}
		return s
	}

	pl := p.plan
	s.Warnings = append(s.Warnings, pl.Warnings...)
	if p.markerPath != "" && !pl.Resume.End && l.recent(p) {
		s.Warnings = append(s.Warnings, t.MayBeRunning.F(t.ago(l.opts.Now.Sub(p.updated))))
	}
	s.Status = "interrupted"
	if pl.Resume.End {
		s.Status = "all dispatches finished"
	}
	crashed := english.phase(pl.Crashed.Phase) // the screens translate it, as the phases' names
	if pl.Crashed.Context == "" {
		crashed = t.Unknown
	}
	label := "Crashed at"
	if l.recent(p) {
		label = "Stopped at" // it may still be running: not called a crash
	}
	s.Fields = append(s.Fields, model.Field{Key: "phase", Label: label, Value: crashed})
	s.Fields = append(s.Fields, model.Field{Key: "resume", Label: "Resume point", Value: pl.resumeShort()})
	s.Stage = pl.Resume.Phase
	if pl.Resume.End {
		s.ResumePoint = model.ResumePoint{Reason: t.AllFinishedWhy}
	} else {
		s.ResumePoint = model.ResumePoint{Phase: english.phase(pl.Resume.Phase), Reason: pl.resumeReason()}
	}
	s.Plan = &model.Plan{LinesFunc: pl.Lines, Data: pl}

	s.Policy[model.Continue] = p.continuePolicy(s, t)
	restart := t.RestartHint
	if p.markerPath == "" {
		restart = t.RestartHintBare
	}
	s.Policy[model.Restart] = model.ChoicePolicy{Hint: restart, Recommended: !pl.Resume.Verified, Why: t.RestartWhy}
	s.Outcomes = map[model.Choice]string{model.Continue: continueOutcome(s.Title, pl, "")}
	if l.lean {
		return s // no dashboard, prompt or context: see PlanJSONOnly
	}

	csb := CompressionState(CSBInput{Plan: pl, Handoff: latestHandoff(p.handoffs, pl.Resume.Phase), Status: p.status,
		Skill: skill, Scratch: p.scratch, Modified: p.preservedFiles()})
	s.Prompt = csb
	s.Context = l.context(p, csb)
	s.Sections = l.sections(p)
	return s
}

// identify fills the session's title and its skill and pipeline fields,
// with the marker's branch and the facts the context guard checks; the
// skill is the marker's, else pipeline-status.md's.
func (p *pipeline) identify(s *model.Session, t *Text) string {
	sid := ""
	skill := ""
	if p.marker != nil {
		sid, skill = p.marker.PipelineID, p.marker.Skill
		s.Branch = p.marker.Branch
		// The context guard's facts. crucible refuses CONTINUE on
		// another branch by itself (its spec's words, even with --yes):
		// Strict, so the core does not ask first.
		s.Recorded = model.Recorded{Branch: p.marker.Branch, Commit: p.marker.BaselineSHA, CommitField: "baseline_sha", Strict: true}
		if t, ok := parseTime(p.marker.StartTime); ok {
			s.Recorded.Started = t
		}
		if !p.archived && !p.manifestMod.IsZero() {
			s.Touched, s.TouchedWhat = p.manifestMod, t.DispatchManifest.F(filepath.Base(p.manifestPath))
		}
	}
	if sid == "" && p.manifestPath != "" {
		sid = sessionFromDir(filepath.Dir(p.manifestPath))
	}
	if skill == "" {
		skill = p.status.Get("Skill")
	}
	s.Title = strings.TrimSpace(t.PipelineTitle.F(orWord(skill, "crucible"), sid))
	s.Fields = append(s.Fields, model.Field{Key: "skill", Label: "Skill", Value: orWord(skill, t.Unknown)})
	if sid != "" {
		s.Fields = append(s.Fields, model.Field{Key: "pipeline", Label: "Pipeline", Value: sid})
	}
	return skill
}

// summarizePhases fills the session's phases, with their counts, and its
// progress in phases and in dispatches.
func (p *pipeline) summarizePhases(s *model.Session, t *Text) {
	m := p.manifest
	var phases []*Phase
	if p.plan != nil {
		phases = p.plan.phases
	} else {
		phases = groupPhases(m)
	}
	done, finished, total := 0, 0, 0
	for _, ph := range phases {
		c := ph.Counts(m)
		// The name is English in every language (JSON is the machine
		// contract); the screens translate it (msg.Catalog.Phase).
		mp := model.Phase{Name: english.phase(ph.Key), Result: t.countText(c)}
		if d := ph.Duration(); d > 0 {
			mp.Duration = Dur(d)
		}
		switch {
		case ph.Implied != "":
			mp.Status, mp.Result, mp.Detail = model.PhasePending, t.NoDispatch, ph.Implied
		case ph.Complete(m):
			mp.Status = model.PhaseCompleted
			done++
		case c[StatusFailed]+c[StatusError] > 0:
			mp.Status = model.PhaseFailed
		default:
			mp.Status = model.PhaseInProgress
		}
		s.Phases = append(s.Phases, mp)
		for st, n := range c {
			total += n
			if Finished(st) {
				finished += n
			}
		}
	}
	s.Progress = model.Progress{Done: done, Total: len(phases)}
	s.Units, s.UnitsLabel = &model.Progress{Done: finished, Total: total}, "dispatches"
}

// continuePolicy is CONTINUE's line: refused on another branch, else the
// restore question, or how the resume stands. A marker's branch outside
// a git repository raises the branch alert.
func (p *pipeline) continuePolicy(s *model.Session, t *Text) model.ChoicePolicy {
	pl := p.plan
	current := p.branch
	if current == "" && p.isRepo {
		current = t.DetachedHead
	}
	cont := model.ChoicePolicy{Recommended: pl.Resume.Verified, Why: t.ContinueWhy}
	mismatch := p.marker != nil && p.marker.Branch != "" && p.isRepo && current != p.marker.Branch
	switch {
	case mismatch:
		s.Warnings = append(s.Warnings, t.BranchMismatch.F(p.marker.Branch, current)) // the context guard's alert says it above the menu
		cont = model.ChoicePolicy{Writes: true, Hint: t.RefusedHint.F(p.marker.Branch, current)}
	case pl.Resume.Restore != nil:
		r := pl.Resume.Restore
		cont.Writes = true
		cont.Confirm = t.restoreQuestion(r.Reason, r.TakenAt, orWord(branchOf(p), t.Unknown), r.Staying)
		cont.Hint = t.RestoreHint.F(r.Reason, t.phase(pl.Resume.Phase))
		if n := len(r.Staying); n > 0 {
			cont.Hint += t.StayingHint.N(n)
		}
	case pl.Resume.End:
		cont.Hint = t.EndHint
	case !pl.Resume.Verified:
		cont.Hint = t.UnverifiedHint
	default:
		cont.Hint = t.AsIsHint.F(t.phase(pl.Resume.Phase))
	}
	if p.marker != nil && p.marker.Branch != "" && !p.isRepo {
		s.Alert(model.AlertBranch, t.NotARepo.F(p.project, p.marker.Branch))
	}
	return cont
}

// headline is the session's first line when the crash rule does not
// call it crashed: crucible records no pause, so a pipeline whose marker
// stands was interrupted, or is still running when it wrote its files
// recently. Never "You paused".
func (l *Loader) headline(p *pipeline) string {
	since, recent, t := l.opts.Now.Sub(p.updated), l.recent(p), p.t()
	switch {
	case p.archived:
		return t.headline(hlHistory, "")
	case p.problem != nil:
		return t.headline(hlProblem, "")
	case p.plan != nil && p.plan.Resume.End && recent:
		return t.headline(hlEndLive, t.ago(since))
	case p.plan != nil && p.plan.Resume.End:
		return t.headline(hlEnd, "")
	case recent:
		return t.headline(hlRecent, t.ago(since))
	}
	return t.headline(hlStopped, "")
}

// recent: the pipeline wrote its files less than recentWrite ago, so it
// may still be running.
func (l *Loader) recent(p *pipeline) bool {
	since := l.opts.Now.Sub(p.updated)
	return !l.opts.Now.IsZero() && !p.updated.IsZero() && since >= 0 && since < recentWrite
}

// artifactRoots are the folders beyond the project and the scratch
// directory the artifact browser may open files from: the pipeline's
// own dispatch directories (the live manifest and dispatch files sit in
// the marker's dispatch_dir until cleanup), each named
// crucible-dispatch-<pipeline_id> and neither the project nor an
// ancestor of it.
func (p *pipeline) artifactRoots() []string {
	var out []string
	sid := p.sessionID()
	for _, d := range p.dispatchD {
		if ok, _ := namedDispatchDir(p.t(), d, sid, p.project); ok {
			out = append(out, d)
		}
	}
	return out
}

func branchOf(p *pipeline) string {
	if p.marker != nil {
		return p.marker.Branch
	}
	return ""
}

// context is the decision's restored_context for CONTINUE.
func (l *Loader) context(p *pipeline, csb string) map[string]any {
	pl := p.plan
	ctx := map[string]any{
		"source":            SourceName,
		"manifest":          p.manifestPath,
		"next_seq":          pl.NextSeq,
		"compression_state": csb,
	}
	if pl.Skill != "" {
		ctx["skill"] = pl.Skill
	}
	if pl.Session != "" {
		ctx["pipeline_id"] = pl.Session
	}
	if p.scratch != "" {
		ctx["scratch_dir"] = p.scratch
	}
	if b := branchOf(p); b != "" {
		ctx["branch"] = b
	}
	if pl.Resume.End {
		ctx["resume_phase"] = nil
	} else {
		ctx["resume_phase"] = pl.Resume.Phase
		if pl.Resume.Boundary != "" {
			ctx["resume_boundary"] = pl.Resume.Boundary
		}
	}
	if r := pl.Resume.Restore; r != nil {
		ctx["checkpoint"] = map[string]any{"id": r.ID, "reason": r.Reason, "taken_at": r.TakenAt}
	}
	seqs := make([]int, 0, pl.ReExecuteCount())
	for i := pl.point; i < len(pl.phases); i++ {
		for _, e := range pl.phases[i].Dispatches { // the re-execute rows' order
			seqs = append(seqs, e.Seq)
		}
	}
	ctx["re_execute"] = seqs
	if len(pl.Mutations) > 0 {
		var ms []string
		for _, m := range pl.Mutations {
			ms = append(ms, m.Original+" -> "+m.Replacement)
		}
		ctx["mutations"] = ms
	}
	return ctx
}

// preservedFiles lists the files the preserved work changed: the shadow
// diff between this pipeline's first checkpoint and the restore target
// (the compression state's Files Modified). nil when it cannot tell.
func (p *pipeline) preservedFiles() []string {
	if p.plan == nil || p.plan.Resume.Restore == nil {
		return nil
	}
	start, hasStart := p.marker.Start()
	first := ""
	for _, c := range p.cps { // newest first: the last eligible one wins
		if c.Missing || c.Reason == safetyReason || (hasStart && c.HasTime && c.Time.Before(start.Add(-windowBefore))) {
			continue
		}
		first = c.Hash
	}
	if first == "" || first == p.plan.Resume.Restore.ID {
		return nil
	}
	files, err := p.shadow.Between(first, p.plan.Resume.Restore.ID)
	if err != nil {
		return nil
	}
	return files
}

func (pl *ReplayPlan) resumeShort() string {
	r, t := pl.Resume, pl.text()
	if r.End {
		return t.ResumeNone
	}
	s := t.ResumeBoundary.F(t.phase(r.Phase))
	if r.Restore != nil {
		s += t.ResumeCheckpoint.F(r.Restore.Reason, r.Restore.Short)
	} else {
		s += t.ResumeNoRestore
	}
	return s
}

func (pl *ReplayPlan) resumeReason() string {
	var parts []string
	t := pl.text()
	switch {
	case pl.Resume.Requested != "":
		parts = append(parts, t.RequestedWith.F(pl.Resume.Requested))
	case pl.Resume.Automatic == pl.Resume.Phase:
		parts = append(parts, t.FirstIncomplete)
	}
	if len(pl.Fallbacks) > 0 {
		parts = append(parts, t.MovedBack.N(len(pl.Fallbacks)))
	}
	if r := pl.Resume.Restore; r != nil {
		parts = append(parts, t.RestoresCP.F(r.Reason, r.Short))
	} else {
		parts = append(parts, strings.TrimSpace(strings.Trim(t.ResumeNoRestore, " ()")))
	}
	return strings.Join(parts, "; ")
}

func lastStatus(m *Manifest) string {
	best, line := "", 0
	for _, s := range m.Seqs {
		if e := m.BySeq(s); int(e.Line) > line {
			best, line = e.Status(), int(e.Line)
		}
	}
	return best
}

// latestHandoff is the handoff into phase key, else the latest one whose
// target is not after it ("" for the latest of all).
func latestHandoff(hs []*Handoff, key string) *Handoff {
	var best *Handoff
	for _, h := range hs {
		if key != "" && h.To == key {
			return h
		}
		if key == "" || !phaseLess(key, h.To) {
			best = h
		}
	}
	return best
}

func stampOf(c Checkpoint) string {
	if c.Stamp != "" {
		return c.Stamp
	}
	if c.HasTime {
		return c.Time.UTC().Format("2006-01-02 15:04:05")
	}
	return ""
}

func orWord(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// continueOutcome is CONTINUE's one-line outcome; restored, when set,
// says what the restore did and how to undo it.
func continueOutcome(title string, pl *ReplayPlan, restored string) string {
	t := pl.text()
	if pl.Resume.End {
		return t.OutcomeEnd.F(title, pl.NextSeq)
	}
	phase, n := t.phase(pl.Resume.Phase), pl.ReExecuteCount()
	switch {
	case restored != "":
		return t.OutcomeRestored.N(n, restored, title, phase, pl.NextSeq)
	case pl.Resume.Restore != nil:
		return t.OutcomeRestore.N(n, pl.Resume.Restore.Reason, title, phase, pl.NextSeq)
	}
	return t.OutcomeAsIs.N(n, title, phase, pl.NextSeq)
}
