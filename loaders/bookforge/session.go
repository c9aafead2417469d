package bookforge

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/loaders"
	"github.com/pickup-dev/pickup/model"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// ReasonArchived disables every writing choice on a reset archive.
const ReasonArchived = "this is a reset archive (history under workspace/archives/): it is never resumed or changed"

// lintEnv is BOOKFORGE_LINT_MODE as pickup sees it.
func lintEnv() string { return os.Getenv(LintModeEnv) }

// session maps a book and its plan onto a Session.
func (l Loader) session(b *book, path string) *model.Session {
	fl := l.flags()
	if fl.RerunFrom != "" {
		if p, ok := normPhase(fl.RerunFrom); ok {
			fl.RerunFrom = p
		} else {
			b.Warnings = append(b.Warnings, fmt.Sprintf("--rerun-from %q is not a pipeline phase (%s): ignored", fl.RerunFrom, strings.Join(Phases, ", ")))
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
	plan.Command = runCommand(b, !(fl.RerunAll && plan.ResumeIndex >= 0))

	s := &model.Session{
		Source:      SourceName,
		ID:          loaders.SessionID(SourceName, b.Project, b.Dir),
		Path:        path,
		Project:     b.Project,
		Title:       "book " + b.ID,
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
		s.Title = b.Title + " (book " + b.ID + ")"
	}
	if b.Archived {
		s.Title += " — reset archive " + archiveName(b)
	}
	now := l.now()
	live := plan.live()
	var rs *ScenePlan
	if plan.ResumeIndex >= 0 {
		rs = &plan.Scenes[plan.ResumeIndex]
	}

	// Alerts (they bear on the choice): a write of pickup's cut short
	// leads, then the quota wait, then a stale marker. Then the warning
	// of how the resume scene was found.
	if b.CutShort != nil && !b.Archived {
		s.Alert(model.AlertCutShort, b.CutShort.warning())
	}
	wait := live.Wait(now)
	if b.Archived {
		wait = 0
	}
	waitWarning := ""
	if wait > 0 {
		waitWarning = fmt.Sprintf("quota pause: retrying is safe from %s; CONTINUE now will likely hit the quota again: wait %s",
			clock(*live.RetryAt), waitText(wait))
		s.Alert(model.AlertOther, waitWarning)
	}
	if pz := plan.Pause; pz != nil && pz.Stale != "" && b.CutShort == nil && !b.Archived {
		s.Alert(model.AlertStale, fmt.Sprintf("%s is stale (%s, created %s): %s; it is not why the last run stopped, and bookforge removes it only in `bookforge book reset`",
			PauseFile, pz.Cause(), or(pz.RawCreated, "at an unknown time"), pz.Stale))
	}
	if b.State == nil && !b.Archived && len(plan.Scenes) > 0 {
		why := "no " + StateFile + " in " + plan.BookDir
		if b.HasState {
			why = StateFile + " cannot be read"
		}
		s.Warnings = append(s.Warnings, why+": the resume scene is taken from the ledgers (the first scene not complete); bookforge itself starts at state.json's cursor and cannot run without it")
	}
	s.Warnings = append(s.Warnings, b.Warnings...)
	s.Warnings = append(s.Warnings, plan.Notes...)

	// Timing and the crash rule: a live pause marker, a finished step or
	// a complete book is a clean stop; a scene left half done without a
	// marker is not.
	s.LastUpdated, s.HasLastUpdated = b.Newest, b.HasNewest
	if live != nil && live.HasCreated && (!s.HasLastUpdated || live.CreatedAt.After(s.LastUpdated)) {
		s.LastUpdated, s.HasLastUpdated = live.CreatedAt, true
	}
	ready := b.State != nil && rs != nil && rs.Ledger == "" && !rs.Ahead && live == nil
	switch {
	case b.Archived:
		s.LastAction = &model.LastAction{Type: "RESET_ARCHIVE", Clean: true}
	case live != nil:
		s.LastAction = &model.LastAction{Type: "PAUSE", Clean: true}
	case plan.Complete && b.State != nil:
		s.LastAction = &model.LastAction{Type: "BOOK_COMPLETE", Clean: true}
		s.Headline = "The book is complete: state.json says COMPLETE."
		s.Standing = model.StandingDone
	case ready:
		s.LastAction = &model.LastAction{Type: "STEP_COMPLETED", Clean: true}
		s.Headline = fmt.Sprintf("The book is ready for the next step, %s.", rs.ID)
		s.Standing = model.StandingReady
	case b.State == nil && firstPending(withoutFlags(b)) < 0:
		s.LastAction = &model.LastAction{Type: "SCENE_COMPLETED", Clean: true}
	case b.Latest != "":
		s.LastAction = &model.LastAction{Type: b.Latest + " success", Clean: false}
		s.Headline = fmt.Sprintf("The last run stopped after %s, without a pause marker.", b.Latest)
		s.Standing = model.StandingInterrupted
	}

	// The resume scene's phases (a phase it does not need is left out).
	s.Phases = []model.Phase{}
	if rs != nil {
		for i, c := range rs.Cells {
			ph := model.Phase{Name: phaseLabel(c.Phase), Result: string(c.Verdict), Detail: c.Reason}
			switch {
			case c.Verdict == None:
				continue
			case i == rs.Start && c.Verdict == Skip:
				ph.Status, ph.Label = model.PhaseInProgress, "apply again"
			case c.Verdict.settled():
				ph.Status, ph.Label = model.PhaseCompleted, "skip"
			case c.Verdict == Blocked:
				ph.Status, ph.Label = model.PhaseFailed, "blocked"
			case i == rs.Start:
				ph.Status, ph.Label = model.PhaseInProgress, "rerun"
			case c.Verdict == Maybe:
				ph.Status, ph.Label = model.PhasePending, "if lint fails"
			default:
				ph.Status, ph.Label = model.PhasePending, "rerun"
			}
			s.Phases = append(s.Phases, ph)
		}
	}
	s.Progress = model.Progress{Done: s.PhasesDone(), Total: len(s.Phases)}
	done := plan.Committed
	if b.State == nil {
		done = 0
		for _, sp := range plan.Scenes {
			if sp.Done() {
				done++
			}
		}
	}
	s.Units, s.UnitsLabel = &model.Progress{Done: done, Total: len(plan.Scenes)}, "scenes"

	switch {
	case plan.Complete:
		s.ResumePoint = model.ResumePoint{Reason: plan.Resume.Reason}
		s.Status = "complete"
	case ready:
		s.ResumePoint = model.ResumePoint{Phase: plan.Resume.Phase, Reason: plan.Resume.Reason}
		s.Stage = plan.Resume.Scene
		s.Status = "ready for the next step: " + plan.Resume.Scene
	default:
		s.ResumePoint = model.ResumePoint{Phase: plan.Resume.Phase, Reason: plan.Resume.Reason}
		s.Stage = plan.Resume.Scene
		s.Status = "resume at " + phaseLabel(plan.Resume.Phase)
	}
	if live != nil {
		s.Status = "paused: " + live.Cause()
	}

	// Facts, a live pause first.
	s.Fields = append(s.Fields, model.Field{Key: "book", Label: "Book", Value: b.ID + " (" + plan.BookDir + ")"})
	if live != nil {
		v := live.Cause()
		if live.Kind == "quota" && live.RetryAt != nil {
			if wait > 0 {
				v += fmt.Sprintf("; retry at %s, in %s", clock(*live.RetryAt), waitText(wait))
			} else {
				v += "; safe to retry since " + clock(*live.RetryAt)
			}
		}
		if live.Kind == "reason" && live.Message != "" {
			v += ": " + live.Message
		}
		s.Fields = append(s.Fields, model.Field{Key: "paused", Label: "Paused", Value: v})
		if live.HasScene {
			s.Fields = append(s.Fields, model.Field{Key: "paused_at", Label: "Paused at", Value: fmt.Sprintf("chapter %d, scene %d, phase %s", live.Chapter, live.Scene, or(live.Phase, "?"))})
		}
	}
	if st := b.State; st != nil {
		v := fmt.Sprintf("%s (chapter %d, scene %d), status %s, from %s", st.SceneID(), st.Chapter, st.Scene, or(st.Status, "(none)"), StateFile)
		if st.Defaulted {
			v = fmt.Sprintf("%s (a fresh cursor: the first scene), status %s, from %s", st.SceneID(), or(st.Status, "(none)"), StateFile)
		}
		s.Fields = append(s.Fields, model.Field{Key: "cursor", Label: "Cursor", Value: v})
	}
	if rs != nil {
		s.Fields = append(s.Fields, model.Field{Key: "scene", Label: "Scene", Value: fmt.Sprintf("%s (chapter %d, scene %d)", rs.ID, rs.Chapter, rs.Scene)})
		s.Fields = append(s.Fields, model.Field{Key: "phase", Label: "Phase", Value: phaseLabel(plan.Resume.Phase)})
	}
	if args := fl.Args(); len(args) > 0 {
		s.Fields = append(s.Fields, model.Field{Key: "flags", Label: "Flags", Value: strings.Join(args, " ") + " (pickup's own; the bookforge command never carries them)"})
	}
	if len(plan.Blocks) > 0 && !b.Archived {
		bl := plan.Blocks[0]
		v := fmt.Sprintf("%s %s: %s", bl.Scene, phaseLabel(bl.Phase), bl.Text)
		if len(plan.Blocks) > 1 {
			v += fmt.Sprintf(" (and %d more; see the plan)", len(plan.Blocks)-1)
		}
		s.Fields = append(s.Fields, model.Field{Key: "blocked", Label: "Blocked", Value: v})
		s.Problem = integrityProblem(b, plan.Blocks)
	}

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
		"restart_command": runCommand(b, false),
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
	s.Context = ctx

	s.Policy, s.Outcomes = policies(b, &plan, rs, ready, skipped, wait)
	s.Moves = map[model.Choice][]string{model.Discard: b.moves()}
	if b.Archived {
		for _, c := range []model.Choice{model.Continue, model.Restart, model.Discard} {
			s.Policy[c] = model.ChoicePolicy{Disabled: ReasonArchived}
		}
	}

	// The dashboard: the grid, the pause, then every verdict's reason.
	title := gridTitle
	if l.opts.Plain {
		title = gridTitlePlain
	}
	s.Sections = append(s.Sections, model.Section{Title: title, Lines: gridLines(&plan, l.opts.Plain)})
	// The same grid, cell by cell, for a screen that selects a cell and
	// shows its reason (it then leaves out the text grid and "Why").
	s.Grid = gridOf(&plan, l.opts.Plain)
	if pz := plan.Pause; pz != nil {
		t := "Pause (" + PauseFile + ")"
		if pz.Stale != "" {
			t = "Stale pause marker (" + PauseFile + ")"
		}
		s.Sections = append(s.Sections, model.Section{Title: t, Lines: pz.Lines(now)})
	}
	s.Sections = append(s.Sections,
		model.Section{Title: whyTitle, Lines: reasonLines(&plan)},
		model.Section{Title: "CONTINUE writes", Lines: writeLines(&plan)},
	)
	s.Plan = &model.Plan{Lines: planLines(&plan, now), Data: &plan}
	s.Prompt = prompt(b, &plan, s, loads, now)
	// The artifact list: every file the ledgers name, with the hashes
	// they record (the prompt above lists only what the resume loads).
	s.Artifacts = bookArtifacts(b)
	return s
}

// policies are the choices' words: what each does to this book, with
// the bookforge command it leaves the person with.
func policies(b *book, plan *Plan, rs *ScenePlan, ready bool, skipped []string, wait time.Duration) (map[model.Choice]model.ChoicePolicy, map[model.Choice]string) {
	// Not recommended while the quota asks to wait (the alert says so).
	cont := model.ChoicePolicy{Recommended: !b.Archived && len(plan.Blocks) == 0 && wait <= 0, Writes: len(plan.Writes) > 0,
		Why: "no scene waits for a person's decision"}
	switch {
	case plan.Complete && b.State != nil:
		cont = model.ChoicePolicy{Disabled: "state.json says the book is COMPLETE: there is nothing to resume"}
	case plan.Complete:
		cont.Hint = "every recorded scene is done: run the next scene"
	case ready:
		cont.Hint = fmt.Sprintf("start %s, the next step: %s", plan.Resume.Scene, plan.Command)
	case plan.Pause != nil && plan.Pause.Stale == "" && rs.Cells[rs.Start].Verdict == Skip:
		cont.Hint = fmt.Sprintf("resume %s at %s, which applies its recorded output again", plan.Resume.Scene, phaseLabel(plan.Resume.Phase))
	case len(skipped) == 0:
		cont.Hint = fmt.Sprintf("resume %s from its first phase, %s", plan.Resume.Scene, phaseLabel(plan.Resume.Phase))
	default:
		cont.Hint = fmt.Sprintf("resume %s at %s, skipping %s already done", plan.Resume.Scene, phaseLabel(plan.Resume.Phase), i18n.Count(len(skipped), "phase", "phases"))
	}
	if wait > 0 {
		cont.Hint += fmt.Sprintf(" (the quota pause asks to wait %s)", waitText(wait))
	}
	var writes []string
	for _, w := range plan.Writes {
		switch w.Kind {
		case "prompt_update":
			writes = append(writes, "records the prompt change on "+w.Scene+" "+phaseLabel(w.Phases[0]))
		case "rerun_archive":
			writes = append(writes, fmt.Sprintf("moves %s of %s to an archive", i18n.Count(len(w.Phases), "ledger entry", "ledger entries"), w.Scene))
		case "force_audit":
			writes = append(writes, "writes a --force-resume audit note")
		}
	}
	if len(writes) > 0 {
		cont.Hint += "; " + strings.Join(writes, ", ")
		cont.Confirm = "Before bookforge runs, CONTINUE " + strings.Join(writes, ", ") + " (nothing is deleted). Go ahead?"
	}

	reset := resetCommand(b)
	what := "the ledgers"
	if b.HasPause && b.HasHistory {
		what = "the ledgers and the pause marker"
	} else if b.HasPause {
		what = "the pause marker"
	}
	restart := model.ChoicePolicy{}
	outcomes := map[model.Choice]string{
		model.Discard: fmt.Sprintf("Archived %s of book %s. bookforge's own fresh start is `%s` (pickup does not run bookforge)", what, b.ID, reset),
	}
	switch moves := restartMoves(b, plan); {
	case b.CutShort != nil && b.CutShort.Choice == "RESTART":
		restart.Hint = "finish the RESTART cut short at " + clock(b.CutShort.At) + ": archive the pause marker"
		outcomes[model.Restart] = fmt.Sprintf("Finished the RESTART of book %s cut short at %s: archived the pause marker; the scene it restarted reruns from its first phase: %s", b.ID, clock(b.CutShort.At), runCommand(b, false))
	case rs == nil:
		restart.Disabled = "no scene to restart: every recorded scene is committed (" + reset + " starts the book over)"
	case len(moves) == 0:
		restart.Disabled = fmt.Sprintf("nothing to restart: %s has no ledger and there is no pause marker; the next run starts it from its first phase anyway", rs.ID)
	default:
		restart.Hint = fmt.Sprintf("archive %s, then rerun %s from its first phase", strings.Join(moves, " and "), rs.ID)
		outcomes[model.Restart] = fmt.Sprintf("Archived %s of book %s; %s reruns from its first phase: %s", strings.Join(moves, " and "), b.ID, rs.ID, runCommand(b, false))
	}
	return map[model.Choice]model.ChoicePolicy{
		model.Continue: cont,
		model.Review:   {Hint: "the scene x phase grid, with the reason for every verdict"},
		model.Restart:  restart,
		model.Discard:  {Hint: "archive " + what + "; bookforge's fresh start is `" + reset + "`"},
	}, outcomes
}

// restartMoves names what RESTART archives: the resume scene's ledger,
// then the pause marker.
func restartMoves(b *book, plan *Plan) []string {
	if plan.ResumeIndex < 0 {
		return nil
	}
	var out []string
	if plan.Scenes[plan.ResumeIndex].Ledger != "" {
		out = append(out, "the ledger of "+plan.Scenes[plan.ResumeIndex].ID)
	}
	if b.HasPause {
		out = append(out, "the pause marker")
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
func integrityProblem(b *book, blocks []Block) *model.LoadError {
	bl := blocks[0]
	abs := bl.Abs
	if abs == "" {
		abs = b.History
	}
	var m strings.Builder
	switch bl.Kind {
	case "template_changed":
		fmt.Fprintf(&m, "bookforge: the prompt template of %s %s changed since its output was made.\n", bl.Scene, phaseLabel(bl.Phase))
		fmt.Fprintf(&m, "  file:     %s\n  recorded: %s\n  now:      %s\n", bl.File, or(bl.Old, "(none)"), or(bl.New, "(none)"))
		if len(bl.Set) > 1 {
			fmt.Fprintf(&m, "  (prompt_hash covers the template set %s; any of them may have changed)\n", strings.Join(bl.Set, " + "))
		}
	case "template_missing":
		fmt.Fprintf(&m, "bookforge: a prompt template of %s %s is missing.\n", bl.Scene, phaseLabel(bl.Phase))
		fmt.Fprintf(&m, "  file:     %s\n  recorded: %s\n  now:      (missing)\n", bl.File, or(bl.Old, "(no hash recorded)"))
	case "pre_state_changed", "pre_state_missing":
		fmt.Fprintf(&m, "bookforge: the state %s %s started from has changed (pre_state_hash).\n", bl.Scene, phaseLabel(bl.Phase))
		fmt.Fprintf(&m, "  file:     %s\n  recorded: %s\n  now:      %s\n", or(bl.File, "(no pre_state_path)"), or(bl.Old, "(none)"), or(bl.New, "(missing)"))
	default:
		fmt.Fprintf(&m, "bookforge: an output of %s %s was edited after it was recorded.\n", bl.Scene, phaseLabel(bl.Phase))
		fmt.Fprintf(&m, "  file:     %s\n  recorded: %s\n  now:      %s\n", bl.File, or(bl.Old, "(none)"), or(bl.New, "(missing)"))
	}
	if bl.Flag == "--resume-allow-prompt-change" {
		fmt.Fprintf(&m, "Resume will not reuse outputs made with another prompt. To accept the change, run again with\n"+
			"  --resume-allow-prompt-change --reason \"why the prompt changed\"\n"+
			"(the change is recorded on the ledger entry), or rerun from this phase with --rerun-from %s.", bl.Phase)
	} else {
		fmt.Fprintf(&m, "Resume will not build on it unchecked. To accept it, run again with --force-resume\n"+
			"(an audit note is written in %s), or rerun from this phase with --rerun-from %s.", HistoryDir, bl.Phase)
	}
	if len(blocks) > 1 {
		fmt.Fprintf(&m, "\n%d other mismatch(es): `pickup plan` lists them.", len(blocks)-1)
	}
	return &model.LoadError{Kind: model.ErrIntegrity, Path: abs, Detail: fmt.Sprintf("%s %s: %s", bl.Scene, phaseLabel(bl.Phase), bl.Text), Message: m.String()}
}

// prompt is the markdown `--emit prompt` prints for the agent.
func prompt(b *book, p *Plan, s *model.Session, loads []model.Artifact, now time.Time) string {
	var m strings.Builder
	fmt.Fprintf(&m, "# Resume bookforge book %s\n\n", b.ID)
	if p.Complete {
		fmt.Fprintf(&m, "%s.\n\n", upper(p.Resume.Reason))
	} else {
		fmt.Fprintf(&m, "Resume scene **%s** at phase **%s**: %s.\n\n", p.Resume.Scene, phaseLabel(p.Resume.Phase), p.Resume.Reason)
	}
	for _, a := range s.Alerts {
		if strings.HasPrefix(a.Text, "quota pause:") {
			fmt.Fprintf(&m, "> **Wait first:** %s.\n\n", a.Text)
		}
	}
	fmt.Fprintf(&m, "Run:\n\n```sh\n%s\n```\n\n", p.Command)
	if len(p.Writes) > 0 {
		m.WriteString("Before it, pickup's CONTINUE makes these writes (with --yes):\n\n")
		for _, w := range p.Writes {
			fmt.Fprintf(&m, "- %s\n", w.Text)
		}
		m.WriteString("\n")
	}
	if p.Pause != nil {
		title := "## Why the last run stopped"
		if p.Pause.Stale != "" {
			title = "## A stale pause marker (not why the last run stopped)"
		}
		m.WriteString(title + "\n\n")
		for _, l := range p.Pause.Lines(now) {
			fmt.Fprintf(&m, "- %s\n", l)
		}
		m.WriteString("\n")
	}
	if p.ResumeIndex >= 0 {
		sp := p.Scenes[p.ResumeIndex]
		fmt.Fprintf(&m, "## %s, phase by phase\n\n", sp.ID)
		for _, c := range sp.Cells {
			fmt.Fprintf(&m, "- %s: **%s**: %s\n", phaseLabel(c.Phase), c.Verdict, c.Reason)
		}
		m.WriteString("\n")
	}
	if len(loads) > 0 {
		m.WriteString("## Outputs to load into the next phase\n\n")
		for _, a := range loads {
			fmt.Fprintf(&m, "- %s %s: `%s`\n", a.Phase, a.Kind, a.Path)
		}
		m.WriteString("\n")
	}
	fmt.Fprintf(&m, "Ledger folder: `%s` (book `%s`).\n", HistoryDir, p.BookDir)
	return m.String()
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
