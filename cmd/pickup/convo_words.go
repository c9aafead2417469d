package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/textsafe"
	"github.com/pickup-dev/pickup/loaders/convo"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// convoText is what pickup says of the agent conversation behind a
// session (loaders/convo): which one, how it was linked, and the ways
// back into it.
type convoText struct {
	// Line names it: agent, id, title ("" or a space and the quoted
	// title), its last activity ("41m ago"); LineRecorded when pickup's
	// hook recorded the link, LineGuessed when it is probable.
	LineRecorded, LineGuessed i18n.M
	// The way back, by what its store says (convo.Way*): command is the
	// command, pid the living process (Fork: unknown).
	Resume        i18n.M
	Fork, ForkPID i18n.M
	Attach        i18n.M
	Elsewhere     string
	// Handoff is CONTINUE's other way: a fresh agent with pickup's prompt.
	Handoff i18n.M
	// The hook's line on it: Line's words and the way back
	// (HookElsewhere: another client holds it; HookAlive: a process
	// holds it).
	HookBack, HookElsewhere, HookAlive i18n.M
	// OtherWorktrees: other worktrees of the repository hold saved
	// sessions (list: "«path»: kiln 97c5…, aios 5939…").
	OtherWorktrees i18n.P
}

var englishConvo = convoText{
	LineRecorded:  i18n.T("Conversation: {agent} {id}{title}, last active {ago} (recorded by pickup's hook)"),
	LineGuessed:   i18n.T("Conversation: {agent} {id}{title}, last active {ago} (probably: same folder and time)"),
	Resume:        i18n.T("Back into it: {command}"),
	Fork:          i18n.T("It is open: a running agent holds it; switch to that terminal. Resuming it would fork it; to branch off a copy on purpose: {command}"),
	ForkPID:       i18n.T("It is open: a running agent holds it (pid {pid}); switch to that terminal. Resuming it would fork it; to branch off a copy on purpose: {command}"),
	Attach:        i18n.T("A background agent runs it: attach with {command}"),
	Elsewhere:     "It is open in another Codex client: continue there",
	Handoff:       i18n.T("Or a fresh agent with pickup's handoff prompt: {command}"),
	HookBack:      i18n.T("{line}; the command back into it is `{command}`."),
	HookElsewhere: i18n.T("{line}; another client holds it open."),
	HookAlive:     i18n.T("{line}; a running agent holds it, so resuming it would fork it (`{command}` forks it on purpose)."),
	OtherWorktrees: i18n.Plural("{n} other worktree of this repository also holds saved sessions: {list}; `pickup status --worktrees` lists them.",
		"{n} other worktrees of this repository also hold saved sessions: {list}; `pickup status --worktrees` lists them."),
}

// line names a conversation: title is "" or the quoted title.
func (t *convoText) line(agent, id, title, ago string, recorded bool) string {
	if title != "" {
		title = " " + title
	}
	if recorded {
		return t.LineRecorded.F(agent, id, title, ago)
	}
	return t.LineGuessed.F(agent, id, title, ago)
}

// hook is the hook's line on a conversation: cmd empty, another client
// holds it; alive, a process does.
func (t *convoText) hook(line, cmd string, alive bool) string {
	switch {
	case cmd == "":
		return t.HookElsewhere.F(line)
	case alive:
		return t.HookAlive.F(line, cmd)
	}
	return t.HookBack.F(line, cmd)
}

// conversationLines say the conversation c (nil: nothing) and the way
// back into it; handoff, when given, is the command for CONTINUE's other
// way.
func (a *app) conversationLines(c *model.Conversation, handoff string) []string {
	if c == nil {
		return nil
	}
	t := &Catalogs.For(runLang).Convo
	ago := msg.For(runLang).ElapsedShort(int(a.now().Sub(c.Last).Minutes()))
	title := ""
	if c.Title != "" {
		title = textsafe.Quote(c.Title, convo.TitleMax*4)
	}
	out := []string{t.line(c.Agent, c.ID, title, ago, c.Link == convo.Recorded)}
	switch c.Way {
	case convo.WayResume:
		out = append(out, t.Resume.F(c.Command))
	case convo.WayFork:
		if c.PID > 0 {
			out = append(out, t.ForkPID.F(c.PID, c.Command))
		} else {
			out = append(out, t.Fork.F(c.Command))
		}
	case convo.WayAttach:
		out = append(out, t.Attach.F(c.Command))
	case convo.WayElsewhere:
		out = append(out, t.Elsewhere)
	}
	if handoff != "" {
		out = append(out, t.Handoff.F(handoff))
	}
	return out
}

// handoffCommand is the command that prints pickup's handoff prompt for
// s, run from anywhere.
func handoffCommand(project string, s *model.Session) string {
	return "pickup resume " + model.ShellQuote(project) + " --choice continue --emit prompt --session " + model.ShellQuote(s.ID)
}

// conversationRecords is the file in pickup's own state folder where
// the hook records each agent conversation it sees start, and the most
// it may grow to (past it, it becomes the older generation, and the
// one before is dropped: fsx.AppendRecord).
const (
	conversationRecords     = "conversations.jsonl"
	conversationRecordLimit = 4 << 20
)

// conversationRecord is one line of it.
type conversationRecord struct {
	Agent      string    `json:"agent"`
	SessionID  string    `json:"session_id"`
	Transcript string    `json:"transcript_path,omitempty"`
	Cwd        string    `json:"cwd"`
	Source     string    `json:"source,omitempty"`
	At         time.Time `json:"at"`
}

// recordConversation records, for later exact links, the conversation
// the agent's hook payload names. Nothing is recorded without a session
// id and an absolute cwd; a failure is silent (the hook never fails).
func (a *app) recordConversation(agent string, in hookInput) {
	if in.SessionID == "" || !filepath.IsAbs(in.Cwd) || len(in.SessionID) > 200 || len(in.Cwd) > 4096 {
		return
	}
	line, err := json.Marshal(conversationRecord{Agent: agent, SessionID: in.SessionID, Transcript: in.Transcript,
		Cwd: filepath.Clean(in.Cwd), Source: in.Source, At: a.now().UTC()})
	if err != nil {
		return
	}
	_ = fsx.AppendRecord(conversationRecords, line, conversationRecordLimit)
}

// recordedIn are the conversations the hook recorded in project or a
// folder inside it (convo.RecordKey), each project's answer kept for
// the run. Both generations of the file (fsx.RecordGenerations, the
// last 4 MiB of each) are read a block at a time, and only the lines
// naming project are decoded: a recorded cwd inside it is written (by
// recordConversation, with encoding/json) as its clean path, so its
// line holds project's clean path as encoding/json writes it.
func (a *app) recordedIn(project string) map[string]bool {
	a.facts.mu.Lock()
	defer a.facts.mu.Unlock()
	if out, ok := a.facts.recorded[project]; ok {
		return out
	}
	out := map[string]bool{}
	needle := recordNeedle(project)
	for _, p := range fsx.RecordGenerations(conversationRecords) {
		_ = fsx.TailLines(p, conversationRecordLimit, func(line []byte) {
			if !bytes.Contains(line, needle) {
				return
			}
			var r conversationRecord
			if json.Unmarshal(line, &r) == nil && r.SessionID != "" && r.Cwd != "" && within(project, r.Cwd) {
				out[convo.RecordKey(r.Agent, r.SessionID)] = true
			}
		})
	}
	if a.facts.recorded == nil {
		a.facts.recorded = map[string]map[string]bool{}
	}
	a.facts.recorded[project] = out
	return out
}

// recordNeedle is what every record line of a conversation in project
// contains: project's clean path as encoding/json quotes it, without
// the quotes (nil, so every line is read, when project is relative:
// no recorded cwd is within it then, but within decides).
func recordNeedle(project string) []byte {
	if !filepath.IsAbs(project) {
		return nil
	}
	q, err := json.Marshal(filepath.Clean(project))
	if err != nil || len(q) < 2 {
		return nil
	}
	return q[1 : len(q)-1]
}
