package model

// Action is what the decision tells the workflow executor to do. The
// names follow seed 001's handler results.
type Action string

const (
	ActionContinue       Action = "execute_story"     // resume from the resume point
	ActionShowProgress   Action = "show_progress"     // REVIEW without a UI
	ActionRestart        Action = "restart"           // start the unit again from phase 1
	ActionRestartBlocked Action = "restart_blocked"   // VETO-2 stopped a restart
	ActionDiscarded      Action = "session_discarded" // archived; start fresh
	ActionFresh          Action = "fresh_start"       // no session: proceed to orchestrate
)

// Decision is the wizard's outcome, for the person and for scripts.
type Decision struct {
	Choice      Choice         `json:"choice,omitempty"`
	Action      Action         `json:"resume_action"`
	ResumePoint ResumePoint    `json:"resume_point"`
	Context     map[string]any `json:"restored_context,omitempty"`
	Changed     []string       `json:"changed"`
	ArchivedTo  string         `json:"archived_to,omitempty"`
	Veto        *Veto          `json:"-"`
	Warnings    []string       `json:"warnings,omitempty"`
	// Undo is the command that takes the choice's writes back ("" when
	// it wrote nothing).
	Undo string `json:"undo,omitempty"`
	// Text is the source's own outcome line (Session.Outcomes), shown
	// instead of the catalog's when set.
	Text string `json:"-"`
}

// Blocked reports whether a guard stopped the choice.
func (d Decision) Blocked() bool { return d.Veto != nil }
