package aios

import (
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/pickup-dev/pickup/internal/lazyre"
	"github.com/pickup-dev/pickup/model"
)

// GreenfieldPhases are the phases of aios-core's greenfield workflow
// (greenfield-handler.js, GreenfieldPhase), in order, as current_phase
// names them while one runs: the handler records
// "greenfield_phase_<N>_<name>" when a phase starts, and
// "greenfield_phase_<N>" (with workflow.greenfield_resume) when the person
// answered PAUSE before phase N.
var GreenfieldPhases = []string{
	"greenfield_phase_0_bootstrap",
	"greenfield_phase_1_discovery",
	"greenfield_phase_2_sharding",
	"greenfield_phase_3_dev_cycle",
}

// greenfieldTitles are the phases' titles in the handler's own logs.
var greenfieldTitles = []string{"Environment Bootstrap", "Discovery & Planning", "Document Sharding", "Development Cycle"}

var greenfieldRE = lazyre.New(`^greenfield_(?:phase_(\d+)(?:_([a-z0-9_]+))?|[a-z0-9_]+)$`)

// greenfieldPhase reads a greenfield current_phase. ok says s is one at
// all; n is its phase number, -1 when it names none of GreenfieldPhases
// (the handler's "greenfield_detection"); bare is true for the
// "greenfield_phase_<N>" form the handler writes on PAUSE.
func greenfieldPhase(s string) (n int, bare, ok bool) {
	m := greenfieldRE.FindStringSubmatch(s)
	if m == nil {
		return 0, false, false
	}
	if m[1] == "" {
		return -1, false, true
	}
	n, err := strconv.Atoi(m[1])
	if err != nil || n >= len(GreenfieldPhases) {
		return -1, false, true
	}
	if m[2] != "" && GreenfieldPhases[n] != "greenfield_phase_"+m[1]+"_"+m[2] {
		return -1, false, true
	}
	return n, m[2] == "", true
}

// greenfield fills the phases and the resume point of a session whose
// current_phase is a greenfield phase: the greenfield workflow is its own
// four-phase workflow, not a story's development cycle. A session the
// handler paused (greenfield_resume naming the phase) ended on purpose:
// its last action is a clean stop, whatever last_action still says.
func greenfield(t *Text, s *model.Session, wf *yaml.Node, raw string, n int, bare bool) {
	gr := get(wf, "greenfield_resume")
	pn, hasPN := integer(get(gr, "phaseNumber"))
	paused := bare && isMap(gr) && hasPN && pn == n
	s.Phases = make([]model.Phase, 0, len(GreenfieldPhases))
	for i, name := range GreenfieldPhases {
		ph := model.Phase{Name: name, Detail: greenfieldTitles[i]}
		switch {
		case n < 0:
			ph.Status, ph.Label = model.PhasePending, "unknown"
		case i < n:
			ph.Status, ph.Label = model.PhaseCompleted, "done"
		case i == n && paused:
			ph.Status, ph.Label = model.PhasePending, "next (paused before it)"
		case i == n:
			ph.Status, ph.Label = model.PhaseInProgress, "current"
		default:
			ph.Status, ph.Label = model.PhasePending, "pending"
		}
		s.Phases = append(s.Phases, ph)
	}
	s.Progress = model.Progress{Done: s.PhasesDone(), Total: len(GreenfieldPhases)}
	s.Context["workflow"] = "greenfield"
	switch {
	case n < 0:
		s.ResumePoint = model.ResumePoint{Reason: t.GreenfieldUnknown.F(strconv.Quote(raw))}
		s.Context["resume_from_phase"] = 0
		s.Outcomes[model.Continue] = t.GreenfieldFromFirst.F(greenfieldTitles[0])
		return
	case paused:
		when := str(get(gr, "savedAt"))
		s.ResumePoint = model.ResumePoint{Phase: GreenfieldPhases[n],
			Reason: t.GreenfieldPaused.F(n, greenfieldTitles[n], onDate(t, when))}
		s.LastAction = &model.LastAction{Type: "greenfield PAUSE", Clean: true}
	default:
		s.ResumePoint = model.ResumePoint{Phase: GreenfieldPhases[n],
			Reason: t.GreenfieldIn.F(raw, n, greenfieldTitles[n])}
	}
	s.Context["resume_from_phase"] = n
	s.Outcomes[model.Continue] = t.GreenfieldResumeOutcome.F(n, greenfieldTitles[n])
}

func onDate(t *Text, iso string) string {
	if iso == "" {
		return ""
	}
	return t.GreenfieldOn.F(iso)
}
