package msg

import (
	"fmt"

	"github.com/pickup-dev/pickup/model"
)

// PlainText is the wording of accessible mode (ACCESSIBLE=1 or
// --accessible): the wizard as plain lines and typed answers, for a
// screen reader or a log. It names marks with words ("Warning:") where
// the full-screen wizard draws glyphs.
type PlainText struct {
	// PickerHead introduces the numbered list of sessions.
	PickerHead func(n int) string
	// PickerAsk asks for a session's number; archived counts the
	// archived sessions a shows too (0: none hidden).
	PickerAsk func(n, archived int) string
	// MenuAsk asks for an option's number; back adds how to return to
	// the list of sessions (b), artifacts how to list them (v). The
	// keys are the same in every language.
	MenuAsk func(n int, back, artifacts bool) string
	// Enter asks for Enter to go back to the options (REVIEW, a failed
	// write).
	Enter string
	// NotNumber and OutOfRange answer a typed answer that is not one of
	// the numbers 1..n; YesNo one that is neither yes nor no.
	NotNumber  func(got string, n int) string
	OutOfRange func(got string, n int) string
	YesNo      string
	// EndOfInput: stdin ended before an answer.
	EndOfInput string
	// The words typed for yes, no, quit and back to the sessions (any
	// case).
	YesWords, NoWords, QuitWords, BackWords []string
	// Header is each screen's first line.
	Header func(project, source string) string
	// Warning, Problem and Unavailable mark a line for the ear.
	Warning  func(text string) string
	Problem  func(text string) string
	Standing map[model.Standing]string
	// Phase is one phase of REVIEW's list: its name and status.
	Phase       func(name, status string) string
	PhaseStatus map[model.PhaseStatus]string
}

var englishPlain = PlainText{
	PickerHead: func(n int) string {
		return fmt.Sprintf("%s saved here, newest first:", plural(n, "session is", "sessions are"))
	},
	PickerAsk: func(n, archived int) string {
		also := ""
		if archived > 0 {
			also = "a shows the " + plural(archived, "archived session", "archived sessions") + " too, "
		}
		return fmt.Sprintf("Which session? Type a number from 1 to %d and press Enter (%sq quits):", n, also)
	},
	MenuAsk: func(n int, back, artifacts bool) string {
		keys := ""
		if artifacts {
			keys += "v lists the artifacts, "
		}
		if back {
			keys += "b goes back to the sessions, "
		}
		return fmt.Sprintf("Type a number from 1 to %d and press Enter (%sq quits):", n, keys)
	},
	Enter: "Press Enter to go back to the options (q quits):",
	NotNumber: func(got string, n int) string {
		return fmt.Sprintf("%q is not a number: type a number from 1 to %d.", got, n)
	},
	OutOfRange: func(got string, n int) string {
		return fmt.Sprintf("%s is not on the list: type a number from 1 to %d.", got, n)
	},
	YesNo:      "Type y for yes or n for no, then press Enter.",
	EndOfInput: "No answer (the input ended). Nothing changed.",
	YesWords:   []string{"y", "yes"},
	NoWords:    []string{"n", "no"},
	QuitWords:  []string{"q", "quit"},
	BackWords:  []string{"back"},
	Header: func(project, source string) string {
		if source == "" {
			return "pickup: " + project
		}
		return "pickup: " + project + " (" + source + ")"
	},
	Warning: func(text string) string { return "Warning: " + text },
	Problem: func(text string) string { return "Problem: " + text },
	Standing: map[model.Standing]string{
		model.StandingRunning:     "running",
		model.StandingCrashed:     "crashed",
		model.StandingPaused:      "paused",
		model.StandingInterrupted: "interrupted",
		model.StandingReady:       "ready",
		model.StandingDone:        "done",
		model.StandingArchived:    "archived",
		model.StandingCorrupted:   "corrupted",
	},
	Phase: func(name, status string) string { return name + ": " + status },
	PhaseStatus: map[model.PhaseStatus]string{
		model.PhasePending:    "pending",
		model.PhaseInProgress: "in progress",
		model.PhaseFailed:     "failed",
		model.PhaseCompleted:  "completed",
	},
}
