// Package model holds pickup's domain types and its pure state-transition
// core. It does no I/O, reads no clock and imports no UI package: time and
// the results of I/O arrive as events, and I/O requests leave as effects.
package model

import "time"

// PhaseStatus is the normalized status of one phase, whatever the source
// tool calls it. The source's own word is kept in Phase.Label.
type PhaseStatus string

const (
	PhasePending    PhaseStatus = "pending"
	PhaseInProgress PhaseStatus = "in_progress"
	PhaseFailed     PhaseStatus = "failed"
	PhaseCompleted  PhaseStatus = "completed"
)

// Phase is one step of a source's pipeline, in pipeline order.
type Phase struct {
	Name     string      `json:"name"`
	Status   PhaseStatus `json:"status"`
	Label    string      `json:"label,omitempty"` // the source's own status word
	Executor string      `json:"executor,omitempty"`
	Duration string      `json:"duration,omitempty"`
	Result   string      `json:"result,omitempty"`
	Detail   string      `json:"detail,omitempty"`
}

// Progress counts finished units out of a total. Total may be zero.
type Progress struct {
	Done  int `json:"done"`
	Total int `json:"total"`
}

// Percent is Done/Total as a whole percentage, rounded to the nearest
// (halves up: 2 of 3 is 67%, as aios-core's Math.round shows it), and
// never 100 before everything is done (199 of 200 is 99%). A zero Total
// gives 0, never NaN.
func (p Progress) Percent() int {
	if p.Total <= 0 || p.Done <= 0 {
		return 0
	}
	if p.Done >= p.Total {
		return 100
	}
	return min((p.Done*200+p.Total)/(2*p.Total), 99)
}

// Field is one labelled fact about a session, shown in summaries in order
// (for AIOS: Epic, Story, Phase). Key is stable for JSON; Label is for people.
type Field struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Value string `json:"value"`
}

// Handoff is what the previous run left for the next one.
type Handoff struct {
	Note    string `json:"note,omitempty"`
	Context string `json:"context,omitempty"`
}

// Artifact is a file the session refers to.
type Artifact struct {
	Path   string `json:"path"`
	Kind   string `json:"kind"`
	Phase  string `json:"phase,omitempty"`
	Exists bool   `json:"exists"`
	// Hash is the sha256 (hex) the source recorded for the file, when it
	// records one; Integrity then says whether the file still matches.
	Hash string `json:"hash,omitempty"`

	// The fields below are facts about the file on disk, filled when the
	// artifacts are inspected (loaders/artifacts.Inspect), not by loaders.

	Size    int64     `json:"size,omitempty"`
	ModTime time.Time `json:"mod_time,omitzero"`
	Dir     bool      `json:"dir,omitempty"`
	// Integrity is IntegrityOK or IntegrityChanged when a hash is
	// recorded, IntegrityUnchecked when the file could not be hashed, and
	// "" when nothing is recorded.
	Integrity string `json:"integrity,omitempty"`
	// Refused, when not empty, is why pickup never opens or previews the
	// file (ArtifactOutside, ArtifactLoop).
	Refused string `json:"refused,omitempty"`
}

// Artifact integrity and refusal words (Artifact.Integrity, .Refused).
const (
	IntegrityOK        = "ok"
	IntegrityChanged   = "changed"
	IntegrityUnchecked = "unchecked"
	// ArtifactOutside: the path resolves outside the project (.., an
	// absolute path elsewhere, a symlink out).
	ArtifactOutside = "outside_project"
	// ArtifactLoop: the path is a symlink loop.
	ArtifactLoop = "symlink_loop"
)

// Checkpoint is a restorable point recorded by the source.
type Checkpoint struct {
	ID     string `json:"id"`
	Reason string `json:"reason"`
	Time   string `json:"time,omitempty"`
}

// LastAction is the last thing the source recorded doing. Clean says the
// action ends a run on purpose (a pause, a completed story, an abort), so a
// long silence after it is not a crash.
type LastAction struct {
	Type  string `json:"type"`
	Clean bool   `json:"clean"`
}

// ResumePoint says where a CONTINUE picks up, and why there.
type ResumePoint struct {
	Phase  string `json:"phase"`
	Reason string `json:"reason"`
}

// ChoicePolicy is what a loader says about one choice for one session.
// The core adds the flowchart's own rules on top (see Options).
type ChoicePolicy struct {
	// Disabled, when not empty, turns the choice off and says why.
	Disabled string
	// Recommended marks the choice the situation calls for; Why says
	// why (shown beside the mark while an alert stands, and needed then:
	// see Options).
	Recommended bool
	Why         string
	// Writes, for Continue, says CONTINUE changes files (a source's resume
	// bookkeeping) through an Apply effect. RESTART (after VETO-2) and
	// DISCARD (after confirmation) always write.
	Writes bool
	// Confirm, when not empty, is a yes/no question the person must answer
	// yes to before the choice's write (default answer: no). DISCARD always
	// asks; its question defaults to the catalog's. Without a terminal,
	// --yes answers it.
	Confirm string
	// Label and Hint replace the menu's words for this choice (a source's
	// own menu, e.g. kiln's "complete" stage); empty keeps the catalog's.
	Label string
	Hint  string
	// HiddenAfterCrash, for Review, is a protocol's rule that REVIEW is
	// not listed after a crash (seed 001's crash message lists three
	// options). Without it REVIEW stays after a crash: a crashed run's
	// dashboard is what a person needs then.
	HiddenAfterCrash bool
}

// Section is a titled block of source-specific lines for the REVIEW
// dashboard (an event timeline, a dispatch list, a scene grid…).
type Section struct {
	Title string   `json:"title"`
	Lines []string `json:"lines"`
}

// GridKind is what a grid cell means, which decides its colour: a
// screen never reads the source's own verdict word to style a cell.
type GridKind string

const (
	GridOK      GridKind = "ok"      // done; a resume keeps it (bookforge SKIP)
	GridRerun   GridKind = "rerun"   // to be done (again) by the resume
	GridBlocked GridKind = "blocked" // waits for a person's explicit decision
	GridNone    GridKind = "none"    // nothing there
)

// GridCell is one cell of a Grid.
type GridCell struct {
	Kind GridKind
	// Glyph is the cell's mark, one column wide; ASCII is the same mark
	// for terminals that cannot show Glyph.
	Glyph, ASCII string
	// Verdict is the source's word for the cell (SKIP, RERUN, BLOCKED);
	// Reason says why, in full.
	Verdict, Reason string
}

// GridRow is one row of a Grid: a label, a cell per column, and an
// optional note shown after the cells (the row a resume starts on).
type GridRow struct {
	Label string
	Note  string
	Cells []GridCell
}

// Grid is a table of verdicts a person can walk cell by cell (bookforge's
// scenes x phases), for a REVIEW screen that selects a cell and shows its
// reason. It is data only: the screen decides glyphs or ASCII, colour,
// and how many rows fit.
type Grid struct {
	Title string
	// Cols names the columns, in order.
	Cols []string
	Rows []GridRow
	// StartRow and StartCol are the cell a screen selects first (the
	// resume point).
	StartRow, StartCol int
	// Legend is one cell per kind shown, its Verdict the word for it.
	Legend []GridCell
	// Replaces are the titles of Sections that say the same as the grid
	// in text (the plain grid, every cell's reason); a screen that draws
	// the grid leaves them out.
	Replaces []string
}

// Plan is a computed resume plan (crucible replay, bookforge verdicts).
// The same value serves `pickup plan` and the real resume, so a dry run
// cannot disagree with the run.
type Plan struct {
	// Lines is the plan as text, printed by `pickup plan`. Read it with
	// Text: a source may leave it empty and render it on demand instead.
	Lines []string `json:"-"`
	// LinesFunc, when set, renders the plan as text on demand (a source
	// whose plan has a line per dispatch builds it only when asked).
	LinesFunc func() []string `json:"-"`
	// Data is the plan as JSON, printed by `pickup plan --json`.
	Data any `json:"-"`
}

// Text is the plan as text: Lines, else what LinesFunc renders.
func (p *Plan) Text() []string {
	if p.Lines == nil && p.LinesFunc != nil {
		return p.LinesFunc()
	}
	return p.Lines
}

// Session is one saved workflow state, in the shape every format maps into.
type Session struct {
	Source      string    `json:"source"`
	ID          string    `json:"id"`
	Path        string    `json:"path"`    // state file, absolute
	Project     string    `json:"project"` // project root, absolute
	Title       string    `json:"title"`
	Stage       string    `json:"stage"`
	Status      string    `json:"status"`
	LastUpdated time.Time `json:"last_updated"`
	// HasLastUpdated is false when the file records no usable timestamp.
	HasLastUpdated bool         `json:"-"`
	LastAction     *LastAction  `json:"last_action,omitempty"`
	Fields         []Field      `json:"fields,omitempty"`
	Phases         []Phase      `json:"phases"`
	Progress       Progress     `json:"progress"`
	Units          *Progress    `json:"units,omitempty"` // stories, scenes…
	UnitsLabel     string       `json:"-"`
	ResumePoint    ResumePoint  `json:"resume_point"`
	Handoff        Handoff      `json:"handoff"`
	Branch         string       `json:"branch,omitempty"`
	Artifacts      []Artifact   `json:"artifacts,omitempty"`
	Checkpoints    []Checkpoint `json:"checkpoints,omitempty"`
	Warnings       []string     `json:"warnings"`
	// Alerts are the facts that bear on the choice (a stale marker, a
	// person's decision pending, a write cut short…): the options screen
	// shows them above its question. General remarks stay in Warnings.
	Alerts []Alert `json:"alerts,omitempty"`
	// Standing, when set, is the source's own word for a session the
	// crash rule does not call crashed: ready (its last run finished a
	// step), done, or interrupted (a source that never pauses). See
	// StandingOf.
	Standing Standing `json:"-"`
	// NoCrash says the format has no notion of a crash: a silence past
	// the crash threshold is an interruption (CrashNoNotion), never a
	// crash; the loader's Headline says when the run stopped.
	NoCrash bool `json:"-"`
	// Context is what a CONTINUE hands to the agent (restored_context).
	Context map[string]any `json:"-"`
	// Policy holds the loader's word on each choice; a missing entry is
	// an enabled choice that neither writes nor needs git.
	Policy map[Choice]ChoicePolicy `json:"-"`
	// Order, when set, is the protocol's own menu order (seed 003 lists
	// Resume, Restart, View artifacts): the menu numbers follow it, and a
	// choice it leaves out comes after. See ChoiceOrder.
	Order []Choice `json:"-"`
	// Moves lists, per choice, every file and folder its write renames (a
	// folder ends with "/"), for DISCARD's confirmation to name each one;
	// none means the state file alone.
	Moves map[Choice][]string `json:"-"`
	// Problem is set when the file was read but cannot be resumed as is.
	Problem *LoadError `json:"-"`
	// Fingerprint identifies the bytes the session was loaded from (a
	// content hash). Writers refuse when the file no longer matches it.
	Fingerprint string `json:"-"`
	// Report, when set, is the source's own status text (a spec's exact
	// banner), printed by `pickup status` in place of the generic summary.
	Report []string `json:"-"`
	// Headline, when set, is the source's own first line for a session
	// the crash rule does not call crashed, in place of the welcome
	// ("You paused …"): a source that never pauses (crucible) says what
	// it knows instead ("interrupted", "may still be running"), and one
	// whose last run finished its step says so (bookforge).
	Headline string `json:"-"`
	// ArtifactRoots are further folders (absolute) the artifact browser
	// may open files from, beside the project and the state file's
	// folder. A loader names only folders it checked by its own rules,
	// never a path a state file names unchecked.
	ArtifactRoots []string `json:"-"`
	// Sections are extra REVIEW blocks, shown after the phases.
	Sections []Section `json:"-"`
	// Grid, when set, is a table of verdicts the REVIEW screen lets a
	// person walk cell by cell; Sections still carry it as text for
	// output without a screen.
	Grid *Grid `json:"-"`
	// Plan is the computed resume plan, when the source has one.
	Plan *Plan `json:"-"`
	// Prompt is a ready-to-paste markdown prompt for the agent that will
	// continue (`pickup resume --choice continue --emit prompt`).
	Prompt string `json:"-"`
	// Outcomes, when set for a choice, is the source's own one-line
	// outcome of that choice (a spec's exact status line, e.g. kiln's
	// "Resuming phase 3/4: Checkout flow — spawning Maestro."): the
	// decision's next_step says it in place of the catalog's sentence.
	Outcomes map[Choice]string `json:"-"`
	// StateFiles are further files or folders (absolute) that make up the
	// session's own state beside Path, such as a memory folder or a pause
	// marker. VETO-2 does not count their changes as work at risk: the
	// source's own writes change them.
	StateFiles []string `json:"-"`
	// Recorded is where the session's run took place, as its state
	// records it (branch, commit, folder, start): the context guard
	// compares it with the checkout (ContextAlerts), and VETO-2 counts
	// files changed since the start as the run's (Classify).
	Recorded Recorded `json:"-"`
	// Touched is when the files the run keeps writing last changed
	// (kiln's phase events, crucible's manifest lines), and TouchedWhat
	// names them ("phase_3_state.md"): a change within the crash
	// threshold is evidence that the run is at work (FilesActivity).
	Touched     time.Time `json:"-"`
	TouchedWhat string    `json:"-"`
	// Archived marks a session kept only as history (a discarded or
	// archived state): listed by status, never opened by default.
	Archived bool `json:"-"`
	// ArtifactsFunc, when set, lists the artifacts on demand in place of
	// Artifacts (a source with a file per dispatch lists 100,000 and
	// more, which only the artifact browser reads). Read the list with
	// ArtifactList.
	ArtifactsFunc func() []Artifact `json:"-"`
}

// ArtifactList is the session's artifacts: Artifacts, else what
// ArtifactsFunc lists (the source keeps the answer, so asking twice does
// not list twice).
func (s *Session) ArtifactList() []Artifact {
	if s.Artifacts == nil && s.ArtifactsFunc != nil {
		return s.ArtifactsFunc()
	}
	return s.Artifacts
}

// CurrentPhase is the first phase in progress, or "".
func (s *Session) CurrentPhase() string {
	for _, p := range s.Phases {
		if p.Status == PhaseInProgress {
			return p.Name
		}
	}
	return ""
}

// PhasesDone counts completed phases.
func (s *Session) PhasesDone() int {
	n := 0
	for _, p := range s.Phases {
		if p.Status == PhaseCompleted {
			n++
		}
	}
	return n
}
