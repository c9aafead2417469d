package msg

import (
	"fmt"
	"strings"
)

// HookText is what `pickup hook` puts in an agent's context when a
// session starts: facts about the interrupted sessions and the commands
// that act on them, never instructions (an agent rightly treats
// imperative text in its context as a prompt injection).
type HookText struct {
	// Head opens the summary: how many sessions, where.
	Head func(n int, project string) string
	// Item names one session: its number, source, id and title.
	Item func(i int, source, id, title string) string
	// Where the session stands, with how long ago it was last updated.
	Crashed    func(ago, reason string) string
	Paused     func(ago string) string
	Running    func(ago string) string
	Undated    string
	Unreadable func(problem string) string
	// Facts about the session.
	Progress func(line string) string
	Resume   func(phase, reason string) string
	Veto     func(files int) string
	// Context is a context guard's mismatch (the core's alert: "recorded
	// on feature/auth, you are on main"); Evidence the evidence that the
	// workflow is still at work.
	Context   func(mismatch string) string
	Evidence  func(detail string) string
	Warnings  func(n int) string
	StateFile func(path string) string
	// Writes says CONTINUE changes the session's state file; confirm
	// adds that it asks a yes/no question first (--yes without a
	// terminal).
	Writes func(confirm bool) string
	// Commands names the wizard and the prompt command for the session.
	Commands func(wizard, prompt string) string
	// More lists the sessions left out to keep the summary short.
	More func(n int, list string) string
	// Cut says the summary was cut at its size limit.
	Cut string
	// User is the one line shown to the person (systemMessage).
	User func(n int, first string) string
	// Slow: reading the sessions took longer than the hook may wait.
	Slow func(project, seconds, status string) string
	// Input notes on stderr why stdin was not used.
	Input func(reason, dir string) string
}

var englishHook = HookText{
	Head: func(n int, project string) string {
		return fmt.Sprintf("pickup found %s in %s. These are saved state files of AI-agent workflows that stopped before they finished; reading them changed nothing.",
			plural(n, "interrupted workflow", "interrupted workflows"), project)
	},
	Item: func(i int, source, id, title string) string {
		return fmt.Sprintf("%d. %s session %s: %s", i, source, id, title)
	},
	Crashed: func(ago, reason string) string {
		if reason == "" {
			return "State: crashed; last update " + ago + "."
		}
		return "State: crashed; last update " + ago + " (" + reason + ")."
	},
	Paused: func(ago string) string {
		if ago == "" {
			return "State: paused on purpose."
		}
		return "State: paused on purpose; last update " + ago + "."
	},
	Running: func(ago string) string { return "State: updated " + ago + "; it may still be running." },
	Undated: "State: the file records no last update time.",
	Unreadable: func(problem string) string {
		return "State: the state file cannot be read as it is (" + problem + "); only DISCARD (archive it) is possible."
	},
	Progress: func(line string) string { return "Progress: " + line + "." },
	Resume: func(phase, reason string) string {
		if reason == "" {
			return "Resume point: " + phase + "."
		}
		return "Resume point: " + phase + " (" + reason + ")."
	},
	Veto: func(files int) string {
		return "Guard: RESTART is blocked while git reports uncommitted changes (" + plural(files, "file", "files") + ")."
	},
	Context: func(mismatch string) string {
		return "Guard: " + mismatch + "; CONTINUE asks for a yes first (--yes answers it without a terminal)."
	},
	Evidence: func(detail string) string {
		return "Activity: " + detail + "; resuming it now could run the work twice."
	},
	Warnings:  func(n int) string { return plural(n, "warning", "warnings") + " recorded; `pickup status` shows them." },
	StateFile: func(path string) string { return "State file: " + path + "." },
	Writes: func(confirm bool) string {
		if confirm {
			return "CONTINUE for this session writes its resume to the state file after a yes/no question (--yes answers it without a terminal)."
		}
		return "CONTINUE for this session writes its resume to the state file."
	},
	Commands: func(wizard, prompt string) string {
		return "Commands: `" + wizard + "` is the interactive wizard; `" + prompt + "` prints the resume prompt for this session."
	},
	More: func(n int, list string) string {
		return "Not shown here: " + plural(n, "more session", "more sessions") + " (" + list + "); `pickup status` lists every session."
	},
	Cut: "The summary was cut at its size limit; `pickup status` shows everything.",
	User: func(n int, first string) string {
		if n == 1 {
			return "pickup: 1 interrupted workflow here (" + first + ")."
		}
		return fmt.Sprintf("pickup: %d interrupted workflows here (newest: %s).", n, first)
	},
	Slow: func(project, seconds, status string) string {
		return "pickup did not finish reading the saved sessions in " + project + " within " + seconds + "; `" + status + "` lists them."
	},
	Input: func(reason, dir string) string {
		return "pickup hook: " + reason + "; looking in " + dir
	},
}

// Standing is where a session stands, for the hook: paused on purpose,
// crashed, updated recently (it may still be running), or undated.
// paused, crashed and dated come from the session and the core's crash
// verdict; ago is the time since the last update in words ("" when
// undated), reason the crash verdict's.
func (h HookText) Standing(paused, crashed, dated bool, ago, reason string) string {
	switch {
	case paused:
		return h.Paused(ago)
	case crashed:
		return h.Crashed(ago, strings.TrimSuffix(reason, "."))
	case dated:
		return h.Running(ago)
	}
	return h.Undated
}
