// Package msg holds every sentence pickup shows a person, so the wizard and
// the plain-text CLI say the same things: English in Go (the Catalog
// value English), every other language in messages/<lang>.json, which a
// translator edits without Go. Nothing here styles text: the tui package
// colours it, the CLI prints it as it is.
package msg

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/model"
)

// Catalog is one language's text. Fields are plain strings, or
// messages (i18n.M, i18n.P) for sentences with values in them; methods
// choose between messages and combine them. English is here; every
// other language is in messages/<lang>.json (For).
type Catalog struct {
	// Lang is the catalog's language, for the words formats declare
	// (i18n.Word).
	Lang i18n.Lang `json:"-"`

	// Relative time, built by Elapsed.
	JustNow              string
	Minutes, Hours, Days i18n.P
	Ago                  i18n.M // {span} ago
	AppName              string
	More                 string // scroll hint: more lines below/above
	Recommends           string // the mark beside the recommended option
	// RecommendsWhy is the mark with its reason, shown while a fact
	// bears on the choice (an alert).
	RecommendsWhy i18n.M
	// Standings are the options screen's first line (Standing): the
	// session's one word (model.Standing) in a sentence.
	Standings StandingText

	// The options screen.
	Welcome        i18n.M
	WelcomeUndated string
	Crashed        string
	LastUpdate     i18n.M
	DataSafe       string
	Prompt         string
	PhaseLabel     string
	PhaseValue     i18n.M
	Choices        map[model.Choice]string // CONTINUE, REVIEW…
	ChoiceHints    map[model.Choice]string // "pick up where it stopped"
	// RestartHint is RESTART's hint for a session of another format
	// than AIOS with no words of its own (an archived one): ChoiceHints'
	// is AIOS's story.
	RestartHint string
	Tradeoffs   map[model.Choice]string // seed 001's options_with_tradeoffs
	Unavailable i18n.M
	Busy        string // the core's model.NoticeBusy

	// phase_not_found.
	PhaseNotFound  i18n.M
	SuggestRestart string

	// The corrupted screen.
	CorruptedTitle string
	FileLabel      string
	// The agent conversation behind the session (loaders/convo): its
	// label, its value (ConversationValue: agent, short id, title, "41m
	// ago", and whether pickup's hook recorded it or it is a guess), and
	// the way back.
	ConversationLabel, BackLabel     string
	ConvRecorded, ConvRecordedTitled i18n.M
	ConvGuessed, ConvGuessedTitled   i18n.M
	ProblemLabel                     string
	OnlyDiscard                      string

	// The review dashboard.
	ReviewTitle                string
	PhasesCount                i18n.M
	UnitsCount                 i18n.M
	UnitsDefault               string
	BranchLabel                string
	ResumeAtPhase, ResumeAtWhy i18n.M // ResumeAt
	HandoffLabel               string
	WarningsHead               string
	NoPhases                   string
	// GridRows says which rows of a REVIEW grid are on screen.
	GridRows i18n.M

	// Waiting for an effect.
	CheckingGit string
	Writing     string

	// VETO-2.
	VetoTitle      string
	VetoFiles      i18n.P
	AndMore        i18n.M
	Cut            i18n.M // closes a text cut for the screen (a 1 MB title): its size in all
	VetoRisk       string
	VetoRecommend  string
	VetoQuestion   string
	VetoSuggestion string
	// NextPrompt is the next step after CONTINUE in the wizard: the
	// command that prints the prompt for the agent, in full (it is meant
	// to be copied).
	NextPrompt i18n.M
	// Veto names the classes of the files it lists and its commands
	// (veto.go); Guard is the other guards' words (alert.go).
	Veto  VetoText
	Guard GuardText
	// GitRefused* is VETO-2 failing closed: git would not look at the
	// repository (another user owns it). The suggestion names the
	// repository's folder, quoted for a shell.
	GitRefusedTitle      string
	GitRefusedSuggestion i18n.M
	// GitFailed* is VETO-2 failing closed because a git command failed
	// in a repository (a corrupt index, a bad config line, a .git that
	// points nowhere…); the reason carries git's own error.
	GitFailedTitle      string
	GitFailedSuggestion string

	// The discard confirmation.
	DiscardTitle      string
	DiscardWhat       string
	DiscardMoves      string
	DiscardAlso       string
	DiscardRename     i18n.M
	DiscardRestore    string
	DiscardRestoreAll string
	DiscardQuestion   string
	ConfirmHead       string // "Confirm", before the choice's name
	ConfirmYN         string // the answer prompt under a source's own question

	// A write that failed.
	FailedTitle    string
	NothingWritten string
	FailedBack     string

	// Outcomes, one line each (DecisionText).
	UnitKinds    UnitKindText
	Outcome      OutcomeText
	Archived     i18n.M
	Fresh        string
	ShowProgress string
	ChangedHead  string
	UndoHint     i18n.M // the done screen's and the CLI's last line
	QuitText     string
	Interrupted  string
	NoSession    string
	OptionsHead  string

	// The session picker and the artifact browser (picker.go).
	Picker PickerText
	// Accessible mode's plain prompts (plain.go).
	Plain   PlainText
	Browser BrowserText
	// The session as a file on disk, and a terminal too small (session.go).
	Session SessionText
	// What `pickup hook` tells an agent at session start (hook.go).
	Hook HookText

	// Key help, for the help bar.
	Keys KeyText

	// What a language adds beyond sentences (lang.go): marks, number
	// format, answer keys.
	Local LocalText

	// Core is the core's own sentences (model.Config.Words): crash
	// reasons, the evidence in the session's files, the context guard.
	// They are the core's messages (model.WordsIn), which For puts here.
	Core model.Words `json:"-"`
}

// StandingText says where a session stands, the one word first (seed
// 001's own greeting for a pause, and its crash banner); with its
// time ({ago}) or without.
type StandingText struct {
	Running, Crashed, Archived, Corrupted         string
	Interrupted, Ready, Done                      i18n.M
	InterruptedUndated, ReadyUndated, DoneUndated string
}

// UnitKindText names the unit a decision is about (UnitOf): "story
// 12.3", "scene ch001_sc003".
type UnitKindText struct {
	Story, Scene, Chapter, Unit i18n.M
}

// OutcomeText are the outcomes' sentences DecisionText chooses from.
type OutcomeText struct {
	// Resuming: a unit at a phase, a unit, a phase, or neither.
	ResumingUnitPhase, ResumingUnit, ResumingPhase i18n.M
	ResumingHere                                   string
	// Restarted: a unit, or the whole workflow.
	RestartedUnit i18n.M
	RestartedAll  string
	// Blocked: by n files' changes, or by changes not counted.
	BlockedFiles i18n.P
	BlockedAny   string
}

// KeyText is the help bar's wording.
type KeyText struct {
	Up, Down, Move, Choose, Back, Quit, More, Less string
	Scroll, PageUp, PageDown, Top, Bottom          string
	VetoYes, VetoNo, DiscardYes, DiscardNo         string
	QuestionYes, QuestionNo                        string
	CancelCheck                                    string
	// A REVIEW grid's cursor.
	Left, Right string
	// The picker and the browser.
	Filter, ApplyFilter, ClearFilter, ShowAll, HideArchived string
	// Worktrees, HideWorktrees: the picker's w, the sessions of the
	// repository's other worktrees.
	Worktrees, HideWorktrees        string
	Artifacts, Edit, Open, Sessions string
	// Off marks an option the full help lists but the core turned off.
	Off string
	// Choices describes the choices' letters in one help entry
	// ("c/R/D choices").
	Choices string
}

// English is the default catalog.
var English = Catalog{
	JustNow: "just now",
	Minutes: i18n.Plural("{n} minute", "{n} minutes"),
	Hours:   i18n.Plural("{n} hour", "{n} hours"),
	Days:    i18n.Plural("{n} day", "{n} days"),
	Ago:     i18n.T("{span} ago"),

	AppName:       "pickup",
	More:          "more",
	Recommends:    "(recommended)",
	RecommendsWhy: i18n.T("(recommended: {why})"),
	Standings: StandingText{
		Running:            "Running: there are signs that the workflow is still at work.",
		Crashed:            "The previous session crashed.",
		Interrupted:        i18n.T("Interrupted {ago}: the run stopped without a pause."),
		InterruptedUndated: "Interrupted: the run stopped without a pause.",
		Ready:              i18n.T("Ready: the last run finished its step {ago}."),
		ReadyUndated:       "Ready: the last run finished its step.",
		Done:               i18n.T("Done: the workflow finished {ago}."),
		DoneUndated:        "Done: the workflow finished.",
		Archived:           "Archived: this session is kept as history, not resumed.",
		Corrupted:          "Corrupted: the state file cannot be read.",
	},

	Welcome:        i18n.T("Welcome back! You paused {ago}."),
	WelcomeUndated: "Welcome back!",
	Crashed:        "The previous session crashed.",
	LastUpdate:     i18n.T("Last update: {ago}"),
	DataSafe:       "Your data is safe. What do you want to do?",
	Prompt:         "What do you want to do?",
	PhaseLabel:     "Phase",
	PhaseValue:     i18n.T("{phase} ({done}/{total} completed)"),
	Choices: map[model.Choice]string{
		model.Continue: "CONTINUE",
		model.Review:   "REVIEW",
		model.Restart:  "RESTART",
		model.Discard:  "DISCARD",
	},
	ChoiceHints: map[model.Choice]string{
		model.Continue: "pick up where it stopped",
		model.Review:   "see detailed progress",
		model.Restart:  "start the story again from phase 1",
		model.Discard:  "archive the session and start fresh",
	},
	RestartHint: "start again from the first phase",
	Tradeoffs: map[model.Choice]string{
		model.Continue: "fastest: nothing is done twice",
		model.Review:   "information only: changes nothing",
		model.Restart:  "work is lost if it is not committed (git is checked first)",
		model.Discard:  "a new start: the file is archived, not deleted",
	},
	Unavailable: i18n.T("not available: {reason}"),
	Busy:        "A write is under way; wait for it to finish.",

	PhaseNotFound:  i18n.T("The state names a phase this workflow does not have: {detail}."),
	SuggestRestart: "RESTART is suggested: it starts again from phase 1.",

	CorruptedTitle:     "The state file cannot be read.",
	FileLabel:          "File",
	ConversationLabel:  "Conversation",
	BackLabel:          "Back into it",
	ConvRecorded:       i18n.T("{agent} {id}, {ago} (recorded by pickup's hook)"),
	ConvRecordedTitled: i18n.T("{agent} {id} «{title}», {ago} (recorded by pickup's hook)"),
	ConvGuessed:        i18n.T("{agent} {id}, {ago} (probably: same folder and time)"),
	ConvGuessedTitled:  i18n.T("{agent} {id} «{title}», {ago} (probably: same folder and time)"),
	ProblemLabel:       "Problem",
	OnlyDiscard:        "Only DISCARD is possible: it archives the file, nothing is deleted.",

	ReviewTitle:   "Detailed progress",
	PhasesCount:   i18n.T("Phases {done}/{total}"),
	UnitsCount:    i18n.T("{label} {done}/{total} ({percent}%)"),
	UnitsDefault:  "Units",
	BranchLabel:   "Branch",
	ResumeAtPhase: i18n.T("Resume at: {phase}"),
	ResumeAtWhy:   i18n.T("Resume at: {phase} ({reason})"),
	HandoffLabel:  "Handoff",
	WarningsHead:  "Warnings",
	NoPhases:      "No phases recorded.",
	GridRows:      i18n.T("rows {from}-{to} of {total}"),

	CheckingGit: "Checking git for uncommitted changes…",
	Writing:     "Writing…",

	VetoTitle:      "Restart blocked",
	VetoFiles:      i18n.Plural("{n} file has uncommitted changes:", "{n} files have uncommitted changes:"),
	AndMore:        i18n.T("… and {n} more"),
	Cut:            i18n.T("… (cut for the screen: {size} in all)"),
	VetoRisk:       "Restart resets the workflow state, but changes on disk stay. You risk losing the context of your work.",
	VetoRecommend:  "We recommend:",
	Veto:           englishVeto,
	Guard:          englishGuard,
	VetoQuestion:   "Back to the resume menu? [y/n]",
	VetoSuggestion: "Commit or stash your changes before restart.",
	NextPrompt:     i18n.T("Next: pickup resume --choice continue --emit prompt --session {id}"),

	GitRefusedTitle: "Restart blocked: git would not check this repository",
	GitRefusedSuggestion: i18n.T("To restart without the uncommitted-changes check, run pickup again with --allow-unchecked-restart. " +
		"If you own this folder and trust it, mark it safe instead: git config --global --add safe.directory {folder}"),
	GitFailedTitle: "Restart blocked: git failed on this repository",
	GitFailedSuggestion: "Repair the repository until `git status` works in it (the error above is git's own), then choose RESTART again. " +
		"To restart without the uncommitted-changes check, run pickup again with --allow-unchecked-restart.",

	DiscardTitle:      "Discard: archive the session and start fresh",
	DiscardWhat:       "The state file is archived, not deleted:",
	DiscardMoves:      "Each of these is archived (renamed beside itself), not deleted:",
	DiscardAlso:       "This also moves (renamed beside itself, not deleted):",
	DiscardRename:     i18n.T("It is renamed to {archived} in the same folder."),
	DiscardRestore:    "To get the session back: pickup undo (or rename it back).",
	DiscardRestoreAll: "To get the session back: pickup undo (or rename them back).",
	DiscardQuestion:   "Discard this session? [y/N]",
	ConfirmHead:       "Confirm",
	ConfirmYN:         "Proceed? [y/N]",

	FailedTitle:    "The write did not go through.",
	NothingWritten: "Nothing was written.",
	FailedBack:     "esc: back to the menu",

	UnitKinds: UnitKindText{
		Story: i18n.T("story {id}"), Scene: i18n.T("scene {id}"), Chapter: i18n.T("chapter {id}"), Unit: i18n.T("unit {id}"),
	},
	Outcome: OutcomeText{
		ResumingUnitPhase: i18n.T("Resuming {unit} at phase {phase}"),
		ResumingUnit:      i18n.T("Resuming {unit}"),
		ResumingPhase:     i18n.T("Resuming at phase {phase}"),
		ResumingHere:      "Resuming where it stopped",
		RestartedUnit:     i18n.T("Workflow reset; {unit} starts again from phase 1"),
		RestartedAll:      "Workflow reset; it starts again from phase 1",
		BlockedFiles:      i18n.Plural("Restart blocked by uncommitted changes ({n} file)", "Restart blocked by uncommitted changes ({n} files)"),
		BlockedAny:        "Restart blocked by uncommitted changes",
	},
	Archived:     i18n.T("Session archived to {path}; nothing was deleted. Next: start the workflow again with its own command, or run pickup for the sessions left."),
	Fresh:        "No saved session. Starting fresh.",
	ShowProgress: "Showing progress.",
	ChangedHead:  "Changed",
	UndoHint:     i18n.T("To take this back: {command}"),
	QuitText:     "Nothing changed.",
	Interrupted:  "Interrupted. Nothing changed.",
	NoSession:    "No saved session found.",
	OptionsHead:  "Options",

	Keys: KeyText{
		Up: "up", Down: "down", Move: "move", Choose: "choose", Back: "back", Quit: "quit",
		More: "more", Less: "less",
		Scroll: "scroll", PageUp: "page up", PageDown: "page down", Top: "top", Bottom: "bottom",
		VetoYes: "back to menu", VetoNo: "stop here",
		DiscardYes: "discard", DiscardNo: "keep",
		QuestionYes: "yes", QuestionNo: "no",
		CancelCheck: "cancel",
		Filter:      "filter", ApplyFilter: "apply", ClearFilter: "clear filter",
		ShowAll: "show all", HideArchived: "hide archived",
		Worktrees: "other worktrees", HideWorktrees: "this worktree only",
		Artifacts: "artifacts", Edit: "edit", Open: "open in pager", Sessions: "sessions",
		Left: "left", Right: "right",
		Off: "(not available)", Choices: "choices",
	},
	Picker:  englishPicker,
	Plain:   englishPlain,
	Browser: englishBrowser,
	Session: englishSession,
	Hook:    englishHook,
	Lang:    i18n.English,
	Local:   englishLocal,
	Core:    model.EnglishWords,
}

// Standing says where a session stands, the one word first; ago is "2
// hours ago", or "" when the state records no time.
func (c *Catalog) Standing(st model.Standing, ago string) string {
	t := c.Standings
	dated := func(m i18n.M, undated string) string {
		if ago == "" {
			return undated
		}
		return m.F(ago)
	}
	switch st {
	case model.StandingRunning:
		return t.Running
	case model.StandingCrashed:
		return t.Crashed
	case model.StandingInterrupted:
		return dated(t.Interrupted, t.InterruptedUndated)
	case model.StandingReady:
		return dated(t.Ready, t.ReadyUndated)
	case model.StandingDone:
		return dated(t.Done, t.DoneUndated)
	case model.StandingArchived:
		return t.Archived
	case model.StandingCorrupted:
		return t.Corrupted
	}
	return dated(c.Welcome, c.WelcomeUndated)
}

// ConversationValue is the conversation behind the session: agent,
// short id, title (may be empty), how long ago, and whether pickup's
// hook recorded it or it is a guess.
func (c *Catalog) ConversationValue(agent, id, title, ago string, recorded bool) string {
	switch {
	case recorded && title != "":
		return c.ConvRecordedTitled.F(agent, id, title, ago)
	case recorded:
		return c.ConvRecorded.F(agent, id, ago)
	case title != "":
		return c.ConvGuessedTitled.F(agent, id, title, ago)
	}
	return c.ConvGuessed.F(agent, id, ago)
}

// ResumeAt is "Resume at: development (in progress)"; reason may be
// empty.
func (c *Catalog) ResumeAt(phase, reason string) string {
	if reason == "" {
		return c.ResumeAtPhase.F(phase)
	}
	return c.ResumeAtWhy.F(phase, reason)
}

// Resuming is CONTINUE's outcome; unit and phase may be empty.
func (c *Catalog) Resuming(unit, phase string) string {
	o := c.Outcome
	switch {
	case unit != "" && phase != "":
		return o.ResumingUnitPhase.F(unit, phase)
	case unit != "":
		return o.ResumingUnit.F(unit)
	case phase != "":
		return o.ResumingPhase.F(phase)
	}
	return o.ResumingHere
}

// Restarted is RESTART's outcome; unit may be empty.
func (c *Catalog) Restarted(unit string) string {
	if unit == "" {
		return c.Outcome.RestartedAll
	}
	return c.Outcome.RestartedUnit.F(unit)
}

// Blocked is a vetoed RESTART's outcome: files is how many files block
// it (0: not said).
func (c *Catalog) Blocked(files int) string {
	if files == 0 {
		return c.Outcome.BlockedAny
	}
	return c.Outcome.BlockedFiles.N(files)
}

// Elapsed says how long ago something happened, from whole minutes:
// "just now", "5 minutes ago", "2 hours ago", "3 days ago". Hours are used
// below 48 hours, as model.Elapsed does.
func (c *Catalog) Elapsed(minutes int) string {
	switch {
	case minutes <= 0:
		return c.JustNow
	case minutes < 60:
		return c.Ago.F(c.Minutes.N(minutes))
	case minutes < 48*60:
		return c.Ago.F(c.Hours.N(minutes / 60))
	default:
		return c.Ago.F(c.Days.N(minutes / (24 * 60)))
	}
}

// Reason returns the catalog's wording of a reason the core gave.
func (c *Catalog) Reason(r string) string { return c.Core.Reason(r) }

// Notice returns the wording of the core's one-off notice.
func (c *Catalog) Notice(n string) string {
	if n == model.NoticeBusy {
		return c.Busy
	}
	return c.Reason(n)
}

// ChoiceName is the choice's word, the same in every format:
// CONTINUE, REVIEW, RESTART, DISCARD.
func (c *Catalog) ChoiceName(ch model.Choice) string {
	if name, ok := c.Choices[ch]; ok {
		return name
	}
	return strings.ToUpper(string(ch))
}

// ChoiceWords are what the choice does, in the format's own words when
// it has them (model.ChoicePolicy Label and Hint: kiln's "Answer, then
// relaunch (/kiln-fire)", which the loader says in the run's language),
// else the catalog's hint. s may be nil.
func (c *Catalog) ChoiceWords(s *model.Session, ch model.Choice) string {
	hint := c.ChoiceHints[ch]
	if ch == model.Restart && s != nil && s.Source != "" && s.Source != "aios" && c.RestartHint != "" {
		hint = c.RestartHint
	}
	if s != nil && s.Policy != nil {
		p := s.Policy[ch]
		switch {
		case p.Label != "" && p.Hint != "":
			return p.Label + " - " + p.Hint
		case p.Label != "":
			return p.Label
		case p.Hint != "":
			hint = p.Hint
		}
	}
	return hint
}

// Tradeoff is the catalog's tradeoff for a choice, as the line under its
// words (ChoiceWords) shows it: when the tradeoff only repeats those
// words (seed 001's "Ver progresso detalhado (informação)" under "Ver
// progresso detalhado" on a crucible menu), just what it adds in
// parentheses ("informação"), or nothing. An AIOS session's menu keeps
// seed 001's lines word for word, as the seed surfaces them. s may be
// nil.
func (c *Catalog) Tradeoff(s *model.Session, ch model.Choice) string {
	t := c.Tradeoffs[ch]
	if s == nil || s.Source == "aios" {
		return t
	}
	head, paren := t, ""
	if i := strings.LastIndex(t, " ("); i > 0 && strings.HasSuffix(t, ")") {
		head, paren = t[:i], t[i+2:len(t)-1]
	}
	said := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(c.ChoiceWords(s, ch))) {
		said[w] = true
	}
	for _, w := range strings.Fields(strings.ToLower(head)) {
		if !said[w] {
			return t
		}
	}
	return paren
}

// ChoiceLine is "CONTINUE - pick up where it stopped": the choice's
// word, then what it does (ChoiceWords). s may be nil.
func (c *Catalog) ChoiceLine(s *model.Session, ch model.Choice) string {
	if w := c.ChoiceWords(s, ch); w != "" {
		return c.ChoiceName(ch) + " - " + w
	}
	return c.ChoiceName(ch)
}

// RecommendMark is the mark beside a recommended option: with its
// reason while a fact bears on the choice (alerted).
func (c *Catalog) RecommendMark(o model.Option, alerted bool) string {
	if alerted && o.Why != "" {
		return c.RecommendsWhy.F(o.Why)
	}
	return c.Recommends
}

// ConfirmTitle heads a source's own confirmation question.
func (c *Catalog) ConfirmTitle(ch model.Choice) string {
	name, ok := c.Choices[ch]
	if !ok {
		name = strings.ToUpper(string(ch))
	}
	return c.ConfirmHead + ": " + name
}

// Greeting is the first line of the options screen: where the session
// stands, in one word (model.StandingOf) and a sentence. A crucible run
// is never "paused", an archived session never welcomed back.
func (c *Catalog) Greeting(s *model.Session, crash model.CrashInfo) string {
	ago := ""
	if s != nil && s.HasLastUpdated {
		ago = c.Elapsed(crash.MinutesSinceUpdate)
	}
	return c.Standing(model.StandingOf(s, crash), ago)
}

// Facts are the labelled lines describing a session: the loader's Fields
// in order, a phase field naming one of the session's phases getting the
// count of completed phases ("development (1/6 completed)"); when the
// loader gave no phase field, the current phase is added that way.
func (c *Catalog) Facts(s *model.Session) [][2]string {
	if s == nil {
		return nil
	}
	var out [][2]string
	hasPhase := false
	for _, f := range s.Fields {
		v := f.Value
		if f.Key == "phase" {
			hasPhase = true
			if phaseNamed(s, v) {
				v = c.PhaseValue.F(c.Phase(v), s.PhasesDone(), len(s.Phases))
			}
		}
		out = append(out, [2]string{c.Word(f.Label), v})
	}
	if cur := s.CurrentPhase(); !hasPhase && cur != "" {
		out = append(out, [2]string{c.PhaseLabel, c.PhaseValue.F(c.Phase(cur), s.PhasesDone(), len(s.Phases))})
	}
	return out
}

func phaseNamed(s *model.Session, name string) bool {
	for _, p := range s.Phases {
		if p.Name == name {
			return true
		}
	}
	return false
}

// upperFirst capitalises a label that starts a line ("stories").
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// UnitsLine is "Stories 2/6 (33%)", or "" when the source counts no units.
func (c *Catalog) UnitsLine(s *model.Session) string {
	if s == nil || s.Units == nil || s.Units.Total <= 0 {
		return ""
	}
	label := c.Word(s.UnitsLabel)
	if label == "" {
		label = c.UnitsDefault
	}
	return c.UnitsCount.F(upperFirst(label), s.Units.Done, s.Units.Total, s.Units.Percent())
}

// ProgressLine is "Phases 1/6 · Stories 2/6 (33%)" (either part may be
// missing).
func (c *Catalog) ProgressLine(s *model.Session) string {
	return strings.Join(c.ProgressParts(s), " · ")
}

// ProgressParts are ProgressLine's parts, for a screen that joins them
// with its own separator.
func (c *Catalog) ProgressParts(s *model.Session) []string {
	if s == nil {
		return nil
	}
	var parts []string
	if len(s.Phases) > 0 {
		parts = append(parts, c.PhasesCount.F(s.PhasesDone(), len(s.Phases)))
	}
	if u := c.UnitsLine(s); u != "" {
		parts = append(parts, u)
	}
	return parts
}

// StatusText is the plain summary `pickup status` prints: greeting (or
// crash notice), facts, progress, resume point, the menu and warnings.
func (c *Catalog) StatusText(s *model.Session, crash model.CrashInfo, opts []model.Option) string {
	if s == nil {
		return c.NoSession + "\n"
	}
	var b strings.Builder
	line := func(parts ...string) {
		b.WriteString(strings.Join(parts, ""))
		b.WriteByte('\n')
	}
	if s.Problem != nil && s.Problem.Kind == model.ErrCorrupted {
		line("! ", c.CorruptedTitle)
		line(c.FileLabel, ": ", s.Path)
		line(c.ProblemLabel, ": ", s.Problem.Text())
		line(c.OnlyDiscard)
	} else {
		if crash.Detected {
			line("! ", c.Crashed)
			if s.HasLastUpdated {
				line(c.LastUpdate.F(c.Elapsed(crash.MinutesSinceUpdate)))
			}
		} else {
			line(c.Greeting(s, crash))
			if s.Headline != "" {
				line(s.Headline)
			}
		}
		for _, f := range c.Facts(s) {
			line(f[0], ": ", f[1])
		}
		if p := c.ProgressLine(s); p != "" {
			line(p)
		}
		if s.ResumePoint.Phase != "" {
			line(c.ResumeAt(c.Phase(s.ResumePoint.Phase), s.ResumePoint.Reason))
		}
		if s.Problem != nil && s.Problem.Kind == model.ErrPhaseNotFound {
			line("! ", c.PhaseNotFound.F(s.Problem.Detail))
			line(c.SuggestRestart)
		}
	}
	// The alerts themselves are said by the caller (cmd, beside the
	// guard); here they ask a recommendation to say why.
	alerts := model.State{Session: s, Crash: crash}.Alerts()
	if vis := model.Visible(opts); len(vis) > 0 {
		line(c.OptionsHead, ":")
		for i, o := range vis {
			l := fmt.Sprintf("  %d. %s", i+1, c.ChoiceLine(s, o.Choice))
			if o.Recommended && o.Enabled {
				l += " " + c.RecommendMark(o, len(alerts) > 0)
			}
			if !o.Enabled && o.Reason != "" {
				l += " [" + c.Unavailable.F(c.Reason(o.Reason)) + "]"
			}
			line(l)
		}
	}
	if len(s.Warnings) > 0 {
		line(c.WarningsHead, ":")
		for _, w := range s.Warnings {
			line("  ! ", w)
		}
	}
	return b.String()
}

// UnitOf names the unit a decision is about ("story 12.3") from its
// restored context, or "" when the context does not say.
func (c *Catalog) UnitOf(d model.Decision) string {
	k := c.UnitKinds
	for _, kind := range []struct {
		key string
		m   i18n.M
	}{{"story", k.Story}, {"scene", k.Scene}, {"chapter", k.Chapter}, {"unit", k.Unit}} {
		v, ok := d.Context[kind.key]
		if !ok || v == nil {
			continue
		}
		var id string
		switch v := v.(type) {
		case string:
			id = v
		case float64:
			// YAML reads unquoted story ids such as 12.3 as floats.
			id = strconv.FormatFloat(v, 'f', -1, 64)
		default:
			id = fmt.Sprint(v)
		}
		if id != "" {
			return kind.m.F(id)
		}
	}
	return ""
}

// DecisionText is the one-line outcome of a decision: the source's own
// line when it gave one (model.Session.Outcomes), else the catalog's.
func (c *Catalog) DecisionText(d model.Decision) string {
	if d.Text != "" {
		return d.Text
	}
	switch d.Action {
	case model.ActionContinue:
		return c.Resuming(c.UnitOf(d), c.Phase(d.ResumePoint.Phase))
	case model.ActionRestart:
		return c.Restarted(c.UnitOf(d))
	case model.ActionRestartBlocked:
		n := 0
		if d.Veto != nil {
			if d.Veto.FailsClosed() {
				title, _ := c.FailClosed(d.Veto)
				return title
			}
			n = len(d.Veto.Files)
		}
		return c.Blocked(n)
	case model.ActionDiscarded:
		return c.Archived.F(d.ArchivedTo)
	case model.ActionFresh:
		return c.Fresh
	case model.ActionShowProgress:
		return c.ShowProgress
	}
	return string(d.Action)
}

// FailClosed is the title and the way on of a veto that fails closed
// (git refused or failed to look at the repository).
func (c *Catalog) FailClosed(v *model.Veto) (title, suggestion string) {
	if v.Kind == model.VetoGitFailed {
		return c.GitFailedTitle, c.GitFailedSuggestion
	}
	return c.GitRefusedTitle, c.GitRefusedSuggestion.F(model.ShellQuote(v.Repo))
}
