package msg

import (
	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
)

// PlainText is the wording of accessible mode (ACCESSIBLE=1 or
// --accessible): the wizard as plain lines and typed answers, for a
// screen reader or a log. It names marks with words ("Warning:") where
// the full-screen wizard draws glyphs.
type PlainText struct {
	// PickerHead introduces the numbered list of sessions.
	PickerHead i18n.P
	// Ask asks for a session's number (PickerAsk); AskAlso adds that a
	// shows the archived sessions too.
	Ask     i18n.M
	AskAlso i18n.P
	// Menu asks for an option's number (MenuAsk); MenuArtifacts adds how
	// to list the artifacts (v), MenuBack how to return to the list of
	// sessions (b). The keys are the same in every language.
	Menu                    i18n.M
	MenuArtifacts, MenuBack string
	// Enter asks for Enter to go back to the options (REVIEW, a failed
	// write).
	Enter string
	// NotNumber and OutOfRange answer a typed answer that is not one of
	// the numbers 1..n (NotNumber's quoted); YesNo one that is neither
	// yes nor no.
	NotNumber  i18n.M
	OutOfRange i18n.M
	YesNo      string
	// EndOfInput: stdin ended before an answer.
	EndOfInput string
	// The words typed for yes, no, quit and back to the sessions (any
	// case).
	YesWords, NoWords, QuitWords, BackWords []string
	// Each screen's first line (Header): the project, and its source
	// when there is one.
	HeaderProject, HeaderSource i18n.M
	// Warning, Problem and Unavailable mark a line for the ear.
	Warning  i18n.M
	Problem  i18n.M
	Standing map[model.Standing]string
	// Phase is one phase of REVIEW's list: its name and status.
	Phase       i18n.M
	PhaseStatus map[model.PhaseStatus]string
}

var englishPlain = PlainText{
	PickerHead:    i18n.Plural("{n} session is saved here, newest first:", "{n} sessions are saved here, newest first:"),
	Ask:           i18n.T("Which session? Type a number from 1 to {last} and press Enter ({also}q quits):"),
	AskAlso:       i18n.Plural("a shows the {n} archived session too, ", "a shows the {n} archived sessions too, "),
	Menu:          i18n.T("Type a number from 1 to {last} and press Enter ({keys}q quits):"),
	MenuArtifacts: "v lists the artifacts, ",
	MenuBack:      "b goes back to the sessions, ",
	Enter:         "Press Enter to go back to the options (q quits):",
	NotNumber:     i18n.T("{got} is not a number: type a number from 1 to {last}."),
	OutOfRange:    i18n.T("{got} is not on the list: type a number from 1 to {last}."),
	YesNo:         "Type y for yes or n for no, then press Enter.",
	EndOfInput:    "No answer (the input ended). Nothing changed.",
	YesWords:      []string{"y", "yes"},
	NoWords:       []string{"n", "no"},
	QuitWords:     []string{"q", "quit"},
	BackWords:     []string{"back"},
	HeaderProject: i18n.T("pickup: {project}"),
	HeaderSource:  i18n.T("pickup: {project} ({source})"),
	Warning:       i18n.T("Warning: {text}"),
	Problem:       i18n.T("Problem: {text}"),
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
	Phase: i18n.T("{name}: {status}"),
	PhaseStatus: map[model.PhaseStatus]string{
		model.PhasePending:    "pending",
		model.PhaseInProgress: "in progress",
		model.PhaseFailed:     "failed",
		model.PhaseCompleted:  "completed",
	},
}

// PickerAsk asks for a session's number, 1 to n; archived counts the
// archived sessions a shows too (0: none hidden).
func (p PlainText) PickerAsk(n, archived int) string {
	also := ""
	if archived > 0 {
		also = p.AskAlso.N(archived)
	}
	return p.Ask.F(n, also)
}

// MenuAsk asks for an option's number, 1 to n; back adds how to return
// to the list of sessions (b), artifacts how to list them (v).
func (p PlainText) MenuAsk(n int, back, artifacts bool) string {
	keys := ""
	if artifacts {
		keys += p.MenuArtifacts
	}
	if back {
		keys += p.MenuBack
	}
	return p.Menu.F(n, keys)
}

// Header is each screen's first line: the project, and its source when
// there is one.
func (p PlainText) Header(project, source string) string {
	if source == "" {
		return p.HeaderProject.F(project)
	}
	return p.HeaderSource.F(project, source)
}
