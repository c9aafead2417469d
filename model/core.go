package model

import (
	"strings"
	"time"
)

// Screen is where the wizard stands. Each maps to a node of seed 001's
// flowchart.
type Screen string

const (
	ScreenLoading   Screen = "loading" // START: waiting for the loader
	ScreenNoSession Screen = "no_session"
	ScreenCorrupted Screen = "corrupted" // session_corrupted: DISCARD only
	ScreenOptions   Screen = "options"   // OPTIONS (normal or crash message)
	ScreenReview    Screen = "review"    // DISPLAY: progress dashboard
	ScreenGitCheck  Screen = "git_check" // VETO2: waiting for git
	ScreenVeto      Screen = "veto"      // BLOCK + MSG
	ScreenConfirm   Screen = "confirm"   // CONFIRM discard (or a source's own question)
	ScreenApplying  Screen = "applying"  // a write is under way
	ScreenFailed    Screen = "failed"    // a write was refused or failed
	ScreenDone      Screen = "done"      // a decision was reached
	ScreenQuit      Screen = "quit"      // the person left; nothing changed
)

// Config holds the knobs the core obeys.
type Config struct {
	CrashAfter time.Duration
	// Words are the core's own sentences in the run's language (nil:
	// English).
	Words *Words `json:"-"`
}

// State is the whole wizard state. It is a value: Step returns a new one.
type State struct {
	Config   Config
	Screen   Screen
	Session  *Session
	Crash    CrashInfo
	Options  []Option
	Veto     *Veto
	Decision *Decision
	// Pending is the choice being carried out (restart or discard) while
	// the wizard waits for git or a write.
	Pending Choice
	// Failure explains ScreenFailed.
	Failure string
	// Notice is a one-off message for the current screen (e.g. why a key
	// did nothing).
	Notice string
	// Warnings collects what the person should know (git unavailable…).
	Warnings []string
	// Checkout is the project's checkout when the session was loaded
	// (nil when not read); Mismatch is what the context guard found
	// against it (ContextAlerts): CONTINUE asks first when there is any.
	Checkout *Checkout
	Mismatch []Alert
	// Conversation is the agent conversation behind the session, as
	// Loaded brought it (nil: none).
	Conversation *Conversation
}

// Veto is VETO-2's verdict: RESTART is blocked by uncommitted changes,
// or because git refused to check (Reason says why).
type Veto struct {
	Kind string `json:"veto"`
	// Files are the paths that block RESTART (the run's and the
	// person's changes), in git's order.
	Files []string `json:"files"`
	// Changes are every file git reported, with its status and class
	// (the session's own state and pickup's own files included: they
	// are why those did not block).
	Changes []VetoFile `json:"changes,omitempty"`
	// Advice is the way out as commands to paste (a stash, or a commit
	// of the blocking files by name).
	Advice []string `json:"advice,omitempty"`
	Reason string   `json:"reason,omitempty"`
	// Repo, for a veto that fails closed, is the repository's folder
	// (the one git's safe.directory needs).
	Repo string `json:"-"`
	// IgnoredCut says the scan of ignored files stopped before its end
	// (GitChecked.IgnoredCut).
	IgnoredCut bool `json:"-"`
}

// VetoUncommitted is VETO-2's kind.
const VetoUncommitted = "uncommitted_changes"

// VetoGitRefused is VETO-2 failing closed: git refused to look at the
// repository, so uncommitted work cannot be ruled out.
const VetoGitRefused = "git_refused"

// VetoGitFailed is VETO-2 failing closed: there is a repository (a .git
// at or above the project) and a git command failed (a corrupt index, a
// bad config line, a .git that loops or points nowhere, a configuration
// git could not finish reading), so
// uncommitted work cannot be ruled out. Files already found are listed.
const VetoGitFailed = "git_failed"

// MaxIgnored caps the scan of files git ignores (GitChecked.IgnoredCut).
const MaxIgnored = 20000

// FailsClosed reports whether the veto is git failing or refusing to
// look (rather than files found): --allow-unchecked-restart is the way
// past it.
func (v *Veto) FailsClosed() bool {
	return v != nil && (v.Kind == VetoGitRefused || v.Kind == VetoGitFailed)
}

// NewState is the START node.
func NewState(cfg Config) State {
	if cfg.CrashAfter <= 0 {
		cfg.CrashAfter = DefaultCrashAfter
	}
	return State{Config: cfg, Screen: ScreenLoading}
}

// Terminal reports whether the wizard has ended.
func (s State) Terminal() bool {
	return s.Screen == ScreenDone || s.Screen == ScreenQuit || s.Screen == ScreenNoSession
}

// ---- events ----

// Event is input to Step: something the person did, or the result of an
// effect.
type Event interface{ isEvent() }

// Loaded carries the loader's result and the clock reading used for crash
// detection. Session is nil when no state file exists. A corrupted file
// gives a Session holding at least Source, Path and Problem.
type Loaded struct {
	Session *Session
	Now     time.Time
	// Activity is the evidence, gathered by the caller, that the
	// session's workflow is still at work (see CrashInfo.WithActivity).
	// The session's own recent writes (FilesActivity) are added by the
	// core itself.
	Activity []Activity
	// Checkout is the project's git checkout as the caller read it (nil:
	// not read, nothing compared): the context guard compares it with
	// what the session records (Session.Recorded).
	Checkout *Checkout
	// Conversation is the agent conversation most probably behind the
	// session (nil: none found, or not looked for).
	Conversation *Conversation
}

// Chose is a pick from the options screen.
type Chose struct{ Choice Choice }

// Back is esc: leave the current screen without doing anything.
type Back struct{}

// Quit is q or ctrl+c: leave the wizard, changing nothing.
type Quit struct{}

// Confirmed answers a yes/no question (discard confirmation, or the veto's
// "back to the menu?").
type Confirmed struct{ Yes bool }

// GitChecked is the result of CheckGit.
type GitChecked struct {
	// Available is false when git is missing or the project is not a
	// repository; Warning then says which.
	Available bool
	Warning   string
	// Refused, when not empty, says git refused to look at the
	// repository (another user owns it): VETO-2 fails closed and RESTART
	// is blocked, with this as the reason.
	Refused string
	// Failed, when not empty, says a git command failed in a folder that
	// is a repository (git's error in words): VETO-2 fails closed and
	// RESTART is blocked. Files and Changes keep what was found before
	// the failure (the main tree's changes when a submodule failed).
	Failed string
	// Repo is the repository's folder (where its .git is), when known.
	Repo string
	// IgnoredCut says the scan of ignored files stopped at its cap:
	// files beyond it were not looked at.
	IgnoredCut bool
	// Files are the paths with uncommitted changes.
	Files []string
	// Changes are the same files with git's status, a rename's origin,
	// their time on disk and whether pickup owns them, for the veto's
	// classification (Classify). When empty, Files are classified by
	// path alone.
	Changes []Change
	// Cwd is the caller's working folder: when it is not the project,
	// the veto's commands name the project with git -C.
	Cwd string
}

// Applied is the result of Apply.
type Applied struct {
	Choice     Choice
	Changed    []string
	ArchivedTo string
	// Undo is the command that takes the write back (pickup undo), ""
	// when nothing was written.
	Undo string
	Err  error
}

func (Loaded) isEvent()     {}
func (Chose) isEvent()      {}
func (Back) isEvent()       {}
func (Quit) isEvent()       {}
func (Confirmed) isEvent()  {}
func (GitChecked) isEvent() {}
func (Applied) isEvent()    {}

// ---- effects ----

// Effect is an I/O request the caller carries out and answers with an
// event.
type Effect interface{ isEffect() }

// CheckGit asks for `git status` of the project (VETO-2); answer
// GitChecked with paths relative to Dir. Since, when not zero, is the
// session's recorded start: the files git ignores that changed since
// then are asked for too.
type CheckGit struct {
	Dir   string
	Since time.Time
}

// Apply asks the session's loader to carry out a choice's write: reset the
// workflow for Restart, archive the file for Discard, a source's resume
// bookkeeping for Continue. Answer Applied.
type Apply struct {
	Choice  Choice
	Session *Session
	// Checkout is the checkout the session was loaded on, when the
	// session records a place (Recorded): the caller refuses the write
	// when HEAD or the branch moved since (GuardHeadMoved).
	Checkout *Checkout
}

// Emit hands the final decision to the caller (stdout, JSON).
type Emit struct{ Decision Decision }

func (CheckGit) isEffect() {}
func (Apply) isEffect()    {}
func (Emit) isEffect()     {}

// ---- the transition function ----

// Step is the wizard: seed 001's flowchart, edge for edge. It never does
// I/O; it returns the next state and the effects to carry out.
func Step(s State, ev Event) (State, []Effect) {
	s.Notice = ""
	if _, ok := ev.(Quit); ok {
		if s.Screen == ScreenApplying {
			// A write is under way; leaving now would hide its outcome.
			s.Notice = NoticeBusy
			return s, nil
		}
		if s.Terminal() {
			return s, nil
		}
		s.Screen = ScreenQuit
		return s, nil
	}
	switch s.Screen {
	case ScreenLoading:
		return stepLoading(s, ev)
	case ScreenOptions, ScreenCorrupted:
		return stepOptions(s, ev)
	case ScreenReview:
		if isBack(ev) {
			s.Screen = optionsScreen(s)
		}
		return s, nil
	case ScreenGitCheck:
		return stepGitCheck(s, ev)
	case ScreenVeto:
		return stepVeto(s, ev)
	case ScreenConfirm:
		return stepConfirm(s, ev)
	case ScreenApplying:
		return stepApplying(s, ev)
	case ScreenFailed:
		if isBack(ev) {
			s.Screen, s.Failure, s.Pending = optionsScreen(s), "", ""
		}
		return s, nil
	}
	return s, nil
}

// NoticeBusy is the core's word when a key is ignored during a write.
const NoticeBusy = "busy"

func isBack(ev Event) bool {
	switch e := ev.(type) {
	case Back:
		return true
	case Confirmed:
		return e.Yes
	}
	return false
}

func optionsScreen(s State) Screen {
	if s.Session != nil && s.Session.Problem.OnlyDiscard() {
		return ScreenCorrupted
	}
	return ScreenOptions
}

func stepLoading(s State, ev Event) (State, []Effect) {
	l, ok := ev.(Loaded)
	if !ok {
		return s, nil
	}
	if l.Session == nil {
		// CHECK -->|No| FRESH
		s.Screen = ScreenNoSession
		d := Decision{Action: ActionFresh}
		s.Decision = &d
		return s, []Effect{Emit{Decision: d}}
	}
	s.Session = l.Session
	if !l.Session.Problem.OnlyDiscard() {
		act := append(append([]Activity(nil), l.Activity...), s.Config.words().FilesActivity(l.Session, l.Now, s.Config.CrashAfter)...)
		s.Crash = s.Config.words().DetectCrash(l.Session, l.Now, s.Config.CrashAfter).WithActivity(act)
		s.Checkout = l.Checkout
		s.Conversation = l.Conversation
		s.Mismatch = s.Config.words().ContextAlerts(l.Session.Recorded, l.Checkout)
	}
	s.Options = Options(l.Session, s.Crash, s.Mismatch...)
	s.Screen = optionsScreen(s)
	return s, nil
}

func stepOptions(s State, ev Event) (State, []Effect) {
	c, ok := ev.(Chose)
	if !ok {
		return s, nil
	}
	opt, found := Find(s.Options, c.Choice)
	if !found || !opt.Enabled {
		s.Notice = opt.Reason
		return s, nil
	}
	pol := s.Session.policy(c.Choice)
	switch c.Choice {
	case Continue:
		if pol.Confirm != "" || s.asksMismatch() {
			s.Pending, s.Screen = Continue, ScreenConfirm
			return s, nil
		}
		if pol.Writes {
			return startApply(s, Continue)
		}
		return decide(s, continueDecision(s, nil))
	case Review:
		s.Screen = ScreenReview
		return s, nil
	case Restart:
		// RESTART always passes VETO-2 first; nothing is written before.
		s.Pending = Restart
		s.Screen = ScreenGitCheck
		return s, []Effect{CheckGit{Dir: s.Session.Project, Since: s.Session.Recorded.Started}}
	case Discard:
		s.Pending = Discard
		s.Screen = ScreenConfirm
		return s, nil
	}
	return s, nil
}

func stepGitCheck(s State, ev Event) (State, []Effect) {
	switch e := ev.(type) {
	case Back:
		s.Screen, s.Pending = optionsScreen(s), ""
		return s, nil
	case GitChecked:
		if e.Refused != "" || e.Failed != "" {
			// Fail closed: what was found is listed with the reason.
			v := &Veto{Kind: VetoGitRefused, Reason: e.Refused, Repo: e.Repo}
			if e.Failed != "" {
				v.Kind, v.Reason = VetoGitFailed, e.Failed
				if found := vetoOf(s.Session, e); found != nil {
					v.Files, v.Changes, v.Advice = found.Files, found.Changes, found.Advice
				}
			}
			s.Veto = v
			s.Screen = ScreenVeto
			return s, nil
		}
		if e.Warning != "" {
			// git_check_failed: warn and allow the restart anyway.
			s.Warnings = append(s.Warnings, e.Warning)
		}
		if v := vetoOf(s.Session, e); e.Available && v != nil {
			s.Veto = v
			s.Screen = ScreenVeto
			return s, nil
		}
		if s.Session.policy(Restart).Confirm != "" {
			s.Screen = ScreenConfirm
			return s, nil
		}
		return startApply(s, Restart)
	}
	return s, nil
}

func stepVeto(s State, ev Event) (State, []Effect) {
	switch e := ev.(type) {
	case Back:
		s.Screen, s.Pending = optionsScreen(s), ""
	case Confirmed:
		if e.Yes {
			s.Screen, s.Pending = optionsScreen(s), ""
			return s, nil
		}
		// "Back to the menu? no": leave, with the veto as the outcome.
		d := Decision{Choice: Restart, Action: ActionRestartBlocked, Veto: s.Veto}
		s.Decision = &d
		s.Screen = ScreenDone
		return s, []Effect{Emit{Decision: d}}
	}
	return s, nil
}

func stepConfirm(s State, ev Event) (State, []Effect) {
	switch e := ev.(type) {
	case Back:
		s.Screen, s.Pending = optionsScreen(s), ""
	case Confirmed:
		if !e.Yes {
			s.Screen, s.Pending = optionsScreen(s), ""
			return s, nil
		}
		if pol := s.Session.policy(Continue); s.Pending == Continue && pol.Confirm == "" && !pol.Writes {
			// Asked only because of the context guard: nothing to write.
			return decide(s, continueDecision(s, nil))
		}
		return startApply(s, s.Pending)
	}
	return s, nil
}

// Question is the yes/no question of the confirmation screen: the
// source's own (ChoicePolicy.Confirm) or "" for the catalog's default
// DISCARD question.
func (s State) Question() string {
	if s.Session == nil || s.Pending == "" {
		return ""
	}
	q := s.Session.policy(s.Pending).Confirm
	if s.Pending == Continue && s.asksMismatch() {
		// The source's own question, when it has one, follows the
		// mismatch.
		if q == "" {
			q = s.Config.words().MismatchAsk
		}
		return MismatchQuestion(s.Mismatch, q)
	}
	return q
}

// asksMismatch: the context guard found a mismatch and the source does
// not refuse CONTINUE by itself, so CONTINUE asks first.
func (s State) asksMismatch() bool {
	return len(s.Mismatch) > 0 && s.Session != nil && !s.Session.Recorded.Strict
}

// Moves is what the pending choice renames (ChoicePolicy.Moves): the
// confirmation names each.
func (s State) Moves() []string {
	if s.Session == nil || s.Pending == "" {
		return nil
	}
	return s.Session.Moves[s.Pending]
}

// MovesUnnamed is Moves less what the source's own question (Question)
// already names: what a confirmation must still list.
func (s State) MovesUnnamed() []string {
	q := s.Question()
	var out []string
	for _, mv := range s.Moves() {
		if q == "" || !strings.Contains(q, strings.TrimSuffix(mv, "/")) {
			out = append(out, mv)
		}
	}
	return out
}

func startApply(s State, c Choice) (State, []Effect) {
	s.Pending = c
	s.Screen = ScreenApplying
	a := Apply{Choice: c, Session: s.Session}
	if s.Checkout != nil && !s.Session.Recorded.Empty() {
		a.Checkout = s.Checkout
	}
	return s, []Effect{a}
}

func stepApplying(s State, ev Event) (State, []Effect) {
	a, ok := ev.(Applied)
	if !ok || a.Choice != s.Pending {
		if _, isKey := ev.(Chose); isKey {
			s.Notice = NoticeBusy
		}
		return s, nil
	}
	if a.Err != nil {
		s.Screen = ScreenFailed
		s.Failure = a.Err.Error()
		return s, nil
	}
	switch a.Choice {
	case Continue:
		d := continueDecision(s, a.Changed)
		d.Undo = a.Undo
		return decide(s, d)
	case Restart:
		return decide(s, Decision{Choice: Restart, Action: ActionRestart, Changed: a.Changed, Undo: a.Undo,
			Context: s.Session.Context, Warnings: append([]string(nil), s.Warnings...), Text: s.Session.Outcomes[Restart]})
	case Discard:
		return decide(s, Decision{Choice: Discard, Action: ActionDiscarded, Changed: a.Changed, Undo: a.Undo,
			ArchivedTo: a.ArchivedTo, Warnings: append([]string(nil), s.Warnings...), Text: s.Session.Outcomes[Discard]})
	}
	return s, nil
}

func continueDecision(s State, changed []string) Decision {
	warn := append([]string(nil), s.Warnings...)
	if s.asksMismatch() {
		// Said yes to: the decision still says where it runs now.
		for _, a := range s.Mismatch {
			warn = append(warn, s.Config.words().ContinuedThough.F(a.Text))
		}
	}
	return Decision{Choice: Continue, Action: ActionContinue, ResumePoint: s.Session.ResumePoint,
		Context: s.Session.Context, Changed: changed, Warnings: warn, Text: s.Session.Outcomes[Continue]}
}

func decide(s State, d Decision) (State, []Effect) {
	s.Pending = ""
	s.Decision = &d
	s.Screen = ScreenDone
	return s, []Effect{Emit{Decision: d}}
}
