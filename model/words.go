package model

import (
	"fmt"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Words are the sentences the core builds itself, in one language: the
// crash verdict's reason, the evidence of activity it finds in the
// session's own files, the context guard's alerts and CONTINUE's
// question after them, and the warning a decision keeps when CONTINUE
// went ahead anyway. Config.Words chooses them; nil is EnglishWords.
// The catalogs of other languages live with the screens (tui/msg); the
// core only calls these functions, with values it computed.
type Words struct {
	Units i18n.Units
	// Crash reasons (CrashInfo.Reason): since and threshold are
	// Units.Elapsed's words.
	NoTimestamp             string
	Recent                  func(since, threshold string) string
	CleanStop               func(action string) string
	Stale                   func(since, threshold string) string
	StaleAction             func(since, threshold, action string) string
	NoCrashNotion           func(since string) string
	OwnFiles                string
	FilesChanged            func(what, since, threshold string) string
	RecordedIn, RecordedOn  func(recorded, current string) string
	DetachedHead            string
	DetachedAt              func(short string) string
	HeadIs                  func(short string) string
	NoCommitYet             string
	NotInHistory, NotInRepo func(field, short, head string) string
	// MismatchAsk ends CONTINUE's question on a context mismatch (the
	// screen adds its [y/N] prompt, the CLI its --yes).
	MismatchAsk     string
	ContinuedThough func(alert string) string
	// The evidence of activity cmd gathers (loaders/activity): another
	// pickup holding the session's lock (since is "15:04", or empty when
	// the lock does not say), an agent CLI whose folder is the project
	// or a folder inside it (sub, empty for the project itself).
	LockHeld     func(pid int, since string) string
	AgentRunning func(name string, pid int, sub string) string
	// ConversationLive: the session's conversation (agent, id) is held by
	// a living process of its agent (pid 0: a lock says so, no pid).
	ConversationLive func(agent, id string, pid int) string
}

// EnglishWords are the core's sentences in English.
var EnglishWords = Words{
	Units:       i18n.UnitsIn(i18n.English),
	NoTimestamp: "the state records no last update time",
	Recent: func(since, threshold string) string {
		return "updated " + since + " ago, within the " + threshold + " threshold"
	},
	CleanStop: func(action string) string { return "last action " + action + " ended the run on purpose" },
	Stale: func(since, threshold string) string {
		return "no update for " + since + " (more than " + threshold + ")"
	},
	StaleAction: func(since, threshold, action string) string {
		return "no update for " + since + " (more than " + threshold + ") and the last action, " + action + ", is not a pause"
	},
	NoCrashNotion: func(since string) string {
		return "no update for " + since + "; the tool records no crash, so the run was interrupted"
	},
	OwnFiles: "the session's own files",
	FilesChanged: func(what, since, threshold string) string {
		return what + " changed " + since + " ago, within the " + threshold + " crash threshold"
	},
	RecordedIn:   func(recorded, current string) string { return "recorded in " + recorded + ", you are in " + current },
	RecordedOn:   func(recorded, current string) string { return "recorded on " + recorded + ", you are on " + current },
	DetachedHead: "a detached HEAD",
	DetachedAt:   func(short string) string { return "a detached HEAD (" + short + ")" },
	HeadIs:       func(short string) string { return "HEAD is " + short },
	NoCommitYet:  "the repository has no commit yet",
	NotInHistory: func(field, short, head string) string {
		return "recorded from " + field + " " + short + ", which is not in your checkout's history (" + head + ")"
	},
	NotInRepo: func(field, short, head string) string {
		return "recorded from " + field + " " + short + ", which this repository does not have (" + head + ")"
	},
	MismatchAsk:     "Continue here anyway?",
	ContinuedThough: func(alert string) string { return "continued though " + alert },
	LockHeld: func(pid int, since string) string {
		s := fmt.Sprintf("another pickup (pid %d) has this session open", pid)
		if since != "" {
			s += " since " + since
		}
		return s
	},
	AgentRunning: func(name string, pid int, sub string) string {
		s := fmt.Sprintf("%s (pid %d) is running in this project", name, pid)
		if sub != "" {
			s += " (in " + sub + ")"
		}
		return s
	},
	ConversationLive: func(agent, id string, pid int) string {
		if pid > 0 {
			return fmt.Sprintf("%s conversation %s is open in a living process (pid %d)", agent, id, pid)
		}
		return fmt.Sprintf("%s conversation %s is open in a living process (its writer lock is held)", agent, id)
	},
}

// words is the config's language, English when none is set.
func (c Config) words() *Words {
	if c.Words != nil {
		return c.Words
	}
	return &EnglishWords
}
