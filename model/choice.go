package model

import "fmt"

// Choice is one of the four resume choices.
type Choice string

const (
	Continue Choice = "continue"
	Review   Choice = "review"
	Restart  Choice = "restart"
	Discard  Choice = "discard"
)

// AllChoices is the menu order of seed 001.
var AllChoices = []Choice{Continue, Review, Restart, Discard}

// ParseChoice reads a choice name, as the CLI's --choice takes it.
func ParseChoice(s string) (Choice, error) {
	for _, c := range AllChoices {
		if string(c) == s {
			return c, nil
		}
	}
	return "", fmt.Errorf("unknown choice %q: want continue, review, restart or discard", s)
}

// Dangerous choices throw state away and always go through a guard or a
// confirmation.
func (c Choice) Dangerous() bool { return c == Restart || c == Discard }

// Option is a choice as offered on the options screen.
type Option struct {
	Choice Choice `json:"choice"`
	// Visible is false when the screen does not list the choice at all
	// (REVIEW after a crash: seed 001's crash message lists three options).
	Visible bool `json:"offered"`
	Enabled bool `json:"enabled"`
	// Reason says why the choice is disabled or hidden.
	Reason      string `json:"reason,omitempty"`
	Recommended bool   `json:"recommended,omitempty"`
	// Why says why the choice is recommended. While an alert stands (a
	// fact that bears on the choice, State.Alerts), a recommendation
	// without a reason is dropped: nothing is "recommended" unexplained.
	Why string `json:"why,omitempty"`
}

// Reason codes the core itself uses when it disables or hides a choice.
const (
	ReasonCrashNoReview  = "REVIEW is not offered after a crash: CONTINUE resumes where it stopped"
	ReasonCorruptedOnly  = "the state file is corrupted: only DISCARD (archive it) is possible"
	ReasonPhaseNotFound  = "the state names an unknown phase: RESTART is suggested"
	ReasonNothingToClear = "there is no state file to archive"
	ReasonIntegrity      = "recorded hashes no longer match: an explicit flag is needed to go on"
)

// Why codes the core itself uses when it recommends a choice.
const (
	WhyCorrupted     = "the state file cannot be read: DISCARD archives it"
	WhyPhaseNotFound = "the state names an unknown phase: RESTART starts again from the first"
)

// Options computes the menu for a session, in the session's order
// (Session.Order, else AllChoices): the loader's policy first, then the
// flowchart's own rules (a crash hides REVIEW where the protocol says so,
// ChoicePolicy.HiddenAfterCrash; a corrupted file allows only
// DISCARD; an unknown phase disables CONTINUE and recommends RESTART).
// While a fact bears on the choice (an alert), a recommendation that
// does not say why is dropped; while the workflow may be at work
// (crash.Running), none stands.
//
// also are the alerts the caller found beside the session's own (the
// context guard's mismatches, State.Mismatch).
func Options(s *Session, crash CrashInfo, also ...Alert) []Option {
	out := make([]Option, 0, len(AllChoices))
	alerted := len(s.Alerts) > 0 || len(also) > 0 || crash.Running
	for _, c := range s.ChoiceOrder() {
		pol := s.policy(c)
		o := Option{Choice: c, Visible: true, Enabled: pol.Disabled == "", Reason: pol.Disabled, Recommended: pol.Recommended, Why: pol.Why}
		if s.Problem != nil {
			switch {
			case s.Problem.OnlyDiscard():
				if c != Discard {
					o.Enabled, o.Reason, o.Recommended, o.Why = false, ReasonCorruptedOnly, false, ""
				} else {
					o.Recommended = true
					if o.Why == "" {
						o.Why = WhyCorrupted
					}
				}
			case s.Problem.Kind == ErrIntegrity:
				if c == Continue {
					o.Enabled, o.Reason, o.Recommended, o.Why = false, ReasonIntegrity, false, ""
				}
			case s.Problem.Kind == ErrPhaseNotFound:
				if c == Continue {
					o.Enabled, o.Reason, o.Recommended, o.Why = false, ReasonPhaseNotFound, false, ""
				}
				if c == Restart && o.Enabled {
					o.Recommended = true
					if o.Why == "" {
						o.Why = WhyPhaseNotFound
					}
				}
			}
		}
		if crash.Detected && c == Review && pol.HiddenAfterCrash && !s.Problem.OnlyDiscard() {
			o.Visible, o.Enabled, o.Reason = false, false, ReasonCrashNoReview
		}
		if s.Path == "" && c == Discard {
			o.Enabled, o.Reason = false, ReasonNothingToClear
		}
		if !o.Enabled || (alerted && o.Why == "") || crash.Running {
			// Evidence that the workflow is still at work: nothing is
			// recommended (CONTINUE or RESTART could run it twice).
			o.Recommended = false
		}
		if !o.Recommended {
			o.Why = ""
		}
		out = append(out, o)
	}
	return out
}

// Visible returns the options shown on screen, in order; menu numbers
// (1-4, or 1-3 after a crash) count these.
func Visible(opts []Option) []Option {
	var v []Option
	for _, o := range opts {
		if o.Visible {
			v = append(v, o)
		}
	}
	return v
}

// Find returns the option for c.
func Find(opts []Option, c Choice) (Option, bool) {
	for _, o := range opts {
		if o.Choice == c {
			return o, true
		}
	}
	return Option{}, false
}

// ChoiceOrder is the order the menu lists the choices in: the
// session's own (Order, a protocol's listing), then any choice it leaves
// out, in AllChoices order.
func (s *Session) ChoiceOrder() []Choice {
	if len(s.Order) == 0 {
		return AllChoices
	}
	out := make([]Choice, 0, len(AllChoices))
	seen := map[Choice]bool{}
	for _, c := range append(append([]Choice(nil), s.Order...), AllChoices...) {
		if !seen[c] && (c == Continue || c == Review || c == Restart || c == Discard) {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}

func (s *Session) policy(c Choice) ChoicePolicy {
	if s.Policy == nil {
		return ChoicePolicy{}
	}
	return s.Policy[c]
}
