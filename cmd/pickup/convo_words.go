package main

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/loaders/convo"
	"github.com/pickup-dev/pickup/loaders/fsx"
	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// convoText is what pickup says of the agent conversation behind a
// session (loaders/convo): which one, how it was linked, and the ways
// back into it.
type convoText struct {
	// Line names it: agent, id, title (may be empty), its last activity
	// ("41m ago") and how it was linked.
	Line func(agent, id, title, ago string, recorded bool) string
	// The way back, by what its store says (convo.Way*): cmd is the
	// command (empty for Elsewhere), pid the living process (0: unknown).
	Resume    func(cmd string) string
	Fork      func(pid int, cmd string) string
	Attach    func(cmd string) string
	Elsewhere string
	// Handoff is CONTINUE's other way: a fresh agent with pickup's prompt.
	Handoff func(cmd string) string
	// Hook is the hook's line on it: Line's words and the way back
	// (cmd empty: another client holds it; alive: a process holds it).
	Hook func(line, cmd string, alive bool) string
	// OtherWorktrees: other worktrees of the repository hold saved
	// sessions (list: "«path»: kiln 97c5…, aios 5939…").
	OtherWorktrees func(n int, list string) string
}

var convoCatalogs = i18n.Catalogs[convoText]{
	i18n.English: {
		Line: func(agent, id, title, ago string, recorded bool) string {
			s := "Conversation: " + agent + " " + id
			if title != "" {
				s += " «" + title + "»"
			}
			s += ", last active " + ago
			if recorded {
				return s + " (recorded by pickup's hook)"
			}
			return s + " (probably: same folder and time)"
		},
		Resume: func(cmd string) string { return "Back into it: " + cmd },
		Fork: func(pid int, cmd string) string {
			who := "a running agent holds it"
			if pid > 0 {
				who = "a running agent holds it (pid " + strconv.Itoa(pid) + ")"
			}
			return "It is open: " + who + "; switch to that terminal. Resuming it would fork it; to branch off a copy on purpose: " + cmd
		},
		Attach:    func(cmd string) string { return "A background agent runs it: attach with " + cmd },
		Elsewhere: "It is open in another Codex client: continue there",
		Handoff:   func(cmd string) string { return "Or a fresh agent with pickup's handoff prompt: " + cmd },
		Hook: func(line, cmd string, alive bool) string {
			switch {
			case cmd == "":
				return line + "; another client holds it open."
			case alive:
				return line + "; a running agent holds it, so resuming it would fork it (`" + cmd + "` forks it on purpose)."
			}
			return line + "; the command back into it is `" + cmd + "`."
		},
		OtherWorktrees: func(n int, list string) string {
			return i18n.Count(n, "other worktree", "other worktrees") + " of this repository also " + map[bool]string{true: "holds", false: "hold"}[n == 1] +
				" saved sessions: " + list + "; `pickup status --worktrees` lists them."
		},
	},
	i18n.PortugueseBR: {
		Line: func(agent, id, title, ago string, recorded bool) string {
			s := "Conversa: " + agent + " " + id
			if title != "" {
				s += " «" + title + "»"
			}
			s += ", última atividade " + ago
			if recorded {
				return s + " (registrada pelo hook do pickup)"
			}
			return s + " (provável: mesma pasta e mesmo horário)"
		},
		Resume: func(cmd string) string { return "Para voltar a ela: " + cmd },
		Fork: func(pid int, cmd string) string {
			who := "um agente em execução a mantém aberta"
			if pid > 0 {
				who = "um agente em execução a mantém aberta (pid " + strconv.Itoa(pid) + ")"
			}
			return "Ela está aberta: " + who + "; vá para aquele terminal. Retomá-la criaria uma bifurcação; para criar uma cópia de propósito: " + cmd
		},
		Attach:    func(cmd string) string { return "Um agente em segundo plano a executa: conecte-se com " + cmd },
		Elsewhere: "Ela está aberta em outro cliente do Codex: continue lá",
		Handoff:   func(cmd string) string { return "Ou um agente novo com o prompt de passagem do pickup: " + cmd },
		Hook: func(line, cmd string, alive bool) string {
			switch {
			case cmd == "":
				return line + "; outro cliente a mantém aberta."
			case alive:
				return line + "; um agente em execução a mantém aberta, então retomá-la criaria uma bifurcação (`" + cmd + "` cria a cópia de propósito)."
			}
			return line + "; o comando para voltar a ela é `" + cmd + "`."
		},
		OtherWorktrees: func(n int, list string) string {
			return i18n.Count(n, "outra worktree", "outras worktrees") + " deste repositório também " + map[bool]string{true: "tem", false: "têm"}[n == 1] +
				" sessões salvas: " + list + "; `pickup status --worktrees` as lista."
		},
	},
}

// conversationLines say the conversation c (nil: nothing) and the way
// back into it; handoff, when given, is the command for CONTINUE's other
// way.
func (a *app) conversationLines(c *model.Conversation, handoff string) []string {
	if c == nil {
		return nil
	}
	t := convoCatalogs.For(runLang)
	ago := msg.For(runLang).ElapsedShort(int(a.now().Sub(c.Last).Minutes()))
	out := []string{t.Line(c.Agent, c.ID, c.Title, ago, c.Link == convo.Recorded)}
	switch c.Way {
	case convo.WayResume:
		out = append(out, t.Resume(c.Command))
	case convo.WayFork:
		out = append(out, t.Fork(c.PID, c.Command))
	case convo.WayAttach:
		out = append(out, t.Attach(c.Command))
	case convo.WayElsewhere:
		out = append(out, t.Elsewhere)
	}
	if handoff != "" {
		out = append(out, t.Handoff(handoff))
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
// it may grow to (past it, nothing more is recorded).
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
	if in.sessionID == "" || !filepath.IsAbs(in.cwd) || len(in.sessionID) > 200 || len(in.cwd) > 4096 {
		return
	}
	line, err := json.Marshal(conversationRecord{Agent: agent, SessionID: in.sessionID, Transcript: in.transcript,
		Cwd: filepath.Clean(in.cwd), Source: in.source, At: a.now().UTC()})
	if err != nil {
		return
	}
	_ = fsx.AppendRecord(conversationRecords, line, conversationRecordLimit)
}

// recordedIn are the conversations the hook recorded in project or a
// folder inside it (convo.RecordKey), read once per run.
func (a *app) recordedIn(project string) map[string]bool {
	a.facts.recOnce.Do(func() {
		data, size, err := fsx.ReadTail(fsx.RecordPath(conversationRecords), conversationRecordLimit)
		if err != nil {
			return
		}
		lines := strings.Split(string(data), "\n")
		if int64(len(data)) < size && len(lines) > 0 {
			lines = lines[1:]
		}
		for _, l := range lines {
			var r conversationRecord
			if json.Unmarshal([]byte(l), &r) == nil && r.SessionID != "" && r.Cwd != "" {
				a.facts.records = append(a.facts.records, r)
			}
		}
	})
	out := map[string]bool{}
	for _, r := range a.facts.records {
		if within(project, r.Cwd) {
			out[convo.RecordKey(r.Agent, r.SessionID)] = true
		}
	}
	return out
}
