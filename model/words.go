package model

import (
	"fmt"
	"time"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// Units are the names of time units in one language, singular and
// plural, for Elapsed and Span.
type Units struct {
	Second, Seconds, Minute, Minutes, Hour, Hours, Day, Days string
}

// EnglishUnits are English's time units.
var EnglishUnits = Units{"second", "seconds", "minute", "minutes", "hour", "hours", "day", "days"}

// Words are the sentences the core builds itself, in one language: the
// crash verdict's reason, the evidence of activity it finds in the
// session's own files, the context guard's alerts and CONTINUE's
// question after them, and the warning a decision keeps when CONTINUE
// went ahead anyway. Config.Words chooses them; nil is EnglishWords.
// The catalogs of other languages live with the screens (tui/msg); the
// core only calls these functions, with values it computed.
type Words struct {
	Units Units
	// Crash reasons (CrashInfo.Reason): since and threshold are
	// Units.Elapsed's words.
	NoTimestamp             string
	Recent                  func(since, threshold string) string
	CleanStop               func(action string) string
	Stale                   func(since, threshold string) string
	StaleAction             func(since, threshold, action string) string
	OwnFiles                string
	FilesChanged            func(what, since, threshold string) string
	RecordedIn, RecordedOn  func(recorded, current string) string
	DetachedHead            string
	DetachedAt              func(short string) string
	HeadIs                  func(short string) string
	NoCommitYet             string
	NotInHistory, NotInRepo func(field, short, head string) string
	MismatchAsk             string
	ContinuedThough         func(alert string) string
	// The evidence of activity cmd gathers (loaders/activity): another
	// pickup holding the session's lock (since is "15:04", or empty when
	// the lock does not say), an agent CLI whose folder is the project
	// or a folder inside it (sub, empty for the project itself).
	LockHeld     func(pid int, since string) string
	AgentRunning func(name string, pid int, sub string) string
}

// EnglishWords are the core's sentences in English.
var EnglishWords = Words{
	Units:       EnglishUnits,
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
}

// words is the config's language, English when none is set.
func (c Config) words() *Words {
	if c.Words != nil {
		return c.Words
	}
	return &EnglishWords
}

// Elapsed renders a duration the way a person says it: "30 minutes",
// "2 hours", "3 days". It rounds down to the largest whole unit.
func (u Units) Elapsed(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	switch {
	case d < time.Minute:
		return i18n.Count(int(d/time.Second), u.Second, u.Seconds)
	case d < time.Hour:
		return i18n.Count(int(d/time.Minute), u.Minute, u.Minutes)
	case d < 48*time.Hour:
		return i18n.Count(int(d/time.Hour), u.Hour, u.Hours)
	default:
		return i18n.Count(int(d/(24*time.Hour)), u.Day, u.Days)
	}
}

// Span renders a wait or a length of time in words, to the second and
// rounded up: "45 seconds", "6 minutes", "1 minute 30 seconds", "2 hours
// 5 minutes". It never says "6m0s".
func (u Units) Span(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int((d + time.Second - 1) / time.Second)
	units := []struct {
		size      int
		one, many string
	}{{86400, u.Day, u.Days}, {3600, u.Hour, u.Hours}, {60, u.Minute, u.Minutes}, {1, u.Second, u.Seconds}}
	for i, x := range units {
		if s < x.size && x.size > 1 {
			continue
		}
		out := i18n.Count(s/x.size, x.one, x.many)
		if i+1 < len(units) {
			if r := s % x.size / units[i+1].size; r > 0 {
				out += " " + i18n.Count(r, units[i+1].one, units[i+1].many)
			}
		}
		return out
	}
	return i18n.Count(0, u.Second, u.Seconds)
}
