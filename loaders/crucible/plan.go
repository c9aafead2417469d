package crucible

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// PlanOptions are the person's overrides for the resume point.
type PlanOptions struct {
	FromPhase string // --from-phase N
	FromSeq   int    // --from-seq N (0: none)
	Mutations []Mutation
	// NoRestore resumes with the working directory as it is.
	NoRestore bool
}

// Row is one line of the plan's tables.
type Row struct {
	Seq      int    `json:"seq"`
	Role     string `json:"role"`
	Phase    string `json:"phase"`
	Task     string `json:"task,omitempty"`
	Status   string `json:"original_status"`
	Summary  string `json:"summary,omitempty"`
	Template string `json:"template,omitempty"`
	Mutation string `json:"mutation,omitempty"`
	Why      string `json:"why"`
	// whyPre, when not "", comes before Why: the reason is whyPre+Why.
	// eachRow gives a verified row's reason in two pieces, so that the
	// rows written as they are made (a lean plan) need not join them:
	// 100,000 strings nobody keeps.
	whyPre string
}

// Fallback is one step back from a resume point that failed a check.
type Fallback struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Reason string `json:"reason"`
}

// RestoreTarget is the checkpoint a CONTINUE restores.
type RestoreTarget struct {
	ID      string `json:"id"`
	Short   string `json:"short"`
	Reason  string `json:"reason"`
	TakenAt string `json:"taken_at"`
	// Staying lists the project's files (relative, slash-separated) the
	// checkpoint does not have: `git checkout <checkpoint> -- .` leaves
	// them as they are (it deletes nothing). nil when they could not be
	// listed (StayingErr says why).
	Staying    []string `json:"files_staying"`
	StayingErr string   `json:"files_staying_error,omitempty"`
}

// ReplayPlan is the computed resume: the value behind `pickup plan`, the
// CONTINUE hand-off and the restore, so they cannot disagree.
type ReplayPlan struct {
	Source  string `json:"source"`
	Skill   string `json:"skill"`
	Session string `json:"session"`
	Started string `json:"started"`
	Crashed struct {
		Phase   string `json:"phase"`
		Context string `json:"context"`
	} `json:"crashed_at"`
	Resume struct {
		// Phase is the phase key resumed at; "" when nothing is left.
		Phase    string `json:"phase"`
		Boundary string `json:"boundary,omitempty"` // its checkpoint reason
		// Automatic is the first incomplete phase; Requested the
		// --from-phase/--from-seq override, when given.
		Automatic string         `json:"automatic"`
		Requested string         `json:"requested,omitempty"`
		End       bool           `json:"nothing_left"`
		Verified  bool           `json:"verified"`
		Restore   *RestoreTarget `json:"restore"`
		// NoRestore says why no checkpoint is restored.
		NoRestore string `json:"no_restore,omitempty"`
		// Unchecked counts the dispatches before the point whose
		// evidence could not be looked for (verdict cannot_check): the
		// point stands on their completion lines.
		Unchecked int `json:"unchecked"`
	} `json:"resume_point"`
	WorkPreserved struct {
		Seconds float64  `json:"seconds"`
		Text    string   `json:"text"`
		Phases  []string `json:"phases"`
	} `json:"work_preserved"`
	Skip      []Row      `json:"skip"`
	ReExecute []Row      `json:"re_execute"`
	Implied   []string   `json:"implied_phases,omitempty"`
	Mutations []Mutation `json:"mutations,omitempty"`
	Fallbacks []Fallback `json:"fallbacks"`
	Checks    []Check    `json:"verification"`
	NextSeq   int        `json:"next_seq"`
	Warnings  []string   `json:"-"`

	phases []*Phase
	point  int

	// What the rows are made from (see eachRow): the manifest, the
	// number of rows of each table, the --mutate index and, per
	// unfinished implementer re-executed, the partial commits in its
	// window.
	m       *Manifest
	nSkip   int
	nReExec int
	mut     map[string]string
	partial map[int]int
	// lean: Skip and ReExecute are not kept (a row per dispatch,
	// 100,000 and more); eachRow makes them again when they are written.
	// Nor is Checks (empty): the checks are kept in leanChecks, a third
	// of the size, and made again from them (checkAt).
	lean       bool
	leanChecks []leanCheck
	// lines reads the rows' summaries again from a lean manifest (see
	// Entry.Summary) while rows are made.
	lines *lineReader
	// leadPre holds the text before an output file's name in the
	// evidence of the checks that keep the name alone (see parts).
	leadPre map[leadKey]string
	// wbuf, while a lean plan is written, is where a check's window
	// sentence is made (windowText).
	wbuf []byte
	// failed holds the evidence of each check that failed, by seq: its
	// dispatch is re-executed, and its row says why.
	failed map[int]string
	// tx is the language of the plan's text (text.go); nil is English.
	tx *Text
}

// planInput is everything computePlan reads.
type planInput struct {
	manifest    *Manifest
	marker      *Marker // nil when only a manifest is known
	handoffs    []*Handoff
	checkpoints []Checkpoint
	ev          *evidence
	opts        PlanOptions
	project     string
	// hasMarker: the .pipeline-active marker is present (a live pipeline).
	hasMarker bool
	// lean: keep no rows (see ReplayPlan.lean).
	lean bool
	tx   *Text
}

// computePlan is the one function that decides the resume: the dry run
// (`pickup plan`) and the real resume (CONTINUE's restore and hand-off)
// both take its result.
func computePlan(in planInput) *ReplayPlan {
	m := in.manifest
	pl := &ReplayPlan{Source: m.Path, NextSeq: m.NextSeq(), Fallbacks: []Fallback{}, Checks: []Check{}, Skip: []Row{}, ReExecute: []Row{}, m: m, lean: in.lean, tx: in.tx}
	skill := ""
	if in.marker != nil {
		skill = in.marker.Skill
		pl.Session, pl.Started = in.marker.PipelineID, in.marker.StartTime
	}
	if pl.Session == "" {
		pl.Session = sessionFromDir(filepath.Dir(m.Path))
	}
	pl.Skill = skill
	build := skill == "" || strings.EqualFold(skill, "build")
	reason := func(key string) string {
		if !build {
			return ""
		}
		return BoundaryReason(key)
	}

	phases := groupPhases(m)
	pl.addImplied(in, &phases)
	pl.phases = phases

	auto := len(phases)
	for i, p := range phases {
		if !p.Complete(m) {
			auto = i
			break
		}
	}
	pl.Resume.Automatic = keyAt(phases, auto)

	point := pl.requestedPoint(in, phases, auto)

	// Verification: every dispatch before the point must show its
	// evidence; a failure moves the point back to its phase's boundary.
	failures, unchecked := pl.verifyBefore(in, phases, point)
	point = pl.fallBack(failures, phases, point, reason)
	pl.Resume.Verified = point > 0 || len(pl.Fallbacks) == 0
	pl.noteUnchecked(unchecked, point)

	// The checkpoint for the boundary, else an earlier one.
	pl.chooseRestore(in, &point, reason)
	pl.point = point
	pl.Resume.Phase = keyAt(phases, point)
	pl.Resume.End = point >= len(phases)
	if !pl.Resume.End {
		pl.Resume.Boundary = reason(phases[point].Key)
	}

	pl.rows(in, point)
	pl.crashedAt(m, phases)
	pl.mutations(in)
	pl.noticeGaps(in, phases)
	return pl
}

// requestedPoint is the resume point --from-phase or --from-seq asks
// for, else the automatic one (auto), with a warning when the request
// names nothing or redoes verified work.
func (pl *ReplayPlan) requestedPoint(in planInput, phases []*Phase, auto int) int {
	m, t := in.manifest, pl.text()
	point := auto
	switch {
	case in.opts.FromPhase != "":
		idx, ok := phaseIndex(phases, in.opts.FromPhase)
		pl.Resume.Requested = "--from-phase " + in.opts.FromPhase
		if !ok {
			pl.Warnings = append(pl.Warnings, t.FromPhaseNone.F(in.opts.FromPhase))
			break
		}
		point = idx
		if in.opts.FromSeq != 0 {
			pl.Warnings = append(pl.Warnings, t.FromSeqIgnored)
		}
	case in.opts.FromSeq != 0:
		pl.Resume.Requested = "--from-seq " + strconv.Itoa(in.opts.FromSeq)
		e := m.BySeq(in.opts.FromSeq)
		if e == nil {
			pl.Warnings = append(pl.Warnings, t.FromSeqNone.F(in.opts.FromSeq))
			break
		}
		idx, _ := phaseIndex(phases, e.EPhase())
		point = idx
	}
	if pl.Resume.Requested != "" && point < auto {
		pl.Warnings = append(pl.Warnings, t.Earlier2.F(pl.Resume.Requested, phaseLabel(t, phases, auto), spanLabel(t, phases, point, auto)))
	}

	return point
}

// verifyBefore checks the evidence of every dispatch before point: the
// checks that failed, by phase, and those that could not look for their
// evidence.
func (pl *ReplayPlan) verifyBefore(in planInput, phases []*Phase, point int) (map[int][]Check, []Check) {
	m, t := in.manifest, pl.text()
	failures := map[int][]Check{}
	var unchecked []Check // the checks that could not look for their evidence
	if !in.lean {
		n := 0
		for i := 0; i < point; i++ {
			n += len(phases[i].Dispatches)
		}
		pl.Checks = make([]Check, 0, n)
	}
	// The dispatches checked, in order: each check starts as its entry
	// alone (verifyAll fills in the rest). The list is made once the
	// headers are read: the headers read ahead are dropped then.
	done := func(e *Entry) bool { return e.SupersededBy() == 0 && e.Final(m) == StatusCompleted }
	nDone := 0
	var timed []*Entry // implementers: their windows start at their header's time
	for i := 0; i < point; i++ {
		for _, e := range phases[i].Dispatches {
			if done(e) {
				nDone++
				if in.ev.kind(e.Role()) == KindCommit {
					timed = append(timed, e)
				}
			}
		}
	}
	if in.ev.git != nil {
		if _, err := in.ev.git.Log(); err == nil {
			in.ev.readStarts(timed) // read only where commits will be looked up
		}
	}
	checked := make([]leanCheck, 0, nDone)
	for i := 0; i < point; i++ {
		for _, e := range phases[i].Dispatches {
			if done(e) {
				checked = append(checked, leanCheck{e: e})
			}
		}
	}
	in.ev.verifyAll(checked)
	next := 0
	for i := 0; i < point; i++ {
		for _, e := range phases[i].Dispatches {
			final := e.Final(m)
			switch {
			case final == StatusCompleted && e.SupersededBy() == 0:
				lc := checked[next]
				next++
				if !in.lean {
					pl.Checks = append(pl.Checks, lc.check(in.ev.kind(e.Role()), in.ev.t()))
				}
				switch lc.verdict {
				case vFailed:
					failures[i] = append(failures[i], lc.check(in.ev.kind(e.Role()), in.ev.t()))
				case vCannotCheck:
					unchecked = append(unchecked, lc.check(in.ev.kind(e.Role()), in.ev.t()))
				}
			case Finished(final):
				// skipped, replayed, or stood for by a finished replay
			default:
				c := Check{Seq: e.Seq, Role: e.Role(), Phase: e.EPhase(), Kind: "status",
					Evidence: t.StatusNotComplete.F(t.statusWord(final))}
				failures[i] = append(failures[i], c)
			}
		}
	}
	if in.lean {
		pl.leanChecks = checked // the checks, as verify made them
	}
	return failures, unchecked
}

// fallBack moves the point back to the boundary of the earliest phase
// with a failed check, recording each move as a fallback.
func (pl *ReplayPlan) fallBack(failures map[int][]Check, phases []*Phase, point int, reason func(string) string) int {
	t := pl.text()
	for i := point - 1; i >= 0; i-- {
		if fs := failures[i]; len(fs) > 0 {
			for _, f := range fs {
				if pl.failed == nil {
					pl.failed = map[int]string{}
				}
				pl.failed[f.Seq] = f.Evidence
			}
			f := fs[0]
			why := t.SeqWhy.F(f.Seq, t.roleOr(f.Role), f.Evidence)
			if len(fs) > 1 {
				why += t.AndMoreIn.F(len(fs)-1, t.phase(phases[i].Key))
			}
			pl.Fallbacks = append(pl.Fallbacks, Fallback{From: boundaryLabel(t, phases, point, reason), To: boundaryLabel(t, phases, i, reason), Reason: why})
			point = i
		}
	}
	return point
}

// addImplied lists phases that evidence says the pipeline reached but
// the manifest records nothing for (crucible #521: a dispatch that
// crashed before its first line is invisible).
func (pl *ReplayPlan) addImplied(in planInput, phases *[]*Phase) {
	have := map[string]bool{}
	lastNum, hasNum := 0.0, false
	for _, p := range *phases {
		have[p.Key] = true
		if n, ok := phaseNum(p.Key); ok && (!hasNum || n > lastNum) {
			lastNum, hasNum = n, true
		}
	}
	// Only a numbered phase beyond the last recorded one is added: earlier
	// phases are already judged on their own dispatches.
	add := func(key, why string) {
		n, ok := phaseNum(key)
		if !ok || have[key] || (hasNum && n <= lastNum) {
			return
		}
		for _, p := range *phases {
			if pn, ok := phaseNum(p.Key); ok && pn == n {
				return
			}
		}
		have[key] = true
		*phases = append(*phases, &Phase{Key: key, Implied: why, first: 1 << 30})
	}
	if in.marker != nil && in.marker.Phase != "" {
		add(in.marker.Phase, pl.text().MarkerSays.F(in.marker.Phase))
	}
	for _, h := range in.handoffs {
		if h.To != "" {
			add(h.To, pl.text().Exists.F(h.File))
		}
	}
	start, hasStart := in.marker.Start()
	for _, c := range in.checkpoints {
		if c.Reason == safetyReason || c.Missing {
			continue
		}
		if hasStart && c.HasTime && c.Time.Before(start.Add(-windowBefore)) {
			continue
		}
		if ph := reasonPhase(c.Reason); ph != "" {
			add(ph, pl.text().CPTaken.F(c.Reason))
		}
	}
	sortPhases(*phases)
	// Listed, and warned about, in pipeline order.
	for _, p := range *phases {
		if p.Implied == "" {
			continue
		}
		pl.Implied = append(pl.Implied, p.Key)
		pl.Warnings = append(pl.Warnings, pl.text().ImpliedWarn.F(pl.text().phase(p.Key), p.Implied))
	}
}

// chooseRestore picks the checkpoint that opens the resume boundary; when
// it is missing, an earlier boundary's, moving the point back.
func (pl *ReplayPlan) chooseRestore(in planInput, point *int, reason func(string) string) {
	phases, t := pl.phases, pl.text()
	switch {
	case *point >= len(phases):
		pl.Resume.NoRestore = t.NothingToRestore
		return
	case in.opts.NoRestore:
		pl.Resume.NoRestore = t.NoRestoreFlag
		return
	}
	start, hasStart := in.marker.Start()
	find := func(r string) (Checkpoint, string) {
		why := t.NoCPIn.F(r)
		for _, c := range in.checkpoints { // newest first
			if c.Reason != r {
				continue
			}
			if c.Missing {
				why = t.CPGone.F(r, c.Short())
				continue
			}
			if hasStart && c.HasTime && c.Time.Before(start.Add(-windowBefore)) {
				why = t.CPPredates.F(r, c.Short())
				continue
			}
			return c, ""
		}
		return Checkpoint{}, why
	}
	first := ""
	for b := *point; b >= 0; b-- {
		r := reason(phases[b].Key)
		if r == "" {
			continue
		}
		c, why := find(r)
		if why != "" {
			if first == "" {
				first = why
			}
			continue
		}
		if b < *point {
			pl.Fallbacks = append(pl.Fallbacks, Fallback{From: boundaryLabel(t, phases, *point, reason), To: boundaryLabel(t, phases, b, reason), Reason: first})
			*point = b
		}
		stamp := c.Stamp
		if stamp == "" && c.HasTime {
			stamp = c.Time.UTC().Format("2006-01-02 15:04:05")
		}
		pl.Resume.Restore = &RestoreTarget{ID: c.Hash, Short: c.Short(), Reason: c.Reason, TakenAt: stamp}
		return
	}
	switch {
	case reason(phases[*point].Key) == "" && *point == 0:
		pl.Resume.NoRestore = t.StartsPipeline.F(t.phase(phases[0].Key))
	case first != "":
		pl.Resume.NoRestore = t.NorEarlier.F(first)
	default:
		pl.Resume.NoRestore = t.NoReason.F(t.phase(phases[*point].Key))
	}
}

// rows counts the plan's rows, adds up the work preserved and reads
// what the rows' reasons need from disk (the partial commits of the
// unfinished implementers re-executed); unless the plan is lean, it
// makes the rows (eachRow) and keeps them in Skip and ReExecute.
func (pl *ReplayPlan) rows(in planInput, point int) {
	m := in.manifest
	pl.mut = mutationIndex(in.opts.Mutations)
	for i, p := range pl.phases {
		if i < point {
			pl.nSkip += len(p.Dispatches)
			for _, e := range p.Dispatches {
				if e.HasDuration {
					pl.WorkPreserved.Seconds += e.Duration
				}
			}
			continue
		}
		pl.nReExec += len(p.Dispatches)
		for _, e := range p.Dispatches {
			if in.ev.kind(e.Role()) != KindCommit || Finished(e.Final(m)) {
				continue
			}
			if found, _, err := in.ev.commits(e); err == nil && len(found) > 0 {
				if pl.partial == nil {
					pl.partial = map[int]int{}
				}
				pl.partial[e.Seq] = len(found)
			}
		}
	}
	for i := 0; i < point && i < len(pl.phases); i++ {
		pl.WorkPreserved.Phases = append(pl.WorkPreserved.Phases, pl.phases[i].Key)
	}
	if len(pl.WorkPreserved.Phases) == 0 {
		pl.WorkPreserved.Text = "none"
	} else {
		pl.WorkPreserved.Text = Dur(pl.WorkPreserved.Seconds)
	}
	if pl.lean {
		pl.Skip, pl.ReExecute = nil, nil
		return
	}
	pl.keepRows()
}

// keepRows makes the rows and keeps them in Skip and ReExecute.
func (pl *ReplayPlan) keepRows() {
	pl.Skip = make([]Row, 0, pl.nSkip)
	pl.ReExecute = make([]Row, 0, pl.nReExec)
	// A check's evidence often repeats ("quality-gate round: …"): a
	// joined reason is made once.
	why := map[[2]string]string{}
	join := func(r *Row) {
		if r.whyPre == "" {
			return
		}
		k := [2]string{r.whyPre, r.Why}
		w, ok := why[k]
		if !ok {
			w = r.whyPre + r.Why
			if len(why) < 64 {
				why[k] = w
			}
		}
		r.Why, r.whyPre = w, ""
	}
	// A lean manifest's summaries are read again (and kept: they are
	// the reader's only until its next line).
	own := func(r *Row) {}
	if pl.m.lean {
		pl.lines = newLineReader(pl.m, pl.text())
		defer func() { pl.lines.close(); pl.lines = nil }()
		own = func(r *Row) { r.Summary = strings.Clone(r.Summary) }
	}
	pl.eachRow(true, func(r *Row) error { join(r); own(r); pl.Skip = append(pl.Skip, *r); return nil })
	pl.eachRow(false, func(r *Row) error { join(r); own(r); pl.ReExecute = append(pl.ReExecute, *r); return nil })
	pl.lean = false
}

// eachRow makes the rows of one table in order, the skip table (skip)
// or the re-execute one, from the manifest, and gives each to f, which
// must not keep it; an error from f stops it. The same rows, row for
// row, whether they are kept (keepRows) or written as they are made
// (WriteJSON for a lean plan).
func (pl *ReplayPlan) eachRow(skip bool, f func(*Row) error) error {
	m := pl.m
	lo, hi := 0, min(pl.point, len(pl.phases))
	if !skip {
		lo, hi = hi, len(pl.phases)
	}
	// The checks were made in the order the skip rows are (phase by
	// phase, dispatch by dispatch), for the dispatches before the point
	// as it was before any fallback: a row's check is at the cursor.
	next, nChecks := 0, pl.checkCount()
	if m.lean && pl.lines == nil {
		return errors.New("crucible: plan rows: a lean manifest's lines are not open")
	}
	var r Row // one row, made again for each dispatch: f does not keep it
	for i := lo; i < hi; i++ {
		for _, e := range pl.phases[i].Dispatches {
			r = Row{Seq: e.Seq, Role: e.Role(), Phase: e.EPhase(), Task: e.Task(), Status: e.Status(), Summary: e.Summary(), Template: e.Template()}
			if m.lean {
				s, err := pl.lines.summary(e)
				if err != nil {
					return err
				}
				r.Summary = s
			}
			if skip {
				at, checked := -1, true
				if next < nChecks && pl.checkSeq(next) == e.Seq {
					at, checked = next, pl.checkChecked(next)
					next++
				}
				t := pl.text()
				why := func(before string) (string, string) {
					if at < 0 {
						return before, ""
					}
					return pl.checkWhy(at, before)
				}
				switch {
				case e.SupersededBy() != 0:
					r.Why = t.RowReplayed.F(e.SupersededBy(), t.statusWord(e.Final(m)))
				case e.Status() == StatusSkipped:
					r.Why = t.RowSkipped
				case e.Status() == StatusReplayed:
					r.Why = t.RowRecorded
				case !checked:
					r.whyPre, r.Why = why(t.NotVerified)
				default:
					r.whyPre, r.Why = why(t.Verified)
				}
			} else {
				if repl, ok := pl.mut[templateKey(r.Template)]; ok && r.Template != "" {
					r.Mutation = r.Template + " -> " + repl
					r.Template = r.Mutation
				}
				r.Why = pl.reexecWhy(e, i == pl.point, r.Summary)
			}
			if err := f(&r); err != nil {
				return err
			}
		}
	}
	return nil
}

// SkipCount and ReExecuteCount are the number of rows in each table,
// kept or not.
func (pl *ReplayPlan) SkipCount() int {
	if pl.lean {
		return pl.nSkip
	}
	return len(pl.Skip)
}

// ReExecuteCount: see SkipCount.
func (pl *ReplayPlan) ReExecuteCount() int {
	if pl.lean {
		return pl.nReExec
	}
	return len(pl.ReExecute)
}

// reexecWhy is a re-executed row's reason; summary is e's.
func (pl *ReplayPlan) reexecWhy(e *Entry, atPoint bool, summary string) string {
	m, t := pl.m, pl.text()
	var why string
	final := e.Final(m)
	switch {
	case e.SupersededBy() != 0:
		why = t.ReReplayed.F(e.SupersededBy(), t.statusWord(final))
	case e.Status() == StatusDispatched:
		why = t.ReInFlight
	case e.Status() == StatusFailed || e.Status() == StatusError:
		why = t.reEnded(e.Status(), oneLine(summary))
	case !knownStatus[e.Status()]:
		why = t.ReUnknown.F(strconv.Quote(e.Status()))
	case pl.failed[e.Seq] != "":
		why = t.ReNotVerified.F(e.Status(), pl.failed[e.Seq])
	case atPoint:
		why = t.ReAtPoint.F(e.Status())
	default:
		why = t.ReAfter.F(e.Status())
	}
	if e.HasReplayOf() {
		why = t.ReReplayOf.F(e.ReplayOf(), why)
	}
	if n := pl.partial[e.Seq]; n > 0 {
		why += t.rePartial(n, pl.Resume.Restore != nil)
	}
	return why
}

func (pl *ReplayPlan) crashedAt(m *Manifest, phases []*Phase) {
	for i := len(m.Seqs) - 1; i >= 0; i-- {
		e := m.BySeq(m.Seqs[i])
		if f := e.Final(m); !Finished(f) && e.SupersededBy() == 0 {
			pl.Crashed.Phase = e.EPhase()
			t := pl.text()
			pl.Crashed.Context = t.crashContext(e.Seq, t.roleOr(e.Role()), t.templateOr(e), e.Task(), t.crashWhat(f))
			return
		}
	}
	for i := len(phases) - 1; i >= 0; i-- {
		if phases[i].Implied != "" {
			pl.Crashed.Phase = phases[i].Key
			pl.Crashed.Context = pl.text().CrashImplied.F(phases[i].Implied)
			return
		}
	}
	if n := len(m.Seqs); n > 0 {
		e := m.BySeq(m.Seqs[n-1])
		pl.Crashed.Phase = e.EPhase()
		pl.Crashed.Context = pl.text().CrashAfter.F(e.Seq)
	}
}

// firstTime is when the original run's first entry was dispatched, else
// the marker's start time.
func (pl *ReplayPlan) firstTime(in planInput) (time.Time, bool) {
	m := in.manifest
	for _, s := range m.Seqs {
		e := m.BySeq(s)
		if e.ReplaySession() != "" {
			continue
		}
		if t, _, ok := in.ev.startOf(e); ok {
			return t, true
		}
		break
	}
	return in.marker.Start()
}

// noticeGaps warns where the manifest may under-report work (#521).
func (pl *ReplayPlan) noticeGaps(in planInput, phases []*Phase) {
	t := pl.text()
	if in.hasMarker && pl.Resume.End {
		pl.Warnings = append(pl.Warnings, t.EndWithMarker)
	}
	for _, f := range pl.Fallbacks {
		pl.Warnings = append(pl.Warnings, t.MovedBackWarn.F(f.From, f.To, f.Reason))
	}
	if pl.Resume.Restore == nil && pl.Resume.NoRestore != "" && !pl.Resume.End && !in.opts.NoRestore && !(pl.point == 0 && len(pl.Fallbacks) == 0) {
		pl.Warnings = append(pl.Warnings, t.NoRestoreWarn.F(pl.Resume.NoRestore))
	}
	if !pl.Resume.Verified {
		pl.Warnings = append(pl.Warnings, t.NoVerified)
	}
}

// maxUncheckedNamed caps the dispatches the cannot-check warning names.
const maxUncheckedNamed = 3

// noteUnchecked records the checks before the resume point that could
// not look for their evidence: counted, and named in a warning. They do
// not move the point (the seed's fallback is for evidence looked for and
// not found).
func (pl *ReplayPlan) noteUnchecked(cs []Check, point int) {
	var named []string
	t := pl.text()
	for _, c := range cs {
		if idx, _ := phaseIndex(pl.phases, c.Phase); idx >= point {
			continue // re-executed anyway
		}
		pl.Resume.Unchecked++
		if len(named) < maxUncheckedNamed {
			named = append(named, fmt.Sprintf("seq %d (%s): %s", c.Seq, t.roleOr(c.Role), c.Evidence))
		}
	}
	if n := pl.Resume.Unchecked; n > 0 {
		pl.Warnings = append(pl.Warnings, t.unchecked(n, strings.Join(named, "; "), n-len(named)))
	}
}
