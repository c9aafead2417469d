package convo

import (
	"time"

	"github.com/pickup-dev/pickup/model"
)

// Window is what a workflow session recorded of its own activity: when
// it started and last wrote (Start may be zero), and on which branch
// ("" when it did not record one).
type Window struct {
	Start, End time.Time
	Branch     string
	// Recorded are the conversations pickup's hook saw start in the
	// project (RecordKey): they come first, and are linked as Recorded.
	Recorded map[string]bool
}

// RecordKey is a conversation's key in Window.Recorded.
func RecordKey(agent, id string) string { return agent + "\x00" + id }

// Slack is how far apart a conversation's activity and a session's may
// lie and still be linked: an agent stops writing its state a little
// before or after its conversation's last line.
const Slack = 30 * time.Minute

// How a conversation was linked to a session.
const (
	// Guessed: same folder and overlapping time ("probably").
	Guessed = model.LinkGuessed
	// Recorded: pickup's hook recorded the conversation's id when the
	// agent started in the project.
	Recorded = model.LinkRecorded
)

// Best is the conversation most probably behind a session active in w:
// among convs (all of the project's), those whose span overlaps w give
// way first to branch agreement, then to the last activity nearest w's
// end. ok is false when none overlaps.
func Best(convs []Conversation, w Window) (Conversation, bool) {
	if w.End.IsZero() {
		return Conversation{}, false
	}
	start := w.Start
	if start.IsZero() || start.After(w.End) {
		start = w.End
	}
	lo, hi := start.Add(-Slack), w.End.Add(Slack)
	best, found := Conversation{}, false
	for _, c := range convs {
		first := c.Start
		if first.IsZero() {
			first = c.Last
		}
		if c.Last.IsZero() || first.After(hi) || c.Last.Before(lo) {
			continue
		}
		if !found || better(c, best, w) {
			best, found = c, true
		}
	}
	return best, found
}

// better says whether a fits w better than b.
func better(a, b Conversation, w Window) bool {
	if ar, br := w.Recorded[RecordKey(a.Agent, a.ID)], w.Recorded[RecordKey(b.Agent, b.ID)]; ar != br {
		return ar
	}
	if w.Branch != "" {
		am, bm := a.Branch == w.Branch, b.Branch == w.Branch
		if am != bm {
			return am
		}
	}
	da, db := a.Last.Sub(w.End).Abs(), b.Last.Sub(w.End).Abs()
	if da != db {
		return da < db
	}
	return a.ID < b.ID
}

// The ways back into a conversation, by what its store says of it.
const (
	// WayResume: nobody holds it; its command resumes it.
	WayResume = "resume"
	// WayFork: a foreground process holds it; resuming would fork it,
	// so only a fork is offered (switching to that terminal is better).
	WayFork = "fork"
	// WayAttach: a background agent holds it; attach to it.
	WayAttach = "attach"
	// WayElsewhere: another client holds it open (a Codex writer lock);
	// no command is offered.
	WayElsewhere = "open_elsewhere"
)

// Way is the exact command that goes back into c (run nothing: pickup
// prints it) and which way that is. Command is "" for WayElsewhere.
// Every value from a store is shell-quoted.
func Way(c Conversation) (way, command string) {
	q := model.ShellQuote
	id, cwd := q(c.ID), q(c.Cwd)
	switch c.Agent {
	case Claude:
		switch {
		case c.Live == Alive && c.Kind == "background":
			return WayAttach, "claude attach " + id
		case c.Live == Alive:
			return WayFork, "cd " + cwd + " && claude --resume " + id + " --fork-session"
		}
		return WayResume, "cd " + cwd + " && claude --resume " + id
	case Codex:
		if c.Live == Alive {
			return WayElsewhere, ""
		}
		return WayResume, "codex resume " + id + " -C " + cwd
	case Gemini:
		return WayResume, "cd " + cwd + " && gemini --resume " + id
	}
	return "", ""
}

// Linked is c as the core and pickup's outputs carry it, linked by
// link (Guessed or Recorded).
func (c Conversation) Linked(link string) model.Conversation {
	way, cmd := Way(c)
	out := model.Conversation{Agent: c.Agent, ID: c.ID, Title: c.Title, Cwd: c.Cwd, Branch: c.Branch,
		Last: c.Last, Live: string(c.Live), Link: link, Way: way, Command: cmd}
	if c.Live == Alive {
		out.PID = c.PID
	}
	return out
}

// Evidence is the running evidence a linked conversation gives: a
// living process holds it. nil otherwise.
func Evidence(c model.Conversation, w *model.Words) []model.Activity {
	if c.Live != string(Alive) {
		return nil
	}
	if w == nil {
		w = &model.EnglishWords
	}
	return []model.Activity{{Kind: model.ActivityConversation, Detail: w.ConversationLive(c.Agent, c.ID, c.PID), PID: c.PID, Name: c.Agent}}
}
