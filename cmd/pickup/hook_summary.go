package main

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders/convo"
	"github.com/pickup-dev/pickup/loaders/git"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// The summary's size: agents preview or cut long hook output (Claude
// Code at 10,000 characters, Codex at about 2,500 tokens), and the issue
// asks for under 2,000 tokens. At most hookDetailed sessions are told in
// full and the text stays under hookContextMax bytes (about 1,500 tokens
// of English, 2,000 at a pessimistic 3 bytes a token); what is left out
// is named.
const (
	hookDetailed   = 5
	hookContextMax = 6000
	// hookFieldMax caps any one value taken from a state file (a title, a
	// phase, a reason), so no file can flood the agent's context.
	hookFieldMax = 160
)

// hookSummaryText is the hook's answer: the context for the model and a
// one-line message for the person.
type hookSummaryText struct {
	context, user string
}

// hookSummary reads the sessions and builds the summary within
// hookBudget; ok is false when it took longer.
func (a *app) hookSummary(cands []string, compact bool) (sum hookSummaryText, ok bool) {
	done := make(chan hookSummaryText, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- hookSummaryText{}
			}
		}()
		done <- a.buildHookSummary(cands, compact)
	}()
	select {
	case sum = <-done:
		return sum, true
	case <-time.After(hookBudget):
		return hookSummaryText{}, false
	}
}

// buildHookSummary is the summary of the live sessions of the nearest
// candidate folder that has any; empty when there is none.
func (a *app) buildHookSummary(cands []string, compact bool) hookSummaryText {
	project, sessions := a.hookSessions(cands)
	if len(sessions) == 0 {
		// No session, but pickup's own write cut short here: said.
		if len(cands) > 0 {
			if lines := a.hookInterrupted(a.markInterrupted(cands[0], nil)); len(lines) > 0 {
				return hookSummaryText{context: strings.Join(lines, "\n") + "\n"}
			}
		}
		return hookSummaryText{}
	}
	cut := a.hookInterrupted(a.markInterrupted(project, sessions))
	c := a.msg()
	h := c.Hook
	// The commands run where the agent is: name the project when it is
	// another folder, and a Claude home other than the default.
	var suffix, dirArg string
	if project != cands[0] {
		dirArg = " " + model.ShellQuote(project)
	}
	if a.claudeHome != defaultClaudeHome() {
		suffix = " --claude-home " + model.ShellQuote(a.claudeHome)
	}
	shownProject := quoteName(project, 2*hookFieldMax)
	if compact {
		// After a compaction (or a clear) the agent has lost where it
		// was: a checkpoint from the files on disk.
		first := sessions[0]
		return hookSummaryText{context: a.checkpoint(project, sessions, dirArg, suffix),
			user: h.User.N(len(sessions), clip(first.Source, 20)+" "+standingWord(first, a.load(first), c))}
	}
	facts := newHookFacts(sessions[:min(len(sessions), hookDetailed)])
	head := h.Head.N(len(sessions), shownProject)
	var blocks []string
	size := len(head)
	shown := 0
	for i, s := range sessions {
		if i >= hookDetailed {
			break
		}
		b := a.hookBlock(i+1, s, project, dirArg, suffix, facts)
		// Leave room for the line naming what was left out.
		if size+len(b)+2 > hookContextMax-hookFieldMax*3 {
			break
		}
		blocks = append(blocks, b)
		size += len(b) + 2
		shown++
	}
	if other := a.otherWorktrees(project); other != "" {
		blocks = append(blocks, other)
	}
	var tail string
	if rest := sessions[shown:]; len(rest) > 0 {
		names := make([]string, 0, len(rest))
		for _, s := range rest {
			names = append(names, clip(s.Source, 20)+" "+s.ID)
		}
		tail = h.More.N(len(rest), clip(strings.Join(names, ", "), hookFieldMax*2))
	}
	text := head + "\n\n" + strings.Join(blocks, "\n\n")
	if len(cut) > 0 {
		text += "\n\n" + strings.Join(cut, "\n")
	}
	if tail != "" {
		text += "\n\n" + tail
	}
	if len(text) > hookContextMax {
		text = truncateUTF8(text, hookContextMax-len(h.Cut)-2) + "\n" + h.Cut
	}
	first := sessions[0]
	st := a.load(first)
	return hookSummaryText{
		context: text + "\n",
		user:    h.User.N(len(sessions), clip(first.Source, 20)+" "+standingWord(first, st, c)),
	}
}

// hookBlock is one session told in full.
func (a *app) hookBlock(n int, s *model.Session, project, dirArg, suffix string, facts *hookFacts) string {
	c := a.msg()
	h := c.Hook
	st := a.load(s)
	title := s.Title
	if title == "" {
		title = model.ShowName(shortPath(project, s.Path))
	}
	lines := []string{h.Item.F(n, clip(s.Source, 20), s.ID, quote(title, hookFieldMax))}
	add := func(l string) { lines = append(lines, "   "+l) }
	if s.Problem != nil && s.Problem.Kind == model.ErrCorrupted {
		add(h.Unreadable.F(clip(problemText(s.Problem), hookFieldMax)))
	} else {
		ago := ""
		if s.HasLastUpdated {
			ago = c.Elapsed(st.Crash.MinutesSinceUpdate)
		}
		paused := s.LastAction != nil && s.LastAction.Clean
		if ago != "" && !paused && model.StandingOf(s, st.Crash) == model.StandingInterrupted {
			add(h.Interrupted.F(ago))
		} else {
			add(h.Standing(paused, st.Crash.Detected, s.HasLastUpdated, ago, clip(st.Crash.Reason, hookFieldMax)))
		}
		if p := c.ProgressLine(s); p != "" {
			add(h.Progress.F(clip(p, hookFieldMax)))
		}
		if rp := s.ResumePoint; rp.Phase != "" {
			add(h.Resume(quote(rp.Phase, hookFieldMax), clip(rp.Reason, hookFieldMax)))
		}
		if files := facts.veto(st); files > 0 {
			add(h.Veto.N(files))
		}
		// The alerts: the evidence that the workflow is still at work
		// (the agent running this hook is never counted), the context
		// guard's mismatches, and the session's own.
		for _, al := range st.Alerts() {
			switch al.Kind {
			case model.AlertRunning:
				add(h.Evidence.F(clip(al.Text, hookFieldMax)))
			case model.AlertBranch:
				add(h.Context.F(clip(al.Text, hookFieldMax)))
			case model.AlertInterrupted:
				add(a.cli().Undo.HookStopped.F(clip(al.Text, 3*hookFieldMax)))
			default:
				// The session's own alerts: its ledgers disagree, a
				// marker is stale, a person must decide.
				add(h.Alert.F(clip(strings.TrimSuffix(al.Text, "."), hookFieldMax)))
			}
		}
		if cv := st.Conversation; cv != nil {
			t := &Catalogs.For(runLang).Convo
			ago := c.ElapsedShort(int(a.now().Sub(cv.Last).Minutes()))
			title := ""
			if cv.Title != "" {
				title = quote(cv.Title, hookFieldMax)
			}
			line := t.line(cv.Agent, cv.ID, title, ago, cv.Link == model.LinkRecorded)
			add(t.hook(line, cv.Command, cv.Way == convo.WayFork || cv.Way == convo.WayAttach))
		}
		if pol := s.Policy[model.Continue]; pol.Writes {
			add(h.Writes(pol.Confirm != ""))
		}
		if len(s.Warnings) > 0 {
			add(h.Warnings.N(len(s.Warnings)))
		}
	}
	add(h.StateFile.F(quoteName(shortPath(project, s.Path), 2*hookFieldMax)))
	add(h.Commands.F("pickup"+dirArg+suffix, "pickup resume"+dirArg+" --choice continue --emit prompt --session "+s.ID+suffix))
	return strings.Join(lines, "\n")
}

// standingWord is a session's standing in two or three words, for the
// person's one-line message: "crashed 2 hours ago".
func standingWord(s *model.Session, st model.State, c *msg.Catalog) string {
	ago := ""
	if s.HasLastUpdated {
		ago = " " + c.Elapsed(st.Crash.MinutesSinceUpdate)
	}
	switch {
	case s.Problem != nil && s.Problem.Kind == model.ErrCorrupted:
		return "unreadable"
	case s.LastAction != nil && s.LastAction.Clean:
		return "paused" + ago
	case st.Crash.Detected:
		return "crashed" + ago
	case s.HasLastUpdated:
		return "updated" + ago
	}
	return "undated"
}

// hookFacts asks git once per folder, in the background while the
// summary is built: VETO-2's uncommitted changes. git runs read-only,
// without optional locks.
type hookFacts struct {
	status map[string]chan model.GitChecked
}

// newHookFacts starts git on each session's project folder.
func newHookFacts(sessions []*model.Session) *hookFacts {
	f := &hookFacts{status: map[string]chan model.GitChecked{}}
	for _, s := range sessions {
		dir := s.Project
		if _, seen := f.status[dir]; !seen && dir != "" {
			st := make(chan model.GitChecked, 1)
			f.status[dir] = st
			go func() { st <- git.Status(dir) }()
		}
	}
	return f
}

// veto is how many uncommitted files would block RESTART, found by the
// core itself: RESTART is chosen, and the core's own git check is
// answered (its rules leave the session's state files out).
func (f *hookFacts) veto(st model.State) int {
	st, effs := model.Step(st, model.Chose{Choice: model.Restart})
	for _, e := range effs {
		cg, ok := e.(model.CheckGit)
		if !ok {
			continue
		}
		if after, _ := model.Step(st, f.statusOf(cg.Dir)); after.Veto != nil {
			return len(after.Veto.Files)
		}
	}
	return 0
}

func (f *hookFacts) statusOf(dir string) model.GitChecked {
	ch, ok := f.status[dir]
	if !ok {
		return git.Status(dir)
	}
	g := <-ch
	ch <- g
	return g
}

// clip makes a value from a state file safe to put in an agent's
// context: one line, no control characters or escape sequences, at most
// max bytes (cut at a character, with an ellipsis).
func clip(s string, max int) string { return textsafe.Line(s, max) }

// quote is a value read from a file (a title, a phase) as the hook
// shows it: clipped, between « and » (docs/agents.md).
func quote(s string, max int) string { return textsafe.Quote(s, max) }

// quoteName is a path quoted: a name with control characters in its
// escaped form ($'…\x0a…', model.ShowName), between « and ».
func quoteName(p string, max int) string { return quote(model.ShowName(p), max) }

// truncateUTF8 is s cut to at most n bytes, at a character boundary.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
