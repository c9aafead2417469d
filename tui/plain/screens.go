package plain

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// Each screen is a list of lines, in the order the full-screen wizard
// shows them, with words where it draws marks. A line break a source
// put in a text prints as a space (asker.line); texts meant to be
// several lines are split here.

// header is a session screen's first line: the project and the source.
func header(c *msg.Catalog, project string, s *model.Session) []string {
	src := ""
	if s != nil {
		src = s.Source
	}
	return []string{c.Plain.Header(project, src)}
}

// sessionLines is one session of the list: its number, source, title,
// where it stands and when it was last updated, then what it is at.
func sessionLines(c *msg.Catalog, n int, s *model.Session, cfg Config) []string {
	name := s.Title
	if name == "" {
		name = s.Path
	}
	parts := []string{s.Source, name}
	if cfg.Load != nil {
		st := cfg.Load(s)
		if w := c.Plain.Standing[model.StandingOf(st.Session, st.Crash)]; w != "" {
			parts = append(parts, w)
		}
	}
	if s.HasLastUpdated {
		parts = append(parts, c.Picker.Updated.F(c.Elapsed(int(cfg.Now.Sub(s.LastUpdated).Minutes()))))
	}
	out := []string{strconv.Itoa(n) + ". " + strings.Join(parts, ", ")}
	if d := details(c, s); d != "" {
		out = append(out, "   "+d)
	}
	return out
}

// details is a session's stage, phase, progress and branch.
func details(c *msg.Catalog, s *model.Session) string {
	var parts []string
	add := func(v string) {
		v = strings.TrimSpace(v)
		if v != "" && !slices.Contains(parts, v) {
			parts = append(parts, v)
		}
	}
	add(s.Stage)
	if p := s.CurrentPhase(); p != "" && p != s.Stage {
		add(c.Browser.Phase(c.Phase(p)))
	}
	for _, p := range c.ProgressParts(s) {
		add(p)
	}
	if s.Branch != "" {
		add(c.Picker.Branch.F(s.Branch))
	}
	return strings.Join(parts, ", ")
}

// optionsLines is the OPTIONS node: the greeting or crash notice, the
// facts, any problem, what bears on the choice (alerts, then the
// source's warnings), the question and the numbered options with the
// recommended mark, each tradeoff and why an option is off.
func optionsLines(c *msg.Catalog, st model.State) []string {
	s := st.Session
	p := c.Plain
	var out []string
	said := map[string]bool{}
	if st.Screen == model.ScreenCorrupted {
		out = append(out, p.Problem.F(c.CorruptedTitle))
		if s != nil {
			out = append(out, c.FileLabel+": "+s.Path)
			if s.Problem != nil {
				out = append(out, c.ProblemLabel+": "+s.Problem.Text())
			}
		}
		out = append(out, c.OnlyDiscard)
		said[model.ReasonCorruptedOnly] = true
	} else {
		if st.Crash.Detected {
			out = append(out, p.Warning.F(c.Crashed))
			if s != nil && s.HasLastUpdated {
				out = append(out, c.LastUpdate.F(c.Elapsed(st.Crash.MinutesSinceUpdate)))
			}
		} else {
			out = append(out, c.Greeting(s, st.Crash))
		}
		for _, f := range c.Facts(s) {
			out = append(out, f[0]+": "+f[1])
		}
		out = append(out, conversationLines(c, st.Conversation)...)
		if pr := strings.Join(c.ProgressParts(s), ", "); pr != "" {
			out = append(out, pr)
		}
		if s != nil && s.ResumePoint.Phase != "" {
			out = append(out, c.ResumeAt(c.Phase(s.ResumePoint.Phase), s.ResumePoint.Reason))
		}
		if s != nil && s.Problem != nil && s.Problem.Kind == model.ErrPhaseNotFound {
			out = append(out, p.Problem.F(c.PhaseNotFound.F(s.Problem.Detail)), c.SuggestRestart)
		}
	}
	for _, al := range st.Alerts() {
		out = append(out, p.Warning.F(c.AlertLine(al)))
	}
	if s != nil {
		for _, w := range s.Warnings {
			out = append(out, p.Warning.F(w))
		}
	}
	if st.Screen != model.ScreenCorrupted {
		if st.Crash.Detected {
			out = append(out, c.DataSafe)
		} else {
			out = append(out, c.Prompt)
		}
	}
	for i, o := range model.Visible(st.Options) {
		l := "  " + strconv.Itoa(i+1) + ". " + c.ChoiceLine(s, o.Choice)
		if o.Recommended && o.Enabled {
			l += " " + c.Recommends
		}
		out = append(out, l)
		if t := c.Tradeoff(s, o.Choice); o.Enabled && t != "" && (s == nil || s.Policy[o.Choice].Label == "") {
			out = append(out, "     "+t)
		}
		if !o.Enabled && o.Reason != "" && !said[o.Reason] {
			said[o.Reason] = true
			out = append(out, "     "+c.Unavailable.F(c.Reason(o.Reason)))
		}
	}
	return out
}

// reviewLines is REVIEW: the facts, each phase with its status, the
// counts, the branch, the resume point, the handoff, the source's
// sections and its warnings.
func reviewLines(c *msg.Catalog, s *model.Session) []string {
	out := []string{c.ReviewTitle}
	if s == nil {
		return out
	}
	for _, f := range c.Facts(s) {
		if f[0] != c.PhaseLabel {
			out = append(out, f[0]+": "+f[1])
		}
	}
	if len(s.Phases) == 0 {
		out = append(out, c.NoPhases)
	}
	for _, ph := range s.Phases {
		status := c.Plain.PhaseStatus[ph.Status]
		if status == "" {
			status = string(ph.Status)
		}
		l := "  " + c.Plain.Phase.F(c.Phase(ph.Name), status)
		for _, more := range []string{ph.Executor, ph.Duration, ph.Result} {
			if more != "" {
				l += ", " + more
			}
		}
		out = append(out, l)
	}
	if pr := strings.Join(c.ProgressParts(s), ", "); pr != "" {
		out = append(out, pr)
	}
	if s.Branch != "" {
		out = append(out, c.BranchLabel+": "+s.Branch)
	}
	if rp := s.ResumePoint; rp.Phase != "" {
		out = append(out, c.ResumeAt(rp.Phase, rp.Reason))
	}
	if note := s.Handoff.Note; note != "" {
		out = append(out, c.HandoffLabel+": "+note)
	}
	if ctx := strings.TrimSpace(s.Handoff.Context); ctx != "" {
		for _, l := range strings.Split(ctx, "\n") {
			out = append(out, "  "+strings.TrimSpace(l))
		}
	}
	for _, sec := range s.Sections {
		out = append(out, sec.Title)
		for _, l := range sec.Lines {
			out = append(out, "  "+l)
		}
	}
	if len(s.Warnings) > 0 {
		out = append(out, c.WarningsHead+":")
		for _, w := range s.Warnings {
			out = append(out, "  "+c.Plain.Warning.F(w))
		}
	}
	return out
}

// vetoLines is VETO-2's block message: the files by class, what was not
// counted, the risk and the commands that clear the way; or git's
// refusal to look, and the flag past it.
func vetoLines(c *msg.Catalog, v *model.Veto) []string {
	if v == nil {
		v = &model.Veto{}
	}
	if v.FailsClosed() {
		title, suggestion := c.FailClosed(v)
		out := []string{c.Plain.Warning.F(title), v.Reason}
		if len(v.Files) > 0 {
			out = append(append(out, c.VetoFiles.N(len(v.Files))), c.VetoLines(v)...)
		}
		return append(out, suggestion)
	}
	out := []string{c.Plain.Warning.F(c.VetoTitle), c.VetoFiles.N(len(v.Files))}
	out = append(out, c.VetoLines(v)...)
	out = append(out, c.VetoRisk)
	if len(v.Advice) == 0 {
		out = append(out, c.VetoSuggestion)
	}
	return out
}

// confirmLines is a confirmation: the source's own question, or
// DISCARD's (what is archived, where, and that nothing is deleted). It
// returns the y/N question apart, for the asking.
func confirmLines(c *msg.Catalog, st model.State) (string, []string) {
	if q := st.Question(); q != "" {
		out := []string{c.Plain.Warning.F(c.ConfirmTitle(st.Pending))}
		out = append(out, strings.Split(q, "\n")...)
		if also := st.MovesUnnamed(); len(also) > 0 {
			out = append(out, c.DiscardAlso)
			for _, mv := range also {
				out = append(out, "  "+mv)
			}
		}
		return c.ConfirmYN, out
	}
	out := []string{c.Plain.Warning.F(c.DiscardTitle)}
	moves := st.Moves()
	if len(moves) > 0 {
		out = append(out, c.DiscardMoves)
		for _, mv := range moves {
			out = append(out, "  "+mv)
		}
	} else if s := st.Session; s != nil && s.Path != "" {
		out = append(out, c.DiscardWhat, "  "+s.Path, c.DiscardRename.F(filepath.Base(s.Path)+".discarded.<timestamp>"))
	}
	if len(moves) > 1 {
		out = append(out, c.DiscardRestoreAll)
	} else {
		out = append(out, c.DiscardRestore)
	}
	return c.DiscardQuestion, out
}

// failedLines is a write the loader refused or could not make.
func failedLines(c *msg.Catalog, st model.State) []string {
	out := []string{c.Plain.Problem.F(c.FailedTitle)}
	if st.Failure != "" {
		out = append(out, st.Failure)
	}
	if !strings.Contains(strings.ToLower(st.Failure), "nothing was") {
		out = append(out, c.NothingWritten)
	}
	return out
}

// conversationLines name the agent conversation behind the session and
// the command back into it, whole on one line (nothing when none).
func conversationLines(c *msg.Catalog, cv *model.Conversation) []string {
	if cv == nil {
		return nil
	}
	id := cv.ID
	if len(id) > 8 {
		id = id[:8]
	}
	at := cv.Last.UTC().Format("2006-01-02 15:04 UTC")
	out := []string{c.ConversationLabel + ": " + c.ConversationValue(cv.Agent, id, cv.Title, at, cv.Link == model.LinkRecorded)}
	if cv.Command != "" {
		out = append(out, c.BackLabel+": "+cv.Command)
	}
	return out
}
